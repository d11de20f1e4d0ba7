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

WITH weekly_rows AS (
SELECT weekly_search_queries.query_key AS query,
weekly_search_queries.prompt_id AS prompt_id,
weekly_search_queries.provider_id AS provider_id,
weekly_search_queries.runs AS runs,
weekly_search_queries.self_runs AS named_runs,
weekly_search_queries.owned_citations AS owned_citations
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN weekly_search_queries weekly_search_queries
WHERE weekly_search_queries.brand_id = ?
AND weekly_search_queries.ran_at >= ranges.start_at AND weekly_search_queries.ran_at < ranges.end_at
AND weekly_search_queries.provider_id IN (?)
AND weekly_search_queries.topic_id IN (?)
),
daily_rows AS (
SELECT daily_search_queries.query_key AS query,
daily_search_queries.prompt_id AS prompt_id,
daily_search_queries.provider_id AS provider_id,
daily_search_queries.runs AS runs,
daily_search_queries.self_runs AS named_runs,
daily_search_queries.owned_citations AS owned_citations
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN daily_search_queries daily_search_queries
WHERE daily_search_queries.brand_id = ?
AND daily_search_queries.ran_at >= ranges.start_at AND daily_search_queries.ran_at < ranges.end_at
AND daily_search_queries.provider_id IN (?)
AND daily_search_queries.topic_id IN (?)
),
fact_queries AS (
SELECT DISTINCT run_search_queries.brand_id AS brand_id,
run_search_queries.topic_id AS topic_id,
run_search_queries.provider_id AS provider_id,
run_search_queries.ran_at AS ran_at,
run_search_queries.run_seq AS run_seq,
run_search_queries.prompt_id AS prompt_id,
run_search_queries.query_key AS query
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN run_search_queries run_search_queries
WHERE run_search_queries.brand_id = ?
AND run_search_queries.ran_at >= ranges.start_at AND run_search_queries.ran_at < ranges.end_at
AND run_search_queries.provider_id IN (?)
AND run_search_queries.topic_id IN (?)
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
AND mentions.found_brand_id IN (?)
) THEN 1 ELSE 0 END AS named_runs,
(
SELECT COUNT(*)
FROM citations
WHERE citations.brand_id = fact_queries.brand_id
AND citations.topic_id = fact_queries.topic_id
AND citations.provider_id = fact_queries.provider_id
AND citations.ran_at = fact_queries.ran_at
AND citations.run_seq = fact_queries.run_seq
AND citations.domain IN (SELECT brand_domains.domain FROM brand_domains WHERE brand_domains.brand_id = ?)
) AS owned_citations
FROM fact_queries
),
scope_rows AS (
SELECT query, prompt_id, provider_id, runs, named_runs, owned_citations
FROM weekly_rows
UNION ALL
SELECT query, prompt_id, provider_id, runs, named_runs, owned_citations
FROM daily_rows
UNION ALL
SELECT query, prompt_id, provider_id, runs, named_runs, owned_citations
FROM fact_rows
),
matched_rows AS (
SELECT query, prompt_id, provider_id, runs, named_runs, owned_citations
FROM scope_rows
WHERE (? OR query LIKE ? ESCAPE '\')
),
query_providers AS (
SELECT DISTINCT matched_rows.query AS query,
matched_rows.provider_id AS provider_id
FROM matched_rows
),
provider_lists AS (
SELECT query_providers.query AS provider_query,
group_concat(query_providers.provider_id, char(31)) AS provider_ids
FROM query_providers
GROUP BY query_providers.query
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
)
SELECT page_rows.query, page_rows.run_count, page_rows.prompt_count, page_rows.named_runs,
page_rows.visibility, page_rows.owned_citations, page_rows.total,
provider_lists.provider_ids
FROM page_rows
JOIN provider_lists ON provider_lists.provider_query = page_rows.query
ORDER BY run_count DESC, query ASC
;
