package httpapi

import (
	"net/http"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

// handleCompetitorList serves GET …/competitors: tracked competitors with
// their visibility over the window.
func (s *Server) handleCompetitorList(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := sightline.CompetitorFilter{Scope: q.overviewScope(brand.ID), PageRequest: q.page(sightline.DefaultPageSize), Sort: q.sort(sightline.CompetitorSortKeys)}
	if err := q.err(); err != nil {
		return err
	}
	comps, total, err := s.Store.FindCompetitors(r.Context(), brand.OrgID, f)
	if err != nil {
		return err
	}
	return writeList(w, comps, sightline.NewPageMeta(f.PageRequest, total))
}

// handleCompetitorUpdate serves PATCH …/competitors/{competitor_id}
// (docs/api.md#endpoints): the domain is stored as its registrable domain.
func (s *Server) handleCompetitorUpdate(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	if err := newParams(r, s.now()).err(); err != nil {
		return err
	}
	id, err := pathID(r, "competitor_id", "Competitor")
	if err != nil {
		return err
	}
	var body sightline.CompetitorUpdate
	if err := s.decodeJSON(w, r, &body); err != nil {
		return err
	}
	if body.Domain == nil {
		return sightline.FieldErr(sightline.EVALIDATION, "domain", "required", "domain is required.")
	}
	domain, ok := ingest.NormalizeDomain(*body.Domain)
	if !ok {
		return sightline.FieldErr(sightline.EVALIDATION, "domain", "invalid", "domain must be a domain name such as example.com.")
	}
	scope := sightline.Scope{BrandID: brand.ID, Window: sightline.DefaultWindow(s.now(), sightline.DefaultWindowDays)}
	c, err := s.Store.UpdateCompetitorDomain(r.Context(), brand.OrgID, id, domain, scope)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, c)
}
