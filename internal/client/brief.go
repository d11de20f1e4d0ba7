package client

import (
	"context"
	"net/http"

	"github.com/sightline/sightline"
)

// BriefListParams are the query of GET …/content_studio/briefs.
type BriefListParams struct {
	// States: new, generating, ready, failed.
	States            []string `query:"filter[states]"`
	RecommendationIDs []string `query:"filter[recommendation_ids]"`
	TopicIDs          []string `query:"filter[topic_ids]"`
	// IsDeleted includes deleted briefs (default false).
	IsDeleted bool `query:"filter[is_deleted]"`
	Pagination
	// Sort: created_at, updated_at, title. Default -created_at.
	Sort string `query:"sort"`
}

// ListBriefs returns a page of the brand's content briefs.
func (c *Client) ListBriefs(ctx context.Context, brandID string, p BriefListParams) (*List[sightline.Brief], error) {
	return getList[sightline.Brief](ctx, c, brandPath(brandID, "content_studio", "briefs"), p)
}

// GetBrief returns one brief (docs/api.md).
func (c *Client) GetBrief(ctx context.Context, brandID, briefID string) (*sightline.Brief, error) {
	return getData[sightline.Brief](ctx, c, http.MethodGet, brandPath(brandID, "content_studio", "briefs", id(briefID)), nil, nil)
}
