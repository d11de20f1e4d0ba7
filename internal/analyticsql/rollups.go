package analyticsql

import (
	"slices"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// The rollups are sums of the fact tables by UTC day, ISO week or half
// week (docs/metrics.md#rollups). This package owns them end to end: the
// catalogue below says which tables exist and what a row of each holds;
// Sums adds analyzed runs into rows at ingest (rollup_sums.go); the
// templates of sql/rollup_*.sql rewrite them from the facts (a brand's
// rebuild, reanalyze, the migrations that add a table); and the reads
// choose among them (source.go, citation.go, search_queries.go, agents.go).
// sqlstore runs what these return inside its transactions.

// Grain is the span of time one rollup row sums.
type Grain string

const (
	Day      Grain = "day"
	Week     Grain = "week"      // an ISO week: the row's day is its Monday
	HalfWeek Grain = "half_week" // Monday to Wednesday or Thursday to Sunday (HalfWeekStart)
)

// Rollup is one rollup table. Its columns are, in this order, Keys (the
// primary key: a row per distinct value), Attrs (attributes of the key,
// the smallest seen), Flags (0 or 1: set once any row sets it), Sums
// (added up) and Latest (the latest time seen).
type Rollup struct {
	Table string
	Grain Grain
	// Time is the key column holding the row's day (its bucket's first day).
	Time string
	// Facts names the fact tables it counts, for the reader.
	Facts string
	// Daily is the daily table a weekly or half-week table adds up
	// (WeeklyRollups); empty for a table written from the facts.
	Daily string
	// Log: the rollup counts the access logs (agent_visits,
	// ai_referrals). It freezes no owned domain or competitor, so no
	// brand rebuild rewrites it; the others are the run rollups, which
	// a brand's rebuild clears and fills again.
	Log bool

	Keys, Attrs, Flags, Sums, Latest []string
}

// Columns are the table's columns in the order of its rows.
func (r Rollup) Columns() []string {
	return slices.Concat(r.Keys, r.Attrs, r.Flags, r.Sums, r.Latest)
}

// Upsert is the clause after an INSERT's rows that adds them to the rows
// stored with the same key: sums added, flags or-ed, the latest time kept
// (an attribute stays as first stored).
func (r Rollup) Upsert() string {
	var set []string
	for _, c := range r.Sums {
		set = append(set, c+" = "+r.Table+"."+c+" + excluded."+c)
	}
	for _, c := range r.Flags {
		set = append(set, c+" = CASE WHEN excluded."+c+" = 1 THEN 1 ELSE "+r.Table+"."+c+" END")
	}
	for _, c := range r.Latest {
		// a NULL (no time yet) on either side gives way to the other
		set = append(set, c+" = CASE WHEN "+r.Table+"."+c+" IS NULL OR excluded."+c+" > "+r.Table+"."+c+
			" THEN excluded."+c+" ELSE "+r.Table+"."+c+" END")
	}
	return "ON CONFLICT (" + strings.Join(r.Keys, ", ") + ") DO UPDATE SET\n  " + strings.Join(set, ",\n  ")
}

var (
	runKeys       = []string{"brand_id", "ran_at", "topic_id", "provider_id", "region_id"}
	runSums       = []string{"runs", "citations", "owned_citations", "surface_runs", "answered_runs"}
	mentionSums   = []string{"mentions", "sentiment_sum"}
	pageAttrs     = []string{"domain", "page_type", "domain_type", "subreddit"}
	citeFlags     = []string{"has_source", "has_inline"}
	citeSums      = []string{"citations", "named", "comp_only"}
	queryKeys     = []string{"brand_id", "ran_at", "topic_id", "provider_id", "prompt_id", "query_key"}
	querySums     = []string{"runs", "self_runs", "owned_citations"}
	retrievedKeys = func(col string) []string {
		return []string{"brand_id", col, "ran_at", "topic_id", "provider_id", "region_id"}
	}
	agentPageSums = []string{"visits", "error_visits"}
	lastVisit     = []string{"last_visit_at"}
	// a page's totals keep each verdict's visits, errors and latest visit
	// in columns of their own (docs/metrics.md#rollups)
	pageVerdictSums = []string{"verified_visits", "spoofed_visits", "unverified_visits",
		"verified_errors", "spoofed_errors", "unverified_errors"}
	pageVerdictLatest = []string{"verified_last_at", "spoofed_last_at", "unverified_last_at"}
)

// queryRegionKeys key the fan-out rollups that a region filter reads: the
// region second, so that each region of the filter is one range of the
// key (docs/metrics.md#reading-them).
var queryRegionKeys = []string{"brand_id", "region_id", "ran_at", "topic_id", "provider_id", "prompt_id", "query_key"}

// Rollups is the catalogue of the rollup tables, in the order ingest
// writes them (docs/metrics.md#the-tables).
var Rollups = []Rollup{
	{Table: "daily_runs", Grain: Day, Time: "ran_at", Facts: "runs, citations", Keys: runKeys, Sums: runSums},
	{Table: "weekly_runs", Grain: Week, Time: "ran_at", Daily: "daily_runs", Keys: runKeys, Sums: runSums},
	{Table: "daily_mentions", Grain: Day, Time: "ran_at", Facts: "mentions",
		Keys: slices.Concat(runKeys, []string{"found_brand_id"}), Sums: mentionSums},
	{Table: "daily_topic_mentions", Grain: Day, Time: "ran_at", Facts: "mentions",
		Keys: []string{"brand_id", "ran_at", "topic_id", "found_brand_id"}, Sums: mentionSums},
	{Table: "weekly_topic_mentions", Grain: Week, Time: "ran_at", Daily: "daily_topic_mentions",
		Keys: []string{"brand_id", "ran_at", "topic_id", "found_brand_id"}, Sums: mentionSums},
	{Table: "daily_pages", Grain: Day, Time: "ran_at", Facts: "citations, mentions",
		Keys: []string{"brand_id", "ran_at", "page"}, Attrs: pageAttrs, Flags: citeFlags, Sums: citeSums},
	{Table: "weekly_pages", Grain: Week, Time: "ran_at", Daily: "daily_pages",
		Keys: []string{"brand_id", "ran_at", "page"}, Attrs: pageAttrs, Flags: citeFlags, Sums: citeSums},
	{Table: "half_week_pages", Grain: HalfWeek, Time: "ran_at", Daily: "daily_pages",
		Keys: []string{"brand_id", "ran_at", "page"}, Attrs: pageAttrs, Flags: citeFlags, Sums: citeSums},
	{Table: "daily_topic_pages", Grain: Day, Time: "ran_at", Facts: "citations, mentions",
		Keys: []string{"brand_id", "topic_id", "provider_id", "ran_at", "page"}, Attrs: pageAttrs, Flags: citeFlags, Sums: citeSums},
	{Table: "daily_domains", Grain: Day, Time: "ran_at", Facts: "citations, mentions",
		Keys: []string{"brand_id", "ran_at", "domain"}, Attrs: []string{"domain_type"}, Flags: citeFlags, Sums: citeSums},
	{Table: "daily_page_brands", Grain: Day, Time: "ran_at", Facts: "citations, mentions",
		Keys: []string{"brand_id", "domain", "page", "ran_at", "found_brand_id"}, Sums: []string{"citations"}},
	{Table: "daily_domain_brands", Grain: Day, Time: "ran_at", Facts: "citations, mentions",
		Keys: []string{"brand_id", "domain", "ran_at", "found_brand_id"}, Sums: []string{"citations"}},
	{Table: "daily_ads", Grain: Day, Time: "ran_at", Facts: "ads",
		Keys: []string{"brand_id", "ran_at", "advertiser_id", "provider_id"}, Sums: []string{"ads", "appearances"}},
	{Table: "daily_search_queries", Grain: Day, Time: "ran_at", Facts: "run_search_queries, mentions, citations",
		Keys: queryKeys, Sums: querySums},
	{Table: "weekly_search_queries", Grain: Week, Time: "ran_at", Daily: "daily_search_queries", Keys: queryKeys, Sums: querySums},
	{Table: "daily_search_query_regions", Grain: Day, Time: "ran_at", Facts: "run_search_queries, mentions, citations",
		Keys: queryRegionKeys, Sums: querySums},
	{Table: "weekly_search_query_regions", Grain: Week, Time: "ran_at", Daily: "daily_search_query_regions",
		Keys: queryRegionKeys, Sums: querySums},
	{Table: "daily_retrieved_pages", Grain: Day, Time: "ran_at", Facts: "run_sources", Keys: retrievedKeys("page"), Sums: []string{"runs"}},
	{Table: "weekly_retrieved_pages", Grain: Week, Time: "ran_at", Daily: "daily_retrieved_pages",
		Keys: retrievedKeys("page"), Sums: []string{"runs"}},
	{Table: "daily_retrieved_domains", Grain: Day, Time: "ran_at", Facts: "run_sources", Keys: retrievedKeys("domain"), Sums: []string{"runs"}},
	{Table: "weekly_retrieved_domains", Grain: Week, Time: "ran_at", Daily: "daily_retrieved_domains",
		Keys: retrievedKeys("domain"), Sums: []string{"runs"}},
	{Table: "daily_retrieved_page_totals", Grain: Day, Time: "ran_at", Facts: "run_sources",
		Keys: []string{"brand_id", "page", "ran_at"}, Sums: []string{"runs"}},
	{Table: "daily_retrieved_domain_totals", Grain: Day, Time: "ran_at", Facts: "run_sources",
		Keys: []string{"brand_id", "domain", "ran_at"}, Sums: []string{"runs"}},

	{Table: "daily_agent_visits", Grain: Day, Time: "visited_at", Facts: "agent_visits", Log: true,
		Keys: []string{"brand_id", "visited_at", "agent", "operator", "purpose", "verification", "status_class"}, Sums: []string{"visits"}},
	{Table: "daily_agent_pages", Grain: Day, Time: "visited_at", Facts: "agent_visits", Log: true,
		Keys: []string{"brand_id", "agent", "visited_at", "url", "operator", "purpose", "verification"}, Sums: agentPageSums, Latest: lastVisit},
	{Table: "weekly_agent_pages", Grain: Week, Time: "visited_at", Facts: "agent_visits", Log: true,
		Keys: []string{"brand_id", "agent", "visited_at", "url", "operator", "purpose", "verification"}, Sums: agentPageSums, Latest: lastVisit},
	{Table: "daily_agent_page_totals", Grain: Day, Time: "visited_at", Facts: "agent_visits", Log: true,
		Keys: []string{"brand_id", "visited_at", "url"}, Sums: pageVerdictSums, Latest: pageVerdictLatest},
	{Table: "weekly_agent_page_totals", Grain: Week, Time: "visited_at", Facts: "agent_visits", Log: true,
		Keys: []string{"brand_id", "visited_at", "url"}, Sums: pageVerdictSums, Latest: pageVerdictLatest},
	{Table: "daily_ai_referrals", Grain: Day, Time: "referred_at", Facts: "ai_referrals", Log: true,
		Keys: []string{"brand_id", "referred_at", "source", "url"}, Sums: []string{"visits"}},
	{Table: "weekly_ai_referrals", Grain: Week, Time: "referred_at", Facts: "ai_referrals", Log: true,
		Keys: []string{"brand_id", "referred_at", "source", "url"}, Sums: []string{"visits"}},
	{Table: "daily_ai_referral_sources", Grain: Day, Time: "referred_at", Facts: "ai_referrals", Log: true,
		Keys: []string{"brand_id", "referred_at", "source"}, Sums: []string{"visits"}},
}

// RollupOf returns the catalogue's entry of a table; it panics on a
// table that is not a rollup, a bug of the caller.
func RollupOf(table string) Rollup {
	for _, r := range Rollups {
		if r.Table == table {
			return r
		}
	}
	panic("analyticsql: no rollup table " + table)
}

// RunRollups are the tables of the run rollups (not Log), daily ones
// first within each family as ingest writes them.
func RunRollups() []Rollup {
	var out []Rollup
	for _, r := range Rollups {
		if !r.Log {
			out = append(out, r)
		}
	}
	return out
}

// BucketStart is the first day of the bucket of this grain that t falls
// in: the row's day.
func (g Grain) BucketStart(t time.Time) time.Time {
	switch g {
	case Week:
		return sightline.BucketStart(t, "week")
	case HalfWeek:
		return HalfWeekStart(t)
	}
	return sightline.StartOfDay(t)
}

// RollupWrite is a statement that writes one rollup table.
type RollupWrite struct {
	Table string
	*Builder
}

// RollupFill selects the runs whose facts a fill adds to the rollups:
// seq in [Lo, Hi], and, when BrandID is set, the brand's runs from Since
// on.
type RollupFill struct {
	Lo, Hi  int64
	BrandID string
	Since   time.Time
}

// rollupWeeks is the data of a weekly or half-week table's statement
// (rollup_weeks) and of a brand's clearing (rollup_clear): the brand's
// rows from From on.
type rollupWeeks struct {
	BrandID string
	From    time.Time
}

// FillRollups are the statements that add the facts of f's runs to the
// daily run rollups (sql/rollup_fill.sql), or to those of tables only (a
// migration that adds one: the later tables do not exist yet).
func FillRollups(d Dialect, f RollupFill, tables ...string) []RollupWrite {
	var out []RollupWrite
	q := &Scope{Dialect: d}
	for _, r := range RunRollups() {
		if r.Grain != Day || len(tables) > 0 && !slices.Contains(tables, r.Table) {
			continue
		}
		out = append(out, RollupWrite{r.Table, q.write("fill_"+r.Table, Pair{r, f})})
	}
	return out
}

// FillRollups0002 are migration 0002's fills of tables, in its schema:
// daily_runs without the counts of search-surface runs, which migration
// 0029 adds and counts.
func FillRollups0002(d Dialect, f RollupFill, tables ...string) []RollupWrite {
	out := FillRollups(d, f, tables...)
	for i, w := range out {
		if w.Table == "daily_runs" {
			r := RollupOf(w.Table)
			r.Sums = slices.DeleteFunc(slices.Clone(r.Sums), func(c string) bool { return c == "surface_runs" || c == "answered_runs" })
			out[i].Builder = (&Scope{Dialect: d}).write("fill_daily_runs", Pair{r, f})
		}
	}
	return out
}

// Has reports whether the table has the column.
func (r Rollup) Has(col string) bool { return slices.Contains(r.Columns(), col) }

// WeeklyRollups are the statements that add up a brand's daily rows by
// ISO week into the weekly tables from week on, and by half week into the
// half-week tables from half on (rollup_weeks); those rows of the brand
// must be empty. tables, when given, limits them to those tables.
func WeeklyRollups(d Dialect, brandID string, week, half time.Time, tables ...string) []RollupWrite {
	var out []RollupWrite
	q := &Scope{Dialect: d}
	for _, r := range RunRollups() {
		if r.Daily == "" || len(tables) > 0 && !slices.Contains(tables, r.Table) {
			continue
		}
		from := week
		if r.Grain == HalfWeek {
			from = half
		}
		out = append(out, RollupWrite{r.Table, q.write("rollup_weeks", Pair{r, rollupWeeks{brandID, from}})})
	}
	return out
}

// BrandRebuild recomputes a brand's run rollups from its facts. The rows
// hold what was true at ingest of which domains are owned and which found
// brands are tracked competitors, so a change of either, and reanalyze,
// rebuild them. The days before the brand's pruned day (Since; zero when
// never pruned) have no facts left to count again: their rows, and the
// weekly and half-week rows of the weeks they begin, stay as they are
// (docs/retention.md#what-still-answers). sqlstore runs Clear, then
// RunRange, Fill over the range it returns (none when hi < lo), then
// Weeks, in one transaction.
type BrandRebuild struct {
	BrandID string
	Since   time.Time
}

// from is the first day of the rows of grain g the rebuild rewrites: the
// bucket the pruned day falls in.
func (b BrandRebuild) from(g Grain) time.Time {
	if b.Since.IsZero() {
		return b.Since
	}
	return g.BucketStart(b.Since)
}

// Clear deletes the rows the rebuild rewrites, of every run rollup.
func (b BrandRebuild) Clear(d Dialect) []RollupWrite {
	var out []RollupWrite
	q := &Scope{Dialect: d}
	for _, r := range RunRollups() {
		out = append(out, RollupWrite{r.Table, q.write("rollup_clear", Pair{r, rollupWeeks{b.BrandID, b.from(r.Grain)}})})
	}
	return out
}

// RunRange is the statement whose one row is the smallest and largest
// seq of the brand's runs from Since on (0, -1 when none).
func (b BrandRebuild) RunRange(d Dialect) *Builder {
	return RunRange(d, &b)
}

// Fill adds the facts of the brand's runs from Since on with seq in
// [lo, hi] to the daily run rollups.
func (b BrandRebuild) Fill(d Dialect, lo, hi int64) []RollupWrite {
	return FillRollups(d, RollupFill{Lo: lo, Hi: hi, BrandID: b.BrandID, Since: b.Since})
}

// Weeks adds up the new daily rows into the weekly and half-week tables.
func (b BrandRebuild) Weeks(d Dialect) []RollupWrite {
	return WeeklyRollups(d, b.BrandID, b.from(Week), b.from(HalfWeek))
}

// RunRange is the statement whose one row is the smallest and largest seq
// of every run, or of b's brand from its Since on (0, -1 when none): the
// range a fill covers.
func RunRange(d Dialect, b *BrandRebuild) *Builder {
	return (&Scope{Dialect: d}).write("rollup_run_range", b)
}

// SurfaceFill0029 are migration 0029's statements: they count every
// stored run of a search surface into the run rollups' rows, the weekly
// ones adding up their days.
func SurfaceFill0029(d Dialect) []RollupWrite {
	q := &Scope{Dialect: d}
	return []RollupWrite{
		{"daily_runs", q.write("fill_0029_daily_runs", nil)},
		{"weekly_runs", q.write("fill_0029_weekly_runs", nil)},
	}
}

// SearchQueryFill0022 are migration 0022's statements: they fill the
// fan-out rollups of its schema, whose rows 0026 adds up without the
// region, from every stored run. A migration's step runs on its own
// schema, so these stay as they were when the catalogue changes.
func SearchQueryFill0022(d Dialect) []RollupWrite {
	q := &Scope{Dialect: d}
	return []RollupWrite{
		{"daily_search_queries", q.write("fill_0022_daily_search_queries", nil)},
		{"weekly_search_queries", q.write("fill_0022_weekly_search_queries", nil)},
	}
}
