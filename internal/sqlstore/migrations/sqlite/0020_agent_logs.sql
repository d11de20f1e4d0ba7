-- Agent visits and AI referrals read from a brand's access logs
-- (docs/agents.md). No client address is stored: network is its /24 or
-- /48 (docs/agents.md#privacy). visit_key and referral_key are the
-- natural keys that make a re-ingest change nothing
-- (docs/agents.md#idempotency).
CREATE TABLE agent_visits (
    brand_id      TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    visit_key     TEXT NOT NULL,
    visited_at    TEXT NOT NULL,
    host          TEXT NOT NULL,
    page          TEXT NOT NULL,
    method        TEXT NOT NULL,
    status        INTEGER NOT NULL,
    agent         TEXT NOT NULL,
    operator      TEXT NOT NULL,
    purpose       TEXT NOT NULL,
    verification  TEXT NOT NULL,
    network       TEXT NOT NULL,
    PRIMARY KEY (brand_id, visit_key)
) WITHOUT ROWID;
CREATE INDEX agent_visits_time ON agent_visits (brand_id, visited_at);

CREATE TABLE ai_referrals (
    brand_id      TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    referral_key  TEXT NOT NULL,
    referred_at   TEXT NOT NULL,
    host          TEXT NOT NULL,
    page          TEXT NOT NULL,
    source        TEXT NOT NULL,
    PRIMARY KEY (brand_id, referral_key)
) WITHOUT ROWID;
CREATE INDEX ai_referrals_time ON ai_referrals (brand_id, referred_at);
