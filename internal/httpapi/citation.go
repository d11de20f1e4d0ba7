package httpapi

import (
	"net/http"
	"slices"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

// citationScope reads the filters shared by the pages and domains lists
// (docs/api.md#filtering).
func (p *params) citationScope(brandID string) sightline.Scope {
	s := p.metricScope(brandID, sightline.DefaultWindowDays)
	s.TopicIDs = p.uuids("filter[topic_ids]")
	s.PromptIDs = p.uuids("filter[prompt_ids]")
	s.PromptRegions = p.promptRegions("filter[prompt_regions]")
	s.Query = p.text("filter[query]")
	s.DomainTypes = p.enums("filter[domain_types]", sightline.DomainTypes)
	return s
}

// citationFilter reads the filter of the pages or domains list:
// filter[retrieved_only] chooses the sort keys (citationSort, or
// retrievedSort whose rows have no citations to sort by).
func (p *params) citationFilter(brandID string, citationSort, retrievedSort []string) sightline.CitationFilter {
	f := sightline.CitationFilter{Scope: p.citationScope(brandID), PageRequest: p.page(sightline.DefaultPageSize)}
	f.RetrievedOnly = p.boolean("filter[retrieved_only]", false)
	if f.RetrievedOnly {
		f.Sort = p.sort(retrievedSort)
	} else {
		f.Sort = p.sort(citationSort)
	}
	return f
}

// retrievedOnly refuses, with filter[retrieved_only]=true, the filters
// the retrieved-only rows cannot be narrowed by: found brands and page or
// domain classes are known from citations, which the rows do not read
// (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
func (p *params) retrievedOnly(f sightline.CitationFilter) {
	if !f.RetrievedOnly {
		return
	}
	refuse := func(name string, set bool) {
		if set {
			p.fail(name, "invalid", "%s does not apply with filter[retrieved_only]=true: its rows are read from the retrieved sources, not citations.", name)
		}
	}
	refuse("filter[brand_ids]", len(f.Scope.FoundBrandIDs) > 0)
	refuse("filter[page_types]", len(f.Scope.PageTypes) > 0)
	refuse("filter[youtube_channel]", f.Scope.YouTubeChannel != "")
	refuse("filter[subreddit]", f.Scope.Subreddit != "")
	for _, t := range f.Scope.DomainTypes {
		if !slices.Contains(sightline.RetrievedOwnershipTypes, t) {
			p.fail("filter[domain_types]", "invalid", "with filter[retrieved_only]=true, filter[domain_types] must be among %s; %q is not.",
				strings.Join(sightline.RetrievedOwnershipTypes, ", "), t)
		}
	}
}

// domains reads a list of domains, normalized to registrable domains.
func (p *params) domains(name string) []string {
	var out []string
	for _, v := range p.list(name) {
		d, ok := ingest.NormalizeDomain(v)
		if !ok {
			p.fail(name, "invalid", "%s must hold domain names; %q is not one.", name, v)
			continue
		}
		out = append(out, d)
	}
	return out
}

// pageURL reads one URL, normalized like stored pages.
func (p *params) pageURL(name string) string {
	v := p.text(name)
	if v == "" {
		return ""
	}
	page, ok := ingest.NormalizePage(v)
	if !ok {
		p.fail(name, "invalid", "%s must be an absolute http(s) URL.", name)
	}
	return page
}

// handleCitationPages serves GET …/citations/pages (docs/api.md).
func (s *Server) handleCitationPages(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := q.citationFilter(brand.ID, sightline.PageSortKeys, sightline.RetrievedPageSortKeys)
	f.Scope.Domains = q.domains("filter[domains]")
	f.Scope.PageTypes = q.enums("filter[page_types]", sightline.PageTypes)
	f.Scope.YouTubeChannel = q.text("filter[youtube_channel]")
	f.Scope.Subreddit = q.text("filter[subreddit]")
	f.Scope.PromptID = q.uuid("filter[prompt_id]")
	q.retrievedOnly(f)
	if err := q.err(); err != nil {
		return err
	}
	rows, total, err := s.Store.FindCitationPages(r.Context(), brand.OrgID, f)
	if err != nil {
		return err
	}
	if f.RetrievedOnly {
		ingest.ClassifyRetrieved(rows)
	}
	return writeList(w, rows, sightline.NewPageMeta(f.PageRequest, total))
}

// handleCitationDomains serves GET …/citations/domains (docs/api.md).
func (s *Server) handleCitationDomains(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := q.citationFilter(brand.ID, sightline.DomainSortKeys, sightline.RetrievedDomainSortKeys)
	f.Scope.QueryDomain = true
	q.retrievedOnly(f)
	if err := q.err(); err != nil {
		return err
	}
	rows, total, err := s.Store.FindCitationDomains(r.Context(), brand.OrgID, f)
	if err != nil {
		return err
	}
	if f.RetrievedOnly {
		ingest.ClassifyRetrieved(rows)
	}
	return writeList(w, rows, sightline.NewPageMeta(f.PageRequest, total))
}

// handleMentionShare serves GET …/citations/mention_share (docs/api.md).
func (s *Server) handleMentionShare(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	scope := q.metricScope(brand.ID, sightline.DefaultWindowDays)
	scope.TopicIDs = q.uuids("filter[topic_ids]")
	scope.PromptIDs = q.uuids("filter[prompt_ids]")
	scope.Domains = q.domains("filter[domains]")
	scope.URL = q.pageURL("filter[url]")
	granularity := q.granularity()
	q.series(granularity)
	if err := q.err(); err != nil {
		return err
	}
	series, err := s.Store.MentionShare(r.Context(), brand.OrgID, scope, granularity)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, series)
}

// overviewScope reads the filters of the overview endpoints.
func (p *params) overviewScope(brandID string) sightline.Scope {
	s := p.metricScope(brandID, sightline.DefaultWindowDays)
	s.TopicIDs = p.uuids("filter[topic_ids]")
	s.PromptIDs = p.uuids("filter[prompt_ids]")
	return s
}

// handleCitationsOverview serves GET …/citations/overview (docs/api.md).
func (s *Server) handleCitationsOverview(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	scope := q.overviewScope(brand.ID)
	q.series("day") // summary_stats hold one data point per day
	if err := q.err(); err != nil {
		return err
	}
	ov, err := s.Store.CitationsOverview(r.Context(), brand.OrgID, scope)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, ov)
}

// handleDomainsOverview serves GET …/citations/domains/overview (docs/api.md).
func (s *Server) handleDomainsOverview(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	scope := q.overviewScope(brand.ID)
	granularity := q.granularity()
	q.series(granularity)
	if err := q.err(); err != nil {
		return err
	}
	ov, err := s.Store.DomainsOverview(r.Context(), brand.OrgID, scope, granularity)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, ov)
}

// handleCitationSummary serves GET …/citations/summary (docs/api.md).
func (s *Server) handleCitationSummary(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	scope := q.overviewScope(brand.ID)
	if err := q.err(); err != nil {
		return err
	}
	sum, err := s.Store.CitationSummary(r.Context(), brand.OrgID, scope)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, sum)
}
