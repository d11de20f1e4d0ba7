-- Weekly run and mention rollups (docs/performance.md, "Seventh step"):
-- the daily_runs and daily_topic_mentions rows of each ISO week (Monday to
-- Sunday, UTC) added up, ran_at holding the Monday's midnight. A statement
-- that only sums its rows per period (topics, share of voice, competitors,
-- the overview's distributions) reads whole weeks from here and the days
-- around them from the daily tables, so a 30-day window and its previous
-- period read about a quarter of the rows. Ingest keeps them with the
-- daily tables, in the same transaction.
CREATE TABLE weekly_runs (
    brand_id         UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at           TIMESTAMPTZ NOT NULL,
    topic_id         UUID NOT NULL,
    provider_id      UUID NOT NULL,
    region_id        UUID NOT NULL,
    runs             BIGINT NOT NULL,
    citations        BIGINT NOT NULL,
    owned_citations  BIGINT NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, provider_id, region_id)
);

INSERT INTO weekly_runs (brand_id, ran_at, topic_id, provider_id, region_id, runs, citations, owned_citations)
SELECT brand_id, date_trunc('week', ran_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', topic_id, provider_id, region_id,
    SUM(runs), SUM(citations), SUM(owned_citations)
FROM daily_runs
GROUP BY brand_id, date_trunc('week', ran_at AT TIME ZONE 'UTC'), topic_id, provider_id, region_id;

CREATE TABLE weekly_topic_mentions (
    brand_id        UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at          TIMESTAMPTZ NOT NULL,
    topic_id        UUID NOT NULL,
    found_brand_id  UUID NOT NULL,
    mentions        BIGINT NOT NULL,
    sentiment_sum   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, found_brand_id)
);

INSERT INTO weekly_topic_mentions (brand_id, ran_at, topic_id, found_brand_id, mentions, sentiment_sum)
SELECT brand_id, date_trunc('week', ran_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', topic_id, found_brand_id, SUM(mentions), SUM(sentiment_sum)
FROM daily_topic_mentions
GROUP BY brand_id, date_trunc('week', ran_at AT TIME ZONE 'UTC'), topic_id, found_brand_id;

-- The planner needs the new tables' statistics at once.
ANALYZE weekly_runs, weekly_topic_mentions;
