package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.OpportunityService = (*DB)(nil)

var opportunitySortColumns = map[string]string{
	"final_score": "o.final_score",
	"est_volume":  "o.est_volume",
	"difficulty":  "o.difficulty",
	"computed_at": "o.computed_at",
}

const opportunityColumns = `o.id, o.brand_id, o.opp_key, o.type, o.intent, o.difficulty, o.cpc_micros, o.est_volume, o.est_volume_unit,
	o.reasoning_tags, o.final_score, o.scores, o.computed_at, o.volume_range, o.rationale, o.source, o.matched_prompt_id, p.text, o.list_ids
	FROM opportunities o LEFT JOIN prompts p ON p.id = o.matched_prompt_id`

func scanOpportunity(scan func(...any) error) (*sightline.Opportunity, error) {
	o := &sightline.Opportunity{}
	var tags, scores, source, lists string
	var computed Time
	var promptID, promptText sql.NullString
	if err := scan(&o.ID, &o.BrandID, &o.Key, &o.Type, &o.Intent, &o.Difficulty, &o.CPCMicros, &o.EstVolume, &o.EstVolumeUnit,
		&tags, &o.FinalScore, &scores, &computed, &o.VolumeRange, &o.Rationale, &source, &promptID, &promptText, &lists); err != nil {
		return nil, err
	}
	o.ComputedAt = computed.Time
	if promptID.Valid {
		o.MatchedPrompt = &sightline.PromptRef{ID: promptID.String, Text: promptText.String}
	}
	for _, f := range []struct {
		src string
		dst any
	}{{tags, &o.ReasoningTags}, {scores, &o.Scores}, {source, &o.Source}, {lists, &o.ListIDs}} {
		if err := json.Unmarshal([]byte(f.src), f.dst); err != nil {
			return nil, fmt.Errorf("decode opportunity %s: %w", o.ID, err)
		}
	}
	if o.ReasoningTags == nil {
		o.ReasoningTags = []string{}
	}
	if o.ListIDs == nil {
		o.ListIDs = []string{}
	}
	if o.Scores == nil {
		o.Scores = map[string]float64{}
	}
	if o.Source.PromptIDs == nil {
		o.Source.PromptIDs = []string{}
	}
	if o.Source.Prompts == nil {
		o.Source.Prompts = []sightline.PromptRef{}
	}
	return o, nil
}

func findOpportunities(ctx context.Context, tx *Tx, where string, args ...any) ([]*sightline.Opportunity, error) {
	return scanAll(ctx, tx, "opportunities", `SELECT `+opportunityColumns+` `+where, args, scanOpportunity)
}

// FindOpportunities returns a page of a brand's opportunities.
func (db *DB) FindOpportunities(ctx context.Context, orgID, brandID string, f sightline.OpportunityFilter) ([]*sightline.Opportunity, int, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, 0, err
	}
	var w sqlb
	w.Add(` WHERE o.brand_id = ?`, brandID)
	if len(f.Intents) > 0 {
		w.Add(` AND o.intent IN (`+analyticsql.Placeholders(len(f.Intents))+`)`, anys(f.Intents))
	}
	if f.Query != "" {
		w.Add(` AND lower(o.opp_key) LIKE ? ESCAPE '\'`, analyticsql.LikePattern(f.Query))
	}
	return findPage(ctx, tx, "opportunities o", &w, orderBy(f.Sort, opportunitySortColumns, sightline.DefaultOpportunitySort, "o.opp_key", "o.id"), f.PageRequest, func(where string, args ...any) ([]*sightline.Opportunity, error) {
		return findOpportunities(ctx, tx, where, args...)
	})
}

// FindOpportunityByID returns one opportunity of the brand.
func (db *DB) FindOpportunityByID(ctx context.Context, orgID, brandID, id string) (*sightline.Opportunity, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	id = strings.ToLower(id)
	if !sightline.IsUUID(id) {
		return nil, notFound("Opportunity")
	}
	opps, err := findOpportunities(ctx, tx, `WHERE o.brand_id = ? AND o.id = ?`, brandID, id)
	if err != nil {
		return nil, err
	}
	if len(opps) == 0 {
		return nil, notFound("Opportunity")
	}
	return opps[0], nil
}

// EnqueueOpportunityCompute enqueues a compute job, or returns the live one.
func (db *DB) EnqueueOpportunityCompute(ctx context.Context, orgID, brandID string, quotaLimit int) (*sightline.ComputeStatus, bool, error) {
	for range 3 {
		st, created, err := db.enqueueCompute(ctx, orgID, brandID, quotaLimit)
		// Another request enqueued between our check and our insert: its
		// job is the live one now, and our spend was rolled back.
		if errors.Is(err, errUnique) {
			continue
		}
		return st, created, err
	}
	return nil, false, sightline.Errorf(sightline.ECONFLICT, "A compute job is being enqueued concurrently; retry.")
}

