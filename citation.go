package sightline

import "context"

// CitationRow is one row of the most-cited pages or domains lists
// (docs/metrics.md#citation-rows-citationspages-citationsdomains). Domain
// rows carry the domain's most-cited page as Page/PageType.
type CitationRow struct {
	Domain               string   `json:"domain"`
	CitationTypes        []string `json:"citation_types"`
	PageCount            int      `json:"page_count"`
	TotalCitationCount   int      `json:"total_citation_count"`
	TotalCitationPercent float64  `json:"total_citation_percent"`
	// The sample sizes (all citations; all brand citations of the narrowed
	// scope) and 95 % intervals in percent, null without citations
	// (docs/metrics.md).
	TotalCitationSampleSize int      `json:"total_citation_sample_size"`
	TotalCitationCILow      *float64 `json:"total_citation_ci_low"`
	TotalCitationCIHigh     *float64 `json:"total_citation_ci_high"`
	BrandCitationCount      int      `json:"brand_citation_count"`
	BrandCitationPercent    float64  `json:"brand_citation_percent"`
	BrandCitationSampleSize int      `json:"brand_citation_sample_size"`
	BrandCitationCILow      *float64 `json:"brand_citation_ci_low"`
	BrandCitationCIHigh     *float64 `json:"brand_citation_ci_high"`
	TargetBrandMentioned    bool     `json:"target_brand_mentioned"`
	MentionedBrands         []string `json:"mentioned_brands"`
	Page                    string   `json:"page"`
	PageType                string   `json:"page_type"`
	DomainType              string   `json:"domain_type"`
	// RetrievedCount is the runs of the scope that retrieved the page (a
	// domain row: any page of the domain), cited or not; nil when the
	// window reaches before the brand's pruned day, whose retrieved
	// sources are gone
	// (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
	RetrievedCount *int `json:"retrieved_count"`
	// SourceURL and SourceTitle are a retrieved-only row's URL and title as
	// retrieved, which its page type is found from
	// (ingest.ClassifyRetrieved); not part of the resource.
	SourceURL   string `json:"-"`
	SourceTitle string `json:"-"`
}

// Sort keys of the pages and domains lists (docs/api.md#sorting).
var (
	PageSortKeys      = []string{"total_citation_count", "citation_count", "total_citation_percent", "brand_citation_count", "brand_citation_percent", "page", "domain", "page_type"}
	DefaultPageSort   = []SortKey{{Key: "citation_count", Desc: true}, {Key: "domain"}, {Key: "page"}}
	DomainSortKeys    = []string{"citation_count", "brand_citation_count", "domain"}
	DefaultDomainSort = []SortKey{{Key: "citation_count", Desc: true}, {Key: "domain"}}
)

// Sort keys of the retrieved-only lists (filter[retrieved_only]=true),
// whose rows have no citations to sort by.
var (
	RetrievedPageSortKeys   = []string{"retrieved_count", "page", "domain"}
	RetrievedDomainSortKeys = []string{"retrieved_count", "domain"}
	DefaultRetrievedSort    = []SortKey{{Key: "retrieved_count", Desc: true}, {Key: "domain"}, {Key: "page"}}
)

// RetrievedOwnershipTypes are the domain_types filter[retrieved_only]
// accepts: a page never cited has no answers to be earned in, and its
// static class is known only after the page of rows is read.
var RetrievedOwnershipTypes = []string{DomainOwned, DomainCompetitorOwned}

// CitationFilter selects citation rows.
type CitationFilter struct {
	Scope Scope
	PageRequest
	Sort []SortKey
	// RetrievedOnly lists the pages or domains the scope's runs retrieved
	// and never cited in the window instead of the cited ones
	// (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
	RetrievedOnly bool
}

// SeriesPoint is one bucket of a share series (docs/api.md).
type SeriesPoint struct {
	Date         string  `json:"date"`
	Count        int     `json:"count"`
	Total        int     `json:"total"`
	SharePercent float64 `json:"share_percent"`
	// SampleSize is Total; CILow, CIHigh the 95 % interval of SharePercent
	// in percent, null when Total is 0 (docs/metrics.md).
	SampleSize        int      `json:"sample_size"`
	CILow             *float64 `json:"ci_low"`
	CIHigh            *float64 `json:"ci_high"`
	AverageCount      float64  `json:"average_count"`
	AveragePercentage float64  `json:"average_percentage"`
}

// ShareSeries is a share over time with its whole-window value.
type ShareSeries struct {
	CurrentValue float64 `json:"current_value"`
	// SampleSize is the window's total; CILow, CIHigh the 95 % interval of
	// CurrentValue in percent, null when it is 0 (docs/metrics.md).
	SampleSize   int           `json:"sample_size"`
	CILow        *float64      `json:"ci_low"`
	CIHigh       *float64      `json:"ci_high"`
	AboveAverage bool          `json:"above_average"`
	DataPoints   []SeriesPoint `json:"data_points"`
}

// CountPoint is one day of a summary statistic.
type CountPoint struct {
	Date  string `json:"date"`
	Count int    `json:"count"`
}

// SummaryStat is one member of summary_stats in the citations overview.
type SummaryStat struct {
	Count        int     `json:"count"`
	DeltaPercent float64 `json:"delta_percent"`
	// Significant: the count differs from the previous period's at 95 %
	// (docs/metrics.md).
	Significant bool         `json:"significant"`
	DataPoints  []CountPoint `json:"data_points"`
	BrandCount  *int         `json:"brand_count,omitempty"`
	BrandRate   *float64     `json:"brand_rate,omitempty"`
	// Set with BrandRate only (total_citations); nil leaves its fields out.
	*BrandRateStats
}

