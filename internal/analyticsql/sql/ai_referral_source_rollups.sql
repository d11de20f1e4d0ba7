{{/* Adds the referrals an AgentRollups selects to
daily_ai_referral_sources, per UTC day and source: daily_ai_referrals
without the landing page (docs/metrics.md#rollups). */}}
{{define "ai_referral_source_rollups.sql" -}}
INSERT INTO daily_ai_referral_sources (brand_id, referred_at, source, visits)
SELECT
  ai_referrals.brand_id,
  {{day "ai_referrals.referred_at"}},
  ai_referrals.source,
  COUNT(*)
FROM ai_referrals
WHERE {{template "agent_rollup_keys" pair "ai_referrals" .}}
GROUP BY
  ai_referrals.brand_id,
  {{day "ai_referrals.referred_at"}},
  ai_referrals.source
ON CONFLICT (brand_id, referred_at, source) DO UPDATE SET
  visits = daily_ai_referral_sources.visits + excluded.visits
{{- end}}
