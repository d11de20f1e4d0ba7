{{/*
The row sources of the agents statements (docs/metrics.md#agents): the
brand's visits and referrals that the filters select, the window's whole
days from the agent rollups (migration 0025) and its cut parts from the
facts, so that both answer the same sums (docs/metrics.md#rollups). The
data is an Agents, whose Reads are its whole days (Rollup) and cut parts.
A read of the daily rollups alone reads WholeDays at once; the visits'
facts are read once over the ranges of FactRanges, passed as data
(agent_fact_ranges).

  agent_class_rows    operator, purpose, status_class, visited_at, visits, verified_visits
  agent_page_rows     page, agent, visits, verified_visits, error_visits, last_visit_at
                      (agent '' where the page totals answer: without an
                      operator, purpose or agent filter; their rows hold the
                      verdicts as columns, and a row without a counted visit
                      is left out)
  agent_paged_agents  page, agent of the pages of paged_rows
  ai_referral_rows    source, page, referred_at, visits
  ai_referral_source_rows  source, referred_at, visits
*/}}

{{/* The status class of a status code column: 1xx … 5xx. */}}
{{define "status_class" -}}
CASE
      WHEN {{.}} < 200 THEN '1xx'
      WHEN {{.}} < 300 THEN '2xx'
      WHEN {{.}} < 400 THEN '3xx'
      WHEN {{.}} < 500 THEN '4xx'
      ELSE '5xx'
    END
{{- end}}

{{/* The filters of the visits on table .A (agent_visits or a rollup) for
the Agents .B: the brand, the verdicts, and the operators, purposes and
agents when given. */}}
{{define "agent_filters" -}}
{{.A}}.brand_id = {{arg .B.BrandID}}
    AND {{.A}}.verification IN ({{in .B.Verifications}})
{{- if .B.Operators}}
    AND {{.A}}.operator IN ({{in .B.Operators}})
{{- end}}
{{- if .B.Purposes}}
    AND {{.A}}.purpose IN ({{in .B.Purposes}})
{{- end}}
{{- if .B.Agents}}
    AND {{.A}}.agent IN ({{in .B.Agents}})
{{- end}}
{{- end}}

{{define "agent_class_rows"}}
{{- $a := .}}
{{- $days := .WholeDays}}
{{- if $days.Start.Before $days.End}}
  SELECT
    daily_agent_visits.operator AS operator,
    daily_agent_visits.purpose AS purpose,
    daily_agent_visits.status_class AS status_class,
    daily_agent_visits.visited_at AS visited_at,
    daily_agent_visits.visits AS visits,
    CASE WHEN daily_agent_visits.verification = 'verified' THEN daily_agent_visits.visits ELSE 0 END AS verified_visits
  FROM daily_agent_visits
  WHERE {{template "agent_filters" pair "daily_agent_visits" $a}}
    AND daily_agent_visits.visited_at >= {{ts $days.Start}} AND daily_agent_visits.visited_at < {{ts $days.End}}
{{- if $a.FactRanges}}
  UNION ALL
{{- end}}
{{- end}}
{{- if $a.FactRanges}}
  SELECT
    agent_visits.operator AS operator,
    agent_visits.purpose AS purpose,
    {{template "status_class" "agent_visits.status"}} AS status_class,
    agent_visits.visited_at AS visited_at,
    1 AS visits,
    CASE WHEN agent_visits.verification = 'verified' THEN 1 ELSE 0 END AS verified_visits
{{- template "agent_fact_ranges" $a}}
{{- end}}
{{- end}}

{{/* The FROM and WHERE of a read of the visits of the Agents . over its
FactRanges, passed as data (the relation ranges): one range of the key of
agent_visits per range. */}}
{{define "agent_fact_ranges"}}
  FROM {{ranges .FactRanges}}
  CROSS JOIN agent_visits
  WHERE {{template "agent_filters" pair "agent_visits" .}}
    AND agent_visits.visited_at >= ranges.start_at AND agent_visits.visited_at < ranges.end_at
{{- end}}

