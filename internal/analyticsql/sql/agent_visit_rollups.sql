{{/* Adds the visits an AgentRollups selects (its brand's visits with its
keys, or every visit when it names no brand) to daily_agent_visits, per
UTC day, agent, verdict and status class (docs/metrics.md#rollups). */}}
{{define "agent_visit_rollups.sql" -}}
INSERT INTO daily_agent_visits (
  brand_id, visited_at, agent, operator, purpose, verification, status_class, visits
)
SELECT
  agent_visits.brand_id,
  {{day "agent_visits.visited_at"}},
  agent_visits.agent,
  agent_visits.operator,
  agent_visits.purpose,
  agent_visits.verification,
  {{template "status_class" "agent_visits.status"}},
  COUNT(*)
FROM agent_visits
WHERE {{template "agent_rollup_keys" pair "agent_visits" .}}
GROUP BY
  agent_visits.brand_id,
  {{day "agent_visits.visited_at"}},
  agent_visits.agent,
  agent_visits.operator,
  agent_visits.purpose,
  agent_visits.verification,
  {{template "status_class" "agent_visits.status"}}
ON CONFLICT (brand_id, visited_at, agent, operator, purpose, verification, status_class) DO UPDATE SET
  visits = daily_agent_visits.visits + excluded.visits
{{- end}}

{{/* The rows of table .A that the AgentRollups .B selects. */}}
{{define "agent_rollup_keys" -}}
{{- if .B.BrandID}}{{.A}}.brand_id = {{arg .B.BrandID}}{{else}}1 = 1{{end}}
{{- if .B.Keys}}
  AND {{.A}}.{{if eq .A "agent_visits"}}visit_key{{else}}referral_key{{end}} IN ({{jsonIn .B.Keys}})
{{- end}}
{{- end}}
