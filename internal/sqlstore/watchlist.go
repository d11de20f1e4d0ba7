package sqlstore

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
)

// addWatch adds a URL to the brand's watch list once; a URL already on it
// keeps its first entry.
func addWatch(ctx context.Context, tx *Tx, brandID, url, recommendationID string) error {
	_, err := tx.exec(ctx, `INSERT INTO watch_list (id, brand_id, url, recommendation_id, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (brand_id, url) DO NOTHING`, newID(), brandID, url, nullString(recommendationID), ts(tx.now))
	if err != nil {
		return fmt.Errorf("add to watch list: %w", err)
	}
	return nil
}

// FindWatchList returns a page of the brand's watch list, newest first.
func (db *DB) FindWatchList(ctx context.Context, orgID, brandID string, p sightline.PageRequest) ([]*sightline.WatchListEntry, int, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, 0, err
	}
	var total int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM watch_list WHERE brand_id = ?`, brandID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count watch list: %w", mapError(err))
	}
	var out []*sightline.WatchListEntry
	err = eachRow(ctx, tx, `SELECT id, url, recommendation_id, created_at FROM watch_list WHERE brand_id = ?
		ORDER BY created_at DESC, url ASC LIMIT ? OFFSET ?`, []any{brandID, p.PageSize, p.Offset()},
		func(scan func(...any) error) error {
			e := &sightline.WatchListEntry{}
			var created Time
			if err := scan(&e.ID, &e.URL, &e.RecommendationID, &created); err != nil {
				return err
			}
			e.CreatedAt = created.Time
			out = append(out, e)
			return nil
		})
	if err != nil {
		return nil, 0, fmt.Errorf("find watch list: %w", err)
	}
	return out, total, nil
}
