package sqlstore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
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
	res, err := ingest.New(g.db).Ingest(context.Background(), &in, ingest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Inserted != len(recs) || len(res.Errors) != 0 {
		t.Fatalf("ingest: %+v", res)
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
	find("page 2", sightline.SearchQueryFilter{PageRequest: sightline.PageRequest{Page: 2, PageSize: 1}},
		[]*sightline.SearchQueryRow{crmPricing}, 3)
	find("past the end", sightline.SearchQueryFilter{PageRequest: sightline.PageRequest{Page: 9, PageSize: 1}}, nil, 3)
	_, _, err := g.db.FindSearchQueries(ctx, gOrgA, sightline.SearchQueryFilter{
		Scope: sightline.Scope{BrandID: gBrandB, Window: gW}, PageRequest: gPage1})
	gWantCode(t, "other organization's brand", err, sightline.ENOTFOUND)
}

// After pruning before 1 March, the fan-out list over a window from that
// day answers as before, and a window reaching before it is refused on
// filter[ran_at_start] like every analytics read that needs pruned facts
// (docs/retention.md#what-still-answers): the queries, mentions and
// citations of those days are gone, so its counts would silently shrink.
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
	if _, n, err := find(early); err != nil || n != 3 {
		t.Fatalf("early window before pruning: %d rows, %v", n, err)
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
	for name, s := range map[string]sightline.Scope{"W": g.scope(), "from 1 February": early} {
		_, _, err := find(s)
		var e *sightline.Error
		if sightline.ErrorCode(err) != sightline.EINVALIDPARAM || !errors.As(err, &e) || len(e.Details) != 1 ||
			e.Details[0].Field == nil || *e.Details[0].Field != "filter[ran_at_start]" {
			t.Errorf("%s over pruned days: %v, want INVALID_PARAMETER on filter[ran_at_start]", name, err)
		}
	}
}
