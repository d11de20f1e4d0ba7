{{/* The answer rate (docs/metrics.md#answer-rate): per search surface, the
runs in scope and those where an answer was shown. surface_counts: per
provider, its search-surface runs and answered runs (surface_run_rows);
a provider with none is no search surface and has no row. */}}
{{define "answer_rate.sql" -}}
WITH surface_counts AS (
SELECT surface_runs.provider_id AS provider_id,
SUM(surface_runs.runs) AS runs,
SUM(surface_runs.answered_runs) AS answered_runs
FROM (
{{- template "surface_run_rows" perPeriod window}}
) surface_runs
GROUP BY surface_runs.provider_id
HAVING SUM(surface_runs.runs) > 0
)
SELECT providers.id, providers.code,
{{pct "surface_counts.answered_runs" "surface_counts.runs"}},
surface_counts.runs, surface_counts.answered_runs
FROM surface_counts
JOIN providers ON providers.id = surface_counts.provider_id
ORDER BY providers.code
{{- end}}
