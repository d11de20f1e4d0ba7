{{/* The prompts view of the dashboard (docs/metrics.md#prompt-matrix): for
one page of the prompts of a brand with answers in the window, ordered by
topic and text, the answers of each provider to the prompt, those naming
the brand, the visibility, and the mean position of the brand in the
answers naming it.

scoped_runs: the runs of the scope (window, provider, region, topic and
prompt filters). brand_positions: per run naming the brand itself, the
position of its first found brand (1-based order of first appearance
among the brands of the answer, as GET …/runs serves it). page_prompts:
the page of prompts, with the number of all. cells: per prompt of the page
and provider, the counts and rates. */}}
{{define "prompt_matrix.sql" -}}
{{- $q := scope -}}
WITH scoped_runs AS (
SELECT runs.seq AS seq,
runs.prompt_id AS prompt_id,
runs.provider_id AS provider_id
FROM runs runs
WHERE {{template "filter_in" pair "runs" $q.Window}}
),
brand_positions AS (
SELECT mentions.run_seq AS run_seq,
MIN(mentions.position) AS position
FROM mentions
JOIN found_brands ON found_brands.id = mentions.found_brand_id
WHERE mentions.brand_id = {{brand}}
AND mentions.ran_at >= {{ts $q.Window.Start}} AND mentions.ran_at < {{ts $q.Window.End}}
AND found_brands.is_self = {{arg true}}
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
LIMIT {{arg .Limit}} OFFSET {{arg .Offset}}
),
cells AS (
SELECT scoped_runs.prompt_id AS prompt_id,
scoped_runs.provider_id AS provider_id,
COUNT(*) AS runs,
COUNT(brand_positions.run_seq) AS mentions,
AVG({{dbl "brand_positions.position"}}) AS avg_position
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
{{pct "cells.mentions" "cells.runs"}} AS visibility,
cells.avg_position
FROM page_prompts
JOIN cells ON cells.prompt_id = page_prompts.id
ORDER BY page_prompts.topic_name, page_prompts.text, page_prompts.id, cells.provider_id
{{- end}}
