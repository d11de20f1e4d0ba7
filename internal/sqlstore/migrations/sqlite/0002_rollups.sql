-- Daily rollups of the fact tables, kept up to date by ingest in the same
-- transaction as the runs they count (and filled here from existing facts
-- by the Go step of this migration). ran_at holds the UTC day's midnight,
-- so that the fact tables' filters and buckets apply unchanged; a run
-- without topic has the nil UUID as topic_id. Metric queries read them for
-- whole days and the fact tables for the partial days at a window's edges.

-- Runs and their citations per day and dimension: every denominator.
-- owned_citations counts citations of the brand's domains, which are fixed
-- when the brand is created.
CREATE TABLE daily_runs (
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

-- Mentions per day, dimension and found brand (= runs naming it).
CREATE TABLE daily_mentions (
    brand_id        TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at          TEXT NOT NULL,
    topic_id        TEXT NOT NULL,
    provider_id     TEXT NOT NULL,
    region_id       TEXT NOT NULL,
    found_brand_id  TEXT NOT NULL,
    mentions        INTEGER NOT NULL,
    sentiment_sum   REAL NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, provider_id, region_id, found_brand_id)
) WITHOUT ROWID;

-- The same per day, topic and found brand only: what the metrics read
-- when no provider or region filter asks for more.
CREATE TABLE daily_topic_mentions (
    brand_id        TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at          TEXT NOT NULL,
    topic_id        TEXT NOT NULL,
    found_brand_id  TEXT NOT NULL,
    mentions        INTEGER NOT NULL,
    sentiment_sum   REAL NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, found_brand_id)
) WITHOUT ROWID;

-- Citations per day and page: all of them, those in answers naming the
-- brand itself (named), and those in answers naming a tracked competitor
-- but not the brand (comp_only); whether the page was cited as a source
-- and inline. The page's attributes are the same for all its citations.
CREATE TABLE daily_pages (
    brand_id     TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
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
    PRIMARY KEY (brand_id, ran_at, page)
) WITHOUT ROWID;

-- The same per day and domain, for the domain-level metrics.
CREATE TABLE daily_domains (
    brand_id     TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at       TEXT NOT NULL,
    domain       TEXT NOT NULL,
    domain_type  TEXT NOT NULL,
    has_source   INTEGER NOT NULL,
    has_inline   INTEGER NOT NULL,
    citations    INTEGER NOT NULL,
    named        INTEGER NOT NULL,
    comp_only    INTEGER NOT NULL,
    PRIMARY KEY (brand_id, ran_at, domain)
) WITHOUT ROWID;

-- Found brands named in the answers citing a page, per day. Keyed by
-- domain first: a page row (whose domain is known) reads one key range.
CREATE TABLE daily_page_brands (
    brand_id        TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    domain          TEXT NOT NULL,
    page            TEXT NOT NULL,
    ran_at          TEXT NOT NULL,
    found_brand_id  TEXT NOT NULL,
    citations       INTEGER NOT NULL,
    PRIMARY KEY (brand_id, domain, page, ran_at, found_brand_id)
) WITHOUT ROWID;

-- Found brands named in the answers citing a domain, per day.
CREATE TABLE daily_domain_brands (
    brand_id        TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    domain          TEXT NOT NULL,
    ran_at          TEXT NOT NULL,
    found_brand_id  TEXT NOT NULL,
    citations       INTEGER NOT NULL,
    PRIMARY KEY (brand_id, domain, ran_at, found_brand_id)
) WITHOUT ROWID;
