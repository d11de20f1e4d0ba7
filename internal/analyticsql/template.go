package analyticsql

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"text/template"
	"time"

	"github.com/sightline/sightline"
)

// The analytics statements are SQL files under sql/, one per endpoint,
// with the row sources they share in sql/sources.sql (named templates such
// as "run_rows"): a reader finds a statement's whole shape in its file.
// Go decides only what is data — the window's pieces and the tables that
// answer them (reads, rollupPieces) — and the templates write the text.
//
// A placeholder and its value are written together by a template func
// (arg, in, ranges …), so the arguments are always in the order of the
// text; the funcs of the rates (pct, mean, growth) call Pct, Mean and
// Growth, their one definition.
//
//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the parsed files. The funcs that append arguments are
// bound per statement (Clone, then Funcs): these are only their names.
var statements = template.Must(template.New("").Option("missingkey=error").
	Funcs(stmtFuncs(&writer{})).ParseFS(sqlFiles, "sql/*.sql"))

// writer is a copy of the statements whose funcs write for q into s. The
// copies are pooled: cloning the set for every statement cost about as
// much as writing it.
type writer struct {
	t *template.Template
	q *Scope
	s *Builder
}

var writers = sync.Pool{New: func() any {
	w := &writer{}
	w.t = template.Must(statements.Clone()).Funcs(stmtFuncs(w))
	return w
}}

// stmtFuncs are the template funcs of the statement w writes: its scope
// w.q, into w.s.
func stmtFuncs(w *writer) template.FuncMap {
	return template.FuncMap{
		// arg writes one placeholder and appends v.
		"arg": func(v any) string { w.s.Args = append(w.s.Args, v); return "?" },
		// in writes the placeholders of a list and appends its values.
		"in": func(vs []string) string { w.s.Args = append(w.s.Args, Anys(vs)...); return Placeholders(len(vs)) },
		// ts writes a placeholder for a time, as FormatTime writes it.
		"ts":    func(t time.Time) string { w.s.Args = append(w.s.Args, FormatTime(t)); return "?" },
		"brand": func() string { w.s.Args = append(w.s.Args, w.q.BrandID); return "?" },
		// scope is the statement's scope: its filters and ids.
		"scope":  func() *Scope { return w.q },
		"pct":    Pct,
		"mean":   Mean,
		"growth": Growth,
		"dbl":    Dbl,
		// the engines' differences (Dialect)
		"bucket":      func(g, col string) string { return w.q.Dialect.Bucket(g, col) },
		"nilUUID":     func() string { return w.q.Dialect.NilUUID() },
		"listAgg":     func(expr string) string { return w.q.Dialect.ListAgg(expr) },
		"day":         func(col string) string { return w.q.Dialect.DayStart(col) },
		"week":        func(col string) string { return w.q.Dialect.WeekStart(col) },
		"halfWeek":    func(col string) string { return w.q.Dialect.HalfWeekStart(col) },
		"indexedBy":   func(index string) string { return w.q.Dialect.IndexedBy(index) },
		"inSelect":    func(col string) string { return w.q.Dialect.InSelect(col) },
		"endInSelect": func() string { return w.q.Dialect.EndInSelect() },
		// join writes a list of columns.
		"join": func(cols []string) string { return strings.Join(cols, ", ") },
		// jsonIn writes the rows of a JSON parameter holding vs
		// (Dialect.JSONValues), for "x IN (…)" over long lists.
		"jsonIn": func(vs []string) string {
			b, _ := json.Marshal(vs) // strings always marshal
			w.s.Args = append(w.s.Args, string(b))
			return w.q.Dialect.JSONValues()
		},
		"greatest": func(a, b string) string { return w.q.Dialect.Greatest(a, b) },
		"latest":   func(vals []string) string { return w.q.Dialect.Latest(vals...) },
		// sum writes the sum of columns, 0 for none.
		"sum": func(cols []string) string {
			if len(cols) == 0 {
				return "0"
			}
			return strings.Join(cols, " + ")
		},
		// ranges writes the relation ranges (start_at, end_at) of rs,
		// passed as data (Dialect.Ranges).
		"ranges": func(rs []sightline.Window) string {
			text, args := w.q.Dialect.Ranges(rs)
			w.s.Args = append(w.s.Args, args...)
			return text
		},
		// pieceRanges is ranges for rollup pieces (Dialect.PieceRanges).
		"pieceRanges": func(c CitationScope) string {
			w.s.Args = append(w.s.Args, w.q.piecesArg(c.Pieces, c.Cuts))
			return w.q.Dialect.PieceRanges()
		},
		// queryPieceRanges is pieceRanges for the fan-out list's pieces
		// (queryPieces), which no cut splits.
		"queryPieceRanges": func(ps []rollupPiece) string {
			w.s.Args = append(w.s.Args, w.q.piecesArg(ps, nil))
			return w.q.Dialect.PieceRanges()
		},
		// reads are the reads of a row source over a period: which table
		// answers which ranges (union).
		"reads": func(src string, p Period) []Read { return w.q.reads(src, p) },
		// pruned tells sqlstore when a range of facts starts before the
		// brand's pruned day (checkPruned); it writes nothing.
		"pruned": func(rs []sightline.Window) string {
			for _, r := range rs {
				w.q.checkPruned(r)
			}
			return ""
		},
		// orRanges writes "(a.ran_at >= ? AND a.ran_at < ?) OR …" for rs.
		"orRanges": func(a string, rs []sightline.Window) string {
			w.s.Args = append(w.s.Args, rangeArgs(rs)...)
			return rangesOf(a, rs)
		},
		"list": func(w sightline.Window) []sightline.Window { return []sightline.Window{w} },
		// between is the window [start, end).
		"between":  func(start, end time.Time) sightline.Window { return sightline.Window{Start: start, End: end} },
		"strings":  func(ss ...string) []string { return ss },
		"factRead": func(rs []sightline.Window) Read { return Read{Ranges: rs} },
		// like is the LIKE pattern of free text (LikePattern); lower
		// lowercases ASCII as SQL lower() does; subreddit is a subreddit
		// as the facts keep it.
		"like":      LikePattern,
		"lower":     asciiLower,
		"subreddit": func(s string) string { return strings.TrimPrefix(asciiLower(s), "r/") },
		// window and span are the periods a statement reads: the window,
		// or the previous period and the window cut at its start.
		"window": func() Period { return Period{W: w.q.Window} },
		"span":   func() Period { return Period{W: w.q.span(), Cuts: []time.Time{w.q.Window.Start}} },
		// perPeriod marks a period as summed per period only (Weeks);
		// factsOnly as read from the fact tables alone when on.
		"perPeriod": func(p Period) Period { p.Weeks = true; return p },
		// sums marks a period as summed per period with weights (Sums).
		"sums": func(p Period) Period {
			p.Weeks, p.Sums, p.Cur = true, true, w.q.Window.Start
			if !w.q.Now.IsZero() {
				p.Future = sightline.EndOfDay(w.q.Now)
			}
			return p
		},
		// when writes the columns that place a row of the read r (its
		// table aliased a) in time: its ran_at, or with weights (Sums) its
		// range's cur and prev.
		"when": func(r Read, a string) string {
			if r.Weights != nil {
				return "ranges.cur AS cur, ranges.prev AS prev"
			}
			return a + ".ran_at AS ran_at"
		},
		// readRanges is ranges for a Read, with its weights if it has
		// them (Dialect.WeightedRanges).
		"readRanges": func(r Read) string {
			text, args := w.q.Dialect.Ranges(r.Ranges)
			if r.Weights != nil {
				text, args = w.q.Dialect.WeightedRanges(r.Ranges, r.Weights)
			}
			w.s.Args = append(w.s.Args, args...)
			return text
		},
		"factsOnly": func(p Period, on bool) Period { p.FactsOnly = on; return p },
		"cur":       func() string { w.s.Args = append(w.s.Args, FormatTime(w.q.Window.Start)); return "?" },
		// pair pairs a value with a period or alias for a named template
		// that needs both.
		"pair": func(a, b any) Pair { return Pair{a, b} },
	}
}

