package sqlstore

import (
	"context"
	_ "embed" // the statement of FindCollectionHealth
	"fmt"

	"github.com/sightline/sightline"
)

//go:embed sql/collection_health.sql
var collectionHealthSQL string

// FindCollectionHealth returns the attempts of a brand's last cadence slot
// by status and reason. NOT_FOUND for another organization's brand.
func (db *DB) FindCollectionHealth(ctx context.Context, orgID, brandID string) (*sightline.CollectionHealth, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	h := &sightline.CollectionHealth{}
	err = eachRow(ctx, tx, collectionHealthSQL, []any{brandID, brandID}, func(scan func(...any) error) error {
		var slot Time
		var c sightline.AttemptCount
		if err := scan(&slot, &c.Status, &c.ReasonCode, &c.Attempts); err != nil {
			return err
		}
		h.Slot = &slot.Time
		h.Counts = append(h.Counts, c)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find collection health: %w", err)
	}
	return h, nil
}
