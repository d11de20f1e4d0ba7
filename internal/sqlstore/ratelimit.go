package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
)

var _ sightline.RateLimitService = (*DB)(nil)

// countRequestSQL counts one request of a subject in the current window:
// the row of (subject, window) is created with 1 or incremented, and the
// new count returned. On PostgreSQL concurrent requests of one subject
// queue on the row lock for the length of this statement's transaction,
// so every replica sees one count (docs/api.md#rate-limits).
const countRequestSQL = `INSERT INTO rate_limit_counters (subject, window_start, requests) VALUES (?, ?, 1)
	ON CONFLICT (subject, window_start) DO UPDATE SET requests = rate_limit_counters.requests + 1
	RETURNING requests`

// rateLimitSchema is the counters' table in SQLite's companion file
// (rateLimitDB); on PostgreSQL migration 0006 made it.
const rateLimitSchema = `CREATE TABLE IF NOT EXISTS rate_limit_counters (
    subject       TEXT NOT NULL,
    window_start  TEXT NOT NULL,
    requests      INTEGER NOT NULL,
    PRIMARY KEY (subject, window_start)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rate_limit_counters_window ON rate_limit_counters (window_start)`

// rateLimitDB returns the database that holds the rate-limit counters. On
// SQLite it is the companion file PATH-ratelimit, opened (and its table
// made) at the first call: every public request counts, and a write to
// the main file would make each reader drop its page cache at its next
// transaction (docs/api.md#rate-limits). Every process on one SQLite
// file opens the same companion, so they share one count.
func (db *DB) rateLimitDB(ctx context.Context) (*sql.DB, error) {
	db.countsMu.Lock()
	defer db.countsMu.Unlock()
	if db.counts != nil {
		return db.counts, nil
	}
	c, err := openSQLite(db.countsPath, false)
	if err != nil {
		return nil, err
	}
	c.SetMaxOpenConns(1)
	if _, err := c.ExecContext(ctx, rateLimitSchema); err != nil {
		c.Close()
		return nil, fmt.Errorf("open rate-limit counters %s: %w", db.countsPath, mapError(err))
	}
	db.counts = c
	return c, nil
}

// beginCounts starts a write transaction on the rate-limit counters.
func (db *DB) beginCounts(ctx context.Context) (*Tx, error) {
	if db.dialect.Engine == enginePostgres {
		return db.begin(ctx)
	}
	c, err := db.rateLimitDB(ctx)
	if err != nil {
		return nil, err
	}
	tx, err := c.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", mapError(err))
	}
	return db.newTx(tx), nil
}

// CountRequest counts one request against the per-key and the
// per-organization limit and returns the tightest. On PostgreSQL the
// organization's limits are read and the counts taken in one transaction;
// on SQLite the limits come from the main file and the counts from the
// companion file (rateLimitDB).
func (db *DB) CountRequest(ctx context.Context, orgID, keyID string, defaults sightline.RateLimits) (sightline.RateLimitStatus, error) {
	var limits sightline.RateLimits
	if db.dialect.Engine == engineSQLite {
		rtx, err := db.beginRead(ctx)
		if err != nil {
			return sightline.RateLimitStatus{}, err
		}
		limits, err = effectiveLimits(ctx, rtx, orgID, defaults)
		rtx.Rollback()
		if err != nil {
			return sightline.RateLimitStatus{}, err
		}
		if limits.PerKey <= 0 && limits.PerOrg <= 0 {
			// nothing to count
			return sightline.RateLimitStatus{Reset: db.Now().UTC().Truncate(sightline.RateLimitWindow).Add(sightline.RateLimitWindow)}, nil
		}
	}
	tx, err := db.beginCounts(ctx)
	if err != nil {
		return sightline.RateLimitStatus{}, err
	}
	defer tx.Rollback()
	if tx.d.Engine == enginePostgres {
		// A counter lost to a crash in the last moment before it is
		// flushed costs nothing; waiting for the WAL flush on every
		// request costs milliseconds (docs/api.md#rate-limits).
		if _, err := tx.exec(ctx, `SET LOCAL synchronous_commit TO OFF`); err != nil {
			return sightline.RateLimitStatus{}, fmt.Errorf("count request: %w", err)
		}
		if limits, err = effectiveLimits(ctx, tx, orgID, defaults); err != nil {
			return sightline.RateLimitStatus{}, err
		}
	}
	window := tx.now.Truncate(sightline.RateLimitWindow)
	st := sightline.RateLimitStatus{Reset: window.Add(sightline.RateLimitWindow)}
	for _, c := range []struct {
		subject string
		limit   int
	}{{"key:" + keyID, limits.PerKey}, {"org:" + orgID, limits.PerOrg}} {
		if c.limit <= 0 || c.subject == "key:" {
			continue
		}
		var n int
		if err := tx.queryRow(ctx, countRequestSQL, c.subject, ts(window)).Scan(&n); err != nil {
			return sightline.RateLimitStatus{}, fmt.Errorf("count request: %w", mapError(err))
		}
		remaining, exceeded := max(0, c.limit-n), n > c.limit
		// The tightest limit is one that is exceeded, else the one with
		// the fewest requests left.
		tighter := st.Limit == 0 || (exceeded && !st.Exceeded) || (exceeded == st.Exceeded && remaining < st.Remaining)
		if tighter {
			st.Limit, st.Remaining, st.Exceeded = c.limit, remaining, exceeded
		}
		if exceeded {
			break // a key over its limit does not spend its organization's
		}
	}
	return st, tx.Commit()
}

