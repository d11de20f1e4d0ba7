SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

SELECT COUNT(*) FROM topics t WHERE t.brand_id = ? AND t.deleted_at IS NULL
;

SELECT t.id, t.name, t.created_at, t.updated_at,
(SELECT COUNT(*) FROM prompts p WHERE p.topic_id = t.id AND p.active = ?)
FROM topics t WHERE t.brand_id = ? AND t.deleted_at IS NULL ORDER BY t.name ASC, t.id ASC LIMIT ? OFFSET ?
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

WITH r AS (SELECT x.topic_id AS topic_id,
SUM(CASE WHEN x.ran_at >= ? THEN x.n ELSE 0 END) AS cur,
SUM(CASE WHEN x.ran_at < ? THEN x.n ELSE 0 END) AS prev FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.runs AS n FROM daily_runs d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? AND d.provider_id IN (?) AND d.topic_id IN (?)) x WHERE x.topic_id IN (?, ?, ?) GROUP BY x.topic_id), m AS (SELECT x.topic_id AS topic_id,
SUM(CASE WHEN x.ran_at >= ? AND x.found_brand_id IN (?) THEN x.n ELSE 0 END) AS tm_cur,
SUM(CASE WHEN x.ran_at < ? AND x.found_brand_id IN (?) THEN x.n ELSE 0 END) AS tm_prev,
SUM(CASE WHEN x.ran_at >= ? THEN x.n ELSE 0 END) AS all_cur,
SUM(CASE WHEN x.ran_at < ? THEN x.n ELSE 0 END) AS all_prev,
SUM(CASE WHEN x.ran_at >= ? AND x.found_brand_id IN (?) THEN x.sent ELSE 0 END) AS sent_cur,
SUM(CASE WHEN x.ran_at < ? AND x.found_brand_id IN (?) THEN x.sent ELSE 0 END) AS sent_prev FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_mentions d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? AND d.provider_id IN (?) AND d.topic_id IN (?)) x WHERE x.topic_id IN (?, ?, ?) GROUP BY x.topic_id), c AS (SELECT x.topic_id AS topic_id,
SUM(CASE WHEN x.ran_at >= ? THEN x.owned ELSE 0 END) AS own_cur,
SUM(CASE WHEN x.ran_at < ? THEN x.owned ELSE 0 END) AS own_prev,
SUM(CASE WHEN x.ran_at >= ? THEN x.n ELSE 0 END) AS all_cur,
SUM(CASE WHEN x.ran_at < ? THEN x.n ELSE 0 END) AS all_prev FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id,
d.citations AS n, d.owned_citations AS owned FROM daily_runs d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? AND d.provider_id IN (?) AND d.topic_id IN (?)) x WHERE x.topic_id IN (?, ?, ?) GROUP BY x.topic_id), v AS (SELECT tp.id AS id,
(CASE WHEN COALESCE(r.cur, 0) > 0 THEN 100 * CAST(COALESCE(m.tm_cur, 0) AS DOUBLE PRECISION) / CAST(COALESCE(r.cur, 0) AS DOUBLE PRECISION) ELSE 0 END) AS vis,
(CASE WHEN COALESCE(r.prev, 0) > 0 THEN 100 * CAST(COALESCE(m.tm_prev, 0) AS DOUBLE PRECISION) / CAST(COALESCE(r.prev, 0) AS DOUBLE PRECISION) ELSE 0 END) AS vis_prev,
(CASE WHEN COALESCE(m.all_cur, 0) > 0 THEN 100 * CAST(COALESCE(m.tm_cur, 0) AS DOUBLE PRECISION) / CAST(COALESCE(m.all_cur, 0) AS DOUBLE PRECISION) ELSE 0 END) AS sov,
(CASE WHEN COALESCE(m.all_prev, 0) > 0 THEN 100 * CAST(COALESCE(m.tm_prev, 0) AS DOUBLE PRECISION) / CAST(COALESCE(m.all_prev, 0) AS DOUBLE PRECISION) ELSE 0 END) AS sov_prev,
(CASE WHEN COALESCE(m.tm_cur, 0) > 0 THEN CAST(COALESCE(m.sent_cur, 0) AS DOUBLE PRECISION) / CAST(COALESCE(m.tm_cur, 0) AS DOUBLE PRECISION) ELSE 0 END) AS sent,
(CASE WHEN COALESCE(m.tm_prev, 0) > 0 THEN CAST(COALESCE(m.sent_prev, 0) AS DOUBLE PRECISION) / CAST(COALESCE(m.tm_prev, 0) AS DOUBLE PRECISION) ELSE 0 END) AS sent_prev,
(CASE WHEN COALESCE(c.all_cur, 0) > 0 THEN 100 * CAST(COALESCE(c.own_cur, 0) AS DOUBLE PRECISION) / CAST(COALESCE(c.all_cur, 0) AS DOUBLE PRECISION) ELSE 0 END) AS cs,
(CASE WHEN COALESCE(c.all_prev, 0) > 0 THEN 100 * CAST(COALESCE(c.own_prev, 0) AS DOUBLE PRECISION) / CAST(COALESCE(c.all_prev, 0) AS DOUBLE PRECISION) ELSE 0 END) AS cs_prev,
COALESCE(m.tm_cur, 0) AS vk, COALESCE(r.cur, 0) AS vn, COALESCE(m.tm_prev, 0) AS vk_p, COALESCE(r.prev, 0) AS vn_p,
COALESCE(m.tm_cur, 0) AS sk, COALESCE(m.all_cur, 0) AS sn, COALESCE(m.tm_prev, 0) AS sk_p, COALESCE(m.all_prev, 0) AS sn_p,
COALESCE(c.own_cur, 0) AS ck, COALESCE(c.all_cur, 0) AS cn, COALESCE(c.own_prev, 0) AS ck_p, COALESCE(c.all_prev, 0) AS cn_p
FROM topics tp LEFT JOIN r ON r.topic_id = tp.id
LEFT JOIN m ON m.topic_id = tp.id LEFT JOIN c ON c.topic_id = tp.id
WHERE tp.id IN (?, ?, ?))
SELECT id, vis, vis - vis_prev, sov, sov - sov_prev, sent, sent - sent_prev, cs, cs - cs_prev,
vk, vn, vk_p, vn_p, sk, sn, sk_p, sn_p, ck, cn, ck_p, cn_p FROM v
;

