-- GET …/agents/overview (docs/metrics.md#agents-overview-agentsoverview):
-- the scoped visits counted whole (kind total, with the distinct pages) and
-- per operator, purpose and status class. One row per kind and label.
WITH {{template "agent_visits_scope.sql" .}},
classed_visits AS (
  SELECT
    operator,
    purpose,
    page,
    is_verified,
    CASE
      WHEN status < 200 THEN '1xx'
      WHEN status < 300 THEN '2xx'
      WHEN status < 400 THEN '3xx'
      WHEN status < 500 THEN '4xx'
      ELSE '5xx'
    END AS status_class
  FROM scoped_visits
),
totals AS (
  SELECT
    'total' AS kind,
    '' AS label,
    COUNT(*) AS visits,
    COALESCE(SUM(is_verified), 0) AS verified_visits,
    COUNT(DISTINCT page) AS pages
  FROM classed_visits
),
by_operator AS (
  SELECT
    'operator' AS kind,
    operator AS label,
    COUNT(*) AS visits,
    SUM(is_verified) AS verified_visits,
    COUNT(DISTINCT page) AS pages
  FROM classed_visits
  GROUP BY operator
),
by_purpose AS (
  SELECT
    'purpose' AS kind,
    purpose AS label,
    COUNT(*) AS visits,
    SUM(is_verified) AS verified_visits,
    COUNT(DISTINCT page) AS pages
  FROM classed_visits
  GROUP BY purpose
),
by_status_class AS (
  SELECT
    'status_class' AS kind,
    status_class AS label,
    COUNT(*) AS visits,
    SUM(is_verified) AS verified_visits,
    COUNT(DISTINCT page) AS pages
  FROM classed_visits
  GROUP BY status_class
)
SELECT kind, label, visits, verified_visits, pages FROM totals
UNION ALL
SELECT kind, label, visits, verified_visits, pages FROM by_operator
UNION ALL
SELECT kind, label, visits, verified_visits, pages FROM by_purpose
UNION ALL
SELECT kind, label, visits, verified_visits, pages FROM by_status_class
ORDER BY kind, visits DESC, label