// effectiveLimits returns the organization's own limits over defaults.
func effectiveLimits(ctx context.Context, tx *Tx, orgID string, defaults sightline.RateLimits) (sightline.RateLimits, error) {
	var perOrg, perKey sql.NullInt64
	err := tx.queryRow(ctx, `SELECT per_minute, key_per_minute FROM org_rate_limits WHERE org_id = ?`, orgID).Scan(&perOrg, &perKey)
	if err != nil {
		if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
			return defaults, nil
		}
		return defaults, fmt.Errorf("read rate limits: %w", mapError(err))
	}
	if perOrg.Valid {
		defaults.PerOrg = int(perOrg.Int64)
	}
	if perKey.Valid {
		defaults.PerKey = int(perKey.Int64)
	}
	return defaults, nil
}

// SetOrgRateLimits stores an organization's own limits.
func (db *DB) SetOrgRateLimits(ctx context.Context, l sightline.OrgRateLimits) (*sightline.OrgRateLimits, error) {
	if err := l.Validate(); err != nil {
		return nil, err
	}
	l.OrgID = strings.ToLower(l.OrgID)
	if !sightline.IsUUID(l.OrgID) {
		return nil, notFound("Organization")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkOrg(ctx, tx, l.OrgID); err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, `INSERT INTO org_rate_limits (org_id, per_minute, key_per_minute, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (org_id) DO UPDATE SET per_minute = excluded.per_minute, key_per_minute = excluded.key_per_minute,
		updated_at = excluded.updated_at`, l.OrgID, nullInt(l.PerOrg), nullInt(l.PerKey), ts(tx.now)); err != nil {
		return nil, fmt.Errorf("set rate limits: %w", err)
	}
	return &l, tx.Commit()
}

// FindOrgRateLimits returns an organization's own limits (nil fields: the
// server's defaults).
func (db *DB) FindOrgRateLimits(ctx context.Context, orgID string) (*sightline.OrgRateLimits, error) {
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
	out := &sightline.OrgRateLimits{OrgID: orgID}
	var perOrg, perKey sql.NullInt64
	err = tx.queryRow(ctx, `SELECT per_minute, key_per_minute FROM org_rate_limits WHERE org_id = ?`, orgID).Scan(&perOrg, &perKey)
	if err != nil && sightline.ErrorCode(mapError(err)) != sightline.ENOTFOUND {
		return nil, fmt.Errorf("read rate limits: %w", mapError(err))
	}
	if perOrg.Valid {
		v := int(perOrg.Int64)
		out.PerOrg = &v
	}
	if perKey.Valid {
		v := int(perKey.Int64)
		out.PerKey = &v
	}
	return out, nil
}

func nullInt(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
