-- GET …/agents/referrals (docs/metrics.md#ai-referrals-agentsreferrals): the
-- scoped referrals per source and landing page, one page of them, and how
-- many rows there are (one row with NULLs past the end).
WITH {{template "ai_referral_scope.sql" .}},
referral_rows AS (
  SELECT
    source,
    page,
    COUNT(*) AS visits
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
  LIMIT :limit OFFSET :offset
)
SELECT
  row_count.total,
  paged_rows.source,
  paged_rows.page,
  paged_rows.visits
FROM row_count
LEFT JOIN paged_rows ON 1 = 1
{{.Order}}
