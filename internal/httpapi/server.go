// Package httpapi serves the public REST API (/api/v2, API keys) and the
// internal surface (/internal, the operator's admin token) over one router.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/agentlog"
)

// Store is everything the HTTP layer needs from storage.
type Store interface {
	sightline.APIKeyService
	sightline.OrganizationService
	sightline.BrandService
	sightline.RunService
	sightline.RunReadService
	sightline.TopicService
	sightline.CitationService
	sightline.SearchQueryService
	sightline.CompetitorService
	sightline.PromptService
	sightline.AdService
	sightline.SOVService
	sightline.AnswerRateService
	sightline.ProviderService
	sightline.CollectionService
	sightline.SignalService
	sightline.WebhookService
	sightline.RateLimitService
	sightline.IdempotencyService
	sightline.AgentLogService
	sightline.AgentMetricsService
	engineStore
	Ping(ctx context.Context) error
}

// DefaultMaxBodyBytes caps request bodies of the public API.
const DefaultMaxBodyBytes = 1 << 20

// Server is the HTTP interface of Sightline.
type Server struct {
	Store  Store
	Logger *slog.Logger

	// AdminToken authorizes the internal surface (Authorization: Bearer).
	// Empty disables the internal surface.
	AdminToken string
	// MaxBodyBytes caps JSON bodies; 0 means DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// RateLimits are the default request limits per API key and per
	// organization (requests per minute, counted in the database across
	// replicas; docs/api.md). The zero value turns rate limiting off;
	// an organization's own limits replace these.
	RateLimits sightline.RateLimits
	// CORSOrigins are the browser origins allowed to call /api/v2
	// (exact "scheme://host[:port]"); none by default.
	CORSOrigins []string
	// TrustProxyHeaders believes X-Forwarded-Proto from a TLS-terminating
	// proxy (HSTS), and X-Forwarded-For or X-Real-IP for the client's
	// address (the throttle of failed authentication).
	TrustProxyHeaders bool
	// AuthFailureLimit is how many failed authentications one client
	// address may make in a minute before 429 (docs/api.md#failed-authentication);
	// 0 means DefaultAuthFailureLimit, a negative number turns the
	// throttle off.
	AuthFailureLimit int
	// SecretBox seals the stored first responses of idempotent requests
	// that carry a secret (webhook create and rotate_secret); nil stores
	// none of those. *secret.Box under the master key.
	SecretBox ResponseSealer
	// Metrics, when set, observes every request (route pattern, status,
	// latency) and serves GET /internal/metrics behind the admin token.
	Metrics *Metrics
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Engine tunes the engine endpoints (quotas, dismiss cooldown).
	Engine EngineConfig
	// Webhooks sets up the webhook endpoints (secrets, insecure URLs).
	Webhooks WebhookConfig
	// Limits bound timeouts, headers, request deadlines and concurrent
	// analytics requests (limits.go); zero fields take the defaults.
	Limits Limits
	// AgentRanges verify the AI agents of POST …/agent_logs; nil: every
	// agent unverified (docs/agents.md#verification).
	AgentRanges *agentlog.Ranges
	// Root, when set, is what the listener serves instead of Handler():
	// the binary puts a router in front that sends the API's paths to
	// Handler() and the rest to the dashboard.
	Root http.Handler

	mux     *http.ServeMux
	table   []Route
	handler http.Handler
	http    *http.Server
	ln      net.Listener

	heavyOnce sync.Once
	heavy     chan struct{} // slots of heavy requests

	authOnce  sync.Once
	authFails *authThrottle
}

// Handler returns the root handler with every route and middleware.
func (s *Server) Handler() http.Handler {
	if s.handler == nil {
		if s.Logger == nil {
			s.Logger = slog.New(slog.DiscardHandler)
		}
		s.mux = http.NewServeMux()
		s.routes()
		s.opsRoutes()
		s.handler = s.requestID(s.recoverPanics(s.accessLog(s.observe(s.apiHeaders(s.cors(s.finish(http.HandlerFunc(s.dispatch))))))))
	}
	return s.handler
}

func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Server) maxBody() int64 {
	if s.MaxBodyBytes > 0 {
		return s.MaxBodyBytes
	}
	return DefaultMaxBodyBytes
}

// Listen binds addr synchronously, so that a taken port fails at start.
func (s *Server) Listen(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	s.Attach(ln)
	return nil
}

// Addr returns the bound address (useful with port 0).
func (s *Server) Addr() string {
	if s.ln == nil {
		return ""
	}
	return s.ln.Addr().String()
}

