package sqlstore

import "strings"

// sqlb builds a statement and its arguments side by side, so that long
// metric queries keep each placeholder next to its value.
type sqlb struct {
	b    strings.Builder
	args []any
}

// add appends SQL text and the arguments of its placeholders. An argument
// that is itself a []any (the values of an "IN (?, ?)" group) is expanded.
func (s *sqlb) add(sql string, args ...any) *sqlb {
	s.b.WriteString(sql)
	for _, a := range args {
		if group, ok := a.([]any); ok {
			s.args = append(s.args, group...)
		} else {
			s.args = append(s.args, a)
		}
	}
	return s
}

// addSQL appends the text and arguments of another builder: a fragment
// built once (a WHERE clause several statements share, a subquery).
func (s *sqlb) addSQL(o *sqlb) *sqlb {
	s.b.WriteString(o.b.String())
	s.args = append(s.args, o.args...)
	return s
}

func (s *sqlb) String() string { return s.b.String() }

// Arithmetic is done in double precision on both engines (PostgreSQL
// would otherwise use numeric for 100.0 * bigint), so that both return the
// same IEEE values.

// dbl casts an expression to double precision.
func dbl(x string) string { return "CAST(" + x + " AS DOUBLE PRECISION)" }

// pct is the one definition of a percentage: 100·num/den, 0 when den is 0.
func pct(num, den string) string {
	return "(CASE WHEN " + den + " > 0 THEN 100 * " + dbl(num) + " / " + dbl(den) + " ELSE 0 END)"
}

// growth is delta_percent / growth_rate: 100·(cur − prev) / max(prev, 1).
func growth(cur, prev string) string {
	return "(100 * " + dbl("("+cur+") - ("+prev+")") + " / (CASE WHEN " + prev + " > 1 THEN " + dbl(prev) + " ELSE 1 END))"
}

// mean is sum/n, 0 when n is 0 (sentiment without mentions).
func mean(sum, n string) string {
	return "(CASE WHEN " + n + " > 0 THEN " + dbl(sum) + " / " + dbl(n) + " ELSE 0 END)"
}
