package sqlstore

import (
	"context"
	"fmt"
	"time"

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

// reserveQuota spends one unit of kind for brandID in a transaction of
// its own, so that the unit is taken, or refused, before any work: a
// spent quota answers at once instead of waiting on the regenerations
// that spent it (docs/engines.md#quotas). It returns the quota after
// spending and the day the unit counts against, which refundQuota needs.
//
// A read comes first, and a quota it finds spent is refused without
// taking the writer. The reservations of one process then take turns
// (DB.reserveTurn) and read again before they write: a burst of a hundred
// requests writes as many times as there are units left, not a hundred
// times, and on SQLite a burst does not keep the other processes' writers
// waiting. The spend's conditional upsert keeps the count exact across
// processes.
func (db *DB) reserveQuota(ctx context.Context, orgID, brandID, kind string, limit int, what string) (sightline.DailyQuota, string, error) {
	if q, err := db.checkQuota(ctx, orgID, brandID, kind, limit, what); err != nil {
		return q, "", err
	}
	select {
	case db.reserveTurn <- struct{}{}:
		defer func() { <-db.reserveTurn }()
	case <-ctx.Done():
		return sightline.DailyQuota{}, "", fmt.Errorf("wait to reserve %s quota: %w", kind, mapError(ctx.Err()))
	}
	if q, err := db.checkQuota(ctx, orgID, brandID, kind, limit, what); err != nil {
		return q, "", err
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return sightline.DailyQuota{}, "", err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return sightline.DailyQuota{}, "", err
	}
	q, err := spendQuota(ctx, tx, brandID, kind, limit, what)
	if err != nil {
		return q, "", err
	}
	return q, sightline.QuotaDay(tx.now), tx.Commit()
}

// checkQuota reads today's usage and returns QUOTA_EXCEEDED when none
// is left.
func (db *DB) checkQuota(ctx context.Context, orgID, brandID, kind string, limit int, what string) (sightline.DailyQuota, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return sightline.DailyQuota{}, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return sightline.DailyQuota{}, err
	}
	q, err := readQuota(ctx, tx, brandID, kind, limit)
	if err != nil {
		return q, err
	}
	if q.Remaining == 0 {
		return q, sightline.QuotaExceeded(q, what, tx.now)
	}
	return q, nil
}

// refundTimeout bounds giving a unit back; the caller's context may be
// what failed, so the refund runs on a context of its own.
const refundTimeout = 10 * time.Second

// refundQuota gives back a unit that reserveQuota took on day, after the
// work it paid for failed. A refund that fails is logged: the unit is
// then lost until the quota resets, which is the safe side.
func (db *DB) refundQuota(ctx context.Context, brandID, kind, day string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), refundTimeout)
	defer cancel()
	err := func() error {
		tx, err := db.begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if _, err := tx.exec(ctx, `UPDATE quota_usage SET used = used - 1 WHERE brand_id = ? AND kind = ? AND day = ? AND used > 0`,
			brandID, kind, day); err != nil {
			return err
		}
		return tx.Commit()
	}()
	if err != nil {
		db.logger.WarnContext(ctx, "quota refund failed", "brand_id", brandID, "kind", kind, "day", day, "error", err.Error())
	}
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
