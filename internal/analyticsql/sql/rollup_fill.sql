{{/*
The statements that add the facts of a range of runs to the run rollups
(docs/metrics.md#writing-them): a migration that adds a rollup fills it
for every run, a brand's rebuild for the brand's runs from its pruned day
on. One statement per daily table, "fill_" and its name; the data is a
Pair of the table's Rollup (.A: its INSERT and ON CONFLICT come from the
catalogue, rollups.go) and the RollupFill (.B) of the runs. Ingest adds
the same sums in Go (rollup_sums.go), without reading the facts back.
*/}}

{{/* The runs of the fill: seq (run_seq) of table alias .A in [Lo, Hi],
and of the brand from Since on when the fill names one. */}}
{{define "fill_range" -}}
{{.A}}.{{if eq .A "r"}}seq{{else}}run_seq{{end}} BETWEEN {{arg .B.Lo}} AND {{arg .B.Hi}}
{{- if .B.BrandID}} AND {{.A}}.brand_id = {{arg .B.BrandID}} AND {{.A}}.ran_at >= {{ts .B.Since}}{{end}}
{{- end}}

{{/* INSERT INTO the rollup .A with the catalogue's columns. */}}
{{define "fill_insert" -}}
INSERT INTO {{.A.Table}} ({{join .A.Columns}})
{{- end}}

{{/* Per run of the fill: named, whether its answer names the brand
itself; comp, whether it names a tracked competitor. */}}
{{define "fill_flags" -}}
(
    SELECT
      m.run_seq AS run_seq,
      MAX(CASE WHEN fb.is_self THEN 1 ELSE 0 END) AS named,
      MAX(CASE WHEN fb.competitor_id IS NOT NULL THEN 1 ELSE 0 END) AS comp
    FROM mentions m
    JOIN found_brands fb ON fb.id = m.found_brand_id
    WHERE {{template "fill_range" pair "m" .}}
    GROUP BY m.run_seq
  ) f
{{- end}}

{{/* Per run of the fill: owned, its citations of the brand's domains
(and n, all its citations). */}}
{{define "fill_owned" -}}
(
    SELECT
      c.run_seq AS run_seq,
      COUNT(*) AS n,
      SUM(CASE WHEN c.domain IN (
        SELECT bd.domain FROM brand_domains bd WHERE bd.brand_id = c.brand_id
      ) THEN 1 ELSE 0 END) AS owned
    FROM citations c
    WHERE {{template "fill_range" pair "c" .}}
    GROUP BY c.run_seq
  ) c
{{- end}}

{{/* The found brands each run of the fill names, a row per run and found
brand. Grouped so that SQLite materializes it and joins it through an
automatic index: joined to citations directly, a brand's rebuild scanned
its mentions once per citation. */}}
{{define "fill_named_in" -}}
(
    SELECT m.run_seq AS run_seq, m.found_brand_id AS found_brand_id
    FROM mentions m
    WHERE {{template "fill_range" pair "m" .}}
    GROUP BY m.run_seq, m.found_brand_id
  ) m
{{- end}}

{{/* The columns of a page or domain row after its key and attributes:
whether cited as source, inline; citations, those in runs naming the
brand, those in runs naming a competitor and not the brand. */}}
{{define "fill_cite_sums"}}
  MAX(CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END),
  MAX(CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END),
  COUNT(*),
  SUM(COALESCE(f.named, 0)),
  SUM(CASE WHEN COALESCE(f.named, 0) = 0 AND f.comp = 1 THEN 1 ELSE 0 END)
{{- end}}

{{define "fill_daily_runs" -}}
{{template "fill_insert" .}}
SELECT
  r.brand_id,
  {{day "r.ran_at"}},
  COALESCE(r.topic_id, {{nilUUID}}),
  r.provider_id,
  r.region_id,
  COUNT(*),
  COALESCE(SUM(c.n), 0),
  COALESCE(SUM(c.owned), 0)
{{- if .A.Has "surface_runs"}},
  COUNT(s.run_seq),
  COALESCE(SUM(CASE WHEN s.answer_shown = {{arg true}} THEN 1 ELSE 0 END), 0)
{{- end}}
FROM runs r
LEFT JOIN {{template "fill_owned" .B}} ON c.run_seq = r.seq
{{- if .A.Has "surface_runs"}}
LEFT JOIN run_surfaces s ON s.run_seq = r.seq
{{- end}}
WHERE {{template "fill_range" pair "r" .B}}
GROUP BY
  r.brand_id,
  {{day "r.ran_at"}},
  COALESCE(r.topic_id, {{nilUUID}}),
  r.provider_id,
  r.region_id
{{.A.Upsert}}
{{- end}}

