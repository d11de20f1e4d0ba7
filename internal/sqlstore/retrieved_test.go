package sqlstore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

const (
	gDocs    = "https://acme.com/docs/setup"
	gWeekly  = "https://news.crmweekly.com/roundup"
	gFacts   = "https://wiki.crmfacts.net/crm"
	gCompare = "https://globex.com/compare"
)

// gSourceRecord is a golden ingest record with its retrieved sources.
type gSourceRecord struct {
	gRecord
	Sources []sightline.RunSource `json:"sources"`
}

// seedSources adds to the golden data set runs with retrieved sources (the
// golden runs report none):
//
//	s41 P1 chatgpt    us 2026-03-03 cites acme.com/pricing  retrieves acme.com/pricing (cited), acme.com/docs,
//	                                                        g2 (a source of r02, r06, r10 in W, never
//	                                                        inline), crmweekly
//	s42 P2 perplexity gb 2026-03-06 cites none              retrieves acme.com/docs, globex.com/compare,
//	                                                        crmweekly, crmfacts
//	s43 P1 chatgpt    us 2026-02-12 (before W)              retrieves acme.com/old
//	s44 brand Umbrella (other organization)                 retrieves acme.com/docs
func seedSources(t *testing.T, g *golden) {
	t.Helper()
	src := func(url string, cited bool) sightline.RunSource {
		return sightline.RunSource{URL: url, Title: "t", Cited: cited}
	}
	rec := func(n int, brand, prompt, provider, region, ranAt string, c []gCite, s ...sightline.RunSource) gSourceRecord {
		return gSourceRecord{gRecord: gRecord{ID: gRunID(n), BrandID: brand, PromptID: prompt, Provider: provider, Region: region,
			RanAt: ranAt, Answer: "answer", Mentions: gM(), Citations: c}, Sources: s}
	}
	recs := []gSourceRecord{
		rec(41, gBrandA, gP1, "chatgpt", "us", "2026-03-03T10:00:00Z", []gCite{gS(gAP)},
			src(gAP, true), src(gDocs, false), src(gG2, false), src(gWeekly, false)),
		rec(42, gBrandA, gP2, "perplexity", "gb", "2026-03-06T10:00:00Z", []gCite{},
			src(gDocs, false), src(gCompare, false), src(gWeekly, false), src(gFacts, false)),
		rec(43, gBrandA, gP1, "chatgpt", "us", "2026-02-12T10:00:00Z", []gCite{}, src("https://acme.com/old", false)),
		rec(44, gBrandB, gPromptB, "chatgpt", "us", "2026-03-03T10:00:00Z", []gCite{}, src(gDocs, false)),
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

// retrievedRow is what the store returns for a retrieved-only row: the
// ownership class or "" (ingest.ClassifyRetrieved adds the static class
// and the page type), no citations.
func retrievedRow(page, domain string, runs, pages int, ownership string) *sightline.CitationRow {
	return &sightline.CitationRow{Page: page, Domain: domain, RetrievedCount: &runs, PageCount: pages, DomainType: ownership,
		CitationTypes: []string{}, MentionedBrands: []string{}, SourceURL: page, SourceTitle: "t"}
}

// TestGolden_Retrieved checks retrieved_count on the pages and domains
// lists and the retrieved-only lists against the hand count of
// seedSources (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
func TestGolden_Retrieved(t *testing.T) {
	g := seedGolden(t)
	seedSources(t, g)
	ctx := context.Background()

	counts := func(what string, rows []*sightline.CitationRow, key func(*sightline.CitationRow) string, want map[string]int) {
		t.Helper()
		if len(rows) == 0 {
			t.Fatalf("%s: no rows", what)
		}
		for _, r := range rows {
			if r.RetrievedCount == nil || *r.RetrievedCount != want[key(r)] {
				t.Errorf("%s %s: retrieved_count %v, want %d", what, key(r), r.RetrievedCount, want[key(r)])
			}
		}
	}
	pages, _, err := g.db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: gPage1})
	if err != nil {
		t.Fatal(err)
	}
	// every other cited page of W was retrieved by no run
	counts("pages", pages, func(r *sightline.CitationRow) string { return r.Page }, map[string]int{gAP: 1, gG2: 1})
	domains, _, err := g.db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: gPage1})
	if err != nil {
		t.Fatal(err)
	}
	// acme.com: s41 (pricing, docs) and s42 (docs) once each
	counts("domains", domains, func(r *sightline.CitationRow) string { return r.Domain },
		map[string]int{"acme.com": 2, "g2.com": 1, "globex.com": 1})
	chatgpt := g.scope(func(s *sightline.Scope) { s.ProviderIDs = []string{g.chatgpt} })
	domains, _, err = g.db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: chatgpt, PageRequest: gPage1})
	if err != nil {
		t.Fatal(err)
	}
	counts("chatgpt domains", domains, func(r *sightline.CitationRow) string { return r.Domain },
		map[string]int{"acme.com": 1, "g2.com": 1})

	docs := retrievedRow(gDocs, "acme.com", 2, 1, sightline.DomainOwned)
	weekly := retrievedRow(gWeekly, "crmweekly.com", 2, 1, "")
	facts := retrievedRow(gFacts, "crmfacts.net", 1, 1, "")
	compare := retrievedRow(gCompare, "globex.com", 1, 1, sightline.DomainCompetitorOwned)
	g2 := retrievedRow(gG2, "g2.com", 1, 1, "")
	one := func(r *sightline.CitationRow) *sightline.CitationRow {
		c := *r
		n := 1
		c.RetrievedCount = &n
		return &c
	}
	only := func(what string, domainLevel bool, f sightline.CitationFilter, want []*sightline.CitationRow, wantTotal int) {
		t.Helper()
		f.RetrievedOnly = true
		if f.Scope.BrandID == "" {
			f.Scope = g.scope()
		}
		if f.PageRequest == (sightline.PageRequest{}) {
			f.PageRequest = gPage1
		}
		find := g.db.FindCitationPages
		if domainLevel {
			find = g.db.FindCitationDomains
		}
		got, total, err := find(ctx, gOrgA, f)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if want == nil {
			want = []*sightline.CitationRow{}
		}
		gDiff(t, what, want, got)
		if total != wantTotal {
			t.Errorf("%s: total %d, want %d", what, total, wantTotal)
		}
	}
	// acme.com/pricing is cited by s41's text; g2 is only ever a listed
	// source (source citations of r02, r06, r10, not cited in a text)
	only("pages", false, sightline.CitationFilter{}, []*sightline.CitationRow{docs, weekly, facts, g2, compare}, 5)
	only("pages sort page", false, sightline.CitationFilter{Sort: []sightline.SortKey{{Key: "page"}}},
		[]*sightline.CitationRow{docs, g2, compare, weekly, facts}, 5)
	only("pages chatgpt", false, sightline.CitationFilter{Scope: chatgpt}, []*sightline.CitationRow{one(docs), one(weekly), g2}, 3)
	only("pages gb", false, sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.RegionIDs = []string{g.gb} })},
		[]*sightline.CitationRow{one(docs), facts, one(weekly), compare}, 4)
	only("pages owned", false, sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.DomainTypes = []string{"owned"} })},
		[]*sightline.CitationRow{docs}, 1)
	only("pages competitor_owned", false, sightline.CitationFilter{
		Scope: g.scope(func(s *sightline.Scope) { s.DomainTypes = []string{"competitor_owned"} })}, []*sightline.CitationRow{compare}, 1)
	only("pages query", false, sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.Query = "CRM" })},
		[]*sightline.CitationRow{weekly, facts, g2}, 3)
	only("pages domains", false, sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.Domains = []string{"globex.com"} })},
		[]*sightline.CitationRow{compare}, 1)
	only("pages page 2", false, sightline.CitationFilter{PageRequest: sightline.PageRequest{Page: 2, PageSize: 1}},
		[]*sightline.CitationRow{weekly}, 5)
	only("pages past the end", false, sightline.CitationFilter{PageRequest: sightline.PageRequest{Page: 9, PageSize: 1}}, nil, 5)
	// acme.com has a page cited in a text in W (acme.com/pricing by s41);
	// globex.com and g2.com are only ever listed sources there
	only("domains", true, sightline.CitationFilter{}, []*sightline.CitationRow{weekly, facts, g2, compare}, 4)
	only("domains query", true, sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.Query = "facts"; s.QueryDomain = true })},
		[]*sightline.CitationRow{facts}, 1)
	_, _, err = g.db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{
		Scope: sightline.Scope{BrandID: gBrandB, Window: gW}, PageRequest: gPage1, RetrievedOnly: true})
	gWantCode(t, "other organization's brand", err, sightline.ENOTFOUND)

	// after pruning before 1 March: no retrieved_count over W (its sources
	// from 25 to 28 February are gone), the retrieved-only list refused
	// over W and the same from 1 March
	fromDay := g.scope(func(s *sightline.Scope) { s.Window.Start = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC) })
	only("pages from 1 March", false, sightline.CitationFilter{Scope: fromDay}, []*sightline.CitationRow{docs, weekly, facts, g2, compare}, 5)
	g.db.Now = func() time.Time { return time.Date(2026, 5, 30, 12, 0, 0, 0, time.UTC) }
	if _, err := g.db.PruneFacts(ctx, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), nil); err != nil {
		t.Fatal(err)
	}
	pages, _, err = g.db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: gPage1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range pages {
		if r.RetrievedCount != nil {
			t.Errorf("pages over pruned days %s: retrieved_count %d, want null", r.Page, *r.RetrievedCount)
		}
	}
	only("pages from 1 March after pruning", false, sightline.CitationFilter{Scope: fromDay},
		[]*sightline.CitationRow{docs, weekly, facts, g2, compare}, 5)
	_, _, err = g.db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: gPage1, RetrievedOnly: true})
	var e *sightline.Error
	if sightline.ErrorCode(err) != sightline.EINVALIDPARAM || !errors.As(err, &e) || len(e.Details) != 1 ||
		e.Details[0].Field == nil || *e.Details[0].Field != "filter[ran_at_start]" {
		t.Errorf("retrieved-only over pruned days: %v, want INVALID_PARAMETER on filter[ran_at_start]", err)
	}
}
