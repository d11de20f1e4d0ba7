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

WITH r AS (SELECT SUM(CASE WHEN x.ran_at >= ? THEN x.n ELSE 0 END) AS cur, SUM(CASE WHEN x.ran_at < ? THEN x.n ELSE 0 END) AS prev FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.runs AS n FROM daily_runs d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ?) x), m AS (SELECT x.found_brand_id AS id,
SUM(CASE WHEN x.ran_at >= ? THEN x.n ELSE 0 END) AS n, SUM(CASE WHEN x.ran_at < ? THEN x.n ELSE 0 END) AS n_p,
SUM(CASE WHEN x.ran_at >= ? THEN x.sent ELSE 0 END) AS sent, SUM(CASE WHEN x.ran_at < ? THEN x.sent ELSE 0 END) AS sent_p FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_topic_mentions d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ?) x GROUP BY x.found_brand_id),
tot AS (SELECT COALESCE(SUM(n), 0) AS n, COALESCE(SUM(n_p), 0) AS n_p FROM m),
x AS (SELECT fb.id AS id, fb.name AS name,
CASE WHEN fb.is_self = ? THEN 'own' WHEN fb.competitor_id IS NOT NULL THEN 'competitor' ELSE 'other' END AS kind,
fb.competitor_id AS competitor_id,
(CASE WHEN COALESCE(r.cur, 0) > 0 THEN 100 * CAST(COALESCE(m.n, 0) AS DOUBLE PRECISION) / CAST(COALESCE(r.cur, 0) AS DOUBLE PRECISION) ELSE 0 END) AS vis, (CASE WHEN COALESCE(r.prev, 0) > 0 THEN 100 * CAST(COALESCE(m.n_p, 0) AS DOUBLE PRECISION) / CAST(COALESCE(r.prev, 0) AS DOUBLE PRECISION) ELSE 0 END) AS vis_p,
(CASE WHEN tot.n > 0 THEN 100 * CAST(COALESCE(m.n, 0) AS DOUBLE PRECISION) / CAST(tot.n AS DOUBLE PRECISION) ELSE 0 END) AS sov, (CASE WHEN tot.n_p > 0 THEN 100 * CAST(COALESCE(m.n_p, 0) AS DOUBLE PRECISION) / CAST(tot.n_p AS DOUBLE PRECISION) ELSE 0 END) AS sov_p,
(CASE WHEN COALESCE(m.n, 0) > 0 THEN CAST(COALESCE(m.sent, 0) AS DOUBLE PRECISION) / CAST(COALESCE(m.n, 0) AS DOUBLE PRECISION) ELSE 0 END) AS sent, (CASE WHEN COALESCE(m.n_p, 0) > 0 THEN CAST(COALESCE(m.sent_p, 0) AS DOUBLE PRECISION) / CAST(COALESCE(m.n_p, 0) AS DOUBLE PRECISION) ELSE 0 END) AS sent_p,
COALESCE(m.n, 0) AS n, COALESCE(m.n_p, 0) AS n_p,
COALESCE(r.cur, 0) AS runs, COALESCE(r.prev, 0) AS runs_p, tot.n AS all_n, tot.n_p AS all_n_p
FROM found_brands fb LEFT JOIN m ON m.id = fb.id CROSS JOIN r CROSS JOIN tot
WHERE fb.brand_id = ? AND (m.id IS NOT NULL OR fb.is_self = ? OR fb.competitor_id IS NOT NULL)) SELECT id, name, kind, competitor_id, vis, sov, sent, n, vis - vis_p, sov - sov_p, sent - sent_p, n - n_p, COUNT(*) OVER (),
n_p, runs, runs_p, all_n, all_n_p
FROM x ORDER BY sov DESC, name ASC, id ASC LIMIT ? OFFSET ?
;

WITH src AS MATERIALIZED (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_topic_mentions d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ?), r AS (SELECT to_char(date_trunc('day', x.ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d, SUM(x.n) AS runs FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.runs AS n FROM daily_runs d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ?) x GROUP BY 1), a AS (SELECT to_char(date_trunc('day', ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d, SUM(n) AS n FROM src GROUP BY 1),
m AS (SELECT to_char(date_trunc('day', ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d, found_brand_id AS id, SUM(n) AS n, SUM(sent) AS sent
FROM src WHERE found_brand_id IN (?, ?, ?, ?, ?, ?) GROUP BY 1, 2)
SELECT m.d, m.id, (CASE WHEN r.runs > 0 THEN 100 * CAST(m.n AS DOUBLE PRECISION) / CAST(r.runs AS DOUBLE PRECISION) ELSE 0 END), (CASE WHEN a.n > 0 THEN 100 * CAST(m.n AS DOUBLE PRECISION) / CAST(a.n AS DOUBLE PRECISION) ELSE 0 END), (CASE WHEN m.n > 0 THEN CAST(m.sent AS DOUBLE PRECISION) / CAST(m.n AS DOUBLE PRECISION) ELSE 0 END), m.n, 0, 0
FROM m JOIN r ON r.d = m.d JOIN a ON a.d = m.d
UNION ALL SELECT r.d, NULL, 0, 0, 0, 0, r.runs, COALESCE(a.n, 0) FROM r LEFT JOIN a ON a.d = r.d
ORDER BY 1
;
