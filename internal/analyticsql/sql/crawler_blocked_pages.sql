{{/* The evidence of a crawler.blocked signal: per page, the operator's
verified visits and those answered 4xx or 5xx, in the signal's baseline
[.Base, .Cur) and current period [.Cur, .End). */}}
{{define "crawler_blocked_pages.sql" -}}
WITH verified_visits AS (
  SELECT
    agent_visits.url AS page,
    agent_visits.host AS host,
    agent_visits.visited_at AS visited_at,
    CASE WHEN agent_visits.status >= 400 THEN 1 ELSE 0 END AS is_error
  FROM agent_visits
  WHERE agent_visits.brand_id = {{arg .BrandID}}
    AND agent_visits.operator = {{arg .Operator}}
    AND agent_visits.visited_at >= {{ts .Base}}
    AND agent_visits.visited_at < {{ts .End}}
    AND agent_visits.verification = 'verified'
)
SELECT
  page,
  MIN(host) AS host,
  SUM(CASE WHEN visited_at < {{ts .Cur}} THEN 1 ELSE 0 END) AS base_visits,
  SUM(CASE WHEN visited_at >= {{ts .Cur}} THEN 1 ELSE 0 END) AS cur_visits,
  SUM(CASE WHEN visited_at < {{ts .Cur}} THEN is_error ELSE 0 END) AS base_errors,
  SUM(CASE WHEN visited_at >= {{ts .Cur}} THEN is_error ELSE 0 END) AS cur_errors
FROM verified_visits
GROUP BY page
ORDER BY page
{{- end}}
