package sightline

import (
	"context"
	"slices"
	"strings"
	"time"
)

// Roles of a user in the organization (docs/dashboard.md#team-access): an
// admin does everything, including users, provider keys, webhooks and the
// API keys of others; a member reads everything and manages prompts,
// recommendations and their own API keys. API keys have no role: a key
// reads and writes every brand of its organization, whoever created it.
const (
	RoleAdmin  = "admin"
	RoleMember = "member"
)

// Roles lists the roles.
var Roles = []string{RoleAdmin, RoleMember}

// InvitationLifetime is how long an invitation link works.
const InvitationLifetime = 7 * 24 * time.Hour

// Invitation is an admin's invitation of an email to the organization: a
// single-use link whose token the store keeps only as a digest.
type Invitation struct {
	ID         string
	OrgID      string
	OrgName    string
	Email      string
	Role       string
	InvitedBy  string // the inviting user's email; "" when that user is gone
	CreatedAt  time.Time
	ExpiresAt  time.Time
	AcceptedAt *time.Time
	RevokedAt  *time.Time
}

// Invitation statuses.
const (
	InvitationPending  = "pending"
	InvitationAccepted = "accepted"
	InvitationExpired  = "expired"
	InvitationRevoked  = "revoked"
)

// Status is the invitation's status at now.
func (i *Invitation) Status(now time.Time) string {
	switch {
	case i.AcceptedAt != nil:
		return InvitationAccepted
	case i.RevokedAt != nil:
		return InvitationRevoked
	case !now.Before(i.ExpiresAt):
		return InvitationExpired
	}
	return InvitationPending
}

// InvitationCreate is the input of CreateInvitation.
type InvitationCreate struct {
	OrgID     string
	Email     string
	Role      string
	InvitedBy string // user id
	// Digest is HashSessionToken of the link's token; the token itself
	// never reaches the store.
	Digest string
}

// Validate checks the input and normalizes the email.
func (c *InvitationCreate) Validate() error {
	var v ValidationErrors
	c.Email = NormalizeEmail(c.Email)
	if !IsEmail(c.Email) {
		v.Add("email", "invalid", "email must be an email address")
	}
	c.Role = strings.TrimSpace(c.Role)
	if !slices.Contains(Roles, c.Role) {
		v.Add("role", "invalid", "role must be admin or member")
	}
	if c.Digest == "" {
		v.Add("token", "required", "token is required")
	}
	return v.Err()
}

// TeamService manages roles and invitations. Every method is scoped by
// organization: another organization's user or invitation is NOT_FOUND.
type TeamService interface {
	// SetUserRole changes a user's role. CONFLICT when it would leave the
	// organization without an enabled admin who can sign in.
	SetUserRole(ctx context.Context, orgID, userID, role string) (*User, error)
	// DisableOrgUser stops a user from signing in and ends the user's
	// sessions. CONFLICT when it would leave the organization without an
	// enabled admin who can sign in.
	DisableOrgUser(ctx context.Context, orgID, userID string) (*User, error)
	// EndUserSessions ends every session of a user; it returns how many.
	EndUserSessions(ctx context.Context, orgID, userID string) (int, error)
	// CreateInvitation stores an invitation valid for InvitationLifetime.
	// CONFLICT when the email can already sign in (here or elsewhere).
	CreateInvitation(ctx context.Context, in InvitationCreate) (*Invitation, error)
	// FindInvitations lists the organization's invitations, newest first,
	// at most limit.
	FindInvitations(ctx context.Context, orgID string, limit int) ([]*Invitation, error)
	// RevokeInvitation ends a pending invitation.
	RevokeInvitation(ctx context.Context, orgID, id string) error
	// FindInvitation returns the pending invitation stored under digest.
	// NOT_FOUND when it is unknown, used, revoked or expired.
	FindInvitation(ctx context.Context, digest string) (*Invitation, error)
	// AcceptInvitation uses the pending invitation stored under digest:
	// the invited email becomes a user of the organization with the
	// invitation's role and this password, in one transaction, so a link
	// works once. NOT_FOUND as FindInvitation; CONFLICT when the email
	// signs in elsewhere meanwhile.
	AcceptInvitation(ctx context.Context, digest, name, passwordHash string) (*User, error)
}
