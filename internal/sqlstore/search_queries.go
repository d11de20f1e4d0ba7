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

// foldQuery is a fan-out query as the list groups it, stored with it as
// run_search_queries.query_key at ingest (and by migration 0022 for the
// rows stored before): ASCII whitespace (tab, line feed, vertical tab,
// form feed, carriage return, space) to spaces, ASCII letters lower-cased
// and other bytes kept, runs of spaces made one, the ends trimmed
// (docs/metrics.md#search-queries-search_queries). The fan-out rollups
// count by it, so it is the one definition: a second one in SQL could
// group a query apart from its rollup rows.
func foldQuery(q string) string {
	var b strings.Builder
	b.Grow(len(q))
	space := false
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch c {
		case '\t', '\n', '\v', '\f', '\r', ' ':
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// searchQuerySortColumns name columns of page_rows (sql/search_queries.sql).
var searchQuerySortColumns = map[string]string{
	"run_count":  "run_count",
	"visibility": "visibility",
	"query":      "query",
}

// searchQueryRollups reports whether the fan-out rollups may answer the
// scope: they keep every dimension of the scope filters (topic, provider,
// region, prompt) but count only the brand itself as the target
// (self_runs), so filter[target_brand] naming another brand and
// filter[brand_ids] read the facts.
func (q *scopeQ) searchQueryRollups() bool {
	return q.Rollups && q.SelfTarget && len(q.FoundBrandIDs) == 0
}

// searchQueries writes the statement of the list's page.
func (q *scopeQ) searchQueries(f sightline.SearchQueryFilter) *sqlb {
	weeks, days, facts := analyticsql.SplitWindow(q.Window, q.searchQueryRollups())
	var weekly, daily, fact sqlb
	q.FromRanges(&weekly, "weekly_search_queries", weeks)
	q.FromRanges(&daily, "daily_search_queries", days)
	// the queries, mentions and citations of days before the pruned day
	// are gone: a fact range over them is refused
	q.FromFactRanges(&fact, "run_search_queries", facts)
	var order, visibility, providers sqlb
	order.Add(strings.TrimSpace(orderBy(f.Sort, searchQuerySortColumns, sightline.DefaultSearchQuerySort, "query")))
	visibility.Add(analyticsql.Pct("SUM(matched_rows.named_runs)", "SUM(matched_rows.runs)"))
	providers.Add(q.Dialect.ListAgg("query_providers.provider_id"))
	return bind(statementText("search_queries"), map[string]any{
		"weekly_scope":  &weekly,
		"daily_scope":   &daily,
		"fact_scope":    &fact,
		"target_ids":    q.TargetIDs,
		"brand_id":      q.BrandID,
		"any_query":     f.Query == "",
		"query":         analyticsql.LikePattern(f.Query),
		"visibility":    &visibility,
		"provider_list": &providers,
		"order_by":      &order,
		"limit":         f.PageSize,
		"offset":        f.Offset(),
	})
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
