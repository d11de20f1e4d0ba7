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

-- Mentions per day, dimension and found brand (= runs naming it).
CREATE TABLE daily_mentions (
    brand_id        UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at          TIMESTAMPTZ NOT NULL,
    topic_id        UUID NOT NULL,
    provider_id     UUID NOT NULL,
    region_id       UUID NOT NULL,
    found_brand_id  UUID NOT NULL,
    mentions        BIGINT NOT NULL,
    sentiment_sum   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, provider_id, region_id, found_brand_id)
);

-- The same per day, topic and found brand only: what the metrics read
-- when no provider or region filter asks for more.
CREATE TABLE daily_topic_mentions (
    brand_id        UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at          TIMESTAMPTZ NOT NULL,
    topic_id        UUID NOT NULL,
    found_brand_id  UUID NOT NULL,
    mentions        BIGINT NOT NULL,
    sentiment_sum   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (brand_id, ran_at, topic_id, found_brand_id)
);

-- Citations per day and page: all of them, those in answers naming the
-- brand itself (named), and those in answers naming a tracked competitor
-- but not the brand (comp_only); whether the page was cited as a source
-- and inline. The page's attributes are the same for all its citations.
CREATE TABLE daily_pages (
    brand_id     UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at       TIMESTAMPTZ NOT NULL,
    page         TEXT COLLATE "C" NOT NULL,
    domain       TEXT COLLATE "C" NOT NULL,
    page_type    TEXT COLLATE "C" NOT NULL,
    domain_type  TEXT COLLATE "C" NOT NULL,
    subreddit    TEXT COLLATE "C" NOT NULL,
    has_source   INTEGER NOT NULL,
    has_inline   INTEGER NOT NULL,
    citations    BIGINT NOT NULL,
    named        BIGINT NOT NULL,
    comp_only    BIGINT NOT NULL,
    PRIMARY KEY (brand_id, ran_at, page)
);

-- The same per day and domain, for the domain-level metrics.
CREATE TABLE daily_domains (
    brand_id     UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    ran_at       TIMESTAMPTZ NOT NULL,
    domain       TEXT COLLATE "C" NOT NULL,
    domain_type  TEXT COLLATE "C" NOT NULL,
    has_source   INTEGER NOT NULL,
    has_inline   INTEGER NOT NULL,
    citations    BIGINT NOT NULL,
    named        BIGINT NOT NULL,
    comp_only    BIGINT NOT NULL,
    PRIMARY KEY (brand_id, ran_at, domain)
);

-- Found brands named in the answers citing a page, per day. Keyed by
-- domain first: a page row (whose domain is known) reads one key range.
CREATE TABLE daily_page_brands (
    brand_id        UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    domain          TEXT COLLATE "C" NOT NULL,
    page            TEXT COLLATE "C" NOT NULL,
    ran_at          TIMESTAMPTZ NOT NULL,
    found_brand_id  UUID NOT NULL,
    citations       BIGINT NOT NULL,
    PRIMARY KEY (brand_id, domain, page, ran_at, found_brand_id)
);

-- Found brands named in the answers citing a domain, per day.
CREATE TABLE daily_domain_brands (
    brand_id        UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    domain          TEXT COLLATE "C" NOT NULL,
    ran_at          TIMESTAMPTZ NOT NULL,
    found_brand_id  UUID NOT NULL,
    citations       BIGINT NOT NULL,
    PRIMARY KEY (brand_id, domain, ran_at, found_brand_id)
);
