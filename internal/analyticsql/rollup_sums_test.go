package analyticsql

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// rollupTestRuns are runs of two brands over three days, each run naming
// the brand and a competitor, citing two pages of a domain (one owned),
// showing ads, one advertiser twice in the same run, issuing fan-out
// queries, two spellings of one query in the same run, and retrieving
// none, one or two pages of a domain.
func rollupTestRuns(n int) []RollupRun {
	owned := map[string]bool{"taskloom.com": true}
	found := []FoundBrand{{ID: "found-self", Self: true}, {ID: "found-comp", Comp: true}}
	out := make([]RollupRun, n)
	for i := range out {
		brand := []string{"brand-a", "brand-b"}[i%2]
		r := &sightline.AnalyzedRun{
			ID: fmt.Sprintf("run-%d", i), BrandID: brand, PromptID: "prompt", TopicID: []string{"", "topic"}[i%3%2],
			RanAt:    time.Date(2026, 11, 1+i%3, i%24, 0, 0, 0, time.UTC),
			Mentions: []sightline.AnalyzedMention{{Self: true, Sentiment: float64(i % 7)}, {CompetitorID: "comp", Sentiment: 0.5}},
			Citations: []sightline.AnalyzedCitation{
				{Page: "https://taskloom.com/a", Domain: "taskloom.com", PageType: "article", DomainType: "other", Type: sightline.CitationSource},
				{Page: fmt.Sprintf("https://g2.com/%d", i%5), Domain: "g2.com", PageType: "review", DomainType: "review", Type: sightline.CitationInline},
			},
			SearchQueries: [][]string{{"Best CRM", "best \t crm"}, {"crm pricing"}, {}}[i%3],
			Sources: []sightline.AnalyzedSource{
				{Page: "https://g2.com/crm", Domain: "g2.com"}, {Page: "https://g2.com/pricing", Domain: "g2.com"},
			}[:i%3],
		}
		out[i] = RollupRun{Run: r, Provider: []string{"chatgpt", "gemini"}[i%2], Region: "us", Found: found, Owned: owned,
			Advertisers: []string{"adv-1", "adv-2", "adv-1"}[:i%4]}
	}
	return out
}

// The sums count what docs/metrics.md#the-tables says: the first ad of an
// advertiser in a run counts an appearance, a second one does not; a run
// counts once per folded query, however many spellings it issued; and
// every row has the catalogue's columns.
func TestSums_Rows(t *testing.T) {
	s := NewSums()
	for _, c := range rollupTestRuns(300) {
		s.Add(c)
	}
	got, err := s.Rows()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(RunRollups()) {
		t.Fatalf("%d tables of rows, want %d", len(got), len(RunRollups()))
	}
	for i, r := range RunRollups() {
		if got[i].Table != r.Table || len(got[i].Args) == 0 || len(got[i].Args)%len(r.Columns()) != 0 {
			t.Errorf("rows %d: %s with %d values, want rows of the %d columns of %s", i, got[i].Table, len(got[i].Args), len(r.Columns()), r.Table)
		}
	}
	var ads *RollupRows
	for i, f := range got {
		if f.Table == "daily_ads" {
			ads = &got[i]
		}
	}
	if ads == nil || len(ads.Args) == 0 {
		t.Fatal("no daily_ads rows")
	}
	var total, appearances int64
	for i := 0; i < len(ads.Args); i += len(ads.Columns()) {
		total += ads.Args[i+4].(int64)
		appearances += ads.Args[i+5].(int64)
	}
	// runs i%4 = 1, 2, 3 show 1, 2 and 3 ads of 1, 2 and 2 advertisers
	if total != 75*6 || appearances != 75*5 {
		t.Errorf("daily_ads: %d ads and %d appearances, want %d and %d", total, appearances, 75*6, 75*5)
	}
	// runs i%3 = 0 and 1 issue one folded query each, name the brand and
	// cite one owned page: 200 runs, 200 naming it, 200 owned citations,
	// the same in the days and in the weeks, over every region and per region
	for _, table := range []string{"daily_search_queries", "weekly_search_queries", "daily_search_query_regions", "weekly_search_query_regions"} {
		var rows *RollupRows
		for i, f := range got {
			if f.Table == table {
				rows = &got[i]
			}
		}
		if rows == nil {
			t.Fatalf("no %s rows", table)
		}
		var runs, self, owned int64
		keys := map[string]bool{}
		col := func(name string) int { return slices.Index(rows.Columns(), name) }
		for i := 0; i < len(rows.Args); i += len(rows.Columns()) {
			keys[rows.Args[i+col("query_key")].(string)] = true
			runs += rows.Args[i+col("runs")].(int64)
			self += rows.Args[i+col("self_runs")].(int64)
			owned += rows.Args[i+col("owned_citations")].(int64)
		}
		if runs != 200 || self != 200 || owned != 200 || len(keys) != 2 || !keys["best crm"] || !keys["crm pricing"] {
			t.Errorf("%s: %d runs, %d naming the brand, %d owned citations, queries %v; want 200 each, best crm and crm pricing",
				table, runs, self, owned, keys)
		}
	}
	// runs i%3 = 1 retrieve one page of g2.com, i%3 = 2 two: 200 runs
	// retrieved g2.com/crm, 100 g2.com/pricing, and 200 g2.com, each once
	for table, want := range map[string]map[string]int64{
		"daily_retrieved_pages":    {"https://g2.com/crm": 200, "https://g2.com/pricing": 100},
		"weekly_retrieved_pages":   {"https://g2.com/crm": 200, "https://g2.com/pricing": 100},
		"daily_retrieved_domains":  {"g2.com": 200},
		"weekly_retrieved_domains": {"g2.com": 200},
		// the same without the dimensions
		"daily_retrieved_page_totals":   {"https://g2.com/crm": 200, "https://g2.com/pricing": 100},
		"daily_retrieved_domain_totals": {"g2.com": 200},
	} {
		runs := map[string]int64{}
		for _, f := range got {
			if f.Table == table {
				for i := 0; i < len(f.Args); i += len(f.Columns()) {
					runs[f.Args[i+1].(string)] += f.Args[i+slices.Index(f.Columns(), "runs")].(int64)
				}
			}
		}
		if fmt.Sprint(runs) != fmt.Sprint(want) {
			t.Errorf("%s: runs %v, want %v", table, runs, want)
		}
	}
}
