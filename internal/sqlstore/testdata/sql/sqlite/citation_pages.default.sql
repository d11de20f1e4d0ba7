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
WHERE (ranges.rest_rows IS NULL OR ranges.rest_rows = CASE WHEN
COALESCE((SELECT rest_row.ran_at FROM daily_pages rest_row
WHERE rest_row.brand_id = ? AND rest_row.ran_at >= ranges.rest1_start
ORDER BY rest_row.ran_at LIMIT 1) < ranges.rest1_end, FALSE)
OR COALESCE((SELECT rest_row.ran_at FROM daily_pages rest_row
WHERE rest_row.brand_id = ? AND rest_row.ran_at >= ranges.rest2_start
ORDER BY rest_row.ran_at LIMIT 1) < ranges.rest2_end, FALSE)
THEN 1 ELSE 0 END)
),
scope_citations AS NOT MATERIALIZED (
SELECT COALESCE(ranges.as_of, rollup_row.ran_at) AS ran_at,
'00000000-0000-0000-0000-000000000000' AS topic_id,
'00000000-0000-0000-0000-000000000000' AS provider_id, 0 AS run_seq,
rollup_row.page AS page, rollup_row.domain AS domain, rollup_row.page_type AS page_type,
rollup_row.domain_type AS static_type, rollup_row.subreddit AS subreddit,
'' AS youtube_channel, ranges.flags * rollup_row.has_source AS has_source,
ranges.flags * rollup_row.has_inline AS has_inline,
ranges.sign * rollup_row.citations AS citations,
ranges.sign * rollup_row.named AS brand_citations,
ranges.sign * rollup_row.named AS named_citations,
ranges.sign * rollup_row.comp_only AS competitor_only_citations
FROM pieces ranges
CROSS JOIN weekly_pages rollup_row
WHERE ranges.grain = 'weekly_pages'
AND rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT COALESCE(ranges.as_of, rollup_row.ran_at) AS ran_at,
'00000000-0000-0000-0000-000000000000' AS topic_id,
'00000000-0000-0000-0000-000000000000' AS provider_id, 0 AS run_seq,
rollup_row.page AS page, rollup_row.domain AS domain, rollup_row.page_type AS page_type,
rollup_row.domain_type AS static_type, rollup_row.subreddit AS subreddit,
'' AS youtube_channel, ranges.flags * rollup_row.has_source AS has_source,
ranges.flags * rollup_row.has_inline AS has_inline,
ranges.sign * rollup_row.citations AS citations,
ranges.sign * rollup_row.named AS brand_citations,
ranges.sign * rollup_row.named AS named_citations,
ranges.sign * rollup_row.comp_only AS competitor_only_citations
FROM pieces ranges
CROSS JOIN daily_pages rollup_row
WHERE ranges.grain = 'daily_pages'
AND rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT COALESCE(ranges.as_of, rollup_row.ran_at) AS ran_at,
'00000000-0000-0000-0000-000000000000' AS topic_id,
'00000000-0000-0000-0000-000000000000' AS provider_id, 0 AS run_seq,
rollup_row.page AS page, rollup_row.domain AS domain, rollup_row.page_type AS page_type,
rollup_row.domain_type AS static_type, rollup_row.subreddit AS subreddit,
'' AS youtube_channel, ranges.flags * rollup_row.has_source AS has_source,
ranges.flags * rollup_row.has_inline AS has_inline,
ranges.sign * rollup_row.citations AS citations,
ranges.sign * rollup_row.named AS brand_citations,
ranges.sign * rollup_row.named AS named_citations,
ranges.sign * rollup_row.comp_only AS competitor_only_citations
FROM pieces ranges
CROSS JOIN half_week_pages rollup_row
WHERE ranges.grain = 'half_week_pages'
AND rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at),
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

SELECT row_brands.row_key, found_brands.name, row_brands.citations
FROM (
SELECT day_rows.row_key AS row_key, day_rows.found_brand_id AS found_brand_id,
SUM(day_rows.citations) AS citations
FROM (
SELECT daily_page_brands.page AS row_key, daily_page_brands.found_brand_id AS found_brand_id,
daily_page_brands.citations AS citations
FROM daily_page_brands
WHERE daily_page_brands.brand_id = ?
AND daily_page_brands.domain IN (?, ?, ?, ?, ?, ?, ?, ?, ?)
AND daily_page_brands.page IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
AND ((daily_page_brands.ran_at >= ? AND daily_page_brands.ran_at < ?))
) day_rows
GROUP BY day_rows.row_key, day_rows.found_brand_id
) row_brands
JOIN found_brands ON found_brands.id = row_brands.found_brand_id
;

WITH scope_counts AS (
SELECT rollup_row.page AS page,
rollup_row.runs AS runs
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN daily_retrieved_page_totals rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.page IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
)
SELECT scope_counts.page,
SUM(scope_counts.runs) AS retrieved_count
FROM scope_counts
GROUP BY scope_counts.page
;
