package sqlstore

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// eachRow runs a query and calls fn for every row with the row's Scan.
func eachRow(ctx context.Context, tx *Tx, q string, args []any, fn func(scan func(...any) error) error) error {
	if debugSQL != nil {
		defer debugSQL(time.Now(), q, args)
	}
	rows, err := tx.query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// scanAll runs q and decodes every row with scan; what names the rows for
// the error message.
func scanAll[T any](ctx context.Context, tx *Tx, what, q string, args []any, scan func(func(...any) error) (T, error)) ([]T, error) {
	var out []T
	err := eachRow(ctx, tx, q, args, func(s func(...any) error) error {
		v, err := scan(s)
		if err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find %s: %w", what, err)
	}
	return out, nil
}

// findPage counts the rows of table (named with its alias) that where
// selects, then reads one page of them in order with find.
func findPage[T any](ctx context.Context, tx *Tx, table string, where *sqlb, order string, pr sightline.PageRequest,
	find func(where string, args ...any) ([]T, error)) ([]T, int, error) {
	var count, page sqlb
	count.Add(`SELECT COUNT(*) FROM ` + table).AddSQL(where)
	var total int
	if err := tx.queryRow(ctx, count.String(), count.Args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count %s: %w", strings.Fields(table)[0], mapError(err))
	}
	page.AddSQL(where).Add(order+` LIMIT ? OFFSET ?`, pr.PageSize, pr.Offset())
	rows, err := find(page.String(), page.Args...)
	if err != nil {
		return nil, 0, err
	}
	return rows, total, nil
}

// nullString maps "" to NULL.
func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// nullStringPtr maps nil to NULL.
func nullStringPtr(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}

// dedupe trims, drops empties and duplicates, keeping first-seen order.
func dedupe(in []string) []string {
	out := make([]string, 0, len(in))
	seen := map[string]bool{}
	for _, s := range in {
		s = strings.TrimSpace(s)
		if s == "" || seen[s] {
			continue
		}
		seen[s] = true
		out = append(out, s)
	}
	return out
}

// sortedCopy returns ss sorted (bytewise, as both engines sort text).
func sortedCopy(ss []string) []string {
	out := slices.Clone(ss)
	slices.Sort(out)
	return out
}

// debugSQL, when set (by a test: the profile, the SQL snapshots), sees
// every read statement eachRow and queryRow run, as written (with ?), its
// arguments, and when it started.
var debugSQL func(start time.Time, q string, args []any)
