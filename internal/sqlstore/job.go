package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/sightline/sightline"
)

var _ sightline.JobService = (*DB)(nil)

// Jobs are rows claimed with a lease (docs/engines.md#protocol):
//
//   - enqueue inserts a queued row in the transaction of the write that
//     needs it; the partial unique index jobs_one_live allows one queued or
//     running job per brand and kind;
//   - a claim picks the oldest queued row, or a running one whose lease
//     expired (its worker died), with FOR UPDATE SKIP LOCKED on PostgreSQL
//     so that replicas never block on or take the same row (SQLite has one
//     writer), and stamps a fresh claim token;
//   - every later write of the job (heartbeat, release, fail, complete) is
//     conditional on that token, so a worker that lost its lease cannot
//     complete a job another worker re-claimed: a job completes once.

const jobColumns = `j.id, b.org_id, j.brand_id, j.kind, j.status, j.attempts, j.max_attempts, j.claimed_by, j.lease_expires_at,
	j.enqueued_at, j.started_at, j.completed_at, j.duration_ms, j.error_class, j.error_message
	FROM jobs j JOIN brands b ON b.id = j.brand_id`

func scanJob(scan func(...any) error) (*sightline.Job, error) {
	j := &sightline.Job{}
	var token, errClass, errMsg sql.NullString
	var lease, enqueued, started, completed Time
	var dur sql.NullInt64
	if err := scan(&j.ID, &j.OrgID, &j.BrandID, &j.Kind, &j.Status, &j.Attempts, &j.MaxAttempts, &token, &lease,
		&enqueued, &started, &completed, &dur, &errClass, &errMsg); err != nil {
		return nil, err
	}
	j.Token, j.LeaseExpiresAt, j.EnqueuedAt, j.StartedAt, j.CompletedAt = token.String, lease.Ptr(), enqueued.Time, started.Ptr(), completed.Ptr()
	if dur.Valid {
		j.DurationMS = &dur.Int64
	}
	if errClass.Valid {
		j.Error = &sightline.JobError{Class: errClass.String, Message: errMsg.String}
	}
	return j, nil
}

