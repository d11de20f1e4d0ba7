package sqlstore

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

// noMatchID never equals a stored id; it keeps "IN (…)" lists non-empty
// when a target brand name matches no found brand.
const noMatchID = sightline.NilUUID

// scopeQ is a scope resolved inside a read transaction: the statements of
// internal/analyticsql for it, and the methods here that run them.
type scopeQ struct {
	*analyticsql.Scope
	// tracked are the found brands of the brand itself and of its
	// competitors: the "tracked brands" averaged in share series.
	tracked []string
}

// newScope resolves the target of s inside tx.
func newScope(ctx context.Context, tx *Tx, s sightline.Scope) (*scopeQ, error) {
	q := &scopeQ{Scope: &analyticsql.Scope{Scope: s, Dialect: tx.d, Rollups: !tx.noRollups, Now: tx.now}}
	var err error
	if q.PrunedBefore, err = prunedBefore(ctx, tx, s.BrandID); err != nil {
		return nil, err
	}
	q.ReadsPruned = func() {
		if tx.refuse == nil {
			tx.refuse = prunedError(q.PrunedBefore)
		}
	}
	ids, err := scopeIDs(ctx, tx, s.BrandID)
	if err != nil {
		return nil, err
	}
	rows := ids.self
	if strings.TrimSpace(s.TargetBrand) != "" {
		// The name of a found brand, or an alias of the brand itself or of a
		// competitor (aliases resolve to their found brand at ingest).
		key := strings.ToLower(strings.TrimSpace(s.TargetBrand))
		rows, err = queryStrings(ctx, tx, `SELECT id
FROM found_brands
WHERE brand_id = ?
AND (
  name_key = ?
  OR (is_self = ? AND EXISTS (
    SELECT 1 FROM brand_aliases WHERE brand_aliases.brand_id = ? AND lower(brand_aliases.alias) = ?))
  OR competitor_id IN (
    SELECT competitor_aliases.competitor_id FROM competitor_aliases
    WHERE competitor_aliases.brand_id = ? AND lower(competitor_aliases.alias) = ?)
)`,
			s.BrandID, key, true, s.BrandID, key, s.BrandID, key)
		if err != nil {
			return nil, fmt.Errorf("resolve target brand: %w", err)
		}
	}
	q.SelfTarget = len(rows) == 1 && len(ids.self) == 1 && rows[0] == ids.self[0]
	q.NameTargetIDs = orNoMatch(rows)
	q.TargetIDs = q.NameTargetIDs
	if len(s.FoundBrandIDs) > 0 {
		q.TargetIDs = s.FoundBrandIDs
	}
	q.CompetitorIDs = orNoMatch(ids.competitors)
	q.tracked = ids.tracked()
	q.AllTopics = append(ids.topics, nilTopic)
	q.AllProviders = orNoMatch(ids.providers)
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

// brandIDs are the ids every analytics read of a brand resolves first.
type brandIDs struct {
	self, competitors []string // the brand's found brands: itself, its competitors
	topics, providers []string // the brand's topics (deleted ones too), every provider
}

// tracked is self and competitors, each id once.
func (b brandIDs) tracked() []string {
	out := make([]string, 0, len(b.self)+len(b.competitors))
	for _, id := range append(slices.Clone(b.self), b.competitors...) {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// scopeIDs reads the brandIDs of a brand in one statement: each read
// resolves them once, not one statement per list.
func scopeIDs(ctx context.Context, tx *Tx, brandID string) (brandIDs, error) {
	var b brandIDs
	lists := map[string]*[]string{"self": &b.self, "competitor": &b.competitors, "topic": &b.topics, "provider": &b.providers}
	err := eachRow(ctx, tx, `SELECT 'self' AS kind, id FROM found_brands WHERE brand_id = ? AND is_self = ?
UNION ALL
SELECT 'competitor', id FROM found_brands WHERE brand_id = ? AND competitor_id IS NOT NULL
UNION ALL
SELECT 'topic', id FROM topics WHERE brand_id = ?
UNION ALL
SELECT 'provider', id FROM providers`, []any{brandID, true, brandID, brandID}, func(scan func(...any) error) error {
		var kind, id string
		if err := scan(&kind, &id); err != nil {
			return err
		}
		*lists[kind] = append(*lists[kind], id)
		return nil
	})
	if err != nil {
		return b, fmt.Errorf("resolve brand ids: %w", err)
	}
	return b, nil
}
