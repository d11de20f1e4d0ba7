-- Team access (docs/dashboard.md#team-access): every user has a role in
-- the organization, admin or member. The users there before roles are
-- admins (they could do everything); a user made later without a role is
-- a member (an API-key owner cannot sign in until given a password and a
-- role).
ALTER TABLE users ADD COLUMN role TEXT COLLATE "C" NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member'));
UPDATE users SET role = 'admin';

-- Invitations: a single-use link valid for 7 days. Only the SHA-256 digest
-- of the link's token is stored; accepted_at ends it.
CREATE TABLE invitations (
    id           UUID PRIMARY KEY,
    org_id       UUID NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    email        TEXT COLLATE "C" NOT NULL,
    role         TEXT COLLATE "C" NOT NULL CHECK (role IN ('admin', 'member')),
    digest       TEXT COLLATE "C" NOT NULL UNIQUE,
    invited_by   UUID REFERENCES users (id) ON DELETE SET NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    accepted_at  TIMESTAMPTZ,
    revoked_at   TIMESTAMPTZ
);
CREATE INDEX invitations_org ON invitations (org_id, created_at);
