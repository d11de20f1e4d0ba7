package sqlstore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
	"github.com/sightline/sightline/internal/ingest"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// gQueryRecord is a golden ingest record with its fan-out queries.
type gQueryRecord struct {
	gRecord
	SearchQueries []string `json:"search_queries"`
}

// seedSearchQueries adds to the golden data set runs with fan-out queries
// (the golden runs report none):
//
//	s1 P1 chatgpt    2026-03-01 names Acme   cites acme.com/pricing, acme.io, g2  queries "Best CRM", "crm pricing"
//	s2 P2 perplexity 2026-03-02 names Globex cites acme.com/blog, globex.com     queries "best   crm", "Best\tCRM "
//	s3 P3 chatgpt    2026-03-03 names Acme   cites techcrunch                    queries " best crm", "Email Tools"
//	s4 P4 perplexity 2026-03-04 names none   cites none                          queries none (reported)
//	s5 P1 chatgpt    2026-02-10 (before W)   names Acme                          queries "best crm"
//	s6 brand Umbrella (other organization)                                       queries "best crm"
func seedSearchQueries(t *testing.T, g *golden) {
	t.Helper()
	rec := func(n int, brand, prompt, provider, ranAt string, m []gMention, c []gCite, queries ...string) gQueryRecord {
		if queries == nil {
			queries = []string{}
		}
		return gQueryRecord{gRecord: gRecord{ID: gRunID(n), BrandID: brand, PromptID: prompt, Provider: provider, Region: "us",
			RanAt: ranAt, Answer: "answer", Mentions: m, Citations: c}, SearchQueries: queries}
	}
	recs := []gQueryRecord{
		rec(31, gBrandA, gP1, "chatgpt", "2026-03-01T10:00:00Z", gM("Acme", 70),
			[]gCite{gS(gAP), gS(gAI), gS(gG2)}, "Best CRM", "crm pricing"),
		rec(32, gBrandA, gP2, "perplexity", "2026-03-02T10:00:00Z", gM("Globex", 60),
			[]gCite{gS(gAB), gS("https://globex.com/features")}, "best   crm", "Best\tCRM "),
		rec(33, gBrandA, gP3, "chatgpt", "2026-03-03T10:00:00Z", gM("Acme", 50),
			[]gCite{gS(gTC)}, " best crm", "Email Tools"),
		rec(34, gBrandA, gP4, "perplexity", "2026-03-04T10:00:00Z", gM(), []gCite{}),
		rec(35, gBrandA, gP1, "chatgpt", "2026-02-10T10:00:00Z", gM("Acme", 50), []gCite{gS(gAP)}, "best crm"),
		rec(36, gBrandB, gPromptB, "chatgpt", "2026-03-03T10:00:00Z", gM("Umbrella", 50), []gCite{}, "best crm"),
	}
	var in bytes.Buffer
	for _, r := range recs {
		line, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		in.Write(line)
		in.WriteByte('\n')
	}
	ingestQueryRecords(t, g, recs)
}

