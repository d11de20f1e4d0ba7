package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.TopicService = (*DB)(nil)

var topicSortColumns = map[string]string{
	"name":       "topics.name",
	"created_at": "topics.created_at",
	"updated_at": "topics.updated_at",
}

// CreateTopics creates, reactivates or returns topics by name.
func (db *DB) CreateTopics(ctx context.Context, orgID, brandID string, topics []sightline.TopicRef) ([]*sightline.TopicRef, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	out := make([]*sightline.TopicRef, 0, len(topics))
	seen := map[string]*sightline.TopicRef{}
	for _, t := range topics {
		name := strings.TrimSpace(t.Name)
		key := strings.ToLower(name)
		if ref, ok := seen[key]; ok { // the same name twice in one request is one topic
			out = append(out, ref)
			continue
		}
		ref, err := upsertTopic(ctx, tx, brandID, strings.ToLower(t.ID), name, key)
		if err != nil {
			return nil, err
		}
		seen[key] = ref
		out = append(out, ref)
	}
	if err := checkBrandHolds(ctx, tx, `SELECT COUNT(*) FROM topics WHERE brand_id = ? AND deleted_at IS NULL`,
		[]any{brandID}, sightline.MaxBrandTopics, "topics", "topics"); err != nil {
		return nil, err
	}
	// a topic created again brings its prompts back
	if err := checkBrandHolds(ctx, tx, `SELECT COUNT(*) FROM prompts WHERE brand_id = ? AND active = ?`,
		[]any{brandID, true}, sightline.MaxBrandPrompts, "topics", "active prompts"); err != nil {
		return nil, err
	}
	return out, tx.Commit()
}

func upsertTopic(ctx context.Context, tx *Tx, brandID, id, name, key string) (*sightline.TopicRef, error) {
	ref := &sightline.TopicRef{}
	var deleted Time
	err := tx.queryRow(ctx, `SELECT id, name, deleted_at FROM topics WHERE brand_id = ? AND name_key = ?`, brandID, key).
		Scan(&ref.ID, &ref.Name, &deleted)
	switch {
	case err == nil && !deleted.Valid:
		return ref, nil
	case err == nil:
		// Reactivate the topic and exactly the prompts its delete deactivated.
		if _, err := tx.exec(ctx, `UPDATE topics SET deleted_at = NULL, updated_at = ? WHERE id = ?`, ts(tx.now), ref.ID); err != nil {
			return nil, fmt.Errorf("reactivate topic: %w", err)
		}
		if _, err := tx.exec(ctx, `UPDATE prompts SET active = ?, deactivated_at = NULL, updated_at = ? WHERE topic_id = ? AND deactivated_at = ?`,
			true, ts(tx.now), ref.ID, ts(deleted.Time)); err != nil {
			return nil, fmt.Errorf("reactivate prompts: %w", err)
		}
		return ref, nil
	case sightline.ErrorCode(mapError(err)) != sightline.ENOTFOUND:
		return nil, fmt.Errorf("find topic: %w", err)
	}
	ref.ID, ref.Name = id, name
	if ref.ID == "" {
		ref.ID = newID()
	}
	if _, err := tx.exec(ctx, `INSERT INTO topics (id, brand_id, name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
		ref.ID, brandID, name, key, ts(tx.now), ts(tx.now)); err != nil {
		return nil, fmt.Errorf("insert topic: %w", err)
	}
	return ref, nil
}

// DeleteTopic soft-deletes a topic and deactivates its prompts.
func (db *DB) DeleteTopic(ctx context.Context, orgID, brandID, topicID string) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return err
	}
	res, err := tx.exec(ctx, `UPDATE topics SET deleted_at = ?, updated_at = ? WHERE id = ? AND brand_id = ? AND deleted_at IS NULL`,
		ts(tx.now), ts(tx.now), topicID, brandID)
	if err != nil {
		return fmt.Errorf("delete topic: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound("Topic")
	}
	if _, err := tx.exec(ctx, `UPDATE prompts SET active = ?, deactivated_at = ?, updated_at = ? WHERE topic_id = ? AND active = ?`,
		false, ts(tx.now), ts(tx.now), topicID, true); err != nil {
		return fmt.Errorf("deactivate prompts: %w", err)
	}
	return tx.Commit()
}

// FindTopicByID returns an active topic with metrics.
func (db *DB) FindTopicByID(ctx context.Context, orgID, brandID, topicID string, scope sightline.Scope) (*sightline.Topic, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	var where sqlb
	where.Add(`WHERE topics.brand_id = ? AND topics.id = ? AND topics.deleted_at IS NULL`, brandID, topicID)
	topics, err := findTopicRows(ctx, tx, &where)
	if err != nil {
		return nil, err
	}
	if len(topics) == 0 {
		return nil, notFound("Topic")
	}
	scope.BrandID = brandID
	if err := fillTopicMetrics(ctx, tx, scope, topics); err != nil {
		return nil, err
	}
	return topics[0], nil
}

// FindTopics returns a page of topics with metrics.
func (db *DB) FindTopics(ctx context.Context, orgID, brandID string, f sightline.TopicFilter) ([]*sightline.Topic, int, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, 0, err
	}
	var where sqlb
	where.Add(`WHERE topics.brand_id = ?`, brandID)
	if !f.IncludeDeleted {
		where.Add(` AND topics.deleted_at IS NULL`)
	}
	if len(f.TopicIDs) > 0 {
		where.Add(` AND topics.id IN (`+analyticsql.Placeholders(len(f.TopicIDs))+`)`, anys(f.TopicIDs))
	}
	if f.Query != "" {
		where.Add(` AND lower(topics.name) LIKE ? ESCAPE '\'`, analyticsql.LikePattern(f.Query))
	}
	var count, page sqlb
	count.Add(`SELECT COUNT(*) FROM topics `).AddSQL(&where)
	var total int
	if err := tx.queryRow(ctx, count.String(), count.Args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count topics: %w", err)
	}
	order := orderBy(f.Sort, topicSortColumns, sightline.DefaultTopicSort, "topics.id")
	page.AddSQL(&where).Add("\n"+order+"\nLIMIT ? OFFSET ?", f.PageSize, f.Offset())
	topics, err := findTopicRows(ctx, tx, &page)
	if err != nil {
		return nil, 0, err
	}
	f.Scope.BrandID = brandID
	if err := fillTopicMetrics(ctx, tx, f.Scope, topics); err != nil {
		return nil, 0, err
	}
	return topics, total, nil
}

// findTopicRows reads the topics that rest (the conditions, order and page
// after "FROM topics ") selects.
func findTopicRows(ctx context.Context, tx *Tx, rest *sqlb) ([]*sightline.Topic, error) {
	var out []*sightline.Topic
	var s sqlb
	s.Add(`SELECT topics.id, topics.name, topics.created_at, topics.updated_at,
		(SELECT COUNT(*) FROM prompts WHERE prompts.topic_id = topics.id AND prompts.active = ?)
		FROM topics `, true).AddSQL(rest)
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		t := &sightline.Topic{TopBrands: []sightline.TopBrand{}}
		var created, updated Time
		if err := scan(&t.ID, &t.Name, &created, &updated, &t.PromptCount); err != nil {
			return err
		}
		t.CreatedAt, t.UpdatedAt = created.Time, updated.Time
		out = append(out, t)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find topics: %w", err)
	}
	return out, nil
}
