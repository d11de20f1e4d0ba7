package sightline

import "context"

// Sort keys of GET …/search_queries (docs/api.md#search-queries).
var (
	SearchQuerySortKeys    = []string{"run_count", "visibility", "query"}
	DefaultSearchQuerySort = []SortKey{{Key: "run_count", Desc: true}}
)

// SearchQueryFilter selects the rows of GET …/search_queries: the metric
// scope, Query a case-insensitive substring of the folded query.
type SearchQueryFilter struct {
	Scope Scope
	Query string
	PageRequest
	Sort []SortKey
}

// SearchQueryRow is one distinct fan-out query of the window
// (docs/metrics.md#search-queries-search_queries).
type SearchQueryRow struct {
	Query                string   `json:"query"`
	RunCount             int      `json:"run_count"`
	PromptCount          int      `json:"prompt_count"`
	ProviderIDs          []string `json:"provider_ids"`
	Visibility           float64  `json:"visibility"`
	VisibilitySampleSize int      `json:"visibility_sample_size"`
	VisibilityCILow      *float64 `json:"visibility_ci_low"`
	VisibilityCIHigh     *float64 `json:"visibility_ci_high"`
	OwnedCitationCount   int      `json:"owned_citation_count"`
}

// SearchQueryService lists the searches the assistants ran. It answers
// NOT_FOUND when the brand does not exist or belongs to another
// organization.
type SearchQueryService interface {
	FindSearchQueries(ctx context.Context, orgID string, f SearchQueryFilter) ([]*SearchQueryRow, int, error)
}
