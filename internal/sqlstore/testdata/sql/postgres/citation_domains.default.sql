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

WITH od AS MATERIALIZED (SELECT domain FROM brand_domains WHERE brand_id = $1),
cd AS MATERIALIZED (SELECT domain FROM competitors WHERE brand_id = $2 AND domain <> ''), sel AS MATERIALIZED (SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, '' AS page, p.domain AS domain,
'' AS page_type, p.domain_type AS static_type, '' AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_domains p WHERE p.brand_id = $3 AND p.ran_at >= $4 AND p.ran_at < $5), agg AS (SELECT MIN(domain) AS domain, MIN(page) AS page, MIN(page_type) AS page_type,
SUM(n) AS total, SUM(nb) AS brand_count, MAX(has_source) AS has_source, MAX(has_inline) AS has_inline,
CASE WHEN MIN(domain) IN (SELECT domain FROM od) THEN 'owned'
WHEN MIN(domain) IN (SELECT domain FROM cd) THEN 'competitor_owned'
WHEN SUM(nn) > 0 THEN 'earned' WHEN SUM(nc) > 0 THEN 'competitor_earned'
ELSE MIN(static_type) END AS domain_type
FROM sel GROUP BY domain), cr AS (SELECT '' AS page, domain, '' AS page_type, domain_type, has_source, has_inline, total, brand_count, 0 AS pages FROM agg) SELECT page, domain, page_type, domain_type, has_source, has_inline, total, brand_count,
(CASE WHEN SUM(total) OVER () > 0 THEN 100 * CAST(total AS DOUBLE PRECISION) / CAST(SUM(total) OVER () AS DOUBLE PRECISION) ELSE 0 END), (CASE WHEN SUM(brand_count) OVER () > 0 THEN 100 * CAST(brand_count AS DOUBLE PRECISION) / CAST(SUM(brand_count) OVER () AS DOUBLE PRECISION) ELSE 0 END), COUNT(*) OVER (), pages,
SUM(total) OVER (), SUM(brand_count) OVER ()
FROM cr ORDER BY total DESC, domain ASC LIMIT $6 OFFSET $7
;

WITH od AS MATERIALIZED (SELECT domain FROM brand_domains WHERE brand_id = $1),
cd AS MATERIALIZED (SELECT domain FROM competitors WHERE brand_id = $2 AND domain <> ''), sel AS MATERIALIZED (SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, p.page AS page, p.domain AS domain,
p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM weekly_pages p WHERE p.brand_id = $3 AND p.ran_at >= $4 AND p.ran_at < $5 UNION ALL SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, p.page AS page, p.domain AS domain,
p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_pages p WHERE p.brand_id = $6 AND p.ran_at >= $7 AND p.ran_at < $8 UNION ALL SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, p.page AS page, p.domain AS domain,
p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_pages p WHERE p.brand_id = $9 AND p.ran_at >= $10 AND p.ran_at < $11), pg AS (SELECT domain, page, MIN(page_type) AS page_type, SUM(n) AS n,
ROW_NUMBER() OVER (PARTITION BY domain ORDER BY SUM(n) DESC, page ASC) AS rn,
COUNT(*) OVER (PARTITION BY domain) AS pages
FROM sel WHERE domain IN ($12, $13, $14, $15, $16, $17, $18, $19, $20) GROUP BY domain, page)
SELECT domain, page, page_type, pages FROM pg WHERE rn = 1
;

SELECT DISTINCT x.k, fb.name FROM (SELECT d.domain AS k, d.found_brand_id AS id FROM daily_domain_brands d
WHERE d.brand_id = $1 AND d.domain IN ($2, $3, $4, $5, $6, $7, $8, $9, $10) AND ((d.ran_at >= $11 AND d.ran_at < $12))) x JOIN found_brands fb ON fb.id = x.id ORDER BY x.k, fb.name
;
