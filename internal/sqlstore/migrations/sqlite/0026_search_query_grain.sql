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
    daily            INTEGER NOT NULL,
    brand_id         TEXT NOT NULL,
    ran_at           TEXT NOT NULL,
    topic_id         TEXT NOT NULL,
    provider_id      TEXT NOT NULL,
    prompt_id        TEXT NOT NULL,
    query_key        TEXT NOT NULL,
    runs             INTEGER NOT NULL,
    self_runs        INTEGER NOT NULL,
    owned_citations  INTEGER NOT NULL
);

INSERT INTO search_query_rollups_0026
SELECT 1, brand_id, ran_at, topic_id, provider_id, prompt_id, query_key,
    SUM(runs), SUM(self_runs), SUM(owned_citations)
FROM daily_search_queries
GROUP BY brand_id, ran_at, topic_id, provider_id, prompt_id, query_key;

INSERT INTO search_query_rollups_0026
SELECT 0, brand_id, ran_at, topic_id, provider_id, prompt_id, query_key,
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
    brand_id         TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at           TEXT NOT NULL,
    topic_id         TEXT NOT NULL,
    provider_id      TEXT NOT NULL,
    prompt_id        TEXT NOT NULL,
    query_key        TEXT NOT NULL,
    runs             INTEGER NOT NULL,
    self_runs        INTEGER NOT NULL,
    owned_citations  INTEGER NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, provider_id, prompt_id, query_key)
) WITHOUT ROWID;

-- The same by ISO week (Monday to Sunday, UTC), ran_at holding the
-- Monday's midnight.
CREATE TABLE weekly_search_queries (
    brand_id         TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at           TEXT NOT NULL,
    topic_id         TEXT NOT NULL,
    provider_id      TEXT NOT NULL,
    prompt_id        TEXT NOT NULL,
    query_key        TEXT NOT NULL,
    runs             INTEGER NOT NULL,
    self_runs        INTEGER NOT NULL,
    owned_citations  INTEGER NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, provider_id, prompt_id, query_key)
) WITHOUT ROWID;

INSERT INTO daily_search_queries
SELECT brand_id, ran_at, topic_id, provider_id, prompt_id, query_key, runs, self_runs, owned_citations
FROM search_query_rollups_0026 WHERE daily = 1;

INSERT INTO weekly_search_queries
SELECT brand_id, ran_at, topic_id, provider_id, prompt_id, query_key, runs, self_runs, owned_citations
FROM search_query_rollups_0026 WHERE daily = 0;

DROP TABLE search_query_rollups_0026;
