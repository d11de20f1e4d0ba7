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

SELECT CAST(0
+ (SELECT COALESCE(SUM(daily_ads.ads), 0) FROM daily_ads WHERE daily_ads.brand_id = ?
AND daily_ads.ran_at >= ? AND daily_ads.ran_at < ?)
AS BIGINT)
;

SELECT runs.id, ads.advertiser_id, advertisers.name, advertisers.domain, advertisers.favicon_url, ads.text,
ads.prompt_id, ads.topic_id, ads.provider_id, ads.region_id, ads.ran_at
FROM (
SELECT ads.brand_id AS brand_id, ads.ran_at AS ran_at, ads.run_seq AS run_seq, ads.ord AS ord
FROM ads
WHERE ads.brand_id = ?
AND ads.ran_at >= ? AND ads.ran_at < ?
ORDER BY ads.ran_at DESC, ads.run_seq ASC, ads.ord ASC
LIMIT ? OFFSET ?
) page_keys
JOIN ads ON ads.brand_id = page_keys.brand_id AND ads.ran_at = page_keys.ran_at
AND ads.run_seq = page_keys.run_seq AND ads.ord = page_keys.ord
JOIN advertisers ON advertisers.id = ads.advertiser_id
JOIN runs ON runs.seq = ads.run_seq
ORDER BY ads.ran_at DESC, ads.run_seq ASC, ads.ord ASC
;
