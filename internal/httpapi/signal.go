package httpapi

import (
	"net/http"

	"github.com/sightline/sightline"
)

// handleSignalList serves GET …/signals: the brand's signals open at some
// time in the window (default: the last 30 days), newest first.
func (s *Server) handleSignalList(w http.ResponseWriter, r *http.Request) error {
	brand, err := s.brandFromPath(r)
	if err != nil {
		return err
	}
	q := newParams(r, s.now())
	f := sightline.SignalFilter{
		Types:       q.enums("filter[types]", sightline.SignalTypes),
		Status:      q.enum("filter[status]", sightline.SignalStatuses, ""),
		Window:      q.window(sightline.DefaultWindowDays),
		PageRequest: q.page(sightline.DefaultPageSize),
		Sort:        q.sort(sightline.SignalSortKeys),
	}
	if err := q.err(); err != nil {
		return err
	}
	list, total, err := s.Store.FindSignals(r.Context(), brand.OrgID, brand.ID, f)
	if err != nil {
		return err
	}
	return writeList(w, list, sightline.NewPageMeta(f.PageRequest, total))
}

// handleSignalGet serves GET …/signals/{id}.
func (s *Server) handleSignalGet(w http.ResponseWriter, r *http.Request) error {
	brand, id, err := s.brandAndID(r, "id", "Signal")
	if err != nil {
		return err
	}
	sig, err := s.Store.FindSignal(r.Context(), brand.OrgID, brand.ID, id)
	if err != nil {
		return err
	}
	return writeData(w, http.StatusOK, sig)
}
