{{/* Topic metrics (docs/metrics.md): per topic of .IDs visibility, share
of voice, sentiment and citation share, their previous period's, and the
counts they are rates of. A row counts cur times in the window and prev
times in the previous period (Weight; with several target found brands,
topic_target_runs tells them by ran_at >= cur).

topic_runs: runs per topic (denominator of visibility), citations of owned
domains and all citations (citation share), in one read.
topic_target_runs, with several target found brands only: the runs naming
the target (numerator of visibility). A run names a found brand at most
once, so with one target found brand they are its mentions, which
topic_mentions counts anyway: they are then its target columns.
topic_mentions: target mentions, all mentions, the target's sentiment sums
(the target's condition on a line of its own: the list of target ids may
be long). topic_counts: per topic the counts of both periods (0 when
none); topic_metrics: those and the rates of both periods; the outer
select adds the differences. */}}
{{define "topics.sql" -}}
{{- $q := scope}}
{{- $targetRuns := "COALESCE(topic_mentions.target_mentions, 0)"}}
{{- $previousTargetRuns := "COALESCE(topic_mentions.previous_target_mentions, 0)"}}
{{- if .SeveralTargets}}
{{- $targetRuns = "COALESCE(topic_target_runs.target_runs, 0)"}}
{{- $previousTargetRuns = "COALESCE(topic_target_runs.previous_target_runs, 0)"}}
{{- end -}}
WITH topic_runs AS (
SELECT span_runs.topic_id AS topic_id,
SUM(span_runs.cur * span_runs.runs) AS runs,
SUM(span_runs.prev * span_runs.runs) AS previous_runs,
SUM(span_runs.cur * span_runs.owned_citations) AS owned_citations,
SUM(span_runs.prev * span_runs.owned_citations) AS previous_owned_citations,
SUM(span_runs.cur * span_runs.citations) AS citations,
SUM(span_runs.prev * span_runs.citations) AS previous_citations
FROM (
{{- template "run_citation_rows" sums span}}
) span_runs
WHERE span_runs.topic_id IN ({{in .IDs}})
GROUP BY span_runs.topic_id
),
{{- if .SeveralTargets}}
topic_target_runs AS (
SELECT span_target_runs.topic_id AS topic_id,
SUM(CASE WHEN span_target_runs.ran_at >= {{cur}} THEN span_target_runs.runs ELSE 0 END) AS target_runs,
SUM(CASE WHEN span_target_runs.ran_at < {{cur}} THEN span_target_runs.runs ELSE 0 END) AS previous_target_runs
FROM (
{{- template "target_run_rows" perPeriod span}}
) span_target_runs
WHERE span_target_runs.topic_id IN ({{in .IDs}})
GROUP BY span_target_runs.topic_id
),
{{- end}}
topic_mentions AS (
SELECT span_mentions.topic_id AS topic_id,
SUM(CASE WHEN span_mentions.found_brand_id IN ({{in $q.TargetIDs}})
  THEN span_mentions.cur * span_mentions.mentions ELSE 0 END) AS target_mentions,
SUM(CASE WHEN span_mentions.found_brand_id IN ({{in $q.TargetIDs}})
  THEN span_mentions.prev * span_mentions.mentions ELSE 0 END) AS previous_target_mentions,
SUM(span_mentions.cur * span_mentions.mentions) AS mentions,
SUM(span_mentions.prev * span_mentions.mentions) AS previous_mentions,
SUM(CASE WHEN span_mentions.found_brand_id IN ({{in $q.TargetIDs}})
  THEN span_mentions.cur * span_mentions.sentiment_sum ELSE 0 END) AS target_sentiment_sum,
SUM(CASE WHEN span_mentions.found_brand_id IN ({{in $q.TargetIDs}})
  THEN span_mentions.prev * span_mentions.sentiment_sum ELSE 0 END) AS previous_target_sentiment_sum
FROM (
{{- template "mention_rows" sums span}}
) span_mentions
WHERE span_mentions.topic_id IN ({{in .IDs}})
GROUP BY span_mentions.topic_id
),
topic_counts AS (
SELECT topics.id AS id,
{{$targetRuns}} AS target_runs,
COALESCE(topic_runs.runs, 0) AS runs,
{{$previousTargetRuns}} AS previous_target_runs,
COALESCE(topic_runs.previous_runs, 0) AS previous_runs,
COALESCE(topic_mentions.target_mentions, 0) AS target_mentions,
COALESCE(topic_mentions.mentions, 0) AS mentions,
COALESCE(topic_mentions.previous_target_mentions, 0) AS previous_target_mentions,
COALESCE(topic_mentions.previous_mentions, 0) AS previous_mentions,
COALESCE(topic_mentions.target_sentiment_sum, 0) AS target_sentiment_sum,
COALESCE(topic_mentions.previous_target_sentiment_sum, 0) AS previous_target_sentiment_sum,
COALESCE(topic_runs.owned_citations, 0) AS owned_citations,
COALESCE(topic_runs.citations, 0) AS citations,
COALESCE(topic_runs.previous_owned_citations, 0) AS previous_owned_citations,
COALESCE(topic_runs.previous_citations, 0) AS previous_citations
FROM topics
LEFT JOIN topic_runs ON topic_runs.topic_id = topics.id
{{- if .SeveralTargets}}
LEFT JOIN topic_target_runs ON topic_target_runs.topic_id = topics.id
{{- end}}
LEFT JOIN topic_mentions ON topic_mentions.topic_id = topics.id
WHERE topics.id IN ({{in .IDs}})
),
topic_metrics AS (
SELECT topic_counts.*,
{{pct "target_runs" "runs"}} AS visibility,
{{pct "previous_target_runs" "previous_runs"}} AS previous_visibility,
{{pct "target_mentions" "mentions"}} AS share_of_voice,
{{pct "previous_target_mentions" "previous_mentions"}} AS previous_share_of_voice,
{{mean "target_sentiment_sum" "target_mentions"}} AS sentiment,
{{mean "previous_target_sentiment_sum" "previous_target_mentions"}} AS previous_sentiment,
{{pct "owned_citations" "citations"}} AS citation_share,
{{pct "previous_owned_citations" "previous_citations"}} AS previous_citation_share
FROM topic_counts
)
SELECT id, visibility, visibility - previous_visibility,
share_of_voice, share_of_voice - previous_share_of_voice,
sentiment, sentiment - previous_sentiment,
citation_share, citation_share - previous_citation_share,
target_runs, runs, previous_target_runs, previous_runs,
target_mentions, mentions, previous_target_mentions, previous_mentions,
owned_citations, citations, previous_owned_citations, previous_citations
FROM topic_metrics
{{- end}}

