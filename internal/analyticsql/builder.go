// Package analyticsql holds the analytics reads of Sightline (metrics,
// citation lists, ads) as SQL files, sql/*.sql, one per endpoint, and
// writes them into text and arguments for SQLite and PostgreSQL; and it
// owns the rollup tables those reads use: their catalogue (Rollups), the
// sums ingest adds to them (Sums) and the statements that fill and
// rebuild them (docs/metrics.md#rollups). It runs nothing:
// internal/sqlstore resolves a scope's ids, runs the statements in its
// transactions and scans their rows. The metrics' definitions are in docs/metrics.md;
// how the statements read the rollups, and their SQL snapshots, in
// docs/performance.md.
package analyticsql

import "strings"

// Builder holds a statement and its arguments side by side: what the
// templates of sql/ write, and how sqlstore builds its short statements.
type Builder struct {
	b    strings.Builder
	Args []any
}

// Add appends SQL text and the arguments of its placeholders. An argument
// that is itself a []any (the values of an "IN (?, ?)" group) is expanded.
func (s *Builder) Add(sql string, args ...any) *Builder {
	s.b.WriteString(sql)
	for _, a := range args {
		if group, ok := a.([]any); ok {
			s.Args = append(s.Args, group...)
		} else {
			s.Args = append(s.Args, a)
		}
	}
	return s
}

// AddSQL appends the text and arguments of another builder: a fragment
// built once (a WHERE clause several statements share, a subquery).
func (s *Builder) AddSQL(o *Builder) *Builder {
	s.b.WriteString(o.b.String())
	s.Args = append(s.Args, o.Args...)
	return s
}

// String is the statement's text.
func (s *Builder) String() string { return s.b.String() }

// Arithmetic is done in double precision on both engines (PostgreSQL
// would otherwise use numeric for 100.0 * bigint), so that both return the
// same IEEE values.

// Dbl casts an expression to double precision.
func Dbl(x string) string { return "CAST(" + x + " AS DOUBLE PRECISION)" }

// Pct is the one definition of a percentage: 100·num/den, 0 when den is 0.
func Pct(num, den string) string {
	return wrap("(CASE WHEN "+den+" > 0", "THEN 100 * "+Dbl(num), "/ "+Dbl(den), "ELSE 0 END)")
}

// Growth is delta_percent / growth_rate: 100·(cur − prev) / max(prev, 1).
func Growth(cur, prev string) string {
	return wrap("(100 * CAST(("+cur+")", "- ("+prev+") AS DOUBLE PRECISION)",
		"/ (CASE WHEN "+prev+" > 1", "THEN "+Dbl(prev), "ELSE 1 END))")
}

// Mean is sum/n, 0 when n is 0 (sentiment without mentions).
func Mean(sum, n string) string {
	return wrap("(CASE WHEN "+n+" > 0", "THEN "+Dbl(sum), "/ "+Dbl(n), "ELSE 0 END)")
}

// wrapWidth is the longest expression the helpers above write on one line:
// a longer one takes a line per part, so that no line of a statement is
// too long to read (TestSQLSnapshots checks the limits).
const wrapWidth = 72

// wrap joins the parts of an expression by spaces, or by line breaks when
// the expression is longer than wrapWidth.
func wrap(parts ...string) string {
	if one := strings.Join(parts, " "); len(one) <= wrapWidth {
		return one
	}
	return strings.Join(parts, "\n")
}
