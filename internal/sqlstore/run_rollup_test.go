package sqlstore

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// rollupTestRuns are runs of two brands over three days, each run naming
// the brand and a competitor, citing two pages of a domain (one owned),
// showing ads, one advertiser twice in the same run, and issuing fan-out
// queries, two spellings of one query in the same run.
func rollupTestRuns(n int) []rollupRun {
	owned := map[string]bool{"taskloom.com": true}
	found := []foundRef{{id: "found-self", self: true}, {id: "found-comp", comp: true}}
	out := make([]rollupRun, n)
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
		}
		out[i] = rollupRun{run: r, provider: []string{"chatgpt", "gemini"}[i%2], region: "us", found: found, owned: owned,
			advertisers: []string{"adv-1", "adv-2", "adv-1"}[:i%4]}
	}
	return out
}

// The sums made beside the store are the ones made inline, row for row
// and in the same order: the first ad of an advertiser in a run counts an
// appearance, a second one does not.
func TestRollupSums_SameAsInline(t *testing.T) {
	runs := rollupTestRuns(300)
	inline := newDayRollups()
	for _, c := range runs {
		inline.add(c.run, c.provider, c.region, c.found, c.owned)
		shown := map[string]bool{}
		for _, adv := range c.advertisers {
			inline.addAd(c.run.BrandID, c.run.RanAt, adv, c.provider, !shown[adv])
			shown[adv] = true
		}
	}
	want, err := inline.upserts()
	if err != nil {
		t.Fatal(err)
	}
	s := startRollupSums()
	for i := 0; i < len(runs); i += 128 { // as insertChunk hands them over
		s.add(runs[i:min(i+128, len(runs))])
	}
	got, err := s.wait()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d upserts, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].table != want[i].table || !reflect.DeepEqual(got[i].args, want[i].args) {
			t.Errorf("upsert %d (%s): rows differ from the inline sums:\n got %v\nwant %v", i, want[i].table, got[i].args, want[i].args)
		}
	}
	var ads *factRows
	for _, f := range got {
		if f.table == "daily_ads" {
			ads = f
		}
	}
	if ads == nil || len(ads.args) == 0 {
		t.Fatal("no daily_ads rows")
	}
	var total, appearances int64
	for i := 0; i < len(ads.args); i += len(ads.cols) {
		total += ads.args[i+4].(int64)
		appearances += ads.args[i+5].(int64)
	}
	// runs i%4 = 1, 2, 3 show 1, 2 and 3 ads of 1, 2 and 2 advertisers
	if total != 75*6 || appearances != 75*5 {
		t.Errorf("daily_ads: %d ads and %d appearances, want %d and %d", total, appearances, 75*6, 75*5)
	}
	// runs i%3 = 0 and 1 issue one folded query each, name the brand and
	// cite one owned page: 200 runs, 200 naming it, 200 owned citations,
	// the same in the days and in the weeks
	for _, table := range []string{"daily_search_queries", "weekly_search_queries"} {
		var rows *factRows
		for _, f := range got {
			if f.table == table {
				rows = f
			}
		}
		if rows == nil {
			t.Fatalf("no %s rows", table)
		}
		var runs, self, owned int64
		keys := map[string]bool{}
		col := func(name string) int { return slices.Index(rows.cols, name) }
		for i := 0; i < len(rows.args); i += len(rows.cols) {
			keys[rows.args[i+col("query_key")].(string)] = true
			runs += rows.args[i+col("runs")].(int64)
			self += rows.args[i+col("self_runs")].(int64)
			owned += rows.args[i+col("owned_citations")].(int64)
		}
		if runs != 200 || self != 200 || owned != 200 || len(keys) != 2 || !keys["best crm"] || !keys["crm pricing"] {
			t.Errorf("%s: %d runs, %d naming the brand, %d owned citations, queries %v; want 200 each, best crm and crm pricing",
				table, runs, self, owned, keys)
		}
	}
}

// A failed transaction stops the goroutine without making upserts, and
// stopping twice, or after wait, is harmless.
func TestRollupSums_Stop(t *testing.T) {
	s := startRollupSums()
	s.add(rollupTestRuns(10))
	s.stop()
	select {
	case <-s.done:
	default:
		t.Fatal("stop returned before the goroutine ended")
	}
	if s.upserts != nil {
		t.Errorf("a stopped sum made %d upserts", len(s.upserts))
	}
	s.stop()

	s = startRollupSums()
	s.add(rollupTestRuns(10))
	s.finish()
	if got, err := s.wait(); err != nil || len(got) == 0 {
		t.Fatalf("wait = %d upserts, %v", len(got), err)
	}
	s.stop()
	if s.upserts == nil {
		t.Error("stop after wait dropped the upserts")
	}
}
