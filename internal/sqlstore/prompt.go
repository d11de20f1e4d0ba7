package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
)

var _ sightline.PromptService = (*DB)(nil)

var promptSortColumns = map[string]string{
	"text":       "p.text",
	"created_at": "p.created_at",
}

// CreatePrompts stores prompts of a brand.
func (db *DB) CreatePrompts(ctx context.Context, orgID, brandID string, ps []sightline.PromptCreate) ([]*sightline.Prompt, error) {
	var v sightline.ValidationErrors
	for i, p := range ps {
		p.Validate(&v, fmt.Sprintf("prompts[%d].", i))
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
	out := make([]*sightline.Prompt, 0, len(ps))
	for i, in := range ps {
		p := &sightline.Prompt{ID: strings.ToLower(in.ID), Text: strings.TrimSpace(in.Text), Active: true, CreatedAt: tx.now, UpdatedAt: tx.now}
		if p.ID == "" {
			p.ID = newID()
		}
		if in.TopicID != "" {
			tid := strings.ToLower(in.TopicID)
			var name string
			if err := tx.queryRow(ctx, `SELECT name FROM topics WHERE id = ? AND brand_id = ?`, tid, brandID).Scan(&name); err != nil {
				if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
					return nil, sightline.FieldErr(sightline.EVALIDATION, fmt.Sprintf("prompts[%d].topic_id", i), "not_found", "Topic %s is not a topic of this brand.", tid)
				}
				return nil, fmt.Errorf("find topic: %w", err)
			}
			p.TopicID, p.TopicName = &tid, &name
		}
		if in.Intent != "" {
			intent := in.Intent
			p.Intent = &intent
		}
		if _, err := tx.exec(ctx, `INSERT INTO prompts (id, brand_id, topic_id, text, intent, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			p.ID, brandID, p.TopicID, p.Text, p.Intent, true, ts(tx.now), ts(tx.now)); err != nil {
			return nil, fmt.Errorf("insert prompt: %w", err)
		}
		out = append(out, p)
	}
	return out, tx.Commit()
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
	where, args := ` WHERE p.brand_id = ?`, []any{brandID}
	if !f.IncludeDeleted {
		where += ` AND p.active = ?`
		args = append(args, true)
	}
	if len(f.TopicIDs) > 0 {
		where += ` AND p.topic_id IN (` + placeholders(len(f.TopicIDs)) + `)`
		args = append(args, anys(f.TopicIDs)...)
	}
	if f.Query != "" {
		where += ` AND lower(p.text) LIKE ? ESCAPE '\'`
		args = append(args, likePattern(f.Query))
	}
	var total int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM prompts p`+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count prompts: %w", err)
	}
	q := `SELECT p.id, p.topic_id, t.name, p.text, p.intent, p.active, p.created_at, p.updated_at
		FROM prompts p LEFT JOIN topics t ON t.id = p.topic_id` + where +
		orderBy(f.Sort, promptSortColumns, sightline.DefaultPromptSort, "p.id") + ` LIMIT ? OFFSET ?`
	var out []*sightline.Prompt
	err = eachRow(ctx, tx, q, append(args, f.PageSize, f.Offset()), func(scan func(...any) error) error {
		p := &sightline.Prompt{}
		var created, updated Time
		if err := scan(&p.ID, &p.TopicID, &p.TopicName, &p.Text, &p.Intent, &p.Active, &created, &updated); err != nil {
			return err
		}
		p.CreatedAt, p.UpdatedAt = created.Time, updated.Time
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("find prompts: %w", err)
	}
	return out, total, nil
}