// Serve serves until Shutdown; it returns nil after a graceful stop.
func (s *Server) Serve() error {
	if err := s.http.Serve(s.ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// Shutdown stops accepting connections and waits for in-flight requests
// until ctx ends.
func (s *Server) Shutdown(ctx context.Context) error {
	if s.http == nil {
		return nil
	}
	return s.http.Shutdown(ctx)
}

// handlerFunc is a handler that returns its error; fn writes it.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

func (s *Server) fn(h handlerFunc) http.Handler {
	h = negotiate(h)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.writeError(w, r, err)
		}
	})
}

// Route is one registered route.
type Route struct {
	Method string
	Path   string // with {placeholders}
	Access string // "public" (API key), "internal" (admin token) or "open"
}

// Routes lists every registered route, in registration order; tests compare
// it with the OpenAPI document and the MCP tools.
func (s *Server) Routes() []Route {
	s.Handler()
	return append([]Route(nil), s.table...)
}

func (s *Server) register(pattern, access string, h http.Handler) {
	method, path, _ := strings.Cut(pattern, " ")
	s.table = append(s.table, Route{Method: method, Path: path, Access: access})
	s.mux.Handle(pattern, h)
}

// public registers a route of the public API: API key required.
func (s *Server) public(pattern string, h handlerFunc) {
	s.register(pattern, "public", s.deadline(s.authenticate(sightline.SurfacePublic, s.rateLimit(s.idempotent(s.heavyLimit(pattern, s.fn(h)))))))
}

// internal registers a route outside the public surface: admin token
// required; a valid API key gets 403.
func (s *Server) internal(pattern string, h handlerFunc) {
	s.register(pattern, "internal", s.authenticate(sightline.SurfaceInternal, s.fn(h)))
}

// open registers a route that needs no credentials.
func (s *Server) open(pattern string, h handlerFunc) {
	s.register(pattern, "open", s.fn(h))
}

// dispatch routes a request; unknown paths and wrong methods get the JSON
// envelope instead of the mux's plain-text answers.
func (s *Server) dispatch(w http.ResponseWriter, r *http.Request) {
	if _, pattern := s.mux.Handler(r); pattern != "" {
		s.mux.ServeHTTP(w, r)
		return
	}
	if allow := s.allowedMethods(r); len(allow) > 0 {
		for _, m := range allow {
			w.Header().Add("Allow", m)
		}
		s.writeError(w, r, sightline.Errorf(sightline.EMETHOD, "Method %s is not allowed on %s.", r.Method, r.URL.Path))
		return
	}
	s.writeError(w, r, sightline.Errorf(sightline.ENOTFOUND, "No such endpoint: %s %s.", r.Method, r.URL.Path))
}

func (s *Server) allowedMethods(r *http.Request) []string {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		if m == r.Method {
			continue
		}
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := s.mux.Handler(probe); pattern != "" {
			allow = append(allow, m)
		}
	}
	return allow
}

// brandFromPath resolves {brand_id} for the caller: a brand of the key's
// organization (NOT_FOUND otherwise, whether or not it exists elsewhere),
// or any brand for the admin.
func (s *Server) brandFromPath(r *http.Request) (*sightline.Brand, error) {
	p := sightline.PrincipalFromContext(r.Context())
	id := strings.ToLower(r.PathValue("brand_id"))
	if !sightline.IsUUID(id) {
		return nil, sightline.Errorf(sightline.ENOTFOUND, "Brand not found.")
	}
	if p != nil && p.Admin {
		return s.Store.FindBrandByIDAnyOrg(r.Context(), id)
	}
	if p == nil {
		return nil, sightline.Errorf(sightline.EUNAUTHORIZED, "Missing or invalid API key.")
	}
	return s.Store.FindBrandByID(r.Context(), p.OrgID, id)
}

// brandNoParams is brandFromPath for the endpoints that read no query
// parameters: unknown filter[...] keys and limit/offset are still refused.
func (s *Server) brandNoParams(r *http.Request) (*sightline.Brand, error) {
	if err := newParams(r, s.now()).err(); err != nil {
		return nil, err
	}
	return s.brandFromPath(r)
}

// pathID reads a UUID path value; anything else cannot name a resource, so
// it is NOT_FOUND like a missing one.
func pathID(r *http.Request, name, kind string) (string, error) {
	id := strings.ToLower(r.PathValue(name))
	if !sightline.IsUUID(id) {
		return "", sightline.Errorf(sightline.ENOTFOUND, "%s not found.", kind)
	}
	return id, nil
}
