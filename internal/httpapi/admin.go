package httpapi

import (
	"net/http"
	"time"

	"github.com/sightline/sightline"
)

// handleAdminOrganizations serves GET /internal/v1/admin/organizations:
// every organization (operator view).
func (s *Server) handleAdminOrganizations(w http.ResponseWriter, r *http.Request) error {
	if err := newParams(r, s.now()).err(); err != nil {
		return err
	}
	orgs, err := s.Store.FindOrganizations(r.Context())
	if err != nil {
		return err
	}
	return writeList(w, orgs, sightline.NewPageMeta(sightline.PageRequest{Page: 1, PageSize: max(1, len(orgs))}, len(orgs)))
}

// handleBillingUsage serves GET /internal/v1/billing/organizations/{org_id}/usage:
// the organization's usage in the current UTC calendar month.
func (s *Server) handleBillingUsage(w http.ResponseWriter, r *http.Request) error {
	if err := newParams(r, s.now()).err(); err != nil {
		return err
	}
	orgID, err := pathID(r, "org_id", "Organization")
	if err != nil {
		return err
	}
	now := s.now().UTC()
	start := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	u, err := s.Store.OrganizationUsage(r.Context(), orgID, start, start.AddDate(0, 1, 0))
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, u)
}
