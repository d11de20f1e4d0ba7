{{/*
The row sources every metric aggregates with SUM of its counts. Each is
given a Period (window, or span: the previous period and the window) and
reads the rollups for the whole days of it and the fact tables for the
partial days (the reads func), or the fact tables alone when the scope asks
for something the rollups do not keep (docs/performance.md#rollups).
Rows without topic carry the nil UUID, as the rollups do; a rollup is
aliased rollup_row. A statement that sums the rows per period only, never
by day or month, passes "perPeriod span" (or window): whole ISO weeks then
come from the weekly rollups, a quarter of the daily rows. One that sums
each count per period as cur × count and prev × count passes "sums span"
(or window): its rows carry the weights cur and prev instead of ran_at,
and a week's row may stand for days of both periods (Weight, sumPlan).

  run_rows             ran_at, topic_id, provider_id, region_id, runs
  citation_count_rows  ran_at, topic_id, provider_id, region_id, citations, owned_citations
  run_citation_rows    ran_at, topic_id, runs, citations, owned_citations
  mention_rows         ran_at, topic_id, found_brand_id, mentions, sentiment_sum
  target_run_rows      ran_at, topic_id, runs (the runs naming the target)
  target_run_dim_rows  ran_at, topic_id, provider_id, region_id, runs
  surface_run_rows     provider_id, runs, answered_runs (of search surfaces; per period only)
*/}}

