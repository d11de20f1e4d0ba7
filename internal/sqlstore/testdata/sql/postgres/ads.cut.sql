SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?
;

SELECT pruned_before FROM fact_horizons WHERE brand_id = ?
;

SELECT id FROM found_brands WHERE brand_id = ? AND is_self = ?
;

SELECT id FROM found_brands WHERE brand_id = ? AND is_self = ?
;

SELECT id FROM found_brands WHERE brand_id = ? AND competitor_id IS NOT NULL
;

SELECT id FROM topics WHERE brand_id = ?
;

SELECT id FROM providers
;

SELECT COUNT(*) FROM ads a WHERE a.brand_id = ? AND a.ran_at >= ? AND a.ran_at < ?
;

SELECT r.id, a.advertiser_id, adv.name, adv.domain, adv.favicon_url, a.text, a.prompt_id, a.topic_id, a.provider_id, a.region_id, a.ran_at
FROM (SELECT a.brand_id, a.ran_at, a.run_seq, a.ord FROM ads a WHERE a.brand_id = ? AND a.ran_at >= ? AND a.ran_at < ? ORDER BY a.ran_at DESC, a.run_seq ASC, a.ord ASC LIMIT ? OFFSET ?) k
JOIN ads a ON a.brand_id = k.brand_id AND a.ran_at = k.ran_at AND a.run_seq = k.run_seq AND a.ord = k.ord
JOIN advertisers adv ON adv.id = a.advertiser_id JOIN runs r ON r.seq = a.run_seq ORDER BY a.ran_at DESC, a.run_seq ASC, a.ord ASC
;
