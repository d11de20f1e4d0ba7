SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

SELECT pruned_before FROM fact_horizons WHERE brand_id = ?
;

SELECT 'self' AS kind, id FROM found_brands WHERE brand_id = ? AND is_self = ?
UNION ALL
SELECT 'competitor', id FROM found_brands WHERE brand_id = ? AND competitor_id IS NOT NULL
UNION ALL
SELECT 'topic', id FROM topics WHERE brand_id = ?
UNION ALL
SELECT 'provider', id FROM providers
;

WITH advertiser_days AS (
SELECT daily_ads.advertiser_id AS advertiser_id, daily_ads.provider_id AS provider_id,
daily_ads.ads AS ads, daily_ads.appearances AS appearances
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ))) AS ranges (start_at, end_at)
CROSS JOIN daily_ads daily_ads
WHERE daily_ads.brand_id = ?
AND daily_ads.ran_at >= ranges.start_at AND daily_ads.ran_at < ranges.end_at
UNION ALL
SELECT ads.advertiser_id AS advertiser_id, ads.provider_id AS provider_id, COUNT(*) AS ads,
COUNT(DISTINCT ads.run_seq) AS appearances
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ)),
(?, ?)) AS ranges (start_at, end_at)
CROSS JOIN ads ads
WHERE ads.brand_id = ?
AND ads.ran_at >= ranges.start_at AND ads.ran_at < ranges.end_at
GROUP BY ads.advertiser_id, ads.provider_id
),
window_totals AS (
SELECT advertiser_id AS id, SUM(appearances) AS appearances, SUM(ads) AS ads,
COUNT(DISTINCT provider_id) AS providers
FROM advertiser_days
GROUP BY advertiser_id
),
advertiser_summaries AS (
SELECT advertisers.id AS id, advertisers.name AS name,
COALESCE(window_totals.appearances, 0) AS appearances,
(
SELECT COUNT(*) FROM prompts
WHERE prompts.brand_id = ?
AND EXISTS (
SELECT 1 FROM ads
WHERE ads.advertiser_id = advertisers.id AND ads.prompt_id = prompts.id
AND ads.brand_id = ?
AND ads.ran_at >= ? AND ads.ran_at < ?
)
) AS prompts,
COALESCE(window_totals.ads, 0) AS ads, COALESCE(window_totals.providers, 0) AS providers,
advertisers.domain AS domain, advertisers.favicon_url AS favicon_url,
(SELECT MIN(ads.ran_at) FROM ads WHERE ads.advertiser_id = advertisers.id) AS first_seen,
(SELECT MAX(ads.ran_at) FROM ads WHERE ads.advertiser_id = advertisers.id) AS last_seen
FROM advertisers
JOIN window_totals ON window_totals.id = advertisers.id
WHERE advertisers.brand_id = ?
)
SELECT id, name, appearances, prompts, ads, providers, domain, favicon_url, first_seen, last_seen, COUNT(*) OVER ()
FROM advertiser_summaries
ORDER BY appearances DESC, name ASC, id ASC
LIMIT ? OFFSET ?
;
