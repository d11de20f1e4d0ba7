SELECT COUNT(*) FROM brands WHERE id = $1 AND org_id = $2
;

SELECT COUNT(*) FROM topics t WHERE t.brand_id = $1 AND t.deleted_at IS NULL
;

SELECT t.id, t.name, t.created_at, t.updated_at,
(SELECT COUNT(*) FROM prompts p WHERE p.topic_id = t.id AND p.active = $1)
FROM topics t WHERE t.brand_id = $2 AND t.deleted_at IS NULL ORDER BY t.name ASC, t.id ASC LIMIT $3 OFFSET $4
;

SELECT pruned_before FROM fact_horizons WHERE brand_id = $1
;

SELECT id FROM found_brands WHERE brand_id = $1 AND is_self = $2
;

SELECT id FROM found_brands WHERE brand_id = $1 AND is_self = $2
;

SELECT id FROM found_brands WHERE brand_id = $1 AND competitor_id IS NOT NULL
;

SELECT id FROM topics WHERE brand_id = $1
;

SELECT id FROM providers
;

WITH r AS (SELECT x.topic_id AS topic_id,
SUM(CASE WHEN x.ran_at >= $1 THEN x.n ELSE 0 END) AS cur,
SUM(CASE WHEN x.ran_at < $2 THEN x.n ELSE 0 END) AS prev FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.runs AS n FROM daily_runs d WHERE d.brand_id = $3 AND d.ran_at >= $4 AND d.ran_at < $5 UNION ALL SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.runs AS n FROM daily_runs d WHERE d.brand_id = $6 AND d.ran_at >= $7 AND d.ran_at < $8 UNION ALL SELECT r.ran_at AS ran_at, COALESCE(r.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id, r.provider_id AS provider_id, r.region_id AS region_id, 1 AS n FROM runs r WHERE r.brand_id = $9 AND r.ran_at >= $10 AND r.ran_at < $11 UNION ALL SELECT r.ran_at AS ran_at, COALESCE(r.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id, r.provider_id AS provider_id, r.region_id AS region_id, 1 AS n FROM runs r WHERE r.brand_id = $12 AND r.ran_at >= $13 AND r.ran_at < $14 UNION ALL SELECT r.ran_at AS ran_at, COALESCE(r.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id, r.provider_id AS provider_id, r.region_id AS region_id, 1 AS n FROM runs r WHERE r.brand_id = $15 AND r.ran_at >= $16 AND r.ran_at < $17) x WHERE x.topic_id IN ($18, $19, $20) GROUP BY x.topic_id), m AS (SELECT x.topic_id AS topic_id,
SUM(CASE WHEN x.ran_at >= $21 AND x.found_brand_id IN ($22) THEN x.n ELSE 0 END) AS tm_cur,
SUM(CASE WHEN x.ran_at < $23 AND x.found_brand_id IN ($24) THEN x.n ELSE 0 END) AS tm_prev,
SUM(CASE WHEN x.ran_at >= $25 THEN x.n ELSE 0 END) AS all_cur,
SUM(CASE WHEN x.ran_at < $26 THEN x.n ELSE 0 END) AS all_prev,
SUM(CASE WHEN x.ran_at >= $27 AND x.found_brand_id IN ($28) THEN x.sent ELSE 0 END) AS sent_cur,
SUM(CASE WHEN x.ran_at < $29 AND x.found_brand_id IN ($30) THEN x.sent ELSE 0 END) AS sent_prev FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_topic_mentions d WHERE d.brand_id = $31 AND d.ran_at >= $32 AND d.ran_at < $33 UNION ALL SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_topic_mentions d WHERE d.brand_id = $34 AND d.ran_at >= $35 AND d.ran_at < $36 UNION ALL SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
FROM mentions m WHERE m.brand_id = $37 AND m.ran_at >= $38 AND m.ran_at < $39 AND m.topic_id IN ($40, $41, $42, $43, $44) AND m.provider_id IN ($45, $46) UNION ALL SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
FROM mentions m WHERE m.brand_id = $47 AND m.ran_at >= $48 AND m.ran_at < $49 AND m.topic_id IN ($50, $51, $52, $53, $54) AND m.provider_id IN ($55, $56) UNION ALL SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
FROM mentions m WHERE m.brand_id = $57 AND m.ran_at >= $58 AND m.ran_at < $59 AND m.topic_id IN ($60, $61, $62, $63, $64) AND m.provider_id IN ($65, $66)) x WHERE x.topic_id IN ($67, $68, $69) GROUP BY x.topic_id), c AS (SELECT x.topic_id AS topic_id,
SUM(CASE WHEN x.ran_at >= $70 THEN x.owned ELSE 0 END) AS own_cur,
SUM(CASE WHEN x.ran_at < $71 THEN x.owned ELSE 0 END) AS own_prev,
SUM(CASE WHEN x.ran_at >= $72 THEN x.n ELSE 0 END) AS all_cur,
SUM(CASE WHEN x.ran_at < $73 THEN x.n ELSE 0 END) AS all_prev FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id,
d.citations AS n, d.owned_citations AS owned FROM daily_runs d WHERE d.brand_id = $74 AND d.ran_at >= $75 AND d.ran_at < $76 UNION ALL SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id,
d.citations AS n, d.owned_citations AS owned FROM daily_runs d WHERE d.brand_id = $77 AND d.ran_at >= $78 AND d.ran_at < $79 UNION ALL SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.region_id AS region_id,
1 AS n, CASE WHEN c.domain IN (SELECT domain FROM brand_domains WHERE brand_id = $80) THEN 1 ELSE 0 END AS owned FROM citations c WHERE c.brand_id = $81 AND c.ran_at >= $82 AND c.ran_at < $83 AND c.topic_id IN ($84, $85, $86, $87, $88) AND c.provider_id IN ($89, $90) UNION ALL SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.region_id AS region_id,
1 AS n, CASE WHEN c.domain IN (SELECT domain FROM brand_domains WHERE brand_id = $91) THEN 1 ELSE 0 END AS owned FROM citations c WHERE c.brand_id = $92 AND c.ran_at >= $93 AND c.ran_at < $94 AND c.topic_id IN ($95, $96, $97, $98, $99) AND c.provider_id IN ($100, $101) UNION ALL SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.region_id AS region_id,
1 AS n, CASE WHEN c.domain IN (SELECT domain FROM brand_domains WHERE brand_id = $102) THEN 1 ELSE 0 END AS owned FROM citations c WHERE c.brand_id = $103 AND c.ran_at >= $104 AND c.ran_at < $105 AND c.topic_id IN ($106, $107, $108, $109, $110) AND c.provider_id IN ($111, $112)) x WHERE x.topic_id IN ($113, $114, $115) GROUP BY x.topic_id), v AS (SELECT tp.id AS id,
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
WHERE tp.id IN ($116, $117, $118))
SELECT id, vis, vis - vis_prev, sov, sov - sov_prev, sent, sent - sent_prev, cs, cs - cs_prev,
vk, vn, vk_p, vn_p, sk, sn, sk_p, sn_p, ck, cn, ck_p, cn_p FROM v
;