{{define "fill_daily_mentions" -}}
{{template "fill_insert" .}}
SELECT
  m.brand_id,
  {{day "m.ran_at"}},
  m.topic_id,
  m.provider_id,
  m.region_id,
  m.found_brand_id,
  COUNT(*),
  SUM(m.sentiment)
FROM mentions m
WHERE {{template "fill_range" pair "m" .B}}
GROUP BY m.brand_id, {{day "m.ran_at"}}, m.topic_id, m.provider_id, m.region_id, m.found_brand_id
{{.A.Upsert}}
{{- end}}

{{define "fill_daily_topic_mentions" -}}
{{template "fill_insert" .}}
SELECT
  m.brand_id,
  {{day "m.ran_at"}},
  m.topic_id,
  m.found_brand_id,
  COUNT(*),
  SUM(m.sentiment)
FROM mentions m
WHERE {{template "fill_range" pair "m" .B}}
GROUP BY m.brand_id, {{day "m.ran_at"}}, m.topic_id, m.found_brand_id
{{.A.Upsert}}
{{- end}}

{{define "fill_daily_pages" -}}
{{template "fill_insert" .}}
SELECT
  c.brand_id,
  {{day "c.ran_at"}},
  c.page,
  MIN(c.domain),
  MIN(c.page_type),
  MIN(c.domain_type),
  MIN(c.subreddit),{{template "fill_cite_sums"}}
FROM citations c
LEFT JOIN {{template "fill_flags" .B}} ON f.run_seq = c.run_seq
WHERE {{template "fill_range" pair "c" .B}}
GROUP BY c.brand_id, {{day "c.ran_at"}}, c.page
{{.A.Upsert}}
{{- end}}

{{define "fill_daily_topic_pages" -}}
{{template "fill_insert" .}}
SELECT
  c.brand_id,
  c.topic_id,
  c.provider_id,
  {{day "c.ran_at"}},
  c.page,
  MIN(c.domain),
  MIN(c.page_type),
  MIN(c.domain_type),
  MIN(c.subreddit),{{template "fill_cite_sums"}}
FROM citations c
LEFT JOIN {{template "fill_flags" .B}} ON f.run_seq = c.run_seq
WHERE {{template "fill_range" pair "c" .B}}
GROUP BY c.brand_id, c.topic_id, c.provider_id, {{day "c.ran_at"}}, c.page
{{.A.Upsert}}
{{- end}}

{{define "fill_daily_domains" -}}
{{template "fill_insert" .}}
SELECT
  c.brand_id,
  {{day "c.ran_at"}},
  c.domain,
  MIN(c.domain_type),{{template "fill_cite_sums"}}
FROM citations c
LEFT JOIN {{template "fill_flags" .B}} ON f.run_seq = c.run_seq
WHERE {{template "fill_range" pair "c" .B}}
GROUP BY c.brand_id, {{day "c.ran_at"}}, c.domain
{{.A.Upsert}}
{{- end}}

{{/* A citation counts once per found brand its run names. */}}
{{define "fill_daily_page_brands" -}}
{{template "fill_insert" .}}
SELECT
  c.brand_id,
  c.domain,
  c.page,
  {{day "c.ran_at"}},
  m.found_brand_id,
  COUNT(*)
FROM citations c
JOIN {{template "fill_named_in" .B}} ON m.run_seq = c.run_seq
WHERE {{template "fill_range" pair "c" .B}}
GROUP BY c.brand_id, c.domain, c.page, {{day "c.ran_at"}}, m.found_brand_id
{{.A.Upsert}}
{{- end}}

