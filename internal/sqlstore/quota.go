package sqlstore

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
)

var _ sightline.QuotaService = (*DB)(nil)

// spendQuotaSQL spends one unit of a daily quota. The conditional upsert
// is the whole accounting: the row of (brand, kind, day) is created with
// used = 1 or incremented only while used < limit, and RETURNING yields
// nothing when the quota is spent. PostgreSQL locks the row and re-checks
// the condition on its latest version, so concurrent spenders on any number
// of replicas never pass the limit; SQLite has a single writer.
const spendQuotaSQL = `INSERT INTO quota_usage (brand_id, kind, day, used) VALUES (?, ?, ?, 1)
	ON CONFLICT (brand_id, kind, day) DO UPDATE SET used = quota_usage.used + 1 WHERE quota_usage.used < ?
	RETURNING used`

// spendQuota spends one unit of kind for brandID today, inside tx. It
// returns the quota after spending, or QUOTA_EXCEEDED (with Retry-After)
// when none is left; the caller's transaction carries the spend, so a
// failed use case gives the unit back by rolling back.
func spendQuota(ctx context.Context, tx *Tx, brandID, kind string, limit int, what string) (sightline.DailyQuota, error) {
	if limit <= 0 {
		q := sightline.NewDailyQuota(limit, 0, tx.now)
		return q, sightline.QuotaExceeded(q, what, tx.now)
	}
	var used int
	err := tx.queryRow(ctx, spendQuotaSQL, brandID, kind, sightline.QuotaDay(tx.now), limit).Scan(&used)
	if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
		q, err := readQuota(ctx, tx, brandID, kind, limit)
		if err != nil {
			return q, err
		}
		return q, sightline.QuotaExceeded(q, what, tx.now)
	} else if err != nil {
		return sightline.DailyQuota{}, fmt.Errorf("spend %s quota: %w", kind, mapError(err))
	}
	return sightline.NewDailyQuota(limit, used, tx.now), nil
}

// readQuota returns today's usage of kind for brandID.
func readQuota(ctx context.Context, tx *Tx, brandID, kind string, limit int) (sightline.DailyQuota, error) {
	var used int
	err := tx.queryRow(ctx, `SELECT used FROM quota_usage WHERE brand_id = ? AND kind = ? AND day = ?`,
		brandID, kind, sightline.QuotaDay(tx.now)).Scan(&used)
	if err != nil && sightline.ErrorCode(mapError(err)) != sightline.ENOTFOUND {
		return sightline.DailyQuota{}, fmt.Errorf("read %s quota: %w", kind, mapError(err))
	}
	return sightline.NewDailyQuota(limit, used, tx.now), nil
}

// FindQuota returns today's usage of a brand's quota.
func (db *DB) FindQuota(ctx context.Context, orgID, brandID, kind string, limit int) (*sightline.DailyQuota, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	q, err := readQuota(ctx, tx, brandID, kind, limit)
	if err != nil {
		return nil, err
	}
	return &q, nil
}