// Period is a span of time a row source reads and the cuts inside it
// (the start of the current period) that no rollup row may straddle.
// Weeks: the statement sums the rows per period only, never by day or
// month, so whole ISO weeks may come from the weekly rollups (perPeriod);
// FactsOnly: the rows are narrowed by what the rollups do not keep (the
// domains or page a run cites), so only the fact tables answer.
//
// Sums: the statement sums each count per period as cur × count and prev
// × count, the weights of the row's range (Weight), so a week's row may
// stand for days of both periods or more than the span's (sumPlan); Cur
// is the start of the window, the first instant counted in it; Future the
// midnight from which the tables hold no rows yet (the end of today).
type Period struct {
	W         sightline.Window
	Cuts      []time.Time
	Weeks     bool
	FactsOnly bool
	Sums      bool
	Cur       time.Time
	Future    time.Time
}

// Pair is two values given to a named template.
type Pair struct{ A, B any }

// write executes the statement template name with data for q.
func (q *Scope) write(name string, data any) *Builder {
	var s Builder
	w := writers.Get().(*writer)
	w.q, w.s = q, &s
	defer func() {
		w.q, w.s = nil, nil
		writers.Put(w)
	}()
	if err := w.t.ExecuteTemplate(&s.b, name, data); err != nil {
		// a template and its data are the program's: a mismatch is a bug
		panic(fmt.Sprintf("analyticsql: statement %s: %v", name, err))
	}
	return &s
}

// citationRead is a rollup table read in scope_citations.
type citationRead struct {
	Table string
	// FilterLevel is the level of the citation filters on the table;
	// Topics and Providers the pairs daily_topic_pages is read for.
	FilterLevel       string
	Topics, Providers []string
}
