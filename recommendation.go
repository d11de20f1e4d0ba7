package sightline

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Recommendation types (docs/api.md, docs/engines.md).
const (
	RecSocialPost     = "social_post"      // reddit/youtube/linkedin/x threads cited where the brand is absent
	RecEarned         = "earned_3rd_party" // editorial/review outlets cite competitors, not the brand
	RecOwnedCreate    = "owned_create"     // competitor pages win prompts where the brand has no page
	RecOwnedRefresh   = "owned_refresh"    // an owned page is cited where the brand is weak
	RecNoAction       = "no_action"        // the brand already leads
	LegacySocial      = "social"
	LegacyEarned      = "earned"
	LegacyOwned       = "owned"
	ImpactHigh        = "high"
	ImpactMedium      = "medium"
	ImpactLow         = "low"
	RecStateNew       = "new"
	RecStateSaved     = "saved"
	RecStateDone      = "done"
	RecStateDismissed = "dismissed"
)

// Vocabularies of the recommendation fields and list filters.
var (
	RecommendationTypes  = []string{RecSocialPost, RecEarned, RecOwnedCreate, RecOwnedRefresh, RecNoAction}
	LegacyTypes          = []string{LegacySocial, LegacyEarned, LegacyOwned, RecNoAction}
	Impacts              = []string{ImpactHigh, ImpactMedium, ImpactLow}
	RecommendationStates = []string{RecStateNew, RecStateSaved, RecStateDone, RecStateDismissed}
	// ContentFormats is the format vocabulary of recommendations and briefs.
	ContentFormats = []string{"listicle", "how_to_guide", "comparison", "product_review", "alternative", "article",
		"case_study", "pricing_breakdown", "features", "documentation", "homepage", "about", "category_page",
		"resource", "social_post", "earned_pitch"}
	// ChannelPlatforms are the platforms of a recommendation's channel.
	ChannelPlatforms = []string{"reddit", "youtube", "linkedin", "x", "web"}
)

// LegacyTypeOf collapses a fine-grained type into the three buckets older
// clients know, plus no_action (docs/api.md).
func LegacyTypeOf(recType string) string {
	switch recType {
	case RecSocialPost:
		return LegacySocial
	case RecEarned:
		return LegacyEarned
	case RecOwnedCreate, RecOwnedRefresh:
		return LegacyOwned
	}
	return RecNoAction
}

// Severity thresholds of the impact levels.
const (
	HighImpactSeverity   = 0.6
	MediumImpactSeverity = 0.3
)

// ImpactOf derives the impact level from a severity in 0..1.
func ImpactOf(severity float64) string {
	switch {
	case severity >= HighImpactSeverity:
		return ImpactHigh
	case severity >= MediumImpactSeverity:
		return ImpactMedium
	}
	return ImpactLow
}

// PlatformOf names the channel platform of a registrable domain: reddit,
// youtube, linkedin, x, else web.
func PlatformOf(domain string) string {
	switch strings.TrimPrefix(strings.ToLower(domain), "www.") {
	case "reddit.com", "redd.it":
		return "reddit"
	case "youtube.com", "youtu.be":
		return "youtube"
	case "linkedin.com", "lnkd.in":
		return "linkedin"
	case "x.com", "twitter.com", "t.co":
		return "x"
	}
	return "web"
}

// Recommendation is a content recommendation (docs/api.md). Nullable fields
// are pointers and are always present in JSON.
type Recommendation struct {
	ID                 string                  `json:"id"`
	BrandID            string                  `json:"brand_id"`
	TopicID            *string                 `json:"topic_id"`
	TopicName          *string                 `json:"topic_name"`
	Intent             *string                 `json:"intent"`
	Type               string                  `json:"type"`
	LegacyType         *string                 `json:"legacy_type"`
	Impact             *string                 `json:"impact"`
	Severity           *float64                `json:"severity"`
	Action             string                  `json:"action"`
	ActionURL          *string                 `json:"action_url"`
	SuggestedActionURL *string                 `json:"suggested_action_url"`
	Channel            *Channel                `json:"channel"`
	Reason             string                  `json:"reason"`
	Details            *string                 `json:"details"`
	Format             *string                 `json:"format"`
	SuggestedTitle     *string                 `json:"suggested_title"`
	TargetWordCount    *int                    `json:"target_word_count"`
	RequiredElements   []string                `json:"required_elements"`
	Archived           bool                    `json:"archived"`
	Completed          bool                    `json:"completed"`
	State              string                  `json:"state"`
	StateChangedAt     *time.Time              `json:"state_changed_at"`
	DismissedAt        *time.Time              `json:"dismissed_at"`
	CompletedAt        *time.Time              `json:"completed_at"`
	Evidence           *RecommendationEvidence `json:"evidence"`
	TargetPromptIDs    []string                `json:"target_prompt_ids"`
	TargetURLs         []string                `json:"target_urls"`
	TopCompetitors     []CompetitorShare       `json:"top_competitors"`
	TargetPrompts      []TargetPrompt          `json:"target_prompts"`
	AudienceID         *string                 `json:"audience_id"`
	AudienceName       *string                 `json:"audience_name"`
	CreatedAt          *time.Time              `json:"created_at"`

	// Key is the stable upsert key, "<type>:<target>": regeneration
	// updates the recommendation with the same key, so user state survives.
	Key string `json:"-"`
}

