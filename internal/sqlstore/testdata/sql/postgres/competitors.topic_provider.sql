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

WITH r AS (SELECT COALESCE(SUM(x.n), 0) AS runs FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.runs AS n FROM daily_runs d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? AND d.provider_id IN (?) AND d.topic_id IN (?)) x), m AS (SELECT x.found_brand_id AS id, SUM(x.n) AS n FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_mentions d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? AND d.provider_id IN (?) AND d.topic_id IN (?)) x GROUP BY x.found_brand_id),
c AS (SELECT c.id AS id, c.name AS name, c.domain AS domain, (CASE WHEN r.runs > 0 THEN 100 * CAST(COALESCE(m.n, 0) AS DOUBLE PRECISION) / CAST(r.runs AS DOUBLE PRECISION) ELSE 0 END) AS visibility, COALESCE(m.n, 0) AS n, r.runs AS runs
FROM competitors c LEFT JOIN found_brands fb ON fb.competitor_id = c.id LEFT JOIN m ON m.id = fb.id CROSS JOIN r
WHERE c.brand_id = ?) SELECT id, name, domain, visibility, COUNT(*) OVER (), n, runs FROM c ORDER BY name ASC, id ASC LIMIT ? OFFSET ?
;
