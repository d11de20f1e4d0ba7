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

WITH run_totals AS (
SELECT SUM(span_runs.cur * span_runs.runs) AS runs,
SUM(span_runs.prev * span_runs.runs) AS previous_runs
FROM (
SELECT ranges.cur AS cur, ranges.prev AS prev, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id, rollup_row.runs AS runs
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN weekly_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.provider_id IN (?)
AND rollup_row.topic_id IN (?)
UNION ALL
SELECT ranges.cur AS cur, ranges.prev AS prev, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id, rollup_row.runs AS runs
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN daily_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.provider_id IN (?)
AND rollup_row.topic_id IN (?)
) span_runs
),
brand_mentions AS (
SELECT span_mentions.found_brand_id AS found_brand_id,
SUM(span_mentions.cur * span_mentions.mentions) AS mentions,
SUM(span_mentions.prev * span_mentions.mentions) AS previous_mentions,
SUM(span_mentions.cur * span_mentions.sentiment_sum) AS sentiment_sum,
SUM(span_mentions.prev * span_mentions.sentiment_sum) AS previous_sentiment_sum
FROM (
SELECT ranges.cur AS cur, ranges.prev AS prev, rollup_row.topic_id AS topic_id,
rollup_row.found_brand_id AS found_brand_id, rollup_row.mentions AS mentions,
rollup_row.sentiment_sum AS sentiment_sum
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN daily_mentions rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.provider_id IN (?)
AND rollup_row.topic_id IN (?)
) span_mentions
GROUP BY span_mentions.found_brand_id
HAVING SUM(span_mentions.cur * span_mentions.mentions) > 0
OR SUM(span_mentions.prev * span_mentions.mentions) > 0
),
mention_totals AS (
SELECT COALESCE(SUM(mentions), 0) AS mentions, COALESCE(SUM(previous_mentions), 0) AS previous_mentions
FROM brand_mentions
),
brand_metrics AS (
SELECT found_brands.id AS id, found_brands.name AS name,
CASE WHEN found_brands.is_self = ? THEN 'own'
WHEN found_brands.competitor_id IS NOT NULL THEN 'competitor'
ELSE 'other' END AS kind,
found_brands.competitor_id AS competitor_id,
(CASE WHEN COALESCE(run_totals.runs, 0) > 0
THEN 100 * CAST(COALESCE(brand_mentions.mentions, 0) AS DOUBLE PRECISION)
/ CAST(COALESCE(run_totals.runs, 0) AS DOUBLE PRECISION)
ELSE 0 END) AS visibility,
(CASE WHEN COALESCE(run_totals.previous_runs, 0) > 0
THEN 100 * CAST(COALESCE(brand_mentions.previous_mentions, 0) AS DOUBLE PRECISION)
/ CAST(COALESCE(run_totals.previous_runs, 0) AS DOUBLE PRECISION)
ELSE 0 END) AS previous_visibility,
(CASE WHEN mention_totals.mentions > 0
THEN 100 * CAST(COALESCE(brand_mentions.mentions, 0) AS DOUBLE PRECISION)
/ CAST(mention_totals.mentions AS DOUBLE PRECISION)
ELSE 0 END) AS share_of_voice,
(CASE WHEN mention_totals.previous_mentions > 0
THEN 100 * CAST(COALESCE(brand_mentions.previous_mentions, 0) AS DOUBLE PRECISION)
/ CAST(mention_totals.previous_mentions AS DOUBLE PRECISION)
ELSE 0 END) AS previous_share_of_voice,
(CASE WHEN COALESCE(brand_mentions.mentions, 0) > 0
THEN CAST(COALESCE(brand_mentions.sentiment_sum, 0) AS DOUBLE PRECISION)
/ CAST(COALESCE(brand_mentions.mentions, 0) AS DOUBLE PRECISION)
ELSE 0 END) AS sentiment,
(CASE WHEN COALESCE(brand_mentions.previous_mentions, 0) > 0
THEN CAST(COALESCE(brand_mentions.previous_sentiment_sum, 0) AS DOUBLE PRECISION)
/ CAST(COALESCE(brand_mentions.previous_mentions, 0) AS DOUBLE PRECISION)
ELSE 0 END)
AS previous_sentiment,
COALESCE(brand_mentions.mentions, 0) AS mentions,
COALESCE(brand_mentions.previous_mentions, 0) AS previous_mentions,
COALESCE(run_totals.runs, 0) AS runs, COALESCE(run_totals.previous_runs, 0) AS previous_runs,
mention_totals.mentions AS all_mentions, mention_totals.previous_mentions AS previous_all_mentions
FROM found_brands
LEFT JOIN brand_mentions ON brand_mentions.found_brand_id = found_brands.id
CROSS JOIN run_totals
CROSS JOIN mention_totals
WHERE found_brands.brand_id = ?
AND (
brand_mentions.found_brand_id IS NOT NULL
OR found_brands.is_self = ?
OR found_brands.competitor_id IS NOT NULL
)
)
SELECT id, name, kind, competitor_id, visibility, share_of_voice, sentiment, mentions,
visibility - previous_visibility, share_of_voice - previous_share_of_voice,
sentiment - previous_sentiment, mentions - previous_mentions,
COUNT(*) OVER (), previous_mentions, runs, previous_runs, all_mentions, previous_all_mentions
FROM brand_metrics
ORDER BY share_of_voice DESC, name ASC, id ASC
LIMIT ? OFFSET ?
;

