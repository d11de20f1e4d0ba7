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
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at),
citation_days AS (
SELECT CASE WHEN ran_at >= ? THEN 1 ELSE 0 END AS in_window,
to_char(date_trunc('day', ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS bucket,
SUM(citations) AS citations, SUM(brand_citations) AS brand_citations,
SUM(CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN citations ELSE 0 END) AS owned_citations,
SUM(CASE WHEN domain IN ('youtube.com', 'youtu.be') THEN brand_citations ELSE 0 END) AS youtube_brand_citations,
SUM(CASE WHEN domain = 'reddit.com' THEN brand_citations ELSE 0 END) AS reddit_brand_citations
FROM scope_citations
GROUP BY 1, 2
),
period_totals AS (
SELECT SUM(CASE WHEN in_window = 1 THEN citations ELSE 0 END) AS citations,
SUM(CASE WHEN in_window = 0 THEN citations ELSE 0 END) AS previous_citations,
SUM(CASE WHEN in_window = 1 THEN brand_citations ELSE 0 END) AS brand_citations,
SUM(CASE WHEN in_window = 1 THEN owned_citations ELSE 0 END) AS owned_citations,
SUM(CASE WHEN in_window = 0 THEN owned_citations ELSE 0 END) AS previous_owned_citations,
SUM(CASE WHEN in_window = 1 THEN youtube_brand_citations ELSE 0 END) AS youtube_brand_citations,
SUM(CASE WHEN in_window = 0 THEN youtube_brand_citations ELSE 0 END) AS previous_youtube_brand_citations,
SUM(CASE WHEN in_window = 1 THEN reddit_brand_citations ELSE 0 END) AS reddit_brand_citations,
SUM(CASE WHEN in_window = 0 THEN reddit_brand_citations ELSE 0 END) AS previous_reddit_brand_citations
FROM citation_days
)
SELECT 'day', bucket, citations, owned_citations, youtube_brand_citations, reddit_brand_citations, brand_citations,
0, 0, 0, 0, 0, 0, 0, 0, 0
FROM citation_days
WHERE in_window = 1
UNION ALL
SELECT 'all', '', COALESCE(citations, 0), COALESCE(owned_citations, 0),
COALESCE(youtube_brand_citations, 0), COALESCE(reddit_brand_citations, 0), COALESCE(brand_citations, 0),
(CASE WHEN COALESCE(citations, 0) > 0
THEN 100 * CAST(COALESCE(brand_citations, 0) AS DOUBLE PRECISION)
/ CAST(COALESCE(citations, 0) AS DOUBLE PRECISION)
ELSE 0 END),
(100 * CAST((COALESCE(citations, 0))
- (COALESCE(previous_citations, 0)) AS DOUBLE PRECISION)
/ (CASE WHEN COALESCE(previous_citations, 0) > 1
THEN CAST(COALESCE(previous_citations, 0) AS DOUBLE PRECISION)
ELSE 1 END)),
(100 * CAST((COALESCE(owned_citations, 0))
- (COALESCE(previous_owned_citations, 0)) AS DOUBLE PRECISION)
/ (CASE WHEN COALESCE(previous_owned_citations, 0) > 1
THEN CAST(COALESCE(previous_owned_citations, 0) AS DOUBLE PRECISION)
ELSE 1 END)),
(100 * CAST((COALESCE(youtube_brand_citations, 0))
- (COALESCE(previous_youtube_brand_citations, 0)) AS DOUBLE PRECISION)
/ (CASE WHEN COALESCE(previous_youtube_brand_citations, 0) > 1
THEN CAST(COALESCE(previous_youtube_brand_citations, 0) AS DOUBLE PRECISION)
ELSE 1 END)),
(100 * CAST((COALESCE(reddit_brand_citations, 0))
- (COALESCE(previous_reddit_brand_citations, 0)) AS DOUBLE PRECISION)
/ (CASE WHEN COALESCE(previous_reddit_brand_citations, 0) > 1
THEN CAST(COALESCE(previous_reddit_brand_citations, 0) AS DOUBLE PRECISION)
ELSE 1 END)),
COALESCE(previous_citations, 0), COALESCE(previous_owned_citations, 0),
COALESCE(previous_youtube_brand_citations, 0), COALESCE(previous_reddit_brand_citations, 0)
FROM period_totals
;

WITH target_run_days AS (
SELECT CASE WHEN ran_at >= ? THEN 1 ELSE 0 END AS in_window,
to_char(date_trunc('day', ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS bucket,
SUM(runs) AS target_runs
FROM (
SELECT ran_at, topic_id, mentions AS runs
FROM (
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.found_brand_id AS found_brand_id, rollup_row.mentions AS mentions,
rollup_row.sentiment_sum AS sentiment_sum
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ))) AS ranges (start_at, end_at)
CROSS JOIN daily_topic_mentions rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
) target_mentions
WHERE target_mentions.found_brand_id = ?
) span_target_runs
GROUP BY 1, 2
),
period_totals AS (
SELECT SUM(CASE WHEN in_window = 1 THEN target_runs ELSE 0 END) AS target_runs,
SUM(CASE WHEN in_window = 0 THEN target_runs ELSE 0 END) AS previous_target_runs
FROM target_run_days
)
SELECT 'day', bucket, target_runs, 0, 0
FROM target_run_days
WHERE in_window = 1
UNION ALL
SELECT 'all', '', COALESCE(target_runs, 0),
(100 * CAST((COALESCE(target_runs, 0))
- (COALESCE(previous_target_runs, 0)) AS DOUBLE PRECISION)
/ (CASE WHEN COALESCE(previous_target_runs, 0) > 1
THEN CAST(COALESCE(previous_target_runs, 0) AS DOUBLE PRECISION)
ELSE 1 END)),
COALESCE(previous_target_runs, 0)
FROM period_totals
;

WITH window_citations AS MATERIALIZED (
SELECT topic_id, provider_id, region_id, SUM(citations) AS citations
FROM (
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id,
rollup_row.citations AS citations, rollup_row.owned_citations AS owned_citations
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ))) AS ranges (start_at, end_at)
CROSS JOIN weekly_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id,
rollup_row.citations AS citations, rollup_row.owned_citations AS owned_citations
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ)),
(?, ?)) AS ranges (start_at, end_at)
CROSS JOIN daily_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
) window_rows
GROUP BY topic_id, provider_id, region_id
),
window_target_runs AS MATERIALIZED (
SELECT topic_id, provider_id, region_id, SUM(runs) AS runs
FROM (
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id, rollup_row.provider_id AS provider_id,
rollup_row.region_id AS region_id, rollup_row.mentions AS runs
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ))) AS ranges (start_at, end_at)
CROSS JOIN daily_mentions rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.found_brand_id = ?
) window_rows
GROUP BY topic_id, provider_id, region_id
),
citations_by_provider AS (
SELECT provider_id AS id, SUM(citations) AS citations
FROM window_citations
GROUP BY provider_id
),
target_runs_by_provider AS (
SELECT provider_id AS id, SUM(runs) AS target_runs
FROM window_target_runs
GROUP BY provider_id
),
citations_by_topic AS (
SELECT topic_id AS id, SUM(citations) AS citations
FROM window_citations
GROUP BY topic_id
),
target_runs_by_topic AS (
SELECT topic_id AS id, SUM(runs) AS target_runs
FROM window_target_runs
GROUP BY topic_id
),
citations_by_region AS (
SELECT region_id AS id, SUM(citations) AS citations
FROM window_citations
GROUP BY region_id
),
target_runs_by_region AS (
SELECT region_id AS id, SUM(runs) AS target_runs
FROM window_target_runs
GROUP BY region_id
)
SELECT *
FROM (
SELECT 0 AS dimension, 'c' AS kind, citations_by_provider.id AS id, providers.name AS name,
citations_by_provider.citations AS share_count,
(CASE WHEN SUM(citations_by_provider.citations) OVER () > 0
THEN 100 * CAST(citations_by_provider.citations AS DOUBLE PRECISION)
/ CAST(SUM(citations_by_provider.citations) OVER () AS DOUBLE PRECISION)
ELSE 0 END) AS share_percent
FROM citations_by_provider
JOIN providers ON providers.id = citations_by_provider.id
UNION ALL
SELECT 0, 'm', target_runs_by_provider.id, providers.name,
target_runs_by_provider.target_runs,
(CASE WHEN SUM(target_runs_by_provider.target_runs) OVER () > 0
THEN 100 * CAST(target_runs_by_provider.target_runs AS DOUBLE PRECISION)
/ CAST(SUM(target_runs_by_provider.target_runs) OVER () AS DOUBLE PRECISION)
ELSE 0 END)
FROM target_runs_by_provider
JOIN providers ON providers.id = target_runs_by_provider.id
UNION ALL
SELECT 1 AS dimension, 'c' AS kind, citations_by_topic.id AS id, topics.name AS name,
citations_by_topic.citations AS share_count,
(CASE WHEN SUM(citations_by_topic.citations) OVER () > 0
THEN 100 * CAST(citations_by_topic.citations AS DOUBLE PRECISION)
/ CAST(SUM(citations_by_topic.citations) OVER () AS DOUBLE PRECISION)
ELSE 0 END) AS share_percent
FROM citations_by_topic
JOIN topics ON topics.id = citations_by_topic.id
UNION ALL
SELECT 1, 'm', target_runs_by_topic.id, topics.name,
target_runs_by_topic.target_runs,
(CASE WHEN SUM(target_runs_by_topic.target_runs) OVER () > 0
THEN 100 * CAST(target_runs_by_topic.target_runs AS DOUBLE PRECISION)
/ CAST(SUM(target_runs_by_topic.target_runs) OVER () AS DOUBLE PRECISION)
ELSE 0 END)
FROM target_runs_by_topic
JOIN topics ON topics.id = target_runs_by_topic.id
UNION ALL
SELECT 2 AS dimension, 'c' AS kind, citations_by_region.id AS id, regions.name AS name,
citations_by_region.citations AS share_count,
(CASE WHEN SUM(citations_by_region.citations) OVER () > 0
THEN 100 * CAST(citations_by_region.citations AS DOUBLE PRECISION)
/ CAST(SUM(citations_by_region.citations) OVER () AS DOUBLE PRECISION)
ELSE 0 END) AS share_percent
FROM citations_by_region
JOIN regions ON regions.id = citations_by_region.id
UNION ALL
SELECT 2, 'm', target_runs_by_region.id, regions.name,
target_runs_by_region.target_runs,
(CASE WHEN SUM(target_runs_by_region.target_runs) OVER () > 0
THEN 100 * CAST(target_runs_by_region.target_runs AS DOUBLE PRECISION)
/ CAST(SUM(target_runs_by_region.target_runs) OVER () AS DOUBLE PRECISION)
ELSE 0 END)
FROM target_runs_by_region
JOIN regions ON regions.id = target_runs_by_region.id
) shares
ORDER BY dimension, kind, share_count DESC, name, id
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
SELECT ranges.period AS period,
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
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at),
row_counts AS (
SELECT domain AS row_key, MIN(domain) AS domain,
'' AS page_type, MIN(static_type) AS static_type,
SUM(CASE WHEN period = 1 THEN citations ELSE 0 END) AS current_citations,
SUM(CASE WHEN period = 0 THEN citations ELSE 0 END) AS previous_citations,
SUM(CASE WHEN period = 1 THEN named_citations ELSE 0 END) AS current_brand_citations,
SUM(CASE WHEN period = 0 THEN named_citations ELSE 0 END) AS previous_brand_citations,
SUM(named_citations) AS named_citations, SUM(competitor_only_citations) AS competitor_only_citations,
SUM(named_citations) AS brand_named_citations,
SUM(0)
AS brand_competitor_only_citations
FROM scope_citations
GROUP BY domain
)
SELECT 'domain', list, row_key, domain, page_type,
CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN 'owned'
WHEN domain IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned'
WHEN named > 0 THEN 'earned'
WHEN competitor_only > 0 THEN 'competitor_earned'
ELSE static_type END,
current_citations, previous_citations, growth_rate
FROM (
SELECT *
FROM (
SELECT 'overall' AS list, row_key, domain, page_type, static_type,
named_citations AS named, competitor_only_citations AS competitor_only,
current_citations, previous_citations,
(100 * CAST((current_citations)
- (previous_citations) AS DOUBLE PRECISION)
/ (CASE WHEN previous_citations > 1
THEN CAST(previous_citations AS DOUBLE PRECISION)
ELSE 1 END)) AS growth_rate
FROM row_counts
WHERE current_citations > previous_citations
ORDER BY growth_rate DESC, current_citations DESC, row_key
LIMIT ?
) top_overall
UNION ALL
SELECT *
FROM (
SELECT 'just_me' AS list, row_key, domain, page_type, static_type,
brand_named_citations AS named, brand_competitor_only_citations AS competitor_only,
current_brand_citations AS current_citations, previous_brand_citations AS previous_citations,
(100 * CAST((current_brand_citations)
- (previous_brand_citations) AS DOUBLE PRECISION)
/ (CASE WHEN previous_brand_citations > 1
THEN CAST(previous_brand_citations AS DOUBLE PRECISION)
ELSE 1 END)) AS growth_rate
FROM row_counts
WHERE current_brand_citations > previous_brand_citations
ORDER BY growth_rate DESC, current_citations DESC, row_key
LIMIT ?
) top_just_me
) top_rows
ORDER BY list, growth_rate DESC, current_citations DESC, row_key
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
SELECT ranges.period AS period,
CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id,
CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq,
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
SELECT ranges.period AS period,
CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id,
CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq,
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
SELECT ranges.period AS period,
CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS topic_id,
CAST('00000000-0000-0000-0000-000000000000' AS UUID) AS provider_id, 0 AS run_seq,
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
row_counts AS (
SELECT page AS row_key, MIN(domain) AS domain,
MIN(page_type) AS page_type, MIN(static_type) AS static_type,
SUM(CASE WHEN period = 1 THEN citations ELSE 0 END) AS current_citations,
SUM(CASE WHEN period = 0 THEN citations ELSE 0 END) AS previous_citations,
SUM(CASE WHEN period = 1 THEN named_citations ELSE 0 END) AS current_brand_citations,
SUM(CASE WHEN period = 0 THEN named_citations ELSE 0 END) AS previous_brand_citations,
SUM(named_citations) AS named_citations, SUM(competitor_only_citations) AS competitor_only_citations,
SUM(named_citations) AS brand_named_citations,
SUM(0)
AS brand_competitor_only_citations
FROM scope_citations
GROUP BY page
)
SELECT 'page', list, row_key, domain, page_type,
CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN 'owned'
WHEN domain IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned'
WHEN named > 0 THEN 'earned'
WHEN competitor_only > 0 THEN 'competitor_earned'
ELSE static_type END,
current_citations, previous_citations, growth_rate
FROM (
SELECT *
FROM (
SELECT 'overall' AS list, row_key, domain, page_type, static_type,
named_citations AS named, competitor_only_citations AS competitor_only,
current_citations, previous_citations,
(100 * CAST((current_citations)
- (previous_citations) AS DOUBLE PRECISION)
/ (CASE WHEN previous_citations > 1
THEN CAST(previous_citations AS DOUBLE PRECISION)
ELSE 1 END)) AS growth_rate
FROM row_counts
WHERE current_citations > previous_citations
ORDER BY growth_rate DESC, current_citations DESC, row_key
LIMIT ?
) top_overall
UNION ALL
SELECT *
FROM (
SELECT 'just_me' AS list, row_key, domain, page_type, static_type,
brand_named_citations AS named, brand_competitor_only_citations AS competitor_only,
current_brand_citations AS current_citations, previous_brand_citations AS previous_citations,
(100 * CAST((current_brand_citations)
- (previous_brand_citations) AS DOUBLE PRECISION)
/ (CASE WHEN previous_brand_citations > 1
THEN CAST(previous_brand_citations AS DOUBLE PRECISION)
ELSE 1 END)) AS growth_rate
FROM row_counts
WHERE current_brand_citations > previous_brand_citations
ORDER BY growth_rate DESC, current_citations DESC, row_key
LIMIT ?
) top_just_me
) top_rows
ORDER BY list, growth_rate DESC, current_citations DESC, row_key
;
