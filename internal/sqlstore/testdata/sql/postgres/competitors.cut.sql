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

WITH run_total AS (
SELECT COALESCE(SUM(window_runs.runs), 0) AS runs
FROM (
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id, rollup_row.runs AS runs
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ))) AS ranges (start_at, end_at)
CROSS JOIN weekly_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
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
),
brand_mentions AS (
SELECT window_mentions.found_brand_id AS found_brand_id, SUM(window_mentions.mentions) AS mentions
FROM (
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.found_brand_id AS found_brand_id, rollup_row.mentions AS mentions,
rollup_row.sentiment_sum AS sentiment_sum
FROM (VALUES (CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ))) AS ranges (start_at, end_at)
CROSS JOIN weekly_topic_mentions rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
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
GROUP BY window_mentions.found_brand_id
),
competitor_visibility AS (
SELECT competitors.id AS id, competitors.name AS name, competitors.domain AS domain,
(CASE WHEN run_total.runs > 0
THEN 100 * CAST(COALESCE(brand_mentions.mentions, 0) AS DOUBLE PRECISION)
/ CAST(run_total.runs AS DOUBLE PRECISION)
ELSE 0 END) AS visibility,
COALESCE(brand_mentions.mentions, 0) AS mentions, run_total.runs AS runs
FROM competitors
LEFT JOIN found_brands ON found_brands.competitor_id = competitors.id
LEFT JOIN brand_mentions ON brand_mentions.found_brand_id = found_brands.id
CROSS JOIN run_total
WHERE competitors.brand_id = ?
)
SELECT id, name, domain, visibility, COUNT(*) OVER (), mentions, runs
FROM competitor_visibility
ORDER BY name ASC, id ASC
LIMIT ? OFFSET ?
;
