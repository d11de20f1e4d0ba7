// Package provider asks AI answer engines a prompt through their public
// APIs, with web search (grounding) on, and turns each reply into what a
// prompt run records: the answer text, the cited URLs with their titles in
// answer order, and the tokens the call used (docs/collect.md).
//
// One Adapter per provider code speaks that provider's request and reply
// shapes; a Caller wraps an adapter with what a careful API client needs:
// per-key rate limits and concurrency, per-request timeouts, and retries
// with exponential backoff and jitter for 429, 5xx and timeouts. The
// package imports only the root package and the standard library (plus
// golang.org/x/time/rate), so it can be tested against local servers that
// answer in each provider's documented shapes.
package provider

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// Request is one question to one provider.
type Request struct {
	// Prompt is the text asked, as the user typed it.
	Prompt string
	// Region is the lowercase ISO 3166-1 alpha-2 country code of the run
	// ("us", "gb"), sent as the approximate user location where the API
	// takes one; "" sends none.
	Region string
	// APIKey is the organization's key for this provider. It travels only
	// in the request's auth header and is never logged or put in errors.
	APIKey string
	// Model overrides the adapter's configured model; "" keeps it.
	Model string
	// Source is the SERP data vendor that asks a search surface
	// (VendorSerpApi, VendorDataForSEO); "" asks the surface's first
	// vendor. Direct APIs ignore it. APIKey is then that vendor's
	// credential (docs/collect.md#search-surfaces).
	Source string
}

// Usage is what one call consumed, as the provider reported it.
type Usage struct {
	InputTokens  int64 `json:"input_tokens"`
	OutputTokens int64 `json:"output_tokens"`
	// Searches counts billed web search / grounding calls.
	Searches int64 `json:"searches"`
	// CostMicros is the provider's own figure of what the call cost, in
	// millionths of a US dollar, when CostReported (Perplexity's
	// usage.cost); it is stored instead of the price-list estimate.
	CostMicros   int64 `json:"cost_micros,omitempty"`
	CostReported bool  `json:"cost_reported,omitempty"`
}

// Add returns the sum of two usages. A reported cost stays reported only
// when both are: a sum of a reported and an estimated call is estimated.
func (u Usage) Add(v Usage) Usage {
	if u.IsZero() {
		return v
	}
	if v.IsZero() {
		return u
	}
	return Usage{InputTokens: u.InputTokens + v.InputTokens, OutputTokens: u.OutputTokens + v.OutputTokens, Searches: u.Searches + v.Searches,
		CostMicros: u.CostMicros + v.CostMicros, CostReported: u.CostReported && v.CostReported}
}

// IsZero reports whether u records no billed use.
func (u Usage) IsZero() bool { return u == Usage{} }

// Answer is a provider's reply turned into a run's content.
type Answer struct {
	// Text is the answer as the user would read it.
	Text string
	// Model is the model that answered, as the provider named it.
	Model string
	// Citations are the cited URLs in answer order, each URL once, typed
	// sightline.CitationInline when the API ties it to a span of the text
	// and sightline.CitationSource otherwise.
	Citations []sightline.RunCitation
	// SearchQueries are the web searches the provider ran for the
	// answer, in the order issued, each once (docs/collect.md#fan-out-and-sources).
	// nil means the provider does not report its queries; an empty,
	// non-nil slice means it reported that it searched nothing.
	SearchQueries []string
	// Sources are the pages the provider says it retrieved, cited or
	// not, each once, in the order it listed them.
	Sources []sightline.RunSource
	// Usage is what the call consumed.
	Usage Usage
	// LocationSent reports whether the region went out as the user
	// location (false when the API has no such parameter).
	LocationSent bool
	// Source is the SERP data vendor that answered; "" for direct APIs.
	Source string
	// NotShown is true when a search surface showed no AI answer for the
	// query (Google shows no AI Overview for many queries): a successful
	// run with an empty Text, recorded as answer_shown false.
	NotShown bool
	// Ads are the ads a search surface showed next to the answer, where
	// the vendor returns them.
	Ads []sightline.RunAd
}

