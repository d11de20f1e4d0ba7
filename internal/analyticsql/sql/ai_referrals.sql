{{/* GET …/agents/referrals (docs/metrics.md#ai-referrals-agentsreferrals):
the referrals of the window from .Sources per source and landing page, one
page of them, and how many rows there are (one row with NULLs past the
end). */}}
{{define "ai_referrals.sql" -}}
WITH scoped_referrals AS (
{{- template "ai_referral_rows" .}}
),
referral_rows AS (
  SELECT
    source,
    page,
    CAST(SUM(visits) AS BIGINT) AS visits
  FROM scoped_referrals
  GROUP BY source, page
),
row_count AS (
  SELECT COUNT(*) AS total
  FROM referral_rows
),
paged_rows AS (
  SELECT
    source,
    page,
    visits
  FROM referral_rows
  {{.Order}}
  LIMIT {{arg .Limit}} OFFSET {{arg .Offset}}
)
SELECT
  row_count.total,
  paged_rows.source,
  paged_rows.page,
  paged_rows.visits
FROM row_count
LEFT JOIN paged_rows ON 1 = 1
{{.Order}}
{{- end}}
