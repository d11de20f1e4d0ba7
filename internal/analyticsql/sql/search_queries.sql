{{/* One page of the fan-out list, GET …/search_queries: the searches the
scope's runs issued, one row per folded query
(docs/metrics.md#search-queries-search_queries).

pieces: the rollup reads of the window's whole days (queryPieces): whole
ISO weeks from the weekly fan-out rollup (.Weekly), other whole days from
the daily one (.Daily), a part of a week from its week's row when the rest
of that week has no row (rest_guard); the rollups per region under a
region filter, else those over every region. A scope the rollups cannot
answer (a target other than the brand itself) has none and reads only the
facts.
rollup_rows: their rows, which already count each run once per query.
fact_queries, fact_rows: the parts of days a window edge cuts, from the
facts, each run once per query (a run may issue two spellings of one
folded query). query_rows sums the matched rows per query; page_rows is
the page, with the total; provider_lists joins each query's providers.
*/}}
{{define "search_queries.sql" -}}
{{- $q := scope -}}
WITH
{{- if .Pieces}}
pieces AS MATERIALIZED (
SELECT *
FROM {{queryPieceRanges .Pieces}}
{{- if .Rest}}
WHERE {{template "rest_guard" "daily_search_queries"}}
{{- end}}
),
rollup_rows AS (
{{- template "query_rollup_rows" .Weekly}}
UNION ALL
{{- template "query_rollup_rows" .Daily}}
),
{{- end}}
{{- if .Facts}}
fact_queries AS (
SELECT DISTINCT run_search_queries.brand_id AS brand_id,
run_search_queries.topic_id AS topic_id,
run_search_queries.provider_id AS provider_id,
run_search_queries.ran_at AS ran_at,
run_search_queries.run_seq AS run_seq,
run_search_queries.prompt_id AS prompt_id,
run_search_queries.query_key AS query
{{- template "from_fact_ranges" pair "run_search_queries" .Facts}}
AND run_search_queries.query_key <> ''
),
fact_rows AS (
SELECT fact_queries.query AS query,
fact_queries.prompt_id AS prompt_id,
fact_queries.provider_id AS provider_id,
1 AS runs,
CASE WHEN EXISTS (
  SELECT 1
  FROM mentions
  WHERE mentions.brand_id = fact_queries.brand_id
  AND mentions.topic_id = fact_queries.topic_id
  AND mentions.provider_id = fact_queries.provider_id
  AND mentions.ran_at = fact_queries.ran_at
  AND mentions.run_seq = fact_queries.run_seq
  AND mentions.found_brand_id IN ({{in $q.TargetIDs}})
) THEN 1 ELSE 0 END AS named_runs,
(
  SELECT COUNT(*)
  FROM citations
  WHERE citations.brand_id = fact_queries.brand_id
  AND citations.topic_id = fact_queries.topic_id
  AND citations.provider_id = fact_queries.provider_id
  AND citations.ran_at = fact_queries.ran_at
  AND citations.run_seq = fact_queries.run_seq
  AND citations.domain IN (SELECT brand_domains.domain FROM brand_domains WHERE brand_domains.brand_id = {{brand}})
) AS owned_citations
FROM fact_queries
),
{{- end}}
matched_rows AS (
{{- if .Pieces}}
SELECT query, prompt_id, provider_id, runs, named_runs, owned_citations
FROM rollup_rows
{{- if .Query}}
WHERE query LIKE {{arg .Query}} ESCAPE '\'
{{- end}}
{{- end}}
{{- if and .Pieces .Facts}}
UNION ALL
{{- end}}
{{- if .Facts}}
SELECT query, prompt_id, provider_id, runs, named_runs, owned_citations
FROM fact_rows
{{- if .Query}}
WHERE query LIKE {{arg .Query}} ESCAPE '\'
{{- end}}
{{- end}}
),
query_rows AS (
SELECT matched_rows.query AS query,
SUM(matched_rows.runs) AS run_count,
COUNT(DISTINCT matched_rows.prompt_id) AS prompt_count,
SUM(matched_rows.named_runs) AS named_runs,
{{pct "SUM(matched_rows.named_runs)" "SUM(matched_rows.runs)"}} AS visibility,
SUM(matched_rows.owned_citations) AS owned_citations
FROM matched_rows
GROUP BY matched_rows.query
),
page_rows AS (
SELECT query, run_count, prompt_count, named_runs, visibility, owned_citations,
COUNT(*) OVER () AS total
FROM query_rows
{{.OrderBy}}
LIMIT {{arg .Limit}} OFFSET {{arg .Offset}}
),
query_providers AS (
SELECT DISTINCT matched_rows.query AS query,
matched_rows.provider_id AS provider_id
FROM matched_rows
),
provider_lists AS (
SELECT query_providers.query AS provider_query,
{{listAgg "query_providers.provider_id"}} AS provider_ids
FROM query_providers
GROUP BY query_providers.query
)
SELECT page_rows.query, page_rows.run_count, page_rows.prompt_count, page_rows.named_runs,
page_rows.visibility, page_rows.owned_citations, page_rows.total,
provider_lists.provider_ids
FROM page_rows
JOIN provider_lists ON provider_lists.provider_query = page_rows.query
{{.OrderBy}}
{{- end}}

{{/* The rows of the pieces that the fan-out rollup given answers, with
the scope's dimension filters; on the rollups per region, keyed by region
before the day, the regions of filter[prompt_regions] as well, so that
each is a range of the key. */}}
{{define "query_rollup_rows"}}
{{- $q := scope}}
SELECT rollup_row.query_key AS query,
rollup_row.prompt_id AS prompt_id,
rollup_row.provider_id AS provider_id,
rollup_row.runs AS runs,
rollup_row.self_runs AS named_runs,
rollup_row.owned_citations AS owned_citations
FROM pieces ranges
CROSS JOIN {{.}} rollup_row
WHERE ranges.grain = '{{.}}'
AND rollup_row.brand_id = {{brand}}
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
{{- template "dim_filter" "rollup_row"}}
{{- if and $q.PromptRegions (not $q.RegionIDs)}}
AND rollup_row.region_id IN ({{in $q.PromptRegionIDs}})
{{- end}}
{{- end}}
