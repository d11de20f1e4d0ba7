package sightline

import (
	"context"
	"iter"
	"time"
)

// RunRecord is one prompt run as it is ingested (docs/ingest.md): one AI
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
	// Source is the SERP data vendor that answered a search surface
	// (VendorSerpApi, VendorDataForSEO); "" for a direct API.
	Source string `json:"source,omitempty"`
	// AnswerShown false records a search surface that showed no AI
	// answer (an empty Answer); absent means true.
	AnswerShown *bool `json:"answer_shown,omitempty"`

	// SearchQueries are the web searches the provider ran, in order, each
	// once: null (nil) when the provider does not report them, [] when it
	// reported none (docs/collect.md#fan-out-and-sources).
	SearchQueries []string `json:"search_queries"`
	// Sources are the pages the provider retrieved, cited or not.
	Sources []RunSource `json:"sources,omitempty"`
}

// RunSource is one page a provider retrieved for an answer.
type RunSource struct {
	URL   string `json:"url"`
	Title string `json:"title,omitempty"`
	// PublishedAt is the page's date (YYYY-MM-DD) as the provider gave
	// it; nil when it gave none.
	PublishedAt *string `json:"published_at,omitempty"`
	// Cited is whether the answer cites the page.
	Cited bool `json:"cited"`
}

// The SERP data vendors a run's source names (docs/collect.md#search-surfaces).
const (
	VendorSerpApi    = "serpapi"
	VendorDataForSEO = "dataforseo"
)

// SurfaceVendors are the search surfaces asked through a SERP data
// vendor, each with its vendors in the order an organization without a
// chosen source tries them.
var SurfaceVendors = map[string][]string{
	"google_ai_overviews": {VendorSerpApi, VendorDataForSEO},
	"google_ai_mode":      {VendorSerpApi, VendorDataForSEO},
	"copilot":             {VendorSerpApi},
}

// Vendors lists the SERP data vendors, in a stable order.
var Vendors = []string{VendorSerpApi, VendorDataForSEO}

// KeyCodes are the codes an organization's key is set under: every
// provider asked through its own API, and the SERP data vendors that ask
// the search surfaces (docs/collect.md#search-surfaces).
func KeyCodes() []string {
	var codes []string
	for _, c := range CollectProviders {
		if SurfaceVendors[c] == nil {
			codes = append(codes, c)
		}
	}
	return append(codes, Vendors...)
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

// IngestTarget is what the ingester must know about a brand to analyze its
// runs: the names answers use for it and its competitors, and its prompts.
type IngestTarget struct {
	BrandID     string
	OrgID       string
	Name        string
	Aliases     []string
	Competitors []Competitor
	Prompts     map[string]string // prompt id -> topic id ("" for none)
}

// AnalyzedRun is a validated, analyzed run ready to be stored.
type AnalyzedRun struct {
	ID        string
	BrandID   string
	PromptID  string
	TopicID   string // the prompt's topic, "" for none
	Provider  string // code
	Region    string // code
	RanAt     time.Time
	Model     string
	Answer    string
	Mentions  []AnalyzedMention
	Citations []AnalyzedCitation
	Ads       []AnalyzedAd
	// Source is the SERP data vendor that answered; "" for a direct API.
	Source string
	// AnswerShown is false for a search surface that showed no AI answer.
	AnswerShown bool
	// SearchQueries are the fan-out queries; nil when the provider does
	// not report them (docs/collect.md#fan-out-and-sources).
	SearchQueries []string
	Sources       []AnalyzedSource
}

// OnSurface reports whether the run is a search surface's: answered by a
// SERP data vendor, or showing no AI answer, which only a search surface
// does. Such a run has a surface record, which the answer rate counts
// (docs/metrics.md#answer-rate).
func (r *AnalyzedRun) OnSurface() bool { return r.Source != "" || !r.AnswerShown }

// AnalyzedSource is one page a provider retrieved, normalized as
// citations are.
type AnalyzedSource struct {
	URL         string // as listed
	Page        string // normalized
	Domain      string // registrable domain
	Title       string
	PublishedAt *string // YYYY-MM-DD
	Cited       bool
}

// AnalyzedMention is one brand found in an answer: the brand itself, a
// tracked competitor, or an untracked brand identified by name.
type AnalyzedMention struct {
	Name         string
	Self         bool
	CompetitorID string
	Position     int
	Count        int
	Sentiment    float64
}

// AnalyzedCitation is one cited URL with what analysis learned of it.
type AnalyzedCitation struct {
	URL            string // as cited
	Page           string // normalized
	Domain         string // registrable domain
	PageType       string
	DomainType     string // static class
	Type           string // source or inline
	Title          string
	Author         string
	YouTubeChannel string
	Subreddit      string
}

// AnalyzedAd is one ad with its advertiser identified by domain.
type AnalyzedAd struct {
	Advertiser string
	Domain     string
	FaviconURL string
	Text       string
}

// IngestStats counts what one IngestRuns call did.
type IngestStats struct {
	Inserted   int // new runs stored
	Duplicates int // runs whose id was already stored (unchanged)
}

// RunService stores prompt runs.
type RunService interface {
	// FindIngestTarget returns what analysis needs about a brand. NOT_FOUND
	// when the brand does not exist.
	FindIngestTarget(ctx context.Context, brandID string) (*IngestTarget, error)
	// IngestRuns stores every run the sequence yields in one transaction; a
	// run whose id exists is left as it is. If the sequence yields an error,
	// nothing is stored and that error is returned. The same transaction
	// queues change detection for the brands with new runs (QueueDetection).
	IngestRuns(ctx context.Context, runs iter.Seq2[*AnalyzedRun, error]) (IngestStats, error)
}
