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

SELECT COUNT(*) FROM competitors WHERE brand_id = ?
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
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN mentions mentions
WHERE mentions.brand_id = ?
AND mentions.ran_at >= ranges.start_at AND mentions.ran_at < ranges.end_at
AND mentions.topic_id IN (?, ?, ?, ?, ?)
AND mentions.provider_id IN (?, ?)
GROUP BY mentions.run_seq),
pieces AS MATERIALIZED (
SELECT *
FROM (SELECT value ->> 'grain' AS grain, value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at,
value ->> 'period' AS period, value ->> 'as_of' AS as_of, value ->> 'sign' AS sign,
value ->> 'flags' AS flags, value ->> 'rest_rows' AS rest_rows,
value ->> 'rest1_start' AS rest1_start, value ->> 'rest1_end' AS rest1_end,
value ->> 'rest2_start' AS rest2_start, value ->> 'rest2_end' AS rest2_end
FROM json_each(?) LIMIT -1) ranges
),
scope_citations AS MATERIALIZED (
SELECT COALESCE(ranges.as_of, rollup_row.ran_at) AS ran_at,
'00000000-0000-0000-0000-000000000000' AS topic_id,
'00000000-0000-0000-0000-000000000000' AS provider_id, 0 AS run_seq,
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
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN citations
LEFT JOIN run_flags ON run_flags.run_seq = citations.run_seq
WHERE citations.brand_id = ?
AND citations.ran_at >= ranges.start_at AND citations.ran_at < ranges.end_at
AND citations.topic_id IN (?, ?, ?, ?, ?)
AND citations.provider_id IN (?, ?)),
bucket_citations AS (
SELECT substr(ran_at, 1, 10) AS bucket,
SUM(citations) AS citations,
SUM(CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN citations ELSE 0 END) AS owned_citations,
CAST(SUM(CASE
WHEN domain IN (SELECT domain FROM owned_domains) OR domain IN (SELECT domain FROM competitor_domains)
THEN citations ELSE 0 END) AS DOUBLE PRECISION) / ? AS tracked_average
FROM scope_citations
GROUP BY 1
)
SELECT bucket, citations, owned_citations,
(CASE WHEN citations > 0
THEN 100 * CAST(owned_citations AS DOUBLE PRECISION)
/ CAST(citations AS DOUBLE PRECISION)
ELSE 0 END),
tracked_average,
(CASE WHEN citations > 0
THEN 100 * CAST(tracked_average AS DOUBLE PRECISION)
/ CAST(citations AS DOUBLE PRECISION)
ELSE 0 END),
(CASE WHEN SUM(citations) OVER () > 0
THEN 100 * CAST(SUM(owned_citations) OVER () AS DOUBLE PRECISION)
/ CAST(SUM(citations) OVER () AS DOUBLE PRECISION)
ELSE 0 END),
(CASE WHEN SUM(citations) OVER () > 0
THEN 100 * CAST(SUM(tracked_average) OVER () AS DOUBLE PRECISION)
/ CAST(SUM(citations) OVER () AS DOUBLE PRECISION)
ELSE 0 END),
SUM(owned_citations) OVER (), SUM(citations) OVER ()
FROM bucket_citations
ORDER BY bucket
;

