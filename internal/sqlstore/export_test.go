package sqlstore

import (
	"context"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// SetDebugSQL sets debugSQL for the tests of package sqlstore_test (the
// SQL snapshots); nil turns it off.
func SetDebugSQL(f func(start time.Time, q string, args []any)) { debugSQL = f }

// QueryPlan is SQLite's EXPLAIN QUERY PLAN of q with args, one line per
// step, indented by its depth in the plan's tree (the SQL snapshots keep
// it beside the statement).
func (db *DB) QueryPlan(q string, args []any) (string, error) {
	rows, err := db.read.Query("EXPLAIN QUERY PLAN "+q, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	depth := map[int]int{}
	var b strings.Builder
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			return "", err
		}
		depth[id] = depth[parent] + 1
		b.WriteString(strings.Repeat("  ", depth[id]-1) + detail + "\n")
	}
	return b.String(), rows.Err()
}

// BeginScope starts an analytics read as the metric methods do
// (beginScope) and returns its end.
func (db *DB) BeginScope(ctx context.Context, orgID string, s sightline.Scope) (end func(), err error) {
	tx, _, err := db.beginScope(ctx, orgID, s)
	if err != nil {
		return nil, err
	}
	return func() { tx.Rollback() }, nil
}

// ScopeSlots is how many analytics reads run at once (0: no bound).
func (db *DB) ScopeSlots() int { return cap(db.scopeSlots) }
