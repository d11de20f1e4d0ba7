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

WITH window_totals AS (
SELECT ads.advertiser_id AS id, COUNT(DISTINCT ads.run_seq) AS appearances,
COUNT(DISTINCT ads.prompt_id) AS prompts, COUNT(*) AS ads, COUNT(DISTINCT ads.provider_id) AS providers
FROM ads
WHERE ads.brand_id = ?
AND ads.ran_at >= ? AND ads.ran_at < ?
AND ads.provider_id IN (?)
AND ads.topic_id IN (?)
GROUP BY ads.advertiser_id
),
advertiser_summaries AS (
SELECT advertisers.id AS id, advertisers.name AS name,
COALESCE(window_totals.appearances, 0) AS appearances,
COALESCE(window_totals.prompts, 0) AS prompts,
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
