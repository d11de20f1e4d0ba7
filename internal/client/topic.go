package client

import (
	"context"
	"net/http"

	"github.com/sightline/sightline"
)

// TopicListParams are the query of GET …/topics: topics with their metrics.
type TopicListParams struct {
	MetricFilter
	// TopicIDs keeps only these topics.
	TopicIDs []string `query:"filter[topic_ids]"`
	// Query matches the topic name, case-insensitively.
	Query string `query:"filter[query]"`
	// IsDeleted includes soft-deleted topics (default false).
	IsDeleted bool `query:"filter[is_deleted]"`
	Pagination
	// Sort: name, created_at, updated_at. Default name.
	Sort string `query:"sort"`
}

// TopicParams are the query of GET …/topics/{id} (docs/api.md).
type TopicParams struct {
	MetricFilter
}

// ListTopics returns a page of the brand's topics with their metrics.
func (c *Client) ListTopics(ctx context.Context, brandID string, p TopicListParams) (*RateList[sightline.Topic], error) {
	return getRateList[sightline.Topic](ctx, c, brandPath(brandID, "topics"), p)
}

// GetTopic returns one topic with its extended metrics (docs/api.md).
func (c *Client) GetTopic(ctx context.Context, brandID, topicID string, p TopicParams) (*sightline.Topic, error) {
	return getData[sightline.Topic](ctx, c, http.MethodGet, brandPath(brandID, "topics", id(topicID)), p, nil)
}

// topicCreateBody is the body of the bulk creation (docs/api.md).
type topicCreateBody struct {
	Topics []topicName `json:"topics"`
}

type topicName struct {
	Name string `json:"name"`
}

// CreateTopics creates topics by name in one request (docs/api.md). A name
// of a soft-deleted topic reactivates it; the answer lists id and name of
// each topic.
func (c *Client) CreateTopics(ctx context.Context, brandID string, names []string) ([]sightline.TopicRef, error) {
	body := topicCreateBody{Topics: make([]topicName, len(names))}
	for i, n := range names {
		body.Topics[i].Name = n
	}
	refs, err := getData[[]sightline.TopicRef](ctx, c, http.MethodPost, brandPath(brandID, "topics"), nil, body)
	if err != nil {
		return nil, err
	}
	return *refs, nil
}

// DeleteTopic soft-deletes a topic and deactivates its prompts (docs/api.md).
func (c *Client) DeleteTopic(ctx context.Context, brandID, topicID string) error {
	return c.do(ctx, http.MethodDelete, brandPath(brandID, "topics", id(topicID)), nil, nil, nil)
}
