{{/* Share of voice (docs/metrics.md#share-of-voice-share_of_voice): per found brand,
visibility, share of voice, sentiment and mentions over the window, and
their previous period's, ordered by .Order, .Limit rows from .Offset.
Rows are the brand itself, its competitors and every found brand named in
either period (sov_rows). run_totals: the runs of both periods;
brand_mentions: per found brand named in either period its mentions and
sentiment sums; mention_totals: all mentions; brand_metrics: per listed
found brand, its metrics of both periods. A row counts cur times in the
window and prev times in the previous period (Weight), so a found brand
whose rows were all taken back out of a week's row sums to no mention. */}}
{{define "share_of_voice.sql" -}}
WITH run_totals AS (
SELECT SUM(span_runs.cur * span_runs.runs) AS runs,
SUM(span_runs.prev * span_runs.runs) AS previous_runs
FROM (
{{- template "run_rows" sums span}}
) span_runs
),
brand_mentions AS (
SELECT span_mentions.found_brand_id AS found_brand_id,
SUM(span_mentions.cur * span_mentions.mentions) AS mentions,
SUM(span_mentions.prev * span_mentions.mentions) AS previous_mentions,
SUM(span_mentions.cur * span_mentions.sentiment_sum) AS sentiment_sum,
SUM(span_mentions.prev * span_mentions.sentiment_sum) AS previous_sentiment_sum
FROM (
{{- template "mention_rows" sums span}}
) span_mentions
GROUP BY span_mentions.found_brand_id
HAVING SUM(span_mentions.cur * span_mentions.mentions) > 0
OR SUM(span_mentions.prev * span_mentions.mentions) > 0
),
mention_totals AS (
SELECT COALESCE(SUM(mentions), 0) AS mentions, COALESCE(SUM(previous_mentions), 0) AS previous_mentions
FROM brand_mentions
),
brand_metrics AS (
SELECT found_brands.id AS id, found_brands.name AS name,
CASE WHEN found_brands.is_self = {{arg true}} THEN 'own'
  WHEN found_brands.competitor_id IS NOT NULL THEN 'competitor'
  ELSE 'other' END AS kind,
found_brands.competitor_id AS competitor_id,
{{pct "COALESCE(brand_mentions.mentions, 0)" "COALESCE(run_totals.runs, 0)"}} AS visibility,
{{pct "COALESCE(brand_mentions.previous_mentions, 0)" "COALESCE(run_totals.previous_runs, 0)"}} AS previous_visibility,
{{pct "COALESCE(brand_mentions.mentions, 0)" "mention_totals.mentions"}} AS share_of_voice,
{{pct "COALESCE(brand_mentions.previous_mentions, 0)" "mention_totals.previous_mentions"}} AS previous_share_of_voice,
{{mean "COALESCE(brand_mentions.sentiment_sum, 0)" "COALESCE(brand_mentions.mentions, 0)"}} AS sentiment,
{{mean "COALESCE(brand_mentions.previous_sentiment_sum, 0)" "COALESCE(brand_mentions.previous_mentions, 0)"}}
  AS previous_sentiment,
COALESCE(brand_mentions.mentions, 0) AS mentions,
COALESCE(brand_mentions.previous_mentions, 0) AS previous_mentions,
COALESCE(run_totals.runs, 0) AS runs, COALESCE(run_totals.previous_runs, 0) AS previous_runs,
mention_totals.mentions AS all_mentions, mention_totals.previous_mentions AS previous_all_mentions
FROM found_brands
LEFT JOIN brand_mentions ON brand_mentions.found_brand_id = found_brands.id
CROSS JOIN run_totals
CROSS JOIN mention_totals
WHERE found_brands.brand_id = {{brand}}
AND (
  brand_mentions.found_brand_id IS NOT NULL
  OR found_brands.is_self = {{arg true}}
  OR found_brands.competitor_id IS NOT NULL
)
{{- template "sov_rows"}}
)
SELECT id, name, kind, competitor_id, visibility, share_of_voice, sentiment, mentions,
visibility - previous_visibility, share_of_voice - previous_share_of_voice,
sentiment - previous_sentiment, mentions - previous_mentions,
COUNT(*) OVER (), previous_mentions, runs, previous_runs, all_mentions, previous_all_mentions
FROM brand_metrics
{{.Order}}
LIMIT {{arg .Limit}} OFFSET {{arg .Offset}}
{{- end}}

