package analyticsql

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// CompetitorDomains is the subquery of a brand's competitors' domains.
const CompetitorDomains = `(SELECT domain FROM competitors WHERE brand_id = ? AND domain <> '')`

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

// citationScope writes the common table expressions every citation metric
// starts from, over w (split at cuts for the rollups):
//
//	owned_domains, competitor_domains: the brand's owned domains and its
//	        competitors' domains;
//	run_flags: per run of the fact ranges, whether its answer names a
//	        brand-count target (names_brand), the target brand by name
//	        (names_target), a competitor (names_competitor);
//	scope_citations: the scope's citations at the given level, narrowed by
//	        the citation filters when narrow is set: per row its citations,
//	        brand_citations of them in answers naming a brand-count target,
//	        named_citations naming the target brand, competitor_only_citations
//	        naming a competitor but not the target; has_source, has_inline.
//	        A fact row is one citation; a rollup row a page's or domain's day.
//	        With periodSums a row carries its period instead of ran_at: the
//	        number of cuts at or before it (0 before a single cut, 1 from
//	        it), an integer that SQLite carries through a GROUP BY sort more
//	        cheaply than the timestamp's text.
//
// Every aggregate over scope_citations sums these counts.
func (q *Scope) citationScope(s *Builder, w sightline.Window, narrow bool, level string, cuts ...time.Time) {
	full, raw := q.selPlan(w, cuts...)
	q.writeSel(s, full, raw, narrow, level, cuts...)
}

