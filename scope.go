package sightline

// Scope is the set of prompt runs of one brand that a metric looks at: a
// window narrowed by the request's filters (docs/metrics.md). Empty lists mean
// "no narrowing". All ids are lowercase UUIDs.
type Scope struct {
	BrandID string
	Window  Window

	ProviderIDs   []string
	RegionIDs     []string
	TopicIDs      []string // resolved to the topics' prompts
	PromptIDs     []string
	PromptID      string // single prompt; combines with TopicIDs by AND
	PromptRegions []PromptRegion

	// TargetBrand is the brand name whose mentions count as the target
	// (matched case-insensitively against found-brand names); "" means the
	// brand's own name.
	TargetBrand string
	// FoundBrandIDs (filter[brand_ids]) replace the target's found-brand
	// rows in numerators; denominators stay unscoped.
	FoundBrandIDs []string

	// Citation narrowing (pages, domains, mention share).
	Query          string   // case-insensitive substring of page URL or domain
	QueryDomain    bool     // match Query against the domain only
	Domains        []string // exact registrable domains
	PageTypes      []string
	DomainTypes    []string // static and/or ownership classes
	YouTubeChannel string
	Subreddit      string
	URL            string // one normalized page
}

// PromptRegion is one prompt in one region (filter[prompt_regions]).
type PromptRegion struct {
	PromptID string
	RegionID string
}

// Ownership classes of a cited domain, computed at query time (docs/metrics.md).
const (
	DomainOwned            = "owned"
	DomainEarned           = "earned"
	DomainCompetitorOwned  = "competitor_owned"
	DomainCompetitorEarned = "competitor_earned"
)

// PageTypes are the page_type values of docs/api.md.
var PageTypes = []string{"homepage", "article", "discussion", "social", "product_page", "review", "comparison",
	"alternative", "listicle", "how_to_guide", "category_page", "documentation", "pricing", "about", "case_study",
	"features", "resource", "contact", "careers", "other"}

// StaticDomainTypes are the static domain_type values of docs/api.md.
var StaticDomainTypes = []string{"editorial", "review", "institutional", "social", "commerce", "documentation",
	"reference", "saas", "legal", "health", "finance", "research", "app_store", "directory", "corporate",
	"search_engine", "other"}

// OwnershipDomainTypes are the dynamic domain_type values of docs/api.md.
var OwnershipDomainTypes = []string{DomainOwned, DomainEarned, DomainCompetitorOwned, DomainCompetitorEarned}

// DomainTypes are every domain_type value, static and dynamic.
var DomainTypes = append(append([]string{}, StaticDomainTypes...), OwnershipDomainTypes...)
