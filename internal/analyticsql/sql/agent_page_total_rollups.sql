{{/* Adds the visits an AgentRollups selects to daily_agent_page_totals,
or with .Weekly to weekly_agent_page_totals, per UTC day (ISO week), page
and verdict (docs/metrics.md#rollups). */}}
{{define "agent_page_total_rollups.sql" -}}
{{- $table := "daily_agent_page_totals"}}
{{- if .Weekly}}{{$table = "weekly_agent_page_totals"}}{{end -}}
INSERT INTO {{$table}} (
  brand_id, visited_at, url, verification, visits, error_visits, last_visit_at
)
SELECT
  agent_visits.brand_id,
  {{template "agent_rollup_grain" .}},
  agent_visits.url,
  agent_visits.verification,
  COUNT(*),
  SUM(CASE WHEN agent_visits.status >= 400 THEN 1 ELSE 0 END),
  MAX(agent_visits.visited_at)
FROM agent_visits
WHERE {{template "agent_rollup_keys" pair "agent_visits" .}}
GROUP BY
  agent_visits.brand_id,
  {{template "agent_rollup_grain" .}},
  agent_visits.url,
  agent_visits.verification
ON CONFLICT (brand_id, visited_at, url, verification) DO UPDATE SET
  visits = {{$table}}.visits + excluded.visits,
  error_visits = {{$table}}.error_visits + excluded.error_visits,
  last_visit_at = {{greatest (print $table ".last_visit_at") "excluded.last_visit_at"}}
{{- end}}

{{/* The day, or with .Weekly the ISO week, of agent_visits.visited_at. */}}
{{define "agent_rollup_grain" -}}
{{if .Weekly}}{{week "agent_visits.visited_at"}}{{else}}{{day "agent_visits.visited_at"}}{{end}}
{{- end}}
