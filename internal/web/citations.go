package web

import (
	"net/http"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

// citationsPage is the data of a brand's citations page.
type citationsPage struct {
	Layout
	Filter        filterBar
	Summary       []bar
	SummaryTotal  int
	PageHeaders   []sortHeader
	Pages         []*sightline.CitationRow
	PagePager     pager
	DomainHeaders []sortHeader
	Domains       []*sightline.CitationRow
	DomainPager   pager
	// Retrieved, with ?retrieved=1, lists the pages the scope's runs read
	// and no answer cited in its text (filter[retrieved_only] of
	// GET …/citations/pages); RetrievedLink toggles it.
	ShowRetrieved  bool
	Retrieved      []*sightline.CitationRow
	RetrievedPager pager
	RetrievedLink  string
	// Runs is the answers page under this page's window and filters; a
	// count links to it with its own filter (docs/api.md#runs).
	Runs string
}

var (
	pageColumns = []sortCol{
		{Label: "Page", Key: "page"}, {Label: "Domain", Key: "domain"}, {Label: "Page type", Key: "page_type"},
		{Label: "Ownership"}, {Label: "Citations", Key: "citation_count", Num: true},
		{Label: "Share", Key: "total_citation_percent", Num: true}, {Label: "With brand", Key: "brand_citation_count", Num: true},
	}
	domainColumns = []sortCol{
		{Label: "Domain", Key: "domain"}, {Label: "Ownership"}, {Label: "Pages", Num: true},
		{Label: "Citations", Key: "citation_count", Num: true}, {Label: "Share", Num: true},
		{Label: "With brand", Key: "brand_citation_count", Num: true}, {Label: "Most-cited page"},
	}
)

// handleCitations serves GET /brands/{brand_id}/citations: the summary by
// domain type and the most-cited pages and domains, each sortable and paged
// (psort/ppage, dsort/dpage) under the window and the provider, region and
// topic filters — the store calls of GET …/citations/summary, /pages and
// /domains.
func (s *Server) handleCitations(w http.ResponseWriter, r *http.Request, st *state) error {
	q, err := s.newBrandQuery(r, st, true)
	if err != nil {
		return err
	}
	brand, win, ids := q.brand, q.win, q.ids
	psort := q.sort("psort", sightline.PageSortKeys, "")
	dsort := q.sort("dsort", sightline.DomainSortKeys, "")
	ppage, dpage, rpage := q.page("ppage"), q.page("dpage"), q.page("rpage")
	showRetrieved := q.enum("retrieved", []string{"1"}, "") == "1"
	if err := q.err(); err != nil {
		return err
	}
	ctx, org := r.Context(), st.sess.OrgID
	fb, scope, err := s.filters(r, st, q, "psort", "dsort")
	if err != nil {
		return err
	}
	p := &citationsPage{Layout: layout(st, brand.Name+" citations", "citations", brand), Filter: fb}

	sum, err := s.Store.CitationSummary(ctx, org, scope)
	if err != nil {
		return err
	}
	p.SummaryTotal = sum.TotalCitations
	for _, c := range sum.Categories {
		p.Summary = append(p.Summary, bar{Label: label(c.Category), Class: c.Category, Count: c.Count, Percent: c.Percent, Width: c.Percent})
	}

	pf := sightline.CitationFilter{Scope: scope, PageRequest: sightline.PageRequest{Page: ppage, PageSize: sightline.DefaultPageSize}, Sort: parseSort(psort)}
	pages, total, err := s.Store.FindCitationPages(ctx, org, pf)
	if err != nil {
		return err
	}
	df := sightline.CitationFilter{Scope: scope, PageRequest: sightline.PageRequest{Page: dpage, PageSize: sightline.DefaultPageSize}, Sort: parseSort(dsort)}
	df.Scope.QueryDomain = true
	domains, dtotal, err := s.Store.FindCitationDomains(ctx, org, df)
	if err != nil {
		return err
	}
	pu := newPageURL(r)
	p.Runs = runsLink(brand.ID, win, ids)
	p.Pages, p.PagePager = pages, newPager(pu, "ppage", "Pages of the pages table", sightline.NewPageMeta(pf.PageRequest, total))
	p.Domains, p.DomainPager = domains, newPager(pu, "dpage", "Pages of the domains table", sightline.NewPageMeta(df.PageRequest, dtotal))
	p.PageHeaders = sortHeaders(pu, "psort", "ppage", orDefault(psort, "-citation_count"), pageColumns)
	p.DomainHeaders = sortHeaders(pu, "dsort", "dpage", orDefault(dsort, "-citation_count"), domainColumns)
	p.ShowRetrieved = showRetrieved
	if showRetrieved {
		p.RetrievedLink = pu.with("retrieved", "", "rpage", "")
		rf := sightline.CitationFilter{Scope: scope, PageRequest: sightline.PageRequest{Page: rpage, PageSize: sightline.DefaultPageSize},
			RetrievedOnly: true}
		rows, rtotal, err := s.Store.FindCitationPages(ctx, org, rf)
		if err != nil {
			return err
		}
		ingest.ClassifyRetrieved(rows)
		p.Retrieved = rows
		p.RetrievedPager = newPager(pu, "rpage", "Pages of the read-but-not-cited table", sightline.NewPageMeta(rf.PageRequest, rtotal))
	} else {
		p.RetrievedLink = pu.with("retrieved", "1") + "#retrieved"
	}
	return s.render(w, r, http.StatusOK, "citations", p)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
