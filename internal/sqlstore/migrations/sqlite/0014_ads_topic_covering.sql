-- Advertiser summaries filtered by topic (docs/performance.md, "Ninth
-- step"): they count an advertiser's answers, prompts and providers from
-- the ads of the window. ads_topic (migration 0010) made each topic and
-- provider pair one range, but it lacked the advertiser and the prompt, so
-- SQLite preferred the primary key's date range and read every ad of the
-- 90-day window (76 k in the large demo) to keep the pair's few. The same
-- index with those columns covers the statement (a WITHOUT ROWID index
-- holds the primary key's run_seq and ord too); it serves the ads list's
-- topic and provider filter as ads_topic did.
DROP INDEX ads_topic;
CREATE INDEX ads_topic ON ads (brand_id, topic_id, provider_id, ran_at, advertiser_id, prompt_id);
