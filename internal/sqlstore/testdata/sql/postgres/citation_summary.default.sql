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
FROM daily_domains p WHERE p.brand_id = ? AND p.ran_at >= ? AND p.ran_at < ?), ownership AS (SELECT CASE WHEN domain IN (SELECT domain FROM od) THEN 'owned'
WHEN domain IN (SELECT domain FROM cd) THEN 'competitor_owned' ELSE '' END AS own_t,
static_type, SUM(n) AS n, SUM(nn) AS nn, SUM(nc) AS nc FROM sel GROUP BY 1, 2),
cls AS (SELECT own_t AS t, n FROM ownership WHERE own_t <> ''
UNION ALL SELECT 'earned', nn FROM ownership WHERE own_t = ''
UNION ALL SELECT 'competitor_earned', nc FROM ownership WHERE own_t = ''
UNION ALL SELECT static_type, n - nn - nc FROM ownership WHERE own_t = '') SELECT t, SUM(n), (CASE WHEN SUM(SUM(n)) OVER () > 0 THEN 100 * CAST(SUM(n) AS DOUBLE PRECISION) / CAST(SUM(SUM(n)) OVER () AS DOUBLE PRECISION) ELSE 0 END), SUM(SUM(n)) OVER ()
FROM cls GROUP BY t HAVING SUM(n) > 0 ORDER BY SUM(n) DESC, t
;
