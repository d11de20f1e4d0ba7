{{/* Mention share
(docs/metrics.md#share-series-citationsmention_share-citationsdomainsoverview):
per bucket the runs in scope and those naming the target, with the
average of the tracked brands (.Tracked: the brand itself and its
competitors, .NTracked of them).
Runs narrowed by the domains or page they cite (run_narrowing) come from
the fact tables only. bucket_runs: the runs in scope; bucket_target_runs:
those naming the target; bucket_tracked_mentions: the tracked brands'
mentions; share_buckets: the three side by side, the last as the tracked
brands' average. */}}
{{define "mention_share.sql" -}}
{{- $q := scope}}
{{- $window := factsOnly window .Narrow -}}
WITH bucket_runs AS (
SELECT {{bucket .Granularity "window_runs.ran_at"}} AS bucket,
SUM(window_runs.runs) AS runs
FROM (
{{- template "run_rows" $window}}
{{- template "run_narrowing" "runs.seq"}}
) window_runs
GROUP BY 1
),
bucket_target_runs AS (
SELECT {{bucket .Granularity "window_target_runs.ran_at"}} AS bucket,
SUM(window_target_runs.runs) AS target_runs
FROM (
{{- if not .Narrow}}
{{- template "target_run_rows" window}}
{{- else if gt (len $q.TargetIDs) 1}}
SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, 1 AS runs
FROM mentions
WHERE {{template "fact_filter" pair "mentions" $q.Window}}
AND mentions.found_brand_id IN ({{in $q.TargetIDs}})
{{- template "run_narrowing" "mentions.run_seq"}}
GROUP BY mentions.run_seq, mentions.ran_at, mentions.topic_id
{{- else}}
SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, 1 AS runs
FROM mentions
WHERE {{template "fact_filter" pair "mentions" $q.Window}}
AND mentions.found_brand_id = {{arg (index $q.TargetIDs 0)}}
{{- template "run_narrowing" "mentions.run_seq"}}
{{- end}}
) window_target_runs
GROUP BY 1
),
bucket_tracked_mentions AS (
SELECT {{bucket .Granularity "window_mentions.ran_at"}} AS bucket,
SUM(CASE WHEN window_mentions.found_brand_id IN ({{in .Tracked}})
  THEN window_mentions.mentions ELSE 0 END) AS tracked_mentions
FROM (
{{- template "mention_rows" $window}}
{{- template "run_narrowing" "mentions.run_seq"}}
) window_mentions
GROUP BY 1
),
share_buckets AS (
SELECT bucket_runs.bucket AS bucket, bucket_runs.runs AS runs,
COALESCE(bucket_target_runs.target_runs, 0) AS target_runs,
CAST(COALESCE(bucket_tracked_mentions.tracked_mentions, 0) AS DOUBLE PRECISION) / {{arg .NTracked}} AS tracked_average
FROM bucket_runs
LEFT JOIN bucket_target_runs ON bucket_target_runs.bucket = bucket_runs.bucket
LEFT JOIN bucket_tracked_mentions ON bucket_tracked_mentions.bucket = bucket_runs.bucket
)
SELECT bucket, runs, target_runs,
{{pct "target_runs" "runs"}},
tracked_average,
{{pct "tracked_average" "runs"}},
{{pct "SUM(target_runs) OVER ()" "SUM(runs) OVER ()"}},
{{pct "SUM(tracked_average) OVER ()" "SUM(runs) OVER ()"}},
SUM(target_runs) OVER (), SUM(runs) OVER ()
FROM share_buckets
ORDER BY bucket
{{- end}}

{{/* Limits the fact rows of runs (their seq column given) to those citing
filter[domains] or filter[url], when given. */}}
{{define "run_narrowing"}}
{{- $q := scope}}
{{- if or $q.Domains $q.URL}}
AND {{.}} IN (
SELECT citations.run_seq
FROM citations
WHERE {{template "fact_filter" pair "citations" $q.Window}}
{{- if $q.Domains}}
AND citations.domain IN ({{in $q.Domains}})
{{- end}}
{{- if $q.URL}}
AND citations.page = {{arg $q.URL}}
{{- end}})
{{- end}}
{{- end}}
