// Package web serves the dashboard: server-rendered pages for signing in,
// managing API keys and reading a brand's visibility (docs/dashboard.md).
//
// The pages read and write through the same store methods and rules as the
// REST API (internal/httpapi), so that nothing on a page is computed a
// second way: the overview's numbers are the share-of-voice rows the API
// serves, a recommendation moves through UpdateRecommendation with the
// API's validation, a regeneration spends the same quota. Templates are
// parsed once at start-up; assets are embedded; no script runs inline, so
// the Content-Security-Policy allows scripts from the dashboard only.
package web

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/collect"
)

// Store is what the dashboard needs from storage: the services the API
// uses, plus sessions.
type Store interface {
	sightline.APIKeyService
	sightline.SessionService
	sightline.BrandService
	sightline.SOVService
	sightline.CitationService
	sightline.TopicService
	sightline.RecommendationService
	sightline.QuotaService
	sightline.OpportunityService
	sightline.ProviderService
	sightline.UserService
	sightline.TeamService
	sightline.WebhookService
	sightline.SignalService
	sightline.CompetitorService
	sightline.RunReadService
	sightline.PromptService
	sightline.AgentMetricsService
	FindIngestTarget(ctx context.Context, brandID string) (*sightline.IngestTarget, error)
	FindPromptMatrix(ctx context.Context, orgID string, f sightline.PromptMatrixFilter) ([]*sightline.PromptResults, int, error)
	FindCollectionHealth(ctx context.Context, orgID, brandID string) (*sightline.CollectionHealth, error)
	FindCollectionReport(ctx context.Context, brandID string, limit int) (*sightline.CollectionReport, error)
	FindSpendingCap(ctx context.Context, orgID string, now time.Time) (sightline.SpendingCap, error)
	FindProviderCredentials(ctx context.Context, orgID string) ([]*sightline.ProviderCredential, error)
	SetProviderCredential(ctx context.Context, c *sightline.ProviderCredential) error
	DeleteProviderCredential(ctx context.Context, orgID, provider string) error
	FindCollectionSettings(ctx context.Context, orgID, brandID string) (*sightline.CollectionSettings, error)
	UpdateCollectionSettings(ctx context.Context, orgID, brandID string, upd sightline.CollectionUpdate) (*sightline.CollectionSettings, error)
}

// WebhookSecrets makes endpoints' signing secrets and seals them under the
// master key (webhook.Keys, as for the API).
type WebhookSecrets interface {
	// New returns a fresh secret in its whsec_ form and sealed for one
	// endpoint of an organization.
	New(orgID, webhookID string) (string, *sightline.SealedSecret, error)
}

// WebhookConfig is what the webhooks page shares with the API's
// endpoints: the same secrets, the same URL rule, the same dispatcher.
type WebhookConfig struct {
	// Secrets makes signing secrets; nil (no master key) makes the page
	// say why endpoints cannot be created or rotated.
	Secrets WebhookSecrets
	// AllowInsecure is --allow-insecure-webhooks.
	AllowInsecure bool
	// Wake, when set, tells this process's dispatcher that a delivery is
	// due.
	Wake func()
}

// EngineConfig holds the engine settings the dashboard shares with the
// API: the same quotas and cooldown, so that a regeneration or a compute
// started from a page counts against the API's budget. Zero values take
// the defaults, as in the API.
type EngineConfig struct {
	RegenerateQuota int
	ComputeQuota    int
	DismissCooldown time.Duration
	// Wake, when set, is called after a compute job is enqueued, so that
	// this process's worker claims it at once.
	Wake func()
}

func (c EngineConfig) withDefaults() EngineConfig {
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
	return c
}

