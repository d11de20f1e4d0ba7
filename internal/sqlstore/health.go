package sqlstore

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
)

// collectionHealthSQL counts the attempts of the last cadence slot of the
// brand with an attempt by status and reason, most first
// (docs/dashboard.md#collection-health). Arguments: the brand id, twice.
const collectionHealthSQL = `WITH last_slot AS (
SELECT MAX(collection_attempts.slot_start) AS slot_start
FROM collection_attempts
WHERE collection_attempts.brand_id = ?
)
SELECT collection_attempts.slot_start,
collection_attempts.status,
COALESCE(collection_attempts.reason_code, '') AS reason_code,
COUNT(*) AS attempts
FROM collection_attempts
JOIN last_slot ON last_slot.slot_start = collection_attempts.slot_start
WHERE collection_attempts.brand_id = ?
GROUP BY collection_attempts.slot_start, collection_attempts.status, collection_attempts.reason_code
ORDER BY attempts DESC, collection_attempts.status, reason_code`

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
