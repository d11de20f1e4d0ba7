package httpapi

// engineStore is what the engine endpoints (recommendations, opportunities,
// briefs, watch list) need from storage.
type engineStore interface{}

// engineRoutes registers the engine endpoints.
func (s *Server) engineRoutes() {}
