package sqlstore_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// Pages of the golden agent visits besides the golden citations' gAP, gAB
// and gAI.
const (
	gOld      = "https://acme.com/old-page"
	gFeatures = "https://acme.com/features"
)

// seedAgents adds to the golden data set the agent visits and AI
// referrals below (docs/metrics.md#agents). The golden runs cite, of the
// brand's domains in W: AP 3 times (r01, which names it twice: one
// citation, docs/metrics.md#vocabulary; r05, r09), AB once (r03), AI once
// (r06).
//
//	visit  visited_at (UTC)               agent          operator   purpose  verification status page
//	v1     2026-02-25 00:00:00 (=start)   GPTBot         openai     training verified     200    AP
//	v2     2026-02-26 10:00               GPTBot         openai     training verified     404    old-page
//	v3     2026-02-26 11:00               ClaudeBot      anthropic  training unverified   200    AP
//	v4     2026-03-02 08:00               PerplexityBot  perplexity search   spoofed      200    AB
//	v5     2026-03-03 09:00               OAI-SearchBot  openai     search   verified     503    old-page
//	v6     2026-03-10 23:59:59.999999     ChatGPT-User   openai     user     unverified   301    features
//	v7     2026-03-11 00:00:00 (=end)     GPTBot         openai     training verified     200    AP   (outside W)
//	v8     2026-02-24 23:59:59            ClaudeBot      anthropic  training unverified   200    AP   (outside W)
//	v9     brand Umbrella (other organization), in W, GPTBot verified 200 umbrella.com/pricing
//
//	referral  referred_at       source      page
//	f1        2026-02-25 10:00  chatgpt     AP
//	f2        2026-02-26 10:00  chatgpt     AP
//	f3        2026-02-26 12:00  perplexity  AP
//	f4        2026-03-05 12:00  chatgpt     AI
//	f5        2026-03-11 00:00  chatgpt     AP   (outside W)
//	f6        brand Umbrella, in W, chatgpt
func seedAgents(t *testing.T, g *golden) {
	t.Helper()
	ctx := context.Background()
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	n := 0
	visit := func(when, agent, operator, purpose, verification string, status int, url string) sightline.AgentVisit {
		n++
		return sightline.AgentVisit{Key: fmt.Sprintf("v%d", n), At: at(when), Host: "acme.com", Page: "/", URL: url,
			Method: "GET", Status: status, Agent: agent, Operator: operator, Purpose: purpose, Verification: verification,
			Network: "192.0.2.0/24"}
	}
	ref := func(when, source, url string) sightline.AIReferral {
		n++
		return sightline.AIReferral{Key: fmt.Sprintf("f%d", n), At: at(when), Host: "acme.com", Page: "/", URL: url, Source: source}
	}
	visits := []sightline.AgentVisit{
		visit("2026-02-25T00:00:00Z", "GPTBot", "openai", "training", "verified", 200, gAP),
		visit("2026-02-26T10:00:00Z", "GPTBot", "openai", "training", "verified", 404, gOld),
		visit("2026-02-26T11:00:00Z", "ClaudeBot", "anthropic", "training", "unverified", 200, gAP),
		visit("2026-03-02T08:00:00Z", "PerplexityBot", "perplexity", "search", "spoofed", 200, gAB),
		visit("2026-03-03T09:00:00Z", "OAI-SearchBot", "openai", "search", "verified", 503, gOld),
		visit("2026-03-10T23:59:59.999999Z", "ChatGPT-User", "openai", "user", "unverified", 301, gFeatures),
		visit("2026-03-11T00:00:00Z", "GPTBot", "openai", "training", "verified", 200, gAP),
		visit("2026-02-24T23:59:59Z", "ClaudeBot", "anthropic", "training", "unverified", 200, gAP),
	}
	refs := []sightline.AIReferral{
		ref("2026-02-25T10:00:00Z", "chatgpt", gAP),
		ref("2026-02-26T10:00:00Z", "chatgpt", gAP),
		ref("2026-02-26T12:00:00Z", "perplexity", gAP),
		ref("2026-03-05T12:00:00Z", "chatgpt", gAI),
		ref("2026-03-11T00:00:00Z", "chatgpt", gAP),
	}
	if _, err := g.db.StoreAgentLog(ctx, gOrgA, gBrandA, visits, refs); err != nil {
		t.Fatal(err)
	}
	other := visit("2026-03-01T10:00:00Z", "GPTBot", "openai", "training", "verified", 200, "https://umbrella.com/pricing")
	otherRef := ref("2026-03-01T10:00:00Z", "chatgpt", "https://umbrella.com/pricing")
	if _, err := g.db.StoreAgentLog(ctx, gOrgB, gBrandB, []sightline.AgentVisit{other}, []sightline.AIReferral{otherRef}); err != nil {
		t.Fatal(err)
	}
}

