{{/* GET …/agents/pages (docs/metrics.md#agent-pages-agentspages): one row
per page of the brand's site that a counted visit fetched or an answer of
the window cited, with the page's citations in those answers. The CTEs
read more than once are MATERIALIZED: SQLite would otherwise compute
paged_rows, and all the visits before it, again for each listed page's
agents. Pages match by their normalized URL, the form citations.page has.
The citations' whole days come from the page rollups (weekly_pages for the
weeks the visits read by week, quiet weeks too, daily_pages for the other
days), the cut parts around them from the facts, read once over the
ranges of FactRanges (docs/metrics.md#rollups); an empty part is not read,
for PostgreSQL would still scan each topic's citations for it. */}}
{{define "agents_pages.sql" -}}
{{- $days := .WholeDays -}}
WITH
{{- template "agent_window_agents" .}}
visit_rows AS (
{{- template "agent_page_rows" .}}
),
visited_pages AS MATERIALIZED (
  SELECT
    page,
    CAST(SUM(visits) AS BIGINT) AS visits,
    CAST(SUM(verified_visits) AS BIGINT) AS verified_visits,
    CAST(SUM(error_visits) AS BIGINT) AS error_visits,
    MAX(last_visit_at) AS last_visit_at
  FROM visit_rows
  GROUP BY page
),
window_citations AS (
{{- $a := .}}
{{- $parts := .RollupParts}}
{{- if not $parts}}
  SELECT
    daily_pages.page AS page,
    daily_pages.citations AS citations
  FROM daily_pages
  WHERE daily_pages.brand_id = {{arg .BrandID}}
    AND daily_pages.ran_at >= {{ts $days.Start}} AND daily_pages.ran_at < {{ts $days.End}}
    AND daily_pages.domain IN ({{template "brand_domains" .}})
{{- end}}
{{- range $i, $r := $parts}}
{{- if $i}}
  UNION ALL
{{- end}}
{{- $t := "daily_pages"}}
{{- if $r.Week}}{{$t = "weekly_pages"}}{{end}}
  SELECT
    {{$t}}.page AS page,
    {{$t}}.citations AS citations
  FROM {{$t}}
  WHERE {{$t}}.brand_id = {{arg $a.BrandID}}
    AND {{$t}}.ran_at >= {{ts $r.Start}} AND {{$t}}.ran_at < {{ts $r.End}}
    AND {{$t}}.domain IN ({{template "brand_domains" $a}})
{{- template "agent_guard" pair "daily_pages" $r}}
{{- end}}
{{- if .FactRanges}}
  UNION ALL
  SELECT
    citations.page AS page,
    1 AS citations
  FROM {{ranges .FactRanges}}
  CROSS JOIN citations
  WHERE {{template "owned_citations" .}}
{{- end}}
),
cited_pages AS MATERIALIZED (
  SELECT
    page,
    CAST(SUM(citations) AS BIGINT) AS citation_count
  FROM window_citations
  GROUP BY page
),
page_rows AS (
  SELECT
    visited_pages.page AS page,
    visited_pages.visits AS visits,
    visited_pages.verified_visits AS verified_visits,
    visited_pages.error_visits AS error_visits,
    visited_pages.last_visit_at AS last_visit_at,
    COALESCE(cited_pages.citation_count, 0) AS citation_count
  FROM visited_pages
  LEFT JOIN cited_pages ON cited_pages.page = visited_pages.page
  UNION ALL
  SELECT
    cited_pages.page AS page,
    0 AS visits,
    0 AS verified_visits,
    0 AS error_visits,
    NULL AS last_visit_at,
    cited_pages.citation_count AS citation_count
  FROM cited_pages
  WHERE NOT EXISTS (SELECT 1 FROM visited_pages WHERE visited_pages.page = cited_pages.page)
),
selected_rows AS (
  SELECT
    page, visits, verified_visits, error_visits, last_visit_at, citation_count,
    {{pct "error_visits" "visits"}} AS error_rate
  FROM page_rows
{{- if .CrawledNotCited}}
  WHERE visits > 0 AND citation_count = 0
{{- end}}
{{- if .CitedNotCrawled}}
  {{if .CrawledNotCited}}AND{{else}}WHERE{{end}} citation_count > 0 AND verified_visits = 0
{{- end}}
),
row_count AS (
  SELECT COUNT(*) AS total
  FROM selected_rows
),
paged_rows AS MATERIALIZED (
  SELECT page, visits, verified_visits, error_visits, last_visit_at, citation_count, error_rate
  FROM selected_rows
  {{.Order}}
  LIMIT {{arg .Limit}} OFFSET {{arg .Offset}}
),
page_agents AS MATERIALIZED (
  SELECT DISTINCT page, agent
  FROM (
{{- template "agent_paged_agents" .}}
  ) paged_visits
)
SELECT
  row_count.total,
  paged_rows.page, paged_rows.visits, paged_rows.verified_visits, paged_rows.error_visits,
  paged_rows.last_visit_at, paged_rows.citation_count, paged_rows.error_rate,
  (SELECT {{listAgg "page_agents.agent"}} FROM page_agents
    WHERE page_agents.page = paged_rows.page) AS agents
FROM row_count
LEFT JOIN paged_rows ON 1 = 1
{{.Order}}
{{- end}}

{{/* The brand's domains, for "domain IN (…)". */}}
{{define "brand_domains" -}}
SELECT brand_domains.domain FROM brand_domains WHERE brand_domains.brand_id = {{arg .BrandID}}
{{- end}}

{{/* The conditions on the brand's citations of its own domains in the
ranges of the relation ranges for the Agents . Every topic of the brand and
every provider is named, so that each pair is one range of the citations'
key. */}}
{{define "owned_citations" -}}
citations.brand_id = {{arg .BrandID}}
    AND citations.topic_id IN (
      SELECT topics.id
      FROM topics
      WHERE topics.brand_id = {{arg .BrandID}}
      UNION ALL
      SELECT {{nilUUID}}
    )
    AND citations.provider_id IN (SELECT providers.id FROM providers)
    AND citations.ran_at >= ranges.start_at AND citations.ran_at < ranges.end_at
    AND citations.domain IN ({{template "brand_domains" .}})
{{- end}}
