-- Team access (docs/dashboard.md#team-access): every user has a role in
-- the organization, admin or member. The users there before roles are
-- admins (they could do everything); a user made later without a role is
-- a member (an API-key owner cannot sign in until given a password and a
-- role).
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member'));
UPDATE users SET role = 'admin';

-- Invitations: a single-use link valid for 7 days. Only the SHA-256 digest
-- of the link's token is stored; accepted_at ends it.
CREATE TABLE invitations (
    id           TEXT PRIMARY KEY,
    org_id       TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    email        TEXT NOT NULL,
    role         TEXT NOT NULL CHECK (role IN ('admin', 'member')),
    digest       TEXT NOT NULL UNIQUE,
    invited_by   TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at   TEXT NOT NULL,
    expires_at   TEXT NOT NULL,
    accepted_at  TEXT,
    revoked_at   TEXT
);
CREATE INDEX invitations_org ON invitations (org_id, created_at);
