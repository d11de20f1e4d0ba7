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

WITH bucket_runs AS (
SELECT to_char(date_trunc('day', window_runs.ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS bucket,
SUM(window_runs.runs) AS runs
FROM (
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id, rollup_row.runs AS runs
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ))) AS ranges (start_at, end_at)
CROSS JOIN daily_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT runs.ran_at AS ran_at,
COALESCE(runs.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id,
runs.provider_id AS provider_id, runs.region_id AS region_id, 1 AS runs
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ)),
(?, ?)) AS ranges (start_at, end_at)
CROSS JOIN runs runs
WHERE runs.brand_id = ?
AND runs.ran_at >= ranges.start_at AND runs.ran_at < ranges.end_at
) window_runs
GROUP BY 1
),
bucket_target_runs AS (
SELECT to_char(date_trunc('day', window_target_runs.ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS bucket,
SUM(window_target_runs.runs) AS target_runs
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
UNION ALL
SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id,
mentions.found_brand_id AS found_brand_id, 1 AS mentions, mentions.sentiment AS sentiment_sum
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ)),
(?, ?)) AS ranges (start_at, end_at)
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
SELECT to_char(date_trunc('day', window_mentions.ran_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS bucket,
SUM(CASE WHEN window_mentions.found_brand_id IN (?, ?, ?)
THEN window_mentions.mentions ELSE 0 END) AS tracked_mentions
FROM (
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.found_brand_id AS found_brand_id, rollup_row.mentions AS mentions,
rollup_row.sentiment_sum AS sentiment_sum
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ))) AS ranges (start_at, end_at)
CROSS JOIN daily_topic_mentions rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id,
mentions.found_brand_id AS found_brand_id, 1 AS mentions, mentions.sentiment AS sentiment_sum
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ)),
(?, ?)) AS ranges (start_at, end_at)
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
