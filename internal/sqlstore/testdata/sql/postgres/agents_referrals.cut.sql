SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

SELECT pruned_before FROM fact_horizons WHERE brand_id = ?
;

WITH scoped_referrals AS (
SELECT
daily_ai_referrals.source AS source,
daily_ai_referrals.url AS page,
daily_ai_referrals.referred_at AS referred_at,
daily_ai_referrals.visits AS visits
FROM daily_ai_referrals
WHERE daily_ai_referrals.brand_id = ?
AND daily_ai_referrals.referred_at >= ?
AND daily_ai_referrals.referred_at < ?
UNION ALL
SELECT
weekly_ai_referrals.source AS source,
weekly_ai_referrals.url AS page,
weekly_ai_referrals.referred_at AS referred_at,
weekly_ai_referrals.visits AS visits
FROM weekly_ai_referrals
WHERE weekly_ai_referrals.brand_id = ?
AND weekly_ai_referrals.referred_at >= ?
AND weekly_ai_referrals.referred_at < ?
UNION ALL
SELECT
ai_referrals.source AS source,
ai_referrals.url AS page,
ai_referrals.referred_at AS referred_at,
1 AS visits
FROM ai_referrals
WHERE ai_referrals.brand_id = ?
AND ai_referrals.referred_at >= ?
AND ai_referrals.referred_at < ?
UNION ALL
SELECT
ai_referrals.source AS source,
ai_referrals.url AS page,
ai_referrals.referred_at AS referred_at,
1 AS visits
FROM ai_referrals
WHERE ai_referrals.brand_id = ?
AND ai_referrals.referred_at >= ?
AND ai_referrals.referred_at < ?
),
referral_rows AS (
SELECT
source,
page,
CAST(SUM(visits) AS BIGINT) AS visits
FROM scoped_referrals
GROUP BY source, page
),
row_count AS (
SELECT COUNT(*) AS total
FROM referral_rows
),
paged_rows AS (
SELECT
source,
page,
visits
FROM referral_rows
ORDER BY visits DESC, source ASC, page ASC
LIMIT ? OFFSET ?
)
SELECT
row_count.total,
paged_rows.source,
paged_rows.page,
paged_rows.visits
FROM row_count
LEFT JOIN paged_rows ON 1 = 1
ORDER BY visits DESC, source ASC, page ASC
;

WITH scoped_referrals AS (
SELECT
daily_ai_referral_sources.source AS source,
daily_ai_referral_sources.referred_at AS referred_at,
daily_ai_referral_sources.visits AS visits
FROM daily_ai_referral_sources
WHERE daily_ai_referral_sources.brand_id = ?
AND daily_ai_referral_sources.referred_at >= ?
AND daily_ai_referral_sources.referred_at < ?
UNION ALL
SELECT
daily_ai_referral_sources.source AS source,
daily_ai_referral_sources.referred_at AS referred_at,
daily_ai_referral_sources.visits AS visits
FROM daily_ai_referral_sources
WHERE daily_ai_referral_sources.brand_id = ?
AND daily_ai_referral_sources.referred_at >= ?
AND daily_ai_referral_sources.referred_at < ?
UNION ALL
SELECT
ai_referrals.source AS source,
ai_referrals.referred_at AS referred_at,
1 AS visits
FROM ai_referrals
WHERE ai_referrals.brand_id = ?
AND ai_referrals.referred_at >= ?
AND ai_referrals.referred_at < ?
UNION ALL
SELECT
ai_referrals.source AS source,
ai_referrals.referred_at AS referred_at,
1 AS visits
FROM ai_referrals
WHERE ai_referrals.brand_id = ?
AND ai_referrals.referred_at >= ?
AND ai_referrals.referred_at < ?
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
to_char(date_trunc('day', referred_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS bucket,
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
;
