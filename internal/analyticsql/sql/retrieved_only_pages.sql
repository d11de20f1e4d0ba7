{{/* The pages the scope's runs retrieved in the window and no answer of the
scope cited in its text there: citations/pages?filter[retrieved_only]=true
(docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
For the brand's owned pages, its content gap: the assistant read the
page and cited another. Cited in the text is an inline citation, or a
retrieved source marked cited; a page only listed as a source is not.
The scope's run filters narrow run_sources and citations alike; .Query
(filter[query]), .Domains (filter[domains]) and .Ownerships
(filter[domain_types]: owned, competitor_owned) the rows; .Order,
.Limit and .Offset are the page of rows. */}}
{{define "retrieved_only_pages.sql" -}}
{{template "retrieved_only_sources" "page"}},
retrieved_pages AS (
  SELECT scope_sources.page AS page,
  MIN(scope_sources.domain) AS domain,
  MIN(scope_sources.url) AS url,
  MAX(scope_sources.title) AS title,
  COUNT(DISTINCT scope_sources.run_seq) AS retrieved_count
  FROM scope_sources
  WHERE scope_sources.page NOT IN (SELECT cited_pages.page FROM cited_pages)
  GROUP BY scope_sources.page
),
classed_pages AS (
  SELECT page, domain, url, title, retrieved_count,
  CASE
    WHEN domain IN (SELECT owned_domains.domain FROM owned_domains) THEN 'owned'
    WHEN domain IN (SELECT competitor_domains.domain FROM competitor_domains) THEN 'competitor_owned'
    ELSE ''
  END AS ownership
  FROM retrieved_pages
),
list_rows AS (
  SELECT page, domain, url, title, retrieved_count, ownership
  FROM classed_pages
  WHERE ({{arg (not .Query)}} OR lower(page) LIKE {{arg (like .Query)}} ESCAPE '\' OR lower(domain) LIKE {{arg (like .Query)}} ESCAPE '\')
  AND ({{arg (not .Domains)}} OR domain IN ({{in .Domains}}))
  AND ({{arg (not .Ownerships)}} OR ownership IN ({{in .Ownerships}}))
)
SELECT page, domain, url, title, retrieved_count, ownership,
1 AS page_count,
COUNT(*) OVER () AS total
FROM list_rows
{{.Order}}
LIMIT {{arg .Limit}} OFFSET {{arg .Offset}}
{{- end}}

{{/* The run_sources rows of the scope's window (scope_sources), the brand's
own and its competitors' domains, and the keys (. is "page" or "domain")
that an answer of the scope cited in its text there (cited_pages,
cited_domains): the start of both retrieved-only lists. */}}
{{define "retrieved_only_sources" -}}
WITH owned_domains AS (
  SELECT brand_domains.domain AS domain
  FROM brand_domains
  WHERE brand_domains.brand_id = {{brand}}
),
competitor_domains AS (
  SELECT competitors.domain AS domain
  FROM competitors
  WHERE competitors.brand_id = {{brand}}
  AND competitors.domain <> ''
),
scope_sources AS (
  SELECT run_sources.page AS page,
  run_sources.domain AS domain,
  run_sources.url AS url,
  run_sources.title AS title,
  run_sources.run_seq AS run_seq,
  run_sources.cited AS cited
  FROM run_sources
  WHERE {{template "fact_filter" pair "run_sources" scope.Window}}
),
cited_{{.}}s AS (
  SELECT citations.{{.}} AS {{.}}
  FROM citations
  WHERE {{template "fact_filter" pair "citations" scope.Window}}
  AND citations.citation_type = 'inline'
  AND citations.{{.}} IN (SELECT scope_sources.{{.}} FROM scope_sources)
  UNION
  SELECT scope_sources.{{.}} AS {{.}}
  FROM scope_sources
  WHERE scope_sources.cited = {{arg true}}
)
{{- end}}
