package sqlstore

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/sightline/sightline"
)

// FindPromptMatrix returns a page of the brand's prompts with answers in
// the window, each with its results per provider, and the number of such
// prompts (docs/metrics.md#prompt-matrix), with the statement
// analyticsql.Scope.PromptMatrix. NOT_FOUND for another
// organization's brand; INVALID_PARAMETER for a window that starts before
// the brand's pruned day, whose mentions are gone.
func (db *DB) FindPromptMatrix(ctx context.Context, orgID string, f sightline.PromptMatrixFilter) ([]*sightline.PromptResults, int, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, f.BrandID); err != nil {
		return nil, 0, err
	}
	q, err := newScope(ctx, tx, f.Scope)
	if err != nil {
		return nil, 0, err
	}
	if f.Window.Start.Before(q.PrunedBefore) {
		return nil, 0, prunedError(q.PrunedBefore)
	}
	var out []*sightline.PromptResults
	total := 0
	stmt := q.PromptMatrix(f.PageSize, f.Offset())
	err = eachRow(ctx, tx, stmt.String(), stmt.Args, func(scan func(...any) error) error {
		var p sightline.PromptResults
		var topicID sql.NullString
		var c sightline.PromptCell
		var avg sql.NullFloat64
		if err := scan(&p.PromptID, &p.Text, &topicID, &p.TopicName, &total, &c.ProviderID, &c.Runs, &c.Mentions, &c.Visibility, &avg); err != nil {
			return err
		}
		if avg.Valid {
			c.AvgPosition = &avg.Float64
		}
		if n := len(out); n == 0 || out[n-1].PromptID != p.PromptID {
			p.TopicID = topicID.String
			out = append(out, &p)
		}
		last := out[len(out)-1]
		last.Cells = append(last.Cells, c)
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("find prompt matrix: %w", err)
	}
	if len(out) == 0 && f.Offset() > 0 {
		// past the last page: the first prompt's row carries the number
		stmt = q.PromptMatrix(1, 0)
		err = eachRow(ctx, tx, stmt.String(), stmt.Args, func(scan func(...any) error) error {
			var skip any
			return scan(&skip, &skip, &skip, &skip, &total, &skip, &skip, &skip, &skip, &skip)
		})
		if err != nil {
			return nil, 0, fmt.Errorf("count prompt matrix: %w", err)
		}
	}
	return out, total, nil
}
