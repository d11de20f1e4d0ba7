-- The fan-out rollups without the region (docs/metrics.md#rollups,
-- docs/performance.md#rollups): a row per run dimension, prompt and
-- folded query was nearly one per fact, and the default list read about
-- 30 k of them. Without the region a row sums the runs of all regions of
-- a prompt, provider and day: less than half the rows. The topic stays in
-- the key, where it adds no row (a prompt's runs all carry its topic), so
-- that a topic filter still reads a range of the key. A region filter
-- reads the facts.
--
-- The new rows are the old ones added up over the region, all of them:
-- the days before a brand's pruned day keep their numbers
-- (docs/retention.md#what-still-answers).
CREATE TABLE search_query_rollups_0026 (
    daily            BOOLEAN NOT NULL,
    brand_id         UUID NOT NULL,
    ran_at           TIMESTAMPTZ NOT NULL,
    topic_id         UUID NOT NULL,
    provider_id      UUID NOT NULL,
    prompt_id        UUID NOT NULL,
    query_key        TEXT COLLATE "C" NOT NULL,
    runs             BIGINT NOT NULL,
    self_runs        BIGINT NOT NULL,
    owned_citations  BIGINT NOT NULL
);

INSERT INTO search_query_rollups_0026
SELECT TRUE, brand_id, ran_at, topic_id, provider_id, prompt_id, query_key,
    SUM(runs), SUM(self_runs), SUM(owned_citations)
FROM daily_search_queries
GROUP BY brand_id, ran_at, topic_id, provider_id, prompt_id, query_key;

INSERT INTO search_query_rollups_0026
SELECT FALSE, brand_id, ran_at, topic_id, provider_id, prompt_id, query_key,
    SUM(runs), SUM(self_runs), SUM(owned_citations)
FROM weekly_search_queries
GROUP BY brand_id, ran_at, topic_id, provider_id, prompt_id, query_key;

DROP TABLE daily_search_queries;
DROP TABLE weekly_search_queries;

-- One row per day (UTC midnight), topic, provider, prompt and folded
-- query: runs, the distinct runs that issued the query; self_runs, those
-- whose answer names the brand itself; owned_citations, those runs'
-- citations of the brand's domains (as daily_runs counts them). A query
-- that folds to nothing has no row.
CREATE TABLE daily_search_queries (
    brand_id         UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at           TIMESTAMPTZ NOT NULL,
    topic_id         UUID NOT NULL,
    provider_id      UUID NOT NULL,
    prompt_id        UUID NOT NULL,
    query_key        TEXT COLLATE "C" NOT NULL,
    runs             BIGINT NOT NULL,
    self_runs        BIGINT NOT NULL,
    owned_citations  BIGINT NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, provider_id, prompt_id, query_key)
);

-- The same by ISO week (Monday to Sunday, UTC), ran_at holding the
-- Monday's midnight.
CREATE TABLE weekly_search_queries (
    brand_id         UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at           TIMESTAMPTZ NOT NULL,
    topic_id         UUID NOT NULL,
    provider_id      UUID NOT NULL,
    prompt_id        UUID NOT NULL,
    query_key        TEXT COLLATE "C" NOT NULL,
    runs             BIGINT NOT NULL,
    self_runs        BIGINT NOT NULL,
    owned_citations  BIGINT NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, provider_id, prompt_id, query_key)
);

INSERT INTO daily_search_queries
SELECT brand_id, ran_at, topic_id, provider_id, prompt_id, query_key, runs, self_runs, owned_citations
FROM search_query_rollups_0026 WHERE daily;

INSERT INTO weekly_search_queries
SELECT brand_id, ran_at, topic_id, provider_id, prompt_id, query_key, runs, self_runs, owned_citations
FROM search_query_rollups_0026 WHERE NOT daily;

DROP TABLE search_query_rollups_0026;

-- PostgreSQL plans the list's range joins from the tables' statistics,
-- which autovacuum gathers only later.
ANALYZE daily_search_queries, weekly_search_queries;
