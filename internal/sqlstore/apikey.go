package sqlstore

import (
	"context"
	"crypto/subtle"
	"fmt"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

var _ sightline.APIKeyService = (*DB)(nil)

// lastUsedResolution bounds how often authentication writes last_used_at,
// so that reads do not turn every request into a write.
const lastUsedResolution = time.Minute

// CreateAPIKey stores a new key (its digest only) and returns its secret once.
func (db *DB) CreateAPIKey(ctx context.Context, c sightline.APIKeyCreate) (*sightline.APIKey, string, error) {
	if err := c.Validate(); err != nil {
		return nil, "", err
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, "", err
	}
	defer tx.Rollback()
	user, err := ensureUser(ctx, tx, c.OrgID, "", c.UserEmail, "")
	if err != nil {
		return nil, "", err
	}
	secret, err := sightline.NewAPIKeySecret()
	if err != nil {
		return nil, "", fmt.Errorf("generate key: %w", err)
	}
	k := &sightline.APIKey{
		ID: newID(), OrgID: user.OrgID, UserID: user.ID, UserEmail: user.Email, Name: strings.TrimSpace(c.Name),
		CreatedAt: tx.now, ExpiresAt: c.ExpiresAt,
	}
	k.Prefix, k.Last4 = sightline.APIKeyDisplay(secret)
	if _, err := tx.exec(ctx, `INSERT INTO api_keys (id, org_id, user_id, name, digest, prefix, last4, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		k.ID, k.OrgID, k.UserID, k.Name, sightline.HashAPIKey(secret), k.Prefix, k.Last4, ts(k.CreatedAt), nullTS(k.ExpiresAt)); err != nil {
		return nil, "", fmt.Errorf("insert api key: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return nil, "", err
	}
	return k, secret, nil
}

// FindAPIKeys lists an organization's keys, newest first.
func (db *DB) FindAPIKeys(ctx context.Context, orgID string) ([]*sightline.APIKey, error) {
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
	rows, err := tx.query(ctx, `SELECT k.id, k.org_id, k.user_id, u.email, k.name, k.prefix, k.last4, k.created_at, k.expires_at, k.revoked_at, k.last_used_at
		FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.org_id = ? ORDER BY k.created_at DESC, k.id`, orgID)
	if err != nil {
		return nil, fmt.Errorf("list api keys: %w", err)
	}
	defer rows.Close()
	var out []*sightline.APIKey
	for rows.Next() {
		var k sightline.APIKey
		var created, expires, revoked, used Time
		if err := rows.Scan(&k.ID, &k.OrgID, &k.UserID, &k.UserEmail, &k.Name, &k.Prefix, &k.Last4, &created, &expires, &revoked, &used); err != nil {
			return nil, err
		}
		k.CreatedAt, k.ExpiresAt, k.RevokedAt, k.LastUsedAt = created.Time, expires.Ptr(), revoked.Ptr(), used.Ptr()
		out = append(out, &k)
	}
	return out, rows.Err()
}

// RevokeAPIKey revokes a key. There is no cache of keys anywhere, so the
// next request with it fails on every replica.
func (db *DB) RevokeAPIKey(ctx context.Context, id string) error {
	id = strings.ToLower(id)
	if !sightline.IsUUID(id) {
		return notFound("API key")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.exec(ctx, `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?`, ts(tx.now), id)
	if err != nil {
		return fmt.Errorf("revoke api key: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound("API key")
	}
	return tx.Commit()
}

// RevokeOrgAPIKey revokes a key of one organization; a key of another
// organization is NOT_FOUND, like a missing one.
func (db *DB) RevokeOrgAPIKey(ctx context.Context, orgID, id string) error {
	orgID, id = strings.ToLower(orgID), strings.ToLower(id)
	if !sightline.IsUUID(orgID) || !sightline.IsUUID(id) {
		return notFound("API key")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.exec(ctx, `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND org_id = ?`, ts(tx.now), id, orgID)
	if err != nil {
		return fmt.Errorf("revoke api key: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound("API key")
	}
	return tx.Commit()
}

// Authenticate resolves a secret to its principal: by digest, compared in
// constant time, then checked for revocation and expiry against the clock.
func (db *DB) Authenticate(ctx context.Context, secret string) (*sightline.Principal, error) {
	unauthorized := sightline.Errorf(sightline.EUNAUTHORIZED, "Missing or invalid API key.")
	if !sightline.LooksLikeAPIKey(secret) {
		return nil, unauthorized
	}
	digest := sightline.HashAPIKey(secret)
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var id, orgID, stored string
	var expires, revoked, used Time
	err = tx.queryRow(ctx, `SELECT id, org_id, digest, expires_at, revoked_at, last_used_at FROM api_keys WHERE digest = ?`, digest).
		Scan(&id, &orgID, &stored, &expires, &revoked, &used)
	if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
		return nil, unauthorized
	} else if err != nil {
		return nil, fmt.Errorf("find api key: %w", err)
	}
	if subtle.ConstantTimeCompare([]byte(stored), []byte(digest)) != 1 {
		return nil, unauthorized
	}
	now := db.Now().UTC()
	k := sightline.APIKey{ExpiresAt: expires.Ptr(), RevokedAt: revoked.Ptr()}
	if !k.Active(now) {
		return nil, unauthorized
	}
	tx.Rollback()
	if !used.Valid || now.Sub(used.Time) >= lastUsedResolution {
		// Best effort: a failed stamp must not fail the request.
		if _, err := db.write.ExecContext(ctx, db.dialect.Rebind(`UPDATE api_keys SET last_used_at = ? WHERE id = ?`), ts(now), id); err != nil {
			db.logger.Warn("stamp api key last use", "key_id", id, "error", err)
		}
	}
	return &sightline.Principal{OrgID: orgID, KeyID: id}, nil
}
