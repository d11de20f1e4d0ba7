SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

SELECT COUNT(*) FROM topics WHERE topics.brand_id = ? AND topics.deleted_at IS NULL
;

SELECT topics.id, topics.name, topics.created_at, topics.updated_at,
(SELECT COUNT(*) FROM prompts WHERE prompts.topic_id = topics.id AND prompts.active = ?)
FROM topics WHERE topics.brand_id = ? AND topics.deleted_at IS NULL
ORDER BY topics.name ASC, topics.id ASC
LIMIT ? OFFSET ?
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

WITH topic_runs AS (
SELECT span_runs.topic_id AS topic_id,
SUM(span_runs.cur * span_runs.runs) AS runs,
SUM(span_runs.prev * span_runs.runs) AS previous_runs,
SUM(span_runs.cur * span_runs.owned_citations) AS owned_citations,
SUM(span_runs.prev * span_runs.owned_citations) AS previous_owned_citations,
SUM(span_runs.cur * span_runs.citations) AS citations,
SUM(span_runs.prev * span_runs.citations) AS previous_citations
FROM (
SELECT ranges.cur AS cur, ranges.prev AS prev, rollup_row.topic_id AS topic_id, rollup_row.runs AS runs,
rollup_row.citations AS citations, rollup_row.owned_citations AS owned_citations
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN weekly_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT ranges.cur AS cur, ranges.prev AS prev, rollup_row.topic_id AS topic_id, rollup_row.runs AS runs,
rollup_row.citations AS citations, rollup_row.owned_citations AS owned_citations
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN daily_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT ranges.cur AS cur, ranges.prev AS prev,
COALESCE(runs.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id,
1 AS runs, 0 AS citations, 0 AS owned_citations
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN runs runs
WHERE runs.brand_id = ?
AND runs.ran_at >= ranges.start_at AND runs.ran_at < ranges.end_at
UNION ALL
SELECT ranges.cur AS cur, ranges.prev AS prev, citations.topic_id AS topic_id, 0 AS runs, 1 AS citations,
CASE WHEN citations.domain IN (SELECT domain FROM brand_domains WHERE brand_id = ?)
THEN 1 ELSE 0 END AS owned_citations
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN citations citations
WHERE citations.brand_id = ?
AND citations.ran_at >= ranges.start_at AND citations.ran_at < ranges.end_at
AND citations.topic_id IN (?, ?, ?, ?, ?)
AND citations.provider_id IN (?, ?)
) span_runs
WHERE span_runs.topic_id IN (?, ?, ?)
GROUP BY span_runs.topic_id
),
topic_mentions AS (
SELECT span_mentions.topic_id AS topic_id,
SUM(CASE WHEN span_mentions.found_brand_id IN (?)
THEN span_mentions.cur * span_mentions.mentions ELSE 0 END) AS target_mentions,
SUM(CASE WHEN span_mentions.found_brand_id IN (?)
THEN span_mentions.prev * span_mentions.mentions ELSE 0 END) AS previous_target_mentions,
SUM(span_mentions.cur * span_mentions.mentions) AS mentions,
SUM(span_mentions.prev * span_mentions.mentions) AS previous_mentions,
SUM(CASE WHEN span_mentions.found_brand_id IN (?)
THEN span_mentions.cur * span_mentions.sentiment_sum ELSE 0 END) AS target_sentiment_sum,
SUM(CASE WHEN span_mentions.found_brand_id IN (?)
THEN span_mentions.prev * span_mentions.sentiment_sum ELSE 0 END) AS previous_target_sentiment_sum
FROM (
SELECT ranges.cur AS cur, ranges.prev AS prev, rollup_row.topic_id AS topic_id,
rollup_row.found_brand_id AS found_brand_id, rollup_row.mentions AS mentions,
rollup_row.sentiment_sum AS sentiment_sum
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN weekly_topic_mentions rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT ranges.cur AS cur, ranges.prev AS prev, rollup_row.topic_id AS topic_id,
rollup_row.found_brand_id AS found_brand_id, rollup_row.mentions AS mentions,
rollup_row.sentiment_sum AS sentiment_sum
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN daily_topic_mentions rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT ranges.cur AS cur, ranges.prev AS prev, mentions.topic_id AS topic_id,
mentions.found_brand_id AS found_brand_id, 1 AS mentions, mentions.sentiment AS sentiment_sum
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN mentions mentions
WHERE mentions.brand_id = ?
AND mentions.ran_at >= ranges.start_at AND mentions.ran_at < ranges.end_at
AND mentions.topic_id IN (?, ?, ?, ?, ?)
AND mentions.provider_id IN (?, ?)
) span_mentions
WHERE span_mentions.topic_id IN (?, ?, ?)
GROUP BY span_mentions.topic_id
),
topic_counts AS (
SELECT topics.id AS id,
COALESCE(topic_mentions.target_mentions, 0) AS target_runs,
COALESCE(topic_runs.runs, 0) AS runs,
COALESCE(topic_mentions.previous_target_mentions, 0) AS previous_target_runs,
COALESCE(topic_runs.previous_runs, 0) AS previous_runs,
COALESCE(topic_mentions.target_mentions, 0) AS target_mentions,
COALESCE(topic_mentions.mentions, 0) AS mentions,
COALESCE(topic_mentions.previous_target_mentions, 0) AS previous_target_mentions,
COALESCE(topic_mentions.previous_mentions, 0) AS previous_mentions,
COALESCE(topic_mentions.target_sentiment_sum, 0) AS target_sentiment_sum,
COALESCE(topic_mentions.previous_target_sentiment_sum, 0) AS previous_target_sentiment_sum,
COALESCE(topic_runs.owned_citations, 0) AS owned_citations,
COALESCE(topic_runs.citations, 0) AS citations,
COALESCE(topic_runs.previous_owned_citations, 0) AS previous_owned_citations,
COALESCE(topic_runs.previous_citations, 0) AS previous_citations
FROM topics
LEFT JOIN topic_runs ON topic_runs.topic_id = topics.id
LEFT JOIN topic_mentions ON topic_mentions.topic_id = topics.id
WHERE topics.id IN (?, ?, ?)
),
topic_metrics AS (
SELECT topic_counts.*,
(CASE WHEN runs > 0
THEN 100 * CAST(target_runs AS DOUBLE PRECISION)
/ CAST(runs AS DOUBLE PRECISION)
ELSE 0 END) AS visibility,
(CASE WHEN previous_runs > 0
THEN 100 * CAST(previous_target_runs AS DOUBLE PRECISION)
/ CAST(previous_runs AS DOUBLE PRECISION)
ELSE 0 END) AS previous_visibility,
(CASE WHEN mentions > 0
THEN 100 * CAST(target_mentions AS DOUBLE PRECISION)
/ CAST(mentions AS DOUBLE PRECISION)
ELSE 0 END) AS share_of_voice,
(CASE WHEN previous_mentions > 0
THEN 100 * CAST(previous_target_mentions AS DOUBLE PRECISION)
/ CAST(previous_mentions AS DOUBLE PRECISION)
ELSE 0 END) AS previous_share_of_voice,
(CASE WHEN target_mentions > 0
THEN CAST(target_sentiment_sum AS DOUBLE PRECISION)
/ CAST(target_mentions AS DOUBLE PRECISION)
ELSE 0 END) AS sentiment,
(CASE WHEN previous_target_mentions > 0
THEN CAST(previous_target_sentiment_sum AS DOUBLE PRECISION)
/ CAST(previous_target_mentions AS DOUBLE PRECISION)
ELSE 0 END) AS previous_sentiment,
(CASE WHEN citations > 0
THEN 100 * CAST(owned_citations AS DOUBLE PRECISION)
/ CAST(citations AS DOUBLE PRECISION)
ELSE 0 END) AS citation_share,
(CASE WHEN previous_citations > 0
THEN 100 * CAST(previous_owned_citations AS DOUBLE PRECISION)
/ CAST(previous_citations AS DOUBLE PRECISION)
ELSE 0 END) AS previous_citation_share
FROM topic_counts
)
SELECT id, visibility, visibility - previous_visibility,
share_of_voice, share_of_voice - previous_share_of_voice,
sentiment, sentiment - previous_sentiment,
citation_share, citation_share - previous_citation_share,
target_runs, runs, previous_target_runs, previous_runs,
target_mentions, mentions, previous_target_mentions, previous_mentions,
owned_citations, citations, previous_owned_citations, previous_citations
FROM topic_metrics
;

WITH topic_runs AS (
SELECT window_runs.topic_id AS topic_id, SUM(window_runs.cur * window_runs.runs) AS runs
FROM (
SELECT ranges.cur AS cur, ranges.prev AS prev, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id, rollup_row.runs AS runs
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN weekly_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT ranges.cur AS cur, ranges.prev AS prev, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id, rollup_row.runs AS runs
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN daily_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT ranges.cur AS cur, ranges.prev AS prev,
COALESCE(runs.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id,
runs.provider_id AS provider_id, runs.region_id AS region_id, 1 AS runs
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN runs runs
WHERE runs.brand_id = ?
AND runs.ran_at >= ranges.start_at AND runs.ran_at < ranges.end_at
) window_runs
WHERE window_runs.topic_id IN (?, ?, ?)
GROUP BY window_runs.topic_id
),
topic_brand_mentions AS (
SELECT window_mentions.topic_id AS topic_id, window_mentions.found_brand_id AS found_brand_id,
SUM(window_mentions.cur * window_mentions.mentions) AS mentions
FROM (
SELECT ranges.cur AS cur, ranges.prev AS prev, rollup_row.topic_id AS topic_id,
rollup_row.found_brand_id AS found_brand_id, rollup_row.mentions AS mentions,
rollup_row.sentiment_sum AS sentiment_sum
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN weekly_topic_mentions rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT ranges.cur AS cur, ranges.prev AS prev, rollup_row.topic_id AS topic_id,
rollup_row.found_brand_id AS found_brand_id, rollup_row.mentions AS mentions,
rollup_row.sentiment_sum AS sentiment_sum
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN daily_topic_mentions rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT ranges.cur AS cur, ranges.prev AS prev, mentions.topic_id AS topic_id,
mentions.found_brand_id AS found_brand_id, 1 AS mentions, mentions.sentiment AS sentiment_sum
FROM (SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges
CROSS JOIN mentions mentions
WHERE mentions.brand_id = ?
AND mentions.ran_at >= ranges.start_at AND mentions.ran_at < ranges.end_at
AND mentions.topic_id IN (?, ?, ?, ?, ?)
AND mentions.provider_id IN (?, ?)
) window_mentions
WHERE window_mentions.topic_id IN (?, ?, ?)
GROUP BY window_mentions.topic_id, window_mentions.found_brand_id
HAVING SUM(window_mentions.cur * window_mentions.mentions) > 0
),
ranked_brands AS (
SELECT topic_brand_mentions.topic_id AS topic_id,
topic_brand_mentions.found_brand_id AS found_brand_id,
found_brands.name AS name, topic_brand_mentions.mentions AS mentions,
ROW_NUMBER() OVER (
PARTITION BY topic_brand_mentions.topic_id
ORDER BY topic_brand_mentions.mentions DESC, found_brands.name ASC, topic_brand_mentions.found_brand_id ASC
) AS brand_rank
FROM topic_brand_mentions
JOIN found_brands ON found_brands.id = topic_brand_mentions.found_brand_id
)
SELECT ranked_brands.topic_id, ranked_brands.found_brand_id, ranked_brands.name,
(CASE WHEN topic_runs.runs > 0
THEN 100 * CAST(ranked_brands.mentions AS DOUBLE PRECISION)
/ CAST(topic_runs.runs AS DOUBLE PRECISION)
ELSE 0 END),
ranked_brands.mentions, topic_runs.runs
FROM ranked_brands
JOIN topic_runs ON topic_runs.topic_id = ranked_brands.topic_id
WHERE ranked_brands.brand_rank <= ?
ORDER BY ranked_brands.topic_id, ranked_brands.brand_rank
;
