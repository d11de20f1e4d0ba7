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
    brand_id            UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visited_at          TIMESTAMPTZ NOT NULL,
    url                 TEXT COLLATE "C" NOT NULL,
    verified_visits     BIGINT NOT NULL,
    spoofed_visits      BIGINT NOT NULL,
    unverified_visits   BIGINT NOT NULL,
    verified_errors     BIGINT NOT NULL,
    spoofed_errors      BIGINT NOT NULL,
    unverified_errors   BIGINT NOT NULL,
    verified_last_at    TIMESTAMPTZ,
    spoofed_last_at     TIMESTAMPTZ,
    unverified_last_at  TIMESTAMPTZ,
    PRIMARY KEY (brand_id, visited_at, url)
);
CREATE TABLE weekly_agent_page_totals (
    brand_id            UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visited_at          TIMESTAMPTZ NOT NULL,
    url                 TEXT COLLATE "C" NOT NULL,
    verified_visits     BIGINT NOT NULL,
    spoofed_visits      BIGINT NOT NULL,
    unverified_visits   BIGINT NOT NULL,
    verified_errors     BIGINT NOT NULL,
    spoofed_errors      BIGINT NOT NULL,
    unverified_errors   BIGINT NOT NULL,
    verified_last_at    TIMESTAMPTZ,
    spoofed_last_at     TIMESTAMPTZ,
    unverified_last_at  TIMESTAMPTZ,
    PRIMARY KEY (brand_id, visited_at, url)
);
