package sqlstore

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/sightline/sightline"
)

var _ sightline.TeamService = (*DB)(nil)

// countAdmins counts the organization's enabled admins who can sign in,
// leaving out the user except (when not "").
func countAdmins(ctx context.Context, tx *Tx, orgID, except string) (int, error) {
	q := `SELECT COUNT(*) FROM users WHERE org_id = ? AND role = 'admin' AND password_hash IS NOT NULL AND disabled_at IS NULL`
	args := []any{orgID}
	if except != "" {
		q += ` AND id <> ?`
		args = append(args, except)
	}
	var n int
	if err := tx.queryRow(ctx, q, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count admins: %w", err)
	}
	return n, nil
}

var errLastAdmin = sightline.FieldErr(sightline.ECONFLICT, "role", "last_admin",
	"This is the organization's last admin who can sign in; make another user an admin first.")

// findOrgUser reads one user of the organization in tx.
func findOrgUser(ctx context.Context, tx *Tx, orgID, userID string) (*sightline.User, error) {
	orgID, userID = strings.ToLower(orgID), strings.ToLower(userID)
	if !sightline.IsUUID(orgID) || !sightline.IsUUID(userID) {
		return nil, notFound("User")
	}
	u, err := scanUser(tx.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = ? AND org_id = ?`, userID, orgID))
	if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
		return nil, notFound("User")
	} else if err != nil {
		return nil, fmt.Errorf("find user: %w", err)
	}
	return u, nil
}

// SetUserRole changes a user's role; the organization keeps at least one
// enabled admin who can sign in.
func (db *DB) SetUserRole(ctx context.Context, orgID, userID, role string) (*sightline.User, error) {
	if !slices.Contains(sightline.Roles, role) {
		return nil, sightline.FieldErr(sightline.EVALIDATION, "role", "invalid", "role must be admin or member")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	u, err := findOrgUser(ctx, tx, orgID, userID)
	if err != nil {
		return nil, err
	}
	if u.Role == sightline.RoleAdmin && role != sightline.RoleAdmin {
		if n, err := countAdmins(ctx, tx, u.OrgID, u.ID); err != nil {
			return nil, err
		} else if n == 0 {
			return nil, errLastAdmin
		}
	}
	if _, err := tx.exec(ctx, `UPDATE users SET role = ? WHERE id = ? AND org_id = ?`, role, u.ID, u.OrgID); err != nil {
		return nil, fmt.Errorf("set role: %w", err)
	}
	u.Role = role
	return u, tx.Commit()
}

// DisableOrgUser disables a user of the organization and deletes the
// user's sessions in the same transaction.
func (db *DB) DisableOrgUser(ctx context.Context, orgID, userID string) (*sightline.User, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	u, err := findOrgUser(ctx, tx, orgID, userID)
	if err != nil {
		return nil, err
	}
	if u.Role == sightline.RoleAdmin && u.DisabledAt == nil {
		if n, err := countAdmins(ctx, tx, u.OrgID, u.ID); err != nil {
			return nil, err
		} else if n == 0 {
			return nil, errLastAdmin
		}
	}
	if _, err := tx.exec(ctx, `UPDATE users SET disabled_at = COALESCE(disabled_at, ?) WHERE id = ? AND org_id = ?`, ts(tx.now), u.ID, u.OrgID); err != nil {
		return nil, fmt.Errorf("disable user: %w", err)
	}
	if _, err := tx.exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND org_id = ?`, u.ID, u.OrgID); err != nil {
		return nil, fmt.Errorf("end sessions: %w", err)
	}
	if u.DisabledAt == nil {
		at := tx.now
		u.DisabledAt = &at
	}
	return u, tx.Commit()
}