// Server is the dashboard. Set the fields, call Init (or Handler, which
// calls it), and do not change the fields afterwards except Engine.Wake
// before serving.
type Server struct {
	Store  Store
	Logger *slog.Logger
	// TrustProxyHeaders makes the dashboard believe X-Forwarded-Proto
	// (Secure cookies behind a TLS-terminating proxy) and X-Forwarded-For
	// (the client address the sign-in throttle counts). Only set it when a
	// proxy that overwrites these headers is in front.
	TrustProxyHeaders bool
	Engine            EngineConfig
	// Webhooks sets up the webhooks page; set it before serving.
	Webhooks WebhookConfig
	// SessionIdle and SessionLifetime end sessions; zero values take
	// sightline.DefaultSessionIdle and DefaultSessionLifetime.
	SessionIdle     time.Duration
	SessionLifetime time.Duration
	// Collector plans a brand's collection for the set-up page's dry run
	// (what `collect --once --dry-run` prints); nil: no plan is shown.
	Collector *collect.Collector
	// Scheduler queues a brand's due samples for "collect now"; nil: the
	// action is refused.
	Scheduler *collect.Scheduler
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	pages   map[string]*pageTemplate
	assets  map[string]asset
	handler http.Handler
	mux     *router
	cop     *http.CrossOriginProtection
	// hashSlots bounds the password checks running at once: each takes
	// 19 MiB and a core for ~75 ms, and a burst of sign-ins must not
	// exhaust the machine.
	hashSlots chan struct{}
}

// Init parses the templates and reads the assets. Handler calls it; call it
// first to see a template error at start-up.
func (s *Server) Init() error {
	if s.pages != nil {
		return nil
	}
	if s.Logger == nil {
		s.Logger = slog.New(slog.DiscardHandler)
	}
	if s.SessionIdle <= 0 {
		s.SessionIdle = sightline.DefaultSessionIdle
	}
	if s.SessionLifetime <= 0 {
		s.SessionLifetime = sightline.DefaultSessionLifetime
	}
	assets, err := loadAssets()
	if err != nil {
		return err
	}
	s.assets = assets
	pages, err := parseTemplates(s.assetURL)
	if err != nil {
		return fmt.Errorf("dashboard templates: %w", err)
	}
	s.pages = pages
	s.hashSlots = make(chan struct{}, max(2, runtime.GOMAXPROCS(0)))
	s.cop = http.NewCrossOriginProtection()
	s.mux = newRouter()
	s.routes()
	if err := s.mux.checkRules(); err != nil {
		return err
	}
	s.handler = s.requestID(s.recoverPanics(s.accessLog(s.securityHeaders(http.HandlerFunc(s.dispatch)))))
	return nil
}

// Handler returns the dashboard's root handler. It panics when Init fails,
// which only a broken build can make happen (templates are embedded).
func (s *Server) Handler() http.Handler {
	if err := s.Init(); err != nil {
		panic(err)
	}
	return s.handler
}

