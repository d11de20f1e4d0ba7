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
	r, err := c.GetTopicWithRates(ctx, brandID, topicID, p)
	if err != nil {
		return nil, err
	}
	return &r.Data, nil
}

// TopicWithRates is one topic with the answer rates of its scope in meta
// (docs/metrics.md#answer-rate), the whole body of GET …/topics/{topic_id}.
type TopicWithRates struct {
	Data sightline.Topic                  `json:"data"`
	Meta sightline.ResourceAnswerRateMeta `json:"meta"`
}

// GetTopicWithRates returns one topic with its extended metrics and the
// answer rates of the search surfaces in its scope.
func (c *Client) GetTopicWithRates(ctx context.Context, brandID, topicID string, p TopicParams) (*TopicWithRates, error) {
	var r TopicWithRates
	if err := c.do(ctx, http.MethodGet, brandPath(brandID, "topics", id(topicID)), p, nil, &r); err != nil {
		return nil, err
	}
	if r.Meta.AnswerRate == nil {
		r.Meta.AnswerRate = []sightline.AnswerRate{}
	}
	return &r, nil
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