func findJob(ctx context.Context, tx *Tx, where string, args ...any) (*sightline.Job, error) {
	var out *sightline.Job
	err := eachRow(ctx, tx, `SELECT `+jobColumns+` `+where, args, func(scan func(...any) error) error {
		j, err := scanJob(scan)
		out = j
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("find job: %w", err)
	}
	if out == nil {
		return nil, notFound("Job")
	}
	return out, nil
}

// latestJob returns the brand's most recently enqueued job of kind, or nil.
func latestJob(ctx context.Context, tx *Tx, brandID, kind string) (*sightline.Job, error) {
	// A live (queued or running) job is the latest whatever the clock says:
	// two jobs enqueued within one clock tick must not hide it.
	j, err := findJob(ctx, tx, `WHERE j.brand_id = ? AND j.kind = ?
		ORDER BY CASE WHEN j.status IN (?, ?) THEN 0 ELSE 1 END, j.enqueued_at DESC, j.id DESC LIMIT 1`,
		brandID, kind, sightline.JobQueued, sightline.JobRunning)
	if sightline.ErrorCode(err) == sightline.ENOTFOUND {
		return nil, nil
	}
	return j, err
}

// enqueueJob inserts a queued job; the error wraps errUnique when one of
// the kind is already queued or running for the brand.
func enqueueJob(ctx context.Context, tx *Tx, brandID, kind string) (*sightline.Job, error) {
	j := &sightline.Job{ID: newID(), BrandID: brandID, Kind: kind, Status: sightline.JobQueued, MaxAttempts: sightline.DefaultJobAttempts, EnqueuedAt: tx.now}
	_, err := tx.exec(ctx, `INSERT INTO jobs (id, brand_id, kind, status, attempts, max_attempts, enqueued_at) VALUES (?, ?, ?, ?, 0, ?, ?)`,
		j.ID, brandID, kind, j.Status, j.MaxAttempts, ts(tx.now))
	if err != nil {
		return nil, fmt.Errorf("enqueue %s job: %w", kind, err)
	}
	return j, nil
}

// ClaimJob takes the oldest claimable job whose kind c does not skip.
func (db *DB) ClaimJob(ctx context.Context, c sightline.JobClaim) (*sightline.Job, error) {
	c.Lease = c.LeaseOr(sightline.DefaultJobLease)
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	now := ts(tx.now)
	// Jobs whose every attempt lost its worker fail for good.
	dead, err := queryStrings(ctx, tx, `SELECT j.id FROM jobs j WHERE j.status = ? AND j.lease_expires_at < ? AND j.attempts >= j.max_attempts
		ORDER BY j.enqueued_at, j.id LIMIT 10`+tx.d.SkipLocked(), sightline.JobRunning, now)
	if err != nil {
		return nil, fmt.Errorf("find abandoned jobs: %w", err)
	}
	for _, id := range dead {
		j, err := findJob(ctx, tx, `WHERE j.id = ?`, id)
		if err != nil {
			return nil, err
		}
		e := sightline.NewJobError(sightline.JobErrorAbandoned, fmt.Sprintf("The job lost its worker %d times (lease expired).", j.Attempts))
		if err := finishJob(ctx, tx, j, sightline.JobFailed, &e); err != nil {
			return nil, err
		}
	}
	skip, args := "", []any{sightline.JobQueued, sightline.JobRunning, now}
	for _, prefix := range c.Skip {
		skip += ` AND SUBSTR(j.kind, 1, ?) <> ?`
		args = append(args, len(prefix), prefix)
	}
	ids, err := queryStrings(ctx, tx, `SELECT j.id FROM jobs j
		WHERE (j.status = ? OR (j.status = ? AND j.lease_expires_at < ? AND j.attempts < j.max_attempts))`+skip+`
		ORDER BY j.enqueued_at, j.id LIMIT 1`+tx.d.SkipLocked(), args...)
	if err != nil {
		return nil, fmt.Errorf("find claimable job: %w", err)
	}
	if len(ids) == 0 {
		if len(dead) > 0 {
			if err := tx.Commit(); err != nil {
				return nil, err
			}
		}
		return nil, sightline.ErrNoJob
	}
	token := c.WorkerID + "/" + newID()
	if _, err := tx.exec(ctx, `UPDATE jobs SET status = ?, attempts = attempts + 1, claimed_by = ?, lease_expires_at = ?, started_at = ?,
		completed_at = NULL, duration_ms = NULL WHERE id = ?`,
		sightline.JobRunning, token, ts(tx.now.Add(c.Lease)), now, ids[0]); err != nil {
		return nil, fmt.Errorf("claim job: %w", err)
	}
	j, err := findJob(ctx, tx, `WHERE j.id = ?`, ids[0])
	if err != nil {
		return nil, err
	}
	return j, tx.Commit()
}

// holdJob checks inside tx that job's claim still holds and locks its row
// (the no-op update takes the row lock on PostgreSQL).
func holdJob(ctx context.Context, tx *Tx, job *sightline.Job) error {
	res, err := tx.exec(ctx, `UPDATE jobs SET claimed_by = claimed_by WHERE id = ? AND claimed_by = ? AND status = ?`, job.ID, job.Token, sightline.JobRunning)
	if err != nil {
		return fmt.Errorf("hold job: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return sightline.ErrJobLost
	}
	return nil
}

// ExtendJobLease renews a claim.
func (db *DB) ExtendJobLease(ctx context.Context, job *sightline.Job, lease time.Duration) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.exec(ctx, `UPDATE jobs SET lease_expires_at = ? WHERE id = ? AND claimed_by = ? AND status = ?`,
		ts(tx.now.Add(lease)), job.ID, job.Token, sightline.JobRunning)
	if err != nil {
		return fmt.Errorf("extend job lease: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return sightline.ErrJobLost
	}
	return tx.Commit()
}

// ReleaseJob puts a claimed job back in the queue without counting the
// attempt.
func (db *DB) ReleaseJob(ctx context.Context, job *sightline.Job) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.exec(ctx, `UPDATE jobs SET status = ?, attempts = attempts - 1, claimed_by = NULL, lease_expires_at = NULL, started_at = NULL
		WHERE id = ? AND claimed_by = ? AND status = ?`, sightline.JobQueued, job.ID, job.Token, sightline.JobRunning)
	if err != nil {
		return fmt.Errorf("release job: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return sightline.ErrJobLost
	}
	if err := mirrorBrief(ctx, tx, job, sightline.JobQueued, nil); err != nil {
		return err
	}
	return tx.Commit()
}

// FailJob records an error; the job is queued again when
// sightline.Job.Requeues says so, and fails for good otherwise.
func (db *DB) FailJob(ctx context.Context, job *sightline.Job, e sightline.JobError, retry bool) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := holdJob(ctx, tx, job); err != nil {
		return err
	}
	e = sightline.NewJobError(e.Class, e.Message)
	if job.Requeues(retry) {
		if _, err := tx.exec(ctx, `UPDATE jobs SET status = ?, claimed_by = NULL, lease_expires_at = NULL, error_class = ?, error_message = ?
			WHERE id = ?`, sightline.JobQueued, e.Class, e.Message, job.ID); err != nil {
			return fmt.Errorf("requeue job: %w", err)
		}
		if err := mirrorBrief(ctx, tx, job, sightline.JobQueued, nil); err != nil {
			return err
		}
	} else if err := finishJob(ctx, tx, job, sightline.JobFailed, &e); err != nil {
		return err
	}
	return tx.Commit()
}

// finishJob marks a job completed or failed, with its duration since the
// current attempt started.
func finishJob(ctx context.Context, tx *Tx, job *sightline.Job, status string, e *sightline.JobError) error {
	var dur any
	if job.StartedAt != nil {
		dur = max(0, tx.now.Sub(*job.StartedAt).Milliseconds())
	}
	var class, msg any
	if e != nil {
		class, msg = e.Class, e.Message
	}
	if _, err := tx.exec(ctx, `UPDATE jobs SET status = ?, lease_expires_at = NULL, completed_at = ?, duration_ms = ?, error_class = ?, error_message = ?
		WHERE id = ?`, status, ts(tx.now), dur, class, msg, job.ID); err != nil {
		return fmt.Errorf("finish job: %w", err)
	}
	return mirrorBrief(ctx, tx, job, status, e)
}

// completeJob holds the job's claim and marks it completed, inside the
// transaction that writes its result.
func completeJob(ctx context.Context, tx *Tx, job *sightline.Job) error {
	if err := holdJob(ctx, tx, job); err != nil {
		return err
	}
	return finishJob(ctx, tx, job, sightline.JobCompleted, nil)
}

// CompleteJob marks a claimed job completed.
func (db *DB) CompleteJob(ctx context.Context, job *sightline.Job) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := completeJob(ctx, tx, job); err != nil {
		return err
	}
	return tx.Commit()
}

