-- Dashboard sign-in (docs/dashboard.md): user passwords, sessions and the
-- sign-in throttle. Nothing here holds a secret in plain text.

-- password_hash is the encoded argon2id hash (internal/password); NULL for
-- users who only own API keys. disabled_at stops sign-in.
ALTER TABLE users ADD COLUMN password_hash TEXT COLLATE "C";
ALTER TABLE users ADD COLUMN disabled_at TIMESTAMPTZ;

-- One email signs in to one organization: among enabled users with a
-- password, an email is unique across organizations.
CREATE UNIQUE INDEX users_sign_in_email ON users (email)
    WHERE password_hash IS NOT NULL AND disabled_at IS NULL;

-- Sessions: only the SHA-256 digest of the cookie's token is stored.
CREATE TABLE sessions (
    digest        TEXT COLLATE "C" PRIMARY KEY,
    user_id       UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    org_id        UUID NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    created_at    TIMESTAMPTZ NOT NULL,
    last_seen_at  TIMESTAMPTZ NOT NULL,
    expires_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

-- Sign-in attempts per key (an email, a client address; stored as SHA-256
-- digests) in a fixed window that starts with the first attempt.
CREATE TABLE sign_in_attempts (
    key_digest    TEXT COLLATE "C" PRIMARY KEY,
    window_start  TIMESTAMPTZ NOT NULL,
    attempts      INTEGER NOT NULL
);
CREATE INDEX sign_in_attempts_window ON sign_in_attempts (window_start);
