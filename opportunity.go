package sightline

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// Opportunity vocabulary. Opportunities of type context_hint are queries
// the brand should own, found in the context of the answers (the titles of
// the pages they cite) where the brand is weak.
const (
	OpportunityContextHint = "context_hint"
	VolumeUnitRunsPerWeek  = "runs_per_week"
)

// VolumeRanges are the buckets of volume_range, by runs per week.
var VolumeRanges = []string{"<10", "10-49", "50-99", "100-499", "500+"}

// VolumeRange buckets an estimated volume in runs per week.
func VolumeRange(perWeek float64) string {
	switch {
	case perWeek < 10:
		return "<10"
	case perWeek < 50:
		return "10-49"
	case perWeek < 100:
		return "50-99"
	case perWeek < 500:
		return "100-499"
	}
	return "500+"
}

// Opportunity is a scored query the brand should own (docs/api.md).
type Opportunity struct {
	ID            string             `json:"id"`
	Type          string             `json:"type"`
	Intent        string             `json:"intent"`
	Difficulty    float64            `json:"difficulty"` // 0..100, from the competition in the answers
	CPCMicros     int64              `json:"cpc_micros"`
	EstVolume     float64            `json:"est_volume"`
	EstVolumeUnit string             `json:"est_volume_unit"`
	ReasoningTags []string           `json:"reasoning_tags"`
	FinalScore    float64            `json:"final_score"` // 0..100
	Scores        map[string]float64 `json:"scores"`      // per-factor scores, 0..1
	ComputedAt    time.Time          `json:"computed_at"`
	VolumeRange   string             `json:"volume_range"`
	Rationale     string             `json:"rationale"`
	Source        OpportunitySource  `json:"source"`
	MatchedPrompt *PromptRef         `json:"matched_prompt"`
	ListIDs       []string           `json:"list_ids"` // topics of the source prompts

	BrandID string `json:"-"`
	// Key is the normalized query text; recomputation upserts on it, so an
	// opportunity keeps its id while the evidence holds.
	Key string `json:"-"`
}

// OpportunitySave is one computed opportunity to store: over the stored
// one of its key (ID), or as a new one (ID empty).
type OpportunitySave struct {
	Opportunity *Opportunity
	ID          string
}

// OpportunityPlan is what a compute writes, decided by
// ReconcileOpportunities: Save in the computed order, then Delete (ids,
// sorted).
type OpportunityPlan struct {
	Save   []OpportunitySave
	Delete []string
}

// ReconcileOpportunities decides what a compute does with the brand's
// stored opportunities (existing: id by key) and the computed ones: a
// computed opportunity whose key is stored replaces that one and keeps its
// id, so ids stay stable across recomputes; the others are new; a stored
// opportunity not computed again is deleted (docs/engines.md#opportunities).
// A computed opportunity without a key, or with a key already given, is an
// error of the engine.
func ReconcileOpportunities(existing map[string]string, computed []*Opportunity) (OpportunityPlan, error) {
	var p OpportunityPlan
	kept := map[string]bool{}
	for _, o := range computed {
		if o.Key == "" || kept[o.Key] {
			return OpportunityPlan{}, fmt.Errorf("missing or repeated key %q", o.Key)
		}
		kept[o.Key] = true
		p.Save = append(p.Save, OpportunitySave{Opportunity: o, ID: existing[o.Key]})
	}
	for k, id := range existing {
		if !kept[k] {
			p.Delete = append(p.Delete, id)
		}
	}
	slices.Sort(p.Delete)
	return p, nil
}

// OpportunitySource is where an opportunity was found.
type OpportunitySource struct {
	Kind        string      `json:"kind"`
	Text        string      `json:"text"`
	Description string      `json:"description"`
	PromptIDs   []string    `json:"prompt_ids"`
	Prompts     []PromptRef `json:"prompts"`
}

// PromptRef is a prompt by id and text.
type PromptRef struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// OpportunityFilter selects opportunities.
type OpportunityFilter struct {
	Intents []string
	Query   string // case-insensitive substring of the query text
	PageRequest
	Sort []SortKey
}

// Sort keys of the opportunities list; the default is by final score.
var (
	OpportunitySortKeys    = []string{"final_score", "est_volume", "difficulty", "computed_at"}
	DefaultOpportunitySort = []SortKey{{Key: "final_score", Desc: true}}
)

// OpportunityService stores opportunities and their compute jobs. Methods
// taking orgID answer NOT_FOUND when the brand (or opportunity) does not
// exist or belongs to another organization.
type OpportunityService interface {
	// FindOpportunities returns a page of opportunities and the total.
	FindOpportunities(ctx context.Context, orgID, brandID string, f OpportunityFilter) ([]*Opportunity, int, error)
	// FindOpportunityByID returns one opportunity.
	FindOpportunityByID(ctx context.Context, orgID, brandID, id string) (*Opportunity, error)
	// EnqueueOpportunityCompute enqueues a compute job and spends one unit
	// of the daily compute quota (QUOTA_EXCEEDED when spent). While a job
	// is queued or running it returns that job's status and spends nothing;
	// created tells which happened.
	EnqueueOpportunityCompute(ctx context.Context, orgID, brandID string, quotaLimit int) (st *ComputeStatus, created bool, err error)
	// FindComputeStatus returns the status of the brand's latest compute
	// job (idle when none) with the quota.
	FindComputeStatus(ctx context.Context, orgID, brandID string, quotaLimit int) (*ComputeStatus, error)
	// CompleteOpportunityJob replaces the brand's opportunities with opps
	// and marks the job completed, in one transaction, if the job's claim
	// still holds (ErrJobLost otherwise): a job completes exactly once.
	CompleteOpportunityJob(ctx context.Context, job *Job, opps []*Opportunity) error
}
