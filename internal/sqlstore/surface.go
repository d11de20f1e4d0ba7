package sqlstore

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
)

// SetProviderSource chooses the SERP data vendor that asks a search
// surface for an organization (docs/collect.md#search-surfaces).
func (db *DB) SetProviderSource(ctx context.Context, orgID, surface, vendor string) error {
	if !sightline.IsUUID(orgID) {
		return notFound("Organization")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := checkOrg(ctx, tx, orgID); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `INSERT INTO provider_sources (org_id, surface, vendor, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (org_id, surface) DO UPDATE SET vendor = excluded.vendor, updated_at = excluded.updated_at`,
		orgID, surface, vendor, ts(tx.now)); err != nil {
		return fmt.Errorf("save provider source: %w", err)
	}
	return tx.Commit()
}

// FindProviderSource returns the vendor an organization chose for a
// search surface; "" when it chose none.
func (db *DB) FindProviderSource(ctx context.Context, orgID, surface string) (string, error) {
	if !sightline.IsUUID(orgID) {
		return "", nil
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	vs, err := queryStrings(ctx, tx, `SELECT vendor FROM provider_sources WHERE org_id = ? AND surface = ?`, orgID, surface)
	if err != nil {
		return "", fmt.Errorf("find provider source: %w", err)
	}
	if len(vs) == 0 {
		return "", nil
	}
	return vs[0], nil
}
