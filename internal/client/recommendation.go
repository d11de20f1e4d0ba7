package client

import (
	"context"
	"net/http"

	"github.com/sightline/sightline"
)

// RecommendationListParams are the query of GET
// …/content_studio/recommendations (docs/api.md).
type RecommendationListParams struct {
	// Types: social_post, earned_3rd_party, owned_create, owned_refresh, no_action.
	Types []string `query:"filter[types]"`
	// Intents: T, C, I, N.
	Intents []string `query:"filter[intents]"`
	// Impacts: high, medium, low.
	Impacts []string `query:"filter[impacts]"`
	// State is one state; the API's default is new.
	State string `query:"filter[state]"`
	// States are several states.
	States   []string `query:"filter[states]"`
	TopicIDs []string `query:"filter[topic_ids]"`
	// Archived lists the archived recommendations instead of the live ones.
	Archived bool `query:"filter[archived]"`
	Pagination
	// Sort: severity, created_at, state_changed_at. Default -severity.
	Sort string `query:"sort"`
}

// RecommendationList is a page of recommendations; its meta carries the
// daily regenerate quota.
type RecommendationList struct {
	Data []sightline.Recommendation       `json:"data"`
	Meta sightline.RecommendationListMeta `json:"meta"`
}

// ListRecommendations returns a page of the brand's content
// recommendations with the regenerate quota.
func (c *Client) ListRecommendations(ctx context.Context, brandID string, p RecommendationListParams) (*RecommendationList, error) {
	var l RecommendationList
	if err := c.do(ctx, http.MethodGet, brandPath(brandID, "content_studio", "recommendations"), p, nil, &l); err != nil {
		return nil, err
	}
	if l.Data == nil {
		l.Data = []sightline.Recommendation{}
	}
	return &l, nil
}

// GetRecommendation returns one recommendation, archived or not.
func (c *Client) GetRecommendation(ctx context.Context, brandID, recommendationID string) (*sightline.Recommendation, error) {
	return getData[sightline.Recommendation](ctx, c, http.MethodGet, brandPath(brandID, "content_studio", "recommendations", id(recommendationID)), nil, nil)
}

// UpdateRecommendation changes a recommendation's state (new, saved, done,
// dismissed); actionURL (optional, with done only) overrides the
// suggested action URL. A move the rules refuse is INVALID_TRANSITION.
func (c *Client) UpdateRecommendation(ctx context.Context, brandID, recommendationID, state string, actionURL *string) (*sightline.Recommendation, error) {
	body := struct {
		State     string  `json:"state"`
		ActionURL *string `json:"action_url,omitempty"`
	}{state, actionURL}
	return getData[sightline.Recommendation](ctx, c, http.MethodPatch, brandPath(brandID, "content_studio", "recommendations", id(recommendationID)), nil, body)
}

// RegenerateRecommendations regenerates the brand's recommendations from
// the last 30 days of evidence and spends one unit of the daily regenerate
// quota (QUOTA_EXCEEDED when spent).
func (c *Client) RegenerateRecommendations(ctx context.Context, brandID string) (*sightline.RegenerateResult, error) {
	return getData[sightline.RegenerateResult](ctx, c, http.MethodPost, brandPath(brandID, "content_studio", "recommendations", "regenerate"), nil, nil)
}

// ListWatchList returns a page of the brand's watch list, newest first.
func (c *Client) ListWatchList(ctx context.Context, brandID string, p Pagination) (*List[sightline.WatchListEntry], error) {
	return getList[sightline.WatchListEntry](ctx, c, brandPath(brandID, "watch_list"), p)
}