WITH r AS (SELECT x.topic_id AS topic_id, SUM(x.n) AS runs FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.runs AS n FROM daily_runs d WHERE d.brand_id = $1 AND d.ran_at >= $2 AND d.ran_at < $3 UNION ALL SELECT r.ran_at AS ran_at, COALESCE(r.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id, r.provider_id AS provider_id, r.region_id AS region_id, 1 AS n FROM runs r WHERE r.brand_id = $4 AND r.ran_at >= $5 AND r.ran_at < $6 UNION ALL SELECT r.ran_at AS ran_at, COALESCE(r.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id, r.provider_id AS provider_id, r.region_id AS region_id, 1 AS n FROM runs r WHERE r.brand_id = $7 AND r.ran_at >= $8 AND r.ran_at < $9) x WHERE x.topic_id IN ($10, $11, $12) GROUP BY x.topic_id), fbn AS (SELECT x.topic_id AS topic_id, x.found_brand_id AS id, SUM(x.n) AS n FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_topic_mentions d WHERE d.brand_id = $13 AND d.ran_at >= $14 AND d.ran_at < $15 UNION ALL SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
FROM mentions m WHERE m.brand_id = $16 AND m.ran_at >= $17 AND m.ran_at < $18 AND m.topic_id IN ($19, $20, $21, $22, $23) AND m.provider_id IN ($24, $25) UNION ALL SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
FROM mentions m WHERE m.brand_id = $26 AND m.ran_at >= $27 AND m.ran_at < $28 AND m.topic_id IN ($29, $30, $31, $32, $33) AND m.provider_id IN ($34, $35)) x WHERE x.topic_id IN ($36, $37, $38) GROUP BY x.topic_id, x.found_brand_id),
b AS (SELECT fbn.topic_id AS topic_id, fbn.id AS id, fb.name AS name, fbn.n AS n,
ROW_NUMBER() OVER (PARTITION BY fbn.topic_id ORDER BY fbn.n DESC, fb.name ASC, fbn.id ASC) AS rn
FROM fbn JOIN found_brands fb ON fb.id = fbn.id)
SELECT b.topic_id, b.id, b.name, (CASE WHEN r.runs > 0 THEN 100 * CAST(b.n AS DOUBLE PRECISION) / CAST(r.runs AS DOUBLE PRECISION) ELSE 0 END), b.n, r.runs
FROM b JOIN r ON r.topic_id = b.topic_id WHERE b.rn <= $39
ORDER BY b.topic_id, b.rn
;
