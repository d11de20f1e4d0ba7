package client

import (
	"context"

	"github.com/sightline/sightline"
)

// SearchQueryParams are the query of GET …/search_queries (docs/api.md#search-queries).
type SearchQueryParams struct {
	OverviewFilter
	// PromptRegions scope to prompt/region pairs.
	PromptRegions []PromptRegion `query:"filter[prompt_regions]"`
	// Query matches the folded query, case-insensitively.
	Query string `query:"filter[query]"`
	Pagination
	// Sort: run_count, visibility, query. Default -run_count.
	Sort string `query:"sort"`
}

// ListSearchQueries returns a page of the fan-out queries of the scope.
func (c *Client) ListSearchQueries(ctx context.Context, brandID string, p SearchQueryParams) (*List[sightline.SearchQueryRow], error) {
	return getList[sightline.SearchQueryRow](ctx, c, brandPath(brandID, "search_queries"), p)
}
