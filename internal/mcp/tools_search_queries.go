package mcp

import (
	"context"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

type searchQueriesIn struct {
	brandArg
	scopeArgs
	PromptRegions []promptRegionArg `json:"prompt_regions,omitempty" jsonschema:"Only runs of these prompt and region pairs. Default all."`
	Query         string            `json:"query,omitempty" jsonschema:"Only queries containing this text, case-insensitively. Default none."`
	pageArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: run_count, visibility, query. Default -run_count."`
}

func (r *registry) addSearchQueryTools() {
	add(r, toolSpec{
		name:  "list_search_queries",
		title: "Fan-out search queries",
		description: "Lists the web searches the AI assistants ran for the brand's prompts (query fan-out), one row per query folded to lower case and single spaces: " +
			"run_count (runs that ran it), prompt_count, provider_ids, visibility (% of those runs whose answer names the target, 0–100) with visibility_sample_size and its 95 % interval visibility_ci_low/visibility_ci_high, " +
			"and owned_citation_count (citations of the brand's own domains in those runs)." + unitsList,
		operation: "GET /api/v2/brands/{brand_id}/search_queries",
	}, func(ctx context.Context, api *client.Client, in searchQueriesIn) (*client.List[sightline.SearchQueryRow], error) {
		return api.ListSearchQueries(ctx, in.BrandID, client.SearchQueryParams{
			OverviewFilter: in.filter(), PromptRegions: promptRegions(in.PromptRegions), Query: in.Query, Pagination: in.pagination(), Sort: in.Sort,
		})
	})
}