{{define "agent_page_rows"}}
{{- $a := .}}
{{- range $i, $r := $a.RollupParts}}
{{- if $i}}
  UNION ALL
{{- end}}
{{- if $a.Narrow}}
{{- $t := "daily_agent_page_totals"}}
{{- if $r.Week}}{{$t = "weekly_agent_page_totals"}}{{end}}
{{- $visits := sum ($a.VerdictColumns $t "visits")}}
  SELECT
    {{$t}}.url AS page,
    '' AS agent,
    {{$visits}} AS visits,
    {{sum ($a.VerdictColumns $t "verified_visits")}} AS verified_visits,
    {{sum ($a.VerdictColumns $t "errors")}} AS error_visits,
    {{latest ($a.VerdictColumns $t "last_at")}} AS last_visit_at
  FROM {{$t}}
  WHERE {{$t}}.brand_id = {{arg $a.BrandID}}
    AND {{$t}}.visited_at >= {{ts $r.Start}} AND {{$t}}.visited_at < {{ts $r.End}}
    AND {{$visits}} > 0
{{- template "agent_guard" pair "daily_agent_visits" $r}}
{{- else}}
{{- $t := "daily_agent_pages"}}
{{- if $r.Week}}{{$t = "weekly_agent_pages"}}{{end}}
  SELECT
    {{$t}}.url AS page,
    {{$t}}.agent AS agent,
    {{$t}}.visits AS visits,
    CASE WHEN {{$t}}.verification = 'verified' THEN {{$t}}.visits ELSE 0 END AS verified_visits,
    {{$t}}.error_visits AS error_visits,
    {{$t}}.last_visit_at AS last_visit_at
  FROM {{$t}}
  WHERE {{template "agent_filters" pair $t $a}}
    AND {{inSelect (print $t ".agent")}}SELECT window_agents.agent FROM window_agents{{endInSelect}}
    AND {{$t}}.visited_at >= {{ts $r.Start}} AND {{$t}}.visited_at < {{ts $r.End}}
{{- template "agent_guard" pair "daily_agent_visits" $r}}
{{- end}}
{{- end}}
{{- if $a.FactRanges}}
{{- if $a.RollupParts}}
  UNION ALL
{{- end}}
  SELECT
    agent_visits.url AS page,
    agent_visits.agent AS agent,
    1 AS visits,
    CASE WHEN agent_visits.verification = 'verified' THEN 1 ELSE 0 END AS verified_visits,
    CASE WHEN agent_visits.status >= 400 THEN 1 ELSE 0 END AS error_visits,
    agent_visits.visited_at AS last_visit_at
{{- template "agent_fact_ranges" $a}}
{{- end}}
{{- end}}

{{/* The CTE window_agents that agent_page_rows reads when it reads the
agent page rollups (an operator, purpose or agent filter): the agents of
the counted visits of the whole days, which the rollups' rows are found
by, a range of their key per agent. Written once for every part: a part's
rows are of these agents, a week's read of its first days too, for its
rows are read only when the rest of the week has no visit. Nothing, not
even the comma, when agent_page_rows does not read them. */}}
{{define "agent_window_agents"}}
{{- if and (not .Narrow) .RollupParts}}
{{- $days := .WholeDays}}
window_agents AS MATERIALIZED (
  SELECT DISTINCT daily_agent_visits.agent AS agent
  FROM daily_agent_visits
  WHERE {{template "agent_filters" pair "daily_agent_visits" .}}
    AND daily_agent_visits.visited_at >= {{ts $days.Start}} AND daily_agent_visits.visited_at < {{ts $days.End}}
),
{{- end}}
{{- end}}

{{/* The guard of an AgentPart .B on the daily rollup .A
(daily_agent_visits, daily_ai_referral_sources, daily_pages), which has a
row for every day with a visit (referral, cited page) of the brand:
whether the rest of the week has none. Nothing for a part without a guard. */}}
{{define "agent_guard"}}
{{- if .B.Guard}}
{{- $at := "visited_at"}}
{{- if eq .A "daily_ai_referral_sources"}}{{$at = "referred_at"}}{{end}}
{{- if eq .A "daily_pages"}}{{$at = "ran_at"}}{{end}}
    AND {{.B.Guard}} (
      SELECT 1 FROM {{.A}}
      WHERE {{.A}}.brand_id = {{arg .B.BrandID}}
        AND {{.A}}.{{$at}} >= {{ts .B.GuardStart}} AND {{.A}}.{{$at}} < {{ts .B.GuardEnd}})
{{- end}}
{{- end}}

