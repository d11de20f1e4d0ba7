SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

SELECT pruned_before FROM fact_horizons WHERE brand_id = ?
;

SELECT 'self' AS kind, id FROM found_brands WHERE brand_id = ? AND is_self = ?
UNION ALL
SELECT 'competitor', id FROM found_brands WHERE brand_id = ? AND competitor_id IS NOT NULL
UNION ALL
SELECT 'topic', id FROM topics WHERE brand_id = ?
UNION ALL
SELECT 'provider', id FROM providers
;

WITH
pieces AS MATERIALIZED (
SELECT *
FROM jsonb_to_recordset(CAST(? AS JSONB)) AS ranges (grain TEXT, start_at TIMESTAMPTZ, end_at TIMESTAMPTZ,
period INT, as_of TIMESTAMPTZ, sign INT, flags INT, rest_rows INT,
rest1_start TIMESTAMPTZ, rest1_end TIMESTAMPTZ, rest2_start TIMESTAMPTZ, rest2_end TIMESTAMPTZ)
WHERE (ranges.rest_rows IS NULL OR ranges.rest_rows = CASE WHEN
COALESCE((SELECT rest_row.ran_at FROM daily_search_queries rest_row
WHERE rest_row.brand_id = ? AND rest_row.ran_at >= ranges.rest1_start
ORDER BY rest_row.ran_at LIMIT 1) < ranges.rest1_end, FALSE)
OR COALESCE((SELECT rest_row.ran_at FROM daily_search_queries rest_row
WHERE rest_row.brand_id = ? AND rest_row.ran_at >= ranges.rest2_start
ORDER BY rest_row.ran_at LIMIT 1) < ranges.rest2_end, FALSE)
THEN 1 ELSE 0 END)
),
rollup_rows AS (
SELECT rollup_row.query_key AS query,
rollup_row.prompt_id AS prompt_id,
rollup_row.provider_id AS provider_id,
rollup_row.runs AS runs,
rollup_row.self_runs AS named_runs,
rollup_row.owned_citations AS owned_citations
FROM pieces ranges
CROSS JOIN weekly_search_query_regions rollup_row
WHERE ranges.grain = 'weekly_search_query_regions'
AND rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.region_id IN (?)
UNION ALL
SELECT rollup_row.query_key AS query,
rollup_row.prompt_id AS prompt_id,
rollup_row.provider_id AS provider_id,
rollup_row.runs AS runs,
rollup_row.self_runs AS named_runs,
rollup_row.owned_citations AS owned_citations
FROM pieces ranges
CROSS JOIN daily_search_query_regions rollup_row
WHERE ranges.grain = 'daily_search_query_regions'
AND rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.region_id IN (?)
),
matched_rows AS (
SELECT query, prompt_id, provider_id, runs, named_runs, owned_citations
FROM rollup_rows
),
query_rows AS (
SELECT matched_rows.query AS query,
SUM(matched_rows.runs) AS run_count,
COUNT(DISTINCT matched_rows.prompt_id) AS prompt_count,
SUM(matched_rows.named_runs) AS named_runs,
(CASE WHEN SUM(matched_rows.runs) > 0
THEN 100 * CAST(SUM(matched_rows.named_runs) AS DOUBLE PRECISION)
/ CAST(SUM(matched_rows.runs) AS DOUBLE PRECISION)
ELSE 0 END) AS visibility,
SUM(matched_rows.owned_citations) AS owned_citations
FROM matched_rows
GROUP BY matched_rows.query
),
page_rows AS (
SELECT query, run_count, prompt_count, named_runs, visibility, owned_citations,
COUNT(*) OVER () AS total
FROM query_rows
ORDER BY run_count DESC, query ASC
LIMIT ? OFFSET ?
),
query_providers AS (
SELECT DISTINCT matched_rows.query AS query,
matched_rows.provider_id AS provider_id
FROM matched_rows
),
provider_lists AS (
SELECT query_providers.query AS provider_query,
string_agg(CAST(query_providers.provider_id AS TEXT), chr(31)) AS provider_ids
FROM query_providers
GROUP BY query_providers.query
)
SELECT page_rows.query, page_rows.run_count, page_rows.prompt_count, page_rows.named_runs,
page_rows.visibility, page_rows.owned_citations, page_rows.total,
provider_lists.provider_ids
FROM page_rows
JOIN provider_lists ON provider_lists.provider_query = page_rows.query
ORDER BY run_count DESC, query ASC
;
