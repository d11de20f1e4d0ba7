package sqlstore

import (
	"context"
	"fmt"
	"slices"
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

// TableLines returns every row of table as a "a|b|c" line, sorted, for
// tests that compare a rollup table before and after a rebuild.
func (db *DB) TableLines(table string) ([]string, error) {
	rows, err := db.read.Query("SELECT * FROM " + table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		fields := make([]string, len(vals))
		for i, v := range vals {
			if b, ok := v.([]byte); ok {
				v = string(b)
			}
			fields[i] = fmt.Sprint(v)
		}
		out = append(out, strings.Join(fields, "|"))
	}
	slices.Sort(out)
	return out, rows.Err()
}

// TableColumns returns the columns of table, in the table's order.
func (db *DB) TableColumns(table string) ([]string, error) {
	rows, err := db.read.Query("SELECT * FROM " + table + " WHERE 1 = 0")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return rows.Columns()
}
