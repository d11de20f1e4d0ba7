package sqlstore

import (
	"context"
	"database/sql"
	_ "embed" // the statement of FindPromptMatrix
	"fmt"

	"github.com/sightline/sightline"
)

//go:embed sql/prompt_matrix.sql
var promptMatrixSQL string

// FindPromptMatrix returns a page of the brand's prompts with answers in
// the window, each with its results per provider, and the number of such
// prompts (docs/metrics.md#prompt-matrix). NOT_FOUND for another
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
	pruned, err := prunedBefore(ctx, tx, f.BrandID)
	if err != nil {
		return nil, 0, err
	}
	if f.Window.Start.Before(pruned) {
		return nil, 0, prunedError(pruned)
	}
	// one id per filter: "off" and the nil UUID when absent, so that the
	// comparison stays typed on PostgreSQL
	first := func(ids []string) (bool, string) {
		if len(ids) == 0 {
			return true, sightline.NilUUID
		}
		return false, ids[0]
	}
	regionOff, region := first(f.RegionIDs)
	topicOff, topic := first(f.TopicIDs)
	providerOff, provider := first(f.ProviderIDs)
	start, end := ts(f.Window.Start), ts(f.Window.End)
	args := []any{f.BrandID, start, end, regionOff, region, topicOff, topic, providerOff, provider,
		f.BrandID, start, end, true, f.PageSize, f.Offset()}
	var out []*sightline.PromptResults
	total := 0
	err = eachRow(ctx, tx, promptMatrixSQL, args, func(scan func(...any) error) error {
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
		args[len(args)-2], args[len(args)-1] = 1, 0
		err = eachRow(ctx, tx, promptMatrixSQL, args, func(scan func(...any) error) error {
			var skip any
			return scan(&skip, &skip, &skip, &skip, &total, &skip, &skip, &skip, &skip, &skip)
		})
		if err != nil {
			return nil, 0, fmt.Errorf("count prompt matrix: %w", err)
		}
	}
	return out, total, nil
}
