package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

var (
	_ sightline.UserService    = (*DB)(nil)
	_ sightline.SessionService = (*DB)(nil)
)

// sessionTouchResolution bounds how often a session's last use is written,
// so that page views do not all turn into writes. The idle expiry is
// therefore exact to within this much.
const sessionTouchResolution = time.Minute

const userColumns = `id, org_id, email, name, created_at, password_hash IS NOT NULL, disabled_at, role`

// scanFunc adapts a row's Scan method value to scanUser.
type scanFunc func(...any) error

func (f scanFunc) Scan(dest ...any) error { return f(dest...) }

func scanUser(row interface{ Scan(...any) error }) (*sightline.User, error) {
	var u sightline.User
	var created, disabled Time
	if err := row.Scan(&u.ID, &u.OrgID, &u.Email, &u.Name, &created, &u.HasPassword, &disabled, &u.Role); err != nil {
		return nil, err
	}
	u.CreatedAt, u.DisabledAt = created.Time, disabled.Ptr()
	return &u, nil
}

// CreateDashboardUser gives a user of an organization a password
// (docs/dashboard.md: one email signs in to one organization).
func (db *DB) CreateDashboardUser(ctx context.Context, c sightline.DashboardUserCreate) (*sightline.User, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	u, err := createDashboardUser(ctx, tx, c)
	if err != nil {
		return nil, err
	}
	return u, tx.Commit()
}

