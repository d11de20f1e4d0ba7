{{/*
The common table expressions every citation metric starts from
(citationScope gives the data: which rollup tables answer which pieces of
the window, and the fact ranges):

  owned_domains, competitor_domains: the brand's owned domains and its
          competitors' domains;
  run_flags: per run of the fact ranges, whether its answer names a
          brand-count target (names_brand), the target brand by name
          (names_target), a competitor (names_competitor);
  pieces: the rollup pieces of the window, one row each (pieceRanges): the
          table that answers it (grain), its range, period, as_of, sign and
          flags, parsed once; a piece of quietWeeks only when its test
          holds (rest_guard);
  scope_citations: the scope's citations at the level, narrowed by the
          citation filters when .Narrow: per row its citations,
          brand_citations of them in answers naming a brand-count target,
          named_citations naming the target brand, competitor_only_citations
          naming a competitor but not the target; has_source, has_inline.
          A fact row is one citation; a rollup row a page's or domain's day.
          With .PeriodSums a row carries its period instead of ran_at: the
          number of cuts at or before it, an integer that SQLite carries
          through a GROUP BY sort more cheaply than the timestamp's text.

Every aggregate over scope_citations sums these counts. A rollup piece's
sign negates the days of a week on the other side of a cut; its flags clear
has_source and has_inline where it stands for days it does not hold
(rollupPiece, docs/performance.md#rollups). scope_citations is streamed
when it holds rollup rows only, read once: without the hint SQLite also
counts the reads of a CTE that reads this one, and materializes it; joined
to the facts it is materialized, or SQLite re-evaluates the run flags per
citation (docs/performance.md#statement-shapes-that-plan-well).
*/}}
{{define "citation_scope" -}}
{{- $q := scope -}}
WITH owned_domains AS MATERIALIZED (
  SELECT domain FROM brand_domains WHERE brand_id = {{brand}}
),
competitor_domains AS MATERIALIZED (
  SELECT domain FROM competitors WHERE brand_id = {{brand}} AND domain <> ''
),
{{- if .Raw}}
run_flags AS MATERIALIZED (
SELECT mentions.run_seq AS run_seq,
MAX(CASE WHEN mentions.found_brand_id IN ({{in $q.TargetIDs}}) THEN 1 ELSE 0 END) AS names_brand,
MAX(CASE WHEN mentions.found_brand_id IN ({{in $q.NameTargetIDs}}) THEN 1 ELSE 0 END) AS names_target,
MAX(CASE WHEN mentions.found_brand_id IN ({{in $q.CompetitorIDs}}) THEN 1 ELSE 0 END) AS names_competitor
{{- template "from_facts" pair (factRead .Raw) "mentions"}}
GROUP BY mentions.run_seq),
{{- end}}
{{- if .Rollups}}
pieces AS MATERIALIZED (
SELECT *
FROM {{pieceRanges .}}
{{- if .Rest}}
WHERE {{template "rest_guard" "daily_pages"}}
{{- end}}
),
{{- end}}
scope_citations AS {{if .Streamed}}NOT {{end}}MATERIALIZED (
{{- range $i, $r := .Rollups}}
{{- if $i}}
UNION ALL
{{- end}}
SELECT {{if $.PeriodSums}}ranges.period AS period{{else}}COALESCE(ranges.as_of, rollup_row.ran_at) AS ran_at{{end}},
{{- if eq $r.Table "daily_topic_pages"}}
rollup_row.topic_id AS topic_id, rollup_row.provider_id AS provider_id, 0 AS run_seq,
{{- else}}
{{nilUUID}} AS topic_id,
{{nilUUID}} AS provider_id, 0 AS run_seq,
{{- end}}
{{- if eq $.Level "page"}}
rollup_row.page AS page, rollup_row.domain AS domain, rollup_row.page_type AS page_type,
rollup_row.domain_type AS static_type, rollup_row.subreddit AS subreddit,
{{- else}}
'' AS page, rollup_row.domain AS domain, '' AS page_type, rollup_row.domain_type AS static_type,
'' AS subreddit,
{{- end}}
'' AS youtube_channel, ranges.flags * rollup_row.has_source AS has_source,
ranges.flags * rollup_row.has_inline AS has_inline,
ranges.sign * rollup_row.citations AS citations,
ranges.sign * rollup_row.named AS brand_citations,
ranges.sign * rollup_row.named AS named_citations,
ranges.sign * rollup_row.comp_only AS competitor_only_citations
FROM pieces ranges
CROSS JOIN {{$r.Table}} rollup_row
WHERE ranges.grain = '{{$r.Table}}'
AND rollup_row.brand_id = {{brand}}
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
{{- if eq $r.Table "daily_topic_pages"}}
{{- /* one range of days per topic and provider pair, as the facts */}}
AND rollup_row.topic_id IN ({{in $r.Topics}})
AND rollup_row.provider_id IN ({{in $r.Providers}})
{{- end}}
{{- if $.Narrow}}
{{- template "citation_filters" pair "rollup_row" $r.FilterLevel}}
{{- end}}
{{- end}}
{{- if .Raw}}
{{- if .Rollups}}
UNION ALL
{{- end}}
{{- if .PeriodSums}}
SELECT {{range $i, $c := .Cuts}}{{if $i}} + {{end}}CASE WHEN citations.ran_at >= {{ts $c}} THEN 1 ELSE 0 END
{{- else}}0{{end}} AS period,
{{- else}}
SELECT citations.ran_at AS ran_at,
{{- end}}
citations.topic_id AS topic_id, citations.provider_id AS provider_id, citations.run_seq AS run_seq,
citations.page AS page, citations.domain AS domain, citations.page_type AS page_type,
citations.domain_type AS static_type, citations.subreddit AS subreddit,
citations.youtube_channel AS youtube_channel,
CASE WHEN citations.citation_type = 'source' THEN 1 ELSE 0 END AS has_source,
CASE WHEN citations.citation_type = 'inline' THEN 1 ELSE 0 END AS has_inline,
1 AS citations,
COALESCE(run_flags.names_brand, 0) AS brand_citations,
COALESCE(run_flags.names_target, 0) AS named_citations,
CASE WHEN COALESCE(run_flags.names_target, 0) = 0 AND run_flags.names_competitor = 1
  THEN 1 ELSE 0 END AS competitor_only_citations
FROM {{ranges .Raw}}
CROSS JOIN citations
LEFT JOIN run_flags ON run_flags.run_seq = citations.run_seq
WHERE citations.brand_id = {{brand}}
AND citations.ran_at >= ranges.start_at AND citations.ran_at < ranges.end_at
{{- pruned .Raw}}
{{- template "dim_filter" "citations"}}
{{- template "all_topics_providers" "citations"}}
{{- if .Narrow}}
{{- template "citation_filters" pair "citations" "page"}}
{{- if $q.FoundBrandIDs}}
{{- /* only citations attributed to the chosen found brands */}}
AND run_flags.names_brand = 1
{{- end}}
{{- if $q.DomainTypes}}
{{- /* each citation's own class (the page rollups never see this filter) */}}
AND (CASE WHEN citations.domain IN (SELECT domain FROM owned_domains) THEN 'owned'
  WHEN citations.domain IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned'
  WHEN run_flags.names_target = 1 THEN 'earned'
  WHEN run_flags.names_competitor = 1 THEN 'competitor_earned'
  ELSE citations.domain_type END) IN ({{in $q.DomainTypes}})
{{- end}}
{{- end}}
{{- end}})
{{- end}}