// Channel is where an earned or social recommendation is carried out.
type Channel struct {
	Platform string `json:"platform"`
	Name     string `json:"name"`
	URL      string `json:"url"`
}

// TargetPrompt is a tracked prompt a recommendation targets; Text is null
// when the prompt no longer exists.
type TargetPrompt struct {
	ID   string  `json:"id"`
	Text *string `json:"text"`
}

// CompetitorShare is one entry of top_competitors: a tracked competitor and
// how often the answers to the target prompts name it.
type CompetitorShare struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Domain      string  `json:"domain"`
	Runs        int     `json:"runs"`         // runs of the target prompts naming it
	WeakRuns    int     `json:"weak_runs"`    // … of which the brand is absent or ranked 4th or lower
	SharePct    float64 `json:"share_pct"`    // 100 × runs / runs of the target prompts
	AvgPosition float64 `json:"avg_position"` // mean list position when named
}

// RecommendationEvidence is the evidence object of a recommendation: why
// the router chose the type, the problem counts, the citation landscape of
// the runs in question and the details that triggered it.
type RecommendationEvidence struct {
	Router            EvidenceRouter    `json:"router"`
	ProblemCounts     EvidenceCounts    `json:"problem_counts"`
	CitationLandscape EvidenceLandscape `json:"citation_landscape"`
	Trigger           EvidenceTrigger   `json:"trigger"`
	RefreshSignals    []RefreshSignal   `json:"refresh_signals,omitempty"`
	ComplementaryURL  string            `json:"complementary_url,omitempty"`
	Window            EvidenceWindow    `json:"window"`
}

// EvidenceRouter tells which routing rule produced the recommendation.
type EvidenceRouter struct {
	Rule    string          `json:"rule"`
	Reason  string          `json:"reason"`
	Prompts []RoutedPrompt  `json:"prompts"`
	Shares  ClassShareTable `json:"shares"` // citation class shares the rule compared
}

// RoutedPrompt is one prompt the router sent to this recommendation.
type RoutedPrompt struct {
	ID        string  `json:"id"`
	Text      string  `json:"text"`
	Runs      int     `json:"runs"`
	WeakRuns  int     `json:"weak_runs"`
	FirstRuns int     `json:"first_runs"`
	WeakRate  float64 `json:"weak_rate"`
}

// ClassShareTable maps a citation class (owned, competitor_owned, outlet,
// social, other) to its share (0..1) of the citations considered.
type ClassShareTable map[string]float64

// EvidenceCounts are the problem counts over the target prompts' runs.
type EvidenceCounts struct {
	Prompts        int     `json:"prompts"`
	Runs           int     `json:"runs"`
	BrandRuns      int     `json:"brand_runs"`       // the brand is named
	BrandFirstRuns int     `json:"brand_first_runs"` // the brand is named first
	WeakRuns       int     `json:"weak_runs"`        // absent or ranked 4th or lower
	AbsentRuns     int     `json:"absent_runs"`
	LowRankRuns    int     `json:"low_rank_runs"`
	WeakRate       float64 `json:"weak_rate"`
	TotalBrandRuns int     `json:"total_brand_runs"` // every run of the brand in the window
}

// EvidenceLandscape is what the answers in question cite, by class.
type EvidenceLandscape struct {
	Scope      string             `json:"scope"` // which runs: "weak_runs" or "all_runs"
	Citations  int                `json:"citations"`
	ByClass    map[string]int     `json:"by_class"`
	TopDomains []LandscapeDomain  `json:"top_domains"`
	Shares     map[string]float64 `json:"shares"`
}

