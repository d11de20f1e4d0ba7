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
UNION ALL SELECT static_type, n - nn - nc FROM ownership WHERE own_t = '') SELECT t, SUM(n), (CASE WHEN SUM(SUM(n)) OVER () > 0 THEN 100 * CAST(SUM(n) AS DOUBLE PRECISION) / CAST(SUM(SUM(n)) OVER () AS DOUBLE PRECISION) ELSE 0 END), SUM(SUM(n)) OVER ()
FROM cls GROUP BY t HAVING SUM(n) > 0 ORDER BY SUM(n) DESC, t
;
