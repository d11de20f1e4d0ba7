-- Weekly run, mention and topic page rollups (docs/performance.md,
-- "Seventh step"): the daily_runs, daily_topic_mentions and
-- daily_topic_pages rows of each ISO week (Monday to Sunday, UTC) added up,
-- ran_at holding the Monday's midnight, as weekly_pages does for
-- daily_pages. A statement that only sums its run and mention rows per
-- period (topics, share of voice, competitors, the overview's
-- distributions), and the page-level citation statements with a topic or
-- provider filter, read whole weeks from here and the days around them from
-- the daily tables: a 30-day window and its previous period read about a
-- quarter of the rows. Ingest keeps them with the daily tables, in the
-- same transaction.
CREATE TABLE weekly_runs (
    brand_id         TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at           TEXT NOT NULL,
    topic_id         TEXT NOT NULL,
    provider_id      TEXT NOT NULL,
    region_id        TEXT NOT NULL,
    runs             INTEGER NOT NULL,
    citations        INTEGER NOT NULL,
    owned_citations  INTEGER NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, provider_id, region_id)
) WITHOUT ROWID;

INSERT INTO weekly_runs (brand_id, ran_at, topic_id, provider_id, region_id, runs, citations, owned_citations)
SELECT brand_id, date(ran_at, '-6 days', 'weekday 1') || 'T00:00:00.000000Z', topic_id, provider_id, region_id,
    SUM(runs), SUM(citations), SUM(owned_citations)
FROM daily_runs
GROUP BY brand_id, date(ran_at, '-6 days', 'weekday 1'), topic_id, provider_id, region_id;

CREATE TABLE weekly_topic_mentions (
    brand_id        TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at          TEXT NOT NULL,
    topic_id        TEXT NOT NULL,
    found_brand_id  TEXT NOT NULL,
    mentions        INTEGER NOT NULL,
    sentiment_sum   REAL NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, found_brand_id)
) WITHOUT ROWID;

INSERT INTO weekly_topic_mentions (brand_id, ran_at, topic_id, found_brand_id, mentions, sentiment_sum)
SELECT brand_id, date(ran_at, '-6 days', 'weekday 1') || 'T00:00:00.000000Z', topic_id, found_brand_id, SUM(mentions), SUM(sentiment_sum)
FROM daily_topic_mentions
GROUP BY brand_id, date(ran_at, '-6 days', 'weekday 1'), topic_id, found_brand_id;

CREATE TABLE weekly_topic_pages (
    brand_id     TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    topic_id     TEXT NOT NULL,
    provider_id  TEXT NOT NULL,
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
    PRIMARY KEY (brand_id, topic_id, provider_id, ran_at, page)
) WITHOUT ROWID;

INSERT INTO weekly_topic_pages (brand_id, topic_id, provider_id, ran_at, page, domain, page_type, domain_type, subreddit, has_source, has_inline, citations, named, comp_only)
SELECT brand_id, topic_id, provider_id, date(ran_at, '-6 days', 'weekday 1') || 'T00:00:00.000000Z', page, MIN(domain), MIN(page_type), MIN(domain_type), MIN(subreddit),
    MAX(has_source), MAX(has_inline), SUM(citations), SUM(named), SUM(comp_only)
FROM daily_topic_pages
GROUP BY brand_id, topic_id, provider_id, date(ran_at, '-6 days', 'weekday 1'), page;
