-- The pages the scope's runs retrieved in the window and no answer of the
-- scope cited in its text there: citations/pages?filter[retrieved_only]=true
-- (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
-- For the brand's owned pages, its content gap: the assistant read the
-- page and cited another. Cited in the text is an inline citation, or a
-- retrieved source marked cited; a page only listed as a source is not.
--
-- :brand_id         the brand
-- :run_scope        the scope's conditions on run_sources (brand, window,
--                   provider, region, topic and prompt filters)
-- :citation_scope   the same conditions on citations
-- :cited            true, as run_sources.cited holds it
-- :any_query, :query               filter[query] (a LIKE pattern)
-- :any_domain, :domains            filter[domains]
-- :any_ownership, :ownerships      filter[domain_types]: owned, competitor_owned
-- :order_by, :limit, :offset       the page of rows
WITH owned_domains AS (
  SELECT brand_domains.domain AS domain
  FROM brand_domains
  WHERE brand_domains.brand_id = :brand_id
),
competitor_domains AS (
  SELECT competitors.domain AS domain
  FROM competitors
  WHERE competitors.brand_id = :brand_id
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
  WHERE :run_scope
),
cited_pages AS (
  SELECT citations.page AS page
  FROM citations
  WHERE :citation_scope
  AND citations.citation_type = 'inline'
  AND citations.page IN (SELECT scope_sources.page FROM scope_sources)
  UNION
  SELECT scope_sources.page AS page
  FROM scope_sources
  WHERE scope_sources.cited = :cited
),
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
  WHERE (:any_query OR lower(page) LIKE :query ESCAPE '\' OR lower(domain) LIKE :query ESCAPE '\')
  AND (:any_domain OR domain IN (:domains))
  AND (:any_ownership OR ownership IN (:ownerships))
)
SELECT page, domain, url, title, retrieved_count, ownership,
1 AS page_count,
COUNT(*) OVER () AS total
FROM list_rows
:order_by
LIMIT :limit OFFSET :offset
