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

WITH scope_queries AS (
SELECT run_search_queries.brand_id AS brand_id,
run_search_queries.topic_id AS topic_id,
run_search_queries.provider_id AS provider_id,
run_search_queries.ran_at AS ran_at,
run_search_queries.run_seq AS run_seq,
run_search_queries.prompt_id AS prompt_id,
trim(replace(replace(replace(lower(
replace(replace(replace(replace(replace(run_search_queries.query, ?, ' '), ?, ' '), ?, ' '), ?, ' '), ?, ' ')
), ' ', ?), ?, ''), ?, '')) AS query
FROM run_search_queries
WHERE run_search_queries.brand_id = ?
AND run_search_queries.ran_at >= ? AND run_search_queries.ran_at < ?
AND run_search_queries.provider_id IN (?)
AND run_search_queries.topic_id IN (?)
),
matched_queries AS (
SELECT DISTINCT brand_id, topic_id, provider_id, ran_at, run_seq, prompt_id, query
FROM scope_queries
WHERE query <> ''
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
AND mentions.found_brand_id IN (?)
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
(CASE WHEN COUNT(*) > 0
THEN 100 * CAST(SUM(query_facts.names_target) AS DOUBLE PRECISION)
/ CAST(COUNT(*) AS DOUBLE PRECISION)
ELSE 0 END) AS visibility,
SUM(query_facts.owned_citations) AS owned_citations
FROM query_facts
GROUP BY query_facts.query
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
(
SELECT group_concat(query_providers.provider_id, char(31))
FROM (SELECT DISTINCT matched_queries.provider_id AS provider_id
FROM matched_queries
WHERE matched_queries.query = page_rows.query) query_providers
) AS provider_ids
FROM page_rows
ORDER BY run_count DESC, query ASC
;
