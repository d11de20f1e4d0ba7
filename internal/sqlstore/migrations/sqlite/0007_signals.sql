-- Signals and webhooks: significance-tested changes of a brand's metrics,
-- delivered to the organization's endpoints as signed webhooks
-- (docs/metrics.md "Signals", docs/webhooks.md).

-- A change while it lasts: detection opens it, updates its numbers and
-- closes it. fingerprint (type, brand, dimension, competitor) is unique
-- among open signals, so the same ongoing change is one row. numbers and
-- evidence are JSON.
CREATE TABLE signals (
    id               TEXT PRIMARY KEY,
    brand_id         TEXT NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    type             TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('open', 'closed')),
    fingerprint      TEXT NOT NULL,
    dimension_kind   TEXT NOT NULL,
    dimension_id     TEXT NOT NULL,
    dimension_name   TEXT NOT NULL,
    competitor_id    TEXT,
    competitor_name  TEXT,
    numbers          TEXT NOT NULL,
    evidence         TEXT NOT NULL,
    opened_at        TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    closed_at        TEXT
);
CREATE UNIQUE INDEX signals_one_open ON signals (brand_id, fingerprint) WHERE status = 'open';
CREATE INDEX signals_brand ON signals (brand_id, opened_at);

-- When new runs last asked for detection, so that a detection job that was
-- running meanwhile is followed by another.
CREATE TABLE signal_requests (
    brand_id      TEXT PRIMARY KEY REFERENCES brands (id) ON DELETE CASCADE,
    requested_at  TEXT NOT NULL
);

-- An organization's endpoints. The signing secret is sealed with
-- AES-256-GCM under the master key (internal/secret), key_id naming that
-- key; after a rotation the previous secret keeps signing until
-- previous_expires_at.
CREATE TABLE webhooks (
    id                   TEXT PRIMARY KEY,
    org_id               TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    url                  TEXT NOT NULL,
    description          TEXT NOT NULL DEFAULT '',
    event_types          TEXT NOT NULL DEFAULT '[]',
    enabled              INTEGER NOT NULL DEFAULT 1,
    disabled_reason      TEXT,
    disabled_at          TEXT,
    failing_since        TEXT,
    secret_sealed        TEXT NOT NULL,
    secret_key_id        TEXT NOT NULL,
    previous_sealed      TEXT,
    previous_key_id      TEXT,
    previous_expires_at  TEXT,
    created_at           TEXT NOT NULL,
    updated_at           TEXT NOT NULL,
    UNIQUE (org_id, url)
);
CREATE INDEX webhooks_org ON webhooks (org_id, created_at);

-- Events: the exact body posted (every attempt sends the same bytes).
-- brand_id is NULL for pings.
CREATE TABLE webhook_events (
    id          TEXT PRIMARY KEY,
    org_id      TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    brand_id    TEXT REFERENCES brands (id) ON DELETE CASCADE,
    type        TEXT NOT NULL,
    payload     TEXT NOT NULL,
    created_at  TEXT NOT NULL
);

-- One event on its way to one endpoint: claimed by a worker with a lease
-- (claimed_by holds the claim token), so one attempt at most is in flight.
CREATE TABLE webhook_deliveries (
    id                TEXT PRIMARY KEY,
    org_id            TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    webhook_id        TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_id          TEXT NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    status            TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempt_count     INTEGER NOT NULL DEFAULT 0,
    attempt_limit     INTEGER NOT NULL,
    next_attempt_at   TEXT,
    claimed_by        TEXT,
    lease_expires_at  TEXT,
    last_status_code  INTEGER,
    last_error        TEXT,
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL,
    delivered_at      TEXT,
    UNIQUE (event_id, webhook_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_list ON webhook_deliveries (webhook_id, created_at);

-- Every attempt: its HTTP status (NULL when no answer came), latency and
-- error.
CREATE TABLE webhook_attempts (
    delivery_id  TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempt      INTEGER NOT NULL,
    started_at   TEXT NOT NULL,
    latency_ms   INTEGER NOT NULL,
    status_code  INTEGER,
    error        TEXT,
    PRIMARY KEY (delivery_id, attempt)
);
