package analyticsql

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// PagePlan returns the whole days of w that the page and domain rollups
// answer and the ranges the fact tables answer.
func (q *Scope) PagePlan(w sightline.Window, cuts ...time.Time) (full, raw []sightline.Window) {
	return wholeDays(q.pageRollups(), w, cuts...)
}

// selPlan is PagePlan for the rows of scope_citations, which a topic or provider filter
// may also read from the page rollups per topic and provider.
func (q *Scope) selPlan(w sightline.Window, cuts ...time.Time) (full, raw []sightline.Window) {
	return wholeDays(q.pageRollups() || q.topicPageRollups(), w, cuts...)
}

// wholeDays splits w at the cuts into whole days and the partial ranges
// around them, or returns w as one partial range unless ok.
func wholeDays(ok bool, w sightline.Window, cuts ...time.Time) (full, raw []sightline.Window) {
	if !ok {
		return nil, []sightline.Window{w}
	}
	p := planRollup(w, cuts...)
	if len(p.full) == 0 {
		return nil, []sightline.Window{w}
	}
	return p.full, p.raw
}

// Levels of citation rows: one per page, or one per domain (the domain
// rollups are smaller; page, page_type and subreddit are then empty).
const (
	PageLevel   = "page"
	DomainLevel = "domain"
)

// CitationScope is the data of the CTEs every citation metric starts
// from (sql/citation_scope.sql): the rollup tables that answer the whole
// days of a window, piece by piece, and the ranges the facts answer.
type CitationScope struct {
	Level      string
	Narrow     bool
	PeriodSums bool
	Streamed   bool // scope_citations NOT MATERIALIZED
	Cuts       []time.Time
	Rollups    []citationRead // the rollup tables read, in the order first read
	Pieces     []rollupPiece  // their pieces
	Rest       bool           // a piece has a rest (quietWeeks): rest_guard
	Raw        []sightline.Window
}

// selOpts say how a statement reads its citation scope.
type selOpts int

const (
	// selNarrow: narrowed by the citation filters.
	selNarrow selOpts = 1 << iota
	// selPeriods: the statement only sums the counts per period (against
	// the cuts): a row carries its period, and rollupPieces may subtract.
	selPeriods
	// selTwice: the statement reads scope_citations twice: materialized.
	selTwice
)

// citationScope is the CitationScope over w (split at cuts for the
// rollups), read as opts say.
func (q *Scope) citationScope(w sightline.Window, opts selOpts, level string, cuts ...time.Time) CitationScope {
	full, raw := q.selPlan(w, cuts...)
	return q.selData(full, raw, opts, level, cuts...)
}

// selData is citationScope for the whole-day ranges full (rollups) and
// the ranges raw (facts); no rollup row read may straddle a cut.
func (q *Scope) selData(full, raw []sightline.Window, opts selOpts, level string, cuts ...time.Time) CitationScope {
	periods := opts&selPeriods != 0
	d := CitationScope{Level: level, Narrow: opts&selNarrow != 0, PeriodSums: periods, Cuts: cuts, Raw: raw,
		Streamed: len(raw) == 0 && opts&selTwice == 0}
	// the tables, in the order they are first read
	read := map[string]bool{}
	d.Pieces = rollupPieces(full, level, q.topicPageRollups(), cuts, periods)
	for _, pc := range d.Pieces {
		d.Rest = d.Rest || len(pc.rest) > 0
		if !read[pc.table] {
			read[pc.table] = true
			r := citationRead{Table: pc.table, FilterLevel: level}
			if pc.table == "daily_topic_pages" {
				r.FilterLevel = PageLevel
				r.Topics, r.Providers = q.TopicIDs, q.ProviderIDs
				if len(r.Topics) == 0 {
					r.Topics = q.AllTopics
				}
				if len(r.Providers) == 0 {
					r.Providers = q.AllProviders
				}
			}
			d.Rollups = append(d.Rollups, r)
		}
	}
	return d
}

// rollupPiece is a range of whole days and the rollup table that answers it.
type rollupPiece struct {
	sightline.Window
	table string
	// A non-zero asOf is the ran_at the rows take (with periodSums, so
	// that they count in its period; a quiet week's is the first day it
	// stands for), and minus negates their counts: the days of a week on
	// the other side of a cut.
	minus bool
	asOf  time.Time
	// A piece with a rest (quietWeeks) is read only when the brand has no
	// daily_pages row in any of its ranges (quiet: the week), or only when
	// it has one (the halves and days the week stands for).
	rest  []sightline.Window
	quiet bool
}

