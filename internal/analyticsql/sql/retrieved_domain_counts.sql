{{/* retrieved_count of the domains of one page of a citation list: per
domain, the runs of the run scope that retrieved any of its pages, cited or not
(docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
.Reads: whole ISO weeks from weekly_retrieved_domains, other whole days
from daily_retrieved_domains, the rest (and every day under a prompt filter,
which the rollups do not keep) from run_sources; each run is on one day, so
the reads count disjoint runs and add up. .Keys: the list's domains. */}}
{{define "retrieved_domain_counts.sql" -}}
WITH scope_counts AS (
{{- range $i, $r := .Reads}}
{{- if $i}}
UNION ALL
{{- end}}
{{- if $r.Rollup}}
SELECT rollup_row.domain AS domain,
rollup_row.runs AS runs
{{- template "from_rollup" $r}}
AND rollup_row.domain IN ({{in $.Keys}})
{{- else}}
SELECT run_sources.domain AS domain,
COUNT(DISTINCT run_sources.run_seq) AS runs
{{- template "from_facts" pair $r "run_sources"}}
AND run_sources.domain IN ({{in $.Keys}})
GROUP BY run_sources.domain
{{- end}}
{{- end}}
)
SELECT scope_counts.domain,
SUM(scope_counts.runs) AS retrieved_count
FROM scope_counts
GROUP BY scope_counts.domain
{{- end}}
