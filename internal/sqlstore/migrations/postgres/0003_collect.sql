-- Collection: Sightline asks the AI providers a brand's prompts by itself
-- (docs/collect.md).

-- The countries a prompt is narrowed to (JSON array of country codes);
-- empty means the brand's collection regions.
ALTER TABLE prompts ADD COLUMN regions TEXT COLLATE "C" NOT NULL DEFAULT '[]';

-- The organization's daily collection budget in millionths of a US
-- dollar; NULL: no cap.
ALTER TABLE organizations ADD COLUMN collect_daily_cap_micros BIGINT;

-- A brand's collection settings; a brand without a row has the defaults.
CREATE TABLE brand_collection (
    brand_id       UUID PRIMARY KEY REFERENCES brands (id) ON DELETE CASCADE,
    providers      TEXT COLLATE "C" NOT NULL DEFAULT '[]',
    regions        TEXT COLLATE "C" NOT NULL DEFAULT '["us"]',
    cadence_hours  INTEGER NOT NULL DEFAULT 24,
    samples        INTEGER NOT NULL DEFAULT 3,
    enabled        BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at     TIMESTAMPTZ NOT NULL
);

-- An organization's key for a provider, sealed with AES-256-GCM under the
-- master key (internal/secret); key_id names that master key. Only the
-- last four characters are kept in the clear.
CREATE TABLE provider_credentials (
    org_id         UUID NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    provider       TEXT COLLATE "C" NOT NULL,
    sealed         TEXT COLLATE "C" NOT NULL,
    key_id         TEXT COLLATE "C" NOT NULL,
    last4          TEXT COLLATE "C" NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL,
    last_used_at   TIMESTAMPTZ,
    last_error     TEXT COLLATE "C",
    last_error_at  TIMESTAMPTZ,
    PRIMARY KEY (org_id, provider)
);

-- Every try at collecting a sample: ok (its run is stored) or failed with
-- a reason. Failed attempts are not runs, so no metric counts them.
CREATE TABLE collection_attempts (
    id             UUID PRIMARY KEY,
    org_id         UUID NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    brand_id       UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    prompt_id      UUID NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
    provider       TEXT COLLATE "C" NOT NULL,
    region         TEXT COLLATE "C" NOT NULL,
    slot_start     TIMESTAMPTZ NOT NULL,
    sample         INTEGER NOT NULL,
    status         TEXT COLLATE "C" NOT NULL CHECK (status IN ('ok', 'failed')),
    reason_code    TEXT COLLATE "C",
    reason         TEXT COLLATE "C",
    run_id         UUID,
    model          TEXT COLLATE "C" NOT NULL DEFAULT '',
    tries          INTEGER NOT NULL DEFAULT 1,
    input_tokens   BIGINT NOT NULL DEFAULT 0,
    output_tokens  BIGINT NOT NULL DEFAULT 0,
    searches       BIGINT NOT NULL DEFAULT 0,
    cost_micros    BIGINT NOT NULL DEFAULT 0,
    started_at     TIMESTAMPTZ NOT NULL,
    finished_at    TIMESTAMPTZ NOT NULL,
    duration_ms    BIGINT NOT NULL DEFAULT 0
);
-- A sample is collected once per slot.
CREATE UNIQUE INDEX collection_attempts_one_ok ON collection_attempts (brand_id, prompt_id, provider, region, slot_start, sample) WHERE status = 'ok';
CREATE INDEX collection_attempts_slot ON collection_attempts (brand_id, slot_start, provider);
CREATE INDEX collection_attempts_recent ON collection_attempts (brand_id, finished_at);
CREATE INDEX collection_attempts_spend ON collection_attempts (org_id, finished_at);
