package sightline

import (
	"context"
	"time"
)

// Ad is one ad shown next to an answer.
type Ad struct {
	RunID            string    `json:"run_id"`
	AdvertiserID     string    `json:"advertiser_id"`
	AdvertiserName   string    `json:"advertiser_name"`
	AdvertiserDomain string    `json:"advertiser_domain"`
	FaviconURL       string    `json:"favicon_url"`
	Text             string    `json:"text"`
	PromptID         string    `json:"prompt_id"`
	TopicID          *string   `json:"topic_id"`
	ProviderID       string    `json:"provider_id"`
	RegionID         string    `json:"region_id"`
	RanAt            time.Time `json:"ran_at"`
}

// AdvertiserSummary is an advertiser with its ad counts over a window
// (docs/api.md). First and last seen cover all time.
type AdvertiserSummary struct {
	AdvertiserID     string    `json:"advertiser_id"`
	AdvertiserName   string    `json:"advertiser_name"`
	AppearanceCount  int       `json:"appearance_count"` // answers the advertiser appeared next to
	PromptCount      int       `json:"prompt_count"`     // distinct prompts
	AdCount          int       `json:"ad_count"`         // ads shown
	ProviderCount    int       `json:"provider_count"`   // distinct providers
	AdvertiserDomain string    `json:"advertiser_domain"`
	FaviconURL       string    `json:"favicon_url"`
	FirstSeenAt      time.Time `json:"first_seen_at"`
	LastSeenAt       time.Time `json:"last_seen_at"`
}

// AdFilter selects ads or advertisers: a scope (default window: the last
// 90 days) and free text on the advertiser name, domain or ad text.
type AdFilter struct {
	Scope Scope
	Query string
	PageRequest
	Sort []SortKey
}

// Sort keys of the ads and advertisers lists.
var (
	AdSortKeys            = []string{"ran_at", "advertiser_name"}
	DefaultAdSort         = []SortKey{{Key: "ran_at", Desc: true}}
	AdvertiserSortKeys    = []string{"appearance_count", "ad_count", "prompt_count", "provider_count", "advertiser_name", "last_seen_at"}
	DefaultAdvertiserSort = []SortKey{{Key: "appearance_count", Desc: true}, {Key: "advertiser_name"}}
)

// AdService reads ads and advertisers. Every method answers NOT_FOUND when
// the brand does not exist or belongs to another organization.
type AdService interface {
	// FindAds returns a page of ads shown in the scope, and the total.
	FindAds(ctx context.Context, orgID string, f AdFilter) ([]*Ad, int, error)
	// FindAdvertisers returns a page of advertiser summaries, and the total.
	FindAdvertisers(ctx context.Context, orgID string, f AdFilter) ([]*AdvertiserSummary, int, error)
	// FindAdvertiserByID returns one advertiser's summary over the scope's
	// window. NOT_FOUND when the advertiser is not the brand's.
	FindAdvertiserByID(ctx context.Context, orgID, advertiserID string, s Scope) (*AdvertiserSummary, error)
}