func (db *DB) enqueueCompute(ctx context.Context, orgID, brandID string, quotaLimit int) (*sightline.ComputeStatus, bool, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, false, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, false, err
	}
	last, err := latestJob(ctx, tx, brandID, sightline.JobKindOpportunities)
	if err != nil {
		return nil, false, err
	}
	if last != nil && (last.Status == sightline.JobQueued || last.Status == sightline.JobRunning) {
		q, err := readQuota(ctx, tx, brandID, sightline.QuotaCompute, quotaLimit)
		if err != nil {
			return nil, false, err
		}
		return sightline.NewComputeStatus(last, q), false, nil
	}
	q, err := spendQuota(ctx, tx, brandID, sightline.QuotaCompute, quotaLimit, "compute")
	if err != nil {
		return nil, false, err
	}
	j, err := enqueueJob(ctx, tx, brandID, sightline.JobKindOpportunities)
	if err != nil {
		return nil, false, err
	}
	return sightline.NewComputeStatus(j, q), true, tx.Commit()
}

// FindComputeStatus returns the status of the latest compute job.
func (db *DB) FindComputeStatus(ctx context.Context, orgID, brandID string, quotaLimit int) (*sightline.ComputeStatus, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	last, err := latestJob(ctx, tx, brandID, sightline.JobKindOpportunities)
	if err != nil {
		return nil, err
	}
	q, err := readQuota(ctx, tx, brandID, sightline.QuotaCompute, quotaLimit)
	if err != nil {
		return nil, err
	}
	return sightline.NewComputeStatus(last, q), nil
}

// CompleteOpportunityJob replaces the brand's opportunities as
// sightline.ReconcileOpportunities decides and completes the job, in one
// transaction.
func (db *DB) CompleteOpportunityJob(ctx context.Context, job *sightline.Job, opps []*sightline.Opportunity) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := completeJob(ctx, tx, job); err != nil {
		return err
	}
	existing := map[string]string{}
	err = eachRow(ctx, tx, `SELECT opp_key, id FROM opportunities WHERE brand_id = ?`, []any{job.BrandID}, func(scan func(...any) error) error {
		var k, id string
		if err := scan(&k, &id); err != nil {
			return err
		}
		existing[k] = id
		return nil
	})
	if err != nil {
		return fmt.Errorf("find existing opportunities: %w", err)
	}
	plan, err := sightline.ReconcileOpportunities(existing, opps)
	if err != nil {
		return fmt.Errorf("compute opportunities: %w", err)
	}
	for _, save := range plan.Save {
		o := save.Opportunity
		vals, err := opportunityValues(o)
		if err != nil {
			return err
		}
		if save.ID != "" {
			o.ID = save.ID
			_, err = tx.exec(ctx, `UPDATE opportunities SET type = ?, intent = ?, difficulty = ?, cpc_micros = ?, est_volume = ?, est_volume_unit = ?,
				volume_range = ?, reasoning_tags = ?, final_score = ?, scores = ?, rationale = ?, source = ?, matched_prompt_id = ?, list_ids = ?,
				job_id = ?, computed_at = ? WHERE id = ?`, append(vals, job.ID, ts(tx.now), o.ID)...)
		} else {
			o.ID = newID()
			_, err = tx.exec(ctx, `INSERT INTO opportunities (type, intent, difficulty, cpc_micros, est_volume, est_volume_unit,
				volume_range, reasoning_tags, final_score, scores, rationale, source, matched_prompt_id, list_ids,
				job_id, computed_at, id, brand_id, opp_key, created_at) VALUES (`+analyticsql.Placeholders(len(vals)+6)+`)`,
				append(vals, job.ID, ts(tx.now), o.ID, job.BrandID, o.Key, ts(tx.now))...)
		}
		if err != nil {
			return fmt.Errorf("store opportunity: %w", err)
		}
	}
	for _, id := range plan.Delete {
		if _, err := tx.exec(ctx, `DELETE FROM opportunities WHERE id = ?`, id); err != nil {
			return fmt.Errorf("delete stale opportunity: %w", err)
		}
	}
	return tx.Commit()
}

// opportunityValues encodes an opportunity for UPDATE and INSERT, in the
// order both statements list the columns.
func opportunityValues(o *sightline.Opportunity) ([]any, error) {
	var enc [4]string
	for i, v := range []any{orEmpty(o.ReasoningTags), o.Scores, o.Source, orEmpty(o.ListIDs)} {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("encode opportunity: %w", err)
		}
		enc[i] = string(b)
	}
	var matched any
	if o.MatchedPrompt != nil {
		matched = o.MatchedPrompt.ID
	}
	return []any{o.Type, o.Intent, o.Difficulty, o.CPCMicros, o.EstVolume, o.EstVolumeUnit,
		o.VolumeRange, enc[0], o.FinalScore, enc[1], o.Rationale, enc[2], matched, enc[3]}, nil
}
