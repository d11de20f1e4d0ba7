-- What the assistant searched and read (docs/collect.md#fan-out-and-sources).
-- search_queries_reported says whether the provider exposes its queries: a
-- run without rows in run_search_queries searched nothing when it is true
-- and is unknown (null in the API) when it is false, as every run stored
-- before.
ALTER TABLE runs ADD COLUMN search_queries_reported BOOLEAN NOT NULL DEFAULT FALSE;

-- Fan-out: the web searches run for one answer, in the order issued (ord),
-- each once. Keyed like the other fact tables, with the run's dimensions
-- copied, so the search_queries endpoint reads one range per topic and
-- provider.
CREATE TABLE run_search_queries (
    brand_id     UUID NOT NULL,
    ran_at       TIMESTAMPTZ NOT NULL,
    run_seq      BIGINT NOT NULL REFERENCES runs (seq) ON DELETE CASCADE,
    ord          INTEGER NOT NULL,
    prompt_id    UUID NOT NULL,
    topic_id     UUID NOT NULL,
    provider_id  UUID NOT NULL,
    region_id    UUID NOT NULL,
    query        TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (brand_id, topic_id, provider_id, ran_at, run_seq, ord)
);

-- Retrieved sources: one page a provider retrieved for one answer, cited
-- or not; page and domain normalized as citations are.
CREATE TABLE run_sources (
    brand_id      UUID NOT NULL,
    ran_at        TIMESTAMPTZ NOT NULL,
    run_seq       BIGINT NOT NULL REFERENCES runs (seq) ON DELETE CASCADE,
    ord           INTEGER NOT NULL,
    prompt_id     UUID NOT NULL,
    topic_id      UUID NOT NULL,
    provider_id   UUID NOT NULL,
    region_id     UUID NOT NULL,
    page          TEXT COLLATE "C" NOT NULL,
    domain        TEXT COLLATE "C" NOT NULL,
    url           TEXT COLLATE "C" NOT NULL,
    title         TEXT COLLATE "C" NOT NULL DEFAULT '',
    published_at  TEXT COLLATE "C",
    cited         BOOLEAN NOT NULL,
    PRIMARY KEY (brand_id, topic_id, provider_id, ran_at, run_seq, ord)
);
