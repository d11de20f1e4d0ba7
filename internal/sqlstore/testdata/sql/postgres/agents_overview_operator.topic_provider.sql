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
AND daily_agent_visits.operator IN (?)
AND daily_agent_visits.visited_at >= ? AND daily_agent_visits.visited_at < ?
),
window_agents AS MATERIALIZED (
SELECT DISTINCT daily_agent_visits.agent AS agent
FROM daily_agent_visits
WHERE daily_agent_visits.brand_id = ?
AND daily_agent_visits.verification IN (?, ?)
AND daily_agent_visits.operator IN (?)
AND daily_agent_visits.visited_at >= ? AND daily_agent_visits.visited_at < ?
),
page_rows AS (
SELECT
daily_agent_pages.url AS page,
daily_agent_pages.agent AS agent,
daily_agent_pages.visits AS visits,
CASE WHEN daily_agent_pages.verification = 'verified' THEN daily_agent_pages.visits ELSE 0 END AS verified_visits,
daily_agent_pages.error_visits AS error_visits,
daily_agent_pages.last_visit_at AS last_visit_at
FROM daily_agent_pages
WHERE daily_agent_pages.brand_id = ?
AND daily_agent_pages.verification IN (?, ?)
AND daily_agent_pages.operator IN (?)
AND daily_agent_pages.agent = ANY (ARRAY(SELECT window_agents.agent FROM window_agents))
AND daily_agent_pages.visited_at >= ? AND daily_agent_pages.visited_at < ?
UNION ALL
SELECT
weekly_agent_pages.url AS page,
weekly_agent_pages.agent AS agent,
weekly_agent_pages.visits AS visits,
CASE WHEN weekly_agent_pages.verification = 'verified' THEN weekly_agent_pages.visits ELSE 0 END AS verified_visits,
weekly_agent_pages.error_visits AS error_visits,
weekly_agent_pages.last_visit_at AS last_visit_at
FROM weekly_agent_pages
WHERE weekly_agent_pages.brand_id = ?
AND weekly_agent_pages.verification IN (?, ?)
AND weekly_agent_pages.operator IN (?)
AND weekly_agent_pages.agent = ANY (ARRAY(SELECT window_agents.agent FROM window_agents))
AND weekly_agent_pages.visited_at >= ? AND weekly_agent_pages.visited_at < ?
UNION ALL
SELECT
weekly_agent_pages.url AS page,
weekly_agent_pages.agent AS agent,
weekly_agent_pages.visits AS visits,
CASE WHEN weekly_agent_pages.verification = 'verified' THEN weekly_agent_pages.visits ELSE 0 END AS verified_visits,
weekly_agent_pages.error_visits AS error_visits,
weekly_agent_pages.last_visit_at AS last_visit_at
FROM weekly_agent_pages
WHERE weekly_agent_pages.brand_id = ?
AND weekly_agent_pages.verification IN (?, ?)
AND weekly_agent_pages.operator IN (?)
AND weekly_agent_pages.agent = ANY (ARRAY(SELECT window_agents.agent FROM window_agents))
AND weekly_agent_pages.visited_at >= ? AND weekly_agent_pages.visited_at < ?
AND NOT EXISTS (
SELECT 1 FROM daily_agent_visits
WHERE daily_agent_visits.brand_id = ?
AND daily_agent_visits.visited_at >= ? AND daily_agent_visits.visited_at < ?)
UNION ALL
SELECT
daily_agent_pages.url AS page,
daily_agent_pages.agent AS agent,
daily_agent_pages.visits AS visits,
CASE WHEN daily_agent_pages.verification = 'verified' THEN daily_agent_pages.visits ELSE 0 END AS verified_visits,
daily_agent_pages.error_visits AS error_visits,
daily_agent_pages.last_visit_at AS last_visit_at
FROM daily_agent_pages
WHERE daily_agent_pages.brand_id = ?
AND daily_agent_pages.verification IN (?, ?)
AND daily_agent_pages.operator IN (?)
AND daily_agent_pages.agent = ANY (ARRAY(SELECT window_agents.agent FROM window_agents))
AND daily_agent_pages.visited_at >= ? AND daily_agent_pages.visited_at < ?
AND EXISTS (
SELECT 1 FROM daily_agent_visits
WHERE daily_agent_visits.brand_id = ?
AND daily_agent_visits.visited_at >= ? AND daily_agent_visits.visited_at < ?)
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
AND daily_agent_visits.operator IN (?)
AND daily_agent_visits.visited_at >= ? AND daily_agent_visits.visited_at < ?
),
bucketed_rows AS (
SELECT
operator,
to_char(date_trunc('day', visited_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS bucket,
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