WITH bucket_runs AS (
SELECT substr(window_runs.ran_at, 1, 10) AS bucket,
SUM(window_runs.runs) AS runs
FROM (
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id, rollup_row.runs AS runs
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN daily_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT runs.ran_at AS ran_at,
COALESCE(runs.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id,
runs.provider_id AS provider_id, runs.region_id AS region_id, 1 AS runs
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN runs runs
WHERE runs.brand_id = ?
AND runs.ran_at >= ranges.start_at AND runs.ran_at < ranges.end_at
) window_runs
GROUP BY 1
),
bucket_target_runs AS (
SELECT substr(window_target_runs.ran_at, 1, 10) AS bucket,
SUM(window_target_runs.runs) AS target_runs
FROM (
SELECT ran_at, topic_id, mentions AS runs
FROM (
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.found_brand_id AS found_brand_id, rollup_row.mentions AS mentions,
rollup_row.sentiment_sum AS sentiment_sum
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN daily_topic_mentions rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id,
mentions.found_brand_id AS found_brand_id, 1 AS mentions, mentions.sentiment AS sentiment_sum
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN mentions mentions
WHERE mentions.brand_id = ?
AND mentions.ran_at >= ranges.start_at AND mentions.ran_at < ranges.end_at
AND mentions.topic_id IN (?, ?, ?, ?, ?)
AND mentions.provider_id IN (?, ?)
) target_mentions
WHERE target_mentions.found_brand_id = ?
) window_target_runs
GROUP BY 1
),
bucket_tracked_mentions AS (
SELECT substr(window_mentions.ran_at, 1, 10) AS bucket,
SUM(CASE WHEN window_mentions.found_brand_id IN (?, ?, ?)
THEN window_mentions.mentions ELSE 0 END) AS tracked_mentions
FROM (
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.found_brand_id AS found_brand_id, rollup_row.mentions AS mentions,
rollup_row.sentiment_sum AS sentiment_sum
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN daily_topic_mentions rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id,
mentions.found_brand_id AS found_brand_id, 1 AS mentions, mentions.sentiment AS sentiment_sum
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN mentions mentions
WHERE mentions.brand_id = ?
AND mentions.ran_at >= ranges.start_at AND mentions.ran_at < ranges.end_at
AND mentions.topic_id IN (?, ?, ?, ?, ?)
AND mentions.provider_id IN (?, ?)
) window_mentions
GROUP BY 1
),
share_buckets AS (
SELECT bucket_runs.bucket AS bucket, bucket_runs.runs AS runs,
COALESCE(bucket_target_runs.target_runs, 0) AS target_runs,
CAST(COALESCE(bucket_tracked_mentions.tracked_mentions, 0) AS DOUBLE PRECISION) / ? AS tracked_average
FROM bucket_runs
LEFT JOIN bucket_target_runs ON bucket_target_runs.bucket = bucket_runs.bucket
LEFT JOIN bucket_tracked_mentions ON bucket_tracked_mentions.bucket = bucket_runs.bucket
)
SELECT bucket, runs, target_runs,
(CASE WHEN runs > 0
THEN 100 * CAST(target_runs AS DOUBLE PRECISION)
/ CAST(runs AS DOUBLE PRECISION)
ELSE 0 END),
tracked_average,
(CASE WHEN runs > 0
THEN 100 * CAST(tracked_average AS DOUBLE PRECISION)
/ CAST(runs AS DOUBLE PRECISION)
ELSE 0 END),
(CASE WHEN SUM(runs) OVER () > 0
THEN 100 * CAST(SUM(target_runs) OVER () AS DOUBLE PRECISION)
/ CAST(SUM(runs) OVER () AS DOUBLE PRECISION)
ELSE 0 END),
(CASE WHEN SUM(runs) OVER () > 0
THEN 100 * CAST(SUM(tracked_average) OVER () AS DOUBLE PRECISION)
/ CAST(SUM(runs) OVER () AS DOUBLE PRECISION)
ELSE 0 END),
SUM(target_runs) OVER (), SUM(runs) OVER ()
FROM share_buckets
ORDER BY bucket
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
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN mentions mentions
WHERE mentions.brand_id = ?
AND mentions.ran_at >= ranges.start_at AND mentions.ran_at < ranges.end_at
AND mentions.topic_id IN (?, ?, ?, ?, ?)
AND mentions.provider_id IN (?, ?)
GROUP BY mentions.run_seq),
pieces AS MATERIALIZED (
SELECT *
FROM (SELECT value ->> 'grain' AS grain, value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at,
value ->> 'period' AS period, value ->> 'as_of' AS as_of, value ->> 'sign' AS sign,
value ->> 'flags' AS flags, value ->> 'rest_rows' AS rest_rows,
value ->> 'rest1_start' AS rest1_start, value ->> 'rest1_end' AS rest1_end,
value ->> 'rest2_start' AS rest2_start, value ->> 'rest2_end' AS rest2_end
FROM json_each(?) LIMIT -1) ranges
),
scope_citations AS MATERIALIZED (
SELECT COALESCE(ranges.as_of, rollup_row.ran_at) AS ran_at,
'00000000-0000-0000-0000-000000000000' AS topic_id,
'00000000-0000-0000-0000-000000000000' AS provider_id, 0 AS run_seq,
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
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
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
),
breakdown_counts AS (
SELECT CASE WHEN domain_type IN ('owned', 'competitor_owned', 'earned', 'competitor_earned')
THEN domain_type ELSE 'other' END AS domain_type,
citations
FROM class_counts
)
SELECT domain_type, SUM(citations),
(CASE WHEN SUM(SUM(citations)) OVER () > 0
THEN 100 * CAST(SUM(citations) AS DOUBLE PRECISION)
/ CAST(SUM(SUM(citations)) OVER () AS DOUBLE PRECISION)
ELSE 0 END)
FROM breakdown_counts
GROUP BY domain_type
;
