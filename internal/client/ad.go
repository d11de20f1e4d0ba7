package client

import (
	"context"
	"net/http"

	"github.com/sightline/sightline"
)

// AdListParams are the query of GET …/ads and GET …/advertisers; the
// default window is the last 90 days.
type AdListParams struct {
	Window
	ProviderIDs []string `query:"filter[provider_ids]"`
	RegionIDs   []string `query:"filter[region_ids]"`
	TopicIDs    []string `query:"filter[topic_ids]"`
	PromptIDs   []string `query:"filter[prompt_ids]"`
	// Query matches the advertiser name, domain or ad text.
	Query string `query:"filter[query]"`
	Pagination
	// Sort: ads ran_at, advertiser_name (default -ran_at); advertisers
	// appearance_count, ad_count, prompt_count, provider_count,
	// advertiser_name, last_seen_at (default -appearance_count,advertiser_name).
	Sort string `query:"sort"`
}

// AdvertiserParams are the query of GET …/advertisers/{id}: counts over
// the window (default the last 90 days); first and last seen cover all time.
type AdvertiserParams struct {
	Window
}

// ListAds returns a page of ads shown next to the brand's answers.
func (c *Client) ListAds(ctx context.Context, brandID string, p AdListParams) (*List[sightline.Ad], error) {
	return getList[sightline.Ad](ctx, c, brandPath(brandID, "ads"), p)
}

// ListAdvertisers returns a page of advertiser summaries.
func (c *Client) ListAdvertisers(ctx context.Context, brandID string, p AdListParams) (*List[sightline.AdvertiserSummary], error) {
	return getList[sightline.AdvertiserSummary](ctx, c, brandPath(brandID, "advertisers"), p)
}

// GetAdvertiser returns one advertiser's summary (docs/api.md).
func (c *Client) GetAdvertiser(ctx context.Context, brandID, advertiserID string, p AdvertiserParams) (*sightline.AdvertiserSummary, error) {
	return getData[sightline.AdvertiserSummary](ctx, c, http.MethodGet, brandPath(brandID, "advertisers", id(advertiserID)), p, nil)
}
