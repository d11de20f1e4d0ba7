package sqlstore

import (
	"time"

	"github.com/sightline/sightline"
)

// The sources below write a SELECT whose rows every metric aggregates with
// SUM(n). Each reads the daily rollups for the whole days of the span and
// the fact tables for the partial days (see rollupPlan), or only the fact
// tables when the scope asks for something the rollups do not keep:
//
//	runsSrc       ran_at, topic_id, provider_id, region_id, n (runs)
//	citeCountSrc  ran_at, topic_id, provider_id, region_id, n (citations), owned
//	mentionsSrc   ran_at, topic_id, found_brand_id, n (mentions), sent (sum)
//	targetRunsSrc ran_at, topic_id, n (runs naming the target)
//	targetRunsByDimSrc the same with provider_id, region_id
//	pagesSrc      see its comment
//
// Rows without topic carry nilTopic, as the rollups do.

// runRollups reports whether runs and mentions may come from the rollups,
// which keep topic, provider and region but not the prompt, and cannot tell
// which runs cite a given domain.
func (q *scopeQ) runRollups() bool {
	return q.rollups && len(q.PromptIDs) == 0 && q.PromptID == "" && len(q.PromptRegions) == 0 && !q.narrowRuns
}

// pageRollups reports whether citations may come from the page rollups,
// which keep no dimension, count the brand itself as the only target, and
// know a page but not the channel each citation of it was credited to.
func (q *scopeQ) pageRollups() bool {
	return q.runRollups() && len(q.ProviderIDs) == 0 && len(q.RegionIDs) == 0 && len(q.TopicIDs) == 0 &&
		len(q.FoundBrandIDs) == 0 && len(q.DomainTypes) == 0 && q.YouTubeChannel == "" && q.selfTarget
}

// topicPageRollups reports whether citations may come from the page
// rollups per topic and provider (daily_topic_pages): what pageRollups
// allows, plus topic and provider filters, which those rollups keep.
func (q *scopeQ) topicPageRollups() bool {
	return q.runRollups() && (len(q.ProviderIDs) > 0 || len(q.TopicIDs) > 0) && len(q.RegionIDs) == 0 &&
		len(q.FoundBrandIDs) == 0 && len(q.DomainTypes) == 0 && q.YouTubeChannel == "" && q.selfTarget
}

// union writes rollup rows for the whole days of w (split at cuts) and fact
// rows for the rest, or only fact rows when ok is false. Each range is its
// own SELECT (joined by UNION ALL) so that it is one primary-key range
// scan: SQLite does not range-scan an OR of ranges.
func (q *scopeQ) union(s *sqlb, w sightline.Window, cuts []time.Time, ok bool,
	rollup, facts func(s *sqlb, r sightline.Window)) {
	full, raw := []sightline.Window(nil), []sightline.Window{w}
	if ok {
		if p := planRollup(w, cuts...); len(p.full) > 0 {
			full, raw = p.full, p.raw
		}
	}
	eachRange(s, full, rollup)
	if len(full) > 0 && len(raw) > 0 {
		s.add(` UNION ALL `)
	}
	eachRange(s, raw, facts)
}

// eachRange writes fn for every range, joined by UNION ALL.
func eachRange(s *sqlb, ranges []sightline.Window, fn func(s *sqlb, r sightline.Window)) {
	for i, r := range ranges {
		if i > 0 {
			s.add(` UNION ALL `)
		}
		fn(s, r)
	}
}

func (q *scopeQ) runsSrc(s *sqlb, w sightline.Window, cuts ...time.Time) {
	q.union(s, w, cuts, q.runRollups(),
		func(s *sqlb, r sightline.Window) {
			s.add(`SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.runs AS n FROM daily_runs d WHERE `)
			q.filterIn(s, "d", r)
		},
		func(s *sqlb, r sightline.Window) {
			s.add(`SELECT r.ran_at AS ran_at, COALESCE(r.topic_id, '` + nilTopic + `') AS topic_id, r.provider_id AS provider_id, r.region_id AS region_id, 1 AS n FROM runs r WHERE `)
			q.filterIn(s, "r", r)
		})
}

