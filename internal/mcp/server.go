// Package mcp serves Sightline's public API as Model Context Protocol tools,
// so that an AI assistant can ask how visible a brand is and what to do
// about it.
//
// The tool server is a separate process in front of the REST API
// (docs/mcp.md#security-model-key-forwarding): it holds no data and no
// credentials of its own. Over Streamable HTTP, every HTTP request must carry
// the caller's API key in X-API-KEY; each tool call forwards the key of the
// HTTP request that carried the call, and nothing else, to the API through
// internal/client. The key is never written to disk, logs or a cache, and the
// HTTP mode is stateless, so there is no session in which it could outlive
// its request. Over stdio (desktop clients that spawn the server), the one
// key comes from the environment.
package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

// APIKeyHeader is the header that carries the caller's API key, as on the
// REST API.
const APIKeyHeader = client.APIKeyHeader

// Path is where the Streamable HTTP endpoint is mounted.
const Path = "/mcp"

// MetaOperation is the tool _meta key naming the REST operation a tool
// calls ("GET /api/v2/brands/{brand_id}/topics"). Tests compare it with the
// route table and the OpenAPI document.
const MetaOperation = "sightline/operation"

// maxKeyLength bounds a forwarded key; real keys are a prefix and 43
// characters.
const maxKeyLength = 256

// Server is the MCP tool server: tools over one API client.
type Server struct {
	// API is the upstream client. It must not carry a key of its own in
	// HTTP mode: each call gets its caller's key.
	API *client.Client
	// Logger receives one line per tool call (never a key); nil discards.
	Logger *slog.Logger
}

// New returns a tool server that calls the API at upstream (scheme, host
// and optional path prefix of a `sightline serve`).
func New(upstream string, logger *slog.Logger) (*Server, error) {
	api, err := client.New(upstream, "")
	if err != nil {
		return nil, err
	}
	return &Server{API: api, Logger: logger}, nil
}

func (s *Server) logger() *slog.Logger {
	if s.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return s.Logger
}

// keySource returns the API key that a tool call must forward.
type keySource func(req *sdk.CallToolRequest) string

// headerKey reads the key of the HTTP request that carried the call. The
// SDK hands every JSON-RPC message the headers of its own HTTP request, so
// a call made with another key on the same connection uses that key.
func headerKey(req *sdk.CallToolRequest) string {
	if req == nil || req.Extra == nil || req.Extra.Header == nil {
		return ""
	}
	return strings.TrimSpace(req.Extra.Header.Get(APIKeyHeader))
}

// instructions tell the assistant how to use the tools.
const instructions = `Sightline measures how a brand appears in answers of AI providers (ChatGPT, Perplexity, Gemini, Google AI Overviews, Claude, Copilot, …).
Start with list_brands to get a brand_id. list_providers, list_regions, list_topics and list_prompts give the ids that the filters take.
Percentages (visibility, share_of_voice, citation_share, *_percent, share_percent) are 0–100; sentiment is 0–100 with 50 neutral; *_diff fields are the change in points against the previous period of equal length.
Time windows default to the last 30 whole UTC days including today (90 for ads and advertisers).
Errors carry the API's error code (UNAUTHORIZED, NOT_FOUND, INVALID_PARAMETER, QUOTA_EXCEEDED, …) and message.`

// newSDKServer builds an MCP server with every tool, forwarding the key
// that keys returns for each call.
func (s *Server) newSDKServer(keys keySource) *sdk.Server {
	srv := sdk.NewServer(&sdk.Implementation{
		Name:    "sightline",
		Title:   "Sightline brand visibility",
		Version: sightline.Version,
	}, &sdk.ServerOptions{Instructions: instructions})
	r := &registry{server: s, sdk: srv, keys: keys}
	r.addBrandTools()
	r.addSetupTools()
	r.addTopicTools()
	r.addCitationTools()
	r.addSearchQueryTools()
	r.addAgentTools()
	r.addCatalogTools()
	r.addAdTools()
	r.addRunTools()
	r.addEngineTools()
	r.addSignalTools()
	r.addWebhookTools()
	return srv
}

// Handler returns the HTTP handler: the Streamable HTTP endpoint at Path
// (stateless: every POST stands alone) behind the key check, and GET
// /healthz. A request to Path without a key is answered 401 with the API's
// error envelope before the MCP layer reads it, so nothing reaches
// upstream.
func (s *Server) Handler() http.Handler {
	srv := s.newSDKServer(headerKey)
	streamable := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, &sdk.StreamableHTTPOptions{
		// No session state: nothing about one caller (above all its key)
		// outlives the request, and any replica can answer any request.
		Stateless:    true,
		JSONResponse: true,
	})
	mux := http.NewServeMux()
	mux.Handle(Path, requireKey(http.NewCrossOriginProtection().Handler(streamable)))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"data": map[string]string{"status": "ok"}})
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, sightline.ENOTFOUND, "No such endpoint: the MCP endpoint is "+Path+".")
	})
	return mux
}

// requireKey refuses a request without an API key (or with an absurdly
// long one) with 401 UNAUTHORIZED in the API's envelope. It does not check
// the key: only the API can, on the tool call that forwards it.
func requireKey(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimSpace(r.Header.Get(APIKeyHeader))
		if key == "" || len(key) > maxKeyLength {
			writeError(w, http.StatusUnauthorized, sightline.EUNAUTHORIZED,
				"Missing API key: send your Sightline API key in the "+APIKeyHeader+" header.")
			return
		}
		next.ServeHTTP(w, r)
	})
}

func writeError(w http.ResponseWriter, status int, code, message string) {
	writeJSON(w, status, map[string]any{"error": map[string]string{"code": code, "message": message}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) // the status is sent; nothing left to report to
}

// RunStdio serves the tools over t (sdk.StdioTransport in production)
// until the client disconnects or ctx ends, forwarding key on every call.
func (s *Server) RunStdio(ctx context.Context, key string, t sdk.Transport) error {
	key = strings.TrimSpace(key)
	if key == "" {
		return errors.New("mcp: no API key for stdio mode")
	}
	srv := s.newSDKServer(func(*sdk.CallToolRequest) string { return key })
	return srv.Run(ctx, t)
}

// logCall writes one line per tool call: tool, outcome, duration. Never
// the key or the arguments, which could hold anything.
func (s *Server) logCall(ctx context.Context, tool string, start time.Time, err error) {
	attrs := []any{"tool", tool, "duration_ms", float64(time.Since(start).Microseconds()) / 1000}
	if err != nil {
		var ce *client.Error
		if errors.As(err, &ce) {
			attrs = append(attrs, "error_code", ce.Code, "status", ce.Status)
		} else {
			attrs = append(attrs, "error_code", sightline.EUNAVAILABLE, "error", err.Error())
		}
	}
	s.logger().InfoContext(ctx, "tool call", attrs...)
}
