package analyticsql

import (
	"strconv"
	"strings"

	"github.com/sightline/sightline"
)

// Engine is the database engine a statement is written for.
type Engine int

const (
	EngineSQLite Engine = iota
	EnginePostgres
)

// String is the engine's name: "sqlite" or "postgres".
func (e Engine) String() string {
	if e == EnginePostgres {
		return "postgres"
	}
	return "sqlite"
}

// Dialect is the narrow seam between the engines. Queries are written once,
// in the common subset of SQL, with ? placeholders; a method is added here
// only when the engines really differ.
type Dialect struct {
	Engine Engine
}

// Rebind turns ? placeholders into $1, $2, … for PostgreSQL. Question marks
// inside string literals and -- comments are left alone, and an apostrophe
// in a comment starts no string. Nothing is cached: the text of a
// query depends on the length of client-given lists (IN (?, ?, …)), so a
// cache keyed by it would grow at a client's will; one pass over the text is
// cheap next to the query itself.
func (d Dialect) Rebind(q string) string {
	if d.Engine != EnginePostgres || !strings.Contains(q, "?") {
		return q
	}
	buf := make([]byte, 0, len(q)+len(q)/8)
	n, inString, from := 0, false, 0
	for i := 0; i < len(q); i++ {
		switch q[i] {
		case '\'':
			inString = !inString
		case '-':
			if !inString && i+1 < len(q) && q[i+1] == '-' {
				if end := strings.IndexByte(q[i:], '\n'); end >= 0 {
					i += end
				} else {
					i = len(q)
				}
			}
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

// Bucket returns an expression giving the first day ("YYYY-MM-DD", UTC) of
// the day, ISO week (Monday) or month that the timestamp column falls in.
func (d Dialect) Bucket(granularity, col string) string {
	if d.Engine == EnginePostgres {
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

// DayStart returns an expression giving the midnight (UTC) that starts the
// day of a timestamp column, in the column's own representation.
func (d Dialect) DayStart(col string) string {
	if d.Engine == EnginePostgres {
		return "(date_trunc('day', " + col + " AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')"
	}
	return "(substr(" + col + ", 1, 10) || 'T00:00:00.000000Z')"
}

// WeekStart returns an expression giving the midnight (UTC) that starts the
// ISO week (Monday) of a timestamp column, in the column's representation.
func (d Dialect) WeekStart(col string) string {
	if d.Engine == EnginePostgres {
		return "(date_trunc('week', " + col + " AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')"
	}
	return "(date(" + col + ", '-6 days', 'weekday 1') || 'T00:00:00.000000Z')"
}

// HalfWeekStart returns an expression giving the midnight (UTC) that
// starts the half of the ISO week (HalfWeekStart in Go) of a timestamp
// column, in the column's representation.
func (d Dialect) HalfWeekStart(col string) string {
	if d.Engine == EnginePostgres {
		return "((date_trunc('week', " + col + " AT TIME ZONE 'UTC') + CASE WHEN EXTRACT(ISODOW FROM " + col +
			" AT TIME ZONE 'UTC') > 3 THEN INTERVAL '3 days' ELSE INTERVAL '0 days' END) AT TIME ZONE 'UTC')"
	}
	// %w: Sunday 0, Monday 1 … Saturday 6; Thursday to Sunday start on
	// the Thursday
	return "(date(" + col + ", '-6 days', 'weekday 1', CASE WHEN strftime('%w', " + col +
		") IN ('1', '2', '3') THEN '+0 days' ELSE '+3 days' END) || 'T00:00:00.000000Z')"
}

// JSONValues is the rows (one text column) of the JSON array of strings
// in one parameter: for "x IN (…)" over a list too long for a placeholder
// each, which PostgreSQL would compare row by row against every value.
func (d Dialect) JSONValues() string {
	if d.Engine == EnginePostgres {
		return "SELECT jsonb_array_elements_text(CAST(? AS JSONB))"
	}
	return "SELECT value FROM json_each(?)"
}

// Greatest is the larger of two values (not an aggregate).
func (d Dialect) Greatest(a, b string) string {
	if d.Engine == EnginePostgres {
		return "GREATEST(" + a + ", " + b + ")"
	}
	return "max(" + a + ", " + b + ")"
}

// Latest is the largest of values that may be NULL, ignoring the NULLs
// (NULL when all are): PostgreSQL's GREATEST does so, SQLite's max() of
// several arguments is NULL when one is, so there each value goes into
// max() coalesced to the empty string, which every timestamp (ISO 8601
// text, as FormatTime writes it) is larger than, and NULLIF turns an
// answer of the empty string (every value NULL) back into NULL. One
// value is written per line, for the values are column names of about 40
// characters (docs/performance.md#one-statement-at-a-time).
func (d Dialect) Latest(vals ...string) string {
	switch len(vals) {
	case 0:
		return "NULL"
	case 1:
		return vals[0]
	}
	const sep = ",\n      "
	if d.Engine == EnginePostgres {
		return "GREATEST(\n      " + strings.Join(vals, sep) + "\n    )"
	}
	args := make([]string, len(vals))
	for i, v := range vals {
		args[i] = "COALESCE(" + v + ", '')"
	}
	return "NULLIF(max(\n      " + strings.Join(args, sep) + "\n    ), '')"
}

// IndexedBy makes SQLite read a table by the named index ("INDEXED BY",
// placed after the table's name), where the plan it picks without
// statistics reads many more rows; PostgreSQL plans from its statistics
// and has no such clause.
func (d Dialect) IndexedBy(index string) string {
	if d.Engine == EnginePostgres {
		return ""
	}
	return "INDEXED BY " + index
}

// InSelect opens "col IN (subquery)", which EndInSelect closes. PostgreSQL
// gets "col = ANY (ARRAY(subquery))": the subquery runs once, and its
// values are seeks of the index that starts with col, where an IN join is
// planned from estimates that can send it to a scan of the whole table
// (docs/performance.md#statement-shapes-that-plan-well). SQLite seeks an
// IN (subquery) in the index already.
func (d Dialect) InSelect(col string) string {
	if d.Engine == EnginePostgres {
		return col + " = ANY (ARRAY("
	}
	return col + " IN ("
}

// EndInSelect closes InSelect.
func (d Dialect) EndInSelect() string {
	if d.Engine == EnginePostgres {
		return "))"
	}
	return ")"
}

// NilUUID is the nil UUID as a typed value: a bare literal would be text to
// PostgreSQL where a UNION needs a uuid.
func (d Dialect) NilUUID() string {
	if d.Engine == EnginePostgres {
		return "CAST('" + sightline.NilUUID + "' AS UUID)"
	}
	return "'" + sightline.NilUUID + "'"
}

// Timestamp types a timestamp parameter (ts) where nothing else gives it
// a type, such as a column of a UNION branch.
func (d Dialect) Timestamp(param string) string {
	if d.Engine == EnginePostgres {
		return "CAST(" + param + " AS TIMESTAMPTZ)"
	}
	return param
}

// Ranges is the relation "ranges (start_at, end_at)" of the time ranges
// rs, the pieces of a window that one table answers, and its arguments:
// the ranges are data, not text. On SQLite they are one JSON parameter
// (RangesArg), so that the text does not grow with them. On PostgreSQL
// they are a VALUES list of placeholders, a row per range: the planner
// takes a set-returning function such as jsonb_to_recordset for 100 rows,
// and so planned the few thousand rollup rows of a default window as a
// hundred times as many, read in parallel, whose workers took longer to
// start than the read itself (docs/performance.md#statement-shapes-that-plan-well).
func (d Dialect) Ranges(rs []sightline.Window) (string, []any) {
	if d.Engine != EnginePostgres {
		return "(SELECT value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at FROM json_each(?)) ranges",
			[]any{RangesArg(rs)}
	}
	if len(rs) == 0 {
		return "(SELECT CAST(NULL AS TIMESTAMPTZ) AS start_at, CAST(NULL AS TIMESTAMPTZ) AS end_at WHERE FALSE) AS ranges", nil
	}
	rows := make([]string, len(rs))
	args := make([]any, 0, 2*len(rs))
	for i, r := range rs {
		// the first row types the columns; the later rows' parameters
		// take its types, as in a UNION
		rows[i] = "(?, ?)"
		if i == 0 {
			rows[i] = "(CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ))"
		}
		args = append(args, FormatTime(r.Start), FormatTime(r.End))
	}
	return "(VALUES " + strings.Join(rows, ",\n") + ") AS ranges (start_at, end_at)", args
}

// WeightedRanges is Ranges with each range's weights (Weight): the
// relation "ranges (start_at, end_at, cur, prev)". On SQLite the parameter
// is a JSON array of [start_at, end_at, cur, prev] arrays, read once into
// a relation of its own (LIMIT -1 keeps SQLite from
// flattening it), so that cur and prev are not parsed again for every
// rollup row they multiply.
func (d Dialect) WeightedRanges(rs []sightline.Window, ws []Weight) (string, []any) {
	if d.Engine != EnginePostgres {
		return `(SELECT value ->> 0 AS start_at, value ->> 1 AS end_at, value ->> 2 AS cur, value ->> 3 AS prev
FROM json_each(?) LIMIT -1) ranges`, []any{weightedRangesArg(rs, ws)}
	}
	rows := make([]string, len(rs))
	args := make([]any, 0, 4*len(rs))
	for i, r := range rs {
		rows[i] = "(?, ?, ?, ?)"
		if i == 0 {
			rows[i] = "(CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ), CAST(? AS INT), CAST(? AS INT))"
		}
		args = append(args, FormatTime(r.Start), FormatTime(r.End), ws[i].Cur, ws[i].Prev)
	}
	return "(VALUES\n" + strings.Join(rows, ",\n") + "\n) AS ranges (start_at, end_at, cur, prev)", args
}

// PieceRanges is Ranges with what a rollup piece adds (piecesArg): the
// rollup table that answers it (grain), period, as_of, sign, flags,
// rest_rows and the rest's two ranges. On SQLite the relation is kept
// whole (LIMIT -1: no limit, but SQLite then does not flatten it) and each
// piece's JSON is parsed once, not once per row.
func (d Dialect) PieceRanges() string {
	if d.Engine == EnginePostgres {
		return `jsonb_to_recordset(CAST(? AS JSONB)) AS ranges (grain TEXT, start_at TIMESTAMPTZ, end_at TIMESTAMPTZ,
period INT, as_of TIMESTAMPTZ, sign INT, flags INT, rest_rows INT,
rest1_start TIMESTAMPTZ, rest1_end TIMESTAMPTZ, rest2_start TIMESTAMPTZ, rest2_end TIMESTAMPTZ)`
	}
	return `(SELECT value ->> 'grain' AS grain, value ->> 'start_at' AS start_at, value ->> 'end_at' AS end_at,
value ->> 'period' AS period, value ->> 'as_of' AS as_of, value ->> 'sign' AS sign,
value ->> 'flags' AS flags, value ->> 'rest_rows' AS rest_rows,
value ->> 'rest1_start' AS rest1_start, value ->> 'rest1_end' AS rest1_end,
value ->> 'rest2_start' AS rest2_start, value ->> 'rest2_end' AS rest2_end
FROM json_each(?) LIMIT -1) ranges`
}

// SkipLocked is appended to a job-claim SELECT: PostgreSQL replicas skip rows
// another replica holds; SQLite has a single writer, so nothing is needed.
func (d Dialect) SkipLocked() string {
	if d.Engine == EnginePostgres {
		return " FOR UPDATE SKIP LOCKED"
	}
	return ""
}

// ForUpdate locks the rows a SELECT reads until the transaction ends, on
// PostgreSQL; SQLite's one writer holds the whole database already.
func (d Dialect) ForUpdate() string {
	if d.Engine == EnginePostgres {
		return " FOR UPDATE"
	}
	return ""
}

// ListSep separates the values ListAgg joins: the unit separator, which
// neither a normalized URL, a domain nor an id contains.
const ListSep = "\x1f"

// ListAgg is the aggregate that joins a group's values of expr into one
// text, separated by ListSep, in no particular order.
func (d Dialect) ListAgg(expr string) string {
	if d.Engine == EnginePostgres {
		return "string_agg(CAST(" + expr + " AS TEXT), chr(31))"
	}
	return "group_concat(" + expr + ", char(31))"
}

// Placeholders returns "?, ?, …" with n marks (n ≥ 1).
func Placeholders(n int) string {
	if n <= 0 {
		return "NULL"
	}
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}