// ingestQueryRecords ingests golden records with fan-out queries.
func ingestQueryRecords(t *testing.T, g *golden, recs []gQueryRecord) {
	t.Helper()
	var in bytes.Buffer
	for _, r := range recs {
		line, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		in.Write(line)
		in.WriteByte('\n')
	}
	res, err := ingest.New(g.db).Ingest(context.Background(), &in, ingest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Inserted != len(recs) || len(res.Errors) != 0 {
		t.Fatalf("ingest: %+v", res)
	}
}

// seedDailySearchQueries adds two runs with fan-out queries on each day
// from 2026-02-14 to 2026-03-11 (ids 40–91), at hours spread over the
// day, cycling prompts, providers, regions, named brands, citations and
// spellings (two spellings of one folded query in some runs), so that
// every window of a test has queries in whole weeks, whole days and the
// cut parts of its edge days.
func seedDailySearchQueries(t *testing.T, g *golden) {
	t.Helper()
	prompts := []string{gP1, gP2, gP3, gP4}
	providers := []string{"chatgpt", "perplexity"}
	regions := []string{"us", "gb", "us"}
	mentions := [][]gMention{gM("Acme", 70), gM("Globex", 40), gM(), gM("Acme", 60, "Globex", 50)}
	cites := [][]gCite{{gS(gAP), gS(gTC)}, {gS(gAB)}, {}, {gS(gAI), gS(gAP), gS(gG2)}}
	queries := [][]string{{"Best CRM", "best\tcrm"}, {"CRM pricing"}, {" email  tools", "Best CRM"}, {"crm PRICING", "acme reviews"}, {}}
	var recs []gQueryRecord
	n := 40
	for day := time.Date(2026, 2, 14, 0, 0, 0, 0, time.UTC); day.Before(time.Date(2026, 3, 12, 0, 0, 0, 0, time.UTC)); day = day.AddDate(0, 0, 1) {
		for _, h := range []int{3, 15} {
			i := n + h
			ranAt := day.Add(time.Duration((n*7+h)%24)*time.Hour + 20*time.Minute)
			recs = append(recs, gQueryRecord{gRecord: gRecord{ID: gRunID(n), BrandID: gBrandA, PromptID: prompts[i%len(prompts)],
				Provider: providers[n%len(providers)], Region: regions[i%len(regions)], RanAt: ranAt.Format(time.RFC3339),
				Answer: "answer", Mentions: mentions[i%len(mentions)], Citations: cites[n%len(cites)]},
				SearchQueries: queries[n%len(queries)]})
			n++
		}
	}
	ingestQueryRecords(t, g, recs)
}

// TestSearchQueriesRollupsEqualFacts asks the fan-out list over windows of
// whole days, whole weeks, cut days and parts of weeks whose other days
// hold no run (read as the week's row), with each filter, once with the
// fan-out rollups and once from the facts only: the rows and totals must
// be identical (docs/metrics.md#search-queries-search_queries). Each
// window longer than a day holds queries of every filter, so its answers
// have rows.
func TestSearchQueriesRollupsEqualFacts(t *testing.T) {
	g := seedGolden(t)
	seedSearchQueries(t, g)
	seedDailySearchQueries(t, g)
	ctx := context.Background()
	at := func(d, h int) time.Time { return time.Date(2026, 2, d, h, 0, 0, 0, time.UTC) } // day 29 = March 1
	windows := []sightline.Window{
		{Start: at(25, 0), End: at(39, 0)},  // W: whole days, whole weeks inside
		{Start: at(14, 0), End: at(40, 0)},  // three whole ISO weeks and days around them
		{Start: at(26, 11), End: at(37, 9)}, // both edges cut
		{Start: at(24, 12), End: at(38, 1)}, // straddles Monday 03-02 and the month
		{Start: at(26, 0), End: at(26, 23)}, // inside one day
		{Start: at(16, 0), End: at(30, 0)},  // exactly two ISO weeks
		{Start: at(20, 0), End: at(37, 23)}, // midnight start, cut end
		{Start: at(17, 5), End: at(41, 0)},  // cut start, midnight end
		{Start: at(12, 0), End: at(30, 0)},  // starts before the data: its first week is quiet
	}
	filters := []struct {
		name string
		mod  func(*sightline.Scope)
	}{
		{"default", func(*sightline.Scope) {}},
		{"topic+provider", func(s *sightline.Scope) { s.TopicIDs, s.ProviderIDs = []string{gT1}, []string{g.chatgpt} }},
		{"provider", func(s *sightline.Scope) { s.ProviderIDs = []string{g.perplex} }},
		{"region", func(s *sightline.Scope) { s.RegionIDs = []string{g.gb} }},
		{"regions+provider", func(s *sightline.Scope) { s.RegionIDs, s.ProviderIDs = []string{g.us, g.gb}, []string{g.chatgpt} }},
		{"prompt_regions", func(s *sightline.Scope) {
			s.PromptRegions = []sightline.PromptRegion{{PromptID: gP1, RegionID: g.us}, {PromptID: gP2, RegionID: g.gb}, {PromptID: gP4, RegionID: g.us}}
		}},
		{"region+prompts", func(s *sightline.Scope) { s.RegionIDs, s.PromptIDs = []string{g.us}, []string{gP2, gP3} }},
		{"prompts", func(s *sightline.Scope) { s.PromptIDs = []string{gP1, gP3} }},
		{"target=globex", func(s *sightline.Scope) { s.TargetBrand = "globex" }},
		{"brand_ids", func(s *sightline.Scope) { s.FoundBrandIDs = g.ids("Globex", "Acme") }},
	}
	sorts := []sightline.SearchQueryFilter{{}, {Query: "crm"}, {Sort: []sightline.SortKey{{Key: "visibility", Desc: true}}}}
	for _, w := range windows {
		for _, f := range filters {
			name := fmt.Sprintf("%s..%s/%s", w.Start.Format("01-02T15"), w.End.Format("01-02T15"), f.name)
			t.Run(name, func(t *testing.T) {
				for _, sf := range sorts {
					sf.Scope = g.scope(func(s *sightline.Scope) { s.Window = w }, f.mod)
					sf.PageRequest = gPage1
					g.db.NoRollups = false
					withRollups, total, err := g.db.FindSearchQueries(ctx, gOrgA, sf)
					if err != nil {
						t.Fatal(err)
					}
					g.db.NoRollups = true
					facts, factTotal, err := g.db.FindSearchQueries(ctx, gOrgA, sf)
					g.db.NoRollups = false
					if err != nil {
						t.Fatal(err)
					}
					// the one-day window's two runs are outside some filters
					if len(facts) == 0 && (f.name == "default" || w.End.Sub(w.Start) > 24*time.Hour) {
						t.Fatalf("query %q: no rows from the facts", sf.Query)
					}
					gDiff(t, "rows "+sf.Query, facts, withRollups)
					if total != factTotal {
						t.Errorf("query %q: total %d from the rollups, %d from the facts", sf.Query, total, factTotal)
					}
				}
			})
		}
	}
}

// TestGolden_SearchQueries checks GET …/search_queries against the hand
// count of seedSearchQueries (docs/metrics.md#search-queries-search_queries).
func TestGolden_SearchQueries(t *testing.T) {
	g := seedGolden(t)
	seedSearchQueries(t, g)
	ctx := context.Background()
	both := []string{g.chatgpt, g.perplex}
	slices.Sort(both)
	row := func(query string, runs, prompts int, providers []string, named, owned int) *sightline.SearchQueryRow {
		r := &sightline.SearchQueryRow{Query: query, RunCount: runs, PromptCount: prompts, ProviderIDs: providers,
			Visibility: 100 * float64(named) / float64(runs), OwnedCitationCount: owned}
		r.VisibilitySampleSize, r.VisibilityCILow, r.VisibilityCIHigh = sightline.RateStats(named, runs)
		return r
	}
	bestCRM := row("best crm", 3, 3, both, 2, 3) // s1, s2, s3; Acme in s1, s3; acme.com/pricing, acme.io, acme.com/blog
	crmPricing := row("crm pricing", 1, 1, []string{g.chatgpt}, 1, 2)
	emailTools := row("email tools", 1, 1, []string{g.chatgpt}, 1, 0)
	find := func(what string, f sightline.SearchQueryFilter, want []*sightline.SearchQueryRow, wantTotal int) {
		t.Helper()
		if f.Scope.BrandID == "" {
			f.Scope = g.scope()
		}
		if f.PageRequest == (sightline.PageRequest{}) {
			f.PageRequest = gPage1
		}
		got, total, err := g.db.FindSearchQueries(ctx, gOrgA, f)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		gDiff(t, what, want, got)
		if total != wantTotal {
			t.Errorf("%s: total %d, want %d", what, total, wantTotal)
		}
	}
	find("default", sightline.SearchQueryFilter{}, []*sightline.SearchQueryRow{bestCRM, crmPricing, emailTools}, 3)
	find("sort visibility", sightline.SearchQueryFilter{Sort: []sightline.SortKey{{Key: "visibility"}}},
		[]*sightline.SearchQueryRow{bestCRM, crmPricing, emailTools}, 3)
	find("sort -query", sightline.SearchQueryFilter{Sort: []sightline.SortKey{{Key: "query", Desc: true}}},
		[]*sightline.SearchQueryRow{emailTools, crmPricing, bestCRM}, 3)
	find("filter[query]", sightline.SearchQueryFilter{Query: "PRIC"}, []*sightline.SearchQueryRow{crmPricing}, 1)
	find("filter[query] escaped", sightline.SearchQueryFilter{Query: "b_st"}, nil, 0)
	find("perplexity", sightline.SearchQueryFilter{Scope: g.scope(func(s *sightline.Scope) { s.ProviderIDs = []string{g.perplex} })},
		[]*sightline.SearchQueryRow{row("best crm", 1, 1, []string{g.perplex}, 0, 1)}, 1)
	find("topic T2", sightline.SearchQueryFilter{Scope: g.scope(func(s *sightline.Scope) { s.TopicIDs = []string{gT2} })},
		[]*sightline.SearchQueryRow{row("best crm", 1, 1, []string{g.chatgpt}, 1, 0), emailTools}, 2)
	find("target Globex", sightline.SearchQueryFilter{Scope: g.scope(func(s *sightline.Scope) { s.TargetBrand = "Globex" })},
		[]*sightline.SearchQueryRow{row("best crm", 3, 3, both, 1, 3), row("crm pricing", 1, 1, []string{g.chatgpt}, 0, 2),
			row("email tools", 1, 1, []string{g.chatgpt}, 0, 0)}, 3)
	// every run is in us: one region reads the rollups per region
	find("region us", sightline.SearchQueryFilter{Scope: g.scope(func(s *sightline.Scope) { s.RegionIDs = []string{g.us} })},
		[]*sightline.SearchQueryRow{bestCRM, crmPricing, emailTools}, 3)
	find("region gb", sightline.SearchQueryFilter{Scope: g.scope(func(s *sightline.Scope) { s.RegionIDs = []string{g.gb} })}, nil, 0)
	find("prompt_regions P1 us, P2 gb", sightline.SearchQueryFilter{Scope: g.scope(func(s *sightline.Scope) {
		s.PromptRegions = []sightline.PromptRegion{{PromptID: gP1, RegionID: g.us}, {PromptID: gP2, RegionID: g.gb}}
	})}, []*sightline.SearchQueryRow{row("best crm", 1, 1, []string{g.chatgpt}, 1, 2), crmPricing}, 2) // s1
	find("page 2", sightline.SearchQueryFilter{PageRequest: sightline.PageRequest{Page: 2, PageSize: 1}},
		[]*sightline.SearchQueryRow{crmPricing}, 3)
	find("past the end", sightline.SearchQueryFilter{PageRequest: sightline.PageRequest{Page: 9, PageSize: 1}}, nil, 3)
	_, _, err := g.db.FindSearchQueries(ctx, gOrgA, sightline.SearchQueryFilter{
		Scope: sightline.Scope{BrandID: gBrandB, Window: gW}, PageRequest: gPage1})
	gWantCode(t, "other organization's brand", err, sightline.ENOTFOUND)
}

// After pruning before 1 March, the fan-out list answers as before over
// whole days, the pruned ones included: they come from the fan-out
// rollups, which prune keeps (docs/retention.md#what-still-answers). A
// window that would read the pruned facts is refused on
// filter[ran_at_start] like every analytics read that needs them: one
// whose start cuts a pruned day, and one whose target is not the brand
// itself (the rollups count only the brand), for their counts would
// silently shrink. Under a region filter the rollups per region answer
// from the pruned day on, and a window starting before it is refused:
// those rollups have no rows of the days pruned before migration 0032.
func TestPruneSearchQueries(t *testing.T) {
	g := seedGolden(t)
	seedSearchQueries(t, g)
	ctx := context.Background()
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	fromDay := g.scope(func(s *sightline.Scope) { s.Window.Start = day })
	early := g.scope(func(s *sightline.Scope) { s.Window.Start = time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC) })
	find := func(s sightline.Scope) ([]*sightline.SearchQueryRow, int, error) {
		return g.db.FindSearchQueries(ctx, gOrgA, sightline.SearchQueryFilter{Scope: s, PageRequest: gPage1})
	}
	before, totalBefore, err := find(fromDay)
	if err != nil || totalBefore != 3 {
		t.Fatalf("before pruning: %d rows, %v", totalBefore, err)
	}
	earlyBefore, n, err := find(early)
	if err != nil || n != 3 {
		t.Fatalf("early window before pruning: %d rows, %v", n, err)
	}
	wBefore, _, err := find(g.scope())
	if err != nil {
		t.Fatal(err)
	}
	regionFromDay := g.scope(func(s *sightline.Scope) { s.Window.Start, s.RegionIDs = day, []string{g.us} })
	regionBefore, n, err := find(regionFromDay)
	if err != nil || n != 3 {
		t.Fatalf("region us from the pruned day before pruning: %d rows, %v", n, err)
	}
	g.db.Now = func() time.Time { return time.Date(2026, 5, 30, 12, 0, 0, 0, time.UTC) }
	if _, err := g.db.PruneFacts(ctx, day, nil); err != nil {
		t.Fatal(err)
	}
	after, totalAfter, err := find(fromDay)
	if err != nil {
		t.Fatalf("window from the pruned day: %v", err)
	}
	gDiff(t, "window from the pruned day", before, after)
	if totalAfter != totalBefore {
		t.Errorf("total %d after pruning, %d before", totalAfter, totalBefore)
	}
	for name, c := range map[string]struct {
		s    sightline.Scope
		want []*sightline.SearchQueryRow
	}{"W": {g.scope(), wBefore}, "from 1 February": {early, earlyBefore}, "region us from the pruned day": {regionFromDay, regionBefore}} {
		got, _, err := find(c.s)
		if err != nil {
			t.Fatalf("%s after pruning: %v", name, err)
		}
		gDiff(t, name+" after pruning", c.want, got)
	}
	cut := g.scope(func(s *sightline.Scope) { s.Window.Start = time.Date(2026, 2, 25, 12, 0, 0, 0, time.UTC) })
	globex := g.scope(func(s *sightline.Scope) { s.TargetBrand = "Globex" })
	regionW := g.scope(func(s *sightline.Scope) { s.RegionIDs = []string{g.us} })
	promptRegionW := g.scope(func(s *sightline.Scope) { s.PromptRegions = []sightline.PromptRegion{{PromptID: gP1, RegionID: g.us}} })
	for name, s := range map[string]sightline.Scope{"W from noon": cut, "W, target Globex": globex,
		"W, region us": regionW, "W, prompt_regions": promptRegionW} {
		_, _, err := find(s)
		var e *sightline.Error
		if sightline.ErrorCode(err) != sightline.EINVALIDPARAM || !errors.As(err, &e) || len(e.Details) != 1 ||
			e.Details[0].Field == nil || *e.Details[0].Field != "filter[ran_at_start]" {
			t.Errorf("%s over pruned days: %v, want INVALID_PARAMETER on filter[ran_at_start]", name, err)
		}
	}
}

