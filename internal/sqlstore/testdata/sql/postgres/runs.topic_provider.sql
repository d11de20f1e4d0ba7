SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

SELECT pruned_before FROM fact_horizons WHERE brand_id = ?
;

SELECT COUNT(*) FROM runs r WHERE r.brand_id = ? AND r.ran_at >= ? AND r.ran_at < ? AND r.provider_id IN (?) AND r.topic_id IN (?)
;

SELECT r.seq, r.id, r.brand_id, r.ran_at, r.prompt_id, p.text, r.topic_id, t.name, r.provider_id, pv.code,
r.region_id, rg.code, r.model, COALESCE(ra.answer, '')
FROM runs r JOIN prompts p ON p.id = r.prompt_id LEFT JOIN topics t ON t.id = r.topic_id
JOIN providers pv ON pv.id = r.provider_id JOIN regions rg ON rg.id = r.region_id
LEFT JOIN run_answers ra ON ra.run_seq = r.seq WHERE r.brand_id = ? AND r.ran_at >= ? AND r.ran_at < ? AND r.provider_id IN (?) AND r.topic_id IN (?) ORDER BY r.ran_at DESC, r.seq DESC LIMIT ? OFFSET ?
;

SELECT m.run_seq, m.found_brand_id, fb.name, fb.is_self, COALESCE(CAST(fb.competitor_id AS TEXT), ''), m.position, m.mention_count, m.sentiment
FROM runs r CROSS JOIN mentions m JOIN found_brands fb ON fb.id = m.found_brand_id WHERE r.seq IN (?, ?, ?) AND m.brand_id = r.brand_id AND m.topic_id = COALESCE(r.topic_id, '00000000-0000-0000-0000-000000000000')
AND m.provider_id = r.provider_id AND m.ran_at = r.ran_at AND m.run_seq = r.seq ORDER BY m.run_seq, m.position, fb.name
;

WITH od AS (SELECT domain FROM brand_domains WHERE brand_id = ?),
cd AS (SELECT domain FROM competitors WHERE brand_id = ? AND domain <> '')
SELECT c.run_seq, c.ord, c.url, c.page, c.domain, c.title, c.author, c.citation_type, c.page_type, CASE WHEN c.domain IN (SELECT domain FROM od) THEN 'owned'
WHEN c.domain IN (SELECT domain FROM cd) THEN 'competitor_owned'
WHEN (SELECT COUNT(*) FROM mentions m JOIN found_brands fb ON fb.id = m.found_brand_id
WHERE m.brand_id = c.brand_id AND m.topic_id = c.topic_id AND m.provider_id = c.provider_id
AND m.ran_at = c.ran_at AND m.run_seq = c.run_seq AND fb.is_self = ?) > 0 THEN 'earned' WHEN (SELECT COUNT(*) FROM mentions m JOIN found_brands fb ON fb.id = m.found_brand_id
WHERE m.brand_id = c.brand_id AND m.topic_id = c.topic_id AND m.provider_id = c.provider_id
AND m.ran_at = c.ran_at AND m.run_seq = c.run_seq AND fb.competitor_id IS NOT NULL) > 0 THEN 'competitor_earned'
ELSE c.domain_type END FROM runs r CROSS JOIN citations c WHERE r.seq IN (?, ?, ?) AND c.brand_id = r.brand_id AND c.topic_id = COALESCE(r.topic_id, '00000000-0000-0000-0000-000000000000')
AND c.provider_id = r.provider_id AND c.ran_at = r.ran_at AND c.run_seq = r.seq ORDER BY c.run_seq, c.ord
;

SELECT a.run_seq, a.ord, adv.id, adv.name, adv.domain, a.text FROM runs r CROSS JOIN ads a JOIN advertisers adv ON adv.id = a.advertiser_id WHERE r.seq IN (?, ?, ?) AND a.brand_id = r.brand_id AND a.ran_at = r.ran_at AND a.run_seq = r.seq ORDER BY a.run_seq, a.ord
;
