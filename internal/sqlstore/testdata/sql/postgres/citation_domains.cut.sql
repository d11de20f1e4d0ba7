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
cd AS MATERIALIZED (SELECT domain FROM competitors WHERE brand_id = $2 AND domain <> ''), rf AS MATERIALIZED (SELECT m.run_seq AS run_seq,
MAX(CASE WHEN m.found_brand_id IN ($3) THEN 1 ELSE 0 END) AS brand,
MAX(CASE WHEN m.found_brand_id IN ($4) THEN 1 ELSE 0 END) AS named,
MAX(CASE WHEN m.found_brand_id IN ($5, $6) THEN 1 ELSE 0 END) AS comp
FROM mentions m WHERE m.brand_id = $7 AND m.ran_at >= $8 AND m.ran_at < $9 AND m.topic_id IN ($10, $11, $12, $13, $14) AND m.provider_id IN ($15, $16) GROUP BY m.run_seq UNION ALL SELECT m.run_seq AS run_seq,
MAX(CASE WHEN m.found_brand_id IN ($17) THEN 1 ELSE 0 END) AS brand,
MAX(CASE WHEN m.found_brand_id IN ($18) THEN 1 ELSE 0 END) AS named,
MAX(CASE WHEN m.found_brand_id IN ($19, $20) THEN 1 ELSE 0 END) AS comp
FROM mentions m WHERE m.brand_id = $21 AND m.ran_at >= $22 AND m.ran_at < $23 AND m.topic_id IN ($24, $25, $26, $27, $28) AND m.provider_id IN ($29, $30) GROUP BY m.run_seq), sel AS MATERIALIZED (SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, '' AS page, p.domain AS domain,
'' AS page_type, p.domain_type AS static_type, '' AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_domains p WHERE p.brand_id = $31 AND p.ran_at >= $32 AND p.ran_at < $33 UNION ALL SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.page AS page, c.domain AS domain,
c.page_type AS page_type, c.domain_type AS static_type, c.subreddit AS subreddit, c.youtube_channel AS youtube_channel,
CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END AS has_source,
CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END AS has_inline,
1 AS n, COALESCE(rf.brand, 0) AS nb, COALESCE(rf.named, 0) AS nn,
CASE WHEN COALESCE(rf.named, 0) = 0 AND rf.comp = 1 THEN 1 ELSE 0 END AS nc
FROM citations c LEFT JOIN rf ON rf.run_seq = c.run_seq WHERE c.brand_id = $34 AND c.ran_at >= $35 AND c.ran_at < $36 AND c.topic_id IN ($37, $38, $39, $40, $41) AND c.provider_id IN ($42, $43) UNION ALL SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.page AS page, c.domain AS domain,
c.page_type AS page_type, c.domain_type AS static_type, c.subreddit AS subreddit, c.youtube_channel AS youtube_channel,
CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END AS has_source,
CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END AS has_inline,
1 AS n, COALESCE(rf.brand, 0) AS nb, COALESCE(rf.named, 0) AS nn,
CASE WHEN COALESCE(rf.named, 0) = 0 AND rf.comp = 1 THEN 1 ELSE 0 END AS nc
FROM citations c LEFT JOIN rf ON rf.run_seq = c.run_seq WHERE c.brand_id = $44 AND c.ran_at >= $45 AND c.ran_at < $46 AND c.topic_id IN ($47, $48, $49, $50, $51) AND c.provider_id IN ($52, $53)), agg AS (SELECT MIN(domain) AS domain, MIN(page) AS page, MIN(page_type) AS page_type,
SUM(n) AS total, SUM(nb) AS brand_count, MAX(has_source) AS has_source, MAX(has_inline) AS has_inline,
CASE WHEN MIN(domain) IN (SELECT domain FROM od) THEN 'owned'
WHEN MIN(domain) IN (SELECT domain FROM cd) THEN 'competitor_owned'
WHEN SUM(nn) > 0 THEN 'earned' WHEN SUM(nc) > 0 THEN 'competitor_earned'
ELSE MIN(static_type) END AS domain_type
FROM sel GROUP BY domain), cr AS (SELECT '' AS page, domain, '' AS page_type, domain_type, has_source, has_inline, total, brand_count, 0 AS pages FROM agg) SELECT page, domain, page_type, domain_type, has_source, has_inline, total, brand_count,
(CASE WHEN SUM(total) OVER () > 0 THEN 100 * CAST(total AS DOUBLE PRECISION) / CAST(SUM(total) OVER () AS DOUBLE PRECISION) ELSE 0 END), (CASE WHEN SUM(brand_count) OVER () > 0 THEN 100 * CAST(brand_count AS DOUBLE PRECISION) / CAST(SUM(brand_count) OVER () AS DOUBLE PRECISION) ELSE 0 END), COUNT(*) OVER (), pages,
SUM(total) OVER (), SUM(brand_count) OVER ()
FROM cr ORDER BY total DESC, domain ASC LIMIT $54 OFFSET $55
;

