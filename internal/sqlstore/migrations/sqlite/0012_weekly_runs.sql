-- Weekly run and mention rollups (docs/performance.md, "Seventh step"):
-- the daily_runs and daily_topic_mentions rows of each ISO week (Monday to
-- Sunday, UTC) added up, ran_at holding the Monday's midnight. A statement
-- that only sums its rows per period (topics, share of voice, competitors,
-- the overview's distributions) reads whole weeks from here and the days
-- around them from the daily tables, so a 30-day window and its previous
-- period read about a quarter of the rows. Ingest keeps them with the
-- daily tables, in the same transaction.
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
