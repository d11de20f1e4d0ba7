{{/* GET …/agents/overview (docs/metrics.md#agents-overview-agentsoverview):
the counted visits whole (kind total, with the distinct pages) and per
operator, purpose and status class. One row per kind and label; pages is
the total's only. */}}
{{define "agents_overview.sql" -}}
WITH class_rows AS (
{{- template "agent_class_rows" .}}
),
{{- template "agent_window_agents" .}}
page_rows AS (
{{- template "agent_page_rows" .}}
),
visited_pages AS (
  SELECT COUNT(*) AS pages
  FROM (
    SELECT page
    FROM page_rows
    GROUP BY page
  ) distinct_pages
),
totals AS (
  SELECT
    'total' AS kind,
    '' AS label,
    CAST(COALESCE(SUM(visits), 0) AS BIGINT) AS visits,
    CAST(COALESCE(SUM(verified_visits), 0) AS BIGINT) AS verified_visits,
    (SELECT visited_pages.pages FROM visited_pages) AS pages
  FROM class_rows
),
by_operator AS (
  SELECT
    'operator' AS kind,
    operator AS label,
    CAST(SUM(visits) AS BIGINT) AS visits,
    CAST(SUM(verified_visits) AS BIGINT) AS verified_visits,
    0 AS pages
  FROM class_rows
  GROUP BY operator
),
by_purpose AS (
  SELECT
    'purpose' AS kind,
    purpose AS label,
    CAST(SUM(visits) AS BIGINT) AS visits,
    CAST(SUM(verified_visits) AS BIGINT) AS verified_visits,
    0 AS pages
  FROM class_rows
  GROUP BY purpose
),
by_status_class AS (
  SELECT
    'status_class' AS kind,
    status_class AS label,
    CAST(SUM(visits) AS BIGINT) AS visits,
    CAST(SUM(verified_visits) AS BIGINT) AS verified_visits,
    0 AS pages
  FROM class_rows
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
{{- end}}
