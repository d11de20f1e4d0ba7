-- One page of the fan-out list, GET …/search_queries: the searches the
-- scope's runs issued, one row per folded query
-- (docs/metrics.md#search-queries-search_queries).
--
-- Whole ISO weeks come from weekly_search_queries, the other whole days
-- from daily_search_queries, and the parts of days a window edge cuts from
-- the facts (docs/metrics.md#scope-and-window); a scope the rollups cannot
-- answer (a target other than the brand itself) reads only the facts, its
-- week and day ranges empty. Rollup rows already count each run once per
-- query; the fact rows are made so (a run may issue two spellings of one
-- folded query).
--
-- :weekly_scope  the scope's conditions on weekly_search_queries over its ranges
-- :daily_scope   the same on daily_search_queries
-- :fact_scope    the same on run_search_queries, every topic and provider named
-- :target_ids    the found brands that count as the target
-- :brand_id      the brand, whose domains are owned
-- :any_query, :query             filter[query] (a LIKE pattern)
-- :visibility                    the percentage of named_runs in run_count
-- :provider_list                 the aggregate joining provider ids
-- :order_by, :limit, :offset     the page of rows
WITH weekly_rows AS (
  SELECT weekly_search_queries.query_key AS query,
  weekly_search_queries.prompt_id AS prompt_id,
  weekly_search_queries.provider_id AS provider_id,
  weekly_search_queries.runs AS runs,
  weekly_search_queries.self_runs AS named_runs,
  weekly_search_queries.owned_citations AS owned_citations
  :weekly_scope
),
daily_rows AS (
  SELECT daily_search_queries.query_key AS query,
  daily_search_queries.prompt_id AS prompt_id,
  daily_search_queries.provider_id AS provider_id,
  daily_search_queries.runs AS runs,
  daily_search_queries.self_runs AS named_runs,
  daily_search_queries.owned_citations AS owned_citations
  :daily_scope
),
fact_queries AS (
  SELECT DISTINCT run_search_queries.brand_id AS brand_id,
  run_search_queries.topic_id AS topic_id,
  run_search_queries.provider_id AS provider_id,
  run_search_queries.ran_at AS ran_at,
  run_search_queries.run_seq AS run_seq,
  run_search_queries.prompt_id AS prompt_id,
  run_search_queries.query_key AS query
  :fact_scope
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
    AND mentions.found_brand_id IN (:target_ids)
  ) THEN 1 ELSE 0 END AS named_runs,
  (
    SELECT COUNT(*)
    FROM citations
    WHERE citations.brand_id = fact_queries.brand_id
    AND citations.topic_id = fact_queries.topic_id
    AND citations.provider_id = fact_queries.provider_id
    AND citations.ran_at = fact_queries.ran_at
    AND citations.run_seq = fact_queries.run_seq
    AND citations.domain IN (SELECT brand_domains.domain FROM brand_domains WHERE brand_domains.brand_id = :brand_id)
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
  WHERE (:any_query OR query LIKE :query ESCAPE '\')
),
query_providers AS (
  SELECT DISTINCT matched_rows.query AS query,
  matched_rows.provider_id AS provider_id
  FROM matched_rows
),
provider_lists AS (
  SELECT query_providers.query AS provider_query,
  :provider_list AS provider_ids
  FROM query_providers
  GROUP BY query_providers.query
),
query_rows AS (
  SELECT matched_rows.query AS query,
  SUM(matched_rows.runs) AS run_count,
  COUNT(DISTINCT matched_rows.prompt_id) AS prompt_count,
  SUM(matched_rows.named_runs) AS named_runs,
  :visibility AS visibility,
  SUM(matched_rows.owned_citations) AS owned_citations
  FROM matched_rows
  GROUP BY matched_rows.query
),
page_rows AS (
  SELECT query, run_count, prompt_count, named_runs, visibility, owned_citations,
  COUNT(*) OVER () AS total
  FROM query_rows
  :order_by
  LIMIT :limit OFFSET :offset
)
SELECT page_rows.query, page_rows.run_count, page_rows.prompt_count, page_rows.named_runs,
page_rows.visibility, page_rows.owned_citations, page_rows.total,
provider_lists.provider_ids
FROM page_rows
JOIN provider_lists ON provider_lists.provider_query = page_rows.query
:order_by
