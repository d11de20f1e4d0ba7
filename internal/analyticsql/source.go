package analyticsql

import "github.com/sightline/sightline"

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
}

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
		return plan(p, q.runRollups(), rollupTable{"daily_retrieved_pages", "weekly_retrieved_pages"})
	case "retrieved_domains":
		if q.noRunDimensions() {
			return plan(p, q.runRollups(), rollupTable{"daily_retrieved_domain_totals", "weekly_retrieved_domain_totals"})
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
// retrieved-domain totals, one row per domain and day or week, then answer
// for the rows per topic, provider and region, up to 150 a week for a
// domain retrieved everywhere (docs/metrics.md#reading-them).
func (q *Scope) noRunDimensions() bool {
	return len(q.ProviderIDs) == 0 && len(q.RegionIDs) == 0 && len(q.TopicIDs) == 0
}

// coarseMentions reports whether the per-topic mention rollups suffice:
// no provider or region filter.
func (q *Scope) coarseMentions() bool {
	return len(q.ProviderIDs) == 0 && len(q.RegionIDs) == 0
}
