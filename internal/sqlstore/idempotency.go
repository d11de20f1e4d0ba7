package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/sightline/sightline"
)

var _ sightline.IdempotencyService = (*DB)(nil)

// ClaimIdempotency claims an Idempotency-Key of an organization
// (docs/api.md#idempotent-writes). The record is read under a row lock on
// PostgreSQL (SQLite has one writer), so of concurrent requests with one key
// exactly one claims it; the others see it unfinished and get CONFLICT.
func (db *DB) ClaimIdempotency(ctx context.Context, orgID, key, digest string, lock time.Duration) (sightline.IdempotencyClaim, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return sightline.IdempotencyClaim{}, err
	}
	defer tx.Rollback()
	lockedUntil := ts(tx.now.Add(lock))
	for attempt := 0; ; attempt++ {
		var (
			storedDigest   string
			created, until Time
			status         sql.NullInt64
			headers        sql.NullString
			body           []byte
			sealed         bool
		)
		err := tx.queryRow(ctx, `SELECT request_digest, created_at, locked_until, status, headers, body, sealed FROM idempotency_keys
			WHERE org_id = ? AND idem_key = ?`+tx.d.ForUpdate(), orgID, key).
			Scan(&storedDigest, &created, &until, &status, &headers, &body, &sealed)
		if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
			res, err := tx.exec(ctx, `INSERT INTO idempotency_keys (org_id, idem_key, request_digest, created_at, locked_until)
				VALUES (?, ?, ?, ?, ?) ON CONFLICT (org_id, idem_key) DO NOTHING`, orgID, key, digest, ts(tx.now), lockedUntil)
			if err != nil {
				return sightline.IdempotencyClaim{}, fmt.Errorf("claim idempotency key: %w", err)
			}
			if n, _ := res.RowsAffected(); n == 1 {
				return sightline.IdempotencyClaim{Claimed: true}, tx.Commit()
			}
			if attempt > 0 {
				return sightline.IdempotencyClaim{}, inProgress()
			}
			continue // a concurrent request inserted it first: read its record
		} else if err != nil {
			return sightline.IdempotencyClaim{}, fmt.Errorf("read idempotency key: %w", mapError(err))
		}
		switch {
		case !created.Time.After(tx.now.Add(-sightline.IdempotencyTTL)):
			// Expired: the key starts afresh.
			if _, err := tx.exec(ctx, `UPDATE idempotency_keys SET request_digest = ?, created_at = ?, locked_until = ?,
				status = NULL, headers = NULL, body = NULL, sealed = ? WHERE org_id = ? AND idem_key = ?`,
				digest, ts(tx.now), lockedUntil, false, orgID, key); err != nil {
				return sightline.IdempotencyClaim{}, fmt.Errorf("renew idempotency key: %w", err)
			}
			return sightline.IdempotencyClaim{Claimed: true}, tx.Commit()
		case storedDigest != digest:
			return sightline.IdempotencyClaim{}, sightline.Errorf(sightline.EIDEMPOTENCY,
				"Idempotency-Key %q was already used with another request (method, path or body); use a new key.", key)
		case status.Valid:
			resp := &sightline.IdempotentResponse{Status: int(status.Int64), Body: body, Sealed: sealed}
			if headers.Valid && headers.String != "" {
				if err := json.Unmarshal([]byte(headers.String), &resp.Headers); err != nil {
					return sightline.IdempotencyClaim{}, fmt.Errorf("read idempotency headers: %w", err)
				}
			}
			return sightline.IdempotencyClaim{Replay: resp}, nil
		case until.Valid && until.Time.After(tx.now):
			return sightline.IdempotencyClaim{}, inProgress()
		}
		// Unfinished and its lock ran out (the replica that ran it died):
		// take it over.
		if _, err := tx.exec(ctx, `UPDATE idempotency_keys SET locked_until = ? WHERE org_id = ? AND idem_key = ?`,
			lockedUntil, orgID, key); err != nil {
			return sightline.IdempotencyClaim{}, fmt.Errorf("take over idempotency key: %w", err)
		}
		return sightline.IdempotencyClaim{Claimed: true}, tx.Commit()
	}
}

func inProgress() error {
	e := sightline.Errorf(sightline.ECONFLICT, "A request with this Idempotency-Key is still being processed; retry shortly.")
	e.RetryAfter = 1
	return e
}

// CompleteIdempotency stores the first response of a claimed key.
func (db *DB) CompleteIdempotency(ctx context.Context, orgID, key string, resp sightline.IdempotentResponse) error {
	headers, err := json.Marshal(resp.Headers)
	if err != nil {
		return fmt.Errorf("store idempotency headers: %w", err)
	}
	if resp.Body == nil {
		resp.Body = []byte{}
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.exec(ctx, `UPDATE idempotency_keys SET status = ?, headers = ?, body = ?, sealed = ?, locked_until = NULL
		WHERE org_id = ? AND idem_key = ?`, resp.Status, string(headers), resp.Body, resp.Sealed, orgID, key); err != nil {
		return fmt.Errorf("store idempotent response: %w", err)
	}
	return tx.Commit()
}

// ReleaseIdempotency forgets an unfinished claim.
func (db *DB) ReleaseIdempotency(ctx context.Context, orgID, key string) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.exec(ctx, `DELETE FROM idempotency_keys WHERE org_id = ? AND idem_key = ? AND status IS NULL`, orgID, key); err != nil {
		return fmt.Errorf("release idempotency key: %w", err)
	}
	return tx.Commit()
}
