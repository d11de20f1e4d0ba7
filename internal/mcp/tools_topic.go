package mcp

import (
	"context"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/client"
)

type listTopicsIn struct {
	brandArg
	metricArgs
	TopicIDs  []string `json:"topic_ids,omitempty" jsonschema:"Only these topics (ids). Default all topics."`
	Query     string   `json:"query,omitempty" jsonschema:"Only topics whose name contains this text, case-insensitively (e.g. pricing). Default all topics."`
	IsDeleted bool     `json:"is_deleted,omitempty" jsonschema:"Also list soft-deleted topics. Default false."`
	pageArgs
	Sort string `json:"sort,omitempty" jsonschema:"Comma-separated sort keys, a leading - sorts descending. Keys: name, created_at, updated_at. Default name."`
}

type getTopicIn struct {
	brandArg
	TopicID string `json:"topic_id" jsonschema:"UUID of the topic (from list_topics)."`
	metricArgs
}

type createTopicsIn struct {
	brandArg
	Names []string `json:"names" jsonschema:"Topic names to create, 1 to 100 per call, each 1 to 200 characters. A name equal (case-insensitively) to a soft-deleted topic reactivates it and its prompts; a name of an active topic returns that topic unchanged."`
}

type createTopicsOut struct {
	Data []sightline.TopicRef `json:"data" jsonschema:"The created, reactivated or existing topics, in the order of names."`
}

type deleteTopicIn struct {
	brandArg
	TopicID string `json:"topic_id" jsonschema:"UUID of the active topic to delete (from list_topics)."`
}

type deleteTopicOut struct {
	Deleted bool   `json:"deleted" jsonschema:"True once the topic is soft-deleted."`
	TopicID string `json:"topic_id"`
}

func (r *registry) addTopicTools() {
	add(r, toolSpec{
		name:  "list_topics",
		title: "List topics with metrics",
		description: "Lists the brand's topics (groups of tracked prompts) with their metrics over the window: visibility, share_of_voice, sentiment, citation_share, their *_diff, prompt_count and top_brands (the 5 most visible brands found)." +
			unitsMetrics + unitsAnswerRate + unitsList,
		operation: "GET /api/v2/brands/{brand_id}/topics",
	}, func(ctx context.Context, api *client.Client, in listTopicsIn) (*client.RateList[sightline.Topic], error) {
		return api.ListTopics(ctx, in.BrandID, client.TopicListParams{
			MetricFilter: in.filter(), TopicIDs: in.TopicIDs, Query: in.Query, IsDeleted: in.IsDeleted, Pagination: in.pagination(), Sort: in.Sort,
		})
	})
	add(r, toolSpec{
		name:        "get_topic",
		title:       "Read one topic with metrics",
		description: "Reads one topic (data) with its extended metrics over the window, optionally narrowed to providers and regions." + unitsMetrics + unitsAnswerRate,
		operation:   "GET /api/v2/brands/{brand_id}/topics/{topic_id}",
	}, func(ctx context.Context, api *client.Client, in getTopicIn) (*client.TopicWithRates, error) {
		return api.GetTopicWithRates(ctx, in.BrandID, in.TopicID, client.TopicParams{MetricFilter: in.filter()})
	})
	add(r, toolSpec{
		name:        "create_topics",
		title:       "Create topics",
		description: "Creates topics by name in one call (all or none). Soft-deleted topics of the same name are reactivated. Answers {data: [{id, name}]}.",
		operation:   "POST /api/v2/brands/{brand_id}/topics",
		effect:      additive,
		idempotent:  true,
	}, func(ctx context.Context, api *client.Client, in createTopicsIn) (*createTopicsOut, error) {
		refs, err := api.CreateTopics(ctx, in.BrandID, in.Names)
		if err != nil {
			return nil, err
		}
		return &createTopicsOut{Data: refs}, nil
	})
	add(r, toolSpec{
		name:        "delete_topic",
		title:       "Delete a topic",
		description: "Soft-deletes a topic and deactivates its prompts, which stop being tracked. create_topics with the same name reactivates it.",
		operation:   "DELETE /api/v2/brands/{brand_id}/topics/{topic_id}",
		effect:      destructive,
		idempotent:  true,
	}, func(ctx context.Context, api *client.Client, in deleteTopicIn) (*deleteTopicOut, error) {
		if err := api.DeleteTopic(ctx, in.BrandID, in.TopicID); err != nil {
			return nil, err
		}
		return &deleteTopicOut{Deleted: true, TopicID: in.TopicID}, nil
	})
}
