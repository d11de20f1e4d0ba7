package httpapi

import (
	"net/http"
)

// routes lists every route in one place.
func (s *Server) routes() {
	s.open("GET /healthz", s.handleHealthz)
	s.open("GET /readyz", s.handleReadyz)

	s.public("GET /api/v2/brands", s.handleBrandList)
}

func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) error {
	return writeData(w, http.StatusOK, map[string]string{"status": "ok"})
}

// handleReadyz answers 503 while the database does not answer.
func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) error {
	if err := s.Store.Ping(r.Context()); err != nil {
		s.Logger.WarnContext(r.Context(), "not ready", "error", err.Error())
		writeJSON(w, http.StatusServiceUnavailable, errorBody{Error: errorObject{Code: "UNAVAILABLE", Message: "Database unavailable."}})
		return nil
	}
	return writeData(w, http.StatusOK, map[string]string{"status": "ready"})
}
