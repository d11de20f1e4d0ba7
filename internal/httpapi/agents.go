package httpapi

import (
	"net/http"
	"slices"

	"github.com/sightline/sightline"
)

// agentFilter reads the filters the agents endpoints share
// (docs/api.md#agents): the window, filter[verification] (default: all
// but spoofed), filter[operators], filter[purposes] and filter[agents].
func (q *params) agentFilter(brandID string) sightline.AgentFilter {
	return sightline.AgentFilter{
		BrandID:       brandID,
		Window:        q.window(sightline.DefaultWindowDays),
		Verifications: q.enums("filter[verification]", sightline.Verifications),
		Operators:     q.names("filter[operators]"),
		Purposes:      q.enums("filter[purposes]", sightline.AgentPurposes),
		Agents:        q.names("filter[agents]"),
	}
}

// names reads a list of codes or names, each at most
// sightline.MaxAgentFilterNameBytes bytes (deduplicated).
func (q *params) names(name string) []string {
	var out []string
	for _, s := range q.list(name) {
		if len(s) > sightline.MaxAgentFilterNameBytes {
			q.fail(name, "too_long", "%s values are at most %d bytes.", name, sightline.MaxAgentFilterNameBytes)
			return nil
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// handleAgentOverview serves GET …/agents/overview (docs/api.md#agents).
func (s *Server) handleAgentOverview(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := q.agentFilter(brand.ID)
	granularity := q.granularity()
	q.series(granularity)
	if err := q.err(); err != nil {
		return err
	}
	out, err := s.Store.AgentOverview(r.Context(), brand.OrgID, f, granularity)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, out)
}

// handleAgentPages serves GET …/agents/pages (docs/api.md#agents).
func (s *Server) handleAgentPages(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := sightline.AgentPageFilter{AgentFilter: q.agentFilter(brand.ID)}
	f.CrawledNotCited = q.boolean("filter[crawled_not_cited]", false)
	f.CitedNotCrawled = q.boolean("filter[cited_not_crawled]", false)
	f.PageRequest = q.page(sightline.DefaultPageSize)
	f.Sort = q.sort(sightline.AgentPageSortKeys)
	if err := q.err(); err != nil {
		return err
	}
	rows, total, err := s.Store.FindAgentPages(r.Context(), brand.OrgID, f)
	if err != nil {
		return err
	}
	return writeList(w, rows, sightline.NewPageMeta(f.PageRequest, total))
}

// aiReferralListMeta is the meta of GET …/agents/referrals: paging, the
// visits per source and the series.
type aiReferralListMeta struct {
	sightline.PageMeta
	*sightline.AIReferralMeta
}

// handleAIReferrals serves GET …/agents/referrals (docs/api.md#agents).
func (s *Server) handleAIReferrals(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := sightline.AIReferralFilter{BrandID: brand.ID, Window: q.window(sightline.DefaultWindowDays)}
	f.Sources = q.names("filter[sources]")
	f.Granularity = q.granularity()
	q.series(f.Granularity)
	f.PageRequest = q.page(sightline.DefaultPageSize)
	f.Sort = q.sort(sightline.AIReferralSortKeys)
	if err := q.err(); err != nil {
		return err
	}
	rows, total, meta, err := s.Store.FindAIReferrals(r.Context(), brand.OrgID, f)
	if err != nil {
		return err
	}
	return writeList(w, rows, aiReferralListMeta{PageMeta: sightline.NewPageMeta(f.PageRequest, total), AIReferralMeta: meta})
}
