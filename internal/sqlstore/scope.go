package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

// noMatchID never equals a stored id; it keeps "IN (…)" lists non-empty
// when a target brand name matches no found brand.
const noMatchID = sightline.NilUUID

// scopeQ is a scope resolved inside a read transaction: the statements of
// internal/analyticsql for it, and the methods here that run them.
type scopeQ struct{ *analyticsql.Scope }

// newScope resolves the target of s inside tx.
func newScope(ctx context.Context, tx *Tx, s sightline.Scope) (*scopeQ, error) {
	q := &scopeQ{&analyticsql.Scope{Scope: s, Dialect: tx.d, Rollups: !tx.noRollups}}
	var err error
	if q.PrunedBefore, err = prunedBefore(ctx, tx, s.BrandID); err != nil {
		return nil, err
	}
	q.ReadsPruned = func() {
		if tx.refuse == nil {
			tx.refuse = prunedError(q.PrunedBefore)
		}
	}
	var rows []string
	if strings.TrimSpace(s.TargetBrand) == "" {
		rows, err = queryStrings(ctx, tx, `SELECT id FROM found_brands WHERE brand_id = ? AND is_self = ?`, s.BrandID, true)
	} else {
		// The name of a found brand, or an alias of the brand itself or of a
		// competitor (aliases resolve to their found brand at ingest).
		key := strings.ToLower(strings.TrimSpace(s.TargetBrand))
		rows, err = queryStrings(ctx, tx, `SELECT id FROM found_brands WHERE brand_id = ? AND (name_key = ?
			OR (is_self = ? AND EXISTS (SELECT 1 FROM brand_aliases WHERE brand_aliases.brand_id = ? AND lower(brand_aliases.alias) = ?))
			OR competitor_id IN (SELECT competitor_aliases.competitor_id FROM competitor_aliases
				WHERE competitor_aliases.brand_id = ? AND lower(competitor_aliases.alias) = ?))`,
			s.BrandID, key, true, s.BrandID, key, s.BrandID, key)
	}
	if err != nil {
		return nil, fmt.Errorf("resolve target brand: %w", err)
	}
	self, err := queryStrings(ctx, tx, `SELECT id FROM found_brands WHERE brand_id = ? AND is_self = ?`, s.BrandID, true)
	if err != nil {
		return nil, fmt.Errorf("resolve brand: %w", err)
	}
	q.SelfTarget = len(rows) == 1 && len(self) == 1 && rows[0] == self[0]
	q.NameTargetIDs = orNoMatch(rows)
	q.TargetIDs = q.NameTargetIDs
	if len(s.FoundBrandIDs) > 0 {
		q.TargetIDs = s.FoundBrandIDs
	}
	rows, err = queryStrings(ctx, tx, `SELECT id FROM found_brands WHERE brand_id = ? AND competitor_id IS NOT NULL`, s.BrandID)
	if err != nil {
		return nil, fmt.Errorf("resolve competitors: %w", err)
	}
	q.CompetitorIDs = orNoMatch(rows)
	if q.AllTopics, err = queryStrings(ctx, tx, `SELECT id FROM topics WHERE brand_id = ?`, s.BrandID); err != nil {
		return nil, fmt.Errorf("resolve topics: %w", err)
	}
	q.AllTopics = append(q.AllTopics, nilTopic)
	if q.AllProviders, err = queryStrings(ctx, tx, `SELECT id FROM providers`); err != nil {
		return nil, fmt.Errorf("resolve providers: %w", err)
	}
	q.AllProviders = orNoMatch(q.AllProviders)
	return q, nil
}

func orNoMatch(ids []string) []string {
	if len(ids) == 0 {
		return []string{noMatchID}
	}
	return ids
}

func queryStrings(ctx context.Context, tx *Tx, q string, args ...any) ([]string, error) {
	var out []string
	err := eachRow(ctx, tx, q, args, func(scan func(...any) error) error {
		var s string
		if err := scan(&s); err != nil {
			return err
		}
		out = append(out, s)
		return nil
	})
	return out, err
}
