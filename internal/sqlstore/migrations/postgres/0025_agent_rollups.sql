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
    brand_id      UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visited_at    TIMESTAMPTZ NOT NULL,
    agent         TEXT COLLATE "C" NOT NULL,
    operator      TEXT COLLATE "C" NOT NULL,
    purpose       TEXT COLLATE "C" NOT NULL,
    verification  TEXT COLLATE "C" NOT NULL,
    status_class  TEXT COLLATE "C" NOT NULL,
    visits        BIGINT NOT NULL,
    PRIMARY KEY (brand_id, visited_at, agent, operator, purpose, verification, status_class)
);

-- Per day, page (the normalized URL), agent and verdict: the visits, those
-- answered 4xx or 5xx, the latest. The pages list and pages_visited.
CREATE TABLE daily_agent_pages (
    brand_id       UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visited_at     TIMESTAMPTZ NOT NULL,
    url            TEXT COLLATE "C" NOT NULL,
    agent          TEXT COLLATE "C" NOT NULL,
    operator       TEXT COLLATE "C" NOT NULL,
    purpose        TEXT COLLATE "C" NOT NULL,
    verification   TEXT COLLATE "C" NOT NULL,
    visits         BIGINT NOT NULL,
    error_visits   BIGINT NOT NULL,
    last_visit_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (brand_id, visited_at, url, agent, operator, purpose, verification)
);
-- A listed page's agents: its rows of the window, found by page.
CREATE INDEX daily_agent_pages_url ON daily_agent_pages (brand_id, url, visited_at)
    INCLUDE (agent, operator, purpose, verification);

-- The same per day (visited_at the day's midnight) or ISO week (the
-- Monday's), page and verdict only: a page's counts without an operator,
-- purpose or agent filter. A page has a few rows a week here against dozens
-- a day in daily_agent_pages, which is what the pages list and
-- pages_visited read over a month.
CREATE TABLE daily_agent_page_totals (
    brand_id       UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visited_at     TIMESTAMPTZ NOT NULL,
    url            TEXT COLLATE "C" NOT NULL,
    verification   TEXT COLLATE "C" NOT NULL,
    visits         BIGINT NOT NULL,
    error_visits   BIGINT NOT NULL,
    last_visit_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (brand_id, visited_at, url, verification)
);
CREATE TABLE weekly_agent_page_totals (
    brand_id       UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visited_at     TIMESTAMPTZ NOT NULL,
    url            TEXT COLLATE "C" NOT NULL,
    verification   TEXT COLLATE "C" NOT NULL,
    visits         BIGINT NOT NULL,
    error_visits   BIGINT NOT NULL,
    last_visit_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (brand_id, visited_at, url, verification)
);

-- Per day, source and landing page: the referred visits.
CREATE TABLE daily_ai_referrals (
    brand_id     UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    referred_at  TIMESTAMPTZ NOT NULL,
    source       TEXT COLLATE "C" NOT NULL,
    url          TEXT COLLATE "C" NOT NULL,
    visits       BIGINT NOT NULL,
    PRIMARY KEY (brand_id, referred_at, source, url)
);
