{{/* The series of GET …/agents/overview: each operator's counted visits
per bucket of .Granularity. Buckets without visits have no row; sqlstore
adds them as zeros. A rollup row's day is in its buckets as its visits
are. */}}
{{define "agents_overview_series.sql" -}}
WITH class_rows AS (
{{- template "agent_class_rows" .}}
),
bucketed_rows AS (
  SELECT
    operator,
    {{bucket .Granularity "visited_at"}} AS bucket,
    visits
  FROM class_rows
)
SELECT
  operator,
  bucket,
  CAST(SUM(visits) AS BIGINT) AS visits
FROM bucketed_rows
GROUP BY operator, bucket
ORDER BY operator, bucket
{{- end}}
