-- Half-week page rollups (docs/performance.md, "Eleventh step"): the
-- daily_pages rows of each half of an ISO week added up, Monday to
-- Wednesday and Thursday to Sunday (UTC), ran_at holding the half's first
-- midnight. A window's days at the edges of its whole weeks read a half
-- they hold whole as one row per page instead of three or four. Ingest
-- keeps them with daily_pages, in the same transaction.
CREATE TABLE half_week_pages (
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

-- %w: Sunday 0, Monday 1 … Saturday 6; Thursday to Sunday start on the
-- Thursday.
INSERT INTO half_week_pages (brand_id, ran_at, page, domain, page_type, domain_type, subreddit, has_source, has_inline, citations, named, comp_only)
SELECT brand_id, date(ran_at, '-6 days', 'weekday 1', CASE WHEN strftime('%w', ran_at) IN ('1', '2', '3') THEN '+0 days' ELSE '+3 days' END) || 'T00:00:00.000000Z',
    page, MIN(domain), MIN(page_type), MIN(domain_type), MIN(subreddit), MAX(has_source), MAX(has_inline), SUM(citations), SUM(named), SUM(comp_only)
FROM daily_pages
GROUP BY brand_id, date(ran_at, '-6 days', 'weekday 1', CASE WHEN strftime('%w', ran_at) IN ('1', '2', '3') THEN '+0 days' ELSE '+3 days' END), page;
