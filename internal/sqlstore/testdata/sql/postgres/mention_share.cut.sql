SELECT COUNT(*) FROM brands WHERE id = $1 AND org_id = $2
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

SELECT id FROM found_brands WHERE brand_id = $1 AND (is_self = $2 OR competitor_id IS NOT NULL)
;

WITH r AS (SELECT to_char(date_trunc('day', x.ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d, SUM(x.n) AS total FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.runs AS n FROM daily_runs d WHERE d.brand_id = $1 AND d.ran_at >= $2 AND d.ran_at < $3 UNION ALL SELECT r.ran_at AS ran_at, COALESCE(r.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id, r.provider_id AS provider_id, r.region_id AS region_id, 1 AS n FROM runs r WHERE r.brand_id = $4 AND r.ran_at >= $5 AND r.ran_at < $6 UNION ALL SELECT r.ran_at AS ran_at, COALESCE(r.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id, r.provider_id AS provider_id, r.region_id AS region_id, 1 AS n FROM runs r WHERE r.brand_id = $7 AND r.ran_at >= $8 AND r.ran_at < $9) x GROUP BY 1), t AS (SELECT to_char(date_trunc('day', x.ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d, SUM(x.n) AS cnt FROM (SELECT ran_at, topic_id, n FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_topic_mentions d WHERE d.brand_id = $10 AND d.ran_at >= $11 AND d.ran_at < $12 UNION ALL SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
FROM mentions m WHERE m.brand_id = $13 AND m.ran_at >= $14 AND m.ran_at < $15 AND m.topic_id IN ($16, $17, $18, $19, $20) AND m.provider_id IN ($21, $22) UNION ALL SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
FROM mentions m WHERE m.brand_id = $23 AND m.ran_at >= $24 AND m.ran_at < $25 AND m.topic_id IN ($26, $27, $28, $29, $30) AND m.provider_id IN ($31, $32)) tm WHERE tm.found_brand_id = $33) x GROUP BY 1), m AS (SELECT to_char(date_trunc('day', x.ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d,
SUM(CASE WHEN x.found_brand_id IN ($34, $35, $36) THEN x.n ELSE 0 END) AS tracked FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_topic_mentions d WHERE d.brand_id = $37 AND d.ran_at >= $38 AND d.ran_at < $39 UNION ALL SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
FROM mentions m WHERE m.brand_id = $40 AND m.ran_at >= $41 AND m.ran_at < $42 AND m.topic_id IN ($43, $44, $45, $46, $47) AND m.provider_id IN ($48, $49) UNION ALL SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
FROM mentions m WHERE m.brand_id = $50 AND m.ran_at >= $51 AND m.ran_at < $52 AND m.topic_id IN ($53, $54, $55, $56, $57) AND m.provider_id IN ($58, $59)) x GROUP BY 1),
b AS (SELECT r.d AS d, r.total AS total, COALESCE(t.cnt, 0) AS cnt, CAST(COALESCE(m.tracked, 0) AS DOUBLE PRECISION) / $60 AS avg_cnt
FROM r LEFT JOIN t ON t.d = r.d LEFT JOIN m ON m.d = r.d)
SELECT d, total, cnt, (CASE WHEN total > 0 THEN 100 * CAST(cnt AS DOUBLE PRECISION) / CAST(total AS DOUBLE PRECISION) ELSE 0 END), avg_cnt, (CASE WHEN total > 0 THEN 100 * CAST(avg_cnt AS DOUBLE PRECISION) / CAST(total AS DOUBLE PRECISION) ELSE 0 END),
(CASE WHEN SUM(total) OVER () > 0 THEN 100 * CAST(SUM(cnt) OVER () AS DOUBLE PRECISION) / CAST(SUM(total) OVER () AS DOUBLE PRECISION) ELSE 0 END), (CASE WHEN SUM(total) OVER () > 0 THEN 100 * CAST(SUM(avg_cnt) OVER () AS DOUBLE PRECISION) / CAST(SUM(total) OVER () AS DOUBLE PRECISION) ELSE 0 END),
SUM(cnt) OVER (), SUM(total) OVER ()
FROM b ORDER BY d
;
