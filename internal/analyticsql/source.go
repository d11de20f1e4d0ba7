package analyticsql

import (
	"slices"
	"time"

	"github.com/sightline/sightline"
)

// The row sources of sql/sources.sql read the rollups for the whole days
// of a period and the fact tables for the partial days (planRollup), or
// only the fact tables when the scope asks for something the rollups do
// not keep. The predicates below decide which.

// runRollups reports whether runs and mentions may come from the rollups,
// which keep topic, provider and region but not the prompt, and cannot tell
// which runs cite a given domain.
func (q *Scope) runRollups() bool {
	return q.Rollups && len(q.PromptIDs) == 0 && q.PromptID == "" && len(q.PromptRegions) == 0
}

// pageRollups reports whether citations may come from the page rollups,
// which keep no dimension, count the brand itself as the only target, and
// know a page but not the channel each citation of it was credited to.
func (q *Scope) pageRollups() bool {
	return q.runRollups() && len(q.ProviderIDs) == 0 && len(q.RegionIDs) == 0 && len(q.TopicIDs) == 0 &&
		len(q.FoundBrandIDs) == 0 && len(q.DomainTypes) == 0 && q.YouTubeChannel == "" && q.SelfTarget
}

// topicPageRollups reports whether citations may come from the page
// rollups per topic and provider (daily_topic_pages): what pageRollups
// allows, plus topic and provider filters, which those rollups keep.
func (q *Scope) topicPageRollups() bool {
	return q.runRollups() && (len(q.ProviderIDs) > 0 || len(q.TopicIDs) > 0) && len(q.RegionIDs) == 0 &&
		len(q.FoundBrandIDs) == 0 && len(q.DomainTypes) == 0 && q.YouTubeChannel == "" && q.SelfTarget
}

// rollupTable is a daily rollup and its weekly twin ("" when it has none).
type rollupTable struct{ daily, weekly string }

// Read is one arm of a row source: a rollup table (Rollup) read over
// whole days, or the fact tables (Table "") over the rest. Its ranges go
// to the statement as data (Dialect.Ranges): one SELECT per table read,
// joined to the ranges it answers, so that each range is one primary-key
// range scan (SQLite does not range-scan an OR of ranges) and the text is
// the same whatever the window.
type Read struct {
	Table  string
	Rollup bool
	Ranges []sightline.Window
	// Weights, for a Period with Sums, are each range's Weight (sumPlan);
	// nil otherwise, and the rows then carry their ran_at.
	Weights []Weight
}

// Weight is how often the rows of a range count in the window (Cur) and in
// the previous period (Prev): 1 for the period its days belong to, 0 for
// the other, and -1 for days taken back out of a week's row that counts
// them in that period (sumPlan).
type Weight struct{ Cur, Prev int }

// reads are the arms of the row source src over p: "runs" (the run
// rollups), "mentions" (per topic, or per provider and region when
// filtered), "target_mentions" (per provider and region), "ads",
// "retrieved_pages" and "retrieved_domains" (the runs that retrieved a
// page, any page of a domain), or "facts" (the fact tables alone, over
// the whole period).
func (q *Scope) reads(src string, p Period) []Read {
	switch src {
	case "runs":
		return plan(p, q.runRollups(), runTables)
	case "mentions":
		tables := rollupTable{daily: "daily_mentions"}
		if q.coarseMentions() {
			tables = rollupTable{"daily_topic_mentions", "weekly_topic_mentions"}
		}
		return plan(p, q.runRollups(), tables)
	case "target_mentions":
		return plan(p, q.runRollups(), rollupTable{daily: "daily_mentions"})
	case "ads":
		return plan(p, true, rollupTable{daily: "daily_ads"})
	case "retrieved_pages":
		if q.noRunDimensions() {
			return plan(p, q.runRollups(), rollupTable{daily: "daily_retrieved_page_totals"})
		}
		return plan(p, q.runRollups(), rollupTable{"daily_retrieved_pages", "weekly_retrieved_pages"})
	case "retrieved_domains":
		if q.noRunDimensions() {
			return plan(p, q.runRollups(), rollupTable{daily: "daily_retrieved_domain_totals"})
		}
		return plan(p, q.runRollups(), rollupTable{"daily_retrieved_domains", "weekly_retrieved_domains"})
	case "facts":
		return []Read{{Ranges: []sightline.Window{p.W}}}
	}
	panic("analyticsql: no row source " + src)
}