func (q *scopeQ) citeCountSrc(s *sqlb, w sightline.Window, cuts ...time.Time) {
	q.union(s, w, cuts, q.runRollups(),
		func(s *sqlb, r sightline.Window) {
			s.add(`SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id,
				d.citations AS n, d.owned_citations AS owned FROM daily_runs d WHERE `)
			q.filterIn(s, "d", r)
		},
		func(s *sqlb, r sightline.Window) {
			s.add(`SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.region_id AS region_id,
				1 AS n, CASE WHEN c.domain IN `+ownedDomains+` THEN 1 ELSE 0 END AS owned FROM citations c WHERE `, q.BrandID)
			q.factFilter(s, "c", r)
		})
}

// coarseMentions reports whether the per-topic mention rollups suffice:
// no provider or region filter.
func (q *scopeQ) coarseMentions() bool {
	return len(q.ProviderIDs) == 0 && len(q.RegionIDs) == 0
}

// mentionsSrc yields ran_at, topic_id, found_brand_id, n (mentions), sent
// (their sentiment sum).
func (q *scopeQ) mentionsSrc(s *sqlb, w sightline.Window, cuts ...time.Time) {
	table := "daily_mentions"
	if q.coarseMentions() {
		table = "daily_topic_mentions"
	}
	q.union(s, w, cuts, q.runRollups(),
		func(s *sqlb, r sightline.Window) {
			s.add(`SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.found_brand_id AS found_brand_id,
				d.mentions AS n, d.sentiment_sum AS sent FROM ` + table + ` d WHERE `)
			q.filterIn(s, "d", r)
		},
		func(s *sqlb, r sightline.Window) {
			s.add(`SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.found_brand_id AS found_brand_id, 1 AS n, m.sentiment AS sent
				FROM mentions m WHERE `)
			q.factFilter(s, "m", r)
		})
}

// targetRunsSrc yields ran_at, topic_id, n: the runs naming the target.
// With one target found brand they are its mentions (one per run); with
// several (filter[brand_ids]) each run once, which only the fact tables can
// tell.
func (q *scopeQ) targetRunsSrc(s *sqlb, w sightline.Window, cuts ...time.Time) {
	if len(q.targetIDs) > 1 {
		s.add(`SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, 1 AS n FROM mentions m WHERE `)
		q.factFilter(s, "m", w)
		s.add(` AND m.found_brand_id IN (`+placeholders(len(q.targetIDs))+`)
			GROUP BY m.run_seq, m.ran_at, m.topic_id`, anys(q.targetIDs))
		return
	}
	s.add(`SELECT ran_at, topic_id, n FROM (`)
	q.mentionsSrc(s, w, cuts...)
	s.add(`) tm WHERE tm.found_brand_id = ?`, q.targetIDs[0])
}

// targetRunsByDimSrc is targetRunsSrc with provider_id and region_id.
func (q *scopeQ) targetRunsByDimSrc(s *sqlb, w sightline.Window, cuts ...time.Time) {
	if len(q.targetIDs) > 1 {
		s.add(`SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.provider_id AS provider_id, m.region_id AS region_id, 1 AS n
			FROM mentions m WHERE `)
		q.factFilter(s, "m", w)
		s.add(` AND m.found_brand_id IN (`+placeholders(len(q.targetIDs))+`)
			GROUP BY m.run_seq, m.ran_at, m.topic_id, m.provider_id, m.region_id`, anys(q.targetIDs))
		return
	}
	q.union(s, w, cuts, q.runRollups(),
		func(s *sqlb, r sightline.Window) {
			s.add(`SELECT d.ran_at AS ran_at, d.topic_id AS topic_id, d.provider_id AS provider_id, d.region_id AS region_id, d.mentions AS n
				FROM daily_mentions d WHERE `)
			q.filterIn(s, "d", r)
			s.add(` AND d.found_brand_id = ?`, q.targetIDs[0])
		},
		func(s *sqlb, r sightline.Window) {
			s.add(`SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, m.provider_id AS provider_id, m.region_id AS region_id, 1 AS n
				FROM mentions m WHERE `)
			q.factFilter(s, "m", r)
			s.add(` AND m.found_brand_id = ?`, q.targetIDs[0])
		})
}
