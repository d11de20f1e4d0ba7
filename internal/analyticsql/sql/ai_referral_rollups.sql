{{/* Adds the referrals an AgentRollups selects to daily_ai_referrals, per
UTC day, source and landing page (docs/metrics.md#rollups). */}}
{{define "ai_referral_rollups.sql" -}}
INSERT INTO daily_ai_referrals (brand_id, referred_at, source, url, visits)
SELECT
  ai_referrals.brand_id,
  {{day "ai_referrals.referred_at"}},
  ai_referrals.source,
  ai_referrals.url,
  COUNT(*)
FROM ai_referrals
WHERE {{template "agent_rollup_keys" pair "ai_referrals" .}}
GROUP BY
  ai_referrals.brand_id,
  {{day "ai_referrals.referred_at"}},
  ai_referrals.source,
  ai_referrals.url
ON CONFLICT (brand_id, referred_at, source, url) DO UPDATE SET
  visits = daily_ai_referrals.visits + excluded.visits
{{- end}}
