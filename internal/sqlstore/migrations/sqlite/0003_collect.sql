-- Collection: Sightline asks the AI providers a brand's prompts by itself
-- (docs/collect.md).

-- The countries a prompt is narrowed to (JSON array of country codes);
-- empty means the brand's collection regions.
ALTER TABLE prompts ADD COLUMN regions TEXT NOT NULL DEFAULT '[]';

-- The organization's daily collection budget in millionths of a US
-- dollar; NULL: no cap.
ALTER TABLE organizations ADD COLUMN collect_daily_cap_micros INTEGER;

-- A brand's collection settings; a brand without a row has the defaults.
CREATE TABLE brand_collection (
    brand_id       TEXT PRIMARY KEY REFERENCES brands (id) ON DELETE CASCADE,
    providers      TEXT NOT NULL DEFAULT '[]',
    regions        TEXT NOT NULL DEFAULT '["us"]',
    cadence_hours  INTEGER NOT NULL DEFAULT 24,
    samples        INTEGER NOT NULL DEFAULT 3,
    enabled        INTEGER NOT NULL DEFAULT 0,
    updated_at     TEXT NOT NULL
);

-- An organization's key for a provider, sealed with AES-256-GCM under the
-- master key (internal/secret); key_id names that master key. Only the
-- last four characters are kept in the clear.
CREATE TABLE provider_credentials (
    org_id         TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    provider       TEXT NOT NULL,
    sealed         TEXT NOT NULL,
    key_id         TEXT NOT NULL,
    last4          TEXT NOT NULL,
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL,
    last_used_at   TEXT,
    last_error     TEXT,
    last_error_at  TEXT,
    PRIMARY KEY (org_id, provider)
);

-- Every try at collecting a sample: ok (its run is stored) or failed with
-- a reason. Failed attempts are not runs, so no metric counts them.
CREATE TABLE collection_attempts (
    id             TEXT PRIMARY KEY,
    org_id         TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    brand_id       TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    prompt_id      TEXT NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
    provider       TEXT NOT NULL,
    region         TEXT NOT NULL,
    slot_start     TEXT NOT NULL,
    sample         INTEGER NOT NULL,
    status         TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
    reason_code    TEXT,
    reason         TEXT,
    run_id         TEXT,
    model          TEXT NOT NULL DEFAULT '',
    tries          INTEGER NOT NULL DEFAULT 1,
    input_tokens   INTEGER NOT NULL DEFAULT 0,
    output_tokens  INTEGER NOT NULL DEFAULT 0,
    searches       INTEGER NOT NULL DEFAULT 0,
    cost_micros    INTEGER NOT NULL DEFAULT 0,
    started_at     TEXT NOT NULL,
    finished_at    TEXT NOT NULL,
    duration_ms    INTEGER NOT NULL DEFAULT 0
);
-- A sample is collected once per slot.
CREATE UNIQUE INDEX collection_attempts_one_ok ON collection_attempts (brand_id, prompt_id, provider, region, slot_start, sample) WHERE status = 'ok';
CREATE INDEX collection_attempts_slot ON collection_attempts (brand_id, slot_start, provider);
CREATE INDEX collection_attempts_recent ON collection_attempts (brand_id, finished_at);
CREATE INDEX collection_attempts_spend ON collection_attempts (org_id, finished_at);
