{{/* retrieved_count of the keys of one page of a citation list, .Key
"page" or "domain": per key, the runs of the run scope that retrieved it
(a domain: any of its pages), cited or not
(docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
.Reads: whole ISO weeks from the weekly retrieved-source rollup of the
level (the totals, read without a run filter, have none), other whole
days from the daily one, the rest (and every day under a prompt filter,
which the rollups do not keep) from run_sources; each run is on one day,
so the reads count disjoint runs and add up. .Keys: the list's pages or
domains. */}}
{{define "retrieved_counts.sql" -}}
WITH scope_counts AS (
{{- range $i, $r := .Reads}}
{{- if $i}}
UNION ALL
{{- end}}
{{- if $r.Rollup}}
SELECT rollup_row.{{$.Key}} AS {{$.Key}},
rollup_row.runs AS runs
{{- template "from_rollup" $r}}
AND rollup_row.{{$.Key}} IN ({{in $.Keys}})
{{- else}}
SELECT run_sources.{{$.Key}} AS {{$.Key}},
COUNT(DISTINCT run_sources.run_seq) AS runs
{{- template "from_facts" pair $r "run_sources"}}
AND run_sources.{{$.Key}} IN ({{in $.Keys}})
GROUP BY run_sources.{{$.Key}}
{{- end}}
{{- end}}
)
SELECT scope_counts.{{.Key}},
SUM(scope_counts.runs) AS retrieved_count
FROM scope_counts
GROUP BY scope_counts.{{.Key}}
{{- end}}
