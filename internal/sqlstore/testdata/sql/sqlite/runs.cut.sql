SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

SELECT pruned_before FROM fact_horizons WHERE brand_id = ?
;

SELECT COALESCE(SUM(window_runs.runs), 0)
FROM (
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id, rollup_row.runs AS runs
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN weekly_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id, rollup_row.runs AS runs
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN daily_runs rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at
UNION ALL
SELECT runs.ran_at AS ran_at,
COALESCE(runs.topic_id, '00000000-0000-0000-0000-000000000000') AS topic_id,
runs.provider_id AS provider_id, runs.region_id AS region_id, 1 AS runs
FROM (SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges
CROSS JOIN runs runs
WHERE runs.brand_id = ?
AND runs.ran_at >= ranges.start_at AND runs.ran_at < ranges.end_at
) window_runs
;

SELECT runs.seq, runs.id, runs.brand_id, runs.ran_at, runs.prompt_id, prompts.text, runs.topic_id, topics.name,
runs.provider_id, providers.code, runs.region_id, regions.code, runs.model, COALESCE(run_answers.answer, ''),
run_surfaces.source, COALESCE(run_surfaces.answer_shown, TRUE), runs.search_queries_reported
FROM runs JOIN prompts ON prompts.id = runs.prompt_id LEFT JOIN topics ON topics.id = runs.topic_id
JOIN providers ON providers.id = runs.provider_id JOIN regions ON regions.id = runs.region_id
LEFT JOIN run_answers ON run_answers.run_seq = runs.seq
LEFT JOIN run_surfaces ON run_surfaces.run_seq = runs.seq
WHERE runs.brand_id = ?
AND runs.ran_at >= ? AND runs.ran_at < ? ORDER BY runs.ran_at DESC, runs.seq DESC LIMIT ? OFFSET ?
;

SELECT mentions.run_seq, mentions.found_brand_id, found_brands.name, found_brands.is_self,
COALESCE(CAST(found_brands.competitor_id AS TEXT), ''),
mentions.position, mentions.mention_count, mentions.sentiment
FROM runs
CROSS JOIN mentions
JOIN found_brands ON found_brands.id = mentions.found_brand_id
WHERE runs.seq IN (?, ?, ?, ?, ?, ?)
AND mentions.brand_id = runs.brand_id
AND mentions.topic_id = COALESCE(runs.topic_id, '00000000-0000-0000-0000-000000000000')
AND mentions.provider_id = runs.provider_id
AND mentions.ran_at = runs.ran_at
AND mentions.run_seq = runs.seq
ORDER BY mentions.run_seq, mentions.position, found_brands.name
;

WITH owned_domains AS (
SELECT domain FROM brand_domains WHERE brand_id = ?
),
competitor_domains AS (
SELECT domain FROM competitors WHERE brand_id = ? AND domain <> ''
)
SELECT citations.run_seq, citations.ord, citations.url, citations.page, citations.domain,
citations.title, citations.author, citations.citation_type, citations.page_type,
CASE WHEN citations.domain IN (SELECT domain FROM owned_domains) THEN 'owned'
WHEN citations.domain IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned'
WHEN (
SELECT COUNT(*) FROM mentions
JOIN found_brands ON found_brands.id = mentions.found_brand_id
WHERE mentions.brand_id = citations.brand_id AND mentions.topic_id = citations.topic_id
AND mentions.provider_id = citations.provider_id
AND mentions.ran_at = citations.ran_at AND mentions.run_seq = citations.run_seq
AND found_brands.is_self = ?
) > 0 THEN 'earned'
WHEN (
SELECT COUNT(*) FROM mentions
JOIN found_brands ON found_brands.id = mentions.found_brand_id
WHERE mentions.brand_id = citations.brand_id AND mentions.topic_id = citations.topic_id
AND mentions.provider_id = citations.provider_id
AND mentions.ran_at = citations.ran_at AND mentions.run_seq = citations.run_seq
AND found_brands.competitor_id IS NOT NULL
) > 0 THEN 'competitor_earned'
ELSE citations.domain_type END
FROM runs
CROSS JOIN citations
WHERE runs.seq IN (?, ?, ?, ?, ?, ?)
AND citations.brand_id = runs.brand_id
AND citations.topic_id = COALESCE(runs.topic_id, '00000000-0000-0000-0000-000000000000')
AND citations.provider_id = runs.provider_id
AND citations.ran_at = runs.ran_at
AND citations.run_seq = runs.seq
ORDER BY citations.run_seq, citations.ord
;

SELECT run_search_queries.run_seq, run_search_queries.query FROM runs CROSS JOIN run_search_queries
WHERE runs.seq IN (?, ?, ?, ?, ?, ?)
AND run_search_queries.brand_id = runs.brand_id
AND run_search_queries.topic_id = COALESCE(runs.topic_id, '00000000-0000-0000-0000-000000000000')
AND run_search_queries.provider_id = runs.provider_id
AND run_search_queries.ran_at = runs.ran_at
AND run_search_queries.run_seq = runs.seq ORDER BY run_search_queries.run_seq, run_search_queries.ord
;

SELECT run_sources.run_seq, run_sources.url, run_sources.page, run_sources.domain, run_sources.title,
run_sources.published_at, run_sources.cited FROM runs CROSS JOIN run_sources
WHERE runs.seq IN (?, ?, ?, ?, ?, ?)
AND run_sources.brand_id = runs.brand_id
AND run_sources.topic_id = COALESCE(runs.topic_id, '00000000-0000-0000-0000-000000000000')
AND run_sources.provider_id = runs.provider_id
AND run_sources.ran_at = runs.ran_at
AND run_sources.run_seq = runs.seq ORDER BY run_sources.run_seq, run_sources.ord
;

SELECT ads.run_seq, ads.ord, advertisers.id, advertisers.name, advertisers.domain, ads.text
FROM runs
CROSS JOIN ads
JOIN advertisers ON advertisers.id = ads.advertiser_id
WHERE runs.seq IN (?, ?, ?, ?, ?, ?)
AND ads.brand_id = runs.brand_id
AND ads.ran_at = runs.ran_at AND ads.run_seq = runs.seq
ORDER BY ads.run_seq, ads.ord
;
