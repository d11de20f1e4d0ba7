{{/* The owned-citation share per bucket (docs/metrics.md): the citations
of owned domains, and the average over the tracked brands' own domains
(brand and competitors) divided by .TrackedBrands, competitors without a
domain included (as the mention share's average). */}}
{{define "owned_citation_share.sql" -}}
{{template "citation_scope" .Sel}},
bucket_citations AS (
SELECT {{bucket .Granularity "ran_at"}} AS bucket,
SUM(citations) AS citations,
SUM(CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN citations ELSE 0 END) AS owned_citations,
CAST(SUM(CASE
  WHEN domain IN (SELECT domain FROM owned_domains) OR domain IN (SELECT domain FROM competitor_domains)
  THEN citations ELSE 0 END) AS DOUBLE PRECISION) / {{arg .TrackedBrands}} AS tracked_average
FROM scope_citations
GROUP BY 1
)
SELECT bucket, citations, owned_citations,
{{pct "owned_citations" "citations"}},
tracked_average,
{{pct "tracked_average" "citations"}},
{{pct "SUM(owned_citations) OVER ()" "SUM(citations) OVER ()"}},
{{pct "SUM(tracked_average) OVER ()" "SUM(citations) OVER ()"}},
SUM(owned_citations) OVER (), SUM(citations) OVER ()
FROM bucket_citations
ORDER BY bucket
{{- end}}

{{/* The window's citations by ownership class, the static classes together
as 'other'. */}}
{{define "ownership_breakdown.sql" -}}
{{template "citation_scope" .}},
{{- template "class_counts"}},
breakdown_counts AS (
SELECT CASE WHEN domain_type IN ('owned', 'competitor_owned', 'earned', 'competitor_earned')
  THEN domain_type ELSE 'other' END AS domain_type,
citations
FROM class_counts
)
SELECT domain_type, SUM(citations),
{{pct "SUM(citations)" "SUM(SUM(citations)) OVER ()"}}
FROM breakdown_counts
GROUP BY domain_type
{{- end}}
