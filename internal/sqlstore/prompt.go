package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.PromptService = (*DB)(nil)

var promptSortColumns = map[string]string{
	"text":       "p.text",
	"created_at": "p.created_at",
}

const promptColumns = `p.id, p.topic_id, t.name, p.text, p.intent, p.regions, p.active, p.created_at, p.updated_at
	FROM prompts p LEFT JOIN topics t ON t.id = p.topic_id`

func scanPrompt(scan func(...any) error) (*sightline.Prompt, error) {
	p := &sightline.Prompt{}
	var created, updated Time
	var regions string
	if err := scan(&p.ID, &p.TopicID, &p.TopicName, &p.Text, &p.Intent, &regions, &p.Active, &created, &updated); err != nil {
		return nil, err
	}
	p.CreatedAt, p.UpdatedAt = created.Time, updated.Time
	p.Regions = decodeStrings(regions)
	return p, nil
}

// CreatePrompts stores prompts of a brand.
func (db *DB) CreatePrompts(ctx context.Context, orgID, brandID string, ps []sightline.PromptCreate) ([]*sightline.Prompt, error) {
	var v sightline.ValidationErrors
	for i := range ps {
		ps[i].Validate(&v, fmt.Sprintf("prompts[%d].", i))
	}
	if err := v.Err(); err != nil {
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
	taken := map[string]map[string]bool{} // topic id -> prompt keys of its active prompts
	out := make([]*sightline.Prompt, 0, len(ps))
	for i, in := range ps {
		field := fmt.Sprintf("prompts[%d]", i)
		p := &sightline.Prompt{ID: strings.ToLower(in.ID), Text: strings.TrimSpace(in.Text), Regions: in.Regions, Active: true, CreatedAt: tx.now, UpdatedAt: tx.now}
		if p.ID == "" {
			p.ID = newID()
		}
		if in.TopicID != "" {
			tid := strings.ToLower(in.TopicID)
			var name string
			if err := tx.queryRow(ctx, `SELECT name FROM topics WHERE id = ? AND brand_id = ? AND deleted_at IS NULL`, tid, brandID).Scan(&name); err != nil {
				if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
					return nil, sightline.FieldErr(sightline.EVALIDATION, field+".topic_id", "not_found", "Topic %s is not an active topic of this brand.", tid)
				}
				return nil, fmt.Errorf("find topic: %w", err)
			}
			p.TopicID, p.TopicName = &tid, &name
		}
		topic := ""
		if p.TopicID != nil {
			topic = *p.TopicID
		}
		if taken[topic] == nil {
			keys, err := activePromptKeys(ctx, tx, brandID, topic, "")
			if err != nil {
				return nil, err
			}
			taken[topic] = keys
		}
		key := sightline.PromptKey(p.Text)
		if taken[topic][key] {
			return nil, sightline.FieldErr(sightline.ECONFLICT, field+".text", "duplicate",
				"%s.text is already an active prompt of this topic.", field)
		}
		taken[topic][key] = true
		if in.Intent != "" {
			intent := in.Intent
			p.Intent = &intent
		}
		if _, err := tx.exec(ctx, `INSERT INTO prompts (id, brand_id, topic_id, text, intent, regions, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			p.ID, brandID, p.TopicID, p.Text, p.Intent, encodeStrings(p.Regions), true, ts(tx.now), ts(tx.now)); err != nil {
			return nil, fmt.Errorf("insert prompt: %w", err)
		}
		out = append(out, p)
	}
	if err := checkBrandHolds(ctx, tx, `SELECT COUNT(*) FROM prompts WHERE brand_id = ? AND active = ?`,
		[]any{brandID, true}, sightline.MaxBrandPrompts, "prompts", "active prompts"); err != nil {
		return nil, err
	}
	return out, tx.Commit()
}

// activePromptKeys returns the sightline.PromptKey of every active prompt
// of a topic ("" for prompts without one), but the prompt except.
func activePromptKeys(ctx context.Context, tx *Tx, brandID, topicID, except string) (map[string]bool, error) {
	if except == "" {
		except = nilTopic // a UUID no prompt has
	}
	var s sqlb
	s.Add(`SELECT text FROM prompts WHERE brand_id = ? AND active = ? AND id <> ?`, brandID, true, except)
	if topicID == "" {
		s.Add(` AND topic_id IS NULL`)
	} else {
		s.Add(` AND topic_id = ?`, topicID)
	}
	keys := map[string]bool{}
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var text string
		if err := scan(&text); err != nil {
			return err
		}
		keys[sightline.PromptKey(text)] = true
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find prompts of topic: %w", err)
	}
	return keys, nil
}

// UpdatePrompt changes a prompt's text, regions or active flag.
func (db *DB) UpdatePrompt(ctx context.Context, orgID, brandID, promptID string, upd sightline.PromptUpdate) (*sightline.Prompt, error) {
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
	p, err := findPrompt(ctx, tx, brandID, promptID)
	if err != nil {
		return nil, err
	}
	if upd.Text != nil {
		p.Text = strings.TrimSpace(*upd.Text)
	}
	if upd.Active != nil {
		if *upd.Active && !p.Active && p.TopicID != nil {
			var deleted int
			if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM topics WHERE id = ? AND deleted_at IS NOT NULL`, *p.TopicID).Scan(&deleted); err != nil {
				return nil, fmt.Errorf("find topic: %w", err)
			}
			if deleted > 0 {
				return nil, sightline.FieldErr(sightline.ECONFLICT, "active", "topic_deleted",
					"The prompt's topic is deleted; create the topic again (POST …/topics with its name) to restore it.")
			}
		}
		p.Active = *upd.Active
	}
	if upd.Regions != nil {
		p.Regions = *upd.Regions
	}
	if p.Active && (upd.Text != nil || upd.Active != nil) {
		topic := ""
		if p.TopicID != nil {
			topic = *p.TopicID
		}
		keys, err := activePromptKeys(ctx, tx, brandID, topic, p.ID)
		if err != nil {
			return nil, err
		}
		if keys[sightline.PromptKey(p.Text)] {
			return nil, sightline.FieldErr(sightline.ECONFLICT, "text", "duplicate", "Another active prompt of this topic has this text.")
		}
	}
	p.UpdatedAt = tx.now
	// deactivated_at marks prompts a topic delete switched off; a user's
	// own change of the flag clears it.
	if _, err := tx.exec(ctx, `UPDATE prompts SET text = ?, active = ?, regions = ?, updated_at = ?, deactivated_at = NULL WHERE id = ?`,
		p.Text, p.Active, encodeStrings(p.Regions), ts(tx.now), p.ID); err != nil {
		return nil, fmt.Errorf("update prompt: %w", err)
	}
	if upd.Active != nil && *upd.Active {
		if err := checkBrandHolds(ctx, tx, `SELECT COUNT(*) FROM prompts WHERE brand_id = ? AND active = ?`,
			[]any{brandID, true}, sightline.MaxBrandPrompts, "active", "active prompts"); err != nil {
			return nil, err
		}
	}
	return p, tx.Commit()
}