WITH r AS (SELECT x.topic_id AS topic_id, SUM(x.n) AS runs FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.runs AS n FROM daily_runs d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? AND d.provider_id IN (?) AND d.topic_id IN (?)) x WHERE x.topic_id IN (?, ?, ?) GROUP BY x.topic_id), fbn AS (SELECT x.topic_id AS topic_id, x.found_brand_id AS id, SUM(x.n) AS n FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_mentions d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? AND d.provider_id IN (?) AND d.topic_id IN (?)) x WHERE x.topic_id IN (?, ?, ?) GROUP BY x.topic_id, x.found_brand_id),
b AS (SELECT fbn.topic_id AS topic_id, fbn.id AS id, fb.name AS name, fbn.n AS n,
ROW_NUMBER() OVER (PARTITION BY fbn.topic_id ORDER BY fbn.n DESC, fb.name ASC, fbn.id ASC) AS rn
FROM fbn JOIN found_brands fb ON fb.id = fbn.id)
SELECT b.topic_id, b.id, b.name, (CASE WHEN r.runs > 0 THEN 100 * CAST(b.n AS DOUBLE PRECISION) / CAST(r.runs AS DOUBLE PRECISION) ELSE 0 END), b.n, r.runs
FROM b JOIN r ON r.topic_id = b.topic_id WHERE b.rn <= ?
ORDER BY b.topic_id, b.rn
;
