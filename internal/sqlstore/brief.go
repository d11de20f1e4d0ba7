package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.BriefService = (*DB)(nil)

var briefSortColumns = map[string]string{
	"created_at": "b.created_at",
	"updated_at": "b.updated_at",
	"title":      "b.title",
}

const briefColumns = `b.id, b.brand_id, b.audience_id, a.name, b.topic_id, t.name, b.recommendation_id, r.type, r.suggested_title,
	b.title, b.source_url, b.additional_instructions, b.brief_text, b.generation_error, b.format, b.mode, b.outline, b.metadata,
	b.state, b.progress_pct, b.target_word_count, b.target_prompts, b.created_at, b.updated_at, b.deleted_at,
	art.id, art.state, art.progress_pct
	FROM briefs b LEFT JOIN audiences a ON a.id = b.audience_id LEFT JOIN topics t ON t.id = b.topic_id
	LEFT JOIN recommendations r ON r.id = b.recommendation_id LEFT JOIN articles art ON art.brief_id = b.id`

func scanBrief(scan func(...any) error) (*sightline.Brief, error) {
	b := &sightline.Brief{}
	var recType, recTitle, artID, artState sql.NullString
	var artPct sql.NullFloat64
	var outline, metadata, prompts string
	var created, updated, deleted Time
	if err := scan(&b.ID, &b.BrandID, &b.AudienceID, &b.AudienceName, &b.TopicID, &b.TopicName, &b.RecommendationID, &recType, &recTitle,
		&b.Title, &b.SourceURL, &b.AdditionalInstructions, &b.BriefText, &b.GenerationError, &b.Format, &b.Mode, &outline, &metadata,
		&b.State, &b.ProgressPct, &b.TargetWordCount, &prompts, &created, &updated, &deleted,
		&artID, &artState, &artPct); err != nil {
		return nil, err
	}
	b.CreatedAt, b.UpdatedAt, b.DeletedAt = created.Time, updated.Time, deleted.Ptr()
	if b.RecommendationID != nil && recType.Valid {
		b.Recommendation = &sightline.BriefRecommendation{ID: *b.RecommendationID, Type: recType.String, SuggestedTitle: recTitle.String}
	}
	if artID.Valid {
		b.Article = &sightline.BriefArticle{ID: artID.String, State: artState.String, ProgressPct: artPct.Float64}
	}
	for _, f := range []struct {
		src string
		dst any
	}{{outline, &b.Outline}, {metadata, &b.Metadata}, {prompts, &b.TargetPrompts}} {
		if err := json.Unmarshal([]byte(f.src), f.dst); err != nil {
			return nil, fmt.Errorf("decode brief %s: %w", b.ID, err)
		}
	}
	if b.TargetPrompts == nil {
		b.TargetPrompts = []sightline.BriefPrompt{}
	}
	return b, nil
}

func findBriefs(ctx context.Context, tx *Tx, where string, args ...any) ([]*sightline.Brief, error) {
	return scanAll(ctx, tx, "briefs", `SELECT `+briefColumns+` `+where, args, scanBrief)
}

func findBrief(ctx context.Context, tx *Tx, brandID, id string) (*sightline.Brief, error) {
	id = strings.ToLower(id)
	if !sightline.IsUUID(id) {
		return nil, notFound("Brief")
	}
	bs, err := findBriefs(ctx, tx, `WHERE b.brand_id = ? AND b.id = ?`, brandID, id)
	if err != nil {
		return nil, err
	}
	if len(bs) == 0 {
		return nil, notFound("Brief")
	}
	return bs[0], nil
}

