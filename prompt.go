package sightline

import (
	"context"
	"slices"
	"strings"
	"time"
)

// Intents of a prompt or recommendation: Transactional, Commercial,
// Informational, Navigational.
var Intents = []string{"T", "C", "I", "N"}

// Prompt is a tracked question asked of AI providers.
type Prompt struct {
	ID        string    `json:"id"`
	TopicID   *string   `json:"topic_id"`
	TopicName *string   `json:"topic_name"`
	Text      string    `json:"text"`
	Intent    *string   `json:"intent"`
	Active    bool      `json:"active"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// PromptCreate describes a prompt to track.
type PromptCreate struct {
	ID      string
	TopicID string
	Text    string
	Intent  string
}

// Validate checks the input; field names are prefixed by prefix.
func (c *PromptCreate) Validate(v *ValidationErrors, prefix string) {
	if c.ID != "" && !IsUUID(c.ID) {
		v.Add(prefix+"id", "invalid", "id must be a UUID")
	}
	if c.TopicID != "" && !IsUUID(c.TopicID) {
		v.Add(prefix+"topic_id", "invalid", "topic_id must be a UUID")
	}
	if strings.TrimSpace(c.Text) == "" {
		v.Add(prefix+"text", "required", "text is required")
	}
	if c.Intent != "" && !slices.Contains(Intents, c.Intent) {
		v.Add(prefix+"intent", "invalid", "intent must be one of T, C, I, N")
	}
}

// PromptFilter selects prompts.
type PromptFilter struct {
	TopicIDs       []string
	Query          string
	IncludeDeleted bool // include inactive prompts
	PageRequest
	Sort []SortKey
}

// Sort keys of the prompts list; the default is by creation.
var (
	PromptSortKeys    = []string{"text", "created_at"}
	DefaultPromptSort = []SortKey{{Key: "created_at"}}
)

// PromptService manages prompts.
type PromptService interface {
	// CreatePrompts stores prompts of a brand in one transaction.
	// NOT_FOUND for an unknown brand; VALIDATION_FAILED on bad input,
	// including a topic that is not the brand's.
	CreatePrompts(ctx context.Context, orgID, brandID string, ps []PromptCreate) ([]*Prompt, error)
	// FindPrompts returns a page of a brand's prompts and the total.
	FindPrompts(ctx context.Context, orgID, brandID string, f PromptFilter) ([]*Prompt, int, error)
}