{{/* Per topic of .IDs the .Limit found brands with the highest visibility
in the window (ties by name); filter[brand_ids] limits the candidates. A
row counts cur times (Weight), so a found brand whose rows were all taken
back out of a week's row sums to no mention: it was not named. */}}
{{define "top_brands.sql" -}}
{{- $q := scope -}}
WITH topic_runs AS (
SELECT window_runs.topic_id AS topic_id, SUM(window_runs.cur * window_runs.runs) AS runs
FROM (
{{- template "run_rows" sums window}}
) window_runs
WHERE window_runs.topic_id IN ({{in .IDs}})
GROUP BY window_runs.topic_id
),
topic_brand_mentions AS (
SELECT window_mentions.topic_id AS topic_id, window_mentions.found_brand_id AS found_brand_id,
SUM(window_mentions.cur * window_mentions.mentions) AS mentions
FROM (
{{- template "mention_rows" sums window}}
) window_mentions
WHERE window_mentions.topic_id IN ({{in .IDs}})
{{- if $q.FoundBrandIDs}}
AND window_mentions.found_brand_id IN ({{in $q.FoundBrandIDs}})
{{- end}}
GROUP BY window_mentions.topic_id, window_mentions.found_brand_id
HAVING SUM(window_mentions.cur * window_mentions.mentions) > 0
),
ranked_brands AS (
SELECT topic_brand_mentions.topic_id AS topic_id,
topic_brand_mentions.found_brand_id AS found_brand_id,
found_brands.name AS name, topic_brand_mentions.mentions AS mentions,
ROW_NUMBER() OVER (
  PARTITION BY topic_brand_mentions.topic_id
  ORDER BY topic_brand_mentions.mentions DESC, found_brands.name ASC, topic_brand_mentions.found_brand_id ASC
) AS brand_rank
FROM topic_brand_mentions
JOIN found_brands ON found_brands.id = topic_brand_mentions.found_brand_id
)
SELECT ranked_brands.topic_id, ranked_brands.found_brand_id, ranked_brands.name,
{{pct "ranked_brands.mentions" "topic_runs.runs"}},
ranked_brands.mentions, topic_runs.runs
FROM ranked_brands
JOIN topic_runs ON topic_runs.topic_id = ranked_brands.topic_id
WHERE ranked_brands.brand_rank <= {{arg .Limit}}
ORDER BY ranked_brands.topic_id, ranked_brands.brand_rank
{{- end}}
