{{/* The summary stats of the citations overview (docs/metrics.md), their
citation counts: per day of the window, all citations, owned citations,
youtube and reddit citations in answers naming the target and citations in
answers naming the target; then one 'all' row with the window's totals,
the brand rate, the growth of each count and the previous period's counts.
citation_days: per day of either period (in_window 1 for the window, 0 for
the previous period) its counts; period_totals: the sums of each period.
target_run_stats.sql gives the runs naming the target. */}}
{{define "summary_stats.sql" -}}
{{template "citation_scope" .}},
citation_days AS (
SELECT CASE WHEN ran_at >= {{cur}} THEN 1 ELSE 0 END AS in_window,
{{bucket "day" "ran_at"}} AS bucket,
SUM(citations) AS citations, SUM(brand_citations) AS brand_citations,
SUM(CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN citations ELSE 0 END) AS owned_citations,
SUM(CASE WHEN domain IN ('youtube.com', 'youtu.be') THEN brand_citations ELSE 0 END) AS youtube_brand_citations,
SUM(CASE WHEN domain = 'reddit.com' THEN brand_citations ELSE 0 END) AS reddit_brand_citations
FROM scope_citations
GROUP BY 1, 2
),
period_totals AS (
SELECT SUM(CASE WHEN in_window = 1 THEN citations ELSE 0 END) AS citations,
SUM(CASE WHEN in_window = 0 THEN citations ELSE 0 END) AS previous_citations,
SUM(CASE WHEN in_window = 1 THEN brand_citations ELSE 0 END) AS brand_citations,
SUM(CASE WHEN in_window = 1 THEN owned_citations ELSE 0 END) AS owned_citations,
SUM(CASE WHEN in_window = 0 THEN owned_citations ELSE 0 END) AS previous_owned_citations,
SUM(CASE WHEN in_window = 1 THEN youtube_brand_citations ELSE 0 END) AS youtube_brand_citations,
SUM(CASE WHEN in_window = 0 THEN youtube_brand_citations ELSE 0 END) AS previous_youtube_brand_citations,
SUM(CASE WHEN in_window = 1 THEN reddit_brand_citations ELSE 0 END) AS reddit_brand_citations,
SUM(CASE WHEN in_window = 0 THEN reddit_brand_citations ELSE 0 END) AS previous_reddit_brand_citations
FROM citation_days
)
SELECT 'day', bucket, citations, owned_citations, youtube_brand_citations, reddit_brand_citations, brand_citations,
0, 0, 0, 0, 0, 0, 0, 0, 0
FROM citation_days
WHERE in_window = 1
UNION ALL
SELECT 'all', '', COALESCE(citations, 0), COALESCE(owned_citations, 0),
COALESCE(youtube_brand_citations, 0), COALESCE(reddit_brand_citations, 0), COALESCE(brand_citations, 0),
{{pct "COALESCE(brand_citations, 0)" "COALESCE(citations, 0)"}},
{{growth "COALESCE(citations, 0)" "COALESCE(previous_citations, 0)"}},
{{growth "COALESCE(owned_citations, 0)" "COALESCE(previous_owned_citations, 0)"}},
{{growth "COALESCE(youtube_brand_citations, 0)" "COALESCE(previous_youtube_brand_citations, 0)"}},
{{growth "COALESCE(reddit_brand_citations, 0)" "COALESCE(previous_reddit_brand_citations, 0)"}},
COALESCE(previous_citations, 0), COALESCE(previous_owned_citations, 0),
COALESCE(previous_youtube_brand_citations, 0), COALESCE(previous_reddit_brand_citations, 0)
FROM period_totals
{{- end}}

{{/* The runs naming the target of the summary stats: per day of the
window, then one 'all' row with the window's total, its growth and the
previous period's total. target_run_days: per day of either period
(in_window 1 for the window, 0 for the previous period) its runs naming
the target; period_totals: the sums of each period. */}}
{{define "target_run_stats.sql" -}}
WITH target_run_days AS (
SELECT CASE WHEN ran_at >= {{cur}} THEN 1 ELSE 0 END AS in_window,
{{bucket "day" "ran_at"}} AS bucket,
SUM(runs) AS target_runs
FROM (
{{- template "target_run_rows" span}}
) span_target_runs
GROUP BY 1, 2
),
period_totals AS (
SELECT SUM(CASE WHEN in_window = 1 THEN target_runs ELSE 0 END) AS target_runs,
SUM(CASE WHEN in_window = 0 THEN target_runs ELSE 0 END) AS previous_target_runs
FROM target_run_days
)
SELECT 'day', bucket, target_runs, 0, 0
FROM target_run_days
WHERE in_window = 1
UNION ALL
SELECT 'all', '', COALESCE(target_runs, 0),
{{growth "COALESCE(target_runs, 0)" "COALESCE(previous_target_runs, 0)"}},
COALESCE(previous_target_runs, 0)
FROM period_totals
{{- end}}

