{{/* The citation pages and domains lists (docs/metrics.md): the rows of
one level (.Level, page or domain), ordered by .Order, .Limit rows from
.Offset. Percentages are of all citations (and of all brand citations) in
the narrowed scope, so that total_citation_percent sums to 100 over all
rows. A domain row also gets its number of distinct pages and its
most-cited page (ties by page) from the same page-level rows (.Sel.Level
page), unless the domain rollups answer (then top_pages.sql gives them).
row_totals: per page or domain, its counts and class; list_rows: the same
with a domain's distinct pages and most-cited page. */}}
{{define "citation_rows.sql" -}}
{{template "row_totals" .}}
{{- if and (eq .Level "domain") (eq .Sel.Level "domain")}},
list_rows AS (
  SELECT '' AS page, domain, '' AS page_type, domain_type, has_source, has_inline,
  citations, brand_citations, 0 AS page_count
  FROM row_totals
)
{{- else if eq .Level "domain"}},
ranked_pages AS (
  SELECT domain, page, MIN(page_type) AS page_type,
  ROW_NUMBER() OVER (PARTITION BY domain ORDER BY SUM(citations) DESC, page ASC) AS page_rank,
  COUNT(*) OVER (PARTITION BY domain) AS page_count
  FROM scope_citations
  GROUP BY domain, page
),
list_rows AS (
  SELECT ranked_pages.page AS page, row_totals.domain AS domain, ranked_pages.page_type AS page_type,
  row_totals.domain_type AS domain_type,
  row_totals.has_source AS has_source, row_totals.has_inline AS has_inline,
  row_totals.citations AS citations, row_totals.brand_citations AS brand_citations,
  ranked_pages.page_count AS page_count
  FROM row_totals
  JOIN ranked_pages ON ranked_pages.domain = row_totals.domain AND ranked_pages.page_rank = 1
)
{{- else}},
list_rows AS (
  SELECT page, domain, page_type, domain_type, has_source, has_inline,
  citations, brand_citations, 1 AS page_count
  FROM row_totals
)
{{- end}}
SELECT page, domain, page_type, domain_type, has_source, has_inline, citations, brand_citations,
{{pct "citations" "SUM(citations) OVER ()"}},
{{pct "brand_citations" "SUM(brand_citations) OVER ()"}},
COUNT(*) OVER (), page_count, SUM(citations) OVER (), SUM(brand_citations) OVER ()
FROM list_rows
{{.Order}}
LIMIT {{arg .Limit}} OFFSET {{arg .Offset}}
{{- end}}

{{/* The count of the rows citation_rows.sql lists (for a page past the
end). */}}
{{define "citation_rows_count.sql" -}}
{{template "row_totals" .}}
SELECT COUNT(*) FROM row_totals
{{- end}}

{{define "row_totals"}}
{{- template "citation_scope" .Sel}},
row_totals AS (
  SELECT MIN(domain) AS domain, MIN(page) AS page, MIN(page_type) AS page_type,
  SUM(citations) AS citations, SUM(brand_citations) AS brand_citations,
  MAX(has_source) AS has_source, MAX(has_inline) AS has_inline,
  {{template "class_of" strings "MIN(domain)" "SUM(named_citations)" "SUM(competitor_only_citations)"
    "MIN(static_type)"}} AS domain_type
  FROM scope_citations
  GROUP BY {{.Level}}
)
{{- end}}

{{/* Each of .Domains' distinct pages and most-cited page (ties by page)
from the page level of the same scope. */}}
{{define "top_pages.sql" -}}
{{template "citation_scope" .Sel}},
ranked_pages AS (
  SELECT domain, page, MIN(page_type) AS page_type, SUM(citations) AS citations,
  ROW_NUMBER() OVER (PARTITION BY domain ORDER BY SUM(citations) DESC, page ASC) AS page_rank,
  COUNT(*) OVER (PARTITION BY domain) AS page_count
  FROM scope_citations
  WHERE domain IN ({{in .Domains}})
  GROUP BY domain, page
)
SELECT domain, page, page_type, page_count
FROM ranked_pages
WHERE page_rank = 1
{{- end}}

