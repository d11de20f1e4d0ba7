-- Page rollups per topic and provider (docs/performance.md): the
-- daily_pages rows split by the runs' topic and provider. A citation
-- metric filtered by topic or provider (a topic's page of the dashboard)
-- reads its whole days here instead of every citation of the window and
-- the mentions of their runs; region, prompt and found-brand filters still
-- read the facts. Ingest keeps them with daily_pages, in the same
-- transaction; the Go step of this migration fills them from the facts
-- already stored. The key starts like the citations' own, so that one
-- topic's and provider's days are one range.
CREATE TABLE daily_topic_pages (
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
