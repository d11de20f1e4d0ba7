{{/* retrieved_count of the pages of one page of a citation list: per
page, the runs of the run scope that retrieved it, cited or not
(docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
.Reads: whole ISO weeks from weekly_retrieved_pages, other whole days
from daily_retrieved_pages, the rest (and every day under a prompt filter,
which the rollups do not keep) from run_sources; each run is on one day, so
the reads count disjoint runs and add up. .Keys: the list's pages. */}}
{{define "retrieved_page_counts.sql" -}}
WITH scope_counts AS (
{{- range $i, $r := .Reads}}
{{- if $i}}
UNION ALL
{{- end}}
{{- if $r.Rollup}}
SELECT rollup_row.page AS page,
rollup_row.runs AS runs
{{- template "from_rollup" $r}}
AND rollup_row.page IN ({{in $.Keys}})
{{- else}}
SELECT run_sources.page AS page,
COUNT(DISTINCT run_sources.run_seq) AS runs
{{- template "from_facts" pair $r "run_sources"}}
AND run_sources.page IN ({{in $.Keys}})
GROUP BY run_sources.page
{{- end}}
{{- end}}
)
SELECT scope_counts.page,
SUM(scope_counts.runs) AS retrieved_count
FROM scope_counts
GROUP BY scope_counts.page
{{- end}}
