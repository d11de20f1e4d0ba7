{{/* The domains the scope's runs retrieved in the window and no answer of
the scope cited in its text there (none of their pages; as
retrieved_only_pages.sql says cited):
citations/domains?filter[retrieved_only]=true
(docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
A row's page is its most-retrieved page (ties by page), page_count its
distinct pages retrieved.
The scope's run filters narrow run_sources and citations alike; .Query
(filter[query]), .Domains (filter[domains]) and .Ownerships
(filter[domain_types]: owned, competitor_owned) the rows; .Order,
.Limit and .Offset are the page of rows. */}}
{{define "retrieved_only_domains.sql" -}}
{{template "retrieved_only_sources" "domain"}},
uncited_sources AS (
  SELECT page, domain, url, title, run_seq
  FROM scope_sources
  WHERE scope_sources.domain NOT IN (SELECT cited_domains.domain FROM cited_domains)
),
ranked_pages AS (
  SELECT domain, page,
  MIN(url) AS url,
  MAX(title) AS title,
  ROW_NUMBER() OVER (PARTITION BY domain ORDER BY COUNT(DISTINCT run_seq) DESC, page ASC) AS page_rank,
  COUNT(*) OVER (PARTITION BY domain) AS page_count
  FROM uncited_sources
  GROUP BY domain, page
),
retrieved_domains AS (
  SELECT domain,
  COUNT(DISTINCT run_seq) AS retrieved_count
  FROM uncited_sources
  GROUP BY domain
),
classed_domains AS (
  SELECT retrieved_domains.domain AS domain,
  ranked_pages.page AS page,
  ranked_pages.url AS url,
  ranked_pages.title AS title,
  retrieved_domains.retrieved_count AS retrieved_count,
  ranked_pages.page_count AS page_count,
  CASE
    WHEN retrieved_domains.domain IN (SELECT owned_domains.domain FROM owned_domains) THEN 'owned'
    WHEN retrieved_domains.domain IN (SELECT competitor_domains.domain FROM competitor_domains) THEN 'competitor_owned'
    ELSE ''
  END AS ownership
  FROM retrieved_domains
  JOIN ranked_pages ON ranked_pages.domain = retrieved_domains.domain AND ranked_pages.page_rank = 1
),
list_rows AS (
  SELECT page, domain, url, title, retrieved_count, ownership, page_count
  FROM classed_domains
  WHERE ({{arg (not .Query)}} OR lower(domain) LIKE {{arg (like .Query)}} ESCAPE '\')
  AND ({{arg (not .Domains)}} OR domain IN ({{in .Domains}}))
  AND ({{arg (not .Ownerships)}} OR ownership IN ({{in .Ownerships}}))
)
SELECT page, domain, url, title, retrieved_count, ownership, page_count,
COUNT(*) OVER () AS total
FROM list_rows
{{.Order}}
LIMIT {{arg .Limit}} OFFSET {{arg .Offset}}
{{- end}}
