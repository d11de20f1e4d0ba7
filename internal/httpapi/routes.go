package httpapi

import (
	"net/http"
)

// routes lists every route in one place.
func (s *Server) routes() {
	s.open("GET /healthz", s.handleHealthz)
	s.open("GET /readyz", s.handleReadyz)
	s.open("GET /api/v2/openapi.json", s.handleOpenAPI)

	s.public("GET /api/v2/brands", s.handleBrandList)
	s.public("POST /api/v2/brands", s.handleBrandCreate)
	s.public("GET /api/v2/brands/{brand_id}", s.handleBrandGet)
	s.public("PATCH /api/v2/brands/{brand_id}", s.handleBrandUpdate)
	s.public("GET /api/v2/brands/{brand_id}/topics", s.handleTopicList)
	s.public("POST /api/v2/brands/{brand_id}/topics", s.handleTopicCreate)
	s.public("GET /api/v2/brands/{brand_id}/topics/{topic_id}", s.handleTopicGet)
	s.public("DELETE /api/v2/brands/{brand_id}/topics/{topic_id}", s.handleTopicDelete)
	s.public("GET /api/v2/brands/{brand_id}/citations/mention_share", s.handleMentionShare)
	s.public("GET /api/v2/brands/{brand_id}/citations/overview", s.handleCitationsOverview)
	s.public("GET /api/v2/brands/{brand_id}/citations/pages", s.handleCitationPages)
	s.public("GET /api/v2/brands/{brand_id}/search_queries", s.handleSearchQueries)
	s.public("GET /api/v2/brands/{brand_id}/citations/domains", s.handleCitationDomains)
	s.public("GET /api/v2/brands/{brand_id}/citations/domains/overview", s.handleDomainsOverview)
	s.public("GET /api/v2/brands/{brand_id}/citations/summary", s.handleCitationSummary)
	s.public("GET /api/v2/brands/{brand_id}/share_of_voice", s.handleShareOfVoice)
	s.public("GET /api/v2/brands/{brand_id}/competitors", s.handleCompetitorList)
	s.public("POST /api/v2/brands/{brand_id}/competitors", s.handleCompetitorCreate)
	s.public("PATCH /api/v2/brands/{brand_id}/competitors/{competitor_id}", s.handleCompetitorUpdate)
	s.public("DELETE /api/v2/brands/{brand_id}/competitors/{competitor_id}", s.handleCompetitorDelete)
	s.public("GET /api/v2/brands/{brand_id}/prompts", s.handlePromptList)
	s.public("POST /api/v2/brands/{brand_id}/prompts", s.handlePromptCreate)
	s.public("PATCH /api/v2/brands/{brand_id}/prompts/{prompt_id}", s.handlePromptUpdate)
	s.public("DELETE /api/v2/brands/{brand_id}/prompts/{prompt_id}", s.handlePromptDelete)
	s.public("GET /api/v2/brands/{brand_id}/collection", s.handleCollectionGet)
	s.public("PATCH /api/v2/brands/{brand_id}/collection", s.handleCollectionUpdate)
	s.public("GET /api/v2/brands/{brand_id}/providers", s.handleProviderList)
	s.public("GET /api/v2/brands/{brand_id}/regions", s.handleRegionList)
	s.public("GET /api/v2/brands/{brand_id}/runs", s.handleRunList)
	s.public("GET /api/v2/brands/{brand_id}/runs/{run_id}", s.handleRunGet)
	s.public("POST /api/v2/brands/{brand_id}/agent_logs", s.handleAgentLogs)
	s.public("GET /api/v2/brands/{brand_id}/agents/overview", s.handleAgentOverview)
	s.public("GET /api/v2/brands/{brand_id}/agents/pages", s.handleAgentPages)
	s.public("GET /api/v2/brands/{brand_id}/agents/referrals", s.handleAIReferrals)
	s.public("GET /api/v2/brands/{brand_id}/ads", s.handleAdList)
	s.public("GET /api/v2/brands/{brand_id}/advertisers", s.handleAdvertiserList)
	s.public("GET /api/v2/brands/{brand_id}/advertisers/{advertiser_id}", s.handleAdvertiserGet)
	s.engineRoutes()
	s.public("GET /api/v2/brands/{brand_id}/signals", s.handleSignalList)
	s.public("GET /api/v2/brands/{brand_id}/signals/{id}", s.handleSignalGet)
	s.public("GET /api/v2/webhooks", s.handleWebhookList)
	s.public("POST /api/v2/webhooks", s.handleWebhookCreate)
	s.public("GET /api/v2/webhooks/{id}", s.handleWebhookGet)
	s.public("PATCH /api/v2/webhooks/{id}", s.handleWebhookUpdate)
	s.public("DELETE /api/v2/webhooks/{id}", s.handleWebhookDelete)
	s.public("POST /api/v2/webhooks/{id}/rotate_secret", s.handleWebhookRotate)
	s.public("POST /api/v2/webhooks/{id}/test", s.handleWebhookTest)
	s.public("GET /api/v2/webhooks/{id}/deliveries", s.handleDeliveryList)
	s.public("POST /api/v2/webhooks/{id}/deliveries/{delivery_id}/retry", s.handleDeliveryRetry)

	// Internal surface: the operator's admin token only.
	s.internal("POST /internal/v1/brands/{brand_id}/runs", s.handleRunIngest)
	s.internal("GET /internal/v1/brands/{brand_id}/collection/attempts", s.handleCollectionAttempts)
	s.internal("GET /internal/v1/admin/organizations", s.handleAdminOrganizations)
	s.internal("GET /internal/v1/billing/organizations/{org_id}/usage", s.handleBillingUsage)
	s.internal("GET /internal/v1/openapi.json", s.handleInternalOpenAPI)
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
