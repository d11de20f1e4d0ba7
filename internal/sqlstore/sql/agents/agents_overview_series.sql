-- The series of GET …/agents/overview: each operator's scoped visits per
-- bucket of filter[granularity]. Buckets without visits have no row; the
-- store adds them as zeros.
WITH {{template "agent_visits_scope.sql" .}},
bucketed_visits AS (
  SELECT
    operator,
    {{bucket .Granularity "visited_at"}} AS bucket
  FROM scoped_visits
)
SELECT
  operator,
  bucket,
  COUNT(*) AS visits
FROM bucketed_visits
GROUP BY operator, bucket
ORDER BY operator, bucket