// EnqueueJob queues a job; CONFLICT when one of the kind is live.
func (db *DB) EnqueueJob(ctx context.Context, brandID, kind string) (*sightline.Job, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	j, err := enqueueJob(ctx, tx, brandID, kind)
	if errors.Is(err, errUnique) {
		return nil, sightline.Errorf(sightline.ECONFLICT, "A %s job is already queued or running.", kind)
	} else if err != nil {
		return nil, err
	}
	if err := tx.queryRow(ctx, `SELECT org_id FROM brands WHERE id = ?`, brandID).Scan(&j.OrgID); err != nil {
		return nil, fmt.Errorf("find brand of job: %w", mapError(err))
	}
	return j, tx.Commit()
}

// ClaimJobOfKind claims the brand's live job of kind, or a new one.
func (db *DB) ClaimJobOfKind(ctx context.Context, c sightline.JobClaim, brandID, kind string) (*sightline.Job, error) {
	c.Lease = c.LeaseOr(sightline.DefaultJobLease)
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	ids, err := queryStrings(ctx, tx, `SELECT j.id FROM jobs j WHERE j.brand_id = ? AND j.kind = ? AND j.status IN (?, ?)`+tx.d.ForUpdate(),
		brandID, kind, sightline.JobQueued, sightline.JobRunning)
	if err != nil {
		return nil, fmt.Errorf("find live job: %w", err)
	}
	var id string
	if len(ids) > 0 {
		j, err := findJob(ctx, tx, `WHERE j.id = ?`, ids[0])
		if err != nil {
			return nil, err
		}
		if j.HeldAt(tx.now) {
			return nil, sightline.ErrJobBusy
		}
		id = j.ID
	} else {
		j, err := enqueueJob(ctx, tx, brandID, kind)
		if errors.Is(err, errUnique) {
			return nil, sightline.ErrJobBusy // another worker created it just now
		} else if err != nil {
			return nil, err
		}
		id = j.ID
	}
	token := c.WorkerID + "/" + newID()
	if _, err := tx.exec(ctx, `UPDATE jobs SET status = ?, attempts = attempts + 1, claimed_by = ?, lease_expires_at = ?, started_at = ?,
		completed_at = NULL, duration_ms = NULL WHERE id = ?`,
		sightline.JobRunning, token, ts(tx.now.Add(c.Lease)), ts(tx.now), id); err != nil {
		return nil, fmt.Errorf("claim job: %w", err)
	}
	j, err := findJob(ctx, tx, `WHERE j.id = ?`, id)
	if err != nil {
		return nil, err
	}
	return j, tx.Commit()
}

// FindJobsOfKind lists a brand's jobs of kind, newest first.
func (db *DB) FindJobsOfKind(ctx context.Context, brandID, kind string) ([]*sightline.Job, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return scanAll(ctx, tx, "jobs", `SELECT `+jobColumns+` WHERE j.brand_id = ? AND j.kind = ? ORDER BY j.enqueued_at DESC, j.id DESC`,
		[]any{brandID, kind}, scanJob)
}
