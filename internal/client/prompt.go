package client

import (
	"context"

	"github.com/sightline/sightline"
)

// PromptListParams are the query of GET …/prompts.
type PromptListParams struct {
	TopicIDs []string `query:"filter[topic_ids]"`
	// Query matches the prompt text, case-insensitively.
	Query string `query:"filter[query]"`
	// IsDeleted includes inactive prompts (default false).
	IsDeleted bool `query:"filter[is_deleted]"`
	Pagination
	// Sort: text, created_at. Default created_at.
	Sort string `query:"sort"`
}

// ListPrompts returns a page of the brand's tracked prompts.
func (c *Client) ListPrompts(ctx context.Context, brandID string, p PromptListParams) (*List[sightline.Prompt], error) {
	return getList[sightline.Prompt](ctx, c, brandPath(brandID, "prompts"), p)
}

// ListProviders returns a page of the AI providers of the brand's runs.
func (c *Client) ListProviders(ctx context.Context, brandID string, p Pagination) (*List[sightline.Provider], error) {
	return getList[sightline.Provider](ctx, c, brandPath(brandID, "providers"), p)
}

// ListRegions returns a page of the regions of the brand's runs.
func (c *Client) ListRegions(ctx context.Context, brandID string, p Pagination) (*List[sightline.Region], error) {
	return getList[sightline.Region](ctx, c, brandPath(brandID, "regions"), p)
}
