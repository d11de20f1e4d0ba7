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
cited_domains AS (
SELECT citations.domain AS domain
FROM citations
WHERE citations.brand_id = ?
AND citations.ran_at >= ? AND citations.ran_at < ?
AND citations.provider_id IN (?)
AND citations.topic_id IN (?)
AND citations.citation_type = 'inline'
AND citations.domain IN (SELECT scope_sources.domain FROM scope_sources)
UNION
SELECT scope_sources.domain AS domain
FROM scope_sources
WHERE scope_sources.cited = ?
),
uncited_sources AS (
SELECT page, domain, url, title, run_seq
FROM scope_sources
WHERE scope_sources.domain NOT IN (SELECT cited_domains.domain FROM cited_domains)
),
ranked_pages AS (
SELECT domain, page,
MIN(url) AS url,
MAX(title) AS title,
ROW_NUMBER() OVER (PARTITION BY domain ORDER BY COUNT(DISTINCT run_seq) DESC, page ASC) AS page_rank,
COUNT(*) OVER (PARTITION BY domain) AS page_count
FROM uncited_sources
GROUP BY domain, page
),
retrieved_domains AS (
SELECT domain,
COUNT(DISTINCT run_seq) AS retrieved_count
FROM uncited_sources
GROUP BY domain
),
classed_domains AS (
SELECT retrieved_domains.domain AS domain,
ranked_pages.page AS page,
ranked_pages.url AS url,
ranked_pages.title AS title,
retrieved_domains.retrieved_count AS retrieved_count,
ranked_pages.page_count AS page_count,
CASE
WHEN retrieved_domains.domain IN (SELECT owned_domains.domain FROM owned_domains) THEN 'owned'
WHEN retrieved_domains.domain IN (SELECT competitor_domains.domain FROM competitor_domains) THEN 'competitor_owned'
ELSE ''
END AS ownership
FROM retrieved_domains
JOIN ranked_pages ON ranked_pages.domain = retrieved_domains.domain AND ranked_pages.page_rank = 1
),
list_rows AS (
SELECT page, domain, url, title, retrieved_count, ownership, page_count
FROM classed_domains
WHERE (? OR lower(domain) LIKE ? ESCAPE '\')
AND (? OR domain IN (NULL))
AND (? OR ownership IN (NULL))
)
SELECT page, domain, url, title, retrieved_count, ownership, page_count,
COUNT(*) OVER () AS total
FROM list_rows
ORDER BY retrieved_count DESC, domain ASC, page ASC
LIMIT ? OFFSET ?
;
