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

WITH scoped_runs AS (
SELECT runs.seq AS seq,
runs.prompt_id AS prompt_id,
runs.provider_id AS provider_id
FROM runs runs
WHERE runs.brand_id = ?
AND runs.ran_at >= ? AND runs.ran_at < ?
AND runs.provider_id IN (?)
AND runs.topic_id IN (?)
),
brand_positions AS (
SELECT mentions.run_seq AS run_seq,
MIN(mentions.position) AS position
FROM mentions
JOIN found_brands ON found_brands.id = mentions.found_brand_id
WHERE mentions.brand_id = ?
AND mentions.ran_at >= ? AND mentions.ran_at < ?
AND found_brands.is_self = ?
GROUP BY mentions.run_seq
),
page_prompts AS (
SELECT prompts.id AS id,
prompts.text AS text,
prompts.topic_id AS topic_id,
COALESCE(topics.name, '') AS topic_name,
COUNT(*) OVER () AS total_prompts
FROM prompts
LEFT JOIN topics ON topics.id = prompts.topic_id
WHERE prompts.id IN (SELECT scoped_runs.prompt_id FROM scoped_runs)
ORDER BY topic_name, prompts.text, prompts.id
LIMIT ? OFFSET ?
),
cells AS (
SELECT scoped_runs.prompt_id AS prompt_id,
scoped_runs.provider_id AS provider_id,
COUNT(*) AS runs,
COUNT(brand_positions.run_seq) AS mentions,
AVG(CAST(brand_positions.position AS DOUBLE PRECISION)) AS avg_position
FROM scoped_runs
LEFT JOIN brand_positions ON brand_positions.run_seq = scoped_runs.seq
WHERE scoped_runs.prompt_id IN (SELECT page_prompts.id FROM page_prompts)
GROUP BY scoped_runs.prompt_id, scoped_runs.provider_id
)
SELECT page_prompts.id,
page_prompts.text,
page_prompts.topic_id,
page_prompts.topic_name,
page_prompts.total_prompts,
cells.provider_id,
cells.runs,
cells.mentions,
(CASE WHEN cells.runs > 0
THEN 100 * CAST(cells.mentions AS DOUBLE PRECISION)
/ CAST(cells.runs AS DOUBLE PRECISION)
ELSE 0 END) AS visibility,
cells.avg_position
FROM page_prompts
JOIN cells ON cells.prompt_id = page_prompts.id
ORDER BY page_prompts.topic_name, page_prompts.text, page_prompts.id, cells.provider_id
;