{{/* The test of the pieces of quietWeeks (and queryPieces): none of the
brand's rows of the daily table given (daily_pages, daily_search_queries)
lies in the rest of its week (the week piece, rest_rows 0), or one does
(the pieces of its days, rest_rows 1); pieces without a rest have none. Each test depends on its piece alone: it is evaluated once per
piece, in pieces, before any rollup row is read, and it asks for the
brand's first row from the rest's start in key order: one seek on both
engines, where PostgreSQL plans an EXISTS over the range as a scan of the
whole table that stops at the first match. */}}
{{define "rest_guard" -}}
(ranges.rest_rows IS NULL OR ranges.rest_rows = CASE WHEN
  COALESCE((SELECT rest_row.ran_at FROM {{.}} rest_row
    WHERE rest_row.brand_id = {{brand}} AND rest_row.ran_at >= ranges.rest1_start
    ORDER BY rest_row.ran_at LIMIT 1) < ranges.rest1_end, FALSE)
  OR COALESCE((SELECT rest_row.ran_at FROM {{.}} rest_row
    WHERE rest_row.brand_id = {{brand}} AND rest_row.ran_at >= ranges.rest2_start
    ORDER BY rest_row.ran_at LIMIT 1) < ranges.rest2_end, FALSE)
  THEN 1 ELSE 0 END)
{{- end}}

