-- Hardening (docs/api.md): request rate limits counted in the database, so
-- that every replica enforces one limit; per-organization overrides of the
-- limits; stored first responses of idempotent writes.

-- Requests per subject ("key:<api key id>" or "org:<organization id>") in a
-- fixed one-minute window. One row per subject and minute, upserted per
-- request; old windows are pruned.
CREATE TABLE rate_limit_counters (
    subject       TEXT COLLATE "C" NOT NULL,
    window_start  TIMESTAMPTZ NOT NULL,
    requests      INTEGER NOT NULL,
    PRIMARY KEY (subject, window_start)
);
CREATE INDEX rate_limit_counters_window ON rate_limit_counters (window_start);

-- An organization's own request limits; NULL keeps the server's default,
-- 0 turns that limit off.
CREATE TABLE org_rate_limits (
    org_id          UUID PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
    per_minute      INTEGER CHECK (per_minute >= 0),
    key_per_minute  INTEGER CHECK (key_per_minute >= 0),
    updated_at      TIMESTAMPTZ NOT NULL
);

-- Idempotency-Key records: the request's digest (method, path, body) and,
-- once the first request finished, its response. locked_until bounds how
-- long an unfinished record blocks retries (a replica that died mid-way).
-- A response that carries a secret (a webhook's signing secret) is stored
-- sealed under the master key (sealed true), never in plain text.
CREATE TABLE idempotency_keys (
    org_id          UUID NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    idem_key        TEXT COLLATE "C" NOT NULL,
    request_digest  TEXT COLLATE "C" NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    locked_until    TIMESTAMPTZ,
    status          INTEGER,
    headers         TEXT COLLATE "C",
    body            BYTEA,
    sealed          BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (org_id, idem_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