func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// routes lists every page and form action.
func (s *Server) routes() {
	s.mux.HandleFunc("GET /static/{file}", s.handleStatic)
	s.mux.Handle("GET /{$}", s.page(s.handleHome))
	s.mux.Handle("GET /login", s.open(s.handleLoginForm))
	s.mux.Handle("POST /login", s.open(s.handleLogin))
	s.mux.Handle("POST /logout", s.action(s.handleLogout))

	s.mux.Handle("GET /keys", s.page(s.handleKeys))
	s.mux.Handle("POST /keys", s.action(s.handleKeyCreate))
	s.mux.Handle("POST /keys/{key_id}/revoke", s.action(s.handleKeyRevoke))

	s.mux.Handle("GET /providers", s.page(s.handleProviderKeys))
	s.mux.Handle("POST /providers/{provider}", s.action(s.handleProviderKeySet))
	s.mux.Handle("POST /providers/{provider}/remove", s.action(s.handleProviderKeyRemove))

	s.mux.Handle("GET /brands", s.page(s.handleBrands))
	s.mux.Handle("POST /brands", s.action(s.handleBrandCreate))
	s.mux.Handle("GET /brands/{brand_id}/setup", s.page(s.handleSetup))
	s.mux.Handle("POST /brands/{brand_id}/setup/brand", s.action(s.handleBrandUpdate))
	s.mux.Handle("POST /brands/{brand_id}/competitors", s.action(s.handleCompetitorCreate))
	s.mux.Handle("POST /brands/{brand_id}/competitors/{competitor_id}/delete", s.action(s.handleCompetitorDelete))
	s.mux.Handle("POST /brands/{brand_id}/prompts", s.action(s.handlePromptsCreate))
	s.mux.Handle("POST /brands/{brand_id}/prompts/{prompt_id}", s.action(s.handlePromptUpdate))
	s.mux.Handle("POST /brands/{brand_id}/prompts/{prompt_id}/deactivate", s.action(s.handlePromptDeactivate))
	s.mux.Handle("POST /brands/{brand_id}/collection", s.action(s.handleCollectionUpdate))
	s.mux.Handle("POST /brands/{brand_id}/collection/collect", s.action(s.handleCollectNow))
	s.mux.Handle("GET /brands/{brand_id}", s.page(s.handleOverview))
	s.mux.Handle("GET /brands/{brand_id}/citations", s.page(s.handleCitations))
	s.mux.Handle("GET /brands/{brand_id}/runs", s.page(s.handleRuns))
	s.mux.Handle("GET /brands/{brand_id}/prompts", s.page(s.handlePrompts))
	s.mux.Handle("GET /brands/{brand_id}/runs/{run_id}", s.page(s.handleRun))
	s.mux.Handle("GET /brands/{brand_id}/topics", s.page(s.handleTopics))
	s.mux.Handle("POST /brands/{brand_id}/topics", s.action(s.handleTopicCreate))
	s.mux.Handle("POST /brands/{brand_id}/topics/{topic_id}/delete", s.action(s.handleTopicDelete))
	s.mux.Handle("GET /brands/{brand_id}/recommendations", s.page(s.handleRecommendations))
	s.mux.Handle("POST /brands/{brand_id}/recommendations/regenerate", s.action(s.handleRegenerate))
	s.mux.Handle("POST /brands/{brand_id}/recommendations/{rec_id}/state", s.action(s.handleRecommendationState))
	s.mux.Handle("GET /brands/{brand_id}/opportunities", s.page(s.handleOpportunities))
	s.mux.Handle("POST /brands/{brand_id}/opportunities/compute", s.action(s.handleCompute))
	s.mux.Handle("GET /brands/{brand_id}/opportunities/{opp_id}", s.page(s.handleOpportunity))
	s.mux.Handle("GET /brands/{brand_id}/signals", s.page(s.handleSignals))
	s.mux.Handle("GET /brands/{brand_id}/agents", s.page(s.handleAgents))

	s.mux.Handle("GET /users", s.page(s.handleUsers))
	s.mux.Handle("POST /users/invite", s.action(s.handleInvite))
	s.mux.Handle("POST /users/invitations/{id}/revoke", s.action(s.handleInvitationRevoke))
	s.mux.Handle("POST /users/{user_id}/role", s.action(s.handleUserRole))
	s.mux.Handle("POST /users/{user_id}/disable", s.action(s.handleUserDisable))
	s.mux.Handle("POST /users/{user_id}/sessions/end", s.action(s.handleUserSessionsEnd))
	s.mux.Handle("GET /invite/{token}", s.open(s.handleInvitationForm))
	s.mux.Handle("POST /invite/{token}", s.open(s.handleInvitationAccept))

	s.mux.Handle("GET /webhooks", s.page(s.handleWebhooks))
	s.mux.Handle("POST /webhooks", s.action(s.handleWebhookCreate))
	s.mux.Handle("GET /webhooks/{id}", s.page(s.handleWebhook))
	s.mux.Handle("POST /webhooks/{id}/events", s.action(s.handleWebhookEvents))
	s.mux.Handle("POST /webhooks/{id}/enabled", s.action(s.handleWebhookEnabled))
	s.mux.Handle("POST /webhooks/{id}/rotate", s.action(s.handleWebhookRotate))
	s.mux.Handle("POST /webhooks/{id}/test", s.action(s.handleWebhookTest))
	s.mux.Handle("POST /webhooks/{id}/delete", s.action(s.handleWebhookDelete))
}

// dispatch routes a request; unknown paths and wrong methods get HTML
// error pages instead of the mux's plain text.
func (s *Server) dispatch(w http.ResponseWriter, r *http.Request) {
	if _, pattern := s.mux.Handler(r); pattern != "" {
		s.mux.ServeHTTP(w, r)
		return
	}
	for _, m := range []string{http.MethodGet, http.MethodPost} {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := s.mux.Handler(probe); pattern != "" && m != r.Method {
			w.Header().Set("Allow", m)
			s.renderError(w, r, nil, sightline.Errorf(sightline.EMETHOD, "This page does not accept %s requests.", r.Method))
			return
		}
	}
	s.renderError(w, r, nil, sightline.Errorf(sightline.ENOTFOUND, "There is no page at %s.", r.URL.Path))
}
