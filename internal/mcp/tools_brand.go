package mcp

import (
	"context"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

type listBrandsIn struct {
	Query    string `json:"query,omitempty" jsonschema:"Only brands whose name contains this text, case-insensitively. Default all brands."`
	Page     int    `json:"page,omitempty" jsonschema:"Page number, from 1. Default 1."`
	PageSize int    `json:"page_size,omitempty" jsonschema:"Rows per page, at least 1; values above 100 are clamped to 100. Default 50."`
	Sort     string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: name, created_at. Default name."`
}

type listCompetitorsIn struct {
	brandArg
	scopeArgs
	pageArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: name, domain, visibility. Default name."`
}

type updateCompetitorDomainIn struct {
	brandArg
	CompetitorID string `json:"competitor_id" jsonschema:"UUID of the tracked competitor (from list_competitors)."`
	Domain       string `json:"domain" jsonschema:"The competitor's website domain, e.g. example.com (a URL or subdomain is reduced to its registrable domain). Citations of this domain count as competitor_owned from now on."`
}

func (r *registry) addBrandTools() {
	add(r, toolSpec{
		name:        "list_brands",
		title:       "List brands",
		description: "Lists the brands of the API key's organization: id, name, owned domains and aliases. Call this first: every other tool takes a brand_id." + unitsList,
		operation:   "GET /api/v2/brands",
	}, func(ctx context.Context, api *client.Client, in listBrandsIn) (*client.List[sightline.Brand], error) {
		return api.ListBrands(ctx, client.BrandListParams{
			Pagination: client.Pagination{Page: in.Page, PageSize: in.PageSize}, Sort: in.Sort, Query: in.Query,
		})
	})
	add(r, toolSpec{
		name:        "list_competitors",
		title:       "List competitors",
		description: "Lists the brand's tracked competitors with their domain and visibility (% of runs in the window whose answer mentions the competitor, 0–100)." + unitsList,
		operation:   "GET /api/v2/brands/{brand_id}/competitors",
	}, func(ctx context.Context, api *client.Client, in listCompetitorsIn) (*client.List[sightline.Competitor], error) {
		return api.ListCompetitors(ctx, in.BrandID, client.CompetitorListParams{
			OverviewFilter: in.filter(), Pagination: in.pagination(), Sort: in.Sort,
		})
	})
	add(r, toolSpec{
		name:  "update_competitor_domain",
		title: "Update a competitor's domain",
		description: "Sets the website domain of a tracked competitor, replacing the previous one. Ownership of cited domains is computed at query time, " +
			"so citation analytics classify the new domain as competitor_owned at once. Answers the competitor with its visibility over the last 30 days (0–100).",
		operation:  "PATCH /api/v2/brands/{brand_id}/competitors/{competitor_id}",
		effect:     destructive,
		idempotent: true,
	}, func(ctx context.Context, api *client.Client, in updateCompetitorDomainIn) (*sightline.Competitor, error) {
		return api.UpdateCompetitorDomain(ctx, in.BrandID, in.CompetitorID, in.Domain)
	})
}
