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

WITH od AS MATERIALIZED (SELECT domain FROM brand_domains WHERE brand_id = ?),
cd AS MATERIALIZED (SELECT domain FROM competitors WHERE brand_id = ? AND domain <> ''), sel AS MATERIALIZED (SELECT p.ran_at AS ran_at, p.topic_id AS topic_id, p.provider_id AS provider_id, 0 AS run_seq, '' AS page, p.domain AS domain, '' AS page_type, p.domain_type AS static_type, '' AS subreddit,
'' AS youtube_channel, p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_topic_pages p WHERE p.brand_id = ? AND p.topic_id IN (?)
AND p.provider_id IN (?) AND p.ran_at >= ? AND p.ran_at < ? UNION ALL SELECT p.ran_at AS ran_at, p.topic_id AS topic_id, p.provider_id AS provider_id, 0 AS run_seq, '' AS page, p.domain AS domain, '' AS page_type, p.domain_type AS static_type, '' AS subreddit,
'' AS youtube_channel, p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_topic_pages p WHERE p.brand_id = ? AND p.topic_id IN (?)
AND p.provider_id IN (?) AND p.ran_at >= ? AND p.ran_at < ?), cday AS (SELECT CASE WHEN ran_at >= ? THEN 1 ELSE 0 END AS cur, to_char(date_trunc('day', ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d,
SUM(n) AS total, SUM(nb) AS brand,
SUM(CASE WHEN domain IN (SELECT domain FROM od) THEN n ELSE 0 END) AS own,
SUM(CASE WHEN domain IN ('youtube.com', 'youtu.be') THEN nb ELSE 0 END) AS yt,
SUM(CASE WHEN domain = 'reddit.com' THEN nb ELSE 0 END) AS rd
FROM sel GROUP BY 1, 2),
md AS (SELECT CASE WHEN ran_at >= ? THEN 1 ELSE 0 END AS cur, to_char(date_trunc('day', ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d, SUM(n) AS runs FROM (SELECT ran_at, topic_id, n FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_mentions d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? AND d.provider_id IN (?) AND d.topic_id IN (?)) tm WHERE tm.found_brand_id = ?) t GROUP BY 1, 2),
days AS (SELECT cur, d FROM cday UNION SELECT cur, d FROM md),
j AS (SELECT days.cur AS cur, days.d AS d, COALESCE(cday.total, 0) AS total, COALESCE(cday.brand, 0) AS brand,
COALESCE(cday.own, 0) AS own, COALESCE(cday.yt, 0) AS yt, COALESCE(cday.rd, 0) AS rd, COALESCE(md.runs, 0) AS runs
FROM days LEFT JOIN cday ON cday.cur = days.cur AND cday.d = days.d LEFT JOIN md ON md.cur = days.cur AND md.d = days.d),
p AS (SELECT SUM(CASE WHEN cur = 1 THEN total ELSE 0 END) AS total, SUM(CASE WHEN cur = 0 THEN total ELSE 0 END) AS total_p,
SUM(CASE WHEN cur = 1 THEN brand ELSE 0 END) AS brand,
SUM(CASE WHEN cur = 1 THEN own ELSE 0 END) AS own, SUM(CASE WHEN cur = 0 THEN own ELSE 0 END) AS own_p,
SUM(CASE WHEN cur = 1 THEN runs ELSE 0 END) AS runs, SUM(CASE WHEN cur = 0 THEN runs ELSE 0 END) AS runs_p,
SUM(CASE WHEN cur = 1 THEN yt ELSE 0 END) AS yt, SUM(CASE WHEN cur = 0 THEN yt ELSE 0 END) AS yt_p,
SUM(CASE WHEN cur = 1 THEN rd ELSE 0 END) AS rd, SUM(CASE WHEN cur = 0 THEN rd ELSE 0 END) AS rd_p FROM j)
SELECT 'day', d, total, own, runs, yt, rd, brand, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM j WHERE cur = 1
UNION ALL
SELECT 'all', '', COALESCE(total, 0), COALESCE(own, 0), COALESCE(runs, 0), COALESCE(yt, 0), COALESCE(rd, 0), COALESCE(brand, 0),
(CASE WHEN COALESCE(total, 0) > 0 THEN 100 * CAST(COALESCE(brand, 0) AS DOUBLE PRECISION) / CAST(COALESCE(total, 0) AS DOUBLE PRECISION) ELSE 0 END),
(100 * CAST((COALESCE(total, 0)) - (COALESCE(total_p, 0)) AS DOUBLE PRECISION) / (CASE WHEN COALESCE(total_p, 0) > 1 THEN CAST(COALESCE(total_p, 0) AS DOUBLE PRECISION) ELSE 1 END)), (100 * CAST((COALESCE(own, 0)) - (COALESCE(own_p, 0)) AS DOUBLE PRECISION) / (CASE WHEN COALESCE(own_p, 0) > 1 THEN CAST(COALESCE(own_p, 0) AS DOUBLE PRECISION) ELSE 1 END)),
(100 * CAST((COALESCE(runs, 0)) - (COALESCE(runs_p, 0)) AS DOUBLE PRECISION) / (CASE WHEN COALESCE(runs_p, 0) > 1 THEN CAST(COALESCE(runs_p, 0) AS DOUBLE PRECISION) ELSE 1 END)), (100 * CAST((COALESCE(yt, 0)) - (COALESCE(yt_p, 0)) AS DOUBLE PRECISION) / (CASE WHEN COALESCE(yt_p, 0) > 1 THEN CAST(COALESCE(yt_p, 0) AS DOUBLE PRECISION) ELSE 1 END)),
(100 * CAST((COALESCE(rd, 0)) - (COALESCE(rd_p, 0)) AS DOUBLE PRECISION) / (CASE WHEN COALESCE(rd_p, 0) > 1 THEN CAST(COALESCE(rd_p, 0) AS DOUBLE PRECISION) ELSE 1 END)),
COALESCE(total_p, 0), COALESCE(own_p, 0), COALESCE(runs_p, 0), COALESCE(yt_p, 0), COALESCE(rd_p, 0) FROM p
;

WITH cs AS MATERIALIZED (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id,
d.citations AS n, d.owned_citations AS owned FROM daily_runs d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? AND d.provider_id IN (?) AND d.topic_id IN (?)), ts AS MATERIALIZED (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.mentions AS n
FROM daily_mentions d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? AND d.provider_id IN (?) AND d.topic_id IN (?) AND d.found_brand_id = ?), cc0 AS (SELECT provider_id AS k, SUM(n) AS n FROM cs GROUP BY provider_id),
mc0 AS (SELECT provider_id AS k, SUM(n) AS n FROM ts GROUP BY provider_id), cc1 AS (SELECT topic_id AS k, SUM(n) AS n FROM cs GROUP BY topic_id),
mc1 AS (SELECT topic_id AS k, SUM(n) AS n FROM ts GROUP BY topic_id), cc2 AS (SELECT region_id AS k, SUM(n) AS n FROM cs GROUP BY region_id),
mc2 AS (SELECT region_id AS k, SUM(n) AS n FROM ts GROUP BY region_id) SELECT * FROM (SELECT 0 AS dim, 'c' AS kind, x.k AS id, t.name AS name, x.n AS n, (CASE WHEN SUM(x.n) OVER () > 0 THEN 100 * CAST(x.n AS DOUBLE PRECISION) / CAST(SUM(x.n) OVER () AS DOUBLE PRECISION) ELSE 0 END) AS pct
FROM cc0 x JOIN providers t ON t.id = x.k
UNION ALL
SELECT 0, 'm', x.k, t.name, x.n, (CASE WHEN SUM(x.n) OVER () > 0 THEN 100 * CAST(x.n AS DOUBLE PRECISION) / CAST(SUM(x.n) OVER () AS DOUBLE PRECISION) ELSE 0 END)
FROM mc0 x JOIN providers t ON t.id = x.k UNION ALL SELECT 1 AS dim, 'c' AS kind, x.k AS id, t.name AS name, x.n AS n, (CASE WHEN SUM(x.n) OVER () > 0 THEN 100 * CAST(x.n AS DOUBLE PRECISION) / CAST(SUM(x.n) OVER () AS DOUBLE PRECISION) ELSE 0 END) AS pct
FROM cc1 x JOIN topics t ON t.id = x.k
UNION ALL
SELECT 1, 'm', x.k, t.name, x.n, (CASE WHEN SUM(x.n) OVER () > 0 THEN 100 * CAST(x.n AS DOUBLE PRECISION) / CAST(SUM(x.n) OVER () AS DOUBLE PRECISION) ELSE 0 END)
FROM mc1 x JOIN topics t ON t.id = x.k UNION ALL SELECT 2 AS dim, 'c' AS kind, x.k AS id, t.name AS name, x.n AS n, (CASE WHEN SUM(x.n) OVER () > 0 THEN 100 * CAST(x.n AS DOUBLE PRECISION) / CAST(SUM(x.n) OVER () AS DOUBLE PRECISION) ELSE 0 END) AS pct
FROM cc2 x JOIN regions t ON t.id = x.k
UNION ALL
SELECT 2, 'm', x.k, t.name, x.n, (CASE WHEN SUM(x.n) OVER () > 0 THEN 100 * CAST(x.n AS DOUBLE PRECISION) / CAST(SUM(x.n) OVER () AS DOUBLE PRECISION) ELSE 0 END)
FROM mc2 x JOIN regions t ON t.id = x.k) r ORDER BY dim, kind, n DESC, name, id
;

WITH od AS MATERIALIZED (SELECT domain FROM brand_domains WHERE brand_id = ?),
cd AS MATERIALIZED (SELECT domain FROM competitors WHERE brand_id = ? AND domain <> ''), sel AS NOT MATERIALIZED (SELECT p.ran_at AS ran_at, p.topic_id AS topic_id, p.provider_id AS provider_id, 0 AS run_seq, p.page AS page, p.domain AS domain, p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit,
'' AS youtube_channel, p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_topic_pages p WHERE p.brand_id = ? AND p.topic_id IN (?)
AND p.provider_id IN (?) AND p.ran_at >= ? AND p.ran_at < ? UNION ALL SELECT p.ran_at AS ran_at, p.topic_id AS topic_id, p.provider_id AS provider_id, 0 AS run_seq, p.page AS page, p.domain AS domain, p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit,
'' AS youtube_channel, p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_topic_pages p WHERE p.brand_id = ? AND p.topic_id IN (?)
AND p.provider_id IN (?) AND p.ran_at >= ? AND p.ran_at < ?), gp AS (SELECT page AS k, MIN(domain) AS domain, MIN(page_type) AS page_type, MIN(static_type) AS static_type,
SUM(CASE WHEN ran_at >= ? THEN n ELSE 0 END) AS cur, SUM(CASE WHEN ran_at < ? THEN n ELSE 0 END) AS prev,
SUM(CASE WHEN ran_at >= ? THEN nb ELSE 0 END) AS jcur, SUM(CASE WHEN ran_at < ? THEN nb ELSE 0 END) AS jprev,
SUM(nn) AS nn, SUM(nc) AS nc,
SUM(CASE WHEN run_seq = 0 THEN nn ELSE nn * nb END) AS jnn, SUM(CASE WHEN run_seq = 0 THEN 0 ELSE nc * nb END) AS jnc
FROM sel GROUP BY page),
g AS (SELECT 'page' AS level, k, domain, page_type, static_type, cur, prev, jcur, jprev, nn, nc, jnn, jnc FROM gp
UNION ALL
SELECT 'domain', domain, domain, '', MIN(static_type), SUM(cur), SUM(prev), SUM(jcur), SUM(jprev),
SUM(nn), SUM(nc), SUM(jnn), SUM(jnc) FROM gp GROUP BY domain),
r0 AS (SELECT level, 'overall' AS list, k, domain, page_type, CASE WHEN domain IN (SELECT domain FROM od) THEN 'owned'
WHEN domain IN (SELECT domain FROM cd) THEN 'competitor_owned'
WHEN nn > 0 THEN 'earned' WHEN nc > 0 THEN 'competitor_earned'
ELSE static_type END AS domain_type,
cur, prev, (100 * CAST((cur) - (prev) AS DOUBLE PRECISION) / (CASE WHEN prev > 1 THEN CAST(prev AS DOUBLE PRECISION) ELSE 1 END)) AS rate,
ROW_NUMBER() OVER (PARTITION BY level ORDER BY (100 * CAST((cur) - (prev) AS DOUBLE PRECISION) / (CASE WHEN prev > 1 THEN CAST(prev AS DOUBLE PRECISION) ELSE 1 END)) DESC, cur DESC, k) AS rn FROM g WHERE cur > prev),
r1 AS (SELECT level, 'just_me' AS list, k, domain, page_type, CASE WHEN domain IN (SELECT domain FROM od) THEN 'owned'
WHEN domain IN (SELECT domain FROM cd) THEN 'competitor_owned'
WHEN jnn > 0 THEN 'earned' WHEN jnc > 0 THEN 'competitor_earned'
ELSE static_type END,
jcur, jprev, (100 * CAST((jcur) - (jprev) AS DOUBLE PRECISION) / (CASE WHEN jprev > 1 THEN CAST(jprev AS DOUBLE PRECISION) ELSE 1 END)) AS rate,
ROW_NUMBER() OVER (PARTITION BY level ORDER BY (100 * CAST((jcur) - (jprev) AS DOUBLE PRECISION) / (CASE WHEN jprev > 1 THEN CAST(jprev AS DOUBLE PRECISION) ELSE 1 END)) DESC, jcur DESC, k) AS rn FROM g WHERE jcur > jprev)
SELECT level, list, k, domain, page_type, domain_type, cur, prev, rate FROM (
SELECT * FROM r0 WHERE rn <= ? UNION ALL SELECT * FROM r1 WHERE rn <= ?) x
ORDER BY level, list, rate DESC, cur DESC, k
;
