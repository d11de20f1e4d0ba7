package httpapi

import (
	"net/http"

	"github.com/sightline/sightline"
)

// handleOpportunityList serves GET …/opportunities.
func (s *Server) handleOpportunityList(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := sightline.OpportunityFilter{
		Intents:     q.enums("filter[intents]", sightline.Intents),
		Query:       q.text("filter[query]"),
		PageRequest: q.page(sightline.DefaultPageSize),
		Sort:        q.sort(sightline.OpportunitySortKeys),
	}
	if err := q.err(); err != nil {
		return err
	}
	opps, total, err := s.Store.FindOpportunities(r.Context(), brand.OrgID, brand.ID, f)
	if err != nil {
		return err
	}
	return writeList(w, opps, sightline.NewPageMeta(f.PageRequest, total))
}

// handleOpportunityGet serves GET …/opportunities/{id} (docs/api.md).
func (s *Server) handleOpportunityGet(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	id, err := pathID(r, "id", "Opportunity")
	if err != nil {
		return err
	}
	o, err := s.Store.FindOpportunityByID(r.Context(), brand.OrgID, brand.ID, id)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, o)
}

// handleComputeEnqueue serves POST …/opportunities/compute (docs/api.md):
// 202 with the queued job's status and the quota it spent, or 200 with the
// status of the job already queued or running (no quota spent); 429 when
// the daily quota is spent.
func (s *Server) handleComputeEnqueue(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	cfg := s.engine()
	st, created, err := s.Store.EnqueueOpportunityCompute(r.Context(), brand.OrgID, brand.ID, cfg.ComputeQuota)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusAccepted
		cfg.Wake()
	}
	return writeData(w, status, st)
}

// handleComputeStatus serves GET …/opportunities/compute: the status of
// the latest compute job (idle when none).
func (s *Server) handleComputeStatus(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandNoParams(r)
	if err != nil {
		return err
	}
	st, err := s.Store.FindComputeStatus(r.Context(), brand.OrgID, brand.ID, s.engine().ComputeQuota)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, st)
}
