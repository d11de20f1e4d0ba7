-- Retrieved-source rollups (docs/metrics.md#rollups): retrieved_count on
-- the citation lists counted the distinct runs over run_sources for the
-- whole window (750 k rows for the large demo set's 30 days), 0.6–1.5 s.
--
-- One row per day (UTC midnight), run dimensions and page: runs, the runs
-- that retrieved the page, cited or not. Each run belongs to one day,
-- topic, provider and region, so the rows add up over those keys. Keyed by
-- page before the day: a list reads the rows of its page of keys only.
-- The Go step fills them from the facts.
CREATE TABLE daily_retrieved_pages (
    brand_id     TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    page         TEXT NOT NULL,
    ran_at       TEXT NOT NULL,
    topic_id     TEXT NOT NULL,
    provider_id  TEXT NOT NULL,
    region_id    TEXT NOT NULL,
    runs         INTEGER NOT NULL,
    PRIMARY KEY (brand_id, page, ran_at, topic_id, provider_id, region_id)
) WITHOUT ROWID;

-- The same by ISO week (Monday to Sunday, UTC), ran_at holding the
-- Monday's midnight.
CREATE TABLE weekly_retrieved_pages (
    brand_id     TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    page         TEXT NOT NULL,
    ran_at       TEXT NOT NULL,
    topic_id     TEXT NOT NULL,
    provider_id  TEXT NOT NULL,
    region_id    TEXT NOT NULL,
    runs         INTEGER NOT NULL,
    PRIMARY KEY (brand_id, page, ran_at, topic_id, provider_id, region_id)
) WITHOUT ROWID;

-- Per domain: runs, the runs that retrieved any page of the domain.
CREATE TABLE daily_retrieved_domains (
    brand_id     TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    domain       TEXT NOT NULL,
    ran_at       TEXT NOT NULL,
    topic_id     TEXT NOT NULL,
    provider_id  TEXT NOT NULL,
    region_id    TEXT NOT NULL,
    runs         INTEGER NOT NULL,
    PRIMARY KEY (brand_id, domain, ran_at, topic_id, provider_id, region_id)
) WITHOUT ROWID;

CREATE TABLE weekly_retrieved_domains (
    brand_id     TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    domain       TEXT NOT NULL,
    ran_at       TEXT NOT NULL,
    topic_id     TEXT NOT NULL,
    provider_id  TEXT NOT NULL,
    region_id    TEXT NOT NULL,
    runs         INTEGER NOT NULL,
    PRIMARY KEY (brand_id, domain, ran_at, topic_id, provider_id, region_id)
) WITHOUT ROWID;
