-- Signals and webhooks: significance-tested changes of a brand's metrics,
-- delivered to the organization's endpoints as signed webhooks
-- (docs/metrics.md "Signals", docs/webhooks.md).

-- A change while it lasts: detection opens it, updates its numbers and
-- closes it. fingerprint (type, brand, dimension, competitor) is unique
-- among open signals, so the same ongoing change is one row. numbers and
-- evidence are JSON.
CREATE TABLE signals (
    id               UUID PRIMARY KEY,
    brand_id         UUID NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
    type             TEXT COLLATE "C" NOT NULL,
    status           TEXT COLLATE "C" NOT NULL CHECK (status IN ('open', 'closed')),
    fingerprint      TEXT COLLATE "C" NOT NULL,
    dimension_kind   TEXT COLLATE "C" NOT NULL,
    dimension_id     TEXT COLLATE "C" NOT NULL,
    dimension_name   TEXT COLLATE "C" NOT NULL,
    competitor_id    TEXT COLLATE "C",
    competitor_name  TEXT COLLATE "C",
    numbers          TEXT COLLATE "C" NOT NULL,
    evidence         TEXT COLLATE "C" NOT NULL,
    opened_at        TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL,
    closed_at        TIMESTAMPTZ
);
CREATE UNIQUE INDEX signals_one_open ON signals (brand_id, fingerprint) WHERE status = 'open';
CREATE INDEX signals_brand ON signals (brand_id, opened_at);

-- When new runs last asked for detection, so that a detection job that was
-- running meanwhile is followed by another.
CREATE TABLE signal_requests (
    brand_id      UUID PRIMARY KEY REFERENCES brands (id) ON DELETE CASCADE,
    requested_at  TIMESTAMPTZ NOT NULL
);

-- An organization's endpoints. The signing secret is sealed with
-- AES-256-GCM under the master key (internal/secret), key_id naming that
-- key; after a rotation the previous secret keeps signing until
-- previous_expires_at.
CREATE TABLE webhooks (
    id                   UUID PRIMARY KEY,
    org_id               UUID NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    url                  TEXT COLLATE "C" NOT NULL,
    description          TEXT COLLATE "C" NOT NULL DEFAULT '',
    event_types          TEXT COLLATE "C" NOT NULL DEFAULT '[]',
    enabled              BOOLEAN NOT NULL DEFAULT TRUE,
    disabled_reason      TEXT COLLATE "C",
    disabled_at          TIMESTAMPTZ,
    failing_since        TIMESTAMPTZ,
    secret_sealed        TEXT COLLATE "C" NOT NULL,
    secret_key_id        TEXT COLLATE "C" NOT NULL,
    previous_sealed      TEXT COLLATE "C",
    previous_key_id      TEXT COLLATE "C",
    previous_expires_at  TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL,
    updated_at           TIMESTAMPTZ NOT NULL,
    UNIQUE (org_id, url)
);
CREATE INDEX webhooks_org ON webhooks (org_id, created_at);

-- Events: the exact body posted (every attempt sends the same bytes).
-- brand_id is NULL for pings.
CREATE TABLE webhook_events (
    id          UUID PRIMARY KEY,
    org_id      UUID NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    brand_id    UUID REFERENCES brands (id) ON DELETE CASCADE,
    type        TEXT COLLATE "C" NOT NULL,
    payload     TEXT COLLATE "C" NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);

-- One event on its way to one endpoint: claimed by a worker with a lease
-- (claimed_by holds the claim token), so one attempt at most is in flight.
CREATE TABLE webhook_deliveries (
    id                UUID PRIMARY KEY,
    org_id            UUID NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    webhook_id        UUID NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_id          UUID NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
    status            TEXT COLLATE "C" NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempt_count     INTEGER NOT NULL DEFAULT 0,
    attempt_limit     INTEGER NOT NULL,
    next_attempt_at   TIMESTAMPTZ,
    claimed_by        TEXT COLLATE "C",
    lease_expires_at  TIMESTAMPTZ,
    last_status_code  INTEGER,
    last_error        TEXT COLLATE "C",
    created_at        TIMESTAMPTZ NOT NULL,
    updated_at        TIMESTAMPTZ NOT NULL,
    delivered_at      TIMESTAMPTZ,
    UNIQUE (event_id, webhook_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_list ON webhook_deliveries (webhook_id, created_at);

-- Every attempt: its HTTP status (NULL when no answer came), latency and
-- error.
CREATE TABLE webhook_attempts (
    delivery_id  UUID NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempt      INTEGER NOT NULL,
    started_at   TIMESTAMPTZ NOT NULL,
    latency_ms   BIGINT NOT NULL,
    status_code  INTEGER,
    error        TEXT COLLATE "C",
    PRIMARY KEY (delivery_id, attempt)
);
