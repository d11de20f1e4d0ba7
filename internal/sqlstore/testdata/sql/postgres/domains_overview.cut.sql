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

SELECT COUNT(*) FROM competitors WHERE brand_id = ?
;

WITH od AS MATERIALIZED (SELECT domain FROM brand_domains WHERE brand_id = ?),
cd AS MATERIALIZED (SELECT domain FROM competitors WHERE brand_id = ? AND domain <> ''), rf AS MATERIALIZED (SELECT m.run_seq AS run_seq,
MAX(CASE WHEN m.found_brand_id IN (?) THEN 1 ELSE 0 END) AS brand,
MAX(CASE WHEN m.found_brand_id IN (?) THEN 1 ELSE 0 END) AS named,
MAX(CASE WHEN m.found_brand_id IN (?, ?) THEN 1 ELSE 0 END) AS comp
FROM mentions m WHERE m.brand_id = ? AND m.ran_at >= ? AND m.ran_at < ? AND m.topic_id IN (?, ?, ?, ?, ?) AND m.provider_id IN (?, ?) GROUP BY m.run_seq UNION ALL SELECT m.run_seq AS run_seq,
MAX(CASE WHEN m.found_brand_id IN (?) THEN 1 ELSE 0 END) AS brand,
MAX(CASE WHEN m.found_brand_id IN (?) THEN 1 ELSE 0 END) AS named,
MAX(CASE WHEN m.found_brand_id IN (?, ?) THEN 1 ELSE 0 END) AS comp
FROM mentions m WHERE m.brand_id = ? AND m.ran_at >= ? AND m.ran_at < ? AND m.topic_id IN (?, ?, ?, ?, ?) AND m.provider_id IN (?, ?) GROUP BY m.run_seq), sel AS MATERIALIZED (SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, '' AS page, p.domain AS domain,
'' AS page_type, p.domain_type AS static_type, '' AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_domains p WHERE p.brand_id = ? AND p.ran_at >= ? AND p.ran_at < ? UNION ALL SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.page AS page, c.domain AS domain,
c.page_type AS page_type, c.domain_type AS static_type, c.subreddit AS subreddit, c.youtube_channel AS youtube_channel,
CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END AS has_source,
CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END AS has_inline,
1 AS n, COALESCE(rf.brand, 0) AS nb, COALESCE(rf.named, 0) AS nn,
CASE WHEN COALESCE(rf.named, 0) = 0 AND rf.comp = 1 THEN 1 ELSE 0 END AS nc
FROM citations c LEFT JOIN rf ON rf.run_seq = c.run_seq WHERE c.brand_id = ? AND c.ran_at >= ? AND c.ran_at < ? AND c.topic_id IN (?, ?, ?, ?, ?) AND c.provider_id IN (?, ?) UNION ALL SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.page AS page, c.domain AS domain,
c.page_type AS page_type, c.domain_type AS static_type, c.subreddit AS subreddit, c.youtube_channel AS youtube_channel,
CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END AS has_source,
CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END AS has_inline,
1 AS n, COALESCE(rf.brand, 0) AS nb, COALESCE(rf.named, 0) AS nn,
CASE WHEN COALESCE(rf.named, 0) = 0 AND rf.comp = 1 THEN 1 ELSE 0 END AS nc
FROM citations c LEFT JOIN rf ON rf.run_seq = c.run_seq WHERE c.brand_id = ? AND c.ran_at >= ? AND c.ran_at < ? AND c.topic_id IN (?, ?, ?, ?, ?) AND c.provider_id IN (?, ?)), bk AS (SELECT to_char(date_trunc('day', ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d, SUM(n) AS total,
SUM(CASE WHEN domain IN (SELECT domain FROM od) THEN n ELSE 0 END) AS cnt,
CAST(SUM(CASE WHEN domain IN (SELECT domain FROM od) OR domain IN (SELECT domain FROM cd) THEN n ELSE 0 END) AS DOUBLE PRECISION) / ? AS avg_cnt
FROM sel GROUP BY 1)
SELECT d, total, cnt, (CASE WHEN total > 0 THEN 100 * CAST(cnt AS DOUBLE PRECISION) / CAST(total AS DOUBLE PRECISION) ELSE 0 END), avg_cnt, (CASE WHEN total > 0 THEN 100 * CAST(avg_cnt AS DOUBLE PRECISION) / CAST(total AS DOUBLE PRECISION) ELSE 0 END),
(CASE WHEN SUM(total) OVER () > 0 THEN 100 * CAST(SUM(cnt) OVER () AS DOUBLE PRECISION) / CAST(SUM(total) OVER () AS DOUBLE PRECISION) ELSE 0 END), (CASE WHEN SUM(total) OVER () > 0 THEN 100 * CAST(SUM(avg_cnt) OVER () AS DOUBLE PRECISION) / CAST(SUM(total) OVER () AS DOUBLE PRECISION) ELSE 0 END),
SUM(cnt) OVER (), SUM(total) OVER ()
FROM bk ORDER BY d
;

SELECT id FROM found_brands WHERE brand_id = ? AND (is_self = ? OR competitor_id IS NOT NULL)
;

WITH r AS (SELECT to_char(date_trunc('day', x.ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d, SUM(x.n) AS total FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.runs AS n FROM daily_runs d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? UNION ALL SELECT r.ran_at AS ran_at, COALESCE(r.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id, r.provider_id AS provider_id, r.region_id AS region_id, 1 AS n FROM runs r WHERE r.brand_id = ? AND r.ran_at >= ? AND r.ran_at < ? UNION ALL SELECT r.ran_at AS ran_at, COALESCE(r.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id, r.provider_id AS provider_id, r.region_id AS region_id, 1 AS n FROM runs r WHERE r.brand_id = ? AND r.ran_at >= ? AND r.ran_at < ?) x GROUP BY 1), t AS (SELECT to_char(date_trunc('day', x.ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d, SUM(x.n) AS cnt FROM (SELECT ran_at, topic_id, n FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_topic_mentions d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? UNION ALL SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
FROM mentions m WHERE m.brand_id = ? AND m.ran_at >= ? AND m.ran_at < ? AND m.topic_id IN (?, ?, ?, ?, ?) AND m.provider_id IN (?, ?) UNION ALL SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
FROM mentions m WHERE m.brand_id = ? AND m.ran_at >= ? AND m.ran_at < ? AND m.topic_id IN (?, ?, ?, ?, ?) AND m.provider_id IN (?, ?)) tm WHERE tm.found_brand_id = ?) x GROUP BY 1), m AS (SELECT to_char(date_trunc('day', x.ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS d,
SUM(CASE WHEN x.found_brand_id IN (?, ?, ?) THEN x.n ELSE 0 END) AS tracked FROM (SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
d.mentions AS n, d.sentiment_sum AS sent FROM daily_topic_mentions d WHERE d.brand_id = ? AND d.ran_at >= ? AND d.ran_at < ? UNION ALL SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
FROM mentions m WHERE m.brand_id = ? AND m.ran_at >= ? AND m.ran_at < ? AND m.topic_id IN (?, ?, ?, ?, ?) AND m.provider_id IN (?, ?) UNION ALL SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
FROM mentions m WHERE m.brand_id = ? AND m.ran_at >= ? AND m.ran_at < ? AND m.topic_id IN (?, ?, ?, ?, ?) AND m.provider_id IN (?, ?)) x GROUP BY 1),
b AS (SELECT r.d AS d, r.total AS total, COALESCE(t.cnt, 0) AS cnt, CAST(COALESCE(m.tracked, 0) AS DOUBLE PRECISION) / ? AS avg_cnt
FROM r LEFT JOIN t ON t.d = r.d LEFT JOIN m ON m.d = r.d)
SELECT d, total, cnt, (CASE WHEN total > 0 THEN 100 * CAST(cnt AS DOUBLE PRECISION) / CAST(total AS DOUBLE PRECISION) ELSE 0 END), avg_cnt, (CASE WHEN total > 0 THEN 100 * CAST(avg_cnt AS DOUBLE PRECISION) / CAST(total AS DOUBLE PRECISION) ELSE 0 END),
(CASE WHEN SUM(total) OVER () > 0 THEN 100 * CAST(SUM(cnt) OVER () AS DOUBLE PRECISION) / CAST(SUM(total) OVER () AS DOUBLE PRECISION) ELSE 0 END), (CASE WHEN SUM(total) OVER () > 0 THEN 100 * CAST(SUM(avg_cnt) OVER () AS DOUBLE PRECISION) / CAST(SUM(total) OVER () AS DOUBLE PRECISION) ELSE 0 END),
SUM(cnt) OVER (), SUM(total) OVER ()
FROM b ORDER BY d
;

WITH od AS MATERIALIZED (SELECT domain FROM brand_domains WHERE brand_id = ?),
cd AS MATERIALIZED (SELECT domain FROM competitors WHERE brand_id = ? AND domain <> ''), rf AS MATERIALIZED (SELECT m.run_seq AS run_seq,
MAX(CASE WHEN m.found_brand_id IN (?) THEN 1 ELSE 0 END) AS brand,
MAX(CASE WHEN m.found_brand_id IN (?) THEN 1 ELSE 0 END) AS named,
MAX(CASE WHEN m.found_brand_id IN (?, ?) THEN 1 ELSE 0 END) AS comp
FROM mentions m WHERE m.brand_id = ? AND m.ran_at >= ? AND m.ran_at < ? AND m.topic_id IN (?, ?, ?, ?, ?) AND m.provider_id IN (?, ?) GROUP BY m.run_seq UNION ALL SELECT m.run_seq AS run_seq,
MAX(CASE WHEN m.found_brand_id IN (?) THEN 1 ELSE 0 END) AS brand,
MAX(CASE WHEN m.found_brand_id IN (?) THEN 1 ELSE 0 END) AS named,
MAX(CASE WHEN m.found_brand_id IN (?, ?) THEN 1 ELSE 0 END) AS comp
FROM mentions m WHERE m.brand_id = ? AND m.ran_at >= ? AND m.ran_at < ? AND m.topic_id IN (?, ?, ?, ?, ?) AND m.provider_id IN (?, ?) GROUP BY m.run_seq), sel AS MATERIALIZED (SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, '' AS page, p.domain AS domain,
'' AS page_type, p.domain_type AS static_type, '' AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_domains p WHERE p.brand_id = ? AND p.ran_at >= ? AND p.ran_at < ? UNION ALL SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.page AS page, c.domain AS domain,
c.page_type AS page_type, c.domain_type AS static_type, c.subreddit AS subreddit, c.youtube_channel AS youtube_channel,
CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END AS has_source,
CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END AS has_inline,
1 AS n, COALESCE(rf.brand, 0) AS nb, COALESCE(rf.named, 0) AS nn,
CASE WHEN COALESCE(rf.named, 0) = 0 AND rf.comp = 1 THEN 1 ELSE 0 END AS nc
FROM citations c LEFT JOIN rf ON rf.run_seq = c.run_seq WHERE c.brand_id = ? AND c.ran_at >= ? AND c.ran_at < ? AND c.topic_id IN (?, ?, ?, ?, ?) AND c.provider_id IN (?, ?) UNION ALL SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.page AS page, c.domain AS domain,
c.page_type AS page_type, c.domain_type AS static_type, c.subreddit AS subreddit, c.youtube_channel AS youtube_channel,
CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END AS has_source,
CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END AS has_inline,
1 AS n, COALESCE(rf.brand, 0) AS nb, COALESCE(rf.named, 0) AS nn,
CASE WHEN COALESCE(rf.named, 0) = 0 AND rf.comp = 1 THEN 1 ELSE 0 END AS nc
FROM citations c LEFT JOIN rf ON rf.run_seq = c.run_seq WHERE c.brand_id = ? AND c.ran_at >= ? AND c.ran_at < ? AND c.topic_id IN (?, ?, ?, ?, ?) AND c.provider_id IN (?, ?)), ownership AS (SELECT CASE WHEN domain IN (SELECT domain FROM od) THEN 'owned'
WHEN domain IN (SELECT domain FROM cd) THEN 'competitor_owned' ELSE '' END AS own_t,
static_type, SUM(n) AS n, SUM(nn) AS nn, SUM(nc) AS nc FROM sel GROUP BY 1, 2),
cls AS (SELECT own_t AS t, n FROM ownership WHERE own_t <> ''
UNION ALL SELECT 'earned', nn FROM ownership WHERE own_t = ''
UNION ALL SELECT 'competitor_earned', nc FROM ownership WHERE own_t = ''
UNION ALL SELECT static_type, n - nn - nc FROM ownership WHERE own_t = ''), ct AS (SELECT CASE WHEN t IN ('owned', 'competitor_owned', 'earned', 'competitor_earned') THEN t ELSE 'other' END AS t, n FROM cls)
SELECT t, SUM(n), (CASE WHEN SUM(SUM(n)) OVER () > 0 THEN 100 * CAST(SUM(n) AS DOUBLE PRECISION) / CAST(SUM(SUM(n)) OVER () AS DOUBLE PRECISION) ELSE 0 END) FROM ct GROUP BY t
;
