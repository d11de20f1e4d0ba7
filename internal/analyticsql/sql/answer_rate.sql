{{/* The answer rate (docs/metrics.md#answer-rate): per search surface, the
runs in scope and those where an answer was shown. Only runs of a search
surface have a run_surfaces row, so the join keeps exactly them. */}}
{{define "answer_rate.sql" -}}
WITH surface_runs AS (
SELECT runs.provider_id, run_surfaces.answer_shown
FROM runs
JOIN run_surfaces ON run_surfaces.run_seq = runs.seq
WHERE {{template "filter_in" pair "runs" scope.Window}}
),
surface_counts AS (
SELECT provider_id, COUNT(*) AS runs,
SUM(CASE WHEN answer_shown = {{arg true}} THEN 1 ELSE 0 END) AS answered_runs
FROM surface_runs
GROUP BY provider_id
)
SELECT providers.id, providers.code,
{{pct "surface_counts.answered_runs" "surface_counts.runs"}},
surface_counts.runs, surface_counts.answered_runs
FROM surface_counts
JOIN providers ON providers.id = surface_counts.provider_id
ORDER BY providers.code
{{- end}}
