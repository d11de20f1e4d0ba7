{{/* Adds the visits an AgentRollups selects to daily_agent_page_totals,
or with .Weekly to weekly_agent_page_totals, per UTC day (ISO week) and
page, each verdict in columns of its own: the visits, those answered 4xx
or 5xx, the latest (docs/metrics.md#rollups). */}}
{{define "agent_page_total_rollups.sql" -}}
{{- $t := "daily_agent_page_totals"}}
{{- if .Weekly}}{{$t = "weekly_agent_page_totals"}}{{end -}}
INSERT INTO {{$t}} (
  brand_id, visited_at, url,
  verified_visits, spoofed_visits, unverified_visits,
  verified_errors, spoofed_errors, unverified_errors,
  verified_last_at, spoofed_last_at, unverified_last_at
)
SELECT
  agent_visits.brand_id,
  {{template "agent_rollup_grain" .}},
  agent_visits.url,
  SUM(CASE WHEN agent_visits.verification = 'verified' THEN 1 ELSE 0 END),
  SUM(CASE WHEN agent_visits.verification = 'spoofed' THEN 1 ELSE 0 END),
  SUM(CASE WHEN agent_visits.verification = 'unverified' THEN 1 ELSE 0 END),
  SUM(CASE WHEN agent_visits.verification = 'verified' AND agent_visits.status >= 400 THEN 1 ELSE 0 END),
  SUM(CASE WHEN agent_visits.verification = 'spoofed' AND agent_visits.status >= 400 THEN 1 ELSE 0 END),
  SUM(CASE WHEN agent_visits.verification = 'unverified' AND agent_visits.status >= 400 THEN 1 ELSE 0 END),
  MAX(CASE WHEN agent_visits.verification = 'verified' THEN agent_visits.visited_at END),
  MAX(CASE WHEN agent_visits.verification = 'spoofed' THEN agent_visits.visited_at END),
  MAX(CASE WHEN agent_visits.verification = 'unverified' THEN agent_visits.visited_at END)
FROM agent_visits
WHERE {{template "agent_rollup_keys" pair "agent_visits" .}}
GROUP BY
  agent_visits.brand_id,
  {{template "agent_rollup_grain" .}},
  agent_visits.url
ON CONFLICT (brand_id, visited_at, url) DO UPDATE SET
  verified_visits = {{$t}}.verified_visits + excluded.verified_visits,
  spoofed_visits = {{$t}}.spoofed_visits + excluded.spoofed_visits,
  unverified_visits = {{$t}}.unverified_visits + excluded.unverified_visits,
  verified_errors = {{$t}}.verified_errors + excluded.verified_errors,
  spoofed_errors = {{$t}}.spoofed_errors + excluded.spoofed_errors,
  unverified_errors = {{$t}}.unverified_errors + excluded.unverified_errors,
  verified_last_at = {{latest (strings (print $t ".verified_last_at") "excluded.verified_last_at")}},
  spoofed_last_at = {{latest (strings (print $t ".spoofed_last_at") "excluded.spoofed_last_at")}},
  unverified_last_at = {{latest (strings (print $t ".unverified_last_at") "excluded.unverified_last_at")}}
{{- end}}

{{/* The day, or with .Weekly the ISO week, of agent_visits.visited_at. */}}
{{define "agent_rollup_grain" -}}
{{if .Weekly}}{{week "agent_visits.visited_at"}}{{else}}{{day "agent_visits.visited_at"}}{{end}}
{{- end}}
