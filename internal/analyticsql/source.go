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

// union writes rollup rows for the whole days of w (split at cuts) and fact
// rows for the rest, or only fact rows when ok is false. Each range is its
// own SELECT (joined by UNION ALL) so that it is one primary-key range
// scan: SQLite does not range-scan an OR of ranges.
//
// With weekRows (a statement that only sums the rows per period, never by
// day or month) and a weekly twin, the whole ISO weeks of each range
// between cuts come from the weekly table, whose ran_at is the week's
// Monday, and the days around them from the daily one: a 30-day window
// and its previous period read about a quarter of the rows.
func (q *Scope) union(s *Builder, w sightline.Window, cuts []time.Time, ok bool, t rollupTable,
	rollup func(s *Builder, r sightline.Window, table string), facts func(s *Builder, r sightline.Window)) {
	full, raw := []sightline.Window(nil), []sightline.Window{w}
	if ok {
		if p := planRollup(w, cuts...); len(p.full) > 0 {
			full, raw = p.full, p.raw
		}
	}
	type piece struct {
		sightline.Window
		table string
	}
	var pieces []piece
	for _, r := range full {
		if !q.weekRows || t.weekly == "" {
			pieces = append(pieces, piece{r, t.daily})
			continue
		}
		for _, r := range splitAt([]sightline.Window{r}, cuts) {
			weeks, days := splitWeeks(r)
			for _, wk := range weeks {
				pieces = append(pieces, piece{wk, t.weekly})
			}
			for _, d := range days {
				pieces = append(pieces, piece{d, t.daily})
			}
		}
	}
	for i, p := range pieces {
		if i > 0 {
			s.Add(` UNION ALL `)
		}
		rollup(s, p.Window, p.table)
	}
	if len(pieces) > 0 && len(raw) > 0 {
		s.Add(` UNION ALL `)
	}
	eachRange(s, raw, facts)
}

// eachRange writes fn for every range, joined by UNION ALL.
func eachRange(s *Builder, ranges []sightline.Window, fn func(s *Builder, r sightline.Window)) {
	for i, r := range ranges {
		if i > 0 {
			s.Add(` UNION ALL `)
		}
		fn(s, r)
	}
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
		func(s *Builder, r sightline.Window, table string) {
			s.Add(`SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id, rollup_row.provider_id AS provider_id,
				rollup_row.region_id AS region_id, rollup_row.runs AS runs FROM ` + table + ` rollup_row WHERE `)
			q.FilterIn(s, "rollup_row", r)
		},
		func(s *Builder, r sightline.Window) {
			s.Add(`SELECT runs.ran_at AS ran_at, COALESCE(runs.topic_id, '` + sightline.NilUUID + `') AS topic_id, runs.provider_id AS provider_id,
				runs.region_id AS region_id, 1 AS runs FROM runs WHERE `)
			q.FilterIn(s, "runs", r)
		})
}

func (q *Scope) citeCountSrc(s *Builder, w sightline.Window, cuts ...time.Time) {
	q.union(s, w, cuts, q.runRollups(), runTables,
		func(s *Builder, r sightline.Window, table string) {
			s.Add(`SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id, rollup_row.provider_id AS provider_id,
				rollup_row.region_id AS region_id, rollup_row.citations AS citations, rollup_row.owned_citations AS owned_citations
				FROM ` + table + ` rollup_row WHERE `)
			q.FilterIn(s, "rollup_row", r)
		},
		func(s *Builder, r sightline.Window) {
			s.Add(`SELECT citations.ran_at AS ran_at, citations.topic_id AS topic_id, citations.provider_id AS provider_id,
				citations.region_id AS region_id, 1 AS citations,
				CASE WHEN citations.domain IN `+OwnedDomains+` THEN 1 ELSE 0 END AS owned_citations FROM citations WHERE `, q.BrandID)
			q.factFilter(s, "citations", r)
		})
}

