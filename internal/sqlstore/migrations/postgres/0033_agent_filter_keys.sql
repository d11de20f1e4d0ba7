-- Agent rollups keyed for the agents endpoints' filters
-- (docs/metrics.md#rollups, docs/performance.md#agents-at-a-busy-sites-size).
--
-- daily_agent_pages is read only under an operator, purpose or agent
-- filter (the page totals answer without one), but its key started with
-- the day: a filter on one operator read every agent's rows of the
-- window, about 14 k a day on a site with 50,000 visits a day, to keep a
-- quarter of them. Keyed by agent first, a read seeks each agent the
-- filter selects and reads its days only. The rows are the same rows.
-- Weekly twins of it and of daily_ai_referrals answer whole ISO weeks,
-- and the days of a week after which the brand has no row yet (a quiet
-- week, as after today): the default window is four weekly rows of a
-- page and three daily ones instead of 30 daily ones.
CREATE TABLE daily_agent_pages_by_agent (
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
    CONSTRAINT daily_agent_pages_by_agent_pkey
        PRIMARY KEY (brand_id, agent, visited_at, url, operator, purpose, verification)
);
INSERT INTO daily_agent_pages_by_agent
SELECT brand_id, visited_at, url, agent, operator, purpose, verification, visits, error_visits, last_visit_at
FROM daily_agent_pages
ORDER BY brand_id, agent, visited_at, url, operator, purpose, verification;
DROP TABLE daily_agent_pages;
ALTER TABLE daily_agent_pages_by_agent RENAME TO daily_agent_pages;
ALTER TABLE daily_agent_pages RENAME CONSTRAINT daily_agent_pages_by_agent_pkey TO daily_agent_pages_pkey;
-- A listed page's agents: its rows of the window, found by page.
CREATE INDEX daily_agent_pages_url ON daily_agent_pages (brand_id, url, visited_at)
    INCLUDE (agent, operator, purpose, verification);

-- Per day and source: the referred visits, daily_ai_referrals added up
-- over the landing page (five rows a day where that table has 1,800).
-- The referrals' meta (by source, per bucket) reads only these. Filled
-- from daily_ai_referrals, so the days before a brand's pruned day keep
-- their numbers as that table's rows do.
CREATE TABLE daily_ai_referral_sources (
    brand_id     UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    referred_at  TIMESTAMPTZ NOT NULL,
    source       TEXT COLLATE "C" NOT NULL,
    visits       BIGINT NOT NULL,
    PRIMARY KEY (brand_id, referred_at, source)
);
INSERT INTO daily_ai_referral_sources (brand_id, referred_at, source, visits)
SELECT brand_id, referred_at, source, SUM(visits)
FROM daily_ai_referrals
GROUP BY brand_id, referred_at, source;

-- The same by ISO week (visited_at the Monday's midnight), keyed alike:
-- a whole week of one operator's pages is read as one row per page and
-- agent where the daily rows hold one per day. Added up from the daily
-- rows, so a pruned day keeps its numbers.
CREATE TABLE weekly_agent_pages (
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
    PRIMARY KEY (brand_id, agent, visited_at, url, operator, purpose, verification)
);
INSERT INTO weekly_agent_pages
SELECT brand_id, date_trunc('week', visited_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', url, agent, operator, purpose,
    verification, SUM(visits), SUM(error_visits), MAX(last_visit_at)
FROM daily_agent_pages
GROUP BY brand_id, agent, date_trunc('week', visited_at AT TIME ZONE 'UTC'), url, operator, purpose, verification
ORDER BY brand_id, agent, 2, url, operator, purpose, verification;

-- daily_ai_referrals by ISO week: the referrals list reads a whole week
-- as one row per source and landing page.
CREATE TABLE weekly_ai_referrals (
    brand_id     UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    referred_at  TIMESTAMPTZ NOT NULL,
    source       TEXT COLLATE "C" NOT NULL,
    url          TEXT COLLATE "C" NOT NULL,
    visits       BIGINT NOT NULL,
    PRIMARY KEY (brand_id, referred_at, source, url)
);
INSERT INTO weekly_ai_referrals (brand_id, referred_at, source, url, visits)
SELECT brand_id, date_trunc('week', referred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', source, url, SUM(visits)
FROM daily_ai_referrals
GROUP BY brand_id, date_trunc('week', referred_at AT TIME ZONE 'UTC'), source, url
ORDER BY brand_id, 2, source, url;
ANALYZE daily_agent_pages, daily_ai_referral_sources, weekly_agent_pages, weekly_ai_referrals;
