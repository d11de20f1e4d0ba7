SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

SELECT pruned_before FROM fact_horizons WHERE brand_id = ?
;

SELECT id FROM found_brands WHERE brand_id = ? AND is_self = ?
;

SELECT id FROM found_brands WHERE brand_id = ? AND is_self = ?
;

SELECT id FROM found_brands WHERE brand_id = ? AND competitor_id IS NOT NULL
;

SELECT id FROM topics WHERE brand_id = ?
;

SELECT id FROM providers
;

WITH w AS (SELECT a.advertiser_id AS id, COUNT(DISTINCT a.run_seq) AS appearances, COUNT(DISTINCT a.prompt_id) AS prompts,
COUNT(*) AS ads, COUNT(DISTINCT a.provider_id) AS providers FROM ads a WHERE a.brand_id = ? AND a.ran_at >= ? AND a.ran_at < ? GROUP BY a.advertiser_id),
sm AS (SELECT adv.id AS id, adv.name AS name, COALESCE(w.appearances, 0) AS appearances, COALESCE(w.prompts, 0) AS prompts,
COALESCE(w.ads, 0) AS ads, COALESCE(w.providers, 0) AS providers, adv.domain AS domain, adv.favicon_url AS favicon_url,
(SELECT MIN(x.ran_at) FROM ads x WHERE x.advertiser_id = adv.id) AS first_seen,
(SELECT MAX(x.ran_at) FROM ads x WHERE x.advertiser_id = adv.id) AS last_seen
FROM advertisers adv JOIN w ON w.id = adv.id WHERE adv.brand_id = ?) SELECT id, name, appearances, prompts, ads, providers, domain, favicon_url, first_seen, last_seen, COUNT(*) OVER () FROM sm ORDER BY appearances DESC, name ASC, id ASC LIMIT ? OFFSET ?
;
