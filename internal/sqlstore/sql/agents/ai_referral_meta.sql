-- The meta of GET …/agents/referrals: the scoped referrals per source
-- (kind source) and per bucket of filter[granularity] (kind bucket).
WITH {{template "ai_referral_scope.sql" .}},
by_source AS (
  SELECT
    'source' AS kind,
    source AS label,
    COUNT(*) AS visits
  FROM scoped_referrals
  GROUP BY source
),
by_bucket AS (
  SELECT
    'bucket' AS kind,
    {{bucket .Granularity "referred_at"}} AS label,
    COUNT(*) AS visits
  FROM scoped_referrals
  GROUP BY {{bucket .Granularity "referred_at"}}
)
SELECT kind, label, visits FROM by_source
UNION ALL
SELECT kind, label, visits FROM by_bucket
ORDER BY kind, visits DESC, label