// LandscapeDomain is one cited domain of the landscape.
type LandscapeDomain struct {
	Domain    string `json:"domain"`
	Class     string `json:"class"`
	Citations int    `json:"citations"`
}

// EvidenceTrigger holds the pages or outlets that triggered the
// recommendation and who is named in the answers citing them.
type EvidenceTrigger struct {
	Kind     string            `json:"kind"`
	Summary  string            `json:"summary"`
	Pages    []EvidencePage    `json:"pages,omitempty"`
	Channels []EvidenceChannel `json:"channels,omitempty"`
}

// EvidencePage is a cited page with its counts over the target prompts'
// runs.
type EvidencePage struct {
	URL         string   `json:"url"`
	Domain      string   `json:"domain"`
	Title       string   `json:"title,omitempty"`
	PageType    string   `json:"page_type"`
	Class       string   `json:"class"`
	Runs        int      `json:"runs"`
	WeakRuns    int      `json:"weak_runs"`
	NamedBrands []string `json:"named_brands,omitempty"` // named in answers citing it while the brand is weak
}

// EvidenceChannel is a cited outlet or platform: its citations by the
// target prompts' answers, and who the answers citing it name (over every
// run of the window).
type EvidenceChannel struct {
	Domain        string   `json:"domain"`
	Platform      string   `json:"platform"`
	Name          string   `json:"name"`
	Citations     int      `json:"citations"`
	WeakCitations int      `json:"weak_citations"` // in runs where the brand is weak
	BrandRuns     int      `json:"brand_runs"`     // runs citing it that name the brand
	Competitors   []string `json:"competitors,omitempty"`
}

// RefreshSignal is a reason to refresh an owned page.
type RefreshSignal struct {
	URL    string `json:"url"`
	Signal string `json:"signal"`
	Detail string `json:"detail"`
}

// EvidenceWindow is the time span the evidence covers.
type EvidenceWindow struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

// CheckTransition applies the user-driven state rules of docs/engines.md:
// new→saved, saved→new, new→dismissed, dismissed→new, any→done, done→new.
// Anything else is INVALID_TRANSITION.
func CheckTransition(from, to string) error {
	ok := false
	switch to {
	case RecStateDone:
		ok = true
	case RecStateSaved:
		ok = from == RecStateNew
	case RecStateDismissed:
		ok = from == RecStateNew
	case RecStateNew:
		ok = from == RecStateSaved || from == RecStateDismissed || from == RecStateDone
	}
	if !ok {
		return Errorf(ETRANSITION, "A recommendation cannot move from %s to %s.", from, to)
	}
	return nil
}

// RecommendationChange is what a user's state change writes: the new
// state (stamping state_changed_at), and what goes with it.
type RecommendationChange struct {
	State string
	// Completed stamps completed_at (done) and Reopened clears it (done →
	// new); Dismissed stamps dismissed_at.
	Completed, Reopened, Dismissed bool
	// ActionURL is the action URL written with done, and added to the
	// brand's watch list; nil when there is none.
	ActionURL *string
}

// Transition decides a validated user state change of r
// (docs/engines.md#state-changes): CheckTransition's moves only; done
// takes the caller's action URL, else the suggested one; reopening keeps
// the action URL.
func (r *Recommendation) Transition(upd RecommendationUpdate) (RecommendationChange, error) {
	to := *upd.State
	if err := CheckTransition(r.State, to); err != nil {
		return RecommendationChange{}, err
	}
	c := RecommendationChange{State: to}
	switch {
	case to == RecStateDone:
		c.Completed, c.ActionURL = true, upd.ActionURL
		if c.ActionURL == nil {
			c.ActionURL = r.SuggestedActionURL
		}
	case to == RecStateDismissed:
		c.Dismissed = true
	case r.State == RecStateDone:
		c.Reopened = true
	}
	return c, nil
}

// MaxURLLength caps URLs given by users.
const MaxURLLength = 2048

// RecommendationUpdate is the body of PATCH …/recommendations/{id}.
type RecommendationUpdate struct {
	State     *string `json:"state"`
	ActionURL *string `json:"action_url"`
}