{{/* The found brands named in the answers citing each row key (.Keys:
pages, or domains, as .Key says; .Domains are the page rows' domains) over
the whole days .Full, from the page-brand rollups. The pairs of row key and
found brand id are summed before the names are joined: the rollup rows
repeat each pair once a day. A page key names the domains too (the primary
key starts (brand_id, domain, page)); a domain row under page filters
counts only its pages that pass them. */}}
{{define "rollup_row_brands.sql" -}}
{{- $q := scope -}}
SELECT row_brands.row_key, found_brands.name, row_brands.citations
FROM (
  SELECT day_rows.row_key AS row_key, day_rows.found_brand_id AS found_brand_id,
  SUM(day_rows.citations) AS citations
  FROM (
    SELECT
{{- if eq .Key "page"}} daily_page_brands.page AS row_key, daily_page_brands.found_brand_id AS found_brand_id,
    daily_page_brands.citations AS citations
    FROM daily_page_brands
    WHERE daily_page_brands.brand_id = {{brand}}
    AND daily_page_brands.domain IN ({{in .Domains}})
    AND daily_page_brands.page IN ({{in .Keys}})
    AND ({{orRanges "daily_page_brands" .Full}})
{{- else if .PageFiltered}} daily_page_brands.domain AS row_key, daily_page_brands.found_brand_id AS found_brand_id,
    daily_page_brands.citations AS citations
    FROM daily_page_brands
    WHERE daily_page_brands.brand_id = {{brand}}
    AND daily_page_brands.domain IN ({{in .Keys}})
    AND ({{orRanges "daily_page_brands" .Full}})
    AND daily_page_brands.page IN (
      SELECT daily_pages.page FROM daily_pages
      WHERE daily_pages.brand_id = {{brand}} AND ({{orRanges "daily_pages" .Full}})
{{- template "citation_filters" pair "daily_pages" "page"}})
{{- else}} daily_domain_brands.domain AS row_key, daily_domain_brands.found_brand_id AS found_brand_id,
    daily_domain_brands.citations AS citations
    FROM daily_domain_brands
    WHERE daily_domain_brands.brand_id = {{brand}}
    AND daily_domain_brands.domain IN ({{in .Keys}})
    AND ({{orRanges "daily_domain_brands" .Full}})
{{- end}}
  ) day_rows
  GROUP BY day_rows.row_key, day_rows.found_brand_id
) row_brands
JOIN found_brands ON found_brands.id = row_brands.found_brand_id
{{- end}}

{{/* For the fact ranges .Raw, each run citing any of the row keys once,
with the keys it cites and the found brands it names as two lists
(listAgg): read in the order of the primary key, each run's mentions one
range of it. A filter on found brands or domain types needs each run's
found brands (run_flags of citation_scope). */}}
{{define "run_row_brands.sql" -}}
{{- $key := .Key}}
{{- if .Sel -}}
{{template "citation_scope" .Sel}},
citing_runs AS MATERIALIZED (
  SELECT scope_citations.topic_id AS topic_id, scope_citations.provider_id AS provider_id,
  scope_citations.ran_at AS ran_at, scope_citations.run_seq AS run_seq,
  {{listAgg (printf "scope_citations.%s" $key)}} AS row_keys
  FROM scope_citations
  WHERE scope_citations.{{$key}} IN ({{in .Keys}})
  GROUP BY scope_citations.topic_id, scope_citations.provider_id,
  scope_citations.ran_at, scope_citations.run_seq
)
{{- else -}}
WITH citing_runs AS MATERIALIZED (
SELECT citations.topic_id AS topic_id, citations.provider_id AS provider_id,
citations.ran_at AS ran_at, citations.run_seq AS run_seq,
{{listAgg (printf "citations.%s" $key)}} AS row_keys
{{- template "from_facts" pair (factRead .Raw) "citations"}}
{{- template "citation_filters" pair "citations" "page"}}
AND citations.{{$key}} IN ({{in .Keys}})
GROUP BY citations.topic_id, citations.provider_id, citations.ran_at, citations.run_seq)
{{- end}}
SELECT citing_runs.row_keys, COALESCE((
  SELECT {{listAgg "mentions.found_brand_id"}}
  FROM mentions
  WHERE mentions.brand_id = {{brand}}
  AND mentions.topic_id = citing_runs.topic_id AND mentions.provider_id = citing_runs.provider_id
  AND mentions.ran_at = citing_runs.ran_at AND mentions.run_seq = citing_runs.run_seq
), '')
FROM citing_runs
{{- end}}