// Error codes of a failed call; they are stored as the failed attempt's
// reason code.
const (
	ErrRateLimited = "rate_limited"       // 429
	ErrServer      = "server_error"       // 5xx
	ErrTimeout     = "timeout"            // the per-request timeout passed
	ErrNetwork     = "network_error"      // no HTTP answer (connection refused, reset)
	ErrAuth        = "auth_error"         // 401, 403: the key is wrong or lacks access
	ErrBadRequest  = "bad_request"        // any other 4xx
	ErrMalformed   = "malformed_response" // a 2xx whose body is not the documented shape
	ErrRefused     = "refusal"            // the model declined to answer
	ErrEmpty       = "empty_answer"       // a 2xx with no answer text
	ErrTruncated   = "truncated"          // the answer did not finish (token limit, a turn left paused)
	ErrBilling     = "billing"            // the account has no credit or quota left
)

// Error is a failed call. Message is the provider's own error message (or
// a description of what went wrong), cut to a storable length; it never
// contains the API key.
type Error struct {
	Provider string
	Code     string
	Status   int // HTTP status, 0 when there was no HTTP answer
	Message  string
	// Retryable is true for 429, 5xx, timeouts and network errors.
	Retryable bool
	// RetryAfter is the provider's Retry-After, when it sent one.
	RetryAfter time.Duration
	// Usage is what a failed call that the provider billed consumed (a
	// refusal, a truncated or empty answer); zero when it billed nothing.
	Usage Usage
	// Model is the model that answered a billed failed call; "" if none.
	Model string
}

// Error implements error.
func (e *Error) Error() string {
	if e.Status != 0 {
		return fmt.Sprintf("%s: %s (HTTP %d): %s", e.Provider, e.Code, e.Status, e.Message)
	}
	return fmt.Sprintf("%s: %s: %s", e.Provider, e.Code, e.Message)
}

// Adapter speaks one provider's API.
type Adapter interface {
	// Code is the provider code runs are recorded under ("chatgpt").
	Code() string
	// Model is the model asked when a request names none.
	Model() string
	// Ask sends one prompt and returns the answer, or an *Error.
	Ask(ctx context.Context, req Request) (*Answer, error)
}

// The provider codes this package speaks, as runs are recorded.
const (
	ChatGPT    = "chatgpt"
	Claude     = "claude"
	Gemini     = "gemini"
	Perplexity = "perplexity"
	// The search surfaces, asked through a SERP data vendor, and Grok,
	// asked through xAI's API (docs/collect.md#search-surfaces).
	GoogleAIOverviews = "google_ai_overviews"
	GoogleAIMode      = "google_ai_mode"
	Copilot           = "copilot"
	Grok              = "grok"
)

// Codes lists the provider codes New accepts, in a stable order.
func Codes() []string {
	return []string{ChatGPT, Claude, Gemini, Perplexity, GoogleAIOverviews, GoogleAIMode, Copilot, Grok}
}

// DefaultModel returns the model a provider is asked when neither the
// configuration nor the request names one ("" for an unknown code). The
// choices and their reasons are in docs/collect.md.
func DefaultModel(code string) string { return specs[code].model }

// DefaultBaseURL returns a provider's public API base URL ("" for an
// unknown code); for a search surface, its first vendor's.
func DefaultBaseURL(code string) string {
	if vs := Vendors(code); len(vs) > 0 {
		return vendorBaseURL[vs[0]]
	}
	return specs[code].baseURL
}

// spec is what differs between providers before any request is built.
type spec struct {
	baseURL, model string
	// env is the infix of the SIGHTLINE_<env>_BASE_URL and _MODEL
	// variables: the company's name, since gateways speak its API.
	env string
	new func(cfg Config) Adapter
}

var specs = map[string]spec{
	ChatGPT:    {"https://api.openai.com/v1", "gpt-6.1-terra", "OPENAI", newOpenAI},
	Claude:     {"https://api.anthropic.com", "claude-sonnet-5-5", "ANTHROPIC", newAnthropic},
	Gemini:     {"https://generativelanguage.googleapis.com", "gemini-3.8-flash", "GEMINI", newGemini},
	Perplexity: {"https://api.perplexity.ai", "sonar", "PERPLEXITY", newPerplexity},
	Grok:       {"https://api.x.ai/v1", "grok-4-1-fast-reasoning", "XAI", newXAI},
	// A search surface's "model" is the vendor that asked it: the vendors
	// name no model, and the price table prices each vendor's request.
	GoogleAIOverviews: {"", VendorSerpApi, "", newSurface(GoogleAIOverviews)},
	GoogleAIMode:      {"", VendorSerpApi, "", newSurface(GoogleAIMode)},
	Copilot:           {"", VendorSerpApi, "", newSurface(Copilot)},
}