// analyticsql.FoldQuery, which ingest stores as query_key and the fan-out rollups
// count by, folds exactly as the SQL expression the list grouped by
// before migration 0022 (lower() of a COLLATE "C" column on PostgreSQL):
// ASCII whitespace, ASCII case, runs of spaces and the ends, nothing else.
func TestFoldQuery_SameAsSQL(t *testing.T) {
	raw := sqlstoretest.OpenRaw(t, sqlstoretest.NewDSN(t))
	ch, param := "char", "?"
	if sqlstoretest.Engine() == "postgres" {
		ch, param = "chr", `CAST($1 AS TEXT) COLLATE "C"`
	}
	c := func(n int) string { return fmt.Sprintf("%s(%d)", ch, n) }
	expr := param
	for _, ws := range []int{9, 10, 11, 12, 13} {
		expr = "replace(" + expr + ", " + c(ws) + ", ' ')"
	}
	expr = "trim(replace(replace(replace(lower(" + expr + "), ' ', ' ' || " + c(1) + "), " +
		c(1) + " || ' ', ''), " + c(1) + ", ''))"
	for _, q := range []string{
		"Best CRM", "  best\t\tCRM \r\n", "\v\fA  B   C\t", "Éclair ÉCLAIR über", "ǅ Ǆ straße", "x", " ", "\t\n", "",
		"a\u00a0b", "100% _Sales_ \\ tools", "ZZ top", "@[`{",
	} {
		var got string
		if err := raw.QueryRow("SELECT "+expr, q).Scan(&got); err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		if want := analyticsql.FoldQuery(q); got != want {
			t.Errorf("fold of %q: SQL %q, Go %q", q, got, want)
		}
	}
}

