package analyticsql

import (
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
}

// searchQueryRollups reports whether the fan-out rollups may answer the
// scope: they keep the topic, provider and prompt of the scope filters but
// not the region, and count only the brand itself as the target
// (self_runs), so filter[region_ids], filter[prompt_regions],
// filter[target_brand] naming another brand and filter[brand_ids] read
// the facts (docs/metrics.md#reading-them).
func (q *Scope) searchQueryRollups() bool {
	return q.Rollups && q.SelfTarget && len(q.FoundBrandIDs) == 0 &&
		len(q.RegionIDs) == 0 && len(q.PromptRegions) == 0
}

// SearchQueries writes the fan-out list's page (sql/search_queries.sql)
// for p's filter, order and page; it fills in the pieces.
func (q *Scope) SearchQueries(p SearchQueryPage) *Builder {
	weeks, days, facts := splitWindow(q.Window, q.searchQueryRollups())
	p.Pieces, p.Facts = queryPieces(weeks, days), facts
	for _, pc := range p.Pieces {
		p.Rest = p.Rest || len(pc.rest) > 0
	}
	return q.write("search_queries.sql", p)
}

// Tables of the fan-out rollups.
const (
	dailyQueries  = "daily_search_queries"
	weeklyQueries = "weekly_search_queries"
)

// queryPieces reads whole ISO weeks from weekly_search_queries and the
// other whole days from daily_search_queries, except that a part of a
// week is read as its week's row when the brand has no daily row in the
// rest of that week (a quiet week, as after today: the week's row then
// sums exactly the part's days). Whether it has is data, so the statement
// decides (rest_guard): the week piece is guarded by a test that the rest
// is empty, the days' piece by the opposite. A daily row is one per topic,
// provider, prompt and folded query; the default window's last days, read
// as their week, are a third of its rows (docs/performance.md#rollups).
func queryPieces(weeks, days []sightline.Window) []rollupPiece {
	var out []rollupPiece
	for _, w := range weeks {
		out = append(out, rollupPiece{Window: w, table: weeklyQueries})
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
				out = append(out, rollupPiece{Window: part, table: weeklyQueries})
				continue
			}
			out = append(out,
				rollupPiece{Window: sightline.Window{Start: monday, End: nextMonday}, table: weeklyQueries, asOf: part.Start, rest: rest, quiet: true},
				rollupPiece{Window: part, table: dailyQueries, rest: rest})
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