// Validate checks the body: state is required and known; action_url is an
// absolute http(s) URL and only goes with state done.
func (u *RecommendationUpdate) Validate() error {
	var v ValidationErrors
	switch {
	case u.State == nil:
		v.Add("state", "required", "state is required: one of %s.", strings.Join(RecommendationStates, ", "))
	case !slices.Contains(RecommendationStates, *u.State):
		v.Add("state", "invalid", "state must be one of %s.", strings.Join(RecommendationStates, ", "))
	}
	if u.ActionURL != nil {
		switch {
		case !IsHTTPURL(*u.ActionURL):
			v.Add("action_url", "invalid", "action_url must be an absolute http(s) URL of at most %d characters.", MaxURLLength)
		case u.State != nil && *u.State != RecStateDone:
			v.Add("action_url", "not_allowed", "action_url may only be given with state done.")
		}
	}
	return v.Err()
}

// IsHTTPURL reports whether s is an absolute http or https URL with a host.
func IsHTTPURL(s string) bool {
	if s == "" || len(s) > MaxURLLength || strings.TrimSpace(s) != s {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// RecommendationFilter selects recommendations (docs/api.md). Empty lists
// mean no narrowing; States is never empty after the handler applied the
// default (new). Archived selects the archived ones instead of live ones.
type RecommendationFilter struct {
	Types    []string
	Intents  []string
	Impacts  []string
	States   []string
	TopicIDs []string
	Archived bool
	PageRequest
	Sort []SortKey
}

// Sort keys of the recommendations list; the default is by severity.
var (
	RecommendationSortKeys    = []string{"severity", "created_at", "state_changed_at"}
	DefaultRecommendationSort = []SortKey{{Key: "severity", Desc: true}}
)

// RecommendationListMeta is the meta of the recommendations list:
// pagination plus the regenerate quota.
type RecommendationListMeta struct {
	PageMeta
	RegenerateQuota DailyQuota `json:"regenerate_quota"`
}

// DefaultDismissCooldown is how long a dismissed recommendation stays
// dismissed before regeneration may revive it (measured from dismissed_at).
const DefaultDismissCooldown = 14 * 24 * time.Hour

// RecommendationWindowDays is how much history the generator reads.
const RecommendationWindowDays = 30

// RegenerateOptions configure one regeneration.
type RegenerateOptions struct {
	QuotaLimit int           // daily regenerate quota
	Cooldown   time.Duration // dismissed → new after this long, when the evidence persists
	// Window is the evidence window; zero means the last
	// RecommendationWindowDays days at the store's clock.
	Window Window
	// Generate turns the brand's evidence into recommendations with Key
	// set (internal/engine.GenerateRecommendations).
	Generate func(ev *BrandEvidence) ([]*Recommendation, error)
}

// EvidenceWindow is the window a regeneration with options o reads
// evidence over at now: o.Window when it is one (its start before its
// end), otherwise the last RecommendationWindowDays whole UTC days
// including today (docs/engines.md#evidence).
func (o RegenerateOptions) EvidenceWindow(now time.Time) Window {
	if o.Window.Start.IsZero() || !o.Window.Start.Before(o.Window.End) {
		return DefaultWindow(now, RecommendationWindowDays)
	}
	return o.Window
}

// RegenerateResult tells what a regeneration did.
type RegenerateResult struct {
	Generated       int        `json:"generated"` // recommendations the evidence supports
	Created         int        `json:"created"`
	Updated         int        `json:"updated"`
	Revived         int        `json:"revived"`  // dismissed → new after the cooldown
	Archived        int        `json:"archived"` // live ones whose evidence is gone
	RegenerateQuota DailyQuota `json:"regenerate_quota"`
}

// ExistingRecommendation is what reconciliation needs to know of a stored
// recommendation.
type ExistingRecommendation struct {
	ID          string
	Key         string     // the upsert key (Recommendation.Key), unique per brand
	State       string     // user state: new, saved, done or dismissed
	DismissedAt *time.Time // when the user last dismissed it; nil when never
	Archived    bool
}

// RecommendationRenewal is a stored recommendation the evidence still
// supports: its generated fields are rewritten from Recommendation and it is
// un-archived; its user state is kept, except that Revive moves it from
// dismissed back to new.
type RecommendationRenewal struct {
	ID             string          // the stored recommendation
	Recommendation *Recommendation // what the evidence says now
	Revive         bool            // dismissed → new: the cooldown has passed
}

// RecommendationPlan is what a regeneration writes, decided by
// ReconcileRecommendations: the store saves it as it is, in this order —
// Create, then Renew, then Archive.
type RecommendationPlan struct {
	Create  []*Recommendation       // new keys, inserted new; in the generator's order
	Renew   []RecommendationRenewal // existing keys; in the generator's order
	Archive []string                // ids of live recommendations the evidence no longer supports; in the order of existing
}

// Result counts the plan the way RegenerateResult reports it;
// RegenerateQuota is left to the caller.
func (p *RecommendationPlan) Result() RegenerateResult {
	res := RegenerateResult{
		Generated: len(p.Create) + len(p.Renew),
		Created:   len(p.Create),
		Updated:   len(p.Renew),
		Archived:  len(p.Archive),
	}
	for _, r := range p.Renew {
		if r.Revive {
			res.Revived++
		}
	}
	return res
}

// ReconcileRecommendations decides what a regeneration does with the
// brand's stored recommendations (existing) and what the evidence supports
// now (generated), upserting on Key (docs/engines.md#regeneration):
//
//   - a generated recommendation whose key is not stored is created;
//   - one whose key is stored is renewed: its content is rewritten and it is
//     un-archived, and its user state and timestamps are kept (saved and done
//     survive) — except that a dismissed one whose DismissedAt is at least
//     cooldown before now is revived to new (a dismissed one without
//     DismissedAt is never revived);
//   - a stored recommendation that nothing generated is archived when it is
//     live and not done: done ones are history (their evidence going away is
//     the expected result of doing them), archived ones are already archived.
//
// A generated recommendation without a key, or a key generated twice, is an
// error of the generator; so is a key stored twice. The plan is
// deterministic: it follows the order of generated and existing.
func ReconcileRecommendations(existing []ExistingRecommendation, generated []*Recommendation, now time.Time, cooldown time.Duration) (RecommendationPlan, error) {
	byKey := make(map[string]int, len(existing))
	for i, e := range existing {
		if _, dup := byKey[e.Key]; dup {
			return RecommendationPlan{}, fmt.Errorf("stored recommendation key %s twice", e.Key)
		}
		byKey[e.Key] = i
	}
	var plan RecommendationPlan
	seen := make(map[string]bool, len(generated))
	for _, r := range generated {
		if r.Key == "" {
			return RecommendationPlan{}, fmt.Errorf("generated %s recommendation without a key", r.Type)
		}
		if seen[r.Key] {
			return RecommendationPlan{}, fmt.Errorf("generated recommendation key %s twice", r.Key)
		}
		seen[r.Key] = true
		i, ok := byKey[r.Key]
		if !ok {
			plan.Create = append(plan.Create, r)
			continue
		}
		e := existing[i]
		revive := e.State == RecStateDismissed && e.DismissedAt != nil && !now.Before(e.DismissedAt.Add(cooldown))
		plan.Renew = append(plan.Renew, RecommendationRenewal{ID: e.ID, Recommendation: r, Revive: revive})
	}
	for _, e := range existing {
		if seen[e.Key] || e.Archived || e.State == RecStateDone {
			continue
		}
		plan.Archive = append(plan.Archive, e.ID)
	}
	return plan, nil
}

// WatchListEntry is a URL the brand watches: the page refreshed or
// created, the outlet pitched or the thread engaged when a recommendation
// was marked done.
type WatchListEntry struct {
	ID               string    `json:"id"`
	URL              string    `json:"url"`
	RecommendationID *string   `json:"recommendation_id"`
	CreatedAt        time.Time `json:"created_at"`
}

// RecommendationService stores recommendations. Every method answers
// NOT_FOUND when the brand (or the recommendation) does not exist or
// belongs to another organization.
type RecommendationService interface {
	// FindRecommendations returns a page of recommendations and the total.
	FindRecommendations(ctx context.Context, orgID, brandID string, f RecommendationFilter) ([]*Recommendation, int, error)
	// FindRecommendationByID returns one recommendation, archived or not.
	FindRecommendationByID(ctx context.Context, orgID, brandID, id string) (*Recommendation, error)
	// UpdateRecommendation applies a user state change (CheckTransition):
	// INVALID_TRANSITION for a move the rules refuse, VALIDATION_FAILED for
	// a bad update. Marking done adds the action URL to the watch list.
	UpdateRecommendation(ctx context.Context, orgID, brandID, id string, upd RecommendationUpdate) (*Recommendation, error)
	// RegenerateRecommendations spends one unit of the daily regenerate
	// quota first (QUOTA_EXCEEDED at once when spent), then reads the
	// evidence, calls Generate and upserts the result on Key, archives live
	// recommendations the evidence no longer supports and revives dismissed
	// ones past the cooldown, all saved in one transaction; when that work
	// fails, the unit is given back.
	RegenerateRecommendations(ctx context.Context, orgID, brandID string, opts RegenerateOptions) (*RegenerateResult, error)
	// FindBrandEvidence returns the facts the generator decides from, over
	// the window.
	FindBrandEvidence(ctx context.Context, orgID, brandID string, w Window) (*BrandEvidence, error)
	// FindWatchList returns a page of the brand's watch list, newest first.
	FindWatchList(ctx context.Context, orgID, brandID string, p PageRequest) ([]*WatchListEntry, int, error)
}

// BrandEvidence are the facts of a brand's runs over a window that the
// engines decide from. The store computes every count in SQL; the engines
// only route, score and word them. A run is weak when the brand is absent
// from the answer or named 4th or lower.
type BrandEvidence struct {
	BrandID     string
	BrandName   string
	Domains     []string // owned registrable domains, primary first
	Window      Window
	Now         time.Time
	TotalRuns   int
	Competitors []Competitor
	Prompts     []*PromptFacts // active prompts with runs in the window
	Pages       []*PageFacts   // per prompt and cited page
	Named       []*NamedFacts  // per cited domain and page: who the citing answers name
}

// WeakPosition is the list position from which the brand counts as weak.
const WeakPosition = 4

// PromptFacts are one prompt's runs in the window.
type PromptFacts struct {
	ID          string
	Text        string
	Intent      string // "" when unknown
	TopicID     string // "" for none
	TopicName   string
	Regions     []string // region codes it ran in
	Runs        int
	BrandRuns   int     // the brand is named
	FirstRuns   int     // the brand is named first
	WeakRuns    int     // absent or named at WeakPosition or lower
	AvgPosition float64 // mean position when named (0 when never)
	Competitors []PromptCompetitor
}

// PromptCompetitor is a tracked competitor named in a prompt's answers.
type PromptCompetitor struct {
	ID          string
	Name        string
	Domain      string
	Runs        int
	WeakRuns    int // named while the brand is weak
	AvgPosition float64
}

// RankPromptCompetitors orders a prompt's competitors as its evidence lists
// them: by the runs naming them, most first; ties keep their order (the
// store gives them by name) (docs/engines.md#evidence).
func RankPromptCompetitors(cs []PromptCompetitor) {
	slices.SortStableFunc(cs, func(a, b PromptCompetitor) int { return b.Runs - a.Runs })
}

// Ownership classes of PageFacts beyond the static domain type.
const (
	ClassOwned           = DomainOwned
	ClassCompetitorOwned = DomainCompetitorOwned
)

// PageOwnership classes a cited domain for the engines
// (docs/metrics.md#ownership-classes-domain_type-filterdomain_types):
// owned when it is one of the brand's domains, competitor_owned when it is
// a tracked competitor's (the first in comps with that domain is the
// owner), "" otherwise.
func PageOwnership(domain string, brandDomains []string, comps []Competitor) (class, competitorID string) {
	if slices.Contains(brandDomains, domain) {
		return ClassOwned, ""
	}
	for _, c := range comps {
		if c.Domain != "" && c.Domain == domain {
			return ClassCompetitorOwned, c.ID
		}
	}
	return "", ""
}

// PageFacts are the citations of one page by one prompt's answers.
type PageFacts struct {
	PromptID       string
	Page           string // normalized URL
	Domain         string
	PageType       string
	StaticType     string // static domain type
	Ownership      string // owned, competitor_owned or ""
	CompetitorID   string // the owner when competitor_owned
	Title          string
	Subreddit      string
	YouTubeChannel string
	Citations      int
	Runs           int
	WeakRuns       int
	CompWeakRuns   int // weak runs that name a tracked competitor
}

// NamedFacts count the runs citing a cited domain (Page empty) or page
// whose answers name one found brand: the brand itself (Self) or a tracked
// competitor. Domain rows exist for outlets and social platforms (static
// editorial, review and social domains) and count Runs and WeakRuns; page
// rows count only the weak runs that name a competitor.
type NamedFacts struct {
	Domain       string
	Page         string
	Name         string
	Self         bool
	CompetitorID string
	Runs         int
	WeakRuns     int
}
