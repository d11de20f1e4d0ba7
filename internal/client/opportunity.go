package client

import (
	"context"
	"net/http"

	"github.com/sightline/sightline"
)

// OpportunityListParams are the query of GET …/opportunities.
type OpportunityListParams struct {
	// Intents: T, C, I, N.
	Intents []string `query:"filter[intents]"`
	// Query matches the opportunity's query text, case-insensitively.
	Query string `query:"filter[query]"`
	Pagination
	// Sort: final_score, est_volume, difficulty, computed_at. Default -final_score.
	Sort string `query:"sort"`
}

// ListOpportunities returns a page of the brand's scored opportunities.
func (c *Client) ListOpportunities(ctx context.Context, brandID string, p OpportunityListParams) (*List[sightline.Opportunity], error) {
	return getList[sightline.Opportunity](ctx, c, brandPath(brandID, "opportunities"), p)
}

// GetOpportunity returns one opportunity (docs/api.md).
func (c *Client) GetOpportunity(ctx context.Context, brandID, opportunityID string) (*sightline.Opportunity, error) {
	return getData[sightline.Opportunity](ctx, c, http.MethodGet, brandPath(brandID, "opportunities", id(opportunityID)), nil, nil)
}

// ComputeOpportunities enqueues an opportunity recompute (docs/api.md) and
// returns the compute status with the daily quota; a spent quota is
// QUOTA_EXCEEDED.
func (c *Client) ComputeOpportunities(ctx context.Context, brandID string) (*sightline.ComputeStatus, error) {
	return getData[sightline.ComputeStatus](ctx, c, http.MethodPost, brandPath(brandID, "opportunities", "compute"), nil, nil)
}

// GetComputeStatus returns the status of the brand's latest opportunity
// compute job (idle when none) with the daily quota.
func (c *Client) GetComputeStatus(ctx context.Context, brandID string) (*sightline.ComputeStatus, error) {
	return getData[sightline.ComputeStatus](ctx, c, http.MethodGet, brandPath(brandID, "opportunities", "compute"), nil, nil)
}
