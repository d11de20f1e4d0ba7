package sqlstore

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

// rollupTestRuns are runs of two brands over three days, each run naming
// the brand and a competitor, citing two pages of a domain (one owned),
// showing ads, one advertiser twice in the same run, issuing fan-out
// queries, two spellings of one query in the same run, and retrieving
// none, one or two pages of a domain.
func rollupTestRuns(n int) []analyticsql.RollupRun {
	owned := map[string]bool{"taskloom.com": true}
	found := []analyticsql.FoundBrand{{ID: "found-self", Self: true}, {ID: "found-comp", Comp: true}}
	out := make([]analyticsql.RollupRun, n)
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
		out[i] = analyticsql.RollupRun{Run: r, Provider: []string{"chatgpt", "gemini"}[i%2], Region: "us", Found: found, Owned: owned,
			Advertisers: []string{"adv-1", "adv-2", "adv-1"}[:i%4]}
	}
	return out
}

// The sums made beside the store are the ones made inline, row for row
// and in the same order (the sums themselves: analyticsql's
// TestSums_Rows).
func TestRollupSums_SameAsInline(t *testing.T) {
	runs := rollupTestRuns(300)
	inline := analyticsql.NewSums()
	for _, c := range runs {
		inline.Add(c)
	}
	want, err := inline.Rows()
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
		if got[i].Table != want[i].Table || !reflect.DeepEqual(got[i].Args, want[i].Args) {
			t.Errorf("upsert %d (%s): rows differ from the inline sums:\n got %v\nwant %v", i, want[i].Table, got[i].Args, want[i].Args)
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
