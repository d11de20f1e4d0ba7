{{/* The meta of GET …/agents/referrals: the referrals of the window from
.Sources per source (kind source) and per bucket of .Granularity (kind
bucket), from the referrals per source and day. */}}
{{define "ai_referral_meta.sql" -}}
WITH scoped_referrals AS (
{{- template "ai_referral_source_rows" .}}
),
by_source AS (
  SELECT
    'source' AS kind,
    source AS label,
    CAST(SUM(visits) AS BIGINT) AS visits
  FROM scoped_referrals
  GROUP BY source
),
bucketed_referrals AS (
  SELECT
    {{bucket .Granularity "referred_at"}} AS bucket,
    visits
  FROM scoped_referrals
),
by_bucket AS (
  SELECT
    'bucket' AS kind,
    bucket AS label,
    CAST(SUM(visits) AS BIGINT) AS visits
  FROM bucketed_referrals
  GROUP BY bucket
)
SELECT kind, label, visits FROM by_source
UNION ALL
SELECT kind, label, visits FROM by_bucket
ORDER BY kind, visits DESC, label
{{- end}}