// Config is how an adapter reaches its provider. The zero value asks the
// provider's public API with its default model.
type Config struct {
	// BaseURL replaces the provider's public base URL (an
	// OpenAI-compatible gateway, a local model server, a test server).
	BaseURL string
	// Model replaces the default model.
	Model string
	// HTTPClient sends the API calls; nil uses a client with a 3-minute
	// timeout as a backstop (the Caller's per-request timeout is
	// shorter).
	HTTPClient *http.Client
	// VendorBaseURL replaces a SERP data vendor's public base URL, by
	// vendor code (SIGHTLINE_SERPAPI_BASE_URL,
	// SIGHTLINE_DATAFORSEO_BASE_URL); search surfaces only.
	VendorBaseURL map[string]string
	// MaxSearches caps the web searches of one call, the bound on what a
	// call costs in search fees: Claude's max_uses, OpenAI's
	// max_tool_calls; 0 takes DefaultMaxSearches.
	MaxSearches int
	// ResolveClient follows Gemini's grounding redirect links (see
	// gemini.go); nil uses a client with a 5-second timeout. Redirects
	// are never followed whatever the client says: only the first
	// Location is read.
	ResolveClient *http.Client
}

// ConfigFromEnv reads a provider's configuration by its variable names:
// SIGHTLINE_{OPENAI,ANTHROPIC,GEMINI,PERPLEXITY,XAI}_BASE_URL and _MODEL,
// and for the search surfaces the vendors' SIGHTLINE_SERPAPI_BASE_URL and
// SIGHTLINE_DATAFORSEO_BASE_URL.
// getenv returns a setting by that name: in production the value of the
// command's flag, which its variable fills (cmd/sightline reads the
// environment in one place). An unknown code or a base URL that is not an
// absolute http(s) URL is an error naming it.
func ConfigFromEnv(code string, getenv func(string) string) (Config, error) {
	s, ok := specs[code]
	if !ok {
		return Config{}, unknownCode(code)
	}
	if s.env == "" {
		cfg := Config{VendorBaseURL: map[string]string{}}
		for _, v := range Vendors(code) {
			name := "SIGHTLINE_" + vendorEnv[v] + "_BASE_URL"
			if u := strings.TrimSpace(getenv(name)); u != "" {
				if err := checkBaseURL(u); err != nil {
					return Config{}, fmt.Errorf("%s: %w", name, err)
				}
				cfg.VendorBaseURL[v] = u
			}
		}
		return cfg, nil
	}
	cfg := Config{
		BaseURL: strings.TrimSpace(getenv("SIGHTLINE_" + s.env + "_BASE_URL")),
		Model:   strings.TrimSpace(getenv("SIGHTLINE_" + s.env + "_MODEL")),
	}
	if cfg.BaseURL != "" {
		if err := checkBaseURL(cfg.BaseURL); err != nil {
			return Config{}, fmt.Errorf("SIGHTLINE_%s_BASE_URL: %w", s.env, err)
		}
	}
	return cfg, nil
}

// New returns the adapter of a provider code. An unknown code, or a
// BaseURL that is not an absolute http(s) URL, is an error naming it.
func New(code string, cfg Config) (Adapter, error) {
	s, ok := specs[code]
	if !ok {
		return nil, unknownCode(code)
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = s.baseURL
	} else if err := checkBaseURL(cfg.BaseURL); err != nil {
		return nil, fmt.Errorf("provider %s: base URL: %w", code, err)
	}
	for v, u := range cfg.VendorBaseURL {
		if err := checkBaseURL(u); err != nil {
			return nil, fmt.Errorf("provider %s: %s base URL: %w", code, v, err)
		}
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if cfg.Model == "" {
		cfg.Model = s.model
	}
	if cfg.MaxSearches <= 0 {
		cfg.MaxSearches = DefaultMaxSearches
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 3 * time.Minute}
	}
	if cfg.ResolveClient == nil {
		cfg.ResolveClient = &http.Client{Timeout: 5 * time.Second}
	}
	return s.new(cfg), nil
}

// DefaultMaxSearches is Config.MaxSearches when unset: enough searches
// for an assistant answer, a bound on the search fees ($10 per 1,000).
const DefaultMaxSearches = 5

func unknownCode(code string) error {
	return fmt.Errorf("unknown provider code %q (known: %s)", code, strings.Join(Codes(), ", "))
}

func checkBaseURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an absolute http(s) URL", raw)
	}
	return nil
}
