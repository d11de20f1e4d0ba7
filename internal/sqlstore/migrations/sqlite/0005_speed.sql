-- Weekly page rollups (docs/performance.md): the daily_pages rows of each
-- ISO week (Monday to Sunday, UTC) added up, ran_at holding the Monday's
-- midnight. A metrics window reads whole weeks from here, whole days from
-- daily_pages and partial days from the facts, so a 30-day window reads
-- about a quarter of the page rows it read from the days alone. Ingest
-- keeps them with daily_pages, in the same transaction.
CREATE TABLE weekly_pages (
    brand_id     TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at       TEXT NOT NULL,
    page         TEXT NOT NULL,
    domain       TEXT NOT NULL,
    page_type    TEXT NOT NULL,
    domain_type  TEXT NOT NULL,
    subreddit    TEXT NOT NULL,
    has_source   INTEGER NOT NULL,
    has_inline   INTEGER NOT NULL,
    citations    INTEGER NOT NULL,
    named        INTEGER NOT NULL,
    comp_only    INTEGER NOT NULL,
    PRIMARY KEY (brand_id, ran_at, page)
) WITHOUT ROWID;

INSERT INTO weekly_pages (brand_id, ran_at, page, domain, page_type, domain_type, subreddit, has_source, has_inline, citations, named, comp_only)
SELECT brand_id, date(ran_at, '-6 days', 'weekday 1') || 'T00:00:00.000000Z', page, MIN(domain), MIN(page_type), MIN(domain_type), MIN(subreddit),
    MAX(has_source), MAX(has_inline), SUM(citations), SUM(named), SUM(comp_only)
FROM daily_pages
GROUP BY brand_id, date(ran_at, '-6 days', 'weekday 1'), page;

-- daily_mentions is keyed by day first. The target's runs per dimension
-- (the citations overview's distributions) read one found brand's rows,
-- and a topic + provider filter one topic's and provider's rows: these
-- indexes make each a contiguous range instead of every row of the window.
-- They cover what the metrics read (a WITHOUT ROWID index holds the
-- primary key's columns too), so SQLite prefers them to the primary key.
-- found_brand_id comes first: found brands belong to one brand, and an
-- index starting with brand_id would be picked to GROUP BY found brand
-- over the brand's whole history.
CREATE INDEX daily_mentions_found ON daily_mentions (found_brand_id, ran_at, topic_id, provider_id, region_id, mentions, sentiment_sum);
CREATE INDEX daily_mentions_topic ON daily_mentions (brand_id, topic_id, provider_id, ran_at, region_id, found_brand_id, mentions, sentiment_sum);
