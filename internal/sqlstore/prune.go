package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/sightline/sightline"
)

var _ sightline.HousekeepingService = (*DB)(nil)

// Prune deletes finished jobs that ended before jobsBefore, idempotency
// records past their 24 hours and rate-limit windows that have ended, in
// one transaction (docs/api.md, "House-keeping"). The latest job of a brand's
// opportunity compute and of each brief stays: the API shows its status.
func (db *DB) Prune(ctx context.Context, jobsBefore time.Time) (sightline.PruneResult, error) {
	var out sightline.PruneResult
	tx, err := db.begin(ctx)
	if err != nil {
		return out, err
	}
	defer tx.Rollback()
	res, err := tx.exec(ctx, `DELETE FROM jobs WHERE status IN (?, ?) AND completed_at < ?
		AND (NOT (kind = ? OR kind LIKE ?) OR EXISTS (
			SELECT 1 FROM jobs n WHERE n.brand_id = jobs.brand_id AND n.kind = jobs.kind AND n.enqueued_at > jobs.enqueued_at))`,
		sightline.JobCompleted, sightline.JobFailed, ts(jobsBefore), sightline.JobKindOpportunities, sightline.JobKindBriefPrefix+"%")
	if err != nil {
		return out, fmt.Errorf("prune jobs: %w", err)
	}
	out.Jobs, _ = res.RowsAffected()
	res, err = tx.exec(ctx, `DELETE FROM idempotency_keys WHERE created_at <= ?`, ts(tx.now.Add(-sightline.IdempotencyTTL)))
	if err != nil {
		return out, fmt.Errorf("prune idempotency keys: %w", err)
	}
	out.IdempotencyKeys, _ = res.RowsAffected()
	res, err = tx.exec(ctx, `DELETE FROM rate_limit_counters WHERE window_start < ?`,
		ts(tx.now.Truncate(sightline.RateLimitWindow).Add(-sightline.RateLimitWindow)))
	if err != nil {
		return out, fmt.Errorf("prune rate-limit counters: %w", err)
	}
	out.RateLimitCounters, _ = res.RowsAffected()
	return out, tx.Commit()
}
