package sightline

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Password policy of dashboard users (docs/dashboard.md). The upper bound
// keeps one hash from costing more than a sign-in should.
const (
	MinPasswordLength = 12  // characters
	MaxPasswordLength = 256 // bytes
)

// CheckPassword applies the password policy: VALIDATION_FAILED naming the
// field "password" when it is too short, too long or not UTF-8.
func CheckPassword(pw string) error {
	var v ValidationErrors
	switch {
	case strings.TrimSpace(pw) == "":
		v.Add("password", "required", "password is required")
	case !utf8.ValidString(pw):
		v.Add("password", "invalid", "password must be UTF-8 text")
	case utf8.RuneCountInString(pw) < MinPasswordLength:
		v.Add("password", "too_short", "password must be at least %d characters long", MinPasswordLength)
	case len(pw) > MaxPasswordLength:
		v.Add("password", "too_long", "password must be at most %d bytes long", MaxPasswordLength)
	}
	return v.Err()
}

// IsEmail reports whether s looks like an email address: one @ between a
// local part and a domain with a dot, no spaces, at most 254 bytes.
func IsEmail(s string) bool {
	local, domain, ok := strings.Cut(s, "@")
	return ok && local != "" && len(s) <= 254 && strings.Contains(domain, ".") &&
		!strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".") &&
		!strings.ContainsAny(domain, "@") && !strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f })
}

// NormalizeEmail is the form under which emails are stored and looked up.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// DashboardUserCreate is the input of CreateDashboardUser.
type DashboardUserCreate struct {
	OrgID string
	Email string
	Name  string
	// PasswordHash is the encoded argon2id hash (internal/password); the
	// password itself never reaches the store.
	PasswordHash string
	// Role is RoleAdmin or RoleMember ("" is member). The store makes the
	// user an admin anyway when the organization has no enabled admin who
	// can sign in, so that every organization can be managed.
	Role string
}

// Validate checks the input.
func (c *DashboardUserCreate) Validate() error {
	var v ValidationErrors
	if !IsUUID(c.OrgID) {
		v.Add("org", "invalid", "org must be an organization id")
	}
	if !IsEmail(NormalizeEmail(c.Email)) {
		v.Add("email", "invalid", "email must be an email address")
	}
	if c.PasswordHash == "" {
		v.Add("password", "required", "password is required")
	}
	if c.Role == "" {
		c.Role = RoleMember
	} else if !slices.Contains(Roles, c.Role) {
		v.Add("role", "invalid", "role must be admin or member")
	}
	cleanName(&v, "name", &c.Name)
	return v.Err()
}

// Session is a signed-in dashboard user. The cookie holds a random token;
// the store keeps only its digest (HashSessionToken).
type Session struct {
	UserID     string
	OrgID      string
	OrgName    string
	Email      string
	Name       string
	Role       string // the user's role now: a change applies on the next request
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time // absolute expiry
}

// Session lifetimes: a session ends after DefaultSessionIdle without a
// request, and DefaultSessionLifetime after sign-in in any case.
const (
	DefaultSessionIdle     = 12 * time.Hour
	DefaultSessionLifetime = 7 * 24 * time.Hour
)

// Ended reports whether session s has ended at now: at its absolute expiry,
// or after idle without a request (idle 0: no idle limit)
// (docs/dashboard.md#security).
func (s *Session) Ended(now time.Time, idle time.Duration) bool {
	return !now.Before(s.ExpiresAt) || (idle > 0 && now.Sub(s.LastSeenAt) >= idle)
}

// NewSessionToken returns a fresh session token: 32 bytes from crypto/rand,
// base64url.
func NewSessionToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// HashSessionToken returns the digest under which a session is stored
// (hex SHA-256, as for API keys: the token is random, so no salt or slow
// hash is needed).
func HashSessionToken(token string) string { return HashAPIKey(token) }

// ThrottleKey is one counter of sign-in attempts (an email, an address)
// and how many attempts it allows per window.
type ThrottleKey struct {
	Key   string
	Limit int
}

// Sign-in limits (docs/dashboard.md): per email and per client address,
// in a window of SignInWindow. The address limit is higher because an
// office signs in from one address.
const (
	SignInEmailLimit   = 5
	SignInAddressLimit = 20
	SignInWindow       = time.Minute
)

// UserService manages the users of an organization who sign in to the
// dashboard. One email signs in to one organization: an email with a
// password in one organization cannot get one in another while that user
// is enabled (docs/dashboard.md).
type UserService interface {
	// CreateDashboardUser gives a user of the organization a password,
	// creating the user when the email is new there, and enables a
	// disabled one again. CONFLICT when the user already has a password
	// and is enabled (SetUserPassword changes it), or when an enabled user
	// of another organization signs in with that email; NOT_FOUND for an
	// unknown organization; VALIDATION_FAILED on bad input.
	CreateDashboardUser(ctx context.Context, c DashboardUserCreate) (*User, error)
	// SetUserPassword replaces a user's password hash and ends the user's
	// sessions. NOT_FOUND when the user is unknown.
	SetUserPassword(ctx context.Context, userID, passwordHash string) error
	// FindUsers lists an organization's users by email. NOT_FOUND for an
	// unknown organization.
	FindUsers(ctx context.Context, orgID string) ([]*User, error)
	// DisableUser stops a user from signing in and ends every session of
	// the user at once, on every replica. Disabling twice is no error.
	// NOT_FOUND when the user is unknown.
	DisableUser(ctx context.Context, userID string) error
}

// SessionService signs dashboard users in and out.
type SessionService interface {
	// FindSignInUser returns the enabled user who signs in with email and
	// the user's password hash. NOT_FOUND when there is none.
	FindSignInUser(ctx context.Context, email string) (*User, string, error)
	// CreateSession stores a session of the user under the digest of its
	// token, ending lifetime from now. UNAUTHORIZED when the user is
	// disabled or has no password.
	CreateSession(ctx context.Context, userID, digest string, lifetime time.Duration) (*Session, error)
	// FindSession returns the live session stored under digest and records
	// its use. UNAUTHORIZED when it is unknown, past its expiry, unused for
	// longer than idle, or its user is disabled.
	FindSession(ctx context.Context, digest string, idle time.Duration) (*Session, error)
	// DeleteSession ends a session (sign-out); ending one that is gone is
	// no error.
	DeleteSession(ctx context.Context, digest string) error
	// ThrottleSignIn counts one attempt against each key, in the database
	// so that every replica enforces one limit, and returns how long to
	// wait when a key is over its limit in the current window (0 when the
	// attempt may proceed).
	ThrottleSignIn(ctx context.Context, keys []ThrottleKey, window time.Duration) (time.Duration, error)
	// ResetSignInThrottle forgets the attempts counted against key (after
	// a successful sign-in).
	ResetSignInThrottle(ctx context.Context, key string) error
}
