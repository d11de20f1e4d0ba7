SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

SELECT pruned_before FROM fact_horizons WHERE brand_id = ?
;

WITH class_rows AS (
SELECT
daily_agent_visits.operator AS operator,
daily_agent_visits.purpose AS purpose,
daily_agent_visits.status_class AS status_class,
daily_agent_visits.visited_at AS visited_at,
daily_agent_visits.visits AS visits,
CASE WHEN daily_agent_visits.verification = 'verified' THEN daily_agent_visits.visits ELSE 0 END AS verified_visits
FROM daily_agent_visits
WHERE daily_agent_visits.brand_id = ?
AND daily_agent_visits.verification IN (?, ?)
AND daily_agent_visits.visited_at >= ? AND daily_agent_visits.visited_at < ?
UNION ALL
SELECT
agent_visits.operator AS operator,
agent_visits.purpose AS purpose,
CASE
WHEN agent_visits.status < 200 THEN '1xx'
WHEN agent_visits.status < 300 THEN '2xx'
WHEN agent_visits.status < 400 THEN '3xx'
WHEN agent_visits.status < 500 THEN '4xx'
ELSE '5xx'
END AS status_class,
agent_visits.visited_at AS visited_at,
1 AS visits,
CASE WHEN agent_visits.verification = 'verified' THEN 1 ELSE 0 END AS verified_visits
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN agent_visits
WHERE agent_visits.brand_id = ?
AND agent_visits.verification IN (?, ?)
AND agent_visits.visited_at >= ranges.start_at AND agent_visits.visited_at < ranges.end_at
),
page_rows AS (
SELECT
daily_agent_page_totals.url AS page,
'' AS agent,
daily_agent_page_totals.verified_visits + daily_agent_page_totals.unverified_visits AS visits,
daily_agent_page_totals.verified_visits AS verified_visits,
daily_agent_page_totals.verified_errors + daily_agent_page_totals.unverified_errors AS error_visits,
NULLIF(max(
COALESCE(daily_agent_page_totals.verified_last_at, ''),
COALESCE(daily_agent_page_totals.unverified_last_at, '')
), '') AS last_visit_at
FROM daily_agent_page_totals
WHERE daily_agent_page_totals.brand_id = ?
AND daily_agent_page_totals.visited_at >= ? AND daily_agent_page_totals.visited_at < ?
AND daily_agent_page_totals.verified_visits + daily_agent_page_totals.unverified_visits > 0
UNION ALL
SELECT
weekly_agent_page_totals.url AS page,
'' AS agent,
weekly_agent_page_totals.verified_visits + weekly_agent_page_totals.unverified_visits AS visits,
weekly_agent_page_totals.verified_visits AS verified_visits,
weekly_agent_page_totals.verified_errors + weekly_agent_page_totals.unverified_errors AS error_visits,
NULLIF(max(
COALESCE(weekly_agent_page_totals.verified_last_at, ''),
COALESCE(weekly_agent_page_totals.unverified_last_at, '')
), '') AS last_visit_at
FROM weekly_agent_page_totals
WHERE weekly_agent_page_totals.brand_id = ?
AND weekly_agent_page_totals.visited_at >= ? AND weekly_agent_page_totals.visited_at < ?
AND weekly_agent_page_totals.verified_visits + weekly_agent_page_totals.unverified_visits > 0
UNION ALL
SELECT
agent_visits.url AS page,
agent_visits.agent AS agent,
1 AS visits,
CASE WHEN agent_visits.verification = 'verified' THEN 1 ELSE 0 END AS verified_visits,
CASE WHEN agent_visits.status >= 400 THEN 1 ELSE 0 END AS error_visits,
agent_visits.visited_at AS last_visit_at
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN agent_visits
WHERE agent_visits.brand_id = ?
AND agent_visits.verification IN (?, ?)
AND agent_visits.visited_at >= ranges.start_at AND agent_visits.visited_at < ranges.end_at
),
visited_pages AS (
SELECT COUNT(*) AS pages
FROM (
SELECT page
FROM page_rows
GROUP BY page
) distinct_pages
),
totals AS (
SELECT
'total' AS kind,
'' AS label,
CAST(COALESCE(SUM(visits), 0) AS BIGINT) AS visits,
CAST(COALESCE(SUM(verified_visits), 0) AS BIGINT) AS verified_visits,
(SELECT visited_pages.pages FROM visited_pages) AS pages
FROM class_rows
),
by_operator AS (
SELECT
'operator' AS kind,
operator AS label,
CAST(SUM(visits) AS BIGINT) AS visits,
CAST(SUM(verified_visits) AS BIGINT) AS verified_visits,
0 AS pages
FROM class_rows
GROUP BY operator
),
by_purpose AS (
SELECT
'purpose' AS kind,
purpose AS label,
CAST(SUM(visits) AS BIGINT) AS visits,
CAST(SUM(verified_visits) AS BIGINT) AS verified_visits,
0 AS pages
FROM class_rows
GROUP BY purpose
),
by_status_class AS (
SELECT
'status_class' AS kind,
status_class AS label,
CAST(SUM(visits) AS BIGINT) AS visits,
CAST(SUM(verified_visits) AS BIGINT) AS verified_visits,
0 AS pages
FROM class_rows
GROUP BY status_class
)
SELECT kind, label, visits, verified_visits, pages FROM totals
UNION ALL
SELECT kind, label, visits, verified_visits, pages FROM by_operator
UNION ALL
SELECT kind, label, visits, verified_visits, pages FROM by_purpose
UNION ALL
SELECT kind, label, visits, verified_visits, pages FROM by_status_class
ORDER BY kind, visits DESC, label
;

WITH class_rows AS (
SELECT
daily_agent_visits.operator AS operator,
daily_agent_visits.purpose AS purpose,
daily_agent_visits.status_class AS status_class,
daily_agent_visits.visited_at AS visited_at,
daily_agent_visits.visits AS visits,
CASE WHEN daily_agent_visits.verification = 'verified' THEN daily_agent_visits.visits ELSE 0 END AS verified_visits
FROM daily_agent_visits
WHERE daily_agent_visits.brand_id = ?
AND daily_agent_visits.verification IN (?, ?)
AND daily_agent_visits.visited_at >= ? AND daily_agent_visits.visited_at < ?
UNION ALL
SELECT
agent_visits.operator AS operator,
agent_visits.purpose AS purpose,
CASE
WHEN agent_visits.status < 200 THEN '1xx'
WHEN agent_visits.status < 300 THEN '2xx'
WHEN agent_visits.status < 400 THEN '3xx'
WHEN agent_visits.status < 500 THEN '4xx'
ELSE '5xx'
END AS status_class,
agent_visits.visited_at AS visited_at,
1 AS visits,
CASE WHEN agent_visits.verification = 'verified' THEN 1 ELSE 0 END AS verified_visits
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN agent_visits
WHERE agent_visits.brand_id = ?
AND agent_visits.verification IN (?, ?)
AND agent_visits.visited_at >= ranges.start_at AND agent_visits.visited_at < ranges.end_at
),
bucketed_rows AS (
SELECT
operator,
substr(visited_at, 1, 10) AS bucket,
visits
FROM class_rows
)
SELECT
operator,
bucket,
CAST(SUM(visits) AS BIGINT) AS visits
FROM bucketed_rows
GROUP BY operator, bucket
ORDER BY operator, bucket
;
