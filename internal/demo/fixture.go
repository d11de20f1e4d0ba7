package demo

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/password"
)

// Fixture is the contract between the demo data set and black-box tests
// and tools (docs/demo.md). All ids are strings.
type Fixture struct {
	APIKey        string              `json:"api_key"`
	OrgID         string              `json:"org_id"`
	BrandID       string              `json:"brand_id"`
	BrandName     string              `json:"brand_name"`
	BrandDomain   string              `json:"brand_domain"`
	CompetitorIDs []string            `json:"competitor_ids"`
	TopicIDs      []string            `json:"topic_ids"`
	PromptIDs     []string            `json:"prompt_ids"`
	ProviderIDs   []string            `json:"provider_ids"`
	RegionIDs     []string            `json:"region_ids"`
	Competitors   []FixtureCompetitor `json:"competitors"`
	Prompts       []FixturePrompt     `json:"prompts"`
	Providers     []FixtureCode       `json:"providers"`
	Regions       []FixtureCode       `json:"regions"`

	RecommendationIDs []string `json:"recommendation_ids"`
	OpportunityIDs    []string `json:"opportunity_ids"`
	BriefIDs          []string `json:"brief_ids"`
	AdvertiserIDs     []string `json:"advertiser_ids"`

	OtherOrg      FixtureOtherOrg   `json:"other_org"`
	RevokedAPIKey string            `json:"revoked_api_key"`
	ExpiredAPIKey string            `json:"expired_api_key"`
	Forbidden     []FixtureEndpoint `json:"forbidden"`
	DashboardUser FixtureUser       `json:"dashboard_user"`
	Window        FixtureWindow     `json:"window"`
}

// FixtureUser is a user who signs in to the dashboard (docs/dashboard.md).
type FixtureUser struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// FixtureCompetitor is a tracked competitor of the main brand.
type FixtureCompetitor struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Domain string `json:"domain"`
}

// FixturePrompt is a prompt of the main brand.
type FixturePrompt struct {
	ID      string `json:"id"`
	TopicID string `json:"topic_id"`
	Text    string `json:"text"`
}

// FixtureCode is a provider or region.
type FixtureCode struct {
	ID   string `json:"id"`
	Code string `json:"code"`
}

// FixtureOtherOrg is the second organization, for isolation tests.
type FixtureOtherOrg struct {
	APIKey  string `json:"api_key"`
	BrandID string `json:"brand_id"`
}

// FixtureEndpoint is a real endpoint outside the public surface.
type FixtureEndpoint struct {
	Method string `json:"method"`
	Path   string `json:"path"`
}

// FixtureWindow is the time span the demo runs cover.
type FixtureWindow struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

