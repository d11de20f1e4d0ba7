-- Half-week page rollups (docs/performance.md, "Eleventh step"): the
-- daily_pages rows of each half of an ISO week added up, Monday to
-- Wednesday and Thursday to Sunday (UTC), ran_at holding the half's first
-- midnight. A window's days at the edges of its whole weeks read a half
-- they hold whole as one row per page instead of three or four. Ingest
-- keeps them with daily_pages, in the same transaction.
CREATE TABLE half_week_pages (
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

INSERT INTO half_week_pages (brand_id, ran_at, page, domain, page_type, domain_type, subreddit, has_source, has_inline, citations, named, comp_only)
SELECT brand_id, (date_trunc('week', ran_at AT TIME ZONE 'UTC')
        + CASE WHEN EXTRACT(ISODOW FROM ran_at AT TIME ZONE 'UTC') > 3 THEN INTERVAL '3 days' ELSE INTERVAL '0 days' END) AT TIME ZONE 'UTC',
    page, MIN(domain), MIN(page_type), MIN(domain_type), MIN(subreddit), MAX(has_source), MAX(has_inline), SUM(citations), SUM(named), SUM(comp_only)
FROM daily_pages
GROUP BY brand_id, (date_trunc('week', ran_at AT TIME ZONE 'UTC')
        + CASE WHEN EXTRACT(ISODOW FROM ran_at AT TIME ZONE 'UTC') > 3 THEN INTERVAL '3 days' ELSE INTERVAL '0 days' END), page;

-- The planner needs the new table's statistics at once.
ANALYZE half_week_pages;
