package sqlstore

import (
	"strconv"
	"strings"
)

type engine int

const (
	engineSQLite engine = iota
	enginePostgres
)

func (e engine) String() string {
	if e == enginePostgres {
		return "postgres"
	}
	return "sqlite"
}

// dialect is the narrow seam between the engines. Queries are written once,
// in the common subset of SQL, with ? placeholders; a method is added here
// only when the engines really differ.
type dialect struct {
	engine engine
}

// rebind turns ? placeholders into $1, $2, … for PostgreSQL. Question marks
// inside string literals are left alone. Nothing is cached: the text of a
// query depends on the length of client-given lists (IN (?, ?, …)), so a
// cache keyed by it would grow at a client's will; one pass over the text is
// cheap next to the query itself.
func (d dialect) rebind(q string) string {
	if d.engine != enginePostgres || !strings.Contains(q, "?") {
		return q
	}
	buf := make([]byte, 0, len(q)+len(q)/8)
	n, inString, from := 0, false, 0
	for i := 0; i < len(q); i++ {
		switch q[i] {
		case '\'':
			inString = !inString
		case '?':
			if !inString {
				n++
				buf = append(append(buf, q[from:i]...), '$')
				buf = strconv.AppendInt(buf, int64(n), 10)
				from = i + 1
			}
		}
	}
	return string(append(buf, q[from:]...))
}

// bucket returns an expression giving the first day ("YYYY-MM-DD", UTC) of
// the day, ISO week (Monday) or month that the timestamp column falls in.
func (d dialect) bucket(granularity, col string) string {
	if d.engine == enginePostgres {
		unit := map[string]string{"week": "week", "month": "month"}[granularity]
		if unit == "" {
			unit = "day"
		}
		return "to_char(date_trunc('" + unit + "', " + col + " AT TIME ZONE 'UTC'), 'YYYY-MM-DD')"
	}
	switch granularity {
	case "week":
		// step back six days, then forward to the next Monday (or stay):
		// lands on the Monday that starts the week.
		return "date(" + col + ", '-6 days', 'weekday 1')"
	case "month":
		return "strftime('%Y-%m-01', " + col + ")"
	}
	return "substr(" + col + ", 1, 10)"
}

// dayStart returns an expression giving the midnight (UTC) that starts the
// day of a timestamp column, in the column's own representation.
func (d dialect) dayStart(col string) string {
	if d.engine == enginePostgres {
		return "(date_trunc('day', " + col + " AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')"
	}
	return "(substr(" + col + ", 1, 10) || 'T00:00:00.000000Z')"
}

// nilUUID is the nil UUID as a typed value: a bare literal would be text to
// PostgreSQL where a UNION needs a uuid.
func (d dialect) nilUUID() string {
	if d.engine == enginePostgres {
		return "CAST('" + nilTopic + "' AS UUID)"
	}
	return "'" + nilTopic + "'"
}

// timestamp types a timestamp parameter (ts) where nothing else gives it
// a type, such as a column of a UNION branch.
func (d dialect) timestamp(param string) string {
	if d.engine == enginePostgres {
		return "CAST(" + param + " AS TIMESTAMPTZ)"
	}
	return param
}

// skipLocked is appended to a job-claim SELECT: PostgreSQL replicas skip rows
// another replica holds; SQLite has a single writer, so nothing is needed.
func (d dialect) skipLocked() string {
	if d.engine == enginePostgres {
		return " FOR UPDATE SKIP LOCKED"
	}
	return ""
}

// forUpdate locks the rows a SELECT reads until the transaction ends, on
// PostgreSQL; SQLite's one writer holds the whole database already.
func (d dialect) forUpdate() string {
	if d.engine == enginePostgres {
		return " FOR UPDATE"
	}
	return ""
}

// listSep separates the values listAgg joins: the unit separator, which
// neither a normalized URL, a domain nor an id contains.
const listSep = "\x1f"

// listAgg is the aggregate that joins a group's values of expr into one
// text, separated by listSep, in no particular order.
func (d dialect) listAgg(expr string) string {
	if d.engine == enginePostgres {
		return "string_agg(CAST(" + expr + " AS TEXT), chr(31))"
	}
	return "group_concat(" + expr + ", char(31))"
}

// placeholders returns "?, ?, …" with n marks (n ≥ 1).
func placeholders(n int) string {
	if n <= 0 {
		return "NULL"
	}
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}
