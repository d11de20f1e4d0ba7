{{/* The runs list's total (docs/api.md#runs) when no filter
looks into the answers: the runs in scope, from the run rollups for the
whole days of the window (weekly rows for whole ISO weeks) and the runs
for the rest (run_rows). */}}
{{define "run_count.sql" -}}
SELECT COALESCE(SUM(window_runs.runs), 0)
FROM (
{{- template "run_rows" perPeriod window}}
) window_runs
{{- end}}
