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
FROM citations c LEFT JOIN rf ON rf.run_seq = c.run_seq WHERE c.brand_id = $44 AND c.ran_at >= $45 AND c.ran_at < $46 AND c.topic_id IN ($47, $48, $49, $50, $51) AND c.provider_id IN ($52, $53)), ownership AS (SELECT CASE WHEN domain IN (SELECT domain FROM od) THEN 'owned'
WHEN domain IN (SELECT domain FROM cd) THEN 'competitor_owned' ELSE '' END AS own_t,
static_type, SUM(n) AS n, SUM(nn) AS nn, SUM(nc) AS nc FROM sel GROUP BY 1, 2),
cls AS (SELECT own_t AS t, n FROM ownership WHERE own_t <> ''
UNION ALL SELECT 'earned', nn FROM ownership WHERE own_t = ''
UNION ALL SELECT 'competitor_earned', nc FROM ownership WHERE own_t = ''
UNION ALL SELECT static_type, n - nn - nc FROM ownership WHERE own_t = '') SELECT t, SUM(n), (CASE WHEN SUM(SUM(n)) OVER () > 0 THEN 100 * CAST(SUM(n) AS DOUBLE PRECISION) / CAST(SUM(SUM(n)) OVER () AS DOUBLE PRECISION) ELSE 0 END), SUM(SUM(n)) OVER ()
FROM cls GROUP BY t HAVING SUM(n) > 0 ORDER BY SUM(n) DESC, t
;
