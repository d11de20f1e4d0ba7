package httpapi

import (
	"net/http"

	"github.com/sightline/sightline/internal/openapi"
)

// handleOpenAPI serves the public OpenAPI document; no key is needed.
func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "public, max-age=300")
	_, err := w.Write(openapi.Public)
	return err
}

// handleInternalOpenAPI serves the whole document, internal operations
// included, to the admin token.
func (s *Server) handleInternalOpenAPI(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "private, no-cache")
	_, err := w.Write(openapi.Document)
	return err
}