{{/* A run counts once per domain it cites and found brand it names. */}}
{{define "fill_daily_domain_brands" -}}
{{template "fill_insert" .}}
SELECT
  c.brand_id,
  c.domain,
  {{day "c.ran_at"}},
  m.found_brand_id,
  COUNT(DISTINCT c.run_seq)
FROM citations c
JOIN {{template "fill_named_in" .B}} ON m.run_seq = c.run_seq
WHERE {{template "fill_range" pair "c" .B}}
GROUP BY c.brand_id, c.domain, {{day "c.ran_at"}}, m.found_brand_id
{{.A.Upsert}}
{{- end}}

{{/* Per run and folded query, once however many spellings the run issued:
the run's self flag and its owned citations; a query that folds to nothing
has no row. daily_search_queries without the region: a prompt runs in
every region with mostly the same searches; daily_search_query_regions
with it, for a region filter. */}}
{{define "fill_daily_search_queries"}}{{template "fill_search_queries" .}}{{end}}
{{define "fill_daily_search_query_regions"}}{{template "fill_search_queries" .}}{{end}}

{{define "fill_search_queries" -}}
{{- $region := .A.Has "region_id" -}}
{{template "fill_insert" .}}
SELECT
  q.brand_id,
{{- if $region}}
  q.region_id,
{{- end}}
  {{day "q.ran_at"}},
  q.topic_id,
  q.provider_id,
  q.prompt_id,
  q.query_key,
  COUNT(*),
  SUM(COALESCE(f.named, 0)),
  SUM(COALESCE(c.owned, 0))
FROM (
    SELECT DISTINCT
      sq.brand_id AS brand_id,
      sq.ran_at AS ran_at,
      sq.topic_id AS topic_id,
      sq.provider_id AS provider_id,
{{- if $region}}
      sq.region_id AS region_id,
{{- end}}
      sq.prompt_id AS prompt_id,
      sq.run_seq AS run_seq,
      sq.query_key AS query_key
    FROM run_search_queries sq
    WHERE {{template "fill_range" pair "sq" .B}} AND sq.query_key <> ''
  ) q
LEFT JOIN {{template "fill_flags" .B}} ON f.run_seq = q.run_seq
LEFT JOIN {{template "fill_owned" .B}} ON c.run_seq = q.run_seq
GROUP BY q.brand_id,{{if $region}} q.region_id,{{end}} {{day "q.ran_at"}}, q.topic_id, q.provider_id, q.prompt_id, q.query_key
{{.A.Upsert}}
{{- end}}

{{/* A run counts once per page it retrieved (ingest keeps a page once per
run). */}}
{{define "fill_daily_retrieved_pages" -}}
{{template "fill_insert" .}}
SELECT
  s.brand_id,
  s.page,
  {{day "s.ran_at"}},
  s.topic_id,
  s.provider_id,
  s.region_id,
  COUNT(DISTINCT s.run_seq)
FROM run_sources s
WHERE {{template "fill_range" pair "s" .B}}
GROUP BY s.brand_id, s.page, {{day "s.ran_at"}}, s.topic_id, s.provider_id, s.region_id
{{.A.Upsert}}
{{- end}}

{{/* A run counts once per domain, however many of its pages it
retrieved. */}}
{{define "fill_daily_retrieved_domains" -}}
{{template "fill_insert" .}}
SELECT
  s.brand_id,
  s.domain,
  {{day "s.ran_at"}},
  s.topic_id,
  s.provider_id,
  s.region_id,
  COUNT(DISTINCT s.run_seq)
FROM run_sources s
WHERE {{template "fill_range" pair "s" .B}}
GROUP BY s.brand_id, s.domain, {{day "s.ran_at"}}, s.topic_id, s.provider_id, s.region_id
{{.A.Upsert}}
{{- end}}

{{/* daily_retrieved_pages and daily_retrieved_domains without their
dimensions: a run counts once per page, or per domain it retrieved any
page of. The key (page or domain) is the table's second key column. */}}
{{define "fill_retrieved_totals" -}}
{{- $key := printf "s.%s" (index .A.Keys 1) -}}
{{template "fill_insert" .}}
SELECT
  s.brand_id,
  {{$key}},
  {{day "s.ran_at"}},
  COUNT(DISTINCT s.run_seq)
