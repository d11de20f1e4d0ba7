package client

import (
	"context"
	"net/http"

	"github.com/sightline/sightline"
)

// BrandListParams are the query of GET /api/v2/brands.
type BrandListParams struct {
	Pagination // page_size default 50
	// Sort: name, created_at; "-" prefix for descending. Default name.
	Sort string `query:"sort"`
	// Query matches the brand name, case-insensitively.
	Query string `query:"filter[query]"`
}

// ListBrands returns a page of the organization's brands.
func (c *Client) ListBrands(ctx context.Context, p BrandListParams) (*List[sightline.Brand], error) {
	return getList[sightline.Brand](ctx, c, "/api/v2/brands", p)
}

// CompetitorListParams are the query of GET …/competitors: competitors
// with their visibility over the scope.
type CompetitorListParams struct {
	OverviewFilter
	Pagination
	// Sort: name, domain, visibility. Default name.
	Sort string `query:"sort"`
}

// ListCompetitors returns a page of the brand's tracked competitors.
func (c *Client) ListCompetitors(ctx context.Context, brandID string, p CompetitorListParams) (*List[sightline.Competitor], error) {
	return getList[sightline.Competitor](ctx, c, brandPath(brandID, "competitors"), p)
}

// UpdateCompetitorDomain sets a tracked competitor's domain (docs/api.md);
// the API stores its registrable domain and answers the competitor with its
// visibility over the default window.
func (c *Client) UpdateCompetitorDomain(ctx context.Context, brandID, competitorID, domain string) (*sightline.Competitor, error) {
	body := sightline.CompetitorUpdate{Domain: &domain}
	return getData[sightline.Competitor](ctx, c, http.MethodPatch, brandPath(brandID, "competitors", id(competitorID)), nil, body)
}