// CreateBrief stores a brief with the defaults sightline.NewBriefDraft
// decides, its article and the job that generates it.
func (db *DB) CreateBrief(ctx context.Context, orgID, brandID string, c sightline.BriefCreate) (*sightline.Brief, error) {
	if err := c.Validate(); err != nil {
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
	rec, err := findRecommendation(ctx, tx, brandID, *c.RecommendationID)
	if sightline.ErrorCode(err) == sightline.ENOTFOUND {
		return nil, sightline.FieldErr(sightline.EVALIDATION, "recommendation_id", "not_found", "Recommendation %s is not a recommendation of this brand.", *c.RecommendationID)
	} else if err != nil {
		return nil, err
	}
	draft, err := sightline.NewBriefDraft(rec, c)
	if err != nil {
		return nil, err
	}
	var audienceID string
	if c.AudienceID != nil {
		var n int
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM audiences WHERE id = ? AND brand_id = ?`, strings.ToLower(*c.AudienceID), brandID).Scan(&n); err != nil {
			return nil, fmt.Errorf("find audience: %w", mapError(err))
		}
		if n == 0 {
			return nil, sightline.FieldErr(sightline.EVALIDATION, "audience_id", "not_found", "Audience %s is not an audience of this brand.", *c.AudienceID)
		}
		audienceID = strings.ToLower(*c.AudienceID)
	} else if audienceID, err = defaultAudience(ctx, tx, brandID); err != nil {
		return nil, err
	}
	prompts, err := briefPrompts(ctx, tx, brandID, rec.TargetPromptIDs, sightline.DefaultWindow(tx.now, sightline.RecommendationWindowDays))
	if err != nil {
		return nil, err
	}
	promptsJSON, err := json.Marshal(sightline.NewBriefPrompts(prompts))
	if err != nil {
		return nil, err
	}
	id, now := newID(), ts(tx.now)
	if _, err := tx.exec(ctx, `INSERT INTO briefs (id, brand_id, recommendation_id, audience_id, topic_id, title, source_url, additional_instructions,
		format, mode, state, progress_pct, target_word_count, target_prompts, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
		id, brandID, rec.ID, audienceID, rec.TopicID, draft.Title, draft.SourceURL, draft.AdditionalInstructions,
		draft.Format, draft.Mode, sightline.BriefNew, draft.TargetWordCount, string(promptsJSON), now, now); err != nil {
		return nil, fmt.Errorf("insert brief: %w", err)
	}
	if _, err := tx.exec(ctx, `INSERT INTO articles (id, brand_id, brief_id, state, progress_pct, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?)`,
		newID(), brandID, id, sightline.ArticleNew, now, now); err != nil {
		return nil, fmt.Errorf("insert article: %w", err)
	}
	if _, err := enqueueJob(ctx, tx, brandID, sightline.BriefJobKind(id)); err != nil {
		return nil, err
	}
	b, err := findBrief(ctx, tx, brandID, id)
	if err != nil {
		return nil, err
	}
	return b, tx.Commit()
}

// defaultAudience returns the brand's first audience, creating one named
// sightline.DefaultAudienceName when it has none.
func defaultAudience(ctx context.Context, tx *Tx, brandID string) (string, error) {
	ids, err := queryStrings(ctx, tx, `SELECT id FROM audiences WHERE brand_id = ? ORDER BY created_at, id LIMIT 1`, brandID)
	if err != nil {
		return "", fmt.Errorf("find audience: %w", err)
	}
	if len(ids) > 0 {
		return ids[0], nil
	}
	id := newID()
	if _, err := tx.exec(ctx, `INSERT INTO audiences (id, brand_id, name, created_at) VALUES (?, ?, ?, ?)`, id, brandID, sightline.DefaultAudienceName, ts(tx.now)); err != nil {
		return "", fmt.Errorf("create default audience: %w", err)
	}
	return id, nil
}

// briefPrompts returns the prompts by id, in the given order, with the
// region codes they ran in over w.
func briefPrompts(ctx context.Context, tx *Tx, brandID string, ids []string, w sightline.Window) ([]sightline.PromptFacts, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	byID := map[string]*sightline.PromptFacts{}
	err := eachRow(ctx, tx, `SELECT id, text, COALESCE(intent, '') FROM prompts WHERE brand_id = ? AND id IN (`+analyticsql.Placeholders(len(ids))+`)`,
		append([]any{brandID}, anys(ids)...), func(scan func(...any) error) error {
			p := &sightline.PromptFacts{Regions: []string{}}
			if err := scan(&p.ID, &p.Text, &p.Intent); err != nil {
				return err
			}
			byID[p.ID] = p
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("find brief prompts: %w", err)
	}
	err = eachRow(ctx, tx, `SELECT DISTINCT r.prompt_id, g.code FROM runs r JOIN regions g ON g.id = r.region_id
		WHERE r.brand_id = ? AND r.ran_at >= ? AND r.ran_at < ? AND r.prompt_id IN (`+analyticsql.Placeholders(len(ids))+`) ORDER BY 1, 2`,
		append([]any{brandID, ts(w.Start), ts(w.End)}, anys(ids)...), func(scan func(...any) error) error {
			var id, code string
			if err := scan(&id, &code); err != nil {
				return err
			}
			byID[id].Regions = append(byID[id].Regions, code)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("find brief prompt regions: %w", err)
	}
	var out []sightline.PromptFacts
	for _, id := range ids {
		if p := byID[id]; p != nil {
			out = append(out, *p)
		}
	}
	return out, nil
}

// FindBriefs returns a page of a brand's briefs.
func (db *DB) FindBriefs(ctx context.Context, orgID, brandID string, f sightline.BriefFilter) ([]*sightline.Brief, int, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, 0, err
	}
	var w sqlb
	w.Add(` WHERE b.brand_id = ?`, brandID)
	if !f.IncludeDeleted {
		w.Add(` AND b.deleted_at IS NULL`)
	}
	for _, in := range []struct {
		col  string
		vals []string
	}{{"b.state", f.States}, {"b.recommendation_id", f.RecommendationIDs}, {"b.topic_id", f.TopicIDs}} {
		if len(in.vals) > 0 {
			w.Add(` AND `+in.col+` IN (`+analyticsql.Placeholders(len(in.vals))+`)`, anys(in.vals))
		}
	}
	return findPage(ctx, tx, "briefs b", &w, orderBy(f.Sort, briefSortColumns, sightline.DefaultBriefSort, "b.id"), f.PageRequest, func(where string, args ...any) ([]*sightline.Brief, error) {
		return findBriefs(ctx, tx, where, args...)
	})
}

// FindBriefByID returns one brief of the brand.
func (db *DB) FindBriefByID(ctx context.Context, orgID, brandID, id string) (*sightline.Brief, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	return findBrief(ctx, tx, brandID, id)
}

// maxBriefAnswers and maxBriefPages bound what generating a brief reads.
const (
	maxBriefAnswers = 60
	maxBriefPages   = 40
)

// StartBriefJob marks the brief generating and reads its inputs.
func (db *DB) StartBriefJob(ctx context.Context, job *sightline.Job, w sightline.Window) (*sightline.BriefInput, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := holdJob(ctx, tx, job); err != nil {
		return nil, err
	}
	briefID := sightline.BriefIDOfJob(job.Kind)
	if _, err := tx.exec(ctx, `UPDATE briefs SET state = ?, progress_pct = ?, generation_error = '', updated_at = ? WHERE id = ? AND brand_id = ?`,
		sightline.BriefGenerating, sightline.BriefStartProgress, ts(tx.now), briefID, job.BrandID); err != nil {
		return nil, fmt.Errorf("start brief: %w", err)
	}
	in := &sightline.BriefInput{}
	if in.Brief, err = findBrief(ctx, tx, job.BrandID, briefID); err != nil {
		return nil, err
	}
	if err := tx.queryRow(ctx, `SELECT name, domain FROM brands WHERE id = ?`, job.BrandID).Scan(&in.BrandName, &in.BrandDomain); err != nil {
		return nil, fmt.Errorf("find brief brand: %w", mapError(err))
	}
	if in.Brief.RecommendationID == nil {
		return nil, sightline.Errorf(sightline.ENOTFOUND, "The brief's recommendation no longer exists.")
	}
	if in.Recommendation, err = findRecommendation(ctx, tx, job.BrandID, *in.Brief.RecommendationID); err != nil {
		return nil, err
	}
	ids := in.Recommendation.TargetPromptIDs
	if in.Prompts, err = briefPrompts(ctx, tx, job.BrandID, ids, w); err != nil {
		return nil, err
	}
	if err := briefPages(ctx, tx, in, ids, w); err != nil {
		return nil, err
	}
	if len(ids) > 0 {
		in.Answers, err = queryStrings(ctx, tx, `SELECT a.answer FROM runs r JOIN run_answers a ON a.run_seq = r.seq
			WHERE r.brand_id = ? AND r.prompt_id IN (`+analyticsql.Placeholders(len(ids))+`) ORDER BY r.ran_at DESC, r.seq DESC LIMIT ?`,
			append(append([]any{job.BrandID}, anys(ids)...), maxBriefAnswers)...)
		if err != nil {
			return nil, fmt.Errorf("find brief answers: %w", err)
		}
	}
	return in, tx.Commit()
}

// briefPages reads the pages the target prompts' answers cite over w, the
// maxBriefPages most cited (then by page), each classed by its owner with
// sightline.PageOwnership. The ranking stays in SQL: it chooses a few pages
// out of all those cited, which only the database sees
// (docs/engines.md#briefs).
func briefPages(ctx context.Context, tx *Tx, in *sightline.BriefInput, ids []string, w sightline.Window) error {
	if len(ids) == 0 {
		return nil
	}
	brandID := in.Brief.BrandID
	domains, err := queryStrings(ctx, tx, `SELECT domain FROM brand_domains WHERE brand_id = ? ORDER BY ord, domain`, brandID)
	if err != nil {
		return fmt.Errorf("find brief domains: %w", err)
	}
	comps, err := findCompetitors(ctx, tx, brandID)
	if err != nil {
		return err
	}
	owners := make([]sightline.Competitor, len(comps))
	for i, c := range comps {
		owners[i] = *c
	}
	err = eachRow(ctx, tx, `SELECT c.page, MIN(c.domain), MIN(c.page_type), MIN(c.domain_type), MAX(c.title), COUNT(*)
		FROM citations c WHERE c.brand_id = ?
		AND c.topic_id IN (SELECT COALESCE(p.topic_id, '`+nilTopic+`') FROM prompts p WHERE p.id IN (`+analyticsql.Placeholders(len(ids))+`))
		AND c.provider_id IN (SELECT id FROM providers)
		AND c.ran_at >= ? AND c.ran_at < ? AND c.prompt_id IN (`+analyticsql.Placeholders(len(ids))+`)
		GROUP BY c.page ORDER BY COUNT(*) DESC, c.page LIMIT ?`,
		append(append(append(append([]any{brandID}, anys(ids)...), ts(w.Start), ts(w.End)), anys(ids)...), maxBriefPages),
		func(scan func(...any) error) error {
			p := &sightline.PageFacts{}
			if err := scan(&p.Page, &p.Domain, &p.PageType, &p.StaticType, &p.Title, &p.Citations); err != nil {
				return err
			}
			p.Ownership, p.CompetitorID = sightline.PageOwnership(p.Domain, domains, owners)
			p.Runs = p.Citations
			in.Pages = append(in.Pages, p)
			return nil
		})
	if err != nil {
		return fmt.Errorf("find brief pages: %w", err)
	}
	return nil
}

// UpdateBriefProgress records the progress of a generating brief.
func (db *DB) UpdateBriefProgress(ctx context.Context, job *sightline.Job, pct float64) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := holdJob(ctx, tx, job); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `UPDATE briefs SET progress_pct = ?, updated_at = ? WHERE id = ? AND brand_id = ?`,
		sightline.BriefProgress(pct), ts(tx.now), sightline.BriefIDOfJob(job.Kind), job.BrandID); err != nil {
		return fmt.Errorf("update brief progress: %w", err)
	}
	return tx.Commit()
}

// CompleteBriefJob stores a generated brief and completes its job.
func (db *DB) CompleteBriefJob(ctx context.Context, job *sightline.Job, res *sightline.BriefResult) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := completeJob(ctx, tx, job); err != nil {
		return err
	}
	var enc [3]string
	for i, v := range []any{res.Outline, res.Metadata, res.TargetPrompts} {
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("encode brief: %w", err)
		}
		enc[i] = string(b)
	}
	if enc[2] == "null" {
		enc[2] = "[]"
	}
	if _, err := tx.exec(ctx, `UPDATE briefs SET state = ?, progress_pct = ?, title = ?, format = ?, brief_text = ?, outline = ?, metadata = ?,
		target_prompts = ?, target_word_count = ?, generation_error = '', updated_at = ? WHERE id = ? AND brand_id = ?`,
		sightline.BriefReady, sightline.BriefReadyProgress, res.Title, res.Format, res.BriefText, enc[0], enc[1], enc[2], res.TargetWordCount, ts(tx.now),
		sightline.BriefIDOfJob(job.Kind), job.BrandID); err != nil {
		return fmt.Errorf("complete brief: %w", err)
	}
	return tx.Commit()
}

// mirrorBrief keeps a brief's state in step with its job
// (sightline.BriefStateOfJob). Other kinds of jobs are left alone.
func mirrorBrief(ctx context.Context, tx *Tx, job *sightline.Job, status string, e *sightline.JobError) error {
	briefID := sightline.BriefIDOfJob(job.Kind)
	state, genErr, ok := sightline.BriefStateOfJob(status, e)
	if briefID == "" || !ok {
		return nil
	}
	var err error
	if state == sightline.BriefNew {
		_, err = tx.exec(ctx, `UPDATE briefs SET state = ?, progress_pct = 0, updated_at = ? WHERE id = ?`, state, ts(tx.now), briefID)
	} else {
		_, err = tx.exec(ctx, `UPDATE briefs SET state = ?, generation_error = ?, updated_at = ? WHERE id = ?`, state, genErr, ts(tx.now), briefID)
	}
	if err != nil {
		return fmt.Errorf("mirror brief state: %w", err)
	}
	return nil
}
