-- Advertiser summaries filtered by topic (docs/performance.md, "Ninth
-- step"): they count an advertiser's answers, prompts and providers from
-- the ads of the window. ads_topic (migration 0010) made each topic and
-- provider pair one range but lacked the columns those counts read; with
-- them included, the statement and the ads list's page keys can be read
-- from the index alone.
DROP INDEX ads_topic;
CREATE INDEX ads_topic ON ads (brand_id, topic_id, provider_id, ran_at) INCLUDE (advertiser_id, prompt_id, run_seq, ord);
