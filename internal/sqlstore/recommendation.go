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

var _ sightline.RecommendationService = (*DB)(nil)

var recommendationSortColumns = map[string]string{
	"severity":   "r.severity",
	"created_at": "r.created_at",
	// NULL sorts differently on the engines; a recommendation never
	// changed by its user sorts by when it was created.
	"state_changed_at": "COALESCE(r.state_changed_at, r.created_at)",
}

// recommendationColumns are read by scanRecommendation, in order.
const recommendationColumns = `r.id, r.brand_id, r.rec_key, r.topic_id, t.name, r.audience_id, a.name, r.intent, r.type,
	r.legacy_type, r.impact, r.severity, r.action, r.action_url, r.suggested_action_url, r.channel, r.reason, r.details,
	r.format, r.suggested_title, r.target_word_count, r.required_elements, r.archived, r.state, r.state_changed_at,
	r.dismissed_at, r.completed_at, r.evidence, r.target_prompt_ids, r.target_urls, r.top_competitors, r.created_at
	FROM recommendations r LEFT JOIN topics t ON t.id = r.topic_id LEFT JOIN audiences a ON a.id = r.audience_id`

func scanRecommendation(scan func(...any) error) (*sightline.Recommendation, error) {
	r := &sightline.Recommendation{}
	var changed, dismissed, completed, created Time
	var channel sql.NullString
	var wordCount sql.NullInt64
	var required, evidence, promptIDs, urls, comps string
	if err := scan(&r.ID, &r.BrandID, &r.Key, &r.TopicID, &r.TopicName, &r.AudienceID, &r.AudienceName, &r.Intent, &r.Type,
		&r.LegacyType, &r.Impact, &r.Severity, &r.Action, &r.ActionURL, &r.SuggestedActionURL, &channel, &r.Reason, &r.Details,
		&r.Format, &r.SuggestedTitle, &wordCount, &required, &r.Archived, &r.State, &changed,
		&dismissed, &completed, &evidence, &promptIDs, &urls, &comps, &created); err != nil {
		return nil, err
	}
	r.StateChangedAt, r.DismissedAt, r.CompletedAt, r.CreatedAt = changed.Ptr(), dismissed.Ptr(), completed.Ptr(), created.Ptr()
	r.Completed = r.State == sightline.RecStateDone
	if wordCount.Valid {
		n := int(wordCount.Int64)
		r.TargetWordCount = &n
	}
	r.Evidence = &sightline.RecommendationEvidence{}
	r.RequiredElements, r.TargetPromptIDs, r.TargetURLs, r.TopCompetitors = []string{}, []string{}, []string{}, []sightline.CompetitorShare{}
	for _, f := range []struct {
		src string
		dst any
	}{{required, &r.RequiredElements}, {evidence, r.Evidence}, {promptIDs, &r.TargetPromptIDs}, {urls, &r.TargetURLs}, {comps, &r.TopCompetitors}} {
		if err := json.Unmarshal([]byte(f.src), f.dst); err != nil {
			return nil, fmt.Errorf("decode recommendation %s: %w", r.ID, err)
		}
	}
	if channel.Valid {
		r.Channel = &sightline.Channel{}
		if err := json.Unmarshal([]byte(channel.String), r.Channel); err != nil {
			return nil, fmt.Errorf("decode recommendation channel %s: %w", r.ID, err)
		}
	}
	return r, nil
}

// findRecommendations runs a recommendations query and fills the target
// prompts' texts.
func findRecommendations(ctx context.Context, tx *Tx, brandID, where string, args ...any) ([]*sightline.Recommendation, error) {
	out, err := scanAll(ctx, tx, "recommendations", `SELECT `+recommendationColumns+` `+where, args, scanRecommendation)
	if err != nil {
		return nil, err
	}
	return out, fillTargetPrompts(ctx, tx, brandID, out)
}

