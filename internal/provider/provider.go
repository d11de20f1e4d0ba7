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
}

// Usage is what one call consumed, as the provider reported it.
type Usage struct {
	InputTokens  int64 `json:"input_tokens"`
	OutputTokens int64 `json:"output_tokens"`
	// Searches counts billed web search / grounding calls.
	Searches int64 `json:"searches"`
}

// Add returns the sum of two usages.
func (u Usage) Add(v Usage) Usage {
	return Usage{InputTokens: u.InputTokens + v.InputTokens, OutputTokens: u.OutputTokens + v.OutputTokens, Searches: u.Searches + v.Searches}
}

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
	// Usage is what the call consumed.
	Usage Usage
	// LocationSent reports whether the region went out as the user
	// location (false when the API has no such parameter).
	LocationSent bool
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