// createDashboardUser is CreateDashboardUser in a transaction of the
// caller (accepting an invitation uses the invitation in the same one).
// The user becomes an admin when the organization has no enabled admin
// who can sign in (docs/dashboard.md#team-access).
func createDashboardUser(ctx context.Context, tx *Tx, c sightline.DashboardUserCreate) (*sightline.User, error) {
	orgID, email, name := strings.ToLower(c.OrgID), sightline.NormalizeEmail(c.Email), strings.TrimSpace(c.Name)
	if err := checkOrg(ctx, tx, orgID); err != nil {
		return nil, err
	}
	var elsewhere int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM users
		WHERE email = ? AND org_id <> ? AND password_hash IS NOT NULL AND disabled_at IS NULL`, email, orgID).Scan(&elsewhere); err != nil {
		return nil, fmt.Errorf("check sign-in email: %w", err)
	}
	if elsewhere > 0 {
		return nil, sightline.FieldErr(sightline.ECONFLICT, "email", "taken",
			"%s already signs in to another organization; an email signs in to one organization only.", email)
	}
	role := c.Role
	admins, err := countAdmins(ctx, tx, orgID, "")
	if err != nil {
		return nil, err
	}
	if admins == 0 {
		role = sightline.RoleAdmin
	}
	u, err := scanUser(tx.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE org_id = ? AND email = ?`, orgID, email))
	switch {
	case err == nil:
		if u.HasPassword && u.DisabledAt == nil {
			return nil, sightline.FieldErr(sightline.ECONFLICT, "email", "exists",
				"%s can already sign in to this organization.", email)
		}
		if name == "" {
			name = u.Name
		}
		if _, err := tx.exec(ctx, `UPDATE users SET password_hash = ?, disabled_at = NULL, name = ?, role = ? WHERE id = ?`,
			c.PasswordHash, name, role, u.ID); err != nil {
			return nil, signInConflict(err, email)
		}
		u.Name, u.HasPassword, u.DisabledAt, u.Role = name, true, nil, role
	case sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND:
		u = &sightline.User{ID: newID(), OrgID: orgID, Email: email, Name: name, CreatedAt: tx.now, HasPassword: true, Role: role}
		if _, err := tx.exec(ctx, `INSERT INTO users (id, org_id, email, name, created_at, password_hash, role) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			u.ID, orgID, email, name, ts(tx.now), c.PasswordHash, role); err != nil {
			return nil, signInConflict(err, email)
		}
	default:
		return nil, fmt.Errorf("find user: %w", err)
	}
	return u, nil
}

// signInConflict turns the unique violation of a concurrent create into
// CONFLICT.
func signInConflict(err error, email string) error {
	if errors.Is(err, errUnique) {
		return sightline.FieldErr(sightline.ECONFLICT, "email", "taken", "%s already signs in to an organization.", email)
	}
	return fmt.Errorf("store user password: %w", err)
}

// SetUserPassword replaces a user's password hash and ends the user's
// sessions.
func (db *DB) SetUserPassword(ctx context.Context, userID, passwordHash string) error {
	userID = strings.ToLower(userID)
	if !sightline.IsUUID(userID) {
		return notFound("User")
	}
	if passwordHash == "" {
		return sightline.FieldErr(sightline.EVALIDATION, "password", "required", "password is required")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var email string
	if err := tx.queryRow(ctx, `SELECT email FROM users WHERE id = ?`, userID).Scan(&email); err != nil {
		if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
			return notFound("User")
		}
		return fmt.Errorf("find user: %w", err)
	}
	if _, err := tx.exec(ctx, `UPDATE users SET password_hash = ? WHERE id = ?`, passwordHash, userID); err != nil {
		return signInConflict(err, email)
	}
	if _, err := tx.exec(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	return tx.Commit()
}

// FindUsers lists an organization's users by email.
func (db *DB) FindUsers(ctx context.Context, orgID string) ([]*sightline.User, error) {
	orgID = strings.ToLower(orgID)
	if !sightline.IsUUID(orgID) {
		return nil, notFound("Organization")
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkOrg(ctx, tx, orgID); err != nil {
		return nil, err
	}
	return scanAll(ctx, tx, "users", `SELECT `+userColumns+` FROM users WHERE org_id = ? ORDER BY email, id`, []any{orgID},
		func(scan func(...any) error) (*sightline.User, error) { return scanUser(scanFunc(scan)) })
}

// DisableUser stops a user from signing in and deletes the user's sessions
// in the same transaction: the next request of any of them, on any replica,
// finds no session.
func (db *DB) DisableUser(ctx context.Context, userID string) error {
	userID = strings.ToLower(userID)
	if !sightline.IsUUID(userID) {
		return notFound("User")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.exec(ctx, `UPDATE users SET disabled_at = COALESCE(disabled_at, ?) WHERE id = ?`, ts(tx.now), userID)
	if err != nil {
		return fmt.Errorf("disable user: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound("User")
	}
	if _, err := tx.exec(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	return tx.Commit()
}

// FindSignInUser returns the enabled user with a password who signs in
// with email (the partial unique index users_sign_in_email makes it one).
func (db *DB) FindSignInUser(ctx context.Context, email string) (*sightline.User, string, error) {
	email = sightline.NormalizeEmail(email)
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, "", err
	}
	defer tx.Rollback()
	var hash string
	row := tx.queryRow(ctx, `SELECT `+userColumns+`, password_hash FROM users
		WHERE email = ? AND password_hash IS NOT NULL AND disabled_at IS NULL`, email)
	var u sightline.User
	var created, disabled Time
	if err := row.Scan(&u.ID, &u.OrgID, &u.Email, &u.Name, &created, &u.HasPassword, &disabled, &u.Role, &hash); err != nil {
		if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
			return nil, "", notFound("User")
		}
		return nil, "", fmt.Errorf("find sign-in user: %w", err)
	}
	u.CreatedAt, u.DisabledAt = created.Time, disabled.Ptr()
	return &u, hash, nil
}

var errNoSession = sightline.Errorf(sightline.EUNAUTHORIZED, "Please sign in.")

// CreateSession stores a new session of an enabled user, and deletes the
// sessions that expired (so the table does not grow without bound).
func (db *DB) CreateSession(ctx context.Context, userID, digest string, lifetime time.Duration) (*sightline.Session, error) {
	userID = strings.ToLower(userID)
	if !sightline.IsUUID(userID) || digest == "" || lifetime <= 0 {
		return nil, errNoSession
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	s := &sightline.Session{UserID: userID, CreatedAt: tx.now, LastSeenAt: tx.now, ExpiresAt: tx.now.Add(lifetime)}
	err = tx.queryRow(ctx, `SELECT u.org_id, o.name, u.email, u.name, u.role FROM users u JOIN organizations o ON o.id = u.org_id
		WHERE u.id = ? AND u.password_hash IS NOT NULL AND u.disabled_at IS NULL`, userID).Scan(&s.OrgID, &s.OrgName, &s.Email, &s.Name, &s.Role)
	if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
		return nil, errNoSession
	} else if err != nil {
		return nil, fmt.Errorf("find session user: %w", err)
	}
	if _, err := tx.exec(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, ts(tx.now)); err != nil {
		return nil, fmt.Errorf("delete expired sessions: %w", err)
	}
	if _, err := tx.exec(ctx, `INSERT INTO sessions (digest, user_id, org_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
		digest, userID, s.OrgID, ts(tx.now), ts(tx.now), ts(s.ExpiresAt)); err != nil {
		return nil, fmt.Errorf("insert session: %w", err)
	}
	return s, tx.Commit()
}

// FindSession resolves a session digest. There is no cache anywhere: a
// deleted session (sign-out, disabled user) fails on the next request on
// every replica.
func (db *DB) FindSession(ctx context.Context, digest string, idle time.Duration) (*sightline.Session, error) {
	if digest == "" {
		return nil, errNoSession
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var s sightline.Session
	var created, seen, expires Time
	err = tx.queryRow(ctx, `SELECT s.user_id, s.org_id, o.name, u.email, u.name, u.role, s.created_at, s.last_seen_at, s.expires_at
		FROM sessions s JOIN users u ON u.id = s.user_id JOIN organizations o ON o.id = s.org_id
		WHERE s.digest = ? AND u.password_hash IS NOT NULL AND u.disabled_at IS NULL`, digest).
		Scan(&s.UserID, &s.OrgID, &s.OrgName, &s.Email, &s.Name, &s.Role, &created, &seen, &expires)
	if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
		return nil, errNoSession
	} else if err != nil {
		return nil, fmt.Errorf("find session: %w", err)
	}
	tx.Rollback()
	s.CreatedAt, s.LastSeenAt, s.ExpiresAt = created.Time, seen.Time, expires.Time
	now := db.Now().UTC()
	if s.Ended(now, idle) {
		if err := db.DeleteSession(ctx, digest); err != nil {
			db.logger.Warn("delete expired session", "error", err)
		}
		return nil, errNoSession
	}
	if now.Sub(s.LastSeenAt) >= sessionTouchResolution {
		// Best effort: a failed stamp must not fail the page.
		if _, err := db.write.ExecContext(ctx, db.dialect.Rebind(`UPDATE sessions SET last_seen_at = ? WHERE digest = ?`), ts(now), digest); err != nil {
			db.logger.Warn("stamp session use", "error", err)
		} else {
			s.LastSeenAt = now
		}
	}
	return &s, nil
}

// DeleteSession ends a session.
func (db *DB) DeleteSession(ctx context.Context, digest string) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.exec(ctx, `DELETE FROM sessions WHERE digest = ?`, digest); err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return tx.Commit()
}

