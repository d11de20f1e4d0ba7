package httpapi

import (
	"net/http"

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
	f := sightline.CitationFilter{Scope: q.citationScope(brand.ID), PageRequest: q.page(sightline.DefaultPageSize), Sort: q.sort(sightline.PageSortKeys)}
	f.Scope.Domains = q.domains("filter[domains]")
	f.Scope.PageTypes = q.enums("filter[page_types]", sightline.PageTypes)
	f.Scope.YouTubeChannel = q.text("filter[youtube_channel]")
	f.Scope.Subreddit = q.text("filter[subreddit]")
	f.Scope.PromptID = q.uuid("filter[prompt_id]")
	if err := q.err(); err != nil {
		return err
	}
	rows, total, err := s.Store.FindCitationPages(r.Context(), brand.OrgID, f)
	if err != nil {
		return err
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
	f := sightline.CitationFilter{Scope: q.citationScope(brand.ID), PageRequest: q.page(sightline.DefaultPageSize), Sort: q.sort(sightline.DomainSortKeys)}
	f.Scope.QueryDomain = true
	if err := q.err(); err != nil {
		return err
	}
	rows, total, err := s.Store.FindCitationDomains(r.Context(), brand.OrgID, f)
	if err != nil {
		return err
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
