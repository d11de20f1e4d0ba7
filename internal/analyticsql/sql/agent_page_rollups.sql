{{/* Adds the visits an AgentRollups selects to daily_agent_pages, or with
.Weekly to weekly_agent_pages, per UTC day (ISO week), page, agent and
verdict: the visits, those answered 4xx or 5xx, the latest
(docs/metrics.md#rollups). */}}
{{define "agent_page_rollups.sql" -}}
{{- $t := "daily_agent_pages"}}
{{- if .Weekly}}{{$t = "weekly_agent_pages"}}{{end -}}
INSERT INTO {{$t}} (
  brand_id, visited_at, url, agent, operator, purpose, verification, visits, error_visits, last_visit_at
)
SELECT
  agent_visits.brand_id,
  {{template "agent_rollup_grain" .}},
  agent_visits.url,
  agent_visits.agent,
  agent_visits.operator,
  agent_visits.purpose,
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
  agent_visits.agent,
  agent_visits.operator,
  agent_visits.purpose,
  agent_visits.verification
ON CONFLICT (brand_id, agent, visited_at, url, operator, purpose, verification) DO UPDATE SET
  visits = {{$t}}.visits + excluded.visits,
  error_visits = {{$t}}.error_visits + excluded.error_visits,
  last_visit_at = {{greatest (print $t ".last_visit_at") "excluded.last_visit_at"}}
{{- end}}