// plan splits p into rollup reads for the whole days (split at the cuts)
// and a fact read for the rest, or one fact read when ok is false.
//
// With p.Weeks (a statement that only sums the rows per period, never by
// day or month) and a weekly twin, the whole ISO weeks of each range
// between cuts come from the weekly table, whose ran_at is the week's
// Monday, and the days around them from the daily one: a 30-day window
// and its previous period read about a quarter of the rows.
func plan(p Period, ok bool, t rollupTable) []Read {
	if p.Sums {
		return sumPlan(p, ok, t)
	}
	full, raw := []sightline.Window(nil), []sightline.Window{p.W}
	if ok && !p.FactsOnly {
		if pl := planRollup(p.W, p.Cuts...); len(pl.full) > 0 {
			full, raw = pl.full, pl.raw
		}
	}
	var weekly, daily []sightline.Window
	for _, r := range full {
		if !p.Weeks || t.weekly == "" {
			daily = append(daily, r)
			continue
		}
		for _, r := range splitAt([]sightline.Window{r}, p.Cuts) {
			weeks, days := splitWeeks(r)
			weekly = append(weekly, weeks...)
			daily = append(daily, days...)
		}
	}
	var out []Read
	if len(weekly) > 0 {
		out = append(out, Read{Table: t.weekly, Rollup: true, Ranges: weekly})
	}
	if len(daily) > 0 {
		out = append(out, Read{Table: t.daily, Rollup: true, Ranges: daily})
	}
	if len(raw) > 0 {
		out = append(out, Read{Ranges: raw})
	}
	return out
}

// runTables are the run rollups (topic, provider, region).
var runTables = rollupTable{"daily_runs", "weekly_runs"}

// noRunDimensions reports whether the scope filters no run dimension
// (topic, provider, region; the prompt filters read the facts): the
// retrieved-page and retrieved-domain totals, one row per page or domain
// and day, then answer for the rows per topic, provider and region, up
// to 150 a week for a domain retrieved everywhere. A listed key has at
// most one row a day there, so they need no weekly twin; the rows per
// topic, provider and region have one, as a filtered key's range holds
// every other pair's rows too (docs/performance.md#rollups).
func (q *Scope) noRunDimensions() bool {
	return len(q.ProviderIDs) == 0 && len(q.RegionIDs) == 0 && len(q.TopicIDs) == 0
}

// coarseMentions reports whether the per-topic mention rollups suffice:
// no provider or region filter.
func (q *Scope) coarseMentions() bool {
	return len(q.ProviderIDs) == 0 && len(q.RegionIDs) == 0
}