// buildFixture creates the API keys and collects the ids of the data set.
func buildFixture(ctx context.Context, st Store, ds *Dataset, cfg Config) (*Fixture, error) {
	main, other := ds.Orgs[0], ds.Orgs[1]
	brand := main.Brands[0]
	f := &Fixture{
		OrgID: main.ID, BrandID: brand.ID, BrandName: brand.Name, BrandDomain: brand.Domain,
		CompetitorIDs: []string{}, TopicIDs: []string{}, PromptIDs: []string{}, ProviderIDs: []string{}, RegionIDs: []string{},
		Competitors: []FixtureCompetitor{}, Prompts: []FixturePrompt{}, Providers: []FixtureCode{}, Regions: []FixtureCode{},
		RecommendationIDs: []string{}, OpportunityIDs: []string{}, BriefIDs: []string{}, AdvertiserIDs: []string{},
		OtherOrg: FixtureOtherOrg{BrandID: other.Brands[0].ID},
	}
	for _, c := range brand.Competitors {
		f.CompetitorIDs = append(f.CompetitorIDs, c.ID)
		f.Competitors = append(f.Competitors, FixtureCompetitor{ID: c.ID, Name: c.Name, Domain: c.Domain})
	}
	for _, t := range brand.Topics {
		f.TopicIDs = append(f.TopicIDs, t.ID)
		for _, p := range t.Prompts {
			f.PromptIDs = append(f.PromptIDs, p.ID)
			f.Prompts = append(f.Prompts, FixturePrompt{ID: p.ID, TopicID: t.ID, Text: p.Text})
		}
	}
	providers, err := st.FindProviders(ctx)
	if err != nil {
		return nil, err
	}
	for _, p := range providers {
		f.ProviderIDs = append(f.ProviderIDs, p.ID)
		f.Providers = append(f.Providers, FixtureCode{ID: p.ID, Code: p.Code})
	}
	regions, err := st.FindRegions(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range regions {
		f.RegionIDs = append(f.RegionIDs, r.ID)
		f.Regions = append(f.Regions, FixtureCode{ID: r.ID, Code: r.Code})
	}

	mainUser, otherUser := main.Users[0].Email, other.Users[0].Email
	if f.APIKey, err = newKey(ctx, st, main.ID, mainUser, "demo", nil); err != nil {
		return nil, err
	}
	if f.OtherOrg.APIKey, err = newKey(ctx, st, other.ID, otherUser, "demo", nil); err != nil {
		return nil, err
	}
	revoked, secret, err := st.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: main.ID, UserEmail: mainUser, Name: "demo (revoked)"})
	if err != nil {
		return nil, err
	}
	if err := st.RevokeAPIKey(ctx, revoked.ID); err != nil {
		return nil, err
	}
	f.RevokedAPIKey = secret
	yesterday := cfg.Now.UTC().AddDate(0, 0, -1)
	if f.ExpiredAPIKey, err = newKey(ctx, st, main.ID, mainUser, "demo (expired)", &yesterday); err != nil {
		return nil, err
	}

	if f.DashboardUser, err = DashboardUser(ctx, st, main.ID, main.Users[0]); err != nil {
		return nil, err
	}

	f.Forbidden = []FixtureEndpoint{
		{Method: "POST", Path: "/internal/v1/brands/" + brand.ID + "/runs"},
		{Method: "GET", Path: "/internal/v1/admin/organizations"},
		{Method: "GET", Path: "/internal/v1/billing/organizations/" + main.ID + "/usage"},
		// content generation: creating a brief
		{Method: "POST", Path: "/api/v2/brands/" + brand.ID + "/content_studio/briefs"},
	}
	days := cfg.Days
	if days <= 0 {
		days = DefaultDays
	}
	end := cfg.Now.UTC()
	f.Window = FixtureWindow{Start: sightline.EndOfDay(end).AddDate(0, 0, -days), End: end}
	// The advertisers seen next to the brand's answers over the whole data
	// set, in the list's default order.
	for page := 1; ; page++ {
		ads, total, err := st.FindAdvertisers(ctx, main.ID, sightline.AdFilter{
			Scope:       sightline.Scope{BrandID: brand.ID, Window: sightline.Window{Start: f.Window.Start, End: sightline.EndOfDay(end)}},
			PageRequest: sightline.PageRequest{Page: page, PageSize: sightline.MaxPageSize},
		})
		if err != nil {
			return nil, fmt.Errorf("list demo advertisers: %w", err)
		}
		for _, a := range ads {
			f.AdvertiserIDs = append(f.AdvertiserIDs, a.AdvertiserID)
		}
		if len(ads) == 0 || len(f.AdvertiserIDs) >= total {
			break
		}
	}
	return f, nil
}

func newKey(ctx context.Context, st Store, orgID, email, name string, expires *time.Time) (string, error) {
	_, secret, err := st.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: orgID, UserEmail: email, Name: name, ExpiresAt: expires})
	if err != nil {
		return "", fmt.Errorf("create demo key: %w", err)
	}
	return secret, nil
}

// DashboardUser gives the demo organization's first user a fresh random
// password (creating, enabling again or changing it) and returns the
// sign-in. A password is random like the API keys: only its argon2id hash
// is stored, so a later `serve --demo` cannot print the old one and sets a
// new one instead (which ends that user's sessions).
func DashboardUser(ctx context.Context, st Store, orgID string, u User) (FixtureUser, error) {
	pw := newPassword()
	hash, err := password.Hash(pw)
	if err != nil {
		return FixtureUser{}, err
	}
	_, err = st.CreateDashboardUser(ctx, sightline.DashboardUserCreate{OrgID: orgID, Email: u.Email, Name: u.Name, PasswordHash: hash})
	if sightline.ErrorCode(err) == sightline.ECONFLICT {
		// The user signs in already: change the password.
		var users []*sightline.User
		if users, err = st.FindUsers(ctx, orgID); err == nil {
			err = fmt.Errorf("demo user %s not found", u.Email)
			for _, x := range users {
				if x.Email == sightline.NormalizeEmail(u.Email) {
					err = st.SetUserPassword(ctx, x.ID, hash)
				}
			}
		}
	}
	if err != nil {
		return FixtureUser{}, fmt.Errorf("create demo dashboard user: %w", err)
	}
	return FixtureUser{Email: sightline.NormalizeEmail(u.Email), Password: pw}, nil
}

// newPassword returns 16 random base32 characters (80 bits from
// crypto/rand), lowercase, in groups of four: "k7hq-2xrm-p4td-6wfa".
func newPassword() string {
	t := strings.ToLower(rand.Text()[:16])
	return t[0:4] + "-" + t[4:8] + "-" + t[8:12] + "-" + t[12:16]
}

// WriteFile writes the fixture as indented JSON.
func (f *Fixture) WriteFile(path string) error {
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o600)
}