{{/* The top growing domains or pages (docs/metrics.md), as .Sel.Level
says: those cited more in the window than in the previous period, by
growth rate, at most .Limit per list; "just me" counts only citations in
answers naming the target. One statement per level reads the citations
once for both lists: pages from the page rollups, domains from the smaller
domain rollups.

Among the brand's citations, those naming the target or only a competitor
(for the row's type) are all of a rollup row's named_citations (then its
brand_citations) and none of its competitor_only_citations (the brand is
its target), and a fact row's where brand_citations is set. When every row is a rollup row (no partial
day in the span) the brand's sums read named_citations alone: fewer
columns for SQLite to sort. row_counts: per page or domain (row_key), by
period (0 before the window, 1 in it); then the rows that grew, the first
.Limit of each list by growth, and their class. An ORDER BY … LIMIT per list keeps only the
top rows while sorting, where a ROW_NUMBER over every row sorted them all
(docs/performance.md#statement-shapes-that-plan-well). */}}
{{define "top_growing.sql" -}}
{{- $level := .Sel.Level}}
{{- $brand := "named_citations"}}
{{- $brandNamed := "named_citations"}}
{{- $brandCompetitorOnly := "0"}}
{{- if .Sel.Raw}}
{{- $brand = "brand_citations"}}
{{- $brandNamed = "CASE WHEN brand_citations <> 0 THEN named_citations ELSE 0 END"}}
{{- $brandCompetitorOnly = "CASE WHEN run_seq = 0 THEN 0 ELSE competitor_only_citations * brand_citations END"}}
{{- end -}}
{{template "citation_scope" .Sel}},
row_counts AS (
SELECT {{$level}} AS row_key, MIN(domain) AS domain,
{{if eq $level "page"}}MIN(page_type){{else}}''{{end}} AS page_type, MIN(static_type) AS static_type,
SUM(CASE WHEN period = 1 THEN citations ELSE 0 END) AS current_citations,
SUM(CASE WHEN period = 0 THEN citations ELSE 0 END) AS previous_citations,
SUM(CASE WHEN period = 1 THEN {{$brand}} ELSE 0 END) AS current_brand_citations,
SUM(CASE WHEN period = 0 THEN {{$brand}} ELSE 0 END) AS previous_brand_citations,
SUM(named_citations) AS named_citations, SUM(competitor_only_citations) AS competitor_only_citations,
SUM({{$brandNamed}}) AS brand_named_citations,
SUM({{$brandCompetitorOnly}})
  AS brand_competitor_only_citations
FROM scope_citations
GROUP BY {{$level}}
)
SELECT '{{$level}}', list, row_key, domain, page_type,
{{template "class_of" strings "domain" "named" "competitor_only" "static_type"}},
current_citations, previous_citations, growth_rate
FROM (
{{- range $j, $list := strings "overall" "just_me"}}
{{- $p := ""}}
{{- if eq $list "just_me"}}{{$p = "brand_"}}{{end}}
{{- $current := printf "current_%scitations" $p}}
{{- $previous := printf "previous_%scitations" $p}}
{{- if $j}}
UNION ALL
{{- end}}
SELECT *
FROM (
  SELECT '{{$list}}' AS list, row_key, domain, page_type, static_type,
  {{$p}}named_citations AS named, {{$p}}competitor_only_citations AS competitor_only,
  {{if $p}}{{$current}} AS current_citations, {{$previous}} AS previous_citations{{else -}}
    current_citations, previous_citations{{end}},
  {{growth $current $previous}} AS growth_rate
  FROM row_counts
  WHERE {{$current}} > {{$previous}}
  ORDER BY growth_rate DESC, current_citations DESC, row_key
  LIMIT {{arg $.Limit}}
) top_{{$list}}
{{- end}}
) top_rows
ORDER BY list, growth_rate DESC, current_citations DESC, row_key
{{- end}}

{{/* The window's citations and the target's mentions (runs naming it) by
provider, topic and region (docs/metrics.md). One statement reads each
source once for the three splits, summed first per (topic, provider,
region), so that each split groups a few hundred rows instead of every
day's: citations_by_DIM and target_runs_by_DIM per dimension, then their
shares, the dimension's index in .Dims and kind 'c' (citations) or 'm'
(mentions: runs naming the target). */}}
{{define "distributions.sql" -}}
WITH window_citations AS MATERIALIZED (
SELECT topic_id, provider_id, region_id, SUM(citations) AS citations
FROM (
{{- template "citation_count_rows" perPeriod window}}
) window_rows
GROUP BY topic_id, provider_id, region_id
),
window_target_runs AS MATERIALIZED (
SELECT topic_id, provider_id, region_id, SUM(runs) AS runs
FROM (
{{- template "target_run_dim_rows" perPeriod window}}
) window_rows
GROUP BY topic_id, provider_id, region_id
)
{{- range .Dims}},
citations_by_{{.Name}} AS (
SELECT {{.Col}} AS id, SUM(citations) AS citations
FROM window_citations
GROUP BY {{.Col}}
),
target_runs_by_{{.Name}} AS (
SELECT {{.Col}} AS id, SUM(runs) AS target_runs
FROM window_target_runs
GROUP BY {{.Col}}
)
{{- end}}
SELECT *
FROM (
{{- range $i, $d := .Dims}}
{{- $cites := printf "citations_by_%s" $d.Name}}
{{- $runs := printf "target_runs_by_%s" $d.Name}}
{{- if $i}}
UNION ALL
{{- end}}
SELECT {{$i}} AS dimension, 'c' AS kind, {{$cites}}.id AS id, {{$d.Table}}.name AS name,
{{$cites}}.citations AS share_count,
{{pct (printf "%s.citations" $cites) (printf "SUM(%s.citations) OVER ()" $cites)}} AS share_percent
FROM {{$cites}}
JOIN {{$d.Table}} ON {{$d.Table}}.id = {{$cites}}.id
UNION ALL
SELECT {{$i}}, 'm', {{$runs}}.id, {{$d.Table}}.name,
{{$runs}}.target_runs,
{{pct (printf "%s.target_runs" $runs) (printf "SUM(%s.target_runs) OVER ()" $runs)}}
FROM {{$runs}}
JOIN {{$d.Table}} ON {{$d.Table}}.id = {{$runs}}.id
{{- end}}
) shares
ORDER BY dimension, kind, share_count DESC, name, id
{{- end}}
