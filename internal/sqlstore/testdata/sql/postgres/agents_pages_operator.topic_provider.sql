SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

SELECT pruned_before FROM fact_horizons WHERE brand_id = ?
;

WITH
window_agents AS MATERIALIZED (
SELECT DISTINCT daily_agent_visits.agent AS agent
FROM daily_agent_visits
WHERE daily_agent_visits.brand_id = ?
AND daily_agent_visits.verification IN (?, ?)
AND daily_agent_visits.operator IN (?)
AND daily_agent_visits.visited_at >= ? AND daily_agent_visits.visited_at < ?
),
visit_rows AS (
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
SELECT
daily_pages.page AS page,
daily_pages.citations AS citations
FROM daily_pages
WHERE daily_pages.brand_id = ?
AND daily_pages.ran_at >= ? AND daily_pages.ran_at < ?
AND daily_pages.domain IN (SELECT brand_domains.domain FROM brand_domains WHERE brand_domains.brand_id = ?)
UNION ALL
SELECT
weekly_pages.page AS page,
weekly_pages.citations AS citations
FROM weekly_pages
WHERE weekly_pages.brand_id = ?
AND weekly_pages.ran_at >= ? AND weekly_pages.ran_at < ?
AND weekly_pages.domain IN (SELECT brand_domains.domain FROM brand_domains WHERE brand_domains.brand_id = ?)
UNION ALL
SELECT
weekly_pages.page AS page,
weekly_pages.citations AS citations
FROM weekly_pages
WHERE weekly_pages.brand_id = ?
AND weekly_pages.ran_at >= ? AND weekly_pages.ran_at < ?
AND weekly_pages.domain IN (SELECT brand_domains.domain FROM brand_domains WHERE brand_domains.brand_id = ?)
AND NOT EXISTS (
SELECT 1 FROM daily_pages
WHERE daily_pages.brand_id = ?
AND daily_pages.ran_at >= ? AND daily_pages.ran_at < ?)
UNION ALL
SELECT
daily_pages.page AS page,
daily_pages.citations AS citations
FROM daily_pages
WHERE daily_pages.brand_id = ?
AND daily_pages.ran_at >= ? AND daily_pages.ran_at < ?
AND daily_pages.domain IN (SELECT brand_domains.domain FROM brand_domains WHERE brand_domains.brand_id = ?)
AND EXISTS (
SELECT 1 FROM daily_pages
WHERE daily_pages.brand_id = ?
AND daily_pages.ran_at >= ? AND daily_pages.ran_at < ?)
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
(CASE WHEN visits > 0
THEN 100 * CAST(error_visits AS DOUBLE PRECISION)
/ CAST(visits AS DOUBLE PRECISION)
ELSE 0 END) AS error_rate
FROM page_rows
),
row_count AS (
SELECT COUNT(*) AS total
FROM selected_rows
),
paged_rows AS MATERIALIZED (
SELECT page, visits, verified_visits, error_visits, last_visit_at, citation_count, error_rate
FROM selected_rows
ORDER BY visits DESC, page ASC
LIMIT ? OFFSET ?
),
page_agents AS MATERIALIZED (
SELECT DISTINCT page, agent
FROM (
SELECT
daily_agent_pages.url AS page,
daily_agent_pages.agent AS agent
FROM daily_agent_pages
WHERE daily_agent_pages.brand_id = ?
AND daily_agent_pages.verification IN (?, ?)
AND daily_agent_pages.operator IN (?)
AND daily_agent_pages.url IN (SELECT paged_rows.page FROM paged_rows)
AND daily_agent_pages.visited_at >= ? AND daily_agent_pages.visited_at < ?
) paged_visits
)
SELECT
row_count.total,
paged_rows.page, paged_rows.visits, paged_rows.verified_visits, paged_rows.error_visits,
paged_rows.last_visit_at, paged_rows.citation_count, paged_rows.error_rate,
(SELECT string_agg(CAST(page_agents.agent AS TEXT), chr(31)) FROM page_agents
WHERE page_agents.page = paged_rows.page) AS agents
FROM row_count
LEFT JOIN paged_rows ON 1 = 1
ORDER BY visits DESC, page ASC
;
