package web

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/sightline/sightline"
)

// agentsPage is the data of a brand's AI crawlers page.
type agentsPage struct {
	Layout
	Filter        filterBar
	Overview      *sightline.AgentOverview
	Referred      int // the window's AI referrals, all sources
	ByOperator    []bar
	ByStatusClass []bar
	ByPurpose     []bar
	Tab           string
	Tabs          []link
	PageHeaders   []sortHeader
	Pages         []*sightline.AgentPageRow
	PagePager     pager
	Referrals     []*sightline.AIReferralRow
	BySource      []bar
	ReferralPager pager
	Empty         bool // no visit and no referral in the window
	BrandID       string
	Verified      bool // some visit of the window is verified
}

// agentPageTabs are the pages table's views: every page, or one of the
// two gaps (filter[crawled_not_cited], filter[cited_not_crawled]).
var agentPageTabs = []struct{ label, value string }{
	{"All pages", ""}, {"Crawled, not cited", "crawled_not_cited"}, {"Cited, not crawled", "cited_not_crawled"},
}

var agentPageColumns = []sortCol{
	{Label: "Page"}, {Label: "Visits", Key: "visits", Num: true}, {Label: "Verified", Num: true},
	{Label: "Agents"}, {Label: "Last visit"}, {Label: "Errors", Key: "error_rate", Num: true},
	{Label: "Citations", Key: "citation_count", Num: true},
}

// handleAgents serves GET /brands/{brand_id}/agents: the AI agents'
// visits of the brand's site, the pages they fetched or answers cited,
// and the visits AI assistants referred, with the store calls of GET
// …/agents/overview, /pages and /referrals and the API's defaults
// (spoofed visits left out; docs/metrics.md#agents).
func (s *Server) handleAgents(w http.ResponseWriter, r *http.Request, st *state) error {
	brand, err := s.brandFromPath(r, st)
	if err != nil {
		return err
	}
	now := s.now()
	q := newQuery(r)
	win := q.window(now, sightline.DefaultWindowDays)
	tab := q.enum("tab", []string{"crawled_not_cited", "cited_not_crawled"}, "")
	psort := q.sort("psort", sightline.AgentPageSortKeys, "")
	ppage, rpage := q.page("ppage"), q.page("rpage")
	q.series(win, "day")
	if err := q.err(); err != nil {
		return err
	}
	ctx, org := r.Context(), st.sess.OrgID
	p := &agentsPage{Layout: layout(st, brand.Name+" AI crawlers", "agents", brand), Filter: newFilterBar(r, win, now, "tab", "psort"),
		Tab: tab, BrandID: brand.ID}
	p.Filter.Summary = fmt.Sprintf("%s – %s (UTC): the agents' visits and the AI referrals of these days",
		win.Window.Start.Format("2 Jan 2006"), lastDay(win.Window).Format("2 Jan 2006"))
	f := sightline.AgentFilter{BrandID: brand.ID, Window: win.Window}
	if p.Overview, err = s.Store.AgentOverview(ctx, org, f, "day"); err != nil {
		return err
	}
	pf := sightline.AgentPageFilter{AgentFilter: f, CrawledNotCited: tab == "crawled_not_cited", CitedNotCrawled: tab == "cited_not_crawled",
		PageRequest: sightline.PageRequest{Page: ppage, PageSize: sightline.DefaultPageSize}, Sort: parseSort(psort)}
	pages, total, err := s.Store.FindAgentPages(ctx, org, pf)
	if err != nil {
		return err
	}
	rf := sightline.AIReferralFilter{BrandID: brand.ID, Window: win.Window, Granularity: "day",
		PageRequest: sightline.PageRequest{Page: rpage, PageSize: sightline.DefaultPageSize}}
	refs, rtotal, meta, err := s.Store.FindAIReferrals(ctx, org, rf)
	if err != nil {
		return err
	}
	o := p.Overview
	for _, b := range meta.BySource {
		p.Referred += b.Visits
	}
	p.Empty = o.Visits == 0 && p.Referred == 0 && !slices.ContainsFunc(pages, func(r *sightline.AgentPageRow) bool { return r.Visits > 0 })
	p.Verified = o.VerifiedVisits > 0
	share := func(n, of int) float64 {
		if of == 0 {
			return 0
		}
		return 100 * float64(n) / float64(of)
	}
	for _, b := range o.ByOperator {
		pc := share(b.Visits, o.Visits)
		p.ByOperator = append(p.ByOperator, bar{Label: b.Operator, Class: "agent", Count: b.Visits, Percent: pc, Width: pc})
	}
	for _, b := range o.ByPurpose {
		pc := share(b.Visits, o.Visits)
		p.ByPurpose = append(p.ByPurpose, bar{Label: label(b.Purpose), Class: "agent", Count: b.Visits, Percent: pc, Width: pc})
	}
	for _, b := range o.ByStatusClass {
		pc := share(b.Visits, o.Visits)
		p.ByStatusClass = append(p.ByStatusClass, bar{Label: b.Class, Class: "s" + b.Class, Count: b.Visits, Percent: pc, Width: pc})
	}
	for _, b := range meta.BySource {
		pc := share(b.Visits, p.Referred)
		p.BySource = append(p.BySource, bar{Label: b.Source, Class: "agent", Count: b.Visits, Percent: pc, Width: pc})
	}
	pu := newPageURL(r)
	for _, t := range agentPageTabs {
		p.Tabs = append(p.Tabs, link{Label: t.label, URL: pu.with(resetPaging("tab", t.value)...), Current: tab == t.value})
	}
	p.Pages, p.PagePager = pages, newPager(pu, "ppage", "Pages of the pages table", sightline.NewPageMeta(pf.PageRequest, total))
	p.PageHeaders = sortHeaders(pu, "psort", "ppage", orDefault(psort, "-visits"), agentPageColumns)
	p.Referrals, p.ReferralPager = refs, newPager(pu, "rpage", "Pages of the referrals table", sightline.NewPageMeta(rf.PageRequest, rtotal))
	return s.render(w, r, http.StatusOK, "agents", p)
}
