package client

import (
	"context"
	"net/http"

	"github.com/sightline/sightline"
)

// MentionShareParams are the query of GET …/citations/mention_share
// (docs/metrics.md#share-series-citationsmention_share-citationsdomainsoverview).
type MentionShareParams struct {
	OverviewFilter
	// Domains scope to citations of these domains.
	Domains []string `query:"filter[domains]"`
	// URL scopes to one cited page.
	URL string `query:"filter[url]"`
	// Granularity: day (default), week or month.
	Granularity string `query:"filter[granularity]"`
}

// MentionShare returns the share of runs mentioning the target, by bucket.
func (c *Client) MentionShare(ctx context.Context, brandID string, p MentionShareParams) (*sightline.ShareSeries, error) {
	return getData[sightline.ShareSeries](ctx, c, http.MethodGet, brandPath(brandID, "citations", "mention_share"), p, nil)
}

// OverviewParams are the query of the citations overview and summary
// (docs/metrics.md#citations-overview-citationsoverview).
type OverviewParams struct {
	OverviewFilter
}

// CitationsOverview returns summary stats, distributions and growth lists.
func (c *Client) CitationsOverview(ctx context.Context, brandID string, p OverviewParams) (*sightline.CitationsOverview, error) {
	return getData[sightline.CitationsOverview](ctx, c, http.MethodGet, brandPath(brandID, "citations", "overview"), p, nil)
}

// CitationSummary counts citations by domain type (docs/api.md).
func (c *Client) CitationSummary(ctx context.Context, brandID string, p OverviewParams) (*sightline.CitationSummary, error) {
	return getData[sightline.CitationSummary](ctx, c, http.MethodGet, brandPath(brandID, "citations", "summary"), p, nil)
}

// DomainsOverviewParams are the query of GET …/citations/domains/overview
// (docs/api.md).
type DomainsOverviewParams struct {
	OverviewFilter
	// Granularity: day (default), week or month.
	Granularity string `query:"filter[granularity]"`
}

// DomainsOverview returns owned-citation and mention share series and the
// ownership breakdown.
func (c *Client) DomainsOverview(ctx context.Context, brandID string, p DomainsOverviewParams) (*sightline.DomainsOverview, error) {
	return getData[sightline.DomainsOverview](ctx, c, http.MethodGet, brandPath(brandID, "citations", "domains", "overview"), p, nil)
}

// CitationFilter holds the filters shared by the pages and domains lists.
type CitationFilter struct {
	OverviewFilter
	// PromptRegions scope to prompt/region pairs.
	PromptRegions []PromptRegion `query:"filter[prompt_regions]"`
	// Query matches the page URL or domain (the domain only on the domains
	// list), case-insensitively.
	Query string `query:"filter[query]"`
	// DomainTypes: static and/or ownership domain_type values (docs/api.md).
	DomainTypes []string `query:"filter[domain_types]"`
	// RetrievedOnly lists what the scope's runs retrieved and no answer
	// cited in its text in the window instead of the cited rows
	// (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
	RetrievedOnly bool `query:"filter[retrieved_only]"`
}

// CitationPageParams are the query of GET …/citations/pages (docs/api.md).
type CitationPageParams struct {
	CitationFilter
	Domains        []string `query:"filter[domains]"`
	PageTypes      []string `query:"filter[page_types]"`
	YouTubeChannel string   `query:"filter[youtube_channel]"`
	Subreddit      string   `query:"filter[subreddit]"`
	// PromptID is a single prompt; it combines with TopicIDs by AND.
	PromptID string `query:"filter[prompt_id]"`
	Pagination
	// Sort: total_citation_count, citation_count, total_citation_percent,
	// brand_citation_count, brand_citation_percent, page, domain, page_type.
	// Default -citation_count,domain,page.
	Sort string `query:"sort"`
}

// CitationDomainParams are the query of GET …/citations/domains (docs/api.md).
type CitationDomainParams struct {
	CitationFilter
	Pagination
	// Sort: citation_count, brand_citation_count, domain. Default
	// -citation_count,domain.
	Sort string `query:"sort"`
}

// ListCitationPages returns a page of the most-cited pages.
func (c *Client) ListCitationPages(ctx context.Context, brandID string, p CitationPageParams) (*List[sightline.CitationRow], error) {
	return getList[sightline.CitationRow](ctx, c, brandPath(brandID, "citations", "pages"), p)
}

// ListCitationDomains returns a page of the most-cited domains.
func (c *Client) ListCitationDomains(ctx context.Context, brandID string, p CitationDomainParams) (*List[sightline.CitationRow], error) {
	return getList[sightline.CitationRow](ctx, c, brandPath(brandID, "citations", "domains"), p)
}

// ShareOfVoiceParams are the query of GET …/share_of_voice.
type ShareOfVoiceParams struct {
	OverviewFilter
	PromptRegions []PromptRegion `query:"filter[prompt_regions]"`
	// Granularity of time_based_metrics: day (default), week or month.
	Granularity string `query:"filter[granularity]"`
	Pagination
	// Sort: share_of_voice, visibility, sentiment, mentions, name. Default
	// -share_of_voice,name.
	Sort string `query:"sort"`
}

// ListShareOfVoice returns a page of found brands with their share of
// voice, visibility and sentiment over the window and per bucket.
func (c *Client) ListShareOfVoice(ctx context.Context, brandID string, p ShareOfVoiceParams) (*RateList[sightline.SOVRow], error) {
	return getRateList[sightline.SOVRow](ctx, c, brandPath(brandID, "share_of_voice"), p)
}