// fillTargetPrompts sets target_prompts from target_prompt_ids; a prompt
// that no longer exists keeps its id with a null text.
func fillTargetPrompts(ctx context.Context, tx *Tx, brandID string, recs []*sightline.Recommendation) error {
	var ids []string
	for _, r := range recs {
		ids = append(ids, r.TargetPromptIDs...)
	}
	ids = dedupe(ids)
	texts := map[string]string{}
	for start := 0; start < len(ids); start += 500 {
		chunk := ids[start:min(len(ids), start+500)]
		err := eachRow(ctx, tx, `SELECT id, text FROM prompts WHERE brand_id = ? AND id IN (`+analyticsql.Placeholders(len(chunk))+`)`,
			append([]any{brandID}, anys(chunk)...), func(scan func(...any) error) error {
				var id, text string
				if err := scan(&id, &text); err != nil {
					return err
				}
				texts[id] = text
				return nil
			})
		if err != nil {
			return fmt.Errorf("find target prompts: %w", err)
		}
	}
	for _, r := range recs {
		r.TargetPrompts = make([]sightline.TargetPrompt, 0, len(r.TargetPromptIDs))
		for _, id := range r.TargetPromptIDs {
			tp := sightline.TargetPrompt{ID: id}
			if text, ok := texts[id]; ok {
				tp.Text = &text
			}
			r.TargetPrompts = append(r.TargetPrompts, tp)
		}
	}
	return nil
}

// FindRecommendations returns a page of a brand's recommendations.
func (db *DB) FindRecommendations(ctx context.Context, orgID, brandID string, f sightline.RecommendationFilter) ([]*sightline.Recommendation, int, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, 0, err
	}
	var w sqlb
	w.Add(` WHERE r.brand_id = ? AND r.archived = ?`, brandID, f.Archived)
	for _, in := range []struct {
		col  string
		vals []string
	}{{"r.type", f.Types}, {"r.intent", f.Intents}, {"r.impact", f.Impacts}, {"r.state", f.States}, {"r.topic_id", f.TopicIDs}} {
		if len(in.vals) > 0 {
			w.Add(` AND `+in.col+` IN (`+analyticsql.Placeholders(len(in.vals))+`)`, anys(in.vals))
		}
	}
	return findPage(ctx, tx, "recommendations r", &w, orderBy(f.Sort, recommendationSortColumns, sightline.DefaultRecommendationSort, "r.type", "r.id"), f.PageRequest, func(where string, args ...any) ([]*sightline.Recommendation, error) {
		return findRecommendations(ctx, tx, brandID, where, args...)
	})
}

// FindRecommendationByID returns one recommendation of the brand.
func (db *DB) FindRecommendationByID(ctx context.Context, orgID, brandID, id string) (*sightline.Recommendation, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	return findRecommendation(ctx, tx, brandID, id)
}

func findRecommendation(ctx context.Context, tx *Tx, brandID, id string) (*sightline.Recommendation, error) {
	id = strings.ToLower(id)
	if !sightline.IsUUID(id) {
		return nil, notFound("Recommendation")
	}
	recs, err := findRecommendations(ctx, tx, brandID, `WHERE r.brand_id = ? AND r.id = ?`, brandID, id)
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, notFound("Recommendation")
	}
	return recs[0], nil
}

