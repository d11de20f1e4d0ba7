-- retrieved_count of the domains of one page of a citation list: per
-- domain, the runs of the scope that retrieved any of its pages, cited or
-- not (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
--
-- :run_scope   the scope's conditions on run_sources: brand, window,
--              provider, region, topic and prompt filters
-- :domains     the list's domains
WITH scope_sources AS (
  SELECT run_sources.domain AS domain,
  run_sources.run_seq AS run_seq
  FROM run_sources
  WHERE :run_scope
  AND run_sources.domain IN (:domains)
)
SELECT scope_sources.domain,
COUNT(DISTINCT scope_sources.run_seq) AS retrieved_count
FROM scope_sources
GROUP BY scope_sources.domain
