package client

import (
	"context"
	"net/http"

	"github.com/sightline/sightline"
)

// AgentParams are the filters of the agents reads (docs/api.md#agents).
type AgentParams struct {
	// Window over the visits' times; default the last 30 days.
	Window
	// Verification: verified, spoofed, unverified; default all but spoofed.
	Verification []string `query:"filter[verification]"`
	Operators    []string `query:"filter[operators]"`
	Purposes     []string `query:"filter[purposes]"`
	Agents       []string `query:"filter[agents]"`
}

// AgentOverviewParams are the query of GET …/agents/overview.
type AgentOverviewParams struct {
	AgentParams
	Granularity string `query:"filter[granularity]"`
}

// AgentPageParams are the query of GET …/agents/pages.
type AgentPageParams struct {
	AgentParams
	CrawledNotCited bool `query:"filter[crawled_not_cited]"`
	CitedNotCrawled bool `query:"filter[cited_not_crawled]"`
	Pagination
	// Sort: visits, citation_count, error_rate. Default -visits.
	Sort string `query:"sort"`
}

// AIReferralParams are the query of GET …/agents/referrals.
type AIReferralParams struct {
	Window
	Sources     []string `query:"filter[sources]"`
	Granularity string   `query:"filter[granularity]"`
	Pagination
	// Sort: visits. Default -visits.
	Sort string `query:"sort"`
}

// AIReferralList is a page of referral rows; its meta adds the visits per
// source and the series.
type AIReferralList struct {
	Data []sightline.AIReferralRow `json:"data"`
	Meta AIReferralListMeta        `json:"meta"`
}

// AIReferralListMeta is the paging of a referral list with by_source and
// series.
type AIReferralListMeta struct {
	sightline.PageMeta
	sightline.AIReferralMeta
}

// AgentOverview returns the AI agents' visits of the brand's site.
func (c *Client) AgentOverview(ctx context.Context, brandID string, p AgentOverviewParams) (*sightline.AgentOverview, error) {
	return getData[sightline.AgentOverview](ctx, c, http.MethodGet, brandPath(brandID, "agents", "overview"), p, nil)
}

// ListAgentPages returns a page of the pages agents fetched or answers cited.
func (c *Client) ListAgentPages(ctx context.Context, brandID string, p AgentPageParams) (*List[sightline.AgentPageRow], error) {
	return getList[sightline.AgentPageRow](ctx, c, brandPath(brandID, "agents", "pages"), p)
}

// ListAIReferrals returns a page of the visits AI assistants referred.
func (c *Client) ListAIReferrals(ctx context.Context, brandID string, p AIReferralParams) (*AIReferralList, error) {
	var l AIReferralList
	if err := c.do(ctx, http.MethodGet, brandPath(brandID, "agents", "referrals"), p, nil, &l); err != nil {
		return nil, err
	}
	if l.Data == nil {
		l.Data = []sightline.AIReferralRow{}
	}
	return &l, nil
}