// UpdateRecommendation applies a user state change.
func (db *DB) UpdateRecommendation(ctx context.Context, orgID, brandID, id string, upd sightline.RecommendationUpdate) (*sightline.Recommendation, error) {
	if err := upd.Validate(); err != nil {
		return nil, err
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	r, err := findRecommendation(ctx, tx, brandID, id)
	if err != nil {
		return nil, err
	}
	c, err := r.Transition(upd)
	if err != nil {
		return nil, err
	}
	now := ts(tx.now)
	var s sqlb
	s.Add(`UPDATE recommendations SET state = ?, state_changed_at = ?, updated_at = ?`, c.State, now, now)
	switch {
	case c.Completed:
		s.Add(`, completed_at = ?, action_url = ?`, now, c.ActionURL)
		if c.ActionURL != nil {
			if err := addWatch(ctx, tx, brandID, *c.ActionURL, r.ID); err != nil {
				return nil, err
			}
		}
	case c.Dismissed:
		s.Add(`, dismissed_at = ?`, now)
	case c.Reopened:
		s.Add(`, completed_at = NULL`)
	}
	// The state condition makes a concurrent change of the same
	// recommendation fail instead of being overwritten.
	s.Add(` WHERE id = ? AND brand_id = ? AND state = ?`, r.ID, brandID, r.State)
	res, err := tx.exec(ctx, s.String(), s.Args...)
	if err != nil {
		return nil, fmt.Errorf("update recommendation: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, sightline.Errorf(sightline.ECONFLICT, "The recommendation changed meanwhile; read it and retry.")
	}
	if r, err = findRecommendation(ctx, tx, brandID, r.ID); err != nil {
		return nil, err
	}
	return r, tx.Commit()
}

// RegenerateRecommendations reserves a unit of the quota in a short
// transaction of its own, then does the work: the evidence in a read
// transaction, the generator with no transaction open, and what
// sightline.ReconcileRecommendations decides saved in one write
// transaction (inserts, then updates, then archives). A refusal thus never
// waits on the regenerations that spent the quota; work that fails gives
// its unit back.
func (db *DB) RegenerateRecommendations(ctx context.Context, orgID, brandID string, opts sightline.RegenerateOptions) (*sightline.RegenerateResult, error) {
	if opts.Generate == nil {
		return nil, errors.New("regenerate recommendations: no generator")
	}
	quota, day, err := db.reserveQuota(ctx, orgID, brandID, sightline.QuotaRegenerate, opts.QuotaLimit, "regenerate")
	if err != nil {
		return nil, err
	}
	res, err := db.regenerate(ctx, brandID, opts)
	if err != nil {
		db.refundQuota(ctx, brandID, sightline.QuotaRegenerate, day)
		return nil, err
	}
	res.RegenerateQuota = quota
	return res, nil
}

// regenerate does a regeneration's work within one of the work slots
// (DB.workSlots).
func (db *DB) regenerate(ctx context.Context, brandID string, opts sightline.RegenerateOptions) (*sightline.RegenerateResult, error) {
	release, err := db.takeWorkSlot(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	ev, err := db.readEvidence(ctx, brandID, opts)
	if err != nil {
		return nil, err
	}
	recs, err := opts.Generate(ev)
	if err != nil {
		return nil, fmt.Errorf("generate recommendations: %w", err)
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	// Regenerations of one brand save one after another, so that each
	// reconciles with what the one before saved. SQLite has one writer;
	// PostgreSQL takes a lock of the brand's regeneration until commit.
	if tx.d.Engine == enginePostgres {
		if _, err := tx.exec(ctx, `SELECT pg_advisory_xact_lock(hashtext(?))`, "regenerate:"+brandID); err != nil {
			return nil, fmt.Errorf("lock regeneration: %w", err)
		}
	}
	existing, err := existingRecommendations(ctx, tx, brandID)
	if err != nil {
		return nil, err
	}
	plan, err := sightline.ReconcileRecommendations(existing, recs, tx.now, opts.Cooldown)
	if err != nil {
		return nil, fmt.Errorf("reconcile recommendations: %w", err)
	}
	for _, r := range plan.Create {
		if err := insertRecommendation(ctx, tx, brandID, r); err != nil {
			return nil, err
		}
	}
	for _, r := range plan.Renew {
		if err := updateGenerated(ctx, tx, r.ID, r.Recommendation, r.Revive); err != nil {
			return nil, err
		}
	}
	for _, id := range plan.Archive {
		if _, err := tx.exec(ctx, `UPDATE recommendations SET archived = ?, updated_at = ? WHERE id = ?`, true, ts(tx.now), id); err != nil {
			return nil, fmt.Errorf("archive recommendation: %w", err)
		}
	}
	res := plan.Result()
	return &res, tx.Commit()
}

// readEvidence reads a brand's evidence over the window of opts
// (sightline.RegenerateOptions.EvidenceWindow at the store's clock) in a
// read transaction, closed before the generator runs.
func (db *DB) readEvidence(ctx context.Context, brandID string, opts sightline.RegenerateOptions) (*sightline.BrandEvidence, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return brandEvidence(ctx, tx, brandID, opts.EvidenceWindow(tx.now))
}

// existingRecommendations reads what reconciliation needs to know of the
// brand's stored recommendations, in key order.
func existingRecommendations(ctx context.Context, tx *Tx, brandID string) ([]sightline.ExistingRecommendation, error) {
	var out []sightline.ExistingRecommendation
	err := eachRow(ctx, tx, `SELECT rec_key, id, state, dismissed_at, archived FROM recommendations WHERE brand_id = ? ORDER BY rec_key`, []any{brandID},
		func(scan func(...any) error) error {
			var e sightline.ExistingRecommendation
			var dismissed Time
			if err := scan(&e.Key, &e.ID, &e.State, &dismissed, &e.Archived); err != nil {
				return err
			}
			e.DismissedAt = dismissed.Ptr()
			out = append(out, e)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("find existing recommendations: %w", err)
	}
	return out, nil
}

// generatedValues are the columns regeneration writes, in the order of
// generatedColumns.
const generatedColumns = `topic_id, intent, type, legacy_type, impact, severity, action, suggested_action_url, channel, reason, details,
	format, suggested_title, target_word_count, required_elements, evidence, target_prompt_ids, target_urls, top_competitors`

func generatedValues(r *sightline.Recommendation) ([]any, error) {
	var channel any
	if r.Channel != nil {
		b, err := json.Marshal(r.Channel)
		if err != nil {
			return nil, err
		}
		channel = string(b)
	}
	vals := []any{r.TopicID, r.Intent, r.Type, r.LegacyType, r.Impact, r.Severity, r.Action, r.SuggestedActionURL, channel, r.Reason, r.Details,
		r.Format, r.SuggestedTitle, r.TargetWordCount}
	evidence := r.Evidence
	if evidence == nil {
		evidence = &sightline.RecommendationEvidence{}
	}
	for _, v := range []any{orEmpty(r.RequiredElements), evidence, orEmpty(r.TargetPromptIDs), orEmpty(r.TargetURLs), r.TopCompetitors} {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		if string(b) == "null" {
			b = []byte("[]")
		}
		vals = append(vals, string(b))
	}
	return vals, nil
}

func orEmpty(ss []string) []string {
	if ss == nil {
		return []string{}
	}
	return ss
}

func insertRecommendation(ctx context.Context, tx *Tx, brandID string, r *sightline.Recommendation) error {
	vals, err := generatedValues(r)
	if err != nil {
		return fmt.Errorf("encode recommendation: %w", err)
	}
	args := append([]any{newID(), brandID, r.Key}, vals...)
	args = append(args, sightline.RecStateNew, ts(tx.now), ts(tx.now), ts(tx.now))
	_, err = tx.exec(ctx, `INSERT INTO recommendations (id, brand_id, rec_key, `+generatedColumns+`, state, created_at, updated_at, generated_at)
		VALUES (`+analyticsql.Placeholders(len(args))+`)`, args...)
	if err != nil {
		return fmt.Errorf("insert recommendation: %w", err)
	}
	return nil
}

// updateGenerated refreshes a stored recommendation with what the evidence
// says now, un-archives it, and revives it from dismissed when asked. User
// state and its timestamps are left alone.
func updateGenerated(ctx context.Context, tx *Tx, id string, r *sightline.Recommendation, revive bool) error {
	vals, err := generatedValues(r)
	if err != nil {
		return fmt.Errorf("encode recommendation: %w", err)
	}
	var s sqlb
	s.Add(`UPDATE recommendations SET `)
	for i, col := range strings.Split(generatedColumns, ",") {
		if i > 0 {
			s.Add(`, `)
		}
		s.Add(strings.TrimSpace(col)+` = ?`, vals[i])
	}
	s.Add(`, archived = ?, updated_at = ?, generated_at = ?`, false, ts(tx.now), ts(tx.now))
	if revive {
		s.Add(`, state = ?`, sightline.RecStateNew)
	}
	s.Add(` WHERE id = ?`, id)
	if _, err := tx.exec(ctx, s.String(), s.Args...); err != nil {
		return fmt.Errorf("update recommendation: %w", err)
	}
	return nil
}
