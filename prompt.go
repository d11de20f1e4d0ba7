package sightline

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
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
	Regions   []string  `json:"regions"` // country codes the prompt is narrowed to; empty: the brand's collection regions
	Active    bool      `json:"active"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// PromptCreate describes a prompt to track.
type PromptCreate struct {
	ID      string   `json:"-"`
	TopicID string   `json:"topic_id"`
	Text    string   `json:"text"`
	Intent  string   `json:"intent"`
	Regions []string `json:"regions"`
}

// Validate checks the input and normalizes its regions; field names are
// prefixed by prefix.
func (c *PromptCreate) Validate(v *ValidationErrors, prefix string) {
	if c.ID != "" && !IsUUID(c.ID) {
		v.Add(prefix+"id", "invalid", "id must be a UUID")
	}
	if c.TopicID != "" && !IsUUID(strings.ToLower(c.TopicID)) {
		v.Add(prefix+"topic_id", "invalid", "topic_id must be a UUID")
	}
	validatePromptText(v, prefix+"text", &c.Text)
	if c.Intent != "" && !slices.Contains(Intents, c.Intent) {
		v.Add(prefix+"intent", "invalid", "intent must be one of T, C, I, N")
	}
	c.Regions = NormalizeRegions(c.Regions, v, prefix+"regions")
}

// validatePromptText cleans *text in place (CleanText) and checks it.
func validatePromptText(v *ValidationErrors, field string, text *string) {
	if !cleanText(v, field, text) {
		return
	}
	if t := *text; t == "" {
		v.Add(field, "required", "%s is required", field)
	} else if utf8.RuneCountInString(t) > maxPromptLength {
		v.Add(field, "too_long", "%s must be at most %d characters", field, maxPromptLength)
	}
}

// PromptsCreate is the body of POST …/prompts: prompts to create in bulk.
type PromptsCreate struct {
	Prompts []PromptCreate `json:"prompts"`
}

// Validate checks the body: at least one prompt, at most
// MaxPromptsPerBatch, each valid.
func (c *PromptsCreate) Validate() error {
	var v ValidationErrors
	switch {
	case c.Prompts == nil:
		v.Add("prompts", "required", "prompts is required: an array of {text, topic_id, regions}.")
	case len(c.Prompts) == 0:
		v.Add("prompts", "empty", "prompts must hold at least one prompt.")
	case len(c.Prompts) > MaxPromptsPerBatch:
		v.Add("prompts", "too_many", "prompts may hold at most %d prompts.", MaxPromptsPerBatch)
	}
	for i := range c.Prompts {
		c.Prompts[i].Validate(&v, indexField("prompts", i)+".")
	}
	return v.Err()
}

// PromptKey is what makes two prompts of a topic the same question: the
// text with case and runs of white space ignored.
func PromptKey(text string) string {
	return strings.ToLower(strings.Join(strings.Fields(text), " "))
}

// PromptUpdate is the body of PATCH …/prompts/{id}; absent fields keep
// their value.
type PromptUpdate struct {
	Text    *string   `json:"text"`
	Active  *bool     `json:"active"`
	Regions *[]string `json:"regions"`
}

// Validate checks the update and normalizes its regions.
func (u *PromptUpdate) Validate() error {
	var v ValidationErrors
	if u.Text == nil && u.Active == nil && u.Regions == nil {
		v.Add("", "empty", "Nothing to update: send text, active or regions.")
	}
	if u.Text != nil {
		validatePromptText(&v, "text", u.Text)
	}
	if u.Regions != nil {
		r := NormalizeRegions(*u.Regions, &v, "regions")
		u.Regions = &r
	}
	return v.Err()
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
	// including a topic that is not the brand's; CONFLICT (naming the
	// index) when a text is that of an active prompt of the same topic, or
	// twice in the batch.
	CreatePrompts(ctx context.Context, orgID, brandID string, ps []PromptCreate) ([]*Prompt, error)
	// FindPrompts returns a page of a brand's prompts and the total.
	FindPrompts(ctx context.Context, orgID, brandID string, f PromptFilter) ([]*Prompt, int, error)
	// UpdatePrompt changes a prompt's text, regions or active flag; its
	// runs stay. NOT_FOUND for an unknown prompt; CONFLICT when the new
	// text is that of another active prompt of its topic.
	UpdatePrompt(ctx context.Context, orgID, brandID, promptID string, upd PromptUpdate) (*Prompt, error)
}
