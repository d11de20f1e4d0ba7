-- Hardening (docs/api.md): request rate limits counted in the database, so
-- that every replica enforces one limit; per-organization overrides of the
-- limits; stored first responses of idempotent writes.

-- Requests per subject ("key:<api key id>" or "org:<organization id>") in a
-- fixed one-minute window. One row per subject and minute, upserted per
-- request; old windows are pruned.
CREATE TABLE rate_limit_counters (
    subject       TEXT NOT NULL,
    window_start  TEXT NOT NULL,
    requests      INTEGER NOT NULL,
    PRIMARY KEY (subject, window_start)
) WITHOUT ROWID;
CREATE INDEX rate_limit_counters_window ON rate_limit_counters (window_start);

-- An organization's own request limits; NULL keeps the server's default,
-- 0 turns that limit off.
CREATE TABLE org_rate_limits (
    org_id          TEXT PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
    per_minute      INTEGER CHECK (per_minute >= 0),
    key_per_minute  INTEGER CHECK (key_per_minute >= 0),
    updated_at      TEXT NOT NULL
);

-- Idempotency-Key records: the request's digest (method, path, body) and,
-- once the first request finished, its response. locked_until bounds how
-- long an unfinished record blocks retries (a replica that died mid-way).
-- A response that carries a secret (a webhook's signing secret) is stored
-- sealed under the master key (sealed true), never in plain text.
CREATE TABLE idempotency_keys (
    org_id          TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    idem_key        TEXT NOT NULL,
    request_digest  TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    locked_until    TEXT,
    status          INTEGER,
    headers         TEXT,
    body            BLOB,
    sealed          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (org_id, idem_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
