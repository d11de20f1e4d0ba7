-- scoped_referrals: the brand's AI referrals of the window from the sources
-- of :sources ('[]': every source), docs/metrics.md#ai-referrals-agentsreferrals.
scoped_referrals AS (
  SELECT
    ai_referrals.source AS source,
    ai_referrals.url AS page,
    ai_referrals.referred_at AS referred_at
  FROM ai_referrals
  WHERE ai_referrals.brand_id = :brand_id
    AND ai_referrals.referred_at >= :window_start
    AND ai_referrals.referred_at < :window_end
    AND (:sources = '[]' OR ai_referrals.source IN ({{values "sources"}}))
)
