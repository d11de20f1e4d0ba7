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
FROM jsonb_to_recordset(CAST(? AS JSONB)) AS ranges (grain TEXT, start_at TIMESTAMPTZ, end_at TIMESTAMPTZ,
period INT, as_of TIMESTAMPTZ, sign INT, flags INT, rest_rows INT,
rest1_start TIMESTAMPTZ, rest1_end TIMESTAMPTZ, rest2_start TIMESTAMPTZ, rest2_end TIMESTAMPTZ)
),
scope_citations AS NOT MATERIALIZED (
SELECT COALESCE(ranges.as_of, rollup_row.ran_at) AS ran_at,
rollup_row.topic_id AS topic_id, rollup_row.provider_id AS provider_id, 0 AS run_seq,
rollup_row.page AS page, rollup_row.domain AS domain, rollup_row.page_type AS page_type,
rollup_row.domain_type AS static_type, rollup_row.subreddit AS subreddit,
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
row_totals AS (
SELECT MIN(domain) AS domain, MIN(page) AS page, MIN(page_type) AS page_type,
SUM(citations) AS citations, SUM(brand_citations) AS brand_citations,
MAX(has_source) AS has_source, MAX(has_inline) AS has_inline,
CASE WHEN MIN(domain) IN (SELECT domain FROM owned_domains) THEN 'owned'
WHEN MIN(domain) IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned'
WHEN SUM(named_citations) > 0 THEN 'earned'
WHEN SUM(competitor_only_citations) > 0 THEN 'competitor_earned'
ELSE MIN(static_type) END AS domain_type
FROM scope_citations
GROUP BY page
),
list_rows AS (
SELECT page, domain, page_type, domain_type, has_source, has_inline,
citations, brand_citations, 1 AS page_count
FROM row_totals
)
SELECT page, domain, page_type, domain_type, has_source, has_inline, citations, brand_citations,
(CASE WHEN SUM(citations) OVER () > 0
THEN 100 * CAST(citations AS DOUBLE PRECISION)
/ CAST(SUM(citations) OVER () AS DOUBLE PRECISION)
ELSE 0 END),
(CASE WHEN SUM(brand_citations) OVER () > 0
THEN 100 * CAST(brand_citations AS DOUBLE PRECISION)
/ CAST(SUM(brand_citations) OVER () AS DOUBLE PRECISION)
ELSE 0 END),
COUNT(*) OVER (), page_count, SUM(citations) OVER (), SUM(brand_citations) OVER ()
FROM list_rows
ORDER BY citations DESC, domain ASC, page ASC
LIMIT ? OFFSET ?
;

WITH citing_runs AS MATERIALIZED (
SELECT citations.topic_id AS topic_id, citations.provider_id AS provider_id,
citations.ran_at AS ran_at, citations.run_seq AS run_seq,
string_agg(CAST(citations.page AS TEXT), chr(31)) AS row_keys
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ))) AS ranges (start_at, end_at)
CROSS JOIN citations citations
WHERE citations.brand_id = ?
AND citations.ran_at >= ranges.start_at AND citations.ran_at < ranges.end_at
AND citations.provider_id IN (?)
AND citations.topic_id IN (?)
AND citations.page IN (?, ?, ?, ?, ?)
GROUP BY citations.topic_id, citations.provider_id, citations.ran_at, citations.run_seq)
SELECT citing_runs.row_keys, COALESCE((
SELECT string_agg(CAST(mentions.found_brand_id AS TEXT), chr(31))
FROM mentions
WHERE mentions.brand_id = ?
AND mentions.topic_id = citing_runs.topic_id AND mentions.provider_id = citing_runs.provider_id
AND mentions.ran_at = citing_runs.ran_at AND mentions.run_seq = citing_runs.run_seq
), '')
FROM citing_runs
;

SELECT id, name FROM found_brands WHERE id IN (?, ?, ?, ?)
;

WITH scope_counts AS (
SELECT rollup_row.page AS page,
rollup_row.runs AS runs
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ))) AS ranges (start_at, end_at)
CROSS JOIN weekly_retrieved_pages rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.provider_id IN (?)
AND rollup_row.topic_id IN (?)
AND rollup_row.page IN (?, ?, ?, ?, ?)
UNION ALL
SELECT rollup_row.page AS page,
rollup_row.runs AS runs
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ)),
(?, ?)) AS ranges (start_at, end_at)
CROSS JOIN daily_retrieved_pages rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.provider_id IN (?)
AND rollup_row.topic_id IN (?)
AND rollup_row.page IN (?, ?, ?, ?, ?)
)
SELECT scope_counts.page,
SUM(scope_counts.runs) AS retrieved_count
FROM scope_counts
GROUP BY scope_counts.page
;
