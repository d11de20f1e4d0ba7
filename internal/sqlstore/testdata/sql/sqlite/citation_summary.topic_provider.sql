SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

SELECT pruned_before FROM fact_horizons WHERE brand_id = ?
;

SELECT 'self' AS kind, id FROM found_brands WHERE brand_id = ? AND is_self = ?
UNION ALL
SELECT 'competitor', id FROM found_brands WHERE brand_id = ? AND competitor_id IS NOT NULL
UNION ALL
SELECT 'topic', id FROM topics WHERE brand_id = ?
UNION ALL
SELECT 'provider', id FROM providers
;

WITH owned_domains AS MATERIALIZED (
SELECT domain FROM brand_domains WHERE brand_id = ?
),
competitor_domains AS MATERIALIZED (
SELECT domain FROM competitors WHERE brand_id = ? AND domain <> ''
),
pieces AS MATERIALIZED (
SELECT *
FROM (SELECT value ->> 'grain' AS grain, value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at,
value ->> 'period' AS period, value ->> 'as_of' AS as_of, value ->> 'sign' AS sign,
value ->> 'flags' AS flags, value ->> 'rest_rows' AS rest_rows,
value ->> 'rest1_start' AS rest1_start, value ->> 'rest1_end' AS rest1_end,
value ->> 'rest2_start' AS rest2_start, value ->> 'rest2_end' AS rest2_end
FROM json_each(?) LIMIT -1) ranges
),
scope_citations AS NOT MATERIALIZED (
SELECT COALESCE(ranges.as_of, rollup_row.ran_at) AS ran_at,
rollup_row.topic_id AS topic_id, rollup_row.provider_id AS provider_id, 0 AS run_seq,
'' AS page, rollup_row.domain AS domain, '' AS page_type, rollup_row.domain_type AS static_type,
'' AS subreddit,
'' AS youtube_channel, ranges.flags * rollup_row.has_source AS has_source,
ranges.flags * rollup_row.has_inline AS has_inline,
ranges.sign * rollup_row.citations AS citations,
ranges.sign * rollup_row.named AS brand_citations,
ranges.sign * rollup_row.named AS named_citations,
ranges.sign * rollup_row.comp_only AS competitor_only_citations
FROM pieces ranges
CROSS JOIN daily_topic_pages rollup_row
WHERE ranges.grain = 'daily_topic_pages'
AND rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.topic_id IN (?)
AND rollup_row.provider_id IN (?)),
ownership_counts AS (
SELECT CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN 'owned'
WHEN domain IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned'
ELSE '' END AS ownership,
static_type, SUM(citations) AS citations, SUM(named_citations) AS named_citations,
SUM(competitor_only_citations) AS competitor_only_citations
FROM scope_citations
GROUP BY 1, 2
),
class_counts AS (
SELECT ownership AS domain_type, citations FROM ownership_counts WHERE ownership <> ''
UNION ALL
SELECT 'earned', named_citations FROM ownership_counts WHERE ownership = ''
UNION ALL
SELECT 'competitor_earned', competitor_only_citations FROM ownership_counts WHERE ownership = ''
UNION ALL
SELECT static_type, citations - named_citations - competitor_only_citations
FROM ownership_counts WHERE ownership = ''
)
SELECT domain_type, SUM(citations),
(CASE WHEN SUM(SUM(citations)) OVER () > 0
THEN 100 * CAST(SUM(citations) AS DOUBLE PRECISION)
/ CAST(SUM(SUM(citations)) OVER () AS DOUBLE PRECISION)
ELSE 0 END),
SUM(SUM(citations)) OVER ()
FROM class_counts
GROUP BY domain_type
HAVING SUM(citations) > 0
ORDER BY SUM(citations) DESC, domain_type
;
