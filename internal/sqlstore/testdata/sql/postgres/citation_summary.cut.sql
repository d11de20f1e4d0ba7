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
run_flags AS MATERIALIZED (
SELECT mentions.run_seq AS run_seq,
MAX(CASE WHEN mentions.found_brand_id IN (?) THEN 1 ELSE 0 END) AS names_brand,
MAX(CASE WHEN mentions.found_brand_id IN (?) THEN 1 ELSE 0 END) AS names_target,
MAX(CASE WHEN mentions.found_brand_id IN (?, ?) THEN 1 ELSE 0 END) AS names_competitor
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ)),
(?, ?)) AS ranges (start_at, end_at)
CROSS JOIN mentions mentions
WHERE mentions.brand_id = ?
AND mentions.ran_at >= ranges.start_at AND mentions.ran_at < ranges.end_at
AND mentions.topic_id IN (?, ?, ?, ?, ?)
AND mentions.provider_id IN (?, ?)
GROUP BY mentions.run_seq),
pieces AS MATERIALIZED (
SELECT *
FROM jsonb_to_recordset(CAST(? AS JSONB)) AS ranges (grain TEXT, start_at TIMESTAMPTZ, end_at TIMESTAMPTZ,
period INT, as_of TIMESTAMPTZ, sign INT, flags INT, rest_rows INT,
rest1_start TIMESTAMPTZ, rest1_end TIMESTAMPTZ, rest2_start TIMESTAMPTZ, rest2_end TIMESTAMPTZ)
),
scope_citations AS MATERIALIZED (
SELECT COALESCE(ranges.as_of, rollup_row.ran_at) AS ran_at,
CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id,
CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq,
'' AS page, rollup_row.domain AS domain, '' AS page_type, rollup_row.domain_type AS static_type,
'' AS subreddit,
'' AS youtube_channel, ranges.flags * rollup_row.has_source AS has_source,
ranges.flags * rollup_row.has_inline AS has_inline,
ranges.sign * rollup_row.citations AS citations,
ranges.sign * rollup_row.named AS brand_citations,
ranges.sign * rollup_row.named AS named_citations,
ranges.sign * rollup_row.comp_only AS competitor_only_citations
FROM pieces ranges
CROSS JOIN daily_domains rollup_row
WHERE ranges.grain = 'daily_domains'
AND rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT citations.ran_at AS ran_at,
citations.topic_id AS topic_id, citations.provider_id AS provider_id, citations.run_seq AS run_seq,
citations.page AS page, citations.domain AS domain, citations.page_type AS page_type,
citations.domain_type AS static_type, citations.subreddit AS subreddit,
citations.youtube_channel AS youtube_channel,
CASE WHEN citations.citation_type = 'source' THEN 1 ELSE 0 END AS has_source,
CASE WHEN citations.citation_type = 'inline' THEN 1 ELSE 0 END AS has_inline,
1 AS citations,
COALESCE(run_flags.names_brand, 0) AS brand_citations,
COALESCE(run_flags.names_target, 0) AS named_citations,
CASE WHEN COALESCE(run_flags.names_target, 0) = 0 AND run_flags.names_competitor = 1
THEN 1 ELSE 0 END AS competitor_only_citations
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ)),
(?, ?)) AS ranges (start_at, end_at)
CROSS JOIN citations
LEFT JOIN run_flags ON run_flags.run_seq = citations.run_seq
WHERE citations.brand_id = ?
AND citations.ran_at >= ranges.start_at AND citations.ran_at < ranges.end_at
AND citations.topic_id IN (?, ?, ?, ?, ?)
AND citations.provider_id IN (?, ?)),
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