// EndUserSessions deletes a user's sessions: the next request of each,
// on any replica, is signed out.
func (db *DB) EndUserSessions(ctx context.Context, orgID, userID string) (int, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	u, err := findOrgUser(ctx, tx, orgID, userID)
	if err != nil {
		return 0, err
	}
	res, err := tx.exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND org_id = ?`, u.ID, u.OrgID)
	if err != nil {
		return 0, fmt.Errorf("end sessions: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), tx.Commit()
}

const invitationColumns = `i.id, i.org_id, o.name, i.email, i.role, COALESCE(u.email, ''), i.created_at, i.expires_at, i.accepted_at, i.revoked_at`

const invitationFrom = ` FROM invitations i JOIN organizations o ON o.id = i.org_id LEFT JOIN users u ON u.id = i.invited_by`

func scanInvitation(scan func(...any) error) (*sightline.Invitation, error) {
	var in sightline.Invitation
	var created, expires, accepted, revoked Time
	if err := scan(&in.ID, &in.OrgID, &in.OrgName, &in.Email, &in.Role, &in.InvitedBy, &created, &expires, &accepted, &revoked); err != nil {
		return nil, err
	}
	in.CreatedAt, in.ExpiresAt, in.AcceptedAt, in.RevokedAt = created.Time, expires.Time, accepted.Ptr(), revoked.Ptr()
	return &in, nil
}

// CreateInvitation stores an invitation under the digest of its token.
func (db *DB) CreateInvitation(ctx context.Context, c sightline.InvitationCreate) (*sightline.Invitation, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	orgID := strings.ToLower(c.OrgID)
	if !sightline.IsUUID(orgID) {
		return nil, notFound("Organization")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkOrg(ctx, tx, orgID); err != nil {
		return nil, err
	}
	var signsIn int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM users WHERE email = ? AND password_hash IS NOT NULL AND disabled_at IS NULL`,
		c.Email).Scan(&signsIn); err != nil {
		return nil, fmt.Errorf("check email: %w", err)
	}
	if signsIn > 0 {
		return nil, sightline.FieldErr(sightline.ECONFLICT, "email", "taken",
			"%s can already sign in (an email signs in to one organization only).", c.Email)
	}
	var by any
	if sightline.IsUUID(c.InvitedBy) {
		by = strings.ToLower(c.InvitedBy)
	}
	id := newID()
	if _, err := tx.exec(ctx, `INSERT INTO invitations (id, org_id, email, role, digest, invited_by, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, orgID, c.Email, c.Role, c.Digest, by,
		ts(tx.now), ts(tx.now.Add(sightline.InvitationLifetime))); err != nil {
		return nil, fmt.Errorf("insert invitation: %w", mapError(err))
	}
	in, err := scanInvitation(tx.queryRow(ctx, `SELECT `+invitationColumns+invitationFrom+` WHERE i.id = ?`, id).Scan)
	if err != nil {
		return nil, fmt.Errorf("read invitation: %w", err)
	}
	return in, tx.Commit()
}

// FindInvitations lists an organization's invitations, newest first.
func (db *DB) FindInvitations(ctx context.Context, orgID string, limit int) ([]*sightline.Invitation, error) {
	orgID = strings.ToLower(orgID)
	if !sightline.IsUUID(orgID) {
		return nil, notFound("Organization")
	}
	if limit <= 0 || limit > sightline.MaxPageSize {
		limit = sightline.MaxPageSize
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return scanAll(ctx, tx, "invitations", `SELECT `+invitationColumns+invitationFrom+
		` WHERE i.org_id = ? ORDER BY i.created_at DESC, i.id LIMIT ?`, []any{orgID, limit}, scanInvitation)
}

// RevokeInvitation ends a pending invitation of the organization.
func (db *DB) RevokeInvitation(ctx context.Context, orgID, id string) error {
	orgID, id = strings.ToLower(orgID), strings.ToLower(id)
	if !sightline.IsUUID(orgID) || !sightline.IsUUID(id) {
		return notFound("Invitation")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.exec(ctx, `UPDATE invitations SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND org_id = ? AND accepted_at IS NULL`,
		ts(tx.now), id, orgID)
	if err != nil {
		return fmt.Errorf("revoke invitation: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound("Invitation")
	}
	return tx.Commit()
}

// pendingInvitation reads the invitation under digest when it can still
// be used at tx.now.
func pendingInvitation(ctx context.Context, tx *Tx, digest string) (*sightline.Invitation, error) {
	if digest == "" {
		return nil, notFound("Invitation")
	}
	in, err := scanInvitation(tx.queryRow(ctx, `SELECT `+invitationColumns+invitationFrom+` WHERE i.digest = ?`, digest).Scan)
	if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
		return nil, notFound("Invitation")
	} else if err != nil {
		return nil, fmt.Errorf("find invitation: %w", err)
	}
	if in.Status(tx.now) != sightline.InvitationPending {
		return nil, notFound("Invitation")
	}
	return in, nil
}

// FindInvitation returns the pending invitation under digest.
func (db *DB) FindInvitation(ctx context.Context, digest string) (*sightline.Invitation, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return pendingInvitation(ctx, tx, digest)
}

// AcceptInvitation marks the invitation used and creates the user in one
// transaction; the conditional update makes a second use of the link,
// even a concurrent one, find nothing.
func (db *DB) AcceptInvitation(ctx context.Context, digest, name, passwordHash string) (*sightline.User, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	in, err := pendingInvitation(ctx, tx, digest)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(ctx, `UPDATE invitations SET accepted_at = ? WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL`, ts(tx.now), in.ID)
	if err != nil {
		return nil, fmt.Errorf("use invitation: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, notFound("Invitation")
	}
	c := sightline.DashboardUserCreate{OrgID: in.OrgID, Email: in.Email, Name: name, PasswordHash: passwordHash, Role: in.Role}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	u, err := createDashboardUser(ctx, tx, c)
	if err != nil {
		return nil, err
	}
	return u, tx.Commit()
}