// ThrottleSignIn counts an attempt against every key with one upsert each:
// the row lock the upsert takes makes concurrent attempts, from any
// replica, count one after the other (callers pass keys in one order, so
// two attempts never lock them in opposite orders). A key's window starts with its first
// attempt and lasts window; the first attempt after it starts a new one.
func (db *DB) ThrottleSignIn(ctx context.Context, keys []sightline.ThrottleKey, window time.Duration) (time.Duration, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	cutoff := ts(tx.now.Add(-window))
	var wait time.Duration
	for _, k := range keys {
		var attempts int
		var start Time
		err := tx.queryRow(ctx, `INSERT INTO sign_in_attempts (key_digest, window_start, attempts) VALUES (?, ?, 1)
			ON CONFLICT (key_digest) DO UPDATE SET
				attempts = CASE WHEN sign_in_attempts.window_start > ? THEN sign_in_attempts.attempts + 1 ELSE 1 END,
				window_start = CASE WHEN sign_in_attempts.window_start > ? THEN sign_in_attempts.window_start ELSE excluded.window_start END
			RETURNING attempts, window_start`, throttleDigest(k.Key), ts(tx.now), cutoff, cutoff).Scan(&attempts, &start)
		if err != nil {
			return 0, fmt.Errorf("count sign-in attempt: %w", mapError(err))
		}
		if attempts > k.Limit {
			wait = max(wait, start.Time.Add(window).Sub(tx.now))
		}
	}
	if err := tx.Commit(); err != nil {
		return 0, err
	}
	// Forget finished windows, best effort and outside the counting
	// transaction, so that concurrent attempts never wait on each other's
	// cleanup.
	if _, err := db.write.ExecContext(ctx, db.dialect.Rebind(`DELETE FROM sign_in_attempts WHERE window_start <= ?`), cutoff); err != nil {
		db.logger.Warn("forget old sign-in attempts", "error", err)
	}
	return wait, nil
}

// ResetSignInThrottle forgets a key's attempts.
func (db *DB) ResetSignInThrottle(ctx context.Context, key string) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.exec(ctx, `DELETE FROM sign_in_attempts WHERE key_digest = ?`, throttleDigest(key)); err != nil {
		return fmt.Errorf("reset sign-in attempts: %w", err)
	}
	return tx.Commit()
}

// throttleDigest keeps neither emails nor addresses in the throttle table.
func throttleDigest(key string) string { return sightline.HashAPIKey("sign-in:" + key) }
