package analyticsql

import (
	"strconv"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// Anys converts strings to query arguments.
func Anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// timeLayout is how timestamps are written: fixed width, UTC, so that text
// comparison on SQLite orders like time; PostgreSQL parses it as timestamptz.
const timeLayout = "2006-01-02T15:04:05.000000Z"

// FormatTime formats t for a query parameter. A time before year 1 (the
// previous period of a very long window) is written as the start of year
// 1: no stored time is earlier, the layout has no negative years and
// PostgreSQL refuses them.
func FormatTime(t time.Time) string {
	if t.Before(time.Time{}) {
		t = time.Time{}
	}
	return t.UTC().Format(timeLayout)
}

// RangesArg is the parameter of Dialect.Ranges on SQLite: the ranges as a
// JSON array of {"start_at", "end_at"} objects, times as FormatTime writes
// them.
func RangesArg(ranges []sightline.Window) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, r := range ranges {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"start_at":"` + FormatTime(r.Start) + `","end_at":"` + FormatTime(r.End) + `"}`)
	}
	b.WriteByte(']')
	return b.String()
}

// weightedRangesArg is the parameter of Dialect.WeightedRanges on SQLite:
// the ranges as a JSON array of [start_at, end_at, cur, prev] arrays.
func weightedRangesArg(ranges []sightline.Window, ws []Weight) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, r := range ranges {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`["` + FormatTime(r.Start) + `","` + FormatTime(r.End) + `",` +
			strconv.Itoa(ws[i].Cur) + `,` + strconv.Itoa(ws[i].Prev) + `]`)
	}
	b.WriteByte(']')
	return b.String()
}

// LikePattern turns free text into a lowercase LIKE pattern matching it
// anywhere, with the LIKE metacharacters escaped (ESCAPE '\'). Only ASCII
// is lowercased, as SQL lower() does on both engines (SQLite; PostgreSQL
// with COLLATE "C"), so that "Éclair" still finds "Éclair".
func LikePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(asciiLower(s)) + "%"
}

// asciiLower lowercases A–Z only.
func asciiLower(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}
