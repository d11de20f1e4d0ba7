package analyticsql

import (
	"slices"
	"strings"

	"github.com/sightline/sightline"
)

// SearchQueryPage is the data of the fan-out list's page
// (sql/search_queries.sql): the text filter as a LIKE pattern ("" for
// none), the ORDER BY clause (from sqlstore's whitelist of sort keys) and
// the page's rows.
type SearchQueryPage struct {
	Query   string
	OrderBy string
	Limit   int
	Offset  int
	// Pieces are the rollup reads of the window's whole days, Facts the
	// ranges the fact tables answer; Rest: a piece has a quiet-week test.
	Pieces []rollupPiece
	Facts  []sightline.Window
	Rest   bool
	// Daily and Weekly are the fan-out rollups the pieces read.
	Daily, Weekly string
}

// searchQueryRollups reports whether the fan-out rollups may answer the
// scope: they keep the topic, provider, region and prompt of the scope
// filters, and count only the brand itself as the target (self_runs), so
// filter[target_brand] naming another brand and filter[brand_ids] read
// the facts (docs/metrics.md#reading-them).
func (q *Scope) searchQueryRollups() bool {
	return q.Rollups && q.SelfTarget && len(q.FoundBrandIDs) == 0
}

// regionQueries reports whether the scope filters regions
// (filter[region_ids], filter[prompt_regions]): the fan-out rollups per
// region answer it; the others add up the regions and have half the rows
// (docs/performance.md#rollups).
func (q *Scope) regionQueries() bool {
	return len(q.RegionIDs) > 0 || len(q.PromptRegions) > 0
}

// PromptRegionIDs are the distinct regions of filter[prompt_regions]: the
// ranges of the region rollups' key that the pairs lie in.
func (q *Scope) PromptRegionIDs() []string {
	var out []string
	for _, pr := range q.PromptRegions {
		if !slices.Contains(out, pr.RegionID) {
			out = append(out, pr.RegionID)
		}
	}
	return out
}

// SearchQueries writes the fan-out list's page (sql/search_queries.sql)
// for p's filter, order and page; it fills in the pieces.
//
// The rollups per region hold no row of a day whose facts were pruned
// before migration 0032 filled them from the facts, and nothing tells
// those days from the ones pruned later, whose rows they keep: under a
// region filter a window starting before the brand's pruned day is
// refused, as when the facts answered it
// (docs/retention.md#what-still-answers).
func (q *Scope) SearchQueries(p SearchQueryPage) *Builder {
	weeks, days, facts := splitWindow(q.Window, q.searchQueryRollups())
	t := queryTables
	if q.regionQueries() {
		t = queryRegionTables
		q.checkPruned(q.Window)
	}
	p.Daily, p.Weekly = t.daily, t.weekly
	p.Pieces, p.Facts = queryPieces(weeks, days, t), facts
	for _, pc := range p.Pieces {
		p.Rest = p.Rest || len(pc.rest) > 0
	}
	return q.write("search_queries.sql", p)
}

// The fan-out rollups: over every region, and per region.
var (
	queryTables       = rollupTable{daily: "daily_search_queries", weekly: "weekly_search_queries"}
	queryRegionTables = rollupTable{daily: "daily_search_query_regions", weekly: "weekly_search_query_regions"}
)

// queryPieces reads whole ISO weeks from the weekly table of t and the
// other whole days from its daily table, except that a part of a week is
// read as its week's row when the brand has no daily row in the rest of
// that week (a quiet week, as after today: the week's row then sums
// exactly the part's days). Whether it has is data, so the statement
// decides (rest_guard, on daily_search_queries, which has a row of a day
// whenever the table per region has one): the week piece is guarded by a
// test that the rest is empty, the days' piece by the opposite. A daily
// row is one per topic, provider, prompt and folded query (and region);
// the default window's last days, read as their week, are a third of its
// rows (docs/performance.md#rollups).
func queryPieces(weeks, days []sightline.Window, t rollupTable) []rollupPiece {
	var out []rollupPiece
	for _, w := range weeks {
		out = append(out, rollupPiece{Window: w, table: t.weekly})
	}
	for _, d := range days {
		for start := d.Start; start.Before(d.End); {
			monday := sightline.BucketStart(start, "week")
			nextMonday := monday.AddDate(0, 0, 7)
			part := sightline.Window{Start: start, End: earlier(d.End, nextMonday)}
			start = part.End
			var rest []sightline.Window
			if monday.Before(part.Start) {
				rest = append(rest, sightline.Window{Start: monday, End: part.Start})
			}
			if part.End.Before(nextMonday) {
				rest = append(rest, sightline.Window{Start: part.End, End: nextMonday})
			}
			if len(rest) == 0 {
				out = append(out, rollupPiece{Window: part, table: t.weekly})
				continue
			}
			out = append(out,
				rollupPiece{Window: sightline.Window{Start: monday, End: nextMonday}, table: t.weekly, asOf: part.Start, rest: rest, quiet: true},
				rollupPiece{Window: part, table: t.daily, rest: rest})
		}
	}
	return out
}

// FoldQuery is a fan-out query as the list groups it, stored with it as
// run_search_queries.query_key by sqlstore at ingest (and by migration
// 0022 for the rows stored before): ASCII whitespace (tab, line feed,
// vertical tab, form feed, carriage return, space) to spaces, ASCII
// letters lower-cased and other bytes kept, runs of spaces made one, the ends trimmed
// (docs/metrics.md#search-queries-search_queries). The fan-out rollups
// count by it, so it is the one definition: a second one in SQL could
// group a query apart from its rollup rows.
func FoldQuery(q string) string {
	var b strings.Builder
	b.Grow(len(q))
	space := false
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch c {
		case '\t', '\n', '\v', '\f', '\r', ' ':
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}
