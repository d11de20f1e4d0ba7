-- GET …/agents/pages (docs/metrics.md#agent-pages-agentspages): one row per
-- page of the brand's site that a scoped visit fetched or an answer of the
-- window cited, with the page's citations in those answers. Pages match by
-- their normalized URL, the form citations.page has.
WITH {{template "agent_visits_scope.sql" .}},
visited_pages AS (
  SELECT
    page,
    COUNT(*) AS visits,
    SUM(is_verified) AS verified_visits,
    SUM(is_error) AS error_visits,
    MAX(visited_at) AS last_visit_at
  FROM scoped_visits
  GROUP BY page
),
cited_pages AS (
  SELECT
    window_citations.page AS page,
    SUM(window_citations.citations) AS citation_count
  FROM (
    -- the whole days from the page rollups, the cut days around them from
    -- the facts (docs/metrics.md#rollups)
    SELECT
      daily_pages.page AS page,
      daily_pages.citations AS citations
    FROM daily_pages
    WHERE daily_pages.brand_id = :brand_id
      AND daily_pages.ran_at >= :days_start
      AND daily_pages.ran_at < :days_end
      AND daily_pages.domain IN (
        SELECT brand_domains.domain
        FROM brand_domains
        WHERE brand_domains.brand_id = :brand_id
      )
    UNION ALL
    SELECT
      citations.page AS page,
      1 AS citations
    FROM citations
    WHERE {{template "owned_citations_scope.sql" "head"}}
    UNION ALL
    SELECT
      citations.page AS page,
      1 AS citations
    FROM citations
    WHERE {{template "owned_citations_scope.sql" "tail"}}
  ) window_citations
  GROUP BY window_citations.page
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
  WHERE NOT EXISTS (
    SELECT 1
    FROM visited_pages
    WHERE visited_pages.page = cited_pages.page
  )
),
selected_rows AS (
  SELECT
    page,
    visits,
    verified_visits,
    error_visits,
    last_visit_at,
    citation_count,
    {{.ErrorRate}} AS error_rate
  FROM page_rows
  WHERE (:crawled_not_cited = 0 OR (visits > 0 AND citation_count = 0))
    AND (:cited_not_crawled = 0 OR (citation_count > 0 AND verified_visits = 0))
),
row_count AS (
  SELECT COUNT(*) AS total
  FROM selected_rows
),
paged_rows AS (
  SELECT
    page,
    visits,
    verified_visits,
    error_visits,
    last_visit_at,
    citation_count,
    error_rate
  FROM selected_rows
  {{.Order}}
  LIMIT :limit OFFSET :offset
),
page_agents AS (
  SELECT DISTINCT
    scoped_visits.page AS page,
    scoped_visits.agent AS agent
  FROM scoped_visits
  WHERE scoped_visits.page IN (SELECT paged_rows.page FROM paged_rows)
)
SELECT
  row_count.total,
  paged_rows.page,
  paged_rows.visits,
  paged_rows.verified_visits,
  paged_rows.error_visits,
  paged_rows.last_visit_at,
  paged_rows.citation_count,
  paged_rows.error_rate,
  (
    SELECT {{listagg "page_agents.agent"}}
    FROM page_agents
    WHERE page_agents.page = paged_rows.page
  ) AS agents
FROM row_count
LEFT JOIN paged_rows ON 1 = 1
{{.Order}}
