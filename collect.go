package sightline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"time"
)

// CollectProviders are the provider codes Sightline can ask by itself
// (docs/collect.md); runs of other providers come in only through ingest.
// The search surfaces among them are asked through a SERP data vendor
// (SurfaceVendors).
var CollectProviders = []string{"chatgpt", "claude", "gemini", "perplexity", "google_ai_overviews", "google_ai_mode", "copilot", "grok"}

// Limits of a brand's collection settings.
const (
	MinCadenceHours    = 1
	MaxCadenceHours    = 24 * 30
	MaxSamples         = 10
	MaxRegions         = 50
	DefaultCadence     = 24
	DefaultSamples     = 3
	defaultRegion      = "us"
	maxPromptLength    = 2000
	MaxPromptsPerBatch = 100
)

// CollectionSettings say which providers a brand's prompts are asked on, in
// which regions, how often and how many times (GET …/collection).
type CollectionSettings struct {
	Providers    []string  `json:"providers"`
	Regions      []string  `json:"regions"`
	CadenceHours int       `json:"cadence_hours"`
	Samples      int       `json:"samples"`
	Enabled      bool      `json:"enabled"`
	UpdatedAt    time.Time `json:"updated_at"`
}

// DefaultCollectionSettings are a brand's settings until someone changes
// them: collection off (it spends the organization's provider credits, so
// it starts only when asked), daily, three samples, in the United States.
func DefaultCollectionSettings() CollectionSettings {
	return CollectionSettings{Providers: []string{}, Regions: []string{defaultRegion}, CadenceHours: DefaultCadence, Samples: DefaultSamples}
}

// CollectionUpdate is the body of PATCH …/collection; absent fields keep
// their value.
type CollectionUpdate struct {
	Providers    *[]string `json:"providers"`
	Regions      *[]string `json:"regions"`
	CadenceHours *int      `json:"cadence_hours"`
	Samples      *int      `json:"samples"`
	Enabled      *bool     `json:"enabled"`
}

// Apply validates the update and returns s with it applied.
func (u CollectionUpdate) Apply(s CollectionSettings) (CollectionSettings, error) {
	var v ValidationErrors
	if u.Providers != nil {
		s.Providers = NormalizeProviders(*u.Providers, &v, "providers")
	}
	if u.Regions != nil {
		s.Regions = NormalizeRegions(*u.Regions, &v, "regions")
		if len(s.Regions) == 0 && len(*u.Regions) == 0 {
			v.Add("regions", "empty", "regions must name at least one country code.")
		}
	}
	if u.CadenceHours != nil {
		if *u.CadenceHours < MinCadenceHours || *u.CadenceHours > MaxCadenceHours {
			v.Add("cadence_hours", "out_of_range", "cadence_hours must be between %d and %d.", MinCadenceHours, MaxCadenceHours)
		}
		s.CadenceHours = *u.CadenceHours
	}
	if u.Samples != nil {
		if *u.Samples < 1 || *u.Samples > MaxSamples {
			v.Add("samples", "out_of_range", "samples must be between 1 and %d.", MaxSamples)
		}
		s.Samples = *u.Samples
	}
	if u.Enabled != nil {
		s.Enabled = *u.Enabled
	}
	if s.Enabled && len(s.Providers) == 0 && v == nil {
		v.Add("providers", "required", "providers must name at least one of %s to enable collection.", strings.Join(CollectProviders, ", "))
	}
	return s, v.Err()
}

