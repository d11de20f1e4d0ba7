package sightline

import (
	"context"
	"time"
)

// Quota kinds: each is a daily budget per brand, spent atomically in the
// database so that it holds across every replica (docs/engines.md#quotas).
const (
	QuotaRegenerate = "regenerate" // POST …/content_studio/recommendations/regenerate
	QuotaCompute    = "compute"    // POST …/opportunities/compute
)

// Default daily limits; `serve` flags override them.
const (
	DefaultRegenerateQuota = 10
	DefaultComputeQuota    = 5
)

// DailyQuota is the daily_quota object of docs/api.md: how much of a daily
// budget is used and when it resets (the next UTC midnight).
type DailyQuota struct {
	Limit     int       `json:"limit"`
	Used      int       `json:"used"`
	Remaining int       `json:"remaining"`
	ResetsAt  time.Time `json:"resets_at"`
}

// NewDailyQuota builds the quota object for used units of limit at now.
func NewDailyQuota(limit, used int, now time.Time) DailyQuota {
	return DailyQuota{Limit: limit, Used: used, Remaining: max(0, limit-used), ResetsAt: EndOfDay(now)}
}

// QuotaDay is the UTC day a unit spent at now counts against.
func QuotaDay(now time.Time) string { return now.UTC().Format(time.DateOnly) }

// QuotaExceeded returns the QUOTA_EXCEEDED error for a spent quota, with
// Retry-After pointing at the reset.
func QuotaExceeded(q DailyQuota, what string, now time.Time) *Error {
	wait := int(q.ResetsAt.Sub(now).Seconds() + 0.999)
	err := Errorf(EQUOTA, "The daily %s quota of %d is used up; it resets at %s.", what, q.Limit, q.ResetsAt.Format(time.RFC3339))
	err.RetryAfter = max(1, wait)
	return err
}

// QuotaService reads quota usage.
type QuotaService interface {
	// FindQuota returns today's usage of a brand's quota of kind against
	// limit. NOT_FOUND when the brand does not exist or belongs to another
	// organization.
	FindQuota(ctx context.Context, orgID, brandID, kind string, limit int) (*DailyQuota, error)
}
