package httpapi

import (
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/engine"
)

// engineStore is what the engine endpoints (recommendations, opportunities,
// briefs, watch list) need from storage.
type engineStore interface {
	sightline.RecommendationService
	sightline.OpportunityService
	sightline.BriefService
	sightline.QuotaService
}

// EngineConfig tunes the engine endpoints. Zero values take the defaults.
type EngineConfig struct {
	// RegenerateQuota is the daily regenerate quota per brand.
	RegenerateQuota int
	// ComputeQuota is the daily opportunity recompute quota per brand.
	ComputeQuota int
	// DismissCooldown is how long a dismissed recommendation stays
	// dismissed before regeneration may revive it.
	DismissCooldown time.Duration
	// Wake, when set, is called after a job is enqueued, so that this
	// process's worker claims it without waiting for its next poll.
	Wake func()
	// Generate turns a brand's evidence into recommendations; nil means
	// engine.GenerateRecommendations. Tests slow it down.
	Generate func(ev *sightline.BrandEvidence) ([]*sightline.Recommendation, error)
}

// engine returns the configuration with defaults filled in.
func (s *Server) engine() EngineConfig {
	c := s.Engine
	if c.RegenerateQuota <= 0 {
		c.RegenerateQuota = sightline.DefaultRegenerateQuota
	}
	if c.ComputeQuota <= 0 {
		c.ComputeQuota = sightline.DefaultComputeQuota
	}
	if c.DismissCooldown <= 0 {
		c.DismissCooldown = sightline.DefaultDismissCooldown
	}
	if c.Wake == nil {
		c.Wake = func() {}
	}
	if c.Generate == nil {
		c.Generate = engine.GenerateRecommendations
	}
	return c
}

// engineRoutes registers the engine endpoints. Content generation (brief
// creation) is outside the public surface: API keys get 403.
func (s *Server) engineRoutes() {
	s.public("GET /api/v2/brands/{brand_id}/content_studio/recommendations", s.handleRecommendationList)
	s.public("POST /api/v2/brands/{brand_id}/content_studio/recommendations/regenerate", s.handleRecommendationRegenerate)
	s.public("GET /api/v2/brands/{brand_id}/content_studio/recommendations/{id}", s.handleRecommendationGet)
	s.public("PATCH /api/v2/brands/{brand_id}/content_studio/recommendations/{id}", s.handleRecommendationUpdate)
	s.public("GET /api/v2/brands/{brand_id}/watch_list", s.handleWatchList)

	s.public("GET /api/v2/brands/{brand_id}/opportunities", s.handleOpportunityList)
	s.public("GET /api/v2/brands/{brand_id}/opportunities/compute", s.handleComputeStatus)
	s.public("POST /api/v2/brands/{brand_id}/opportunities/compute", s.handleComputeEnqueue)
	s.public("GET /api/v2/brands/{brand_id}/opportunities/{id}", s.handleOpportunityGet)

	s.public("GET /api/v2/brands/{brand_id}/content_studio/briefs", s.handleBriefList)
	s.public("GET /api/v2/brands/{brand_id}/content_studio/briefs/{id}", s.handleBriefGet)
	s.internal("POST /api/v2/brands/{brand_id}/content_studio/briefs", s.handleBriefCreate)
}