{{/* The count of the rows share_of_voice.sql lists. */}}
{{define "share_of_voice_count.sql" -}}
SELECT COUNT(*)
FROM found_brands
WHERE found_brands.brand_id = {{brand}}
AND (
  found_brands.is_self = {{arg true}}
  OR found_brands.competitor_id IS NOT NULL
  OR found_brands.id IN (
    SELECT span_mentions.found_brand_id
    FROM (
{{- template "mention_rows" perPeriod span}}
    ) span_mentions
  )
)
{{- template "sov_rows"}}
{{- end}}

{{/* The found brands of share-of-voice rows, narrowed to filter[brand_ids]
and, under TrackedOnly, to the tracked ones. */}}
{{define "sov_rows"}}
{{- $q := scope}}
{{- if $q.FoundBrandIDs}}
AND found_brands.id IN ({{in $q.FoundBrandIDs}})
{{- end}}
{{- if $q.TrackedOnly}}
AND (found_brands.is_self = {{arg true}} OR found_brands.competitor_id IS NOT NULL)
{{- end}}
{{- end}}

{{/* The per-bucket metrics of the found brands .IDs, and a row per bucket
(id NULL) with its runs and mentions: the denominators. bucket_runs: the
runs per bucket; brand_buckets: the mentions and sentiment sums per bucket
and found brand, every found brand's (one sort of the window's mention
rows), from which bucket_mentions sums all mentions per bucket and
bucket_brand_mentions keeps the given found brands. */}}
{{define "share_of_voice_series.sql" -}}
WITH brand_buckets AS MATERIALIZED (
SELECT {{bucket .Granularity "window_mentions.ran_at"}} AS bucket,
window_mentions.found_brand_id AS found_brand_id,
SUM(window_mentions.mentions) AS mentions, SUM(window_mentions.sentiment_sum) AS sentiment_sum
FROM (
{{- template "mention_rows" window}}
) window_mentions
GROUP BY 1, 2
),
bucket_runs AS (
SELECT {{bucket .Granularity "window_runs.ran_at"}} AS bucket,
SUM(window_runs.runs) AS runs
FROM (
{{- template "run_rows" window}}
) window_runs
GROUP BY 1
),
bucket_mentions AS (
SELECT bucket, SUM(mentions) AS mentions
FROM brand_buckets
GROUP BY bucket
),
bucket_brand_mentions AS (
SELECT bucket, found_brand_id, mentions, sentiment_sum
FROM brand_buckets
WHERE found_brand_id IN ({{in .IDs}})
)
SELECT bucket_brand_mentions.bucket, bucket_brand_mentions.found_brand_id,
{{pct "bucket_brand_mentions.mentions" "bucket_runs.runs"}},
{{pct "bucket_brand_mentions.mentions" "bucket_mentions.mentions"}},
{{mean "bucket_brand_mentions.sentiment_sum" "bucket_brand_mentions.mentions"}},
bucket_brand_mentions.mentions, 0, 0
FROM bucket_brand_mentions
JOIN bucket_runs ON bucket_runs.bucket = bucket_brand_mentions.bucket
JOIN bucket_mentions ON bucket_mentions.bucket = bucket_brand_mentions.bucket
UNION ALL
SELECT bucket_runs.bucket, NULL, 0, 0, 0, 0, bucket_runs.runs, COALESCE(bucket_mentions.mentions, 0)
FROM bucket_runs
LEFT JOIN bucket_mentions ON bucket_mentions.bucket = bucket_runs.bucket
ORDER BY 1
{{- end}}
