package sightline

import (
	"context"
	"time"
)

// Request rate limits of the public API (docs/api.md#rate-limits):
// requests per minute per API key and per organization, counted in the
// database in fixed one-minute windows so that every replica enforces one
// limit.
const (
	DefaultKeyRateLimit = 600  // requests per minute per API key
	DefaultOrgRateLimit = 3000 // requests per minute per organization
	// RateLimitWindow is the length of one counting window.
	RateLimitWindow = time.Minute
)

// RateLimits are requests per minute; 0 means no limit.
type RateLimits struct {
	PerKey int `json:"key_per_minute"`
	PerOrg int `json:"per_minute"`
}

// OrgRateLimits is an organization's own limits; a nil field keeps the
// server's default.
type OrgRateLimits struct {
	OrgID  string `json:"org_id"`
	PerKey *int   `json:"key_per_minute"`
	PerOrg *int   `json:"per_minute"`
}

// Validate refuses negative limits.
func (l *OrgRateLimits) Validate() error {
	var errs ValidationErrors
	if l.PerKey != nil && *l.PerKey < 0 {
		errs.Add("key_per_minute", "invalid", "Use 0 (no limit) or more requests per minute.")
	}
	if l.PerOrg != nil && *l.PerOrg < 0 {
		errs.Add("per_minute", "invalid", "Use 0 (no limit) or more requests per minute.")
	}
	return errs.Err()
}

// RateLimitStatus is what one counted request leaves of the tightest limit
// that applies to it: the IETF RateLimit-* header fields.
type RateLimitStatus struct {
	Limit     int       // requests per window; 0: no limit applies
	Remaining int       // requests left in the window
	Reset     time.Time // when the window ends
	Exceeded  bool      // this request is over the limit
}

// ResetSeconds is the whole seconds until Reset, at least 1.
func (s RateLimitStatus) ResetSeconds(now time.Time) int {
	d := s.Reset.Sub(now)
	secs := int((d + time.Second - 1) / time.Second)
	return max(1, secs)
}

// RateLimitService counts requests against the limits.
type RateLimitService interface {
	// CountRequest counts one request of an API key of orgID against the
	// per-key and per-organization limits (the organization's own, else
	// defaults) and returns the tightest.
	CountRequest(ctx context.Context, orgID, keyID string, defaults RateLimits) (RateLimitStatus, error)
	// SetOrgRateLimits stores an organization's own limits (nil fields:
	// the defaults). NOT_FOUND for an unknown organization.
	SetOrgRateLimits(ctx context.Context, l OrgRateLimits) (*OrgRateLimits, error)
	// FindOrgRateLimits returns an organization's own limits.
	FindOrgRateLimits(ctx context.Context, orgID string) (*OrgRateLimits, error)
}

// IdempotencyTTL is how long the first response of an idempotent write is
// kept and replayed (docs/api.md#idempotent-writes).
const IdempotencyTTL = 24 * time.Hour

// IdempotentResponse is a stored first response.
type IdempotentResponse struct {
	Status  int
	Headers map[string]string
	Body    []byte
	// Sealed: Body is sealed under the master key (it carries a secret).
	Sealed bool
}

// IdempotencyClaim is the outcome of claiming an Idempotency-Key.
type IdempotencyClaim struct {
	// Claimed: the caller executes the request and then calls
	// CompleteIdempotency or ReleaseIdempotency.
	Claimed bool
	// Replay is the stored response of the first request (same digest).
	Replay *IdempotentResponse
}

// IdempotencyService stores the first response of writes sent with an
// Idempotency-Key, per organization and key.
type IdempotencyService interface {
	// ClaimIdempotency claims key for a request with digest: Claimed when
	// the key is new (or expired, or its holder's lock ran out), Replay
	// when a finished request with the same digest exists. Errors:
	// IDEMPOTENCY_KEY_REUSED for another digest, CONFLICT while the first
	// request is still running.
	ClaimIdempotency(ctx context.Context, orgID, key, digest string, lock time.Duration) (IdempotencyClaim, error)
	// CompleteIdempotency stores the response of a claimed key.
	CompleteIdempotency(ctx context.Context, orgID, key string, resp IdempotentResponse) error
	// ReleaseIdempotency forgets a claimed key whose request failed
	// unexpectedly, so that a retry executes again.
	ReleaseIdempotency(ctx context.Context, orgID, key string) error
}

// PruneResult counts what Prune deleted.
type PruneResult struct {
	Jobs, IdempotencyKeys, RateLimitCounters int64
}

// HousekeepingService deletes what is no longer needed.
type HousekeepingService interface {
	// Prune deletes finished jobs (completed or failed) that ended before
	// jobsBefore, except each brand's latest job of each kind (its status
	// is still shown), idempotency records older than IdempotencyTTL and
	// rate-limit windows that have ended.
	Prune(ctx context.Context, jobsBefore time.Time) (PruneResult, error)
}

// EIDEMPOTENCY: the same Idempotency-Key was sent with another request.
const EIDEMPOTENCY = "IDEMPOTENCY_KEY_REUSED"

// JobQueueStat counts live jobs of one kind family and status.
type JobQueueStat struct {
	Kind             string // opportunities, brief, collect, signals
	Status           string // queued or running
	Count            int
	OldestAgeSeconds float64 // since the oldest one was enqueued
}