func findPrompt(ctx context.Context, tx *Tx, brandID, promptID string) (*sightline.Prompt, error) {
	ps, err := scanAll(ctx, tx, "prompt", `SELECT `+promptColumns+` WHERE p.id = ? AND p.brand_id = ?`,
		[]any{strings.ToLower(promptID), brandID}, scanPrompt)
	if err != nil {
		return nil, err
	}
	if len(ps) == 0 {
		return nil, notFound("Prompt")
	}
	return ps[0], nil
}

// FindPrompts returns a page of a brand's prompts.
func (db *DB) FindPrompts(ctx context.Context, orgID, brandID string, f sightline.PromptFilter) ([]*sightline.Prompt, int, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, 0, err
	}
	var where sqlb
	where.Add(` WHERE p.brand_id = ?`, brandID)
	if !f.IncludeDeleted {
		where.Add(` AND p.active = ?`, true)
	}
	if len(f.TopicIDs) > 0 {
		where.Add(` AND p.topic_id IN (`+analyticsql.Placeholders(len(f.TopicIDs))+`)`, anys(f.TopicIDs))
	}
	if f.Query != "" {
		where.Add(` AND lower(p.text) LIKE ? ESCAPE '\'`, analyticsql.LikePattern(f.Query))
	}
	order := orderBy(f.Sort, promptSortColumns, sightline.DefaultPromptSort, "p.id")
	return findPage(ctx, tx, "prompts p", &where, order, f.PageRequest, func(where string, args ...any) ([]*sightline.Prompt, error) {
		return scanAll(ctx, tx, "prompts", `SELECT `+promptColumns+where, args, scanPrompt)
	})
}

// encodeStrings stores a list of short strings as a JSON array.
func encodeStrings(ss []string) string {
	if len(ss) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(ss) // a []string always encodes
	return string(b)
}

// decodeStrings reads what encodeStrings wrote; anything else is empty.
func decodeStrings(s string) []string {
	out := []string{}
	_ = json.Unmarshal([]byte(s), &out) // written by encodeStrings only
	if out == nil {
		out = []string{}
	}
	return out
}
