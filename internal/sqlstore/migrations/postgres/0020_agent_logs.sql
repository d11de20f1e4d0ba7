-- Agent visits and AI referrals read from a brand's access logs
-- (docs/agents.md). No client address is stored: network is its /24 or
-- /48 (docs/agents.md#privacy). visit_key and referral_key are the
-- natural keys that make a re-ingest change nothing
-- (docs/agents.md#idempotency).
CREATE TABLE agent_visits (
    brand_id      UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visit_key     TEXT COLLATE "C" NOT NULL,
    visited_at    TIMESTAMPTZ NOT NULL,
    host          TEXT COLLATE "C" NOT NULL,
    page          TEXT COLLATE "C" NOT NULL,
    method        TEXT COLLATE "C" NOT NULL,
    status        INTEGER NOT NULL,
    agent         TEXT COLLATE "C" NOT NULL,
    operator      TEXT COLLATE "C" NOT NULL,
    purpose       TEXT COLLATE "C" NOT NULL,
    verification  TEXT COLLATE "C" NOT NULL,
    network       TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (brand_id, visit_key)
);
CREATE INDEX agent_visits_time ON agent_visits (brand_id, visited_at);

CREATE TABLE ai_referrals (
    brand_id      UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    referral_key  TEXT COLLATE "C" NOT NULL,
    referred_at   TIMESTAMPTZ NOT NULL,
    host          TEXT COLLATE "C" NOT NULL,
    page          TEXT COLLATE "C" NOT NULL,
    source        TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (brand_id, referral_key)
);
CREATE INDEX ai_referrals_time ON ai_referrals (brand_id, referred_at);