// A brand's rollup rebuild (here: a change of its domains) counts the
// fan-out rollups again from the facts: dropping acme.io changes owned
// citations the same way on the rollups and the facts, and owning it again
// gives back, row for row, what ingest had added up.
func TestSearchQueryRollups_Rebuild(t *testing.T) {
	g := seedGolden(t)
	seedSearchQueries(t, g)
	seedDailySearchQueries(t, g)
	ctx := context.Background()
	tables := []string{"daily_search_queries", "weekly_search_queries"}
	read := func() map[string][]string {
		t.Helper()
		out := map[string][]string{}
		for _, table := range tables {
			lines, err := g.db.TableLines(table)
			if err != nil {
				t.Fatal(err)
			}
			out[table] = lines
		}
		return out
	}
	sameAsFacts := func(when string) []*sightline.SearchQueryRow {
		t.Helper()
		f := sightline.SearchQueryFilter{Scope: g.scope(func(s *sightline.Scope) {
			s.Window = sightline.Window{Start: time.Date(2026, 2, 14, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 12, 0, 0, 0, 0, time.UTC)}
		}), PageRequest: gPage1}
		rolled, _, err := g.db.FindSearchQueries(ctx, gOrgA, f)
		if err != nil {
			t.Fatal(err)
		}
		g.db.NoRollups = true
		facts, _, err := g.db.FindSearchQueries(ctx, gOrgA, f)
		g.db.NoRollups = false
		if err != nil {
			t.Fatal(err)
		}
		gDiff(t, when, facts, rolled)
		return rolled
	}
	ingested := read()
	for _, table := range tables {
		if len(ingested[table]) < 10 {
			t.Fatalf("%s: only %d rows; the data should fill more", table, len(ingested[table]))
		}
	}
	first := sameAsFacts("as ingested")
	if _, err := g.db.UpdateBrand(ctx, gOrgA, gBrandA, sightline.BrandInput{Domains: &[]string{"acme.com"}}); err != nil {
		t.Fatal(err)
	}
	dropped := sameAsFacts("after dropping acme.io")
	if slices.EqualFunc(first, dropped, func(a, b *sightline.SearchQueryRow) bool { return a.OwnedCitationCount == b.OwnedCitationCount }) {
		t.Error("owned citation counts did not change when acme.io stopped being owned")
	}
	if _, err := g.db.UpdateBrand(ctx, gOrgA, gBrandA, sightline.BrandInput{Domains: &[]string{"acme.com", "acme.io"}}); err != nil {
		t.Fatal(err)
	}
	sameAsFacts("after owning acme.io again")
	again := read()
	for _, table := range tables {
		gDiff(t, table+" rebuilt", ingested[table], again[table])
	}
}
