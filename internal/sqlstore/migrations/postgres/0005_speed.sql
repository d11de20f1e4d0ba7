-- Weekly page rollups (docs/performance.md): the daily_pages rows of each
-- ISO week (Monday to Sunday, UTC) added up, ran_at holding the Monday's
-- midnight. A metrics window reads whole weeks from here, whole days from
-- daily_pages and partial days from the facts, so a 30-day window reads
-- about a quarter of the page rows it read from the days alone. Ingest
-- keeps them with daily_pages, in the same transaction.
CREATE TABLE weekly_pages (
    brand_id     UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at       TIMESTAMPTZ NOT NULL,
    page         TEXT COLLATE "C" NOT NULL,
    domain       TEXT COLLATE "C" NOT NULL,
    page_type    TEXT COLLATE "C" NOT NULL,
    domain_type  TEXT COLLATE "C" NOT NULL,
    subreddit    TEXT COLLATE "C" NOT NULL,
    has_source   INTEGER NOT NULL,
    has_inline   INTEGER NOT NULL,
    citations    BIGINT NOT NULL,
    named        BIGINT NOT NULL,
    comp_only    BIGINT NOT NULL,
    PRIMARY KEY (brand_id, ran_at, page)
);

INSERT INTO weekly_pages (brand_id, ran_at, page, domain, page_type, domain_type, subreddit, has_source, has_inline, citations, named, comp_only)
SELECT brand_id, date_trunc('week', ran_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', page, MIN(domain), MIN(page_type), MIN(domain_type), MIN(subreddit),
    MAX(has_source), MAX(has_inline), SUM(citations), SUM(named), SUM(comp_only)
FROM daily_pages
GROUP BY brand_id, date_trunc('week', ran_at AT TIME ZONE 'UTC'), page;

-- daily_mentions is keyed by day first. The target's runs per dimension
-- (the citations overview's distributions) read one found brand's rows,
-- and a topic + provider filter one topic's and provider's rows: these
-- indexes make each a contiguous range instead of every row of the window.
CREATE INDEX daily_mentions_found ON daily_mentions (found_brand_id, ran_at) INCLUDE (topic_id, provider_id, region_id, mentions, sentiment_sum);
CREATE INDEX daily_mentions_topic ON daily_mentions (brand_id, topic_id, provider_id, ran_at) INCLUDE (region_id, found_brand_id, mentions, sentiment_sum);

-- The planner needs the new table's and indexes' statistics at once.
ANALYZE weekly_pages, daily_mentions;