// rollupPieces splits ranges of whole days into the rollup reads of a
// level: at page level the whole ISO weeks inside a range (and on one side
// of every cut: planRollup joins ranges that touch) come from weekly_pages,
// whose ran_at is the week's Monday, and the days around them by
// dayPieces (the halves of a week they hold whole from half_week_pages,
// other days from daily_pages), or from their week's row where no other
// day of that week has rows (quietWeeks); at domain level every day comes
// from daily_domains (they are few). So page-level rows of scope_citations
// are never bucketed by day. With byTopic every day comes from
// daily_topic_pages, at either level.
//
// With periodSums (a statement that only sums the counts, and tells periods
// apart by ran_at alone) the days on the longer side of a cut inside a week
// are read as the whole week minus the days on the other side, when that
// reads fewer rows: a previous period ending on a Sunday takes its last six
// days as one week row and one negated day row per page instead of a half
// and three day rows. The other side's days are still read for their own
// period, so every page and sum is as before (docs/performance.md#rollups).
func rollupPieces(full []sightline.Window, level string, byTopic bool, cuts []time.Time, periodSums bool) []rollupPiece {
	var out []rollupPiece
	ranges := splitAt(full, cuts)
	for i, r := range ranges {
		if byTopic {
			out = append(out, rollupPiece{Window: r, table: "daily_topic_pages"})
			continue
		}
		if level != PageLevel {
			out = append(out, rollupPiece{Window: r, table: "daily_domains"})
			continue
		}
		weeks, days := splitWeeks(r)
		var minus []rollupPiece
		if periodSums && len(days) > 0 && i+1 < len(ranges) && ranges[i+1].Start.Equal(r.End) && slices.ContainsFunc(cuts, r.End.Equal) {
			// the days before the cut, [monday, cut), as the week
			// [monday, nextMonday) minus [cut, nextMonday), which the next
			// range reads too
			last := days[len(days)-1]
			monday := last.Start
			nextMonday := monday.AddDate(0, 0, 7)
			afterCut := sightline.Window{Start: r.End, End: nextMonday}
			if last.End.Equal(r.End) && sightline.BucketStart(monday, "week").Equal(monday) &&
				(len(weeks) == 0 || weeks[0].End.Equal(monday)) && !ranges[i+1].End.Before(nextMonday) &&
				1+rowsOf(dayPieces(afterCut)) < rowsOf(dayPieces(last)) {
				days = days[:len(days)-1]
				if len(weeks) == 0 {
					weeks = []sightline.Window{{Start: monday, End: nextMonday}}
				} else {
					weeks[0].End = nextMonday
				}
				minus = negated(dayPieces(afterCut), monday)
			}
		}
		var before []rollupPiece
		if periodSums && len(days) > 0 && i > 0 && ranges[i-1].End.Equal(r.Start) && slices.ContainsFunc(cuts, r.Start.Equal) {
			// the days after the cut, [cut, nextMonday), as the week
			// [monday, nextMonday) minus [monday, cut), which the range
			// before reads too, both in the period after the cut
			first := days[0]
			monday := sightline.BucketStart(r.Start, "week")
			nextMonday := monday.AddDate(0, 0, 7)
			beforeCut := sightline.Window{Start: monday, End: r.Start}
			if first.Start.Equal(r.Start) && first.End.Equal(nextMonday) && !ranges[i-1].Start.After(monday) &&
				1+rowsOf(dayPieces(beforeCut)) < rowsOf(dayPieces(first)) {
				days = days[1:]
				before = append([]rollupPiece{{Window: sightline.Window{Start: monday, End: nextMonday}, table: "weekly_pages", asOf: r.Start}},
					negated(dayPieces(beforeCut), r.Start)...)
			}
		}
		out = append(out, before...)
		for _, w := range weeks {
			out = append(out, rollupPiece{Window: w, table: "weekly_pages"})
		}
		for _, d := range days {
			out = append(out, quietWeeks(d)...)
		}
		out = append(out, minus...)
	}
	return out
}