// writeSel writes the CTEs of citationScope for the whole-day ranges full
// (rollups) and the ranges raw (facts); no rollup row read may straddle a
// cut.
func (q *Scope) writeSel(s *Builder, full, raw []sightline.Window, narrow bool, level string, cuts ...time.Time) {
	s.Add(`WITH owned_domains AS MATERIALIZED (
  SELECT domain FROM brand_domains WHERE brand_id = ?
),
competitor_domains AS MATERIALIZED (
  SELECT domain FROM competitors WHERE brand_id = ? AND domain <> ''
),
`, q.BrandID, q.BrandID)
	if len(raw) > 0 {
		s.Add(`run_flags AS MATERIALIZED (
SELECT mentions.run_seq AS run_seq,
MAX(CASE WHEN mentions.found_brand_id IN (`+Placeholders(len(q.TargetIDs))+`) THEN 1 ELSE 0 END) AS names_brand,
MAX(CASE WHEN mentions.found_brand_id IN (`+Placeholders(len(q.NameTargetIDs))+`) THEN 1 ELSE 0 END) AS names_target,
MAX(CASE WHEN mentions.found_brand_id IN (`+Placeholders(len(q.CompetitorIDs))+`) THEN 1 ELSE 0 END) AS names_competitor`,
			Anys(q.TargetIDs), Anys(q.NameTargetIDs), Anys(q.CompetitorIDs))
		q.fromFactRanges(s, "mentions", raw)
		s.Add("\nGROUP BY mentions.run_seq")
		s.Add(`),
`)
	}
	if len(raw) == 0 && !q.selTwice {
		// rollup rows only, read once: streamed into the one reader
		// instead of written to a temporary table first. Said explicitly:
		// without a hint SQLite also counts the reads of a CTE that reads
		// this one, and materializes it under the overview's page_counts
		// (docs/performance.md#statement-shapes-that-plan-well)
		s.Add("scope_citations AS NOT MATERIALIZED (\n")
	} else {
		// joined to the facts: materialized, or SQLite re-evaluates the
		// run flags per citation (docs/performance.md#statement-shapes-that-plan-well)
		s.Add("scope_citations AS MATERIALIZED (\n")
	}
	byTopic := q.topicPageRollups()
	pieces := rollupPieces(full, level, byTopic, cuts, q.periodSums)
	// the pieces of each table, in the order the tables are first read
	var tables []string
	byTable := map[string][]rollupPiece{}
	for _, pc := range pieces {
		if _, ok := byTable[pc.table]; !ok {
			tables = append(tables, pc.table)
		}
		byTable[pc.table] = append(byTable[pc.table], pc)
	}
	// a rollup row's first column: its ran_at (its piece's as_of when it
	// has one), or with periodSums its piece's period (no piece straddles a
	// cut)
	first := `COALESCE(ranges.as_of, rollup_row.ran_at) AS ran_at`
	if q.periodSums {
		first = `ranges.period AS period`
	}
	for i, table := range tables {
		if i > 0 {
			s.Add("\nUNION ALL\n")
		}
		tp := byTable[table]
		var cols string
		switch {
		case table == "daily_topic_pages" && level == PageLevel:
			cols = `rollup_row.topic_id AS topic_id, rollup_row.provider_id AS provider_id, 0 AS run_seq,
rollup_row.page AS page, rollup_row.domain AS domain, rollup_row.page_type AS page_type,
rollup_row.domain_type AS static_type, rollup_row.subreddit AS subreddit,`
		case table == "daily_topic_pages":
			cols = `rollup_row.topic_id AS topic_id, rollup_row.provider_id AS provider_id, 0 AS run_seq,
'' AS page, rollup_row.domain AS domain, '' AS page_type, rollup_row.domain_type AS static_type,
'' AS subreddit,`
		case level == PageLevel:
			cols = q.Dialect.NilUUID() + ` AS topic_id,
` + q.Dialect.NilUUID() + ` AS provider_id, 0 AS run_seq,
rollup_row.page AS page, rollup_row.domain AS domain, rollup_row.page_type AS page_type,
rollup_row.domain_type AS static_type, rollup_row.subreddit AS subreddit,`
		default:
			cols = q.Dialect.NilUUID() + ` AS topic_id,
` + q.Dialect.NilUUID() + ` AS provider_id, 0 AS run_seq,
'' AS page, rollup_row.domain AS domain, '' AS page_type, rollup_row.domain_type AS static_type,
'' AS subreddit,`
		}
		// a piece's sign negates the days of a week on the other side of
		// a cut; its flags clear has_source and has_inline where it
		// stands for days it does not hold (rollupPiece)
		s.Add(`SELECT `+first+`,
`+cols+`
'' AS youtube_channel, ranges.flags * rollup_row.has_source AS has_source,
ranges.flags * rollup_row.has_inline AS has_inline,
ranges.sign * rollup_row.citations AS citations,
ranges.sign * rollup_row.named AS brand_citations,
ranges.sign * rollup_row.named AS named_citations,
ranges.sign * rollup_row.comp_only AS competitor_only_citations
FROM `+q.Dialect.PieceRanges()+`
CROSS JOIN `+table+` rollup_row
WHERE rollup_row.brand_id = ?
AND rollup_row.ran_at >= ranges.start_at AND rollup_row.ran_at < ranges.end_at`,
			q.piecesArg(tp, cuts), q.BrandID)
		if table == "daily_topic_pages" {
			// one range of days per topic and provider pair, as the facts
			// (factFilter)
			topics, providers := q.TopicIDs, q.ProviderIDs
			if len(topics) == 0 {
				topics = q.AllTopics
			}
			if len(providers) == 0 {
				providers = q.AllProviders
			}
			s.Add(`
AND rollup_row.topic_id IN (`+Placeholders(len(topics))+`)
AND rollup_row.provider_id IN (`+Placeholders(len(providers))+`)`, Anys(topics), Anys(providers))
		}
		if slices.ContainsFunc(tp, func(pc rollupPiece) bool { return len(pc.rest) > 0 }) {
			q.restGuard(s)
		}
		if narrow {
			l := level
			if table == "daily_topic_pages" {
				l = PageLevel
			}
			q.citationFilters(s, "rollup_row", l)
		}
	}
	if len(raw) > 0 {
		if len(full) > 0 {
			s.Add("\nUNION ALL\n")
		}
		if q.periodSums {
			s.Add(`SELECT `)
			for i, c := range cuts {
				if i > 0 {
					s.Add(` + `)
				}
				s.Add(`CASE WHEN citations.ran_at >= ? THEN 1 ELSE 0 END`, FormatTime(c))
			}
			if len(cuts) == 0 {
				s.Add(`0`)
			}
			s.Add(" AS period,\n")
		} else {
			s.Add("SELECT citations.ran_at AS ran_at,\n")
		}
		s.Add(`citations.topic_id AS topic_id, citations.provider_id AS provider_id, citations.run_seq AS run_seq,
citations.page AS page, citations.domain AS domain, citations.page_type AS page_type,
citations.domain_type AS static_type, citations.subreddit AS subreddit,
citations.youtube_channel AS youtube_channel,
CASE WHEN citations.citation_type = 'source' THEN 1 ELSE 0 END AS has_source,
CASE WHEN citations.citation_type = 'inline' THEN 1 ELSE 0 END AS has_inline,
1 AS citations,
COALESCE(run_flags.names_brand, 0) AS brand_citations,
COALESCE(run_flags.names_target, 0) AS named_citations,
CASE WHEN COALESCE(run_flags.names_target, 0) = 0 AND run_flags.names_competitor = 1
  THEN 1 ELSE 0 END AS competitor_only_citations
FROM `+q.Dialect.Ranges()+`
CROSS JOIN citations

LEFT JOIN run_flags ON run_flags.run_seq = citations.run_seq
WHERE citations.brand_id = ?
AND citations.ran_at >= ranges.start_at AND citations.ran_at < ranges.end_at`,
			RangesArg(raw), q.BrandID)
		for _, r := range raw {
			q.checkPruned(r)
		}
		q.dimFilter(s, "citations")
		q.allTopicsProviders(s, "citations")
		if narrow {
			q.citationFilters(s, "citations", PageLevel)
			if len(q.FoundBrandIDs) > 0 {
				// keep only citations attributed to the chosen found brands
				s.Add(`
AND run_flags.names_brand = 1`)
			}
			if len(q.DomainTypes) > 0 {
				// each citation's own class (pageRollups keeps this case here)
				s.Add(`
AND (CASE WHEN citations.domain IN (SELECT domain FROM owned_domains) THEN 'owned'
					WHEN citations.domain IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned'
					WHEN run_flags.names_target = 1 THEN 'earned'
					WHEN run_flags.names_competitor = 1 THEN 'competitor_earned'
					ELSE citations.domain_type END) IN (`+Placeholders(len(q.DomainTypes))+`)`, Anys(q.DomainTypes))
			}
		}
	}
	s.Add(`)`)
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

// restGuard writes the condition of the pieces of quietWeeks: none of the
// brand's daily_pages rows lies in the rest of its week (the week piece,
// rest_rows 0), or one does (the pieces of its days, rest_rows 1); pieces
// without a rest have none. Each test depends on its piece alone, so both
// engines evaluate it once per piece, before reading the piece's rows, and
// it asks for the brand's first row from the rest's start in key order: one
// seek on both engines, where PostgreSQL plans an EXISTS over the range as
// a scan of the whole table that stops at the first match.
func (q *Scope) restGuard(s *Builder) {
	s.Add(`
AND (ranges.rest_rows IS NULL OR ranges.rest_rows = CASE WHEN
  COALESCE((SELECT rest_row.ran_at FROM daily_pages rest_row
    WHERE rest_row.brand_id = ? AND rest_row.ran_at >= ranges.rest1_start
    ORDER BY rest_row.ran_at LIMIT 1) < ranges.rest1_end, FALSE)
  OR COALESCE((SELECT rest_row.ran_at FROM daily_pages rest_row
    WHERE rest_row.brand_id = ? AND rest_row.ran_at >= ranges.rest2_start
    ORDER BY rest_row.ran_at LIMIT 1) < ranges.rest2_end, FALSE)
  THEN 1 ELSE 0 END)`, q.BrandID, q.BrandID)
}

// piecesArg is the parameter of Dialect.PieceRanges for pieces: each
// piece's range, period (the number of cuts at or before its as_of or
// start), as_of, sign, flags and rest.
func (q *Scope) piecesArg(pieces []rollupPiece, cuts []time.Time) string {
	type piece struct {
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
		p := piece{Start: FormatTime(pc.Start), End: FormatTime(pc.End), Sign: 1, Flags: 1}
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

// rowType is the domain_type of a page or domain row from the sums of its
// citations: owned / competitor_owned by its domain, else earned when any
// of its answers names the target, else competitor_earned when any names a
// competitor, else its static class. (named, competitorOnly name the
// columns summed.)
func rowType(named, competitorOnly string) string {
	return classOf("MIN(domain)", "SUM("+named+")", "SUM("+competitorOnly+")", "MIN(static_type)")
}

// classOf is rowType over values already summed: the row's domain, its
// counts of citations naming the target (named) and only a competitor
// (competitorOnly), and its static class. The statement defines the CTEs
// owned_domains and competitor_domains (citationScope does).
func classOf(domain, named, competitorOnly, static string) string {
	var s, n, c Builder
	ClassIn(&s, domain, n.Add(named), c.Add(competitorOnly), static)
	return s.String()
}

// ClassIn writes classOf where the counts named and competitorOnly are
// fragments with arguments of their own.
func ClassIn(s *Builder, domain string, named, competitorOnly *Builder, static string) {
	s.Add(`CASE WHEN ` + domain + ` IN (SELECT domain FROM owned_domains) THEN 'owned'
		WHEN ` + domain + ` IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned'
		WHEN `).AddSQL(named).Add(` > 0 THEN 'earned'
		WHEN `).AddSQL(competitorOnly).Add(` > 0 THEN 'competitor_earned'
		ELSE ` + static + ` END`)
}

// classes writes the CTE class_counts: the citations of scope_citations
// split by ownership class (owned, competitor_owned, earned,
// competitor_earned, else the static class), rows (domain_type, citations).
// scope_citations is read once into ownership_counts, summed by (owned or
// competitor-owned domain, static class), and that handful of sums is split
// into the classes.
func classes(s *Builder) {
	s.Add(`,
ownership_counts AS (
  SELECT CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN 'owned'
    WHEN domain IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned'
    ELSE '' END AS ownership,
  static_type, SUM(citations) AS citations, SUM(named_citations) AS named_citations,
  SUM(competitor_only_citations) AS competitor_only_citations
  FROM scope_citations
  GROUP BY 1, 2
),
class_counts AS (
  SELECT ownership AS domain_type, citations FROM ownership_counts WHERE ownership <> ''
  UNION ALL
  SELECT 'earned', named_citations FROM ownership_counts WHERE ownership = ''
  UNION ALL
  SELECT 'competitor_earned', competitor_only_citations FROM ownership_counts WHERE ownership = ''
  UNION ALL
  SELECT static_type, citations - named_citations - competitor_only_citations
  FROM ownership_counts WHERE ownership = ''
)`)
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

// citationFilters narrows citations (alias a: facts or rollups of the
// level) by the page and domain filters; the rollups never see the filters
// on what they lack (see pageRollups).
func (q *Scope) citationFilters(s *Builder, a, level string) {
	if q.Query != "" {
		if q.QueryDomain || level == DomainLevel {
			s.Add(`
AND lower(`+a+`.domain) LIKE ? ESCAPE '\'`, LikePattern(q.Query))
		} else {
			s.Add(`
AND (lower(`+a+`.page) LIKE ? ESCAPE '\' OR lower(`+a+`.domain) LIKE ? ESCAPE '\')`, LikePattern(q.Query), LikePattern(q.Query))
		}
	}
	if len(q.Domains) > 0 {
		s.Add(`
AND `+a+`.domain IN (`+Placeholders(len(q.Domains))+`)`, Anys(q.Domains))
	}
	if level == DomainLevel {
		return
	}
	if len(q.PageTypes) > 0 {
		s.Add(`
AND `+a+`.page_type IN (`+Placeholders(len(q.PageTypes))+`)`, Anys(q.PageTypes))
	}
	if q.YouTubeChannel != "" {
		s.Add(`
AND lower(`+a+`.youtube_channel) = ?`, asciiLower(q.YouTubeChannel))
	}
	if q.Subreddit != "" {
		s.Add(`
AND `+a+`.subreddit = ?`, strings.TrimPrefix(asciiLower(q.Subreddit), "r/"))
	}
	if q.URL != "" {
		s.Add(`
AND `+a+`.page = ?`, q.URL)
	}
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
