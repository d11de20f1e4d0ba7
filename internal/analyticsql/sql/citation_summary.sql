{{/* The window's citations by domain type (ownership class when it
applies, else the static class), largest first (docs/metrics.md). */}}
{{define "citation_summary.sql" -}}
{{template "citation_scope" .}},
{{- template "class_counts"}}
SELECT domain_type, SUM(citations),
{{pct "SUM(citations)" "SUM(SUM(citations)) OVER ()"}},
SUM(SUM(citations)) OVER ()
FROM class_counts
GROUP BY domain_type
HAVING SUM(citations) > 0
ORDER BY SUM(citations) DESC, domain_type
{{- end}}
