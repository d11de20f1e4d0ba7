package sqlstore

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
)

var _ sightline.CompetitorService = (*DB)(nil)

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

// competitors lists the brand's competitors (or one) with visibility =
// runs in scope naming the competitor / runs in scope.
func (q *scopeQ) competitors(ctx context.Context, tx *Tx, onlyID string, sort []sightline.SortKey, page sightline.PageRequest) ([]*sightline.Competitor, int, error) {
	var s sqlb
	s.add(`WITH r AS (SELECT COALESCE(SUM(x.n), 0) AS runs FROM (`)
	q.runsSrc(&s, q.Window)
	s.add(`) x), m AS (SELECT x.found_brand_id AS id, SUM(x.n) AS n FROM (`)
	q.mentionsSrc(&s, q.Window)
	s.add(`) x GROUP BY x.found_brand_id),
		c AS (SELECT c.id AS id, c.name AS name, c.domain AS domain, `+pct("COALESCE(m.n, 0)", "r.runs")+` AS visibility
		FROM competitors c LEFT JOIN found_brands fb ON fb.competitor_id = c.id LEFT JOIN m ON m.id = fb.id CROSS JOIN r
		WHERE c.brand_id = ?`, q.BrandID)
	if onlyID != "" {
		s.add(` AND c.id = ?`, onlyID)
	}
	s.add(`) SELECT id, name, domain, visibility, COUNT(*) OVER () FROM c`+
		orderBy(sort, competitorSortColumns, sightline.DefaultCompetitorSort, "id")+` LIMIT ? OFFSET ?`, page.PageSize, page.Offset())
	var out []*sightline.Competitor
	total := 0
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
		c := &sightline.Competitor{BrandID: q.BrandID}
		if err := scan(&c.ID, &c.Name, &c.Domain, &c.Visibility, &total); err != nil {
			return err
		}
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
