package sqlstore

// The fan-out list (GET …/search_queries): the searches the assistants ran
// for the scope's answers, one row per folded query, read from the facts
// directly (docs/metrics.md#search-queries-search_queries).

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.SearchQueryService = (*DB)(nil)

// foldMark never occurs in a stored query: the whitespace fold marks each
// space with it, drops every mark that a space follows and then the marks
// left, so a run of spaces of any length becomes one space.
const foldMark = "\x01"

// foldedQuery folds run_search_queries.query as the list groups it: ASCII
// whitespace to spaces, lower-case ASCII (lower() on both engines, the
// column being COLLATE "C" on PostgreSQL), runs of spaces to one, trimmed
// (docs/metrics.md#search-queries-search_queries). Its arguments follow.
const foldedQuery = `trim(replace(replace(replace(lower(
replace(replace(replace(replace(replace(run_search_queries.query, ?, ' '), ?, ' '), ?, ' '), ?, ' '), ?, ' ')
), ' ', ?), ?, ''), ?, ''))`

var foldedQueryArgs = []any{"\t", "\n", "\v", "\f", "\r", " " + foldMark, foldMark + " ", foldMark}

// searchQueryScope opens the statement: scope_queries, the window's
// queries of the scope, folded, with their runs' keys.
const searchQueryScope = `WITH scope_queries AS (
SELECT run_search_queries.brand_id AS brand_id,
run_search_queries.topic_id AS topic_id,
run_search_queries.provider_id AS provider_id,
run_search_queries.ran_at AS ran_at,
run_search_queries.run_seq AS run_seq,
run_search_queries.prompt_id AS prompt_id,
` + foldedQuery + ` AS query
FROM run_search_queries
WHERE `

// searchQueryRuns follows the scope's conditions: matched_queries, each
// run's distinct folded queries (narrowed by filter[query] after it).
// searchQueryFacts then adds to each whether its run names the target and
// the run's citations of the brand's domains, found by the run key (a
// lookup per query of a run: a run has at most MaxSearchQueries), sums
// them per query, and pages the rows.
const searchQueryRuns = `
),
matched_queries AS (
SELECT DISTINCT brand_id, topic_id, provider_id, ran_at, run_seq, prompt_id, query
FROM scope_queries
WHERE query <> ''`

const searchQueryFacts = `
),
query_facts AS (
SELECT matched_queries.query AS query,
matched_queries.prompt_id AS prompt_id,
CASE WHEN EXISTS (
  SELECT 1 FROM mentions
  WHERE mentions.brand_id = matched_queries.brand_id
  AND mentions.topic_id = matched_queries.topic_id
  AND mentions.provider_id = matched_queries.provider_id
  AND mentions.ran_at = matched_queries.ran_at
  AND mentions.run_seq = matched_queries.run_seq
  AND mentions.found_brand_id IN (%s)
) THEN 1 ELSE 0 END AS names_target,
(
  SELECT COUNT(*) FROM citations
  WHERE citations.brand_id = matched_queries.brand_id
  AND citations.topic_id = matched_queries.topic_id
  AND citations.provider_id = matched_queries.provider_id
  AND citations.ran_at = matched_queries.ran_at
  AND citations.run_seq = matched_queries.run_seq
  AND citations.domain IN (SELECT brand_domains.domain FROM brand_domains WHERE brand_domains.brand_id = ?)
) AS owned_citations
FROM matched_queries
),
query_rows AS (
SELECT query_facts.query AS query,
COUNT(*) AS run_count,
COUNT(DISTINCT query_facts.prompt_id) AS prompt_count,
SUM(query_facts.names_target) AS named_runs,
%s AS visibility,
SUM(query_facts.owned_citations) AS owned_citations
FROM query_facts
GROUP BY query_facts.query
),
page_rows AS (
SELECT query, run_count, prompt_count, named_runs, visibility, owned_citations,
COUNT(*) OVER () AS total
FROM query_rows
%s
LIMIT ? OFFSET ?
)
SELECT page_rows.query, page_rows.run_count, page_rows.prompt_count, page_rows.named_runs,
page_rows.visibility, page_rows.owned_citations, page_rows.total,
(
  SELECT %s
  FROM (SELECT DISTINCT matched_queries.provider_id AS provider_id
    FROM matched_queries
    WHERE matched_queries.query = page_rows.query) query_providers
) AS provider_ids
FROM page_rows
%s`

// searchQuerySortColumns name columns of page_rows.
var searchQuerySortColumns = map[string]string{
	"run_count":  "run_count",
	"visibility": "visibility",
	"query":      "query",
}

// searchQueries writes the statement of the list's page.
func (q *scopeQ) searchQueries(f sightline.SearchQueryFilter) *sqlb {
	// the queries, mentions and citations of days before the pruned day
	// are gone
	q.CheckPruned(q.Window)
	var s sqlb
	s.Add(searchQueryScope, foldedQueryArgs...)
	q.FilterIn(&s, "run_search_queries", q.Window)
	// every topic and provider named, so each pair is one range of the key
	if len(q.TopicIDs) == 0 {
		s.Add(`
AND run_search_queries.topic_id IN (`+analyticsql.Placeholders(len(q.AllTopics))+`)`, anys(q.AllTopics))
	}
	if len(q.ProviderIDs) == 0 {
		s.Add(`
AND run_search_queries.provider_id IN (`+analyticsql.Placeholders(len(q.AllProviders))+`)`, anys(q.AllProviders))
	}
	s.Add(searchQueryRuns)
	if f.Query != "" {
		s.Add(`
AND query LIKE ? ESCAPE '\'`, analyticsql.LikePattern(f.Query))
	}
	order := orderBy(f.Sort, searchQuerySortColumns, sightline.DefaultSearchQuerySort, "query")
	args := append(anys(q.TargetIDs), q.BrandID, f.PageSize, f.Offset())
	s.Add(fmt.Sprintf(searchQueryFacts, analyticsql.Placeholders(len(q.TargetIDs)),
		analyticsql.Pct("SUM(query_facts.names_target)", "COUNT(*)"), strings.TrimSpace(order),
		q.Dialect.ListAgg("query_providers.provider_id"), strings.TrimSpace(order)), args...)
	return &s
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