WITH od AS MATERIALIZED (SELECT domain FROM brand_domains WHERE brand_id = $1),
cd AS MATERIALIZED (SELECT domain FROM competitors WHERE brand_id = $2 AND domain <> ''), rf AS MATERIALIZED (SELECT m.run_seq AS run_seq,
MAX(CASE WHEN m.found_brand_id IN ($3) THEN 1 ELSE 0 END) AS brand,
MAX(CASE WHEN m.found_brand_id IN ($4) THEN 1 ELSE 0 END) AS named,
MAX(CASE WHEN m.found_brand_id IN ($5, $6) THEN 1 ELSE 0 END) AS comp
FROM mentions m WHERE m.brand_id = $7 AND m.ran_at >= $8 AND m.ran_at < $9 AND m.topic_id IN ($10, $11, $12, $13, $14) AND m.provider_id IN ($15, $16) GROUP BY m.run_seq UNION ALL SELECT m.run_seq AS run_seq,
MAX(CASE WHEN m.found_brand_id IN ($17) THEN 1 ELSE 0 END) AS brand,
MAX(CASE WHEN m.found_brand_id IN ($18) THEN 1 ELSE 0 END) AS named,
MAX(CASE WHEN m.found_brand_id IN ($19, $20) THEN 1 ELSE 0 END) AS comp
FROM mentions m WHERE m.brand_id = $21 AND m.ran_at >= $22 AND m.ran_at < $23 AND m.topic_id IN ($24, $25, $26, $27, $28) AND m.provider_id IN ($29, $30) GROUP BY m.run_seq), sel AS MATERIALIZED (SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, p.page AS page, p.domain AS domain,
p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM weekly_pages p WHERE p.brand_id = $31 AND p.ran_at >= $32 AND p.ran_at < $33 UNION ALL SELECT p.ran_at AS ran_at, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id, CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq, p.page AS page, p.domain AS domain,
p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit, '' AS youtube_channel,
p.has_source AS has_source, p.has_inline AS has_inline,
p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
FROM daily_pages p WHERE p.brand_id = $34 AND p.ran_at >= $35 AND p.ran_at < $36 UNION ALL SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.page AS page, c.domain AS domain,
c.page_type AS page_type, c.domain_type AS static_type, c.subreddit AS subreddit, c.youtube_channel AS youtube_channel,
CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END AS has_source,
CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END AS has_inline,
1 AS n, COALESCE(rf.brand, 0) AS nb, COALESCE(rf.named, 0) AS nn,
CASE WHEN COALESCE(rf.named, 0) = 0 AND rf.comp = 1 THEN 1 ELSE 0 END AS nc
FROM citations c LEFT JOIN rf ON rf.run_seq = c.run_seq WHERE c.brand_id = $37 AND c.ran_at >= $38 AND c.ran_at < $39 AND c.topic_id IN ($40, $41, $42, $43, $44) AND c.provider_id IN ($45, $46) UNION ALL SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.page AS page, c.domain AS domain,
c.page_type AS page_type, c.domain_type AS static_type, c.subreddit AS subreddit, c.youtube_channel AS youtube_channel,
CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END AS has_source,
CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END AS has_inline,
1 AS n, COALESCE(rf.brand, 0) AS nb, COALESCE(rf.named, 0) AS nn,
CASE WHEN COALESCE(rf.named, 0) = 0 AND rf.comp = 1 THEN 1 ELSE 0 END AS nc
FROM citations c LEFT JOIN rf ON rf.run_seq = c.run_seq WHERE c.brand_id = $47 AND c.ran_at >= $48 AND c.ran_at < $49 AND c.topic_id IN ($50, $51, $52, $53, $54) AND c.provider_id IN ($55, $56)), pg AS (SELECT domain, page, MIN(page_type) AS page_type, SUM(n) AS n,
ROW_NUMBER() OVER (PARTITION BY domain ORDER BY SUM(n) DESC, page ASC) AS rn,
COUNT(*) OVER (PARTITION BY domain) AS pages
FROM sel WHERE domain IN ($57, $58, $59, $60, $61, $62, $63, $64, $65) GROUP BY domain, page)
SELECT domain, page, page_type, pages FROM pg WHERE rn = 1
;

WITH hit AS MATERIALIZED (SELECT DISTINCT c.domain AS k, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.ran_at AS ran_at FROM citations c WHERE c.brand_id = $1 AND c.ran_at >= $2 AND c.ran_at < $3 AND c.topic_id IN ($4, $5, $6, $7, $8) AND c.provider_id IN ($9, $10) AND c.domain IN ($11, $12, $13, $14, $15, $16, $17, $18, $19) UNION ALL SELECT DISTINCT c.domain AS k, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.ran_at AS ran_at FROM citations c WHERE c.brand_id = $20 AND c.ran_at >= $21 AND c.ran_at < $22 AND c.topic_id IN ($23, $24, $25, $26, $27) AND c.provider_id IN ($28, $29) AND c.domain IN ($30, $31, $32, $33, $34, $35, $36, $37, $38)) SELECT DISTINCT x.k, fb.name FROM (SELECT DISTINCT hit.k AS k, m.found_brand_id AS id FROM hit CROSS JOIN mentions m
WHERE m.brand_id = $39 AND m.topic_id = hit.topic_id AND m.provider_id = hit.provider_id AND m.ran_at = hit.ran_at AND m.run_seq = hit.run_seq UNION SELECT d.domain AS k, d.found_brand_id AS id FROM daily_domain_brands d
WHERE d.brand_id = $40 AND d.domain IN ($41, $42, $43, $44, $45, $46, $47, $48, $49) AND ((d.ran_at >= $50 AND d.ran_at < $51))) x JOIN found_brands fb ON fb.id = x.id ORDER BY x.k, fb.name
;
