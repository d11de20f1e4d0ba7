SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

SELECT pruned_before FROM fact_horizons WHERE brand_id = ?
;

SELECT 'self' AS kind, id FROM found_brands WHERE brand_id = ? AND is_self = ?
UNION ALL
SELECT 'competitor', id FROM found_brands WHERE brand_id = ? AND competitor_id IS NOT NULL
UNION ALL
SELECT 'topic', id FROM topics WHERE brand_id = ?
UNION ALL
SELECT 'provider', id FROM providers
;

WITH owned_domains AS (
SELECT brand_domains.domain AS domain
FROM brand_domains
WHERE brand_domains.brand_id = ?
),
competitor_domains AS (
SELECT competitors.domain AS domain
FROM competitors
WHERE competitors.brand_id = ?
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
WHERE run_sources.brand_id = ?
AND run_sources.ran_at >= ? AND run_sources.ran_at < ?
AND run_sources.provider_id IN (?)
AND run_sources.topic_id IN (?)
),
cited_pages AS (
SELECT citations.page AS page
FROM citations
WHERE citations.brand_id = ?
AND citations.ran_at >= ? AND citations.ran_at < ?
AND citations.provider_id IN (?)
AND citations.topic_id IN (?)
AND citations.citation_type = 'inline'
AND citations.page IN (SELECT scope_sources.page FROM scope_sources)
UNION
SELECT scope_sources.page AS page
FROM scope_sources
WHERE scope_sources.cited = ?
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
WHERE (? OR lower(page) LIKE ? ESCAPE '\' OR lower(domain) LIKE ? ESCAPE '\')
AND (? OR domain IN (NULL))
AND (? OR ownership IN (NULL))
)
SELECT page, domain, url, title, retrieved_count, ownership,
1 AS page_count,
COUNT(*) OVER () AS total
FROM list_rows
ORDER BY retrieved_count DESC, domain ASC, page ASC
LIMIT ? OFFSET ?
;
