package sightline

import (
	"time"
)

// RunRecord is one prompt run as it is ingested (DESIGN §6): one AI
// provider's answer to one tracked prompt, in one region, at one time.
type RunRecord struct {
	// ID is an optional UUID used as idempotency key; re-ingesting the same
	// id changes nothing. Without it the ingester derives one from the
	// record's content.
	ID       string    `json:"id,omitempty"`
	BrandID  string    `json:"brand_id"`
	PromptID string    `json:"prompt_id"`
	Provider string    `json:"provider"`
	Region   string    `json:"region"`
	RanAt    time.Time `json:"ran_at"`
	Model    string    `json:"model,omitempty"`
	Answer   string    `json:"answer"`

	Citations []RunCitation `json:"citations,omitempty"`
	Ads       []RunAd       `json:"ads,omitempty"`
	// Mentions, when present (even empty), are used as given; when absent
	// (nil) the analyzer finds them in Answer.
	Mentions []RunMention `json:"mentions,omitempty"`
}

// RunCitation is one URL an answer cited.
type RunCitation struct {
	URL    string `json:"url"`
	Title  string `json:"title,omitempty"`
	Type   string `json:"type,omitempty"` // "source" (default) or "inline"
	Author string `json:"author,omitempty"`
}

// RunAd is one ad shown next to an answer.
type RunAd struct {
	Advertiser string `json:"advertiser"`
	Domain     string `json:"domain"`
	Text       string `json:"text,omitempty"`
}

// RunMention is one brand named in an answer.
type RunMention struct {
	Name      string   `json:"name"`
	Position  int      `json:"position"`
	Sentiment *float64 `json:"sentiment,omitempty"` // 0–100, 50 neutral
	Count     int      `json:"count,omitempty"`     // times named; default 1
}

// Citation types.
const (
	CitationSource = "source"
	CitationInline = "inline"
)
