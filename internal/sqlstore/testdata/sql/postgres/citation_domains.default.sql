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
cd AS MATERIALIZED (SELECT domain FROM competitors WHERE brand_id = ? AND domain <> ''), sel AS MATERIALIZED (SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, '' AS page, p.domain AS domain,
'' AS page_type, p.domain_type AS static_type, '' AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_domains p WHERE p.brand_id = ? AND p.ran_at >= ? AND p.ran_at < ?), agg AS (SELECT MIN(domain) AS domain, MIN(page) AS page, MIN(page_type) AS page_type,
SUM(n) AS total, SUM(nb) AS brand_count, MAX(has_source) AS has_source, MAX(has_inline) AS has_inline,
CASE WHEN MIN(domain) IN (SELECT domain FROM od) THEN 'owned'
WHEN MIN(domain) IN (SELECT domain FROM cd) THEN 'competitor_owned'
WHEN SUM(nn) > 0 THEN 'earned' WHEN SUM(nc) > 0 THEN 'competitor_earned'
ELSE MIN(static_type) END AS domain_type
FROM sel GROUP BY domain), cr AS (SELECT '' AS page, domain, '' AS page_type, domain_type, has_source, has_inline, total, brand_count, 0 AS pages FROM agg) SELECT page, domain, page_type, domain_type, has_source, has_inline, total, brand_count,
(CASE WHEN SUM(total) OVER () > 0 THEN 100 * CAST(total AS DOUBLE PRECISION) / CAST(SUM(total) OVER () AS DOUBLE PRECISION) ELSE 0 END), (CASE WHEN SUM(brand_count) OVER () > 0 THEN 100 * CAST(brand_count AS DOUBLE PRECISION) / CAST(SUM(brand_count) OVER () AS DOUBLE PRECISION) ELSE 0 END), COUNT(*) OVER (), pages,
SUM(total) OVER (), SUM(brand_count) OVER ()
FROM cr ORDER BY total DESC, domain ASC LIMIT ? OFFSET ?
;

WITH od AS MATERIALIZED (SELECT domain FROM brand_domains WHERE brand_id = ?),
cd AS MATERIALIZED (SELECT domain FROM competitors WHERE brand_id = ? AND domain <> ''), sel AS MATERIALIZED (SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, p.page AS page, p.domain AS domain,
p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM weekly_pages p WHERE p.brand_id = ? AND p.ran_at >= ? AND p.ran_at < ? UNION ALL SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, p.page AS page, p.domain AS domain,
p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_pages p WHERE p.brand_id = ? AND p.ran_at >= ? AND p.ran_at < ? UNION ALL SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, p.page AS page, p.domain AS domain,
p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_pages p WHERE p.brand_id = ? AND p.ran_at >= ? AND p.ran_at < ?), pg AS (SELECT domain, page, MIN(page_type) AS page_type, SUM(n) AS n,
ROW_NUMBER() OVER (PARTITION BY domain ORDER BY SUM(n) DESC, page ASC) AS rn,
COUNT(*) OVER (PARTITION BY domain) AS pages
FROM sel WHERE domain IN (?, ?, ?, ?, ?, ?, ?, ?, ?) GROUP BY domain, page)
SELECT domain, page, page_type, pages FROM pg WHERE rn = 1
;

SELECT DISTINCT x.k, fb.name FROM (SELECT d.domain AS k, d.found_brand_id AS id FROM daily_domain_brands d
WHERE d.brand_id = ? AND d.domain IN (?, ?, ?, ?, ?, ?, ?, ?, ?) AND ((d.ran_at >= ? AND d.ran_at < ?))) x JOIN found_brands fb ON fb.id = x.id ORDER BY x.k, fb.name
;