// gVisitSeries is a dense day series of W with the given visits.
func gVisitSeries(visits map[string]int) []sightline.VisitPoint {
	out := make([]sightline.VisitPoint, 0, len(gDays))
	for _, d := range gDays {
		out = append(out, sightline.VisitPoint{Date: d, Visits: visits[d]})
	}
	return out
}

// TestGolden_AgentOverview checks GET …/agents/overview against the hand
// count of seedAgents (docs/metrics.md#agents-overview-agentsoverview).
func TestGolden_AgentOverview(t *testing.T) {
	g := seedGolden(t)
	seedAgents(t, g)
	ctx := context.Background()
	get := func(f sightline.AgentFilter, granularity string) *sightline.AgentOverview {
		t.Helper()
		f.BrandID, f.Window = gBrandA, gW
		got, err := g.db.AgentOverview(ctx, gOrgA, f, granularity)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	// v1, v2, v3, v5, v6: spoofed v4 and v7, v8 outside W are left out
	gDiff(t, "default", &sightline.AgentOverview{
		Visits: 5, VerifiedVisits: 3, PagesVisited: 3,
		ByOperator: []sightline.AgentOperatorVisits{{Operator: "openai", Visits: 4, VerifiedVisits: 3},
			{Operator: "anthropic", Visits: 1, VerifiedVisits: 0}},
		ByPurpose: []sightline.AgentPurposeVisits{{Purpose: "training", Visits: 3, VerifiedVisits: 2},
			{Purpose: "search", Visits: 1, VerifiedVisits: 1}, {Purpose: "user", Visits: 1, VerifiedVisits: 0}},
		ByStatusClass: []sightline.StatusClassVisits{{Class: "2xx", Visits: 2}, {Class: "3xx", Visits: 1},
			{Class: "4xx", Visits: 1}, {Class: "5xx", Visits: 1}},
		Series: []sightline.AgentOperatorSeries{
			{Operator: "openai", DataPoints: gVisitSeries(map[string]int{"2026-02-25": 1, "2026-02-26": 1, "2026-03-03": 1, "2026-03-10": 1})},
			{Operator: "anthropic", DataPoints: gVisitSeries(map[string]int{"2026-02-26": 1})},
		},
	}, get(sightline.AgentFilter{}, "day"))

	spoofed := get(sightline.AgentFilter{Verifications: []string{"spoofed"}}, "week")
	gDiff(t, "filter[verification]=spoofed", &sightline.AgentOverview{
		Visits: 1, VerifiedVisits: 0, PagesVisited: 1,
		ByOperator:    []sightline.AgentOperatorVisits{{Operator: "perplexity", Visits: 1}},
		ByPurpose:     []sightline.AgentPurposeVisits{{Purpose: "search", Visits: 1}},
		ByStatusClass: []sightline.StatusClassVisits{{Class: "2xx", Visits: 1}},
		Series: []sightline.AgentOperatorSeries{{Operator: "perplexity", DataPoints: []sightline.VisitPoint{
			{Date: "2026-02-23"}, {Date: "2026-03-02", Visits: 1}, {Date: "2026-03-09"}}}},
	}, spoofed)

	purpose := get(sightline.AgentFilter{Purposes: []string{"search", "user"}, Operators: []string{"openai"}}, "month")
	if purpose.Visits != 2 || purpose.VerifiedVisits != 1 || purpose.PagesVisited != 2 || len(purpose.Series) != 1 ||
		len(purpose.Series[0].DataPoints) != 2 || purpose.Series[0].DataPoints[1].Visits != 2 {
		t.Errorf("openai search and user agents: %+v", purpose)
	}
	agent := get(sightline.AgentFilter{Agents: []string{"GPTBot"}, Verifications: []string{"verified", "spoofed", "unverified"}}, "day")
	if agent.Visits != 2 || agent.VerifiedVisits != 2 || agent.PagesVisited != 2 {
		t.Errorf("GPTBot: %+v", agent)
	}
	none := get(sightline.AgentFilter{Agents: []string{"Bytespider"}}, "day")
	if none.Visits != 0 || len(none.ByOperator) != 0 || len(none.Series) != 0 || none.ByStatusClass == nil {
		t.Errorf("no visits: %+v", none)
	}

	_, err := g.db.AgentOverview(ctx, gOrgA, sightline.AgentFilter{BrandID: gBrandB, Window: gW}, "day")
	gWantCode(t, "other organization's brand", err, sightline.ENOTFOUND)
	long := sightline.Window{Start: gW.End.AddDate(-3, 0, 0), End: gW.End}
	_, err = g.db.AgentOverview(ctx, gOrgA, sightline.AgentFilter{BrandID: gBrandA, Window: long}, "day")
	gWantCode(t, "a series of more than 1,000 days", err, sightline.EINVALIDPARAM)
}

// TestGolden_AgentPages checks GET …/agents/pages against the hand count
// of seedAgents and the golden citations
// (docs/metrics.md#agent-pages-agentspages).
func TestGolden_AgentPages(t *testing.T) {
	g := seedGolden(t)
	seedAgents(t, g)
	ctx := context.Background()
	last := func(s string) *time.Time {
		v, _ := time.Parse(time.RFC3339Nano, s)
		return &v
	}
	row := func(page string, visits, verified, errors int, lastAt *time.Time, citations int, agents ...string) *sightline.AgentPageRow {
		r := &sightline.AgentPageRow{Page: page, Visits: visits, VerifiedVisits: verified, LastVisitAt: lastAt,
			CitationCount: citations, Agents: append([]string{}, agents...)}
		if visits > 0 {
			r.ErrorRate = 100 * float64(errors) / float64(visits)
		}
		r.ErrorRateSampleSize, r.ErrorRateCILow, r.ErrorRateCIHigh = sightline.RateStats(errors, visits)
		return r
	}
	old := row(gOld, 2, 2, 2, last("2026-03-03T09:00:00Z"), 0, "GPTBot", "OAI-SearchBot")
	pricing := row(gAP, 2, 1, 0, last("2026-02-26T11:00:00Z"), 3, "ClaudeBot", "GPTBot")
	features := row(gFeatures, 1, 0, 0, last("2026-03-10T23:59:59.999999Z"), 0, "ChatGPT-User")
	blog := row(gAB, 0, 0, 0, nil, 1)
	io := row(gAI, 0, 0, 0, nil, 1)
	find := func(what string, f sightline.AgentPageFilter, want []*sightline.AgentPageRow, wantTotal int) {
		t.Helper()
		f.BrandID, f.Window = gBrandA, gW
		if f.PageRequest == (sightline.PageRequest{}) {
			f.PageRequest = gPage1
		}
		got, total, err := g.db.FindAgentPages(ctx, gOrgA, f)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if want == nil {
			want = []*sightline.AgentPageRow{}
		}
		gDiff(t, what, want, got)
		if total != wantTotal {
			t.Errorf("%s: total %d, want %d", what, total, wantTotal)
		}
	}
	all := []*sightline.AgentPageRow{old, pricing, features, blog, io}
	find("default: -visits, page", sightline.AgentPageFilter{}, all, 5)
	find("sort -citation_count", sightline.AgentPageFilter{Sort: []sightline.SortKey{{Key: "citation_count", Desc: true}}},
		[]*sightline.AgentPageRow{pricing, blog, io, features, old}, 5)
	find("sort -error_rate", sightline.AgentPageFilter{Sort: []sightline.SortKey{{Key: "error_rate", Desc: true}}},
		[]*sightline.AgentPageRow{old, blog, features, pricing, io}, 5)
	find("crawled_not_cited", sightline.AgentPageFilter{CrawledNotCited: true}, []*sightline.AgentPageRow{old, features}, 2)
	// AP has a verified visit (v1); with only unverified visits in scope it has none
	find("cited_not_crawled", sightline.AgentPageFilter{CitedNotCrawled: true}, []*sightline.AgentPageRow{blog, io}, 2)
	find("cited_not_crawled, unverified only", sightline.AgentPageFilter{CitedNotCrawled: true,
		AgentFilter: sightline.AgentFilter{Verifications: []string{"unverified"}}},
		[]*sightline.AgentPageRow{row(gAP, 1, 0, 0, last("2026-02-26T11:00:00Z"), 3, "ClaudeBot"), blog, io}, 3)
	find("filter[operators]=anthropic", sightline.AgentPageFilter{AgentFilter: sightline.AgentFilter{Operators: []string{"anthropic"}}},
		[]*sightline.AgentPageRow{row(gAP, 1, 0, 0, last("2026-02-26T11:00:00Z"), 3, "ClaudeBot"), blog, io}, 3)
	find("filter[verification]=spoofed", sightline.AgentPageFilter{AgentFilter: sightline.AgentFilter{Verifications: []string{"spoofed"}}},
		[]*sightline.AgentPageRow{row(gAB, 1, 0, 0, last("2026-03-02T08:00:00Z"), 1, "PerplexityBot"), row(gAP, 0, 0, 0, nil, 3), io}, 3)
	find("page 2", sightline.AgentPageFilter{PageRequest: sightline.PageRequest{Page: 2, PageSize: 2}},
		[]*sightline.AgentPageRow{features, blog}, 5)
	find("past the end", sightline.AgentPageFilter{PageRequest: sightline.PageRequest{Page: 9, PageSize: 2}}, nil, 5)

	_, _, err := g.db.FindAgentPages(ctx, gOrgA, sightline.AgentPageFilter{AgentFilter: sightline.AgentFilter{BrandID: gBrandB, Window: gW},
		PageRequest: gPage1})
	gWantCode(t, "other organization's brand", err, sightline.ENOTFOUND)
}

// TestGolden_AIReferrals checks GET …/agents/referrals against the hand
// count of seedAgents (docs/metrics.md#ai-referrals-agentsreferrals).
func TestGolden_AIReferrals(t *testing.T) {
	g := seedGolden(t)
	seedAgents(t, g)
	ctx := context.Background()
	find := func(what string, f sightline.AIReferralFilter, want []*sightline.AIReferralRow, wantTotal int, wantMeta *sightline.AIReferralMeta) {
		t.Helper()
		f.BrandID, f.Window, f.Granularity = gBrandA, gW, "day"
		if f.PageRequest == (sightline.PageRequest{}) {
			f.PageRequest = gPage1
		}
		got, total, meta, err := g.db.FindAIReferrals(ctx, gOrgA, f)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if want == nil {
			want = []*sightline.AIReferralRow{}
		}
		gDiff(t, what, want, got)
		gDiff(t, what+" meta", wantMeta, meta)
		if total != wantTotal {
			t.Errorf("%s: total %d, want %d", what, total, wantTotal)
		}
	}
	all := &sightline.AIReferralMeta{
		BySource: []sightline.AIReferralSourceVisits{{Source: "chatgpt", Visits: 3}, {Source: "perplexity", Visits: 1}},
		Series:   gVisitSeries(map[string]int{"2026-02-25": 1, "2026-02-26": 2, "2026-03-05": 1}),
	}
	rows := []*sightline.AIReferralRow{{Source: "chatgpt", Page: gAP, Visits: 2}, {Source: "chatgpt", Page: gAI, Visits: 1},
		{Source: "perplexity", Page: gAP, Visits: 1}}
	find("default", sightline.AIReferralFilter{}, rows, 3, all)
	find("sort visits", sightline.AIReferralFilter{Sort: []sightline.SortKey{{Key: "visits"}}}, []*sightline.AIReferralRow{rows[1], rows[2], rows[0]}, 3, all)
	find("page 2", sightline.AIReferralFilter{PageRequest: sightline.PageRequest{Page: 2, PageSize: 2}}, rows[2:], 3, all)
	find("past the end", sightline.AIReferralFilter{PageRequest: sightline.PageRequest{Page: 5, PageSize: 2}}, nil, 3, all)
	find("filter[sources]=perplexity", sightline.AIReferralFilter{Sources: []string{"perplexity"}}, rows[2:], 1,
		&sightline.AIReferralMeta{BySource: []sightline.AIReferralSourceVisits{{Source: "perplexity", Visits: 1}},
			Series: gVisitSeries(map[string]int{"2026-02-26": 1})})

	_, _, _, err := g.db.FindAIReferrals(ctx, gOrgA, sightline.AIReferralFilter{BrandID: gBrandB, Window: gW, Granularity: "day",
		PageRequest: gPage1})
	gWantCode(t, "other organization's brand", err, sightline.ENOTFOUND)
}

// FindDetectionInput counts each operator's verified visits and refusals
// for crawler.blocked, and FindSignalEvidence ranks its pages, from the
// visits of seedAgents (docs/metrics.md#signals-signals-webhook-events).
func TestCrawlerBlockedCounts(t *testing.T) {
	g := seedGolden(t)
	seedAgents(t, g)
	ctx := context.Background()
	// end 2026-03-12: the day [03-11, 03-12) against [02-11, 03-11), the
	// week [03-05, 03-12) against [02-05, 03-05). Verified: v1, v2, v5 in
	// both baselines (v2, v5 refused), v7 in both current periods.
	in, err := g.db.FindDetectionInput(ctx, gBrandA, time.Date(2026, 3, 12, 12, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	openai := sightline.SignalDimension{Kind: sightline.DimensionOperator, ID: "openai", Name: "openai"}
	gDiff(t, "operators", []sightline.OperatorCounts{{Dimension: openai,
		Visits: sightline.WindowSplits{{Base: 3, Cur: 1}, {Base: 3, Cur: 1}},
		Errors: sightline.WindowSplits{{Base: 2, Cur: 0}, {Base: 2, Cur: 0}}}}, in.Operators)

	s := &sightline.Signal{Type: sightline.SignalCrawlerBlocked, BrandID: gBrandA, Dimension: openai, Numbers: sightline.SignalNumbers{
		Before: sightline.SignalSample{Start: time.Date(2026, 2, 20, 0, 0, 0, 0, time.UTC)},
		After:  sightline.SignalSample{Start: time.Date(2026, 2, 26, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 12, 0, 0, 0, 0, time.UTC)}}}
	ev, err := g.db.FindSignalEvidence(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	// old-page: no visit before, v2 and v5 after, both refused; AP (v1
	// before, v7 after, neither refused) did not move
	gDiff(t, "evidence", &sightline.SignalEvidence{Prompts: []sightline.SignalPrompt{}, Pages: []sightline.SignalPage{{
		Page: gOld, Domain: "acme.com", Before: sightline.NewSignalRate(0, 0), After: sightline.NewSignalRate(2, 2), Change: 100}}}, ev)
}

// TestAgentPages_RollupsEqualFacts: citation_count reads the whole days of
// the window from the page rollups and the cut days from the facts; with
// the rollups off (every day from the facts) each window gives the same
// rows, whatever its edges cut.
func TestAgentPages_RollupsEqualFacts(t *testing.T) {
	g := seedGolden(t)
	seedAgents(t, g)
	ctx := context.Background()
	day := 24 * time.Hour
	windows := []sightline.Window{
		gW,
		{Start: gW.Start.Add(6 * time.Hour), End: gW.End.Add(-5 * time.Hour)},
		{Start: gW.Start.Add(day + 13*time.Hour), End: gW.Start.Add(day + 20*time.Hour)},
		{Start: gW.Start.Add(-3 * day), End: gW.End.Add(2*day + time.Hour)},
	}
	// every day with citations of the brand's pages, cut by the window's
	// end and by its start, so that both cut parts read facts
	cut := 0
	for d := gW.Start; d.Before(gW.End); d = d.Add(day) {
		f := sightline.AgentPageFilter{AgentFilter: sightline.AgentFilter{BrandID: gBrandA, Window: sightline.Window{Start: d, End: d.Add(day)}},
			PageRequest: gPage1}
		rows, _, err := g.db.FindAgentPages(ctx, gOrgA, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if r.CitationCount > 0 {
				windows = append(windows, sightline.Window{Start: gW.Start, End: d.Add(day - time.Minute)},
					sightline.Window{Start: d.Add(time.Minute), End: gW.End})
				cut++
				break
			}
		}
	}
	if cut == 0 {
		t.Fatal("no day of the golden window cites the brand's pages")
	}
	for _, w := range windows {
		f := sightline.AgentPageFilter{AgentFilter: sightline.AgentFilter{BrandID: gBrandA, Window: w}, PageRequest: gPage1}
		g.db.NoRollups = false
		rolled, n1, err := g.db.FindAgentPages(ctx, gOrgA, f)
		if err != nil {
			t.Fatal(err)
		}
		g.db.NoRollups = true
		facts, n2, err := g.db.FindAgentPages(ctx, gOrgA, f)
		g.db.NoRollups = false
		if err != nil {
			t.Fatal(err)
		}
		if n1 != n2 || fmt.Sprint(pagesCited(rolled)) != fmt.Sprint(pagesCited(facts)) {
			t.Errorf("%v: rollups %d %v, facts %d %v", w, n1, pagesCited(rolled), n2, pagesCited(facts))
		}
	}
}

// pagesCited lists each row's page and citation count.
func pagesCited(rows []*sightline.AgentPageRow) []string {
	out := []string{}
	for _, r := range rows {
		out = append(out, fmt.Sprintf("%s=%d", r.Page, r.CitationCount))
	}
	return out
}

// TestAgents_RollupsEqualFacts: the three agents endpoints read the whole
// days of the window from the agent rollups and the cut parts from the
// facts (docs/metrics.md#rollups); with the rollups off (every day from
// the facts) each window and filter gives the same answer: a window of
// whole days, windows whose edges cut the days with visits and referrals,
// a window inside one day, windows ending inside a week with and without
// visits and referrals in its rest; without an operator, purpose or agent filter,
// under several sets of verdicts, which the page totals sum from their
// columns. The golden logs are stored twice first: the second store
// inserts nothing and must add nothing to the rollups.
func TestAgents_RollupsEqualFacts(t *testing.T) {
	g := seedGolden(t)
	seedAgents(t, g)
	seedAgents(t, g)
	ctx := context.Background()
	day := 24 * time.Hour
	windows := []sightline.Window{
		gW,
		{Start: gW.Start.Add(6 * time.Hour), End: gW.End.Add(-5 * time.Hour)},
		{Start: gW.Start.Add(day + 10*time.Hour + 30*time.Minute), End: gW.End.Add(-time.Microsecond)},
		{Start: gW.Start.Add(day + 9*time.Hour), End: gW.Start.Add(day + 11*time.Hour)},
		{Start: gW.Start.Add(-3 * day), End: gW.End.Add(2*day + time.Hour)},
		// the first days of the week of Monday 2 March, whose rest has
		// no visit (the week's rows answer) but a referral on the 5th
		// (the days' rows answer), then none: a quiet week, and not
		{Start: gW.Start.Add(5 * day), End: gW.Start.Add(8 * day)},
		{Start: gW.Start.Add(5 * day), End: gW.Start.Add(9 * day)},
		{Start: gW.Start.Add(5*day + 6*time.Hour), End: gW.Start.Add(8*day + 13*time.Hour)},
	}
	filters := []sightline.AgentFilter{
		{},
		{Verifications: []string{"verified", "spoofed", "unverified"}},
		{Verifications: []string{"verified"}},
		{Verifications: []string{"spoofed", "unverified"}},
		{Operators: []string{"openai"}},
		{Purposes: []string{"training", "user"}},
		{Agents: []string{"GPTBot", "ClaudeBot"}, Verifications: []string{"verified"}},
	}
	both := func(read func() (any, error)) (rolled, facts any) {
		t.Helper()
		g.db.NoRollups = false
		rolled, err := read()
		if err != nil {
			t.Fatal(err)
		}
		g.db.NoRollups = true
		defer func() { g.db.NoRollups = false }()
		facts, err = read()
		if err != nil {
			t.Fatal(err)
		}
		return rolled, facts
	}
	for _, w := range windows {
		for _, f := range filters {
			f.BrandID, f.Window = gBrandA, w
			name := fmt.Sprintf("%v %v", w, f)
			rolled, facts := both(func() (any, error) { return g.db.AgentOverview(ctx, gOrgA, f, "day") })
			gDiff(t, "overview "+name, facts, rolled)
			for _, pf := range []sightline.AgentPageFilter{{}, {CrawledNotCited: true}, {CitedNotCrawled: true}} {
				pf.AgentFilter, pf.PageRequest = f, gPage1
				rolled, facts := both(func() (any, error) {
					rows, n, err := g.db.FindAgentPages(ctx, gOrgA, pf)
					return []any{rows, n}, err
				})
				gDiff(t, "pages "+name, facts, rolled)
			}
		}
		for _, sources := range [][]string{nil, {"chatgpt"}} {
			rf := sightline.AIReferralFilter{BrandID: gBrandA, Window: w, Sources: sources, Granularity: "week", PageRequest: gPage1}
			rolled, facts := both(func() (any, error) {
				rows, n, meta, err := g.db.FindAIReferrals(ctx, gOrgA, rf)
				return []any{rows, n, meta}, err
			})
			gDiff(t, fmt.Sprintf("referrals %v %v", w, sources), facts, rolled)
		}
	}
	// the whole-day window reads only rollups: the overview of the golden
	// count (TestGolden_AgentOverview) from them
	o, err := g.db.AgentOverview(ctx, gOrgA, sightline.AgentFilter{BrandID: gBrandA, Window: gW}, "day")
	if err != nil {
		t.Fatal(err)
	}
	if o.Visits != 5 || o.PagesVisited != 3 {
		t.Errorf("overview of W after a second store: %d visits of %d pages, want 5 of 3", o.Visits, o.PagesVisited)
	}
}

// After pruning before 1 March, the agents endpoints answer as before over
// whole days, the pruned ones included: they come from the agent rollups
// and the page rollups, which prune keeps. A window whose cut parts, read
// from the facts, start before the pruned day is refused on
// filter[ran_at_start], as every analytics read that needs pruned facts
// is (docs/retention.md#what-still-answers): one whose start cuts a
// pruned day, and any window over pruned days with the rollups off.
func TestAgents_Pruned(t *testing.T) {
	g := seedGolden(t)
	seedAgents(t, g)
	ctx := context.Background()
	type answers struct {
		Overview  *sightline.AgentOverview
		Pages     []*sightline.AgentPageRow
		Referrals []*sightline.AIReferralRow
		Meta      *sightline.AIReferralMeta
	}
	read := func(w sightline.Window) (answers, error) {
		var a answers
		var err error
		f := sightline.AgentFilter{BrandID: gBrandA, Window: w}
		if a.Overview, err = g.db.AgentOverview(ctx, gOrgA, f, "day"); err != nil {
			return a, err
		}
		if a.Pages, _, err = g.db.FindAgentPages(ctx, gOrgA, sightline.AgentPageFilter{AgentFilter: f, PageRequest: gPage1}); err != nil {
			return a, err
		}
		a.Referrals, _, a.Meta, err = g.db.FindAIReferrals(ctx, gOrgA, sightline.AIReferralFilter{BrandID: gBrandA, Window: w, Granularity: "day", PageRequest: gPage1})
		return a, err
	}
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	fromDayCut := sightline.Window{Start: day.Add(6 * time.Hour), End: gW.End.Add(-time.Hour)}
	before := map[string]answers{}
	for name, w := range map[string]sightline.Window{"W": gW, "from the pruned day, cut": fromDayCut} {
		a, err := read(w)
		if err != nil {
			t.Fatalf("%s before pruning: %v", name, err)
		}
		if a.Overview.Visits == 0 || len(a.Pages) == 0 {
			t.Fatalf("%s before pruning: no visits: %+v", name, a.Overview)
		}
		before[name] = a
	}
	g.db.Now = func() time.Time { return time.Date(2026, 5, 30, 12, 0, 0, 0, time.UTC) }
	if _, err := g.db.PruneFacts(ctx, day, nil); err != nil {
		t.Fatal(err)
	}
	for name, w := range map[string]sightline.Window{"W": gW, "from the pruned day, cut": fromDayCut} {
		a, err := read(w)
		if err != nil {
			t.Fatalf("%s after pruning: %v", name, err)
		}
		gDiff(t, name+" after pruning", before[name], a)
	}
	refused := func(name string, err error) {
		t.Helper()
		var e *sightline.Error
		if sightline.ErrorCode(err) != sightline.EINVALIDPARAM || !errors.As(err, &e) || len(e.Details) != 1 ||
			e.Details[0].Field == nil || *e.Details[0].Field != "filter[ran_at_start]" || e.Details[0].Code != "pruned" {
			t.Errorf("%s over pruned days: %v, want INVALID_PARAMETER on filter[ran_at_start]", name, err)
		}
	}
	cut := sightline.Window{Start: gW.Start.Add(12 * time.Hour), End: gW.End}
	f := sightline.AgentFilter{BrandID: gBrandA, Window: cut}
	_, err := g.db.AgentOverview(ctx, gOrgA, f, "day")
	refused("overview from noon", err)
	_, _, err = g.db.FindAgentPages(ctx, gOrgA, sightline.AgentPageFilter{AgentFilter: f, PageRequest: gPage1})
	refused("pages from noon", err)
	_, _, _, err = g.db.FindAIReferrals(ctx, gOrgA, sightline.AIReferralFilter{BrandID: gBrandA, Window: cut, Granularity: "day", PageRequest: gPage1})
	refused("referrals from noon", err)
	g.db.NoRollups = true
	defer func() { g.db.NoRollups = false }()
	_, err = read(gW)
	refused("W without rollups", err)
	if _, err := read(sightline.Window{Start: day, End: gW.End}); err != nil {
		t.Errorf("from the pruned day without rollups: %v", err)
	}
}
