-- Fan-out rollups (docs/metrics.md#search-queries-search_queries,
-- docs/performance.md#rollups): GET …/search_queries folded every query
-- row and looked up its run's mentions and citations, about 2 s of CPU on
-- the large demo set for 245 distinct queries.
--
-- query_key is the query as the list groups it (sqlstore.foldQuery: ASCII
-- whitespace to spaces, ASCII letters lower-cased, runs of spaces to one,
-- trimmed), written at ingest; the migration's Go step fills it for the
-- rows stored before, so the fold has one definition, in Go.
ALTER TABLE run_search_queries ADD COLUMN query_key TEXT COLLATE "C" NOT NULL DEFAULT '';

-- One row per day (UTC midnight) and run dimensions and folded query:
-- runs, the distinct runs that issued the query; self_runs, those whose
-- answer names the brand itself; owned_citations, those runs' citations
-- of the brand's domains (as daily_runs counts them). A query that folds
-- to nothing has no row. The Go step fills them from the facts.
CREATE TABLE daily_search_queries (
    brand_id         UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at           TIMESTAMPTZ NOT NULL,
    topic_id         UUID NOT NULL,
    provider_id      UUID NOT NULL,
    region_id        UUID NOT NULL,
    prompt_id        UUID NOT NULL,
    query_key        TEXT COLLATE "C" NOT NULL,
    runs             BIGINT NOT NULL,
    self_runs        BIGINT NOT NULL,
    owned_citations  BIGINT NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, provider_id, region_id, prompt_id, query_key)
);

-- The same by ISO week (Monday to Sunday, UTC), ran_at holding the
-- Monday's midnight.
CREATE TABLE weekly_search_queries (
    brand_id         UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at           TIMESTAMPTZ NOT NULL,
    topic_id         UUID NOT NULL,
    provider_id      UUID NOT NULL,
    region_id        UUID NOT NULL,
    prompt_id        UUID NOT NULL,
    query_key        TEXT COLLATE "C" NOT NULL,
    runs             BIGINT NOT NULL,
    self_runs        BIGINT NOT NULL,
    owned_citations  BIGINT NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, provider_id, region_id, prompt_id, query_key)
);
