package sightline

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// Topic is a group of tracked prompts with its metrics over a scope
// (docs/metrics.md#topic-metrics-topics-topicsid). The *_diff fields compare
// with the previous period of equal length.
type Topic struct {
	ID                string  `json:"id"`
	Name              string  `json:"name"`
	Visibility        float64 `json:"visibility"`
	ShareOfVoice      float64 `json:"share_of_voice"`
	VisibilityDiff    float64 `json:"visibility_diff"`
	SOVDiff           float64 `json:"sov_diff"`
	Sentiment         float64 `json:"sentiment"`
	SentimentDiff     float64 `json:"sentiment_diff"`
	CitationShare     float64 `json:"citation_share"`
	CitationShareDiff float64 `json:"citation_share_diff"`

	// Sample sizes (runs; mentions; citations), 95 % intervals in percent
	// (null without trials) and significance of the diffs (docs/metrics.md).
	VisibilitySampleSize         int      `json:"visibility_sample_size"`
	VisibilityCILow              *float64 `json:"visibility_ci_low"`
	VisibilityCIHigh             *float64 `json:"visibility_ci_high"`
	VisibilityDiffSignificant    bool     `json:"visibility_diff_significant"`
	ShareOfVoiceSampleSize       int      `json:"share_of_voice_sample_size"`
	ShareOfVoiceCILow            *float64 `json:"share_of_voice_ci_low"`
	ShareOfVoiceCIHigh           *float64 `json:"share_of_voice_ci_high"`
	SOVDiffSignificant           bool     `json:"sov_diff_significant"`
	CitationShareSampleSize      int      `json:"citation_share_sample_size"`
	CitationShareCILow           *float64 `json:"citation_share_ci_low"`
	CitationShareCIHigh          *float64 `json:"citation_share_ci_high"`
	CitationShareDiffSignificant bool     `json:"citation_share_diff_significant"`

	PromptCount int        `json:"prompt_count"`
	TopBrands   []TopBrand `json:"top_brands"`
	CreatedAt   time.Time  `json:"created_at"`
	UpdatedAt   time.Time  `json:"updated_at"`
}

// TopBrand is one of the found brands most visible in a topic.
type TopBrand struct {
	ID         string  `json:"id"`
	Name       string  `json:"name"`
	Visibility float64 `json:"visibility"`
	// SampleSize is the topic's runs; CILow, CIHigh the 95 % interval of
	// Visibility in percent, null without runs.
	SampleSize int      `json:"sample_size"`
	CILow      *float64 `json:"ci_low"`
	CIHigh     *float64 `json:"ci_high"`
}

// TopicRef is a topic as bulk creation returns it.
type TopicRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Limits of topic bulk creation.
const (
	MaxTopicsPerRequest = 100
	MaxTopicNameLength  = 200
)

// TopicCreate is the body of the bulk creation (docs/api.md).
type TopicCreate struct {
	Topics []struct {
		Name *string `json:"name"`
	} `json:"topics"`
}

// Validate checks the body and returns the topics to create.
func (c *TopicCreate) Validate() ([]TopicRef, error) {
	var v ValidationErrors
	if c.Topics == nil {
		v.Add("topics", "required", "topics is required: an array of {name}.")
		return nil, v.Err()
	}
	if len(c.Topics) == 0 {
		v.Add("topics", "empty", "topics must hold at least one topic.")
	} else if len(c.Topics) > MaxTopicsPerRequest {
		v.Add("topics", "too_many", "topics may hold at most %d topics.", MaxTopicsPerRequest)
	}
	names := make([]TopicRef, 0, len(c.Topics))
	for i, t := range c.Topics {
		field := indexField("topics", i) + ".name"
		switch {
		case t.Name == nil:
			v.Add(field, "required", "%s is required.", field)
		case !cleanName(&v, field, t.Name):
		case strings.TrimSpace(*t.Name) == "":
			v.Add(field, "blank", "%s must not be blank.", field)
		case utf8.RuneCountInString(strings.TrimSpace(*t.Name)) > MaxTopicNameLength:
			v.Add(field, "too_long", "%s must be at most %d characters.", field, MaxTopicNameLength)
		default:
			names = append(names, TopicRef{Name: strings.TrimSpace(*t.Name)})
		}
	}
	return names, v.Err()
}

// TopicFilter selects topics and the scope of their metrics.
type TopicFilter struct {
	Scope          Scope
	TopicIDs       []string // only these topics
	Query          string   // case-insensitive substring of the name
	IncludeDeleted bool
	PageRequest
	Sort []SortKey
}

// Sort keys of the topics list; the default is by name.
var (
	TopicSortKeys    = []string{"name", "created_at", "updated_at"}
	DefaultTopicSort = []SortKey{{Key: "name"}}
)

// TopicService manages topics. Every method answers NOT_FOUND when the
// brand does not exist or belongs to another organization.
type TopicService interface {
	// CreateTopics creates topics by name in one transaction. A name equal
	// (case-insensitively) to a soft-deleted topic reactivates it and its
	// prompts; one equal to an active topic returns that topic unchanged.
	// A TopicRef with an ID creates the topic with that id (stable fixtures).
	CreateTopics(ctx context.Context, orgID, brandID string, topics []TopicRef) ([]*TopicRef, error)
	// FindTopicByID returns an active topic with its metrics over scope.
	// NOT_FOUND when the topic does not exist or is deleted.
	FindTopicByID(ctx context.Context, orgID, brandID, topicID string, scope Scope) (*Topic, error)
	// FindTopics returns a page of topics with metrics, and the total.
	FindTopics(ctx context.Context, orgID, brandID string, f TopicFilter) ([]*Topic, int, error)
	// DeleteTopic soft-deletes an active topic and deactivates its prompts.
	// NOT_FOUND when the topic does not exist or is already deleted.
	DeleteTopic(ctx context.Context, orgID, brandID, topicID string) error
}
