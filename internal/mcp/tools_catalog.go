package mcp

import (
	"context"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

type listPromptsIn struct {
	brandArg
	TopicIDs  []string `json:"topic_ids,omitempty" jsonschema:"Only prompts under these topics (ids from list_topics). Default all topics."`
	Query     string   `json:"query,omitempty" jsonschema:"Only prompts whose text contains this, case-insensitively. Default none."`
	IsDeleted bool     `json:"is_deleted,omitempty" jsonschema:"Also list inactive prompts (of deleted topics). Default false."`
	pageArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: text, created_at. Default created_at."`
}

type brandPageIn struct {
	brandArg
	pageArgs
}

func (r *registry) addCatalogTools() {
	add(r, toolSpec{
		name:        "list_prompts",
		title:       "List tracked prompts",
		description: "Lists the questions tracked for the brand: id, text, topic, intent (T transactional, C commercial, I informational, N navigational) and whether it is active." + unitsList,
		operation:   "GET /api/v2/brands/{brand_id}/prompts",
	}, func(ctx context.Context, api *client.Client, in listPromptsIn) (*client.List[sightline.Prompt], error) {
		return api.ListPrompts(ctx, in.BrandID, client.PromptListParams{
			TopicIDs: in.TopicIDs, Query: in.Query, IsDeleted: in.IsDeleted, Pagination: in.pagination(), Sort: in.Sort,
		})
	})
	add(r, toolSpec{
		name:        "list_providers",
		title:       "List AI providers",
		description: "Lists the AI providers the brand's prompts ran on (id, code such as chatgpt or perplexity, display name); the ids are what provider_ids filters take." + unitsList,
		operation:   "GET /api/v2/brands/{brand_id}/providers",
	}, func(ctx context.Context, api *client.Client, in brandPageIn) (*client.List[sightline.Provider], error) {
		return api.ListProviders(ctx, in.BrandID, in.pagination())
	})
	add(r, toolSpec{
		name:        "list_regions",
		title:       "List regions",
		description: "Lists the regions the brand's prompts ran in (id, country code such as us, display name); the ids are what region_ids filters take." + unitsList,
		operation:   "GET /api/v2/brands/{brand_id}/regions",
	}, func(ctx context.Context, api *client.Client, in brandPageIn) (*client.List[sightline.Region], error) {
		return api.ListRegions(ctx, in.BrandID, in.pagination())
	})
}
