package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
)

var _ sightline.CompetitorService = (*DB)(nil)

// competitorSortColumns name columns of competitor_visibility.
var competitorSortColumns = map[string]string{
	"name":       "name",
	"domain":     "domain",
	"visibility": "visibility",
}

// FindCompetitors returns a page of competitors with their visibility.
func (db *DB) FindCompetitors(ctx context.Context, orgID string, f sightline.CompetitorFilter) ([]*sightline.Competitor, int, error) {
	tx, q, err := db.beginScope(ctx, orgID, f.Scope)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	return q.competitors(ctx, tx, "", f.Sort, f.PageRequest)
}

// UpdateCompetitorDomain sets a competitor's domain. Ownership is computed
// at query time, so citations of the new domain count as competitor_owned
// at once.
func (db *DB) UpdateCompetitorDomain(ctx context.Context, orgID, competitorID, domain string, scope sightline.Scope) (*sightline.Competitor, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, scope.BrandID); err != nil {
		return nil, err
	}
	res, err := tx.exec(ctx, `UPDATE competitors SET domain = ?, updated_at = ? WHERE id = ? AND brand_id = ?`,
		domain, ts(tx.now), competitorID, scope.BrandID)
	if err != nil {
		return nil, fmt.Errorf("update competitor: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, notFound("Competitor")
	}
	q, err := newScope(ctx, tx, scope)
	if err != nil {
		return nil, err
	}
	comps, _, err := q.competitors(ctx, tx, competitorID, nil, sightline.PageRequest{Page: 1, PageSize: 1})
	if err != nil {
		return nil, err
	}
	if len(comps) == 0 {
		return nil, notFound("Competitor")
	}
	return comps[0], tx.Commit()
}

// competitors lists the brand's competitors (or one) with analyticsql's
// Competitors.
func (q *scopeQ) competitors(ctx context.Context, tx *Tx, onlyID string, sort []sightline.SortKey, page sightline.PageRequest) ([]*sightline.Competitor, int, error) {
	s := q.Competitors(onlyID, orderBy(sort, competitorSortColumns, sightline.DefaultCompetitorSort, "id"), page.PageSize, page.Offset())
	var out []*sightline.Competitor
	total := 0
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		c := &sightline.Competitor{BrandID: q.BrandID}
		var k int
		if err := scan(&c.ID, &c.Name, &c.Domain, &c.Visibility, &total, &k, &c.SampleSize); err != nil {
			return err
		}
		c.SampleSize, c.CILow, c.CIHigh = sightline.RateStats(k, c.SampleSize)
		out = append(out, c)
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("find competitors: %w", err)
	}
	if len(out) == 0 && page.Offset() > 0 {
		// a page past the end still reports the total
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM competitors WHERE brand_id = ?`, q.BrandID).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count competitors: %w", err)
		}
	}
	return out, total, nil
}

// CreateCompetitor starts tracking a competitor. Answers may have named it
// already as an untracked brand: that found-brand row becomes the
// competitor's, and the brand's rollups, which count competitor-only
// citations as of ingest, are rebuilt.
func (db *DB) CreateCompetitor(ctx context.Context, orgID, brandID string, c sightline.CompetitorCreate, scope sightline.Scope) (*sightline.Competitor, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	var n int
	key := strings.ToLower(strings.TrimSpace(c.Name))
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM competitors WHERE brand_id = ? AND lower(name) = ?`, brandID, key).Scan(&n); err != nil {
		return nil, fmt.Errorf("find competitor: %w", err)
	}
	if n > 0 {
		return nil, sightline.FieldErr(sightline.ECONFLICT, "name", "duplicate", "A competitor named %q is tracked already.", c.Name)
	}
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM found_brands WHERE brand_id = ? AND name_key = ? AND is_self = ?`, brandID, key, true).Scan(&n); err != nil {
		return nil, fmt.Errorf("find found brand: %w", err)
	}
	if n > 0 {
		return nil, sightline.FieldErr(sightline.ECONFLICT, "name", "is_brand", "%q is the brand's own name.", c.Name)
	}
	comp, err := createCompetitor(ctx, tx, brandID, c)
	if err != nil {
		return nil, err
	}
	if err := checkBrandHolds(ctx, tx, `SELECT COUNT(*) FROM competitors WHERE brand_id = ?`, []any{brandID},
		sightline.MaxBrandCompetitors, "name", "competitors"); err != nil {
		return nil, err
	}
	if err := rebuildBrandRollups(ctx, tx, brandID); err != nil {
		return nil, err
	}
	q, err := newScope(ctx, tx, scope)
	if err != nil {
		return nil, err
	}
	comps, _, err := q.competitors(ctx, tx, comp.ID, nil, sightline.PageRequest{Page: 1, PageSize: 1})
	if err != nil {
		return nil, err
	}
	if len(comps) == 0 {
		return nil, fmt.Errorf("read created competitor %s: not found", comp.ID)
	}
	return comps[0], tx.Commit()
}

// DeleteCompetitor stops tracking a competitor. Its found-brand row stays,
// unlinked, so the answers that named it keep their mentions as an
// untracked brand's; the brand's rollups are rebuilt.
func (db *DB) DeleteCompetitor(ctx context.Context, orgID, brandID, competitorID string) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `UPDATE found_brands SET competitor_id = NULL WHERE brand_id = ? AND competitor_id = ?`, brandID, competitorID); err != nil {
		return fmt.Errorf("unlink found brand: %w", err)
	}
	if _, err := tx.exec(ctx, `DELETE FROM competitor_aliases WHERE competitor_id = ? AND brand_id = ?`, competitorID, brandID); err != nil {
		return fmt.Errorf("delete competitor aliases: %w", err)
	}
	res, err := tx.exec(ctx, `DELETE FROM competitors WHERE id = ? AND brand_id = ?`, competitorID, brandID)
	if err != nil {
		return fmt.Errorf("delete competitor: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound("Competitor")
	}
	if err := rebuildBrandRollups(ctx, tx, brandID); err != nil {
		return err
	}
	return tx.Commit()
}