WITH brand_buckets AS MATERIALIZED (
SELECT substr(window_mentions.ran_at, 1, 10) AS bucket,
window_mentions.found_brand_id AS found_brand_id,
SUM(window_mentions.mentions) AS mentions, SUM(window_mentions.sentiment_sum) AS sentiment_sum
FROM (
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.found_brand_id AS found_brand_id, rollup_row.mentions AS mentions,
rollup_row.sentiment_sum AS sentiment_sum
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN daily_mentions rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.provider_id IN (?)
AND rollup_row.topic_id IN (?)
) window_mentions
GROUP BY 1, 2
),
bucket_runs AS (
SELECT substr(window_runs.ran_at, 1, 10) AS bucket,
SUM(window_runs.runs) AS runs
FROM (
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id, rollup_row.runs AS runs
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN daily_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
AND rollup_row.provider_id IN (?)
AND rollup_row.topic_id IN (?)
) window_runs
GROUP BY 1
),
bucket_mentions AS (
SELECT bucket, SUM(mentions) AS mentions
FROM brand_buckets
GROUP BY bucket
),
bucket_brand_mentions AS (
SELECT bucket, found_brand_id, mentions, sentiment_sum
FROM brand_buckets
WHERE found_brand_id IN (?, ?, ?, ?, ?)
)
SELECT bucket_brand_mentions.bucket, bucket_brand_mentions.found_brand_id,
(CASE WHEN bucket_runs.runs > 0
THEN 100 * CAST(bucket_brand_mentions.mentions AS DOUBLE PRECISION)
/ CAST(bucket_runs.runs AS DOUBLE PRECISION)
ELSE 0 END),
(CASE WHEN bucket_mentions.mentions > 0
THEN 100 * CAST(bucket_brand_mentions.mentions AS DOUBLE PRECISION)
/ CAST(bucket_mentions.mentions AS DOUBLE PRECISION)
ELSE 0 END),
(CASE WHEN bucket_brand_mentions.mentions > 0
THEN CAST(bucket_brand_mentions.sentiment_sum AS DOUBLE PRECISION)
/ CAST(bucket_brand_mentions.mentions AS DOUBLE PRECISION)
ELSE 0 END),
bucket_brand_mentions.mentions, 0, 0
FROM bucket_brand_mentions
JOIN bucket_runs ON bucket_runs.bucket = bucket_brand_mentions.bucket
JOIN bucket_mentions ON bucket_mentions.bucket = bucket_brand_mentions.bucket
UNION ALL
SELECT bucket_runs.bucket, NULL, 0, 0, 0, 0, bucket_runs.runs, COALESCE(bucket_mentions.mentions, 0)
FROM bucket_runs
LEFT JOIN bucket_mentions ON bucket_mentions.bucket = bucket_runs.bucket
ORDER BY 1
;