// NormalizeProviders lowercases and dedupes provider codes, recording any
// that Sightline cannot collect from under field[i].
func NormalizeProviders(in []string, v *ValidationErrors, field string) []string {
	out := []string{}
	for i, p := range in {
		p = strings.ToLower(strings.TrimSpace(p))
		if !slices.Contains(CollectProviders, p) {
			v.Add(indexField(field, i), "invalid", "%q is not a provider Sightline collects from; use %s.", p, strings.Join(CollectProviders, ", "))
			continue
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// NormalizeRegions lowercases and dedupes ISO 3166-1 alpha-2 country codes,
// recording malformed ones under field[i].
func NormalizeRegions(in []string, v *ValidationErrors, field string) []string {
	out := []string{}
	if len(in) > MaxRegions {
		v.Add(field, "too_many", "%s may hold at most %d country codes.", field, MaxRegions)
		return out
	}
	for i, r := range in {
		r = strings.ToLower(strings.TrimSpace(r))
		if !IsCountryCode(r) {
			v.Add(indexField(field, i), "invalid", "%q is not a two-letter country code (ISO 3166-1 alpha-2, e.g. us, gb).", r)
			continue
		}
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// IsCountryCode reports whether s is two lowercase ASCII letters.
func IsCountryCode(s string) bool {
	return len(s) == 2 && s[0] >= 'a' && s[0] <= 'z' && s[1] >= 'a' && s[1] <= 'z'
}

// CollectionSlot returns the start of the cadence slot holding t. Slots are
// cadenceHours long and aligned on the Unix epoch (midnight UTC), so a
// daily cadence has one slot per UTC day.
func CollectionSlot(t time.Time, cadenceHours int) time.Time {
	cadence := time.Duration(max(cadenceHours, 1)) * time.Hour
	return t.UTC().Truncate(cadence)
}

// CollectPrompt is an active prompt as collection plans it.
type CollectPrompt struct {
	ID      string
	Text    string
	Regions []string // the prompt's own regions; empty means the brand's
}

// CollectionWork is what planning one brand's collection in one cadence
// slot needs.
type CollectionWork struct {
	OrgID    string
	BrandID  string
	Settings CollectionSettings
	Slot     time.Time // start of the slot
	Prompts  []CollectPrompt
	// Done holds the SampleKey of every sample collected in the slot.
	Done map[string]bool
}

// CollectionSample is one question to ask: one prompt on one provider in
// one region, the n-th time in one cadence slot.
type CollectionSample struct {
	PromptID string
	Prompt   string
	Provider string
	Region   string
	Slot     time.Time
	Sample   int // 0-based
}

// SampleKey identifies a sample within a brand and slot.
func SampleKey(promptID, provider, region string, sample int) string {
	return promptID + "|" + provider + "|" + region + "|" + strconv.Itoa(sample)
}

// Key returns the sample's SampleKey.
func (s CollectionSample) Key() string { return SampleKey(s.PromptID, s.Provider, s.Region, s.Sample) }

// RunID is the id of the run a sample stores: derived from what identifies
// the sample, so that storing it twice (two workers, a retry after a lost
// lease) stores it once.
func (s CollectionSample) RunID(brandID string) string {
	h := sha256.Sum256([]byte(strings.Join([]string{"collect", brandID, s.PromptID, s.Provider, s.Region,
		strconv.FormatInt(s.Slot.Unix(), 10), strconv.Itoa(s.Sample)}, "\x00")))
	b := h[:16]
	b[6] = (b[6] & 0x0f) | 0x50 // version 5 layout (name-based, SHA)
	b[8] = (b[8] & 0x3f) | 0x80 // RFC 4122 variant
	x := hex.EncodeToString(b)
	return x[0:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:32]
}

// PromptRegions returns the regions a prompt runs in: the brand's regions,
// narrowed to the prompt's own where it has any.
func PromptRegions(brandRegions, promptRegions []string) []string {
	if len(promptRegions) == 0 {
		return brandRegions
	}
	var out []string
	for _, r := range brandRegions {
		if slices.Contains(promptRegions, r) {
			out = append(out, r)
		}
	}
	return out
}

// PlanCollection lists the samples of w still due in its slot on provider:
// every active prompt in each of its regions, samples times, less those
// already collected. The order is stable: by prompt, region, sample.
func PlanCollection(w *CollectionWork, provider string, samples int) []CollectionSample {
	var out []CollectionSample
	for _, p := range w.Prompts {
		for _, region := range PromptRegions(w.Settings.Regions, p.Regions) {
			for n := range samples {
				s := CollectionSample{PromptID: p.ID, Prompt: p.Text, Provider: provider, Region: region, Slot: w.Slot, Sample: n}
				if !w.Done[s.Key()] {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// Attempt statuses.
const (
	AttemptOK     = "ok"
	AttemptFailed = "failed"
)

// Reasons of failed attempts that are not the provider's answer (a
// provider's own failures use the provider package's codes).
const (
	ReasonNoKey       = "no_key"         // the organization has no key for the provider
	ReasonKeyLocked   = "key_unreadable" // the key was sealed under another master key
	ReasonCapReached  = "cap_reached"    // the organization's daily spending cap is spent
	ReasonNotAnalyzed = "not_analyzed"   // the answer could not be stored as a run
)

// CollectionAttempt is one try at collecting a sample: an answer stored as a
// run, or a failure with its reason. Failed attempts are never runs, so no
// metric counts them.
type CollectionAttempt struct {
	ID       string `json:"id"`
	OrgID    string `json:"-"`
	BrandID  string `json:"brand_id"`
	PromptID string `json:"prompt_id"`
	Provider string `json:"provider"`
	// Source is the SERP data vendor whose credential asked a search
	// surface; "" for a direct API. Not stored with the attempt: the run
	// records it.
	Source       string    `json:"-"`
	Region       string    `json:"region"`
	Slot         time.Time `json:"slot_start"`
	Sample       int       `json:"sample"`
	Status       string    `json:"status"`
	ReasonCode   *string   `json:"reason_code"`
	Reason       *string   `json:"reason"`
	RunID        *string   `json:"run_id"`
	Model        string    `json:"model"`
	Tries        int       `json:"tries"`
	InputTokens  int64     `json:"input_tokens"`
	OutputTokens int64     `json:"output_tokens"`
	Searches     int64     `json:"searches"`
	CostMicros   int64     `json:"cost_micros"`
	StartedAt    time.Time `json:"started_at"`
	FinishedAt   time.Time `json:"finished_at"`
	DurationMS   int64     `json:"duration_ms"`
}

// ProviderSuccess is one provider's share of successful attempts.
type ProviderSuccess struct {
	Provider    string  `json:"provider"`
	Attempts    int     `json:"attempts"`
	OK          int     `json:"ok"`
	Failed      int     `json:"failed"`
	SuccessRate float64 `json:"success_rate"` // 0–100
}

// CollectionReport is what the internal attempts endpoint serves.
type CollectionReport struct {
	Attempts  []*CollectionAttempt `json:"attempts"`
	Providers []ProviderSuccess    `json:"providers"`
}

// ProviderCredential is an organization's key for one provider as it is
// stored: sealed (encrypted) with the master key; only its last four
// characters are ever shown.
type ProviderCredential struct {
	OrgID       string
	Provider    string
	Sealed      []byte // nonce and ciphertext; see internal/secret
	KeyID       string // which master key sealed it
	Last4       string
	CreatedAt   time.Time
	UpdatedAt   time.Time
	LastUsedAt  *time.Time
	LastError   *string
	LastErrorAt *time.Time
}

// CredentialLast4 is what lists show of a provider key: its last four
// characters, or "****" for a key too short to show any of without giving
// away too much of it.
func CredentialLast4(key string) string {
	if len(key) <= 8 {
		return "****"
	}
	return key[len(key)-4:]
}

// MaxProviderKeyLength bounds a provider key as typed in (the providers'
// keys are a few hundred characters at most).
const MaxProviderKeyLength = 1000

// SpendingCap is an organization's daily collection budget and what today
// has spent of it, in millionths of a US dollar.
type SpendingCap struct {
	CapMicros   *int64 // nil: no cap
	SpentMicros int64
}

// Reached reports whether nothing more may be spent today.
func (c SpendingCap) Reached() bool { return c.CapMicros != nil && c.SpentMicros >= *c.CapMicros }

// CollectionService stores collection settings, credentials and attempts.
type CollectionService interface {
	// FindCollectionSettings returns a brand's settings (the defaults when
	// never set). NOT_FOUND for another organization's brand.
	FindCollectionSettings(ctx context.Context, orgID, brandID string) (*CollectionSettings, error)
	// UpdateCollectionSettings applies upd. NOT_FOUND as above;
	// VALIDATION_FAILED naming the field.
	UpdateCollectionSettings(ctx context.Context, orgID, brandID string, upd CollectionUpdate) (*CollectionSettings, error)
	// FindCollectionWork returns what planning a brand's collection needs
	// for the cadence slot holding at (by the brand's cadence). NOT_FOUND
	// for an unknown brand.
	FindCollectionWork(ctx context.Context, brandID string, at time.Time) (*CollectionWork, error)
	// FindCollectingBrands lists the ids of brands whose collection is on.
	FindCollectingBrands(ctx context.Context) ([]string, error)
	// RecordCollectionAttempt stores an attempt and, for a successful one,
	// its run, in one transaction; the run is stored once even if recorded
	// twice. It also notes the credential's last use or last error.
	RecordCollectionAttempt(ctx context.Context, a *CollectionAttempt, run *AnalyzedRun) error
	// FindCollectionReport returns a brand's last limit attempts, newest
	// first, and each provider's success rate over them.
	FindCollectionReport(ctx context.Context, brandID string, limit int) (*CollectionReport, error)
	// FindSpendingCap returns the organization's cap and today's spending.
	FindSpendingCap(ctx context.Context, orgID string, now time.Time) (SpendingCap, error)
	// SetSpendingCap sets (nil: removes) the daily cap. NOT_FOUND for an
	// unknown organization.
	SetSpendingCap(ctx context.Context, orgID string, capMicros *int64) error

	// SetProviderCredential stores or replaces an organization's key for a
	// provider. NOT_FOUND for an unknown organization.
	SetProviderCredential(ctx context.Context, c *ProviderCredential) error
	// FindProviderCredential returns one sealed key. NOT_FOUND when the
	// organization has none for the provider.
	FindProviderCredential(ctx context.Context, orgID, provider string) (*ProviderCredential, error)
	// FindProviderCredentials lists an organization's keys by provider.
	FindProviderCredentials(ctx context.Context, orgID string) ([]*ProviderCredential, error)
	// DeleteProviderCredential removes a key. NOT_FOUND when there is none.
	DeleteProviderCredential(ctx context.Context, orgID, provider string) error
}