// runCiteCountSrc is runsSrc and citeCountSrc in one source, for a
// statement that needs both per topic: daily_runs holds both counts, so its
// whole days are read once; the partial days add the runs' rows (runs = 1)
// and the citations' rows (citations = 1).
func (q *Scope) runCiteCountSrc(s *Builder, w sightline.Window, cuts ...time.Time) {
	q.union(s, w, cuts, q.runRollups(), runTables,
		func(s *Builder, r sightline.Window, table string) {
			s.Add(`SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id, rollup_row.runs AS runs,
				rollup_row.citations AS citations, rollup_row.owned_citations AS owned_citations FROM ` + table + ` rollup_row WHERE `)
			q.FilterIn(s, "rollup_row", r)
		},
		func(s *Builder, r sightline.Window) {
			s.Add(`SELECT runs.ran_at AS ran_at, COALESCE(runs.topic_id, '` + sightline.NilUUID + `') AS topic_id, 1 AS runs,
				0 AS citations, 0 AS owned_citations FROM runs WHERE `)
			q.FilterIn(s, "runs", r)
			s.Add(` UNION ALL SELECT citations.ran_at AS ran_at, citations.topic_id AS topic_id, 0 AS runs, 1 AS citations,
				CASE WHEN citations.domain IN `+OwnedDomains+` THEN 1 ELSE 0 END AS owned_citations FROM citations WHERE `, q.BrandID)
			q.factFilter(s, "citations", r)
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
		func(s *Builder, r sightline.Window, table string) {
			s.Add(`SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id, rollup_row.found_brand_id AS found_brand_id,
				rollup_row.mentions AS mentions, rollup_row.sentiment_sum AS sentiment_sum FROM ` + table + ` rollup_row WHERE `)
			q.FilterIn(s, "rollup_row", r)
		},
		func(s *Builder, r sightline.Window) {
			s.Add(`SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, mentions.found_brand_id AS found_brand_id,
				1 AS mentions, mentions.sentiment AS sentiment_sum FROM mentions WHERE `)
			q.factFilter(s, "mentions", r)
		})
}

// targetRunsSrc yields ran_at, topic_id, runs: the runs naming the target.
// With one target found brand they are its mentions (one per run); with
// several (filter[brand_ids]) each run once, which only the fact tables can
// tell.
func (q *Scope) targetRunsSrc(s *Builder, w sightline.Window, cuts ...time.Time) {
	if len(q.TargetIDs) > 1 {
		s.Add(`SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, 1 AS runs FROM mentions WHERE `)
		q.factFilter(s, "mentions", w)
		s.Add(` AND mentions.found_brand_id IN (`+Placeholders(len(q.TargetIDs))+`)
			GROUP BY mentions.run_seq, mentions.ran_at, mentions.topic_id`, Anys(q.TargetIDs))
		return
	}
	s.Add(`SELECT ran_at, topic_id, mentions AS runs FROM (`)
	q.mentionsSrc(s, w, cuts...)
	s.Add(`) target_mentions WHERE target_mentions.found_brand_id = ?`, q.TargetIDs[0])
}

// targetRunsByDimSrc is targetRunsSrc with provider_id and region_id.
func (q *Scope) targetRunsByDimSrc(s *Builder, w sightline.Window, cuts ...time.Time) {
	if len(q.TargetIDs) > 1 {
		s.Add(`SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, mentions.provider_id AS provider_id,
			mentions.region_id AS region_id, 1 AS runs FROM mentions WHERE `)
		q.factFilter(s, "mentions", w)
		s.Add(` AND mentions.found_brand_id IN (`+Placeholders(len(q.TargetIDs))+`)
			GROUP BY mentions.run_seq, mentions.ran_at, mentions.topic_id, mentions.provider_id, mentions.region_id`, Anys(q.TargetIDs))
		return
	}
	q.union(s, w, cuts, q.runRollups(), rollupTable{daily: "daily_mentions"},
		func(s *Builder, r sightline.Window, _ string) {
			s.Add(`SELECT daily_mentions.ran_at AS ran_at, daily_mentions.topic_id AS topic_id, daily_mentions.provider_id AS provider_id,
				daily_mentions.region_id AS region_id, daily_mentions.mentions AS runs FROM daily_mentions WHERE `)
			q.FilterIn(s, "daily_mentions", r)
			s.Add(` AND daily_mentions.found_brand_id = ?`, q.TargetIDs[0])
		},
		func(s *Builder, r sightline.Window) {
			s.Add(`SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, mentions.provider_id AS provider_id,
				mentions.region_id AS region_id, 1 AS runs FROM mentions WHERE `)
			q.factFilter(s, "mentions", r)
			s.Add(` AND mentions.found_brand_id = ?`, q.TargetIDs[0])
		})
}