// sumPlan is plan for a statement that sums its rows per period with
// weights (Period.Sums): the fact tables answer the parts of days that the
// edges and the cut split, and the rollups the whole days, where each ISO
// week is read the cheaper way: its days from the daily table (a row per
// key and day), or its row in the weekly table counted in one period,
// with each other day of that week read from the daily table to move it to
// its own period (weights 1 and -1) or take it out (-1: a day outside the
// span). Every day then counts once, in its own period. The cost is the
// days read, a week's row costing one; days from Period.Future on
// have no rows yet and cost nothing, so the window's last days are read as
// their week's row. A week's row is the sum of its days' rows, rebuilt
// with them (docs/metrics.md#rollups), so it may stand for any of its
// days.
func sumPlan(p Period, ok bool, t rollupTable) []Read {
	weightOf := func(day time.Time) Weight {
		if day.Before(p.Cur) {
			return Weight{Prev: 1}
		}
		return Weight{Cur: 1}
	}
	full, raw := []sightline.Window(nil), []sightline.Window{p.W}
	if ok && !p.FactsOnly {
		if pl := planRollup(p.W, p.Cuts...); len(pl.full) > 0 {
			full, raw = pl.full, pl.raw
		}
	}
	var weekly, daily, facts weighted
	for _, r := range splitAt(raw, p.Cuts) {
		facts.add(r, weightOf(r.Start))
	}
	full = splitAt(full, p.Cuts)
	if t.weekly == "" {
		for _, r := range full {
			daily.add(r, weightOf(r.Start))
		}
	}
	// the whole ISO weeks inside a range between cuts count in its period;
	// the weeks of the days around them (at the span's edges and around
	// the cut) are weighed day by day, in order
	type week struct {
		sightline.Window
		whole bool
		w     Weight
	}
	var weeks []week
	for _, r := range full {
		if t.weekly == "" {
			break
		}
		whole, days := splitWeeks(r)
		for _, w := range whole {
			weeks = append(weeks, week{Window: w, whole: true, w: weightOf(r.Start)})
		}
		for _, d := range days { // within a week, or two without a whole one
			for monday := sightline.BucketStart(d.Start, "week"); monday.Before(d.End); monday = monday.AddDate(0, 0, 7) {
				if !slices.ContainsFunc(weeks, func(w week) bool { return !w.whole && w.Start.Equal(monday) }) {
					weeks = append(weeks, week{Window: sightline.Window{Start: monday, End: monday.AddDate(0, 0, 7)}})
				}
			}
		}
	}
	slices.SortFunc(weeks, func(a, b week) int { return a.Start.Compare(b.Start) })
	for _, wk := range weeks {
		if wk.whole {
			weekly.add(wk.Window, wk.w)
			continue
		}
		monday := wk.Start
		// in[i]: day i of the week is a whole day of the span
		var in [7]bool
		for i := range in {
			day := monday.AddDate(0, 0, i)
			in[i] = slices.ContainsFunc(full, func(r sightline.Window) bool { return !day.Before(r.Start) && day.Before(r.End) })
		}
		best, cost := Weight{}, 0
		for i := range in {
			if in[i] {
				cost++
			}
		}
		for _, x := range []Weight{{Prev: 1}, {Cur: 1}} {
			n, counts := 1, false
			for i := range in {
				day := monday.AddDate(0, 0, i)
				switch {
				case in[i] && weightOf(day) == x:
					counts = true
				case p.Future.IsZero() || day.Before(p.Future):
					n++
				}
			}
			if counts && n < cost {
				best, cost = x, n
			}
		}
		if best == (Weight{}) {
			for i := range in {
				if day := monday.AddDate(0, 0, i); in[i] {
					daily.add(sightline.Window{Start: day, End: day.AddDate(0, 0, 1)}, weightOf(day))
				}
			}
			continue
		}
		weekly.add(sightline.Window{Start: monday, End: monday.AddDate(0, 0, 7)}, best)
		for i := range in {
			day := monday.AddDate(0, 0, i)
			w := Weight{Cur: -best.Cur, Prev: -best.Prev}
			if in[i] {
				own := weightOf(day)
				w = Weight{Cur: own.Cur - best.Cur, Prev: own.Prev - best.Prev}
			}
			if w != (Weight{}) {
				daily.add(sightline.Window{Start: day, End: day.AddDate(0, 0, 1)}, w)
			}
		}
	}
	var out []Read
	if len(weekly.ranges) > 0 {
		out = append(out, Read{Table: t.weekly, Rollup: true, Ranges: weekly.ranges, Weights: weekly.weights})
	}
	if len(daily.ranges) > 0 {
		out = append(out, Read{Table: t.daily, Rollup: true, Ranges: daily.ranges, Weights: daily.weights})
	}
	if len(facts.ranges) > 0 {
		out = append(out, Read{Ranges: facts.ranges, Weights: facts.weights})
	}
	return out
}

// weighted is ranges in order with their weights; add joins a range to
// the last one when they touch and weigh the same.
type weighted struct {
	ranges  []sightline.Window
	weights []Weight
}

func (w *weighted) add(r sightline.Window, x Weight) {
	if n := len(w.ranges); n > 0 && w.ranges[n-1].End.Equal(r.Start) && w.weights[n-1] == x {
		w.ranges[n-1].End = r.End
		return
	}
	w.ranges, w.weights = append(w.ranges, r), append(w.weights, x)
}