{{/* The page and domain filters on citations (a pair of alias and level:
facts or rollups of the level); the rollups never see the filters on what
they lack (pageRollups). */}}
{{define "citation_filters"}}
{{- $a := .A}}
{{- $level := .B}}
{{- $q := scope}}
{{- if $q.Query}}
{{- if or $q.QueryDomain (eq $level "domain")}}
AND lower({{$a}}.domain) LIKE {{arg (like $q.Query)}} ESCAPE '\'
{{- else}}
AND (lower({{$a}}.page) LIKE {{arg (like $q.Query)}} ESCAPE '\'
  OR lower({{$a}}.domain) LIKE {{arg (like $q.Query)}} ESCAPE '\')
{{- end}}
{{- end}}
{{- if $q.Domains}}
AND {{$a}}.domain IN ({{in $q.Domains}})
{{- end}}
{{- if ne $level "domain"}}
{{- if $q.PageTypes}}
AND {{$a}}.page_type IN ({{in $q.PageTypes}})
{{- end}}
{{- if $q.YouTubeChannel}}
AND lower({{$a}}.youtube_channel) = {{arg (lower $q.YouTubeChannel)}}
{{- end}}
{{- if $q.Subreddit}}
AND {{$a}}.subreddit = {{arg (subreddit $q.Subreddit)}}
{{- end}}
{{- if $q.URL}}
AND {{$a}}.page = {{arg $q.URL}}
{{- end}}
{{- end}}
{{- end}}

{{/* class_counts: the citations of scope_citations split by ownership
class (owned, competitor_owned, earned, competitor_earned, else the static
class), rows (domain_type, citations). scope_citations is read once into
ownership_counts, summed by (owned or competitor-owned domain, static
class), and that handful of sums is split into the classes. */}}
{{define "class_counts"}}
ownership_counts AS (
  SELECT CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN 'owned'
    WHEN domain IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned'
    ELSE '' END AS ownership,
  static_type, SUM(citations) AS citations, SUM(named_citations) AS named_citations,
  SUM(competitor_only_citations) AS competitor_only_citations
  FROM scope_citations
  GROUP BY 1, 2
),
class_counts AS (
  SELECT ownership AS domain_type, citations FROM ownership_counts WHERE ownership <> ''
  UNION ALL
  SELECT 'earned', named_citations FROM ownership_counts WHERE ownership = ''
  UNION ALL
  SELECT 'competitor_earned', competitor_only_citations FROM ownership_counts WHERE ownership = ''
  UNION ALL
  SELECT static_type, citations - named_citations - competitor_only_citations
  FROM ownership_counts WHERE ownership = ''
)
{{- end}}

{{/* The domain_type of a page or domain row (docs/metrics.md): owned /
competitor_owned by its domain, else earned when any of its answers names
the target, else competitor_earned when any names a competitor, else its
static class. The args: a list of the row's domain, its counts of
citations naming the target and only a competitor, its static class. */}}
{{define "class_of"}}
{{- $domain := index . 0}}
{{- $named := index . 1}}
{{- $competitorOnly := index . 2}}
{{- $static := index . 3 -}}
CASE WHEN {{$domain}} IN (SELECT domain FROM owned_domains) THEN 'owned'
    WHEN {{$domain}} IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned'
    WHEN {{$named}} > 0 THEN 'earned'
    WHEN {{$competitorOnly}} > 0 THEN 'competitor_earned'
    ELSE {{$static}} END
{{- end}}