// BrandRateStats are brand_rate's sample size (the window's citations) and
// 95 % interval in percent, null without citations (docs/metrics.md).
type BrandRateStats struct {
	BrandRateSampleSize int      `json:"brand_rate_sample_size"`
	BrandRateCILow      *float64 `json:"brand_rate_ci_low"`
	BrandRateCIHigh     *float64 `json:"brand_rate_ci_high"`
}

// SummaryStats are the five headline counts of the citations overview.
type SummaryStats struct {
	TotalCitations SummaryStat `json:"total_citations"`
	YourCitations  SummaryStat `json:"your_citations"`
	YourMentions   SummaryStat `json:"your_mentions"`
	YouTubeMention SummaryStat `json:"youtube_mentions"`
	RedditMentions SummaryStat `json:"reddit_mentions"`
}

// Share is one slice of a distribution.
type Share struct {
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	Count   int     `json:"count"`
	Percent float64 `json:"percent"`
}

// MaxDistributionShares is the most shares of one split of a Distribution
// (docs/api.md#limits): the largest ones. Topics, providers and regions
// grow with what a brand and its ingests created, and the citations
// overview must stay bounded.
const MaxDistributionShares = 100

// Distribution splits a count by provider, topic and region: the
// MaxDistributionShares largest shares of each, largest first.
type Distribution struct {
	ByProvider []Share `json:"by_provider"`
	ByTopic    []Share `json:"by_topic"`
	ByRegion   []Share `json:"by_region"`
}

// Distributions are the citation and mention distributions.
type Distributions struct {
	Citations Distribution `json:"citations"`
	Mentions  Distribution `json:"mentions"`
}

// GrowingDomain is a domain cited more than in the previous period.
type GrowingDomain struct {
	Domain        string  `json:"domain"`
	DomainType    string  `json:"domain_type"`
	CurrentCount  int     `json:"current_count"`
	PreviousCount int     `json:"previous_count"`
	GrowthRate    float64 `json:"growth_rate"`
}

// GrowingPage is a page cited more than in the previous period.
type GrowingPage struct {
	Page          string  `json:"page"`
	Domain        string  `json:"domain"`
	PageType      string  `json:"page_type"`
	CurrentCount  int     `json:"current_count"`
	PreviousCount int     `json:"previous_count"`
	GrowthRate    float64 `json:"growth_rate"`
}

// TopGrowing lists the fastest-growing domains and pages.
type TopGrowing struct {
	DomainsOverall []GrowingDomain `json:"domains_overall"`
	DomainsJustMe  []GrowingDomain `json:"domains_just_me"`
	PagesOverall   []GrowingPage   `json:"pages_overall"`
	PagesJustMe    []GrowingPage   `json:"pages_just_me"`
}

// CitationsOverview is the payload of GET …/citations/overview.
type CitationsOverview struct {
	SummaryStats  SummaryStats  `json:"summary_stats"`
	Distributions Distributions `json:"distributions"`
	TopGrowing    TopGrowing    `json:"top_growing"`
}

// TypeCount is one class of a breakdown.
type TypeCount struct {
	Type    string  `json:"type"`
	Count   int     `json:"count"`
	Percent float64 `json:"percent"`
}

// DomainsOverview is the payload of GET …/citations/domains/overview.
type DomainsOverview struct {
	YourCitations ShareSeries `json:"your_citations"`
	YourMentions  ShareSeries `json:"your_mentions"`
	Breakdown     []TypeCount `json:"breakdown"`
}

// CategoryCount is one domain type of the citation summary.
type CategoryCount struct {
	Category string  `json:"category"`
	Count    int     `json:"count"`
	Percent  float64 `json:"percent"`
}

// CitationSummary is the payload of GET …/citations/summary.
type CitationSummary struct {
	TotalCitations int             `json:"total_citations"`
	Categories     []CategoryCount `json:"categories"`
}

// CitationService computes the citation analytics of a brand. Every method
// answers NOT_FOUND when the brand does not exist or belongs to another
// organization. The series (MentionShare, DomainsOverview, and
// CitationsOverview's daily data points) answer INVALID_PARAMETER for a
// window of more than MaxSeriesBuckets buckets.
type CitationService interface {
	// FindCitationPages returns a page of most-cited pages and the total.
	FindCitationPages(ctx context.Context, orgID string, f CitationFilter) ([]*CitationRow, int, error)
	// FindCitationDomains returns a page of most-cited domains and the total.
	FindCitationDomains(ctx context.Context, orgID string, f CitationFilter) ([]*CitationRow, int, error)
	// MentionShare returns the share of runs mentioning the target, by bucket.
	MentionShare(ctx context.Context, orgID string, s Scope, granularity string) (*ShareSeries, error)
	// CitationsOverview returns summary stats, distributions and growth.
	CitationsOverview(ctx context.Context, orgID string, s Scope) (*CitationsOverview, error)
	// DomainsOverview returns owned-citation and mention share series and
	// the ownership breakdown.
	DomainsOverview(ctx context.Context, orgID string, s Scope, granularity string) (*DomainsOverview, error)
	// CitationSummary counts citations by domain type.
	CitationSummary(ctx context.Context, orgID string, s Scope) (*CitationSummary, error)
}
