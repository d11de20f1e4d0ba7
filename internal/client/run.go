package client

import (
	"context"
	"net/http"

	"github.com/sightline/sightline"
)

// RunListParams are the query of GET …/runs (docs/api.md#runs): the
// metrics' scope filters and what the answers name and cite.
type RunListParams struct {
	Window
	TopicIDs    []string `query:"filter[topic_ids]"`
	PromptIDs   []string `query:"filter[prompt_ids]"`
	ProviderIDs []string `query:"filter[provider_ids]"`
	RegionIDs   []string `query:"filter[region_ids]"`
	// Mentions: the brand's id, competitor ids or found-brand ids.
	Mentions     []string `query:"filter[mentions]"`
	CitesDomains []string `query:"filter[cites_domain]"`
	CitesURLs    []string `query:"filter[cites_url]"`
	// Status: ok (default) or failed.
	Status string `query:"filter[status]"`
	Pagination
}

// ListRuns returns a page of the brand's runs, newest first.
func (c *Client) ListRuns(ctx context.Context, brandID string, p RunListParams) (*List[sightline.Run], error) {
	return getList[sightline.Run](ctx, c, brandPath(brandID, "runs"), p)
}

// GetRun returns one run (or failed collection attempt) of a brand.
func (c *Client) GetRun(ctx context.Context, brandID, runID string) (*sightline.Run, error) {
	return getData[sightline.Run](ctx, c, http.MethodGet, brandPath(brandID, "runs", id(runID)), nil, nil)
}
