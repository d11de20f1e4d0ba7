{{/* Adds the referrals an AgentRollups selects to daily_ai_referrals, or
with .Weekly to weekly_ai_referrals, per UTC day (ISO week), source and
landing page (docs/metrics.md#rollups). */}}
{{define "ai_referral_rollups.sql" -}}
{{- $t := "daily_ai_referrals"}}
{{- if .Weekly}}{{$t = "weekly_ai_referrals"}}{{end -}}
INSERT INTO {{$t}} (brand_id, referred_at, source, url, visits)
SELECT
  ai_referrals.brand_id,
  {{if .Weekly}}{{week "ai_referrals.referred_at"}}{{else}}{{day "ai_referrals.referred_at"}}{{end}},
  ai_referrals.source,
  ai_referrals.url,
  COUNT(*)
FROM ai_referrals
WHERE {{template "agent_rollup_keys" pair "ai_referrals" .}}
GROUP BY
  ai_referrals.brand_id,
  {{if .Weekly}}{{week "ai_referrals.referred_at"}}{{else}}{{day "ai_referrals.referred_at"}}{{end}},
  ai_referrals.source,
  ai_referrals.url
ON CONFLICT (brand_id, referred_at, source, url) DO UPDATE SET
  visits = {{$t}}.visits + excluded.visits
{{- end}}
