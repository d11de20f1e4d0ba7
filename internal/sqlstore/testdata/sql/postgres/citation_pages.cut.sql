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
FROM mentions m WHERE m.brand_id = ? AND m.ran_at >= ? AND m.ran_at < ? AND m.topic_id IN (?, ?, ?, ?, ?) AND m.provider_id IN (?, ?) GROUP BY m.run_seq), sel AS MATERIALIZED (SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, p.page AS page, p.domain AS domain,
p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM weekly_pages p WHERE p.brand_id = ? AND p.ran_at >= ? AND p.ran_at < ? UNION ALL SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, p.page AS page, p.domain AS domain,
p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_pages p WHERE p.brand_id = ? AND p.ran_at >= ? AND p.ran_at < ? UNION ALL SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.page AS page, c.domain AS domain,
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
FROM citations c LEFT JOIN rf ON rf.run_seq = c.run_seq WHERE c.brand_id = ? AND c.ran_at >= ? AND c.ran_at < ? AND c.topic_id IN (?, ?, ?, ?, ?) AND c.provider_id IN (?, ?)), agg AS (SELECT MIN(domain) AS domain, MIN(page) AS page, MIN(page_type) AS page_type,
SUM(n) AS total, SUM(nb) AS brand_count, MAX(has_source) AS has_source, MAX(has_inline) AS has_inline,
CASE WHEN MIN(domain) IN (SELECT domain FROM od) THEN 'owned'
WHEN MIN(domain) IN (SELECT domain FROM cd) THEN 'competitor_owned'
WHEN SUM(nn) > 0 THEN 'earned' WHEN SUM(nc) > 0 THEN 'competitor_earned'
ELSE MIN(static_type) END AS domain_type
FROM sel GROUP BY page), cr AS (SELECT page, domain, page_type, domain_type, has_source, has_inline, total, brand_count, 1 AS pages FROM agg) SELECT page, domain, page_type, domain_type, has_source, has_inline, total, brand_count,
(CASE WHEN SUM(total) OVER () > 0 THEN 100 * CAST(total AS DOUBLE PRECISION) / CAST(SUM(total) OVER () AS DOUBLE PRECISION) ELSE 0 END), (CASE WHEN SUM(brand_count) OVER () > 0 THEN 100 * CAST(brand_count AS DOUBLE PRECISION) / CAST(SUM(brand_count) OVER () AS DOUBLE PRECISION) ELSE 0 END), COUNT(*) OVER (), pages,
SUM(total) OVER (), SUM(brand_count) OVER ()
FROM cr ORDER BY total DESC, domain ASC, page ASC LIMIT ? OFFSET ?
;

WITH hit AS MATERIALIZED (SELECT DISTINCT c.page AS k, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.ran_at AS ran_at FROM citations c WHERE c.brand_id = ? AND c.ran_at >= ? AND c.ran_at < ? AND c.topic_id IN (?, ?, ?, ?, ?) AND c.provider_id IN (?, ?) AND c.page IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) UNION ALL SELECT DISTINCT c.page AS k, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.ran_at AS ran_at FROM citations c WHERE c.brand_id = ? AND c.ran_at >= ? AND c.ran_at < ? AND c.topic_id IN (?, ?, ?, ?, ?) AND c.provider_id IN (?, ?) AND c.page IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)) SELECT DISTINCT x.k, fb.name FROM (SELECT DISTINCT hit.k AS k, m.found_brand_id AS id FROM hit CROSS JOIN mentions m
WHERE m.brand_id = ? AND m.topic_id = hit.topic_id AND m.provider_id = hit.provider_id AND m.ran_at = hit.ran_at AND m.run_seq = hit.run_seq UNION SELECT d.page AS k, d.found_brand_id AS id FROM daily_page_brands d
WHERE d.brand_id = ? AND d.domain IN (?, ?, ?, ?, ?, ?, ?, ?, ?) AND d.page IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
AND ((d.ran_at >= ? AND d.ran_at < ?))) x JOIN found_brands fb ON fb.id = x.id ORDER BY x.k, fb.name
;