{{/* The page and agent of the counted visits of the pages of paged_rows.
The whole days are one read of daily_agent_pages, whose days answer the
whole weeks too (agent_class_rows reads daily_agent_visits so). The
rollup's rows are found by page in the index daily_agent_pages_url, which
holds every column read here (the primary key's columns come with it):
SQLite, without statistics, would otherwise scan the whole window's rows
by the primary key and keep those of the 25 pages. */}}
{{define "agent_paged_agents"}}
{{- $a := .}}
{{- $days := .WholeDays}}
{{- if $days.Start.Before $days.End}}
  SELECT
    daily_agent_pages.url AS page,
    daily_agent_pages.agent AS agent
  FROM daily_agent_pages {{indexedBy "daily_agent_pages_url"}}
  WHERE {{template "agent_filters" pair "daily_agent_pages" $a}}
    AND daily_agent_pages.url IN (SELECT paged_rows.page FROM paged_rows)
    AND daily_agent_pages.visited_at >= {{ts $days.Start}} AND daily_agent_pages.visited_at < {{ts $days.End}}
{{- if $a.FactRanges}}
  UNION ALL
{{- end}}
{{- end}}
{{- if $a.FactRanges}}
  SELECT
    agent_visits.url AS page,
    agent_visits.agent AS agent
{{- template "agent_fact_ranges" $a}}
    AND agent_visits.url IN (SELECT paged_rows.page FROM paged_rows)
{{- end}}
{{- end}}

{{/* The referrals per source and day: the rollup's rows without the
landing page (daily_ai_referral_sources) for whole days, the facts for
cut parts. */}}
{{define "ai_referral_source_rows"}}
{{- $a := .}}
{{- range $i, $r := .Reads}}
{{- if $i}}
  UNION ALL
{{- end}}
{{- if $r.Rollup}}
  SELECT
    daily_ai_referral_sources.source AS source,
    daily_ai_referral_sources.referred_at AS referred_at,
    daily_ai_referral_sources.visits AS visits
{{- template "referral_where" pair "daily_ai_referral_sources" (pair $a $r)}}
{{- else}}
  SELECT
    ai_referrals.source AS source,
    ai_referrals.referred_at AS referred_at,
    1 AS visits
{{- template "referral_where" pair "ai_referrals" (pair $a $r)}}
{{- end}}
{{- end}}
{{- end}}

{{/* The FROM and WHERE of a read $r of referrals from table .A (the
facts or a referral rollup, keyed by referred_at) for the Agents .B.A,
.B.B the read: the brand, the read's range and the sources filter. */}}
{{define "referral_where"}}
{{- $t := .A}}{{$a := .B.A}}{{$r := .B.B}}
  FROM {{$t}}
  WHERE {{$t}}.brand_id = {{arg $a.BrandID}}
    AND {{$t}}.referred_at >= {{ts $r.Start}}
    AND {{$t}}.referred_at < {{ts $r.End}}
{{- if $a.Sources}}
    AND {{$t}}.source IN ({{in $a.Sources}})
{{- end}}
{{- end}}

{{define "ai_referral_rows"}}
{{- $a := .}}
{{- range $i, $r := .Parts}}
{{- if $i}}
  UNION ALL
{{- end}}
{{- if $r.Rollup}}
{{- $t := "daily_ai_referrals"}}
{{- if $r.Week}}{{$t = "weekly_ai_referrals"}}{{end}}
  SELECT
    {{$t}}.source AS source,
    {{$t}}.url AS page,
    {{$t}}.referred_at AS referred_at,
    {{$t}}.visits AS visits
{{- template "referral_where" pair $t (pair $a $r)}}
{{- template "agent_guard" pair "daily_ai_referral_sources" $r}}
{{- else}}
  SELECT
    ai_referrals.source AS source,
    ai_referrals.url AS page,
    ai_referrals.referred_at AS referred_at,
    1 AS visits
{{- template "referral_where" pair "ai_referrals" (pair $a $r)}}
{{- end}}
{{- end}}
{{- end}}
