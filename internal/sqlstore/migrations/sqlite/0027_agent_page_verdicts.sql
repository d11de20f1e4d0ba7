-- Agent page totals with the verdicts as columns (docs/metrics.md#rollups,
-- docs/performance.md#agents-at-a-busy-sites-size): one row per page and
-- UTC day (ISO week) instead of one per page, period and verdict, so that
-- the pages list and pages_visited read about half the rows. A visit
-- counts under its verdict's columns: visits, those answered 4xx or 5xx,
-- and the latest (NULL without a visit of that verdict). The migration's
-- Go step fills them from agent_visits.
DROP TABLE daily_agent_page_totals;
DROP TABLE weekly_agent_page_totals;

CREATE TABLE daily_agent_page_totals (
    brand_id            TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visited_at          TEXT NOT NULL,
    url                 TEXT NOT NULL,
    verified_visits     INTEGER NOT NULL,
    spoofed_visits      INTEGER NOT NULL,
    unverified_visits   INTEGER NOT NULL,
    verified_errors     INTEGER NOT NULL,
    spoofed_errors      INTEGER NOT NULL,
    unverified_errors   INTEGER NOT NULL,
    verified_last_at    TEXT,
    spoofed_last_at     TEXT,
    unverified_last_at  TEXT,
    PRIMARY KEY (brand_id, visited_at, url)
) WITHOUT ROWID;
CREATE TABLE weekly_agent_page_totals (
    brand_id            TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visited_at          TEXT NOT NULL,
    url                 TEXT NOT NULL,
    verified_visits     INTEGER NOT NULL,
    spoofed_visits      INTEGER NOT NULL,
    unverified_visits   INTEGER NOT NULL,
    verified_errors     INTEGER NOT NULL,
    spoofed_errors      INTEGER NOT NULL,
    unverified_errors   INTEGER NOT NULL,
    verified_last_at    TEXT,
    spoofed_last_at     TEXT,
    unverified_last_at  TEXT,
    PRIMARY KEY (brand_id, visited_at, url)
) WITHOUT ROWID;