{{define "run_rows"}}
{{- range $i, $r := reads "runs" .}}
{{- if $i}}
UNION ALL
{{- end}}
{{- if $r.Rollup}}
SELECT {{when $r "rollup_row"}}, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id, rollup_row.runs AS runs
{{- template "from_rollup" $r}}
{{- else}}
SELECT {{when $r "runs"}},
COALESCE(runs.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id,
runs.provider_id AS provider_id, runs.region_id AS region_id, 1 AS runs
{{- template "from_table" pair $r "runs"}}
{{- end}}
{{- end}}
{{- end}}

{{/* The runs of search surfaces, those with a surface record, and of
them the runs that showed an answer (docs/metrics.md#answer-rate): from
the run rollups' surface_runs and answered_runs, or the runs joined to
run_surfaces (runs are never pruned). */}}
{{define "surface_run_rows"}}
{{- range $i, $r := reads "runs" .}}
{{- if $i}}
UNION ALL
{{- end}}
{{- if $r.Rollup}}
SELECT rollup_row.provider_id AS provider_id, rollup_row.surface_runs AS runs,
rollup_row.answered_runs AS answered_runs
{{- template "from_rollup" $r}}
AND rollup_row.surface_runs > 0
{{- else}}
SELECT runs.provider_id AS provider_id, 1 AS runs,
CASE WHEN run_surfaces.answer_shown = {{arg true}} THEN 1 ELSE 0 END AS answered_runs
FROM {{readRanges $r}}
CROSS JOIN runs runs
JOIN run_surfaces ON run_surfaces.run_seq = runs.seq
WHERE runs.brand_id = {{brand}}
AND runs.ran_at >= ranges.start_at AND runs.ran_at < ranges.end_at
{{- template "dim_filter" "runs"}}
{{- end}}
{{- end}}
{{- end}}

{{define "citation_count_rows"}}
{{- range $i, $r := reads "runs" .}}
{{- if $i}}
UNION ALL
{{- end}}
{{- if $r.Rollup}}
SELECT {{when $r "rollup_row"}}, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id,
rollup_row.citations AS citations, rollup_row.owned_citations AS owned_citations
{{- template "from_rollup" $r}}
{{- else}}
SELECT {{when $r "citations"}}, citations.topic_id AS topic_id,
citations.provider_id AS provider_id, citations.region_id AS region_id, 1 AS citations,
CASE WHEN citations.domain IN (SELECT domain FROM brand_domains WHERE brand_id = {{brand}})
  THEN 1 ELSE 0 END AS owned_citations
{{- template "from_facts" pair $r "citations"}}
{{- end}}
{{- end}}
{{- end}}

{{/* run_rows and citation_count_rows in one source: daily_runs holds both
counts, so its whole days are read once; the partial days add the runs'
rows (runs = 1) and the citations' rows (citations = 1). */}}
{{define "run_citation_rows"}}
{{- range $i, $r := reads "runs" .}}
{{- if $i}}
UNION ALL
{{- end}}
{{- if $r.Rollup}}
SELECT {{when $r "rollup_row"}}, rollup_row.topic_id AS topic_id, rollup_row.runs AS runs,
rollup_row.citations AS citations, rollup_row.owned_citations AS owned_citations
{{- template "from_rollup" $r}}
{{- else}}
SELECT {{when $r "runs"}},
COALESCE(runs.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id,
1 AS runs, 0 AS citations, 0 AS owned_citations
{{- template "from_table" pair $r "runs"}}
UNION ALL
SELECT {{when $r "citations"}}, citations.topic_id AS topic_id, 0 AS runs, 1 AS citations,
CASE WHEN citations.domain IN (SELECT domain FROM brand_domains WHERE brand_id = {{brand}})
  THEN 1 ELSE 0 END AS owned_citations
{{- template "from_facts" pair $r "citations"}}
{{- end}}
{{- end}}
{{- end}}

{{define "mention_rows"}}
{{- range $i, $r := reads "mentions" .}}
{{- if $i}}
UNION ALL
{{- end}}
{{- if $r.Rollup}}
SELECT {{when $r "rollup_row"}}, rollup_row.topic_id AS topic_id,
rollup_row.found_brand_id AS found_brand_id, rollup_row.mentions AS mentions,
rollup_row.sentiment_sum AS sentiment_sum
{{- template "from_rollup" $r}}
{{- else}}
SELECT {{when $r "mentions"}}, mentions.topic_id AS topic_id,
mentions.found_brand_id AS found_brand_id, 1 AS mentions, mentions.sentiment AS sentiment_sum
{{- template "from_facts" pair $r "mentions"}}
{{- end}}
{{- end}}
{{- end}}

{{/* The runs naming the target. With one target found brand they are its
mentions (one per run); with several (filter[brand_ids]) each run once,
which only the fact tables can tell. */}}
{{define "target_run_rows"}}
{{- $q := scope}}
{{- if gt (len $q.TargetIDs) 1}}
SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, 1 AS runs
{{- range reads "facts" .}}{{template "from_facts" pair . "mentions"}}{{end}}
AND mentions.found_brand_id IN ({{in $q.TargetIDs}})
GROUP BY mentions.run_seq, mentions.ran_at, mentions.topic_id
{{- else}}
SELECT {{if .Sums}}cur, prev{{else}}ran_at{{end}}, topic_id, mentions AS runs
FROM (
{{- template "mention_rows" .}}
) target_mentions
WHERE target_mentions.found_brand_id = {{arg (index $q.TargetIDs 0)}}
{{- end}}
{{- end}}

{{/* target_run_rows with provider_id and region_id */}}
{{define "target_run_dim_rows"}}
{{- $q := scope}}
{{- if gt (len $q.TargetIDs) 1}}
SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, mentions.provider_id AS provider_id,
mentions.region_id AS region_id, 1 AS runs
{{- range reads "facts" .}}{{template "from_facts" pair . "mentions"}}{{end}}
AND mentions.found_brand_id IN ({{in $q.TargetIDs}})
GROUP BY mentions.run_seq, mentions.ran_at, mentions.topic_id, mentions.provider_id, mentions.region_id
{{- else}}
{{- range $i, $r := reads "target_mentions" .}}
{{- if $i}}
UNION ALL
{{- end}}
{{- if $r.Rollup}}
SELECT {{when $r "rollup_row"}}, rollup_row.topic_id AS topic_id, rollup_row.provider_id AS provider_id,
rollup_row.region_id AS region_id, rollup_row.mentions AS runs
{{- template "from_rollup" $r}}
AND rollup_row.found_brand_id = {{arg (index $q.TargetIDs 0)}}
{{- else}}
SELECT {{when $r "mentions"}}, mentions.topic_id AS topic_id, mentions.provider_id AS provider_id,
mentions.region_id AS region_id, 1 AS runs
{{- template "from_facts" pair $r "mentions"}}
AND mentions.found_brand_id = {{arg (index $q.TargetIDs 0)}}
{{- end}}
{{- end}}
{{- end}}
{{- end}}

{{/* The FROM clause of a read (a Read): the ranges relation joined to the
table's rows of the brand within them, and the scope's dimension filters.
from_rollup reads the Read's rollup as rollup_row; from_table (a pair of
Read and table) a table under its own name; from_facts the mention or
citation facts, clustered by (brand_id, topic_id, provider_id, ran_at):
without a topic or provider filter it names every topic of the brand or
every provider, so that each pair is one range scan of the table. A range
that starts before the brand's pruned day would read facts that are gone:
pruned tells sqlstore (docs/retention.md). */}}
{{define "from_rollup"}}
FROM {{readRanges .}}
CROSS JOIN {{.Table}} rollup_row
WHERE rollup_row.brand_id = {{brand}}
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
{{- template "dim_filter" "rollup_row"}}
{{- end}}

{{define "from_table"}}
FROM {{readRanges .A}}
CROSS JOIN {{.B}} {{.B}}
WHERE {{.B}}.brand_id = {{brand}}
AND {{.B}}.ran_at >= ranges.start_at AND {{.B}}.ran_at < ranges.end_at
{{- template "dim_filter" .B}}
{{- end}}

{{define "from_facts"}}
{{- pruned .A.Ranges}}
{{- template "from_table" .}}
{{- template "all_topics_providers" .B}}
{{- end}}

{{/* The conditions selecting the scope's rows of a fact table (the alias
given) within a window, as a WHERE clause's first lines. */}}
{{define "fact_filter"}}{{pruned (list .B)}}{{template "filter_in" .}}
{{- template "all_topics_providers" .A}}
{{- end}}

{{/* Every topic of the brand and every provider on a fact table (the
alias given), unless the scope filters them. */}}
{{define "all_topics_providers"}}
{{- $q := scope}}
{{- if not $q.TopicIDs}}
AND {{.}}.topic_id IN ({{in $q.AllTopics}})
{{- end}}
{{- if not $q.ProviderIDs}}
AND {{.}}.provider_id IN ({{in $q.AllProviders}})
{{- end}}
{{- end}}

{{/* The scope's provider, region, topic and prompt filters on a table (the
alias given): the one way every statement writes them. Facts carry their
prompt's topic (prompts never change topic), so "topic ids resolved to
prompt ids" is a plain column match. */}}
{{define "dim_filter"}}
{{- $a := .}}
{{- $q := scope}}
{{- if $q.ProviderIDs}}
AND {{$a}}.provider_id IN ({{in $q.ProviderIDs}})
{{- end}}
{{- if $q.RegionIDs}}
AND {{$a}}.region_id IN ({{in $q.RegionIDs}})
{{- end}}
{{- if $q.TopicIDs}}
AND {{$a}}.topic_id IN ({{in $q.TopicIDs}})
{{- end}}
{{- if $q.PromptIDs}}
AND {{$a}}.prompt_id IN ({{in $q.PromptIDs}})
{{- end}}
{{- if $q.PromptID}}
AND {{$a}}.prompt_id = {{arg $q.PromptID}}
{{- end}}
{{- if $q.PromptRegions}}
AND ({{range $i, $pr := $q.PromptRegions}}{{if $i}} OR {{end -}}
({{$a}}.prompt_id = {{arg $pr.PromptID}} AND {{$a}}.region_id = {{arg $pr.RegionID}}){{end}})
{{- end}}
{{- end}}

{{/* The conditions selecting the scope's rows of a table (a pair of alias
and window) within the window, as a WHERE clause's first lines. */}}
{{define "filter_in"}}{{.A}}.brand_id = {{brand}}
AND {{.A}}.ran_at >= {{ts .B.Start}} AND {{.A}}.ran_at < {{ts .B.End}}
{{- template "dim_filter" .A}}
{{- end}}

{{/* The FROM clause of a read of a table (.A, its own alias) over ranges
(.B), with the scope's dimension filters; from_fact_ranges adds every
topic and provider of a fact table and tells a range before the pruned
day (the fan-out list's cut days). */}}
{{define "from_ranges"}}
FROM {{ranges .B}}
CROSS JOIN {{.A}} {{.A}}
WHERE {{.A}}.brand_id = {{brand}}
AND {{.A}}.ran_at >= ranges.start_at AND {{.A}}.ran_at < ranges.end_at
{{- template "dim_filter" .A}}
{{- end}}

{{define "from_fact_ranges"}}{{pruned .B}}{{template "from_ranges" .}}{{template "all_topics_providers" .A}}{{end}}
