package analyticsql

import (
	"time"

	"github.com/sightline/sightline"
)

// The sources below write a SELECT whose rows every metric aggregates with
// SUM of its count. Each reads the daily rollups for the whole days of the
// span and the fact tables for the partial days (see rollupPlan), or only
// the fact tables when the scope asks for something the rollups do not keep:
//
//	runsSrc       ran_at, topic_id, provider_id, region_id, runs
//	citeCountSrc  ran_at, topic_id, provider_id, region_id, citations, owned_citations
//	runCiteCountSrc ran_at, topic_id, runs, citations, owned_citations (both
//	              of the above in one read of daily_runs)
//	mentionsSrc   ran_at, topic_id, found_brand_id, mentions, sentiment_sum
//	targetRunsSrc ran_at, topic_id, runs (the runs naming the target)
//	targetRunsByDimSrc the same with provider_id, region_id
//
// A rollup table read under a name the code chooses is aliased rollup_row.
// Rows without topic carry sightline.NilUUID, as the rollups do.

// runRollups reports whether runs and mentions may come from the rollups,
// which keep topic, provider and region but not the prompt, and cannot tell
// which runs cite a given domain.
func (q *Scope) runRollups() bool {
	return q.Rollups && len(q.PromptIDs) == 0 && q.PromptID == "" && len(q.PromptRegions) == 0 && !q.narrowRuns
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
// filtered), "target_mentions" (per provider and region), "ads", or
// "facts" (the fact tables alone, over the whole period).
func (q *Scope) reads(src string, p Period) []Read {
	switch src {
	case "runs":
		return q.plan(p, q.runRollups(), runTables)
	case "mentions":
		tables := rollupTable{daily: "daily_mentions"}
		if q.coarseMentions() {
			tables = rollupTable{"daily_topic_mentions", "weekly_topic_mentions"}
		}
		return q.plan(p, q.runRollups(), tables)
	case "target_mentions":
		return q.plan(p, q.runRollups(), rollupTable{daily: "daily_mentions"})
	case "ads":
		return q.plan(p, true, rollupTable{daily: "daily_ads"})
	case "facts":
		return []Read{{Ranges: []sightline.Window{p.W}}}
	}
	panic("analyticsql: no row source " + src)
}

// plan splits p into rollup reads for the whole days (split at the cuts)
// and a fact read for the rest, or one fact read when ok is false.
//
// With weekRows (a statement that only sums the rows per period, never by
// day or month) and a weekly twin, the whole ISO weeks of each range
// between cuts come from the weekly table, whose ran_at is the week's
// Monday, and the days around them from the daily one: a 30-day window
// and its previous period read about a quarter of the rows.
func (q *Scope) plan(p Period, ok bool, t rollupTable) []Read {
	full, raw := []sightline.Window(nil), []sightline.Window{p.W}
	if ok {
		if pl := planRollup(p.W, p.Cuts...); len(pl.full) > 0 {
			full, raw = pl.full, pl.raw
		}
	}
	var weekly, daily []sightline.Window
	for _, r := range full {
		if !q.weekRows || t.weekly == "" {
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

// fromRanges writes the FROM clause of a read of table, aliased a, over
// ranges: the ranges relation joined to the table's rows of the brand
// within them, and the scope's dimension filters.
func (q *Scope) fromRanges(s *Builder, table, a string, ranges []sightline.Window) {
	s.Add("\nFROM "+q.Dialect.Ranges()+"\nCROSS JOIN "+table+" "+a+
		"\nWHERE "+a+".brand_id = ?\nAND "+a+".ran_at >= ranges.start_at AND "+a+".ran_at < ranges.end_at",
		RangesArg(ranges), q.BrandID)
	q.dimFilter(s, a)
}

// fromFactRanges is fromRanges for the mention and citation facts,
// clustered by (brand_id, topic_id, provider_id, ran_at): without a topic or
// provider filter it names every topic of the brand or every provider, so
// that each pair is one range scan of the table. A range that starts
// before the brand's pruned day would read facts that are gone:
// ReadsPruned is called (docs/retention.md).
func (q *Scope) fromFactRanges(s *Builder, table string, ranges []sightline.Window) {
	for _, r := range ranges {
		q.checkPruned(r)
	}
	q.fromRanges(s, table, table, ranges)
	q.allTopicsProviders(s, table)
}

// sumsPerPeriod marks the statement being written as one that sums its run
// and mention rows per period only (ran_at against the cuts, never by day
// or month), so that union reads whole weeks from the weekly rollups; the
// returned func clears the mark (defer q.sumsPerPeriod()()).
func (q *Scope) sumsPerPeriod() (clear func()) {
	q.weekRows = true
	return func() { q.weekRows = false }
}

// runTables are the run rollups (topic, provider, region).
var runTables = rollupTable{"daily_runs", "weekly_runs"}

func (q *Scope) runsSrc(s *Builder, w sightline.Window, cuts ...time.Time) {
	q.union(s, w, cuts, q.runRollups(), runTables,
		func(s *Builder, table string, ranges []sightline.Window) {
			s.Add(`SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id, rollup_row.runs AS runs`)
			q.fromRanges(s, table, "rollup_row", ranges)
		},
		func(s *Builder, ranges []sightline.Window) {
			s.Add(`SELECT runs.ran_at AS ran_at, COALESCE(runs.topic_id, '` + sightline.NilUUID + `') AS topic_id,
runs.provider_id AS provider_id, runs.region_id AS region_id, 1 AS runs`)
			q.fromRanges(s, "runs", "runs", ranges)
		})
}

func (q *Scope) citeCountSrc(s *Builder, w sightline.Window, cuts ...time.Time) {
	q.union(s, w, cuts, q.runRollups(), runTables,
		func(s *Builder, table string, ranges []sightline.Window) {
			s.Add(`SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.provider_id AS provider_id, rollup_row.region_id AS region_id,
rollup_row.citations AS citations, rollup_row.owned_citations AS owned_citations`)
			q.fromRanges(s, table, "rollup_row", ranges)
		},
		func(s *Builder, ranges []sightline.Window) {
			s.Add(`SELECT citations.ran_at AS ran_at, citations.topic_id AS topic_id,
citations.provider_id AS provider_id, citations.region_id AS region_id, 1 AS citations,
CASE WHEN citations.domain IN `+OwnedDomains+` THEN 1 ELSE 0 END AS owned_citations`, q.BrandID)
			q.fromFactRanges(s, "citations", ranges)
		})
}

// runCiteCountSrc is runsSrc and citeCountSrc in one source, for a
// statement that needs both per topic: daily_runs holds both counts, so its
// whole days are read once; the partial days add the runs' rows (runs = 1)
// and the citations' rows (citations = 1).
func (q *Scope) runCiteCountSrc(s *Builder, w sightline.Window, cuts ...time.Time) {
	q.union(s, w, cuts, q.runRollups(), runTables,
		func(s *Builder, table string, ranges []sightline.Window) {
			s.Add(`SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id, rollup_row.runs AS runs,
rollup_row.citations AS citations, rollup_row.owned_citations AS owned_citations`)
			q.fromRanges(s, table, "rollup_row", ranges)
		},
		func(s *Builder, ranges []sightline.Window) {
			s.Add(`SELECT runs.ran_at AS ran_at, COALESCE(runs.topic_id, '` + sightline.NilUUID + `') AS topic_id, 1 AS runs,
0 AS citations, 0 AS owned_citations`)
			q.fromRanges(s, "runs", "runs", ranges)
			s.Add(`
UNION ALL
SELECT citations.ran_at AS ran_at, citations.topic_id AS topic_id, 0 AS runs, 1 AS citations,
CASE WHEN citations.domain IN `+OwnedDomains+` THEN 1 ELSE 0 END AS owned_citations`, q.BrandID)
			q.fromFactRanges(s, "citations", ranges)
		})
}

// coarseMentions reports whether the per-topic mention rollups suffice:
// no provider or region filter.
func (q *Scope) coarseMentions() bool {
	return len(q.ProviderIDs) == 0 && len(q.RegionIDs) == 0
}

// mentionsSrc yields ran_at, topic_id, found_brand_id, mentions,
// sentiment_sum.
func (q *Scope) mentionsSrc(s *Builder, w sightline.Window, cuts ...time.Time) {
	tables := rollupTable{daily: "daily_mentions"}
	if q.coarseMentions() {
		tables = rollupTable{"daily_topic_mentions", "weekly_topic_mentions"}
	}
	q.union(s, w, cuts, q.runRollups(), tables,
		func(s *Builder, table string, ranges []sightline.Window) {
			s.Add(`SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id,
rollup_row.found_brand_id AS found_brand_id, rollup_row.mentions AS mentions,
rollup_row.sentiment_sum AS sentiment_sum`)
			q.fromRanges(s, table, "rollup_row", ranges)
		},
		func(s *Builder, ranges []sightline.Window) {
			s.Add(`SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id,
mentions.found_brand_id AS found_brand_id, 1 AS mentions, mentions.sentiment AS sentiment_sum`)
			q.fromFactRanges(s, "mentions", ranges)
		})
}

// targetRunsSrc yields ran_at, topic_id, runs: the runs naming the target.
// With one target found brand they are its mentions (one per run); with
// several (filter[brand_ids]) each run once, which only the fact tables can
// tell.
func (q *Scope) targetRunsSrc(s *Builder, w sightline.Window, cuts ...time.Time) {
	if len(q.TargetIDs) > 1 {
		s.Add(`SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, 1 AS runs`)
		q.fromFactRanges(s, "mentions", []sightline.Window{w})
		s.Add(`
AND mentions.found_brand_id IN (`+Placeholders(len(q.TargetIDs))+`)
GROUP BY mentions.run_seq, mentions.ran_at, mentions.topic_id`, Anys(q.TargetIDs))
		return
	}
	s.Add("SELECT ran_at, topic_id, mentions AS runs\nFROM (\n")
	q.mentionsSrc(s, w, cuts...)
	s.Add("\n) target_mentions\nWHERE target_mentions.found_brand_id = ?", q.TargetIDs[0])
}

// targetRunsByDimSrc is targetRunsSrc with provider_id and region_id.
func (q *Scope) targetRunsByDimSrc(s *Builder, w sightline.Window, cuts ...time.Time) {
	if len(q.TargetIDs) > 1 {
		s.Add(`SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, mentions.provider_id AS provider_id,
mentions.region_id AS region_id, 1 AS runs`)
		q.fromFactRanges(s, "mentions", []sightline.Window{w})
		s.Add(`
AND mentions.found_brand_id IN (`+Placeholders(len(q.TargetIDs))+`)
GROUP BY mentions.run_seq, mentions.ran_at, mentions.topic_id, mentions.provider_id, mentions.region_id`, Anys(q.TargetIDs))
		return
	}
	q.union(s, w, cuts, q.runRollups(), rollupTable{daily: "daily_mentions"},
		func(s *Builder, table string, ranges []sightline.Window) {
			s.Add(`SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id, rollup_row.provider_id AS provider_id,
rollup_row.region_id AS region_id, rollup_row.mentions AS runs`)
			q.fromRanges(s, table, "rollup_row", ranges)
			s.Add(`
AND rollup_row.found_brand_id = ?`, q.TargetIDs[0])
		},
		func(s *Builder, ranges []sightline.Window) {
			s.Add(`SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, mentions.provider_id AS provider_id,
mentions.region_id AS region_id, 1 AS runs`)
			q.fromFactRanges(s, "mentions", ranges)
			s.Add(`
AND mentions.found_brand_id = ?`, q.TargetIDs[0])
		})
}

// union is plan with writers (for the statements not yet in sql/).
func (q *Scope) union(s *Builder, w sightline.Window, cuts []time.Time, ok bool, t rollupTable,
	rollup func(s *Builder, table string, ranges []sightline.Window), facts func(s *Builder, ranges []sightline.Window)) {
	for i, r := range q.plan(Period{W: w, Cuts: cuts}, ok, t) {
		if i > 0 {
			s.Add("\nUNION ALL\n")
		}
		if r.Rollup {
			rollup(s, r.Table, r.Ranges)
		} else {
			facts(s, r.Ranges)
		}
	}
}