FROM run_sources s
WHERE {{template "fill_range" pair "s" .B}}
GROUP BY s.brand_id, {{$key}}, {{day "s.ran_at"}}
{{.A.Upsert}}
{{- end}}

{{define "fill_daily_retrieved_page_totals"}}{{template "fill_retrieved_totals" .}}{{end}}

{{define "fill_daily_retrieved_domain_totals"}}{{template "fill_retrieved_totals" .}}{{end}}

{{/* An ad counts once; a run once per advertiser it showed ads of. */}}
{{define "fill_daily_ads" -}}
{{template "fill_insert" .}}
SELECT
  a.brand_id,
  {{day "a.ran_at"}},
  a.advertiser_id,
  a.provider_id,
  COUNT(*),
  COUNT(DISTINCT a.run_seq)
FROM ads a
WHERE {{template "fill_range" pair "a" .B}}
GROUP BY a.brand_id, {{day "a.ran_at"}}, a.advertiser_id, a.provider_id
{{.A.Upsert}}
{{- end}}

{{/* Adds up a brand's rows of the daily table .A.Daily from the day .B.From
on into the weekly or half-week table .A, whose rows of the brand from
then on must be empty: keys with the day's bucket, attributes the
smallest, flags the largest, sums added up. */}}
{{define "rollup_weeks" -}}
{{- $bucket := week .A.Time}}{{if eq .A.Grain "half_week"}}{{$bucket = halfWeek .A.Time}}{{end -}}
{{template "fill_insert" .}}
SELECT
{{- range $i, $k := .A.Keys}}{{if $i}},{{end}}
  {{if eq $k $.A.Time}}{{$bucket}}{{else}}{{$k}}{{end}}
{{- end}}
{{- range .A.Attrs}},
  MIN({{.}})
{{- end}}
{{- range .A.Flags}},
  MAX({{.}})
{{- end}}
{{- range .A.Sums}},
  SUM({{.}})
{{- end}}
FROM {{.A.Daily}}
WHERE brand_id = {{arg .B.BrandID}} AND {{.A.Time}} >= {{ts .B.From}}
GROUP BY
{{- range $i, $k := .A.Keys}}{{if $i}},{{end}}
  {{if eq $k $.A.Time}}{{$bucket}}{{else}}{{$k}}{{end}}
{{- end}}
{{- end}}

{{/* Deletes the rows of the rollup .A of the brand .B.BrandID from the day
.B.From on: a brand's rebuild. */}}
{{define "rollup_clear" -}}
DELETE FROM {{.A.Table}} WHERE brand_id = {{arg .B.BrandID}} AND {{.A.Time}} >= {{ts .B.From}}
{{- end}}

{{/* The smallest and largest seq of the runs a fill covers: every run, or
with a BrandRebuild its brand's from its Since on (0, -1 when none). */}}
{{define "rollup_run_range" -}}
SELECT COALESCE(MIN(seq), 0), COALESCE(MAX(seq), -1) FROM runs
{{- if .}} WHERE brand_id = {{arg .BrandID}} AND ran_at >= {{ts .Since}}{{end}}
{{- end}}

{{/* Migration 0022's fan-out rollups, in the schema of 0022: a row per run
dimension (the region included), prompt and folded query, from every
stored run; migration 0026 adds them up without the region. Frozen here,
as fill_daily_search_queries is the current schema's. */}}
{{define "fill_0022_daily_search_queries" -}}
INSERT INTO daily_search_queries (
  brand_id, ran_at, topic_id, provider_id, region_id, prompt_id, query_key, runs, self_runs, owned_citations
)
SELECT
  q.brand_id,
  {{day "q.ran_at"}},
  q.topic_id,
  q.provider_id,
  q.region_id,
  q.prompt_id,
  q.query_key,
  COUNT(*),
  SUM(COALESCE(f.named, 0)),
  SUM(COALESCE(c.owned, 0))
