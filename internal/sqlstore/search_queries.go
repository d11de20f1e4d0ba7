package sqlstore

// The fan-out list (GET …/search_queries): the searches the assistants ran
// for the scope's answers, one row per folded query, read from the fan-out
// rollups for whole days and from the facts for cut days
// (docs/metrics.md#search-queries-search_queries).

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.SearchQueryService = (*DB)(nil)

// searchQuerySortColumns name columns of page_rows
// (internal/analyticsql/sql/search_queries.sql).
var searchQuerySortColumns = map[string]string{
	"run_count":  "run_count",
	"visibility": "visibility",
	"query":      "query",
}

// searchQueries writes the statement of the list's page.
func (q *scopeQ) searchQueries(f sightline.SearchQueryFilter) *sqlb {
	p := analyticsql.SearchQueryPage{
		OrderBy: strings.TrimSpace(orderBy(f.Sort, searchQuerySortColumns, sightline.DefaultSearchQuerySort, "query")),
		Limit:   f.PageSize,
		Offset:  f.Offset(),
	}
	if f.Query != "" {
		p.Query = analyticsql.LikePattern(f.Query)
	}
	return q.SearchQueries(p)
}

// FindSearchQueries returns a page of the scope's fan-out queries and
// their total.
func (db *DB) FindSearchQueries(ctx context.Context, orgID string, f sightline.SearchQueryFilter) ([]*sightline.SearchQueryRow, int, error) {
	tx, q, err := db.beginScope(ctx, orgID, f.Scope)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	s := q.searchQueries(f)
	out := []*sightline.SearchQueryRow{}
	total := 0
	err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		r := &sightline.SearchQueryRow{}
		var named int
		var providers *string
		if err := scan(&r.Query, &r.RunCount, &r.PromptCount, &named, &r.Visibility, &r.OwnedCitationCount, &total, &providers); err != nil {
			return err
		}
		r.ProviderIDs = []string{}
		if providers != nil && *providers != "" {
			r.ProviderIDs = strings.Split(*providers, analyticsql.ListSep)
			slices.Sort(r.ProviderIDs)
		}
		r.VisibilitySampleSize, r.VisibilityCILow, r.VisibilityCIHigh = sightline.RateStats(named, r.RunCount)
		out = append(out, r)
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("find search queries: %w", err)
	}
	if len(out) == 0 && f.Offset() > 0 {
		// past the end: the window function saw no row; count them with the
		// first page's statement
		first := f
		first.PageRequest.Page = 1
		first.PageSize = 1
		s := q.searchQueries(first)
		err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
			var skip any
			return scan(&skip, &skip, &skip, &skip, &skip, &skip, &total, &skip)
		})
		if err != nil {
			return nil, 0, fmt.Errorf("count search queries: %w", err)
		}
	}
	return out, total, nil
}
