package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
)

// PoolStats returns the connection pools' statistics by name: "write" and
// "read" on SQLite, "main" on PostgreSQL (one pool).
func (db *DB) PoolStats() map[string]sql.DBStats {
	if db.write == db.read {
		return map[string]sql.DBStats{"main": db.write.Stats()}
	}
	return map[string]sql.DBStats{"write": db.write.Stats(), "read": db.read.Stats()}
}

// JobQueueStats counts live jobs by kind family ("opportunities",
// "brief", "collect", "signals") and status, with the age of the oldest
// queued one (docs/api.md#metrics-and-profiling). It reads the jobs_claim index.
func (db *DB) JobQueueStats(ctx context.Context) ([]sightline.JobQueueStat, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.query(ctx, `SELECT kind, status, COUNT(*), MIN(enqueued_at) FROM jobs WHERE status IN (?, ?) GROUP BY kind, status`,
		sightline.JobQueued, sightline.JobRunning)
	if err != nil {
		return nil, fmt.Errorf("job queue stats: %w", err)
	}
	defer rows.Close()
	byKey := map[[2]string]*sightline.JobQueueStat{}
	var out []sightline.JobQueueStat
	for rows.Next() {
		var kind, status string
		var n int
		var oldest Time
		if err := rows.Scan(&kind, &status, &n, &oldest); err != nil {
			return nil, err
		}
		family, _, _ := strings.Cut(kind, ":")
		k := [2]string{family, status}
		st := byKey[k]
		if st == nil {
			st = &sightline.JobQueueStat{Kind: family, Status: status}
			byKey[k] = st
		}
		st.Count += n
		if age := tx.now.Sub(oldest.Time).Seconds(); oldest.Valid && age > st.OldestAgeSeconds {
			st.OldestAgeSeconds = age
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, st := range byKey {
		out = append(out, *st)
	}
	return out, nil
}
