package sightline

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Brand is a tracked brand of an organization: its name, its owned domains
// and the other names answers use for it.
type Brand struct {
	ID        string    `json:"id"`
	OrgID     string    `json:"-"`
	Name      string    `json:"name"`
	Domain    string    `json:"domain"`
	Domains   []string  `json:"domains"`
	Aliases   []string  `json:"aliases"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Competitor is a brand tracked next to the customer's own (docs/api.md).
type Competitor struct {
	ID         string   `json:"id"`
	BrandID    string   `json:"-"`
	Name       string   `json:"name"`
	Domain     string   `json:"domain"`
	Aliases    []string `json:"-"`
	Visibility float64  `json:"visibility"`
	// SampleSize is the runs in scope; CILow, CIHigh the 95 % interval of
	// Visibility in percent, null without runs (docs/metrics.md).
	SampleSize int      `json:"sample_size"`
	CILow      *float64 `json:"ci_low"`
	CIHigh     *float64 `json:"ci_high"`
}

// CompetitorCreate describes a competitor to track.
type CompetitorCreate struct {
	ID      string
	Name    string
	Domain  string
	Aliases []string
}

// BrandCreate is the input of CreateBrand. IDs may be set by callers that
// need stable ids (the demo data set).
type BrandCreate struct {
	ID          string
	OrgID       string
	Name        string
	Domains     []string // owned registrable domains; the first is the primary
	Aliases     []string
	Competitors []CompetitorCreate
}

// Validate checks the input.
func (c *BrandCreate) Validate() error {
	var v ValidationErrors
	if c.ID != "" && !IsUUID(c.ID) {
		v.Add("id", "invalid", "id must be a UUID")
	}
	if !IsUUID(c.OrgID) {
		v.Add("org_id", "invalid", "org_id must be a UUID")
	}
	if cleanName(&v, "name", &c.Name) && c.Name == "" {
		v.Add("name", "required", "name is required")
	}
	for i := range c.Aliases {
		cleanName(&v, indexField("aliases", i), &c.Aliases[i])
	}
	for i, d := range c.Domains {
		if !IsDomainName(d) {
			v.Add(indexField("domains", i), "invalid", "%q is not a domain name", d)
		}
	}
	for i := range c.Competitors {
		comp := &c.Competitors[i]
		if comp.ID != "" && !IsUUID(comp.ID) {
			v.Add(indexField("competitors", i)+".id", "invalid", "id must be a UUID")
		}
		if cleanName(&v, indexField("competitors", i)+".name", &comp.Name) && comp.Name == "" {
			v.Add(indexField("competitors", i)+".name", "required", "name is required")
		}
		for j := range comp.Aliases {
			cleanName(&v, indexField(indexField("competitors", i)+".aliases", j), &comp.Aliases[j])
		}
		if comp.Domain != "" && !IsDomainName(comp.Domain) {
			v.Add(indexField("competitors", i)+".domain", "invalid", "%q is not a domain name", comp.Domain)
		}
	}
	return v.Err()
}

// BrandInput is the body of POST /api/v2/brands and PATCH
// /api/v2/brands/{id}; on PATCH absent fields keep their value.
type BrandInput struct {
	Name    *string   `json:"name"`
	Domains *[]string `json:"domains"`
	Aliases *[]string `json:"aliases"`
}

// Limits of a brand's names.
const (
	MaxBrandNameLength = 200
	MaxBrandDomains    = 20
	MaxBrandAliases    = 50
)

// Limits of what one brand holds (docs/api.md#limits): responses list a
// brand's topics, prompts and competitors (the by-topic distributions of
// citations/overview, the competitors' rows), and the analyzer matches
// every competitor's names in every answer, so each is bounded. Creating
// past one is 409 CONFLICT, code limit_reached.
const (
	MaxBrandTopics      = 500  // topics not deleted
	MaxBrandPrompts     = 1000 // active prompts
	MaxBrandCompetitors = 50
)

// Validate checks the body; creating requires a name.
func (in *BrandInput) Validate(creating bool) error {
	var v ValidationErrors
	if !creating && in.Name == nil && in.Domains == nil && in.Aliases == nil {
		v.Add("", "empty", "Nothing to update: send name, domains or aliases.")
	}
	if in.Name == nil && creating {
		v.Add("name", "required", "name is required")
	} else if in.Name != nil {
		validateName(&v, "name", in.Name)
	}
	if in.Domains != nil {
		if len(*in.Domains) > MaxBrandDomains {
			v.Add("domains", "too_many", "domains may hold at most %d domains", MaxBrandDomains)
		}
		for i, d := range *in.Domains {
			(*in.Domains)[i] = strings.ToLower(strings.TrimSpace(d))
			if !IsDomainName((*in.Domains)[i]) {
				v.Add(indexField("domains", i), "invalid", "%q is not a domain name such as example.com", d)
			}
		}
	}
	if in.Aliases != nil {
		validateAliases(&v, "aliases", *in.Aliases)
	}
	return v.Err()
}

// validateName cleans *name in place (CleanName) and checks it.
func validateName(v *ValidationErrors, field string, name *string) {
	if !cleanName(v, field, name) {
		return
	}
	if n := *name; n == "" {
		v.Add(field, "required", "%s must not be blank", field)
	} else if utf8.RuneCountInString(n) > MaxBrandNameLength {
		v.Add(field, "too_long", "%s must be at most %d characters", field, MaxBrandNameLength)
	}
}

func validateAliases(v *ValidationErrors, field string, aliases []string) {
	if len(aliases) > MaxBrandAliases {
		v.Add(field, "too_many", "%s may hold at most %d names", field, MaxBrandAliases)
	}
	for i := range aliases {
		validateName(v, indexField(field, i), &aliases[i])
	}
}

// CompetitorInput is the body of POST …/competitors.
type CompetitorInput struct {
	Name    *string  `json:"name"`
	Domain  string   `json:"domain"`
	Aliases []string `json:"aliases"`
}

// Validate checks the body and returns the competitor to create.
func (in *CompetitorInput) Validate() (CompetitorCreate, error) {
	var v ValidationErrors
	if in.Name == nil {
		v.Add("name", "required", "name is required")
	} else {
		validateName(&v, "name", in.Name)
	}
	domain := strings.ToLower(strings.TrimSpace(in.Domain))
	if domain != "" && !IsDomainName(domain) {
		v.Add("domain", "invalid", "%q is not a domain name such as example.com", in.Domain)
	}
	validateAliases(&v, "aliases", in.Aliases)
	if err := v.Err(); err != nil {
		return CompetitorCreate{}, err
	}
	return CompetitorCreate{Name: strings.TrimSpace(*in.Name), Domain: domain, Aliases: in.Aliases}, nil
}

// BrandFilter selects and orders brands.
type BrandFilter struct {
	Query string // case-insensitive substring of the name
	PageRequest
	Sort []SortKey
}

// BrandService reads and writes brands and their competitors.
type BrandService interface {
	// CreateBrand stores a brand with its domains, aliases and competitors in
	// one transaction. NOT_FOUND when the organization does not exist;
	// VALIDATION_FAILED on bad input.
	CreateBrand(ctx context.Context, c BrandCreate) (*Brand, error)
	// FindBrandByID returns a brand of orgID. NOT_FOUND when it does not
	// exist or belongs to another organization.
	FindBrandByID(ctx context.Context, orgID, id string) (*Brand, error)
	// FindBrandByIDAnyOrg returns a brand whatever its organization; only
	// for the operator's internal surface. NOT_FOUND when unknown.
	FindBrandByIDAnyOrg(ctx context.Context, id string) (*Brand, error)
	// FindBrands returns a page of orgID's brands and the total count.
	FindBrands(ctx context.Context, orgID string, f BrandFilter) ([]*Brand, int, error)
	// UpdateBrand changes a brand's name, owned domains or aliases; answers
	// that were analyzed already keep their mentions. NOT_FOUND for another
	// organization's brand; VALIDATION_FAILED on bad input.
	UpdateBrand(ctx context.Context, orgID, id string, in BrandInput) (*Brand, error)
}

// IsDomainName reports whether s looks like a lowercase host name with at
// least one dot ("example.com").
func IsDomainName(s string) bool {
	if len(s) < 3 || len(s) > 253 || !strings.Contains(s, ".") || strings.HasPrefix(s, ".") || strings.HasSuffix(s, ".") {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

func indexField(name string, i int) string {
	return name + "[" + strconv.Itoa(i) + "]"
}

// Sort keys of the brands list; the default is by name.
var (
	BrandSortKeys    = []string{"name", "created_at"}
	DefaultBrandSort = []SortKey{{Key: "name"}}
)

// CompetitorUpdate is the body of PATCH …/competitors/{id} (docs/api.md).
type CompetitorUpdate struct {
	Domain *string `json:"domain"`
}

// Sort keys of the competitors list.
var (
	CompetitorSortKeys    = []string{"name", "domain", "visibility"}
	DefaultCompetitorSort = []SortKey{{Key: "name"}}
)

// CompetitorFilter selects competitors and the scope of their visibility.
type CompetitorFilter struct {
	Scope Scope
	PageRequest
	Sort []SortKey
}

// CompetitorService reads and updates tracked competitors. Every method
// answers NOT_FOUND when the brand does not exist or belongs to another
// organization.
type CompetitorService interface {
	// FindCompetitors returns a page of the brand's competitors with their
	// visibility over the scope, and the total.
	FindCompetitors(ctx context.Context, orgID string, f CompetitorFilter) ([]*Competitor, int, error)
	// UpdateCompetitorDomain sets a competitor's registrable domain and
	// returns it with its visibility over scope. NOT_FOUND for an unknown
	// competitor.
	UpdateCompetitorDomain(ctx context.Context, orgID, competitorID, domain string, scope Scope) (*Competitor, error)
	// CreateCompetitor starts tracking a competitor of the brand and
	// returns it with its visibility over scope. CONFLICT when one of that
	// name is tracked already.
	CreateCompetitor(ctx context.Context, orgID, brandID string, c CompetitorCreate, scope Scope) (*Competitor, error)
	// DeleteCompetitor stops tracking a competitor; the answers that named
	// it keep its mentions, as an untracked brand. NOT_FOUND for an
	// unknown competitor.
	DeleteCompetitor(ctx context.Context, orgID, brandID, competitorID string) error
}
