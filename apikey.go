package sightline

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"time"
)

// APIKeyPrefix starts every API key secret (docs/api.md).
const APIKeyPrefix = "slk_"

// apiKeyRandomBytes gives 43 base64url characters after the prefix.
const apiKeyRandomBytes = 32

// APIKey is the stored form of an API key: never the secret, only what the
// dashboard and `keys list` show.
type APIKey struct {
	ID         string     `json:"id"`
	OrgID      string     `json:"org_id"`
	UserID     string     `json:"user_id"`
	UserEmail  string     `json:"user_email"` // the creating user
	Name       string     `json:"name"`
	Prefix     string     `json:"prefix"` // first characters of the secret
	Last4      string     `json:"last4"`
	CreatedAt  time.Time  `json:"created_at"`
	ExpiresAt  *time.Time `json:"expires_at"`
	RevokedAt  *time.Time `json:"revoked_at"`
	LastUsedAt *time.Time `json:"last_used_at"`
}

// Key statuses as the dashboard shows them.
const (
	KeyActive  = "active"
	KeyExpired = "expired"
	KeyRevoked = "revoked"
)

// Status returns active, expired or revoked at now.
func (k *APIKey) Status(now time.Time) string {
	switch {
	case k.RevokedAt != nil:
		return KeyRevoked
	case k.ExpiresAt != nil && !now.Before(*k.ExpiresAt):
		return KeyExpired
	}
	return KeyActive
}

// Active reports whether the key authenticates at now.
func (k *APIKey) Active(now time.Time) bool {
	return k.RevokedAt == nil && (k.ExpiresAt == nil || now.Before(*k.ExpiresAt))
}

// NewAPIKeySecret returns a fresh secret: the prefix and 43 random
// base64url characters from crypto/rand.
func NewAPIKeySecret() (string, error) {
	b := make([]byte, apiKeyRandomBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return APIKeyPrefix + base64.RawURLEncoding.EncodeToString(b), nil
}

// HashAPIKey returns the hex SHA-256 digest under which a secret is stored.
func HashAPIKey(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// APIKeyDisplay returns the first characters and the last four of a secret,
// the only parts of it that are ever shown again.
func APIKeyDisplay(secret string) (prefix, last4 string) {
	const shown = len(APIKeyPrefix) + 4
	if len(secret) < shown+4 {
		return "", ""
	}
	return secret[:shown], secret[len(secret)-4:]
}

// LooksLikeAPIKey reports whether s has the shape of a secret; anything else
// is rejected before touching the database.
func LooksLikeAPIKey(s string) bool {
	return strings.HasPrefix(s, APIKeyPrefix) && len(s) == len(APIKeyPrefix)+43
}

// APIKeyCreate is the input of CreateAPIKey.
type APIKeyCreate struct {
	OrgID     string
	UserEmail string // the creating user; created in the organization on first use
	Name      string
	ExpiresAt *time.Time
}

// Validate checks the input.
func (c *APIKeyCreate) Validate() error {
	var v ValidationErrors
	if !IsUUID(c.OrgID) {
		v.Add("org", "invalid", "org must be an organization id")
	}
	if !strings.Contains(c.UserEmail, "@") {
		v.Add("user", "invalid", "user must be an email address")
	}
	if cleanName(&v, "name", &c.Name) && c.Name == "" {
		v.Add("name", "required", "name is required")
	}
	return v.Err()
}

// APIKeyService manages API keys.
type APIKeyService interface {
	// CreateAPIKey stores a new key and returns it with its secret, which is
	// never available again. NOT_FOUND when the organization does not exist;
	// VALIDATION_FAILED on bad input.
	CreateAPIKey(ctx context.Context, c APIKeyCreate) (*APIKey, string, error)
	// FindAPIKeys lists an organization's keys, newest first, with the
	// email of the user who created each.
	FindAPIKeys(ctx context.Context, orgID string) ([]*APIKey, error)
	// RevokeAPIKey revokes a key at once, whatever its organization
	// (operator use). NOT_FOUND when unknown.
	RevokeAPIKey(ctx context.Context, id string) error
	// RevokeOrgAPIKey revokes a key of orgID at once. NOT_FOUND when it is
	// unknown or another organization's.
	RevokeOrgAPIKey(ctx context.Context, orgID, id string) error
	// Authenticate resolves a secret to its principal. UNAUTHORIZED when the
	// key is unknown, expired or revoked.
	Authenticate(ctx context.Context, secret string) (*Principal, error)
}