FROM (
    SELECT DISTINCT
      sq.brand_id AS brand_id,
      sq.ran_at AS ran_at,
      sq.topic_id AS topic_id,
      sq.provider_id AS provider_id,
      sq.region_id AS region_id,
      sq.prompt_id AS prompt_id,
      sq.run_seq AS run_seq,
      sq.query_key AS query_key
    FROM run_search_queries sq
    WHERE sq.query_key <> ''
  ) q
LEFT JOIN (
    SELECT m.run_seq AS run_seq, MAX(CASE WHEN fb.is_self THEN 1 ELSE 0 END) AS named
    FROM mentions m
    JOIN found_brands fb ON fb.id = m.found_brand_id
    GROUP BY m.run_seq
  ) f ON f.run_seq = q.run_seq
LEFT JOIN (
    SELECT
      c.run_seq AS run_seq,
      SUM(CASE WHEN c.domain IN (
        SELECT bd.domain FROM brand_domains bd WHERE bd.brand_id = c.brand_id
      ) THEN 1 ELSE 0 END) AS owned
    FROM citations c
    GROUP BY c.run_seq
  ) c ON c.run_seq = q.run_seq
GROUP BY q.brand_id, {{day "q.ran_at"}}, q.topic_id, q.provider_id, q.region_id, q.prompt_id, q.query_key
{{- end}}

{{define "fill_0022_weekly_search_queries" -}}
INSERT INTO weekly_search_queries (
  brand_id, ran_at, topic_id, provider_id, region_id, prompt_id, query_key, runs, self_runs, owned_citations
)
SELECT
  brand_id,
  {{week "ran_at"}},
  topic_id,
  provider_id,
  region_id,
  prompt_id,
  query_key,
  SUM(runs),
  SUM(self_runs),
  SUM(owned_citations)
FROM daily_search_queries
GROUP BY brand_id, {{week "ran_at"}}, topic_id, provider_id, region_id, prompt_id, query_key
{{- end}}

{{/* Migration 0029's counts of search-surface runs in the run rollups'
rows, from every stored run (runs and their surface records are never
pruned); a weekly row adds up its days. Frozen here, as
fill_daily_runs is the current schema's. */}}
{{define "fill_0029_daily_runs" -}}
UPDATE daily_runs SET
  surface_runs = s.surface_runs,
  answered_runs = s.answered_runs
FROM (
    SELECT
      r.brand_id AS brand_id,
      {{day "r.ran_at"}} AS ran_at,
      COALESCE(r.topic_id, {{nilUUID}}) AS topic_id,
      r.provider_id AS provider_id,
      r.region_id AS region_id,
      COUNT(*) AS surface_runs,
      SUM(CASE WHEN rs.answer_shown = {{arg true}} THEN 1 ELSE 0 END) AS answered_runs
    FROM runs r
    JOIN run_surfaces rs ON rs.run_seq = r.seq
    GROUP BY r.brand_id, {{day "r.ran_at"}}, COALESCE(r.topic_id, {{nilUUID}}), r.provider_id, r.region_id
  ) s
WHERE daily_runs.brand_id = s.brand_id
  AND daily_runs.ran_at = s.ran_at
  AND daily_runs.topic_id = s.topic_id
  AND daily_runs.provider_id = s.provider_id
  AND daily_runs.region_id = s.region_id
{{- end}}

{{define "fill_0029_weekly_runs" -}}
UPDATE weekly_runs SET
  surface_runs = s.surface_runs,
  answered_runs = s.answered_runs
FROM (
    SELECT
      brand_id,
      {{week "ran_at"}} AS ran_at,
      topic_id,
      provider_id,
      region_id,
      SUM(surface_runs) AS surface_runs,
      SUM(answered_runs) AS answered_runs
    FROM daily_runs
    WHERE surface_runs > 0
    GROUP BY brand_id, {{week "ran_at"}}, topic_id, provider_id, region_id
  ) s
WHERE weekly_runs.brand_id = s.brand_id
  AND weekly_runs.ran_at = s.ran_at
  AND weekly_runs.topic_id = s.topic_id
  AND weekly_runs.provider_id = s.provider_id
  AND weekly_runs.region_id = s.region_id
{{- end}}
