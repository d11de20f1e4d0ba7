{{/* The counts of crawler.blocked (docs/metrics.md#signals-signals-webhook-events):
per operator, the brand's verified agent visits and those answered 4xx or
5xx, in the baseline and the current period of the day window and of the
week window. Only verified visits count: a spoofer's refusals say nothing
of the operator's crawlers. The data is a CrawlerBlocked. */}}
{{define "crawler_blocked_counts.sql" -}}
WITH verified_visits AS (
  SELECT
    agent_visits.operator AS operator,
    agent_visits.visited_at AS visited_at,
    CASE WHEN agent_visits.status >= 400 THEN 1 ELSE 0 END AS is_error
  FROM agent_visits
  WHERE agent_visits.brand_id = {{arg .BrandID}}
    AND agent_visits.visited_at >= {{ts .SpanStart}}
    AND agent_visits.visited_at < {{ts .SpanEnd}}
    AND agent_visits.verification = 'verified'
),
windowed_visits AS (
  SELECT
    operator,
    is_error,
    CASE WHEN visited_at >= {{ts .DayBase}} AND visited_at < {{ts .DayStart}} THEN 1 ELSE 0 END AS in_day_base,
    CASE WHEN visited_at >= {{ts .DayStart}} THEN 1 ELSE 0 END AS in_day,
    CASE WHEN visited_at < {{ts .WeekStart}} THEN 1 ELSE 0 END AS in_week_base,
    CASE WHEN visited_at >= {{ts .WeekStart}} THEN 1 ELSE 0 END AS in_week
  FROM verified_visits
)
SELECT
  operator,
  SUM(in_day_base) AS day_base_visits,
  SUM(in_day) AS day_visits,
  SUM(in_week_base) AS week_base_visits,
  SUM(in_week) AS week_visits,
  SUM(in_day_base * is_error) AS day_base_errors,
  SUM(in_day * is_error) AS day_errors,
  SUM(in_week_base * is_error) AS week_base_errors,
  SUM(in_week * is_error) AS week_errors
FROM windowed_visits
GROUP BY operator
ORDER BY operator
{{- end}}