// dayPieces reads a range of whole days inside one ISO week: the halves of
// the week it holds whole (Monday to Wednesday, Thursday to Sunday) from
// half_week_pages, whose ran_at is the half's first day, and its other
// days from daily_pages, adjacent ones as one range.
func dayPieces(w sightline.Window) []rollupPiece {
	monday := sightline.BucketStart(w.Start, "week")
	thursday, nextMonday := monday.AddDate(0, 0, 3), monday.AddDate(0, 0, 7)
	var out []rollupPiece
	for _, half := range []sightline.Window{{Start: monday, End: thursday}, {Start: thursday, End: nextMonday}} {
		part := sightline.Window{Start: later(w.Start, half.Start), End: earlier(w.End, half.End)}
		switch n := len(out); {
		case !part.Start.Before(part.End):
		case part == half:
			out = append(out, rollupPiece{Window: half, table: "half_week_pages"})
		case n > 0 && out[n-1].table == "daily_pages" && out[n-1].End.Equal(part.Start):
			out[n-1].End = part.End
		default:
			out = append(out, rollupPiece{Window: part, table: "daily_pages"})
		}
	}
	return out
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// rowsOf is the number of rows per page that pieces read: one per day of a
// daily_pages piece, per week of a weekly_pages piece, per half week.
func rowsOf(pieces []rollupPiece) int {
	n := 0
	for _, p := range pieces {
		switch p.table {
		case "daily_pages":
			n += daysIn(p.Start, p.End)
		case "weekly_pages":
			n += daysIn(p.Start, p.End) / 7
		default:
			n++
		}
	}
	return n
}

// negated marks pieces as subtracted, counting in the period of asOf.
func negated(pieces []rollupPiece, asOf time.Time) []rollupPiece {
	for i := range pieces {
		pieces[i].minus, pieces[i].asOf = true, asOf
	}
	return pieces
}

// quietWeeks reads days, a range of whole days that holds no whole ISO
// week, by dayPieces, except that each part of it inside one week that
// dayPieces reads as more than one row per page is read as its whole week
// from weekly_pages when the brand has no daily_pages row in the rest of
// that week: the week's row is then the sum, the smallest attributes and
// the flags of exactly those days. Whether it has is data, so the
// statement decides: the week piece is guarded by a test that the rest is
// empty, the others by the opposite, and only one side reads rows. The
// current period's last days are the usual case: a window ending today has
// no rows after today, so its last week is one row per page instead of one
// per page and day (docs/performance.md#rollups).
func quietWeeks(days sightline.Window) []rollupPiece {
	var out []rollupPiece
	for start := days.Start; start.Before(days.End); {
		monday := sightline.BucketStart(start, "week")
		nextMonday := monday.AddDate(0, 0, 7)
		part := sightline.Window{Start: start, End: earlier(days.End, nextMonday)}
		start = part.End
		pieces := dayPieces(part)
		if rowsOf(pieces) < 2 {
			out = append(out, pieces...)
			continue
		}
		var rest []sightline.Window
		if monday.Before(part.Start) {
			rest = append(rest, sightline.Window{Start: monday, End: part.Start})
		}
		if part.End.Before(nextMonday) {
			rest = append(rest, sightline.Window{Start: part.End, End: nextMonday})
		}
		out = append(out, rollupPiece{Window: sightline.Window{Start: monday, End: nextMonday}, table: "weekly_pages", asOf: part.Start, rest: rest, quiet: true})
		for _, p := range pieces {
			p.rest = rest
			out = append(out, p)
		}
	}
	return out
}

// piecesArg is the parameter of Dialect.PieceRanges for pieces: each
// piece's range, period (the number of cuts at or before its as_of or
// start), as_of, sign, flags and rest.
func (q *Scope) piecesArg(pieces []rollupPiece, cuts []time.Time) string {
	type piece struct {
		Grain      string  `json:"grain"`
		Start      string  `json:"start_at"`
		End        string  `json:"end_at"`
		Period     int     `json:"period"`
		AsOf       *string `json:"as_of"`
		Sign       int     `json:"sign"`
		Flags      int     `json:"flags"`
		RestRows   *int    `json:"rest_rows"`
		Rest1Start *string `json:"rest1_start"`
		Rest1End   *string `json:"rest1_end"`
		Rest2Start *string `json:"rest2_start"`
		Rest2End   *string `json:"rest2_end"`
	}
	out := make([]piece, 0, len(pieces))
	for _, pc := range pieces {
		p := piece{Grain: pc.table, Start: FormatTime(pc.Start), End: FormatTime(pc.End), Sign: 1, Flags: 1}
		at := pc.Start
		if !pc.asOf.IsZero() {
			at = pc.asOf
			t := FormatTime(pc.asOf)
			p.AsOf = &t
			if !pc.quiet {
				p.Flags = 0
				if pc.minus {
					p.Sign = -1
				}
			}
		}
		for _, c := range cuts {
			if !at.Before(c) {
				p.Period++
			}
		}
		if len(pc.rest) > 0 {
			n := 1
			if pc.quiet {
				n = 0
			}
			p.RestRows = &n
			bounds := []**string{&p.Rest1Start, &p.Rest1End, &p.Rest2Start, &p.Rest2End}
			for i, r := range pc.rest[:min(len(pc.rest), 2)] {
				a, b := FormatTime(r.Start), FormatTime(r.End)
				*bounds[2*i], *bounds[2*i+1] = &a, &b
			}
		}
		out = append(out, p)
	}
	b, err := json.Marshal(out)
	if err != nil {
		panic(err) // strings and ints only
	}
	return string(b)
}

// daysIn is the number of whole days from a to b.
func daysIn(a, b time.Time) int { return int(b.Sub(a) / (24 * time.Hour)) }

// splitAt splits ranges at the cuts inside them.
func splitAt(ranges []sightline.Window, cuts []time.Time) []sightline.Window {
	cuts = slices.SortedFunc(slices.Values(cuts), time.Time.Compare)
	var out []sightline.Window
	for _, r := range ranges {
		for _, c := range cuts {
			if c.After(r.Start) && c.Before(r.End) {
				out = append(out, sightline.Window{Start: r.Start, End: c})
				r.Start = c
			}
		}
		out = append(out, r)
	}
	return out
}

// splitWeeks splits a range of whole UTC days into the whole ISO weeks
// (Monday to Sunday) inside it, as one range, and the days before and after.
func splitWeeks(r sightline.Window) (weeks, days []sightline.Window) {
	first := sightline.BucketStart(r.Start, "week")
	if first.Before(r.Start) {
		first = first.AddDate(0, 0, 7)
	}
	last := sightline.BucketStart(r.End, "week") // the Monday on or before the end
	if !first.Before(last) {
		return nil, []sightline.Window{r}
	}
	if r.Start.Before(first) {
		days = append(days, sightline.Window{Start: r.Start, End: first})
	}
	if last.Before(r.End) {
		days = append(days, sightline.Window{Start: last, End: r.End})
	}
	return []sightline.Window{{Start: first, End: last}}, days
}

// rangesOf returns "(a.ran_at >= ? AND a.ran_at < ?) OR …" for ranges.
func rangesOf(a string, ranges []sightline.Window) string {
	parts := make([]string, len(ranges))
	for i := range ranges {
		parts[i] = "(" + a + ".ran_at >= ? AND " + a + ".ran_at < ?)"
	}
	return strings.Join(parts, " OR ")
}

func rangeArgs(ranges []sightline.Window) []any {
	args := make([]any, 0, 2*len(ranges))
	for _, w := range ranges {
		args = append(args, FormatTime(w.Start), FormatTime(w.End))
	}
	return args
}

// pageFiltered reports whether a citation filter narrows the pages.
func (q *Scope) pageFiltered() bool {
	return q.Query != "" || len(q.Domains) > 0 || len(q.PageTypes) > 0 || q.YouTubeChannel != "" || q.Subreddit != "" || q.URL != ""
}

// DomainRollupRows reports whether domain rows come from the domain
// rollups (and their top pages from a second statement over the page
// rollups): whole days of an unfiltered scope. The rollups are small, so two
// statements cost less than one over page rows; the fact tables are not,
// so there one statement over the page-level rows gives both.
func (q *Scope) DomainRollupRows() bool {
	full, _ := q.PagePlan(q.Window)
	return len(full) > 0 && !q.pageFiltered()
}

// ClassIn writes the domain_type of a citation (the template class_of of
// sql/citation_scope.sql, its one definition) for a statement sqlstore
// writes: named and competitorOnly are fragments with arguments of their
// own; the statement defines the CTEs owned_domains and
// competitor_domains.
func ClassIn(s *Builder, domain string, named, competitorOnly *Builder, static string) {
	var q Scope
	c := q.write("class_of", []string{domain, named.String(), competitorOnly.String(), static})
	s.b.WriteString(c.String())
	s.Args = append(append(s.Args, named.Args...), competitorOnly.Args...)
}
