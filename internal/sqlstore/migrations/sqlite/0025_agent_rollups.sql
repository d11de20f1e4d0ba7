-- Agent rollups (docs/metrics.md#rollups, docs/performance.md#rollups): the
-- agents endpoints read agent_visits and ai_referrals row by row, over
-- 90 days of a site with 50,000 agent visits a day several seconds per
-- read. Each row below sums the facts of one UTC day (the day's midnight
-- in visited_at, referred_at) and keeps every dimension a filter of the
-- agents endpoints names, so whole days read them under any filter.
-- Ingest adds the visits it inserts (sql/agent_rollups.sql of
-- internal/analyticsql); the migration's Go step fills them from the facts.

-- Per day, agent (with its operator and purpose), verdict and status
-- class (1xx … 5xx): the visits. The overview's counts and series.
CREATE TABLE daily_agent_visits (
    brand_id      TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visited_at    TEXT NOT NULL,
    agent         TEXT NOT NULL,
    operator      TEXT NOT NULL,
    purpose       TEXT NOT NULL,
    verification  TEXT NOT NULL,
    status_class  TEXT NOT NULL,
    visits        INTEGER NOT NULL,
    PRIMARY KEY (brand_id, visited_at, agent, operator, purpose, verification, status_class)
) WITHOUT ROWID;

-- Per day, page (the normalized URL), agent and verdict: the visits, those
-- answered 4xx or 5xx, the latest. The pages list and pages_visited.
CREATE TABLE daily_agent_pages (
    brand_id       TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visited_at     TEXT NOT NULL,
    url            TEXT NOT NULL,
    agent          TEXT NOT NULL,
    operator       TEXT NOT NULL,
    purpose        TEXT NOT NULL,
    verification   TEXT NOT NULL,
    visits         INTEGER NOT NULL,
    error_visits   INTEGER NOT NULL,
    last_visit_at  TEXT NOT NULL,
    PRIMARY KEY (brand_id, visited_at, url, agent, operator, purpose, verification)
) WITHOUT ROWID;
-- A listed page's agents: its rows of the window, found by page.
CREATE INDEX daily_agent_pages_url ON daily_agent_pages (brand_id, url, visited_at);

-- The same per day (visited_at the day's midnight) or ISO week (the
-- Monday's), page and verdict only: a page's counts without an operator,
-- purpose or agent filter. A page has a few rows a week here against dozens
-- a day in daily_agent_pages, which is what the pages list and
-- pages_visited read over a month.
CREATE TABLE daily_agent_page_totals (
    brand_id       TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visited_at     TEXT NOT NULL,
    url            TEXT NOT NULL,
    verification   TEXT NOT NULL,
    visits         INTEGER NOT NULL,
    error_visits   INTEGER NOT NULL,
    last_visit_at  TEXT NOT NULL,
    PRIMARY KEY (brand_id, visited_at, url, verification)
) WITHOUT ROWID;
CREATE TABLE weekly_agent_page_totals (
    brand_id       TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visited_at     TEXT NOT NULL,
    url            TEXT NOT NULL,
    verification   TEXT NOT NULL,
    visits         INTEGER NOT NULL,
    error_visits   INTEGER NOT NULL,
    last_visit_at  TEXT NOT NULL,
    PRIMARY KEY (brand_id, visited_at, url, verification)
) WITHOUT ROWID;

-- Per day, source and landing page: the referred visits.
CREATE TABLE daily_ai_referrals (
    brand_id     TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    referred_at  TEXT NOT NULL,
    source       TEXT NOT NULL,
    url          TEXT NOT NULL,
    visits       INTEGER NOT NULL,
    PRIMARY KEY (brand_id, referred_at, source, url)
) WITHOUT ROWID;
