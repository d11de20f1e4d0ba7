-- The prompts view of the dashboard (docs/metrics.md#prompt-matrix): for
-- one page of the prompts of a brand with answers in the window, ordered
-- by topic and text, the answers of each provider to the prompt, those
-- naming the brand, the visibility, and the mean position of the brand in
-- the answers naming it. The position of the brand in a run is the
-- position of its mention (1-based order of first appearance among the
-- brands of the answer, as GET …/runs serves it); several found brands of
-- the brand itself in one answer count once, at the first.
--
-- Arguments, in order: the brand id, the start and end of the window; for
-- each of the region, topic and provider filters, whether it is off and
-- its id; the brand id, the start and end of the window again and true
-- (is_self); the page size and the offset.
--
-- No apostrophe in these comments: the placeholder rewriting for
-- PostgreSQL (Dialect.Rebind) reads one as the start of a string.
WITH scoped_runs AS (
  SELECT
    runs.seq,
    runs.prompt_id,
    runs.provider_id
  FROM runs
  WHERE runs.brand_id = ?
    AND runs.ran_at >= ?
    AND runs.ran_at < ?
    AND (? OR runs.region_id = ?)
    AND (? OR runs.topic_id = ?)
    AND (? OR runs.provider_id = ?)
),
brand_positions AS (
  SELECT
    mentions.run_seq,
    MIN(mentions.position) AS position
  FROM mentions
  JOIN found_brands ON found_brands.id = mentions.found_brand_id
  WHERE mentions.brand_id = ?
    AND mentions.ran_at >= ?
    AND mentions.ran_at < ?
    AND found_brands.is_self = ?
  GROUP BY mentions.run_seq
),
page_prompts AS (
  SELECT
    prompts.id,
    prompts.text,
    prompts.topic_id,
    COALESCE(topics.name, '') AS topic_name,
    COUNT(*) OVER () AS total_prompts
  FROM prompts
  LEFT JOIN topics ON topics.id = prompts.topic_id
  WHERE prompts.id IN (SELECT scoped_runs.prompt_id FROM scoped_runs)
  ORDER BY topic_name, prompts.text, prompts.id
  LIMIT ? OFFSET ?
),
cells AS (
  SELECT
    scoped_runs.prompt_id,
    scoped_runs.provider_id,
    COUNT(*) AS runs,
    COUNT(brand_positions.run_seq) AS mentions,
    CAST(COUNT(brand_positions.run_seq) AS DOUBLE PRECISION) * 100 / COUNT(*) AS visibility,
    AVG(CAST(brand_positions.position AS DOUBLE PRECISION)) AS avg_position
  FROM scoped_runs
  LEFT JOIN brand_positions ON brand_positions.run_seq = scoped_runs.seq
  WHERE scoped_runs.prompt_id IN (SELECT page_prompts.id FROM page_prompts)
  GROUP BY scoped_runs.prompt_id, scoped_runs.provider_id
)
SELECT
  page_prompts.id,
  page_prompts.text,
  page_prompts.topic_id,
  page_prompts.topic_name,
  page_prompts.total_prompts,
  cells.provider_id,
  cells.runs,
  cells.mentions,
  cells.visibility,
  cells.avg_position
FROM page_prompts
JOIN cells ON cells.prompt_id = page_prompts.id
ORDER BY page_prompts.topic_name, page_prompts.text, page_prompts.id, cells.provider_id
