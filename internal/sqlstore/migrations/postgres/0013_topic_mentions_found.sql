-- A target's mentions per day and topic (the citations overview's and
-- domains overview's day-by-day summary) read one found brand's rows of
-- daily_topic_mentions: without this index, every found brand's rows of
-- the span (8,400 for 60 days of the large demo brand, 600 of them the
-- target's). found_brand_id comes first, as in daily_mentions_found: found
-- brands belong to one brand (docs/performance.md, "Eighth step").
CREATE INDEX daily_topic_mentions_found ON daily_topic_mentions (found_brand_id, ran_at) INCLUDE (topic_id, mentions, sentiment_sum);
