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

SELECT id FROM found_brands WHERE brand_id = ? AND (is_self = ? OR competitor_id IS NOT NULL)
;

WITH r AS (SELECT to_char(date_trunc('day', x.ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d, SUM(x.n) AS total FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.runs AS n FROM daily_runs d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? AND d.provider_id IN (?) AND d.topic_id IN (?)) x GROUP BY 1), t AS (SELECT to_char(date_trunc('day', x.ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d, SUM(x.n) AS cnt FROM (SELECT ran_at, topic_id, n FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_mentions d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? AND d.provider_id IN (?) AND d.topic_id IN (?)) tm WHERE tm.found_brand_id = ?) x GROUP BY 1), m AS (SELECT to_char(date_trunc('day', x.ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d,
SUM(CASE WHEN x.found_brand_id IN (?, ?, ?) THEN x.n ELSE 0 END) AS tracked FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_mentions d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? AND d.provider_id IN (?) AND d.topic_id IN (?)) x GROUP BY 1),
b AS (SELECT r.d AS d, r.total AS total, COALESCE(t.cnt, 0) AS cnt, CAST(COALESCE(m.tracked, 0) AS DOUBLE PRECISION) / ? AS avg_cnt
FROM r LEFT JOIN t ON t.d = r.d LEFT JOIN m ON m.d = r.d)
SELECT d, total, cnt, (CASE WHEN total > 0 THEN 100 * CAST(cnt AS DOUBLE PRECISION) / CAST(total AS DOUBLE PRECISION) ELSE 0 END), avg_cnt, (CASE WHEN total > 0 THEN 100 * CAST(avg_cnt AS DOUBLE PRECISION) / CAST(total AS DOUBLE PRECISION) ELSE 0 END),
(CASE WHEN SUM(total) OVER () > 0 THEN 100 * CAST(SUM(cnt) OVER () AS DOUBLE PRECISION) / CAST(SUM(total) OVER () AS DOUBLE PRECISION) ELSE 0 END), (CASE WHEN SUM(total) OVER () > 0 THEN 100 * CAST(SUM(avg_cnt) OVER () AS DOUBLE PRECISION) / CAST(SUM(total) OVER () AS DOUBLE PRECISION) ELSE 0 END),
SUM(cnt) OVER (), SUM(total) OVER ()
FROM b ORDER BY d
;
