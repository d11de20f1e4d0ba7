-- What the assistant searched and read (docs/collect.md#fan-out-and-sources).
-- search_queries_reported says whether the provider exposes its queries: a
-- run without rows in run_search_queries searched nothing when it is 1 and
-- is unknown (null in the API) when it is 0, as every run stored before.
ALTER TABLE runs ADD COLUMN search_queries_reported INTEGER NOT NULL DEFAULT 0;

-- Fan-out: the web searches run for one answer, in the order issued (ord),
-- each once. Keyed like the other fact tables, with the run's dimensions
-- copied, so the search_queries endpoint reads one range per topic and
-- provider.
CREATE TABLE run_search_queries (
    brand_id     TEXT NOT NULL,
    ran_at       TEXT NOT NULL,
    run_seq      INTEGER NOT NULL REFERENCES runs (seq) ON DELETE CASCADE,
    ord          INTEGER NOT NULL,
    prompt_id    TEXT NOT NULL,
    topic_id     TEXT NOT NULL,
    provider_id  TEXT NOT NULL,
    region_id    TEXT NOT NULL,
    query        TEXT NOT NULL,
    PRIMARY KEY (brand_id, topic_id, provider_id, ran_at, run_seq, ord)
) WITHOUT ROWID;

-- Retrieved sources: one page a provider retrieved for one answer, cited
-- or not; page and domain normalized as citations are.
CREATE TABLE run_sources (
    brand_id      TEXT NOT NULL,
    ran_at        TEXT NOT NULL,
    run_seq       INTEGER NOT NULL REFERENCES runs (seq) ON DELETE CASCADE,
    ord           INTEGER NOT NULL,
    prompt_id     TEXT NOT NULL,
    topic_id      TEXT NOT NULL,
    provider_id   TEXT NOT NULL,
    region_id     TEXT NOT NULL,
    page          TEXT NOT NULL,
    domain        TEXT NOT NULL,
    url           TEXT NOT NULL,
    title         TEXT NOT NULL DEFAULT '',
    published_at  TEXT,
    cited         INTEGER NOT NULL,
    PRIMARY KEY (brand_id, topic_id, provider_id, ran_at, run_seq, ord)
) WITHOUT ROWID;
