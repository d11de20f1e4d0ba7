-- retrieved_count of the pages of one page of a citation list: per page,
-- the runs of the scope that retrieved it, cited or not
-- (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
--
-- :run_scope   the scope's conditions on run_sources: brand, window,
--              provider, region, topic and prompt filters
-- :pages       the list's pages
WITH scope_sources AS (
  SELECT run_sources.page AS page,
  run_sources.run_seq AS run_seq
  FROM run_sources
  WHERE :run_scope
  AND run_sources.page IN (:pages)
)
SELECT scope_sources.page,
COUNT(DISTINCT scope_sources.run_seq) AS retrieved_count
FROM scope_sources
GROUP BY scope_sources.page
