package sightline

import (
	"context"
	"time"
)

// Verification verdicts of an agent visit (docs/agents.md#verification).
var Verifications = []string{"verified", "spoofed", "unverified"}

// DefaultVerifications are the verdicts the agents endpoints count when
// filter[verification] is not given: a spoofed visit is someone else
// wearing an agent's name, so it is left out unless asked for
// (docs/metrics.md#agents).
var DefaultVerifications = []string{"verified", "unverified"}

// AgentPurposes are the purposes of the agent table (docs/agents.md#agents).
var AgentPurposes = []string{"training", "search", "user"}

// Sort keys of GET …/agents/pages and GET …/agents/referrals
// (docs/api.md#agents).
var (
	AgentPageSortKeys       = []string{"visits", "citation_count", "error_rate"}
	DefaultAgentPageSort    = []SortKey{{Key: "visits", Desc: true}}
	AIReferralSortKeys      = []string{"visits"}
	DefaultAIReferralSort   = []SortKey{{Key: "visits", Desc: true}}
	MaxAgentFilterNameBytes = 64 // an operator, purpose, agent or source code
)

// AgentFilter selects a brand's agent visits: the window (on visited_at),
// the verdicts (DefaultVerifications when empty) and, when not empty, the
// operators, purposes and agent names.
type AgentFilter struct {
	BrandID       string
	Window        Window
	Verifications []string
	Operators     []string
	Purposes      []string
	Agents        []string
}

// AgentOverview is GET …/agents/overview
// (docs/metrics.md#agents-overview-agentsoverview).
type AgentOverview struct {
	Visits         int                   `json:"visits"`
	VerifiedVisits int                   `json:"verified_visits"`
	PagesVisited   int                   `json:"pages_visited"`
	ByOperator     []AgentOperatorVisits `json:"by_operator"`
	ByPurpose      []AgentPurposeVisits  `json:"by_purpose"`
	ByStatusClass  []StatusClassVisits   `json:"by_status_class"`
	Series         []AgentOperatorSeries `json:"series"`
}

// AgentOperatorVisits counts one operator's visits.
type AgentOperatorVisits struct {
	Operator       string `json:"operator"`
	Visits         int    `json:"visits"`
	VerifiedVisits int    `json:"verified_visits"`
}

// AgentPurposeVisits counts the visits of the agents of one purpose.
type AgentPurposeVisits struct {
	Purpose        string `json:"purpose"`
	Visits         int    `json:"visits"`
	VerifiedVisits int    `json:"verified_visits"`
}

// StatusClassVisits counts the visits answered with one class of status:
// 1xx, 2xx, 3xx, 4xx or 5xx.
type StatusClassVisits struct {
	Class  string `json:"class"`
	Visits int    `json:"visits"`
}

// AgentOperatorSeries is one operator's visits per bucket, dense.
type AgentOperatorSeries struct {
	Operator   string       `json:"operator"`
	DataPoints []VisitPoint `json:"data_points"`
}

// VisitPoint is one bucket of a visits series.
type VisitPoint struct {
	Date   string `json:"date"`
	Visits int    `json:"visits"`
}

// AgentPageFilter selects the rows of GET …/agents/pages.
type AgentPageFilter struct {
	AgentFilter
	CrawledNotCited bool // visited, and cited in no answer of the window
	CitedNotCrawled bool // cited in an answer, and fetched by no verified agent
	PageRequest
	Sort []SortKey
}

// AgentPageRow is one page of the brand's site that agents visited or
// answers cited in the window (docs/metrics.md#agent-pages-agentspages).
type AgentPageRow struct {
	Page                string     `json:"page"`
	Visits              int        `json:"visits"`
	VerifiedVisits      int        `json:"verified_visits"`
	Agents              []string   `json:"agents"`
	LastVisitAt         *time.Time `json:"last_visit_at"`
	ErrorRate           float64    `json:"error_rate"`
	ErrorRateSampleSize int        `json:"error_rate_sample_size"`
	ErrorRateCILow      *float64   `json:"error_rate_ci_low"`
	ErrorRateCIHigh     *float64   `json:"error_rate_ci_high"`
	CitationCount       int        `json:"citation_count"`
}

// AIReferralFilter selects the rows of GET …/agents/referrals: the window
// (on referred_at) and, when not empty, the sources.
type AIReferralFilter struct {
	BrandID     string
	Window      Window
	Sources     []string
	Granularity string
	PageRequest
	Sort []SortKey
}

// AIReferralRow is the visits one AI assistant sent to one page
// (docs/metrics.md#ai-referrals-agentsreferrals).
type AIReferralRow struct {
	Source string `json:"source"`
	Page   string `json:"page"`
	Visits int    `json:"visits"`
}

// AIReferralSourceVisits counts one source's referred visits.
type AIReferralSourceVisits struct {
	Source string `json:"source"`
	Visits int    `json:"visits"`
}

// AIReferralMeta is the meta of GET …/agents/referrals besides paging.
type AIReferralMeta struct {
	BySource []AIReferralSourceVisits `json:"by_source"`
	Series   []VisitPoint             `json:"series"`
}

// AgentMetricsService reads the agent visits and AI referrals. Each
// answers NOT_FOUND when the brand does not exist or belongs to another
// organization, and INVALID_PARAMETER when a series would hold more than
// MaxSeriesBuckets buckets.
type AgentMetricsService interface {
	AgentOverview(ctx context.Context, orgID string, f AgentFilter, granularity string) (*AgentOverview, error)
	FindAgentPages(ctx context.Context, orgID string, f AgentPageFilter) ([]*AgentPageRow, int, error)
	FindAIReferrals(ctx context.Context, orgID string, f AIReferralFilter) ([]*AIReferralRow, int, *AIReferralMeta, error)
}
