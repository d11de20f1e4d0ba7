package sightline

import (
	"context"
	"time"
)

// Run statuses (filter[status] of GET …/runs).
const (
	RunOK     = "ok"     // a stored run with its answer
	RunFailed = "failed" // a collection attempt that got no answer
)

// RunStatuses are the values of filter[status].
var RunStatuses = []string{RunOK, RunFailed}

// Run is one prompt run as GET /brands/{brand_id}/runs shows it: the answer
// behind every metric (docs/api.md#runs). Its JSON is also a record that
// `sightline ingest` accepts (docs/ingest.md): brand_id, prompt.id,
// provider.code, region.code, ran_at, model, answer, citations, ads and
// mentions are the ingest record's fields.
type Run struct {
	ID       string      `json:"id"`
	Status   string      `json:"status"`
	BrandID  string      `json:"brand_id"`
	RanAt    time.Time   `json:"ran_at"`
	Prompt   RunPrompt   `json:"prompt"`
	Topic    *RunTopic   `json:"topic"` // null for a prompt without topic
	Provider RunProvider `json:"provider"`
	Region   RunRegion   `json:"region"`
	Model    string      `json:"model"`
	Answer   string      `json:"answer"`
	// Source is the SERP data vendor that answered a search surface;
	// null for a direct API (docs/api.md#runs).
	Source *string `json:"source"`
	// AnswerShown is false when a search surface showed no AI answer
	// (and for a failed attempt, which got none).
	AnswerShown bool `json:"answer_shown"`

	Mentions  []RunMentionView  `json:"mentions"`
	Citations []RunCitationView `json:"citations"`
	Ads       []RunAdView       `json:"ads"`

	// SearchQueries are the web searches the provider ran, in order: []
	// when it searched nothing, null when it does not expose them
	// (docs/api.md#runs).
	SearchQueries []string `json:"search_queries"`
	// Sources are the pages the provider retrieved, cited or not.
	Sources []RunSourceView `json:"sources"`

	// Error says why a failed collection attempt got no answer.
	Error *RunError `json:"error,omitempty"`

	// seq orders runs of equal ran_at (store-internal keyset).
	Seq int64 `json:"-"`
}

// RunPrompt is the prompt a run answered.
type RunPrompt struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// RunTopic is the topic of a run's prompt.
type RunTopic struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// RunProvider is the AI provider that answered.
type RunProvider struct {
	ID   string `json:"id"`
	Code string `json:"code"`
}

// RunRegion is the region the prompt was asked in.
type RunRegion struct {
	ID   string `json:"id"`
	Code string `json:"code"`
}

// RunMentionView is one found brand in a run's answer: the brand itself
// (brand_id), a tracked competitor (competitor_id) or an untracked brand
// (name only).
type RunMentionView struct {
	FoundBrandID string  `json:"found_brand_id"`
	BrandID      string  `json:"brand_id,omitempty"`
	CompetitorID string  `json:"competitor_id,omitempty"`
	Name         string  `json:"name"`
	Position     int     `json:"position"`
	Sentiment    float64 `json:"sentiment"`
	Count        int     `json:"count"`
	// Spans are where the answer names the brand, in characters (Unicode
	// code points) from the start of answer, end exclusive.
	Spans []Span `json:"spans"`
}

// Span is a half-open range [Start, End) of characters of an answer.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// RunCitationView is one page a run's answer cited.
type RunCitationView struct {
	Ordinal   int    `json:"ordinal"` // 1-based order in the answer
	URL       string `json:"url"`     // as cited
	Page      string `json:"page"`    // normalized
	Domain    string `json:"domain"`
	Title     string `json:"title"`
	Author    string `json:"author"`
	Type      string `json:"type"`      // source or inline
	PageType  string `json:"page_type"` // docs/api.md
	Ownership string `json:"ownership"` // the citation's domain_type class (docs/metrics.md)
}

// RunSourceView is one page a provider retrieved for a run's answer.
type RunSourceView struct {
	URL         string  `json:"url"`  // as listed
	Page        string  `json:"page"` // normalized as citations are
	Domain      string  `json:"domain"`
	Title       string  `json:"title"`
	PublishedAt *string `json:"published_at"` // YYYY-MM-DD, null when not given
	Cited       bool    `json:"cited"`
}

// RunAdView is one ad shown next to a run's answer.
type RunAdView struct {
	Ordinal      int    `json:"ordinal"`
	AdvertiserID string `json:"advertiser_id"`
	Advertiser   string `json:"advertiser"`
	Domain       string `json:"domain"`
	Text         string `json:"text"`
}

// RunError is why a collection attempt failed.
type RunError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// RunFilter selects runs of one brand: Scope's window, providers,
// regions, topics and prompts, narrowed by what the answers name and cite.
// Empty lists mean no narrowing; lists match any of their values.
type RunFilter struct {
	Scope
	PageRequest
	// Mentions are ids of the brand itself, of its competitors or of found
	// brands: runs whose answer names one of them.
	Mentions []string
	// CitesDomains are registrable domains, CitesURLs normalized pages:
	// runs citing one of them.
	CitesDomains []string
	CitesURLs    []string
	// Status is RunOK (stored runs, the default) or RunFailed (failed
	// collection attempts).
	Status string
}

// RunReadService reads prompt runs back. Spans of mentions are left
// empty: they are found by the ingest analyzer (internal/ingest).
type RunReadService interface {
	// FindRuns returns one page of runs, newest first, and the total.
	// NOT_FOUND when the brand is not the organization's.
	FindRuns(ctx context.Context, orgID string, f RunFilter) ([]*Run, int, error)
	// FindRunByID returns one run or failed attempt of a brand. NOT_FOUND
	// when the brand is not the organization's or the run not the brand's.
	FindRunByID(ctx context.Context, orgID, brandID, runID string) (*Run, error)
	// EachRun calls fn for every run of f (paging ignored), newest first,
	// reading them in batches inside one read transaction, so that memory
	// stays flat however many there are. An error of fn stops the walk and
	// is returned.
	EachRun(ctx context.Context, orgID string, f RunFilter, fn func(*Run) error) error
}
