package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.BrandService = (*DB)(nil)

var brandSortColumns = map[string]string{
	"name":       "b.name",
	"created_at": "b.created_at",
}

// CreateBrand stores a brand with its domains, aliases, competitors and
// their found-brand rows in one transaction.
func (db *DB) CreateBrand(ctx context.Context, c sightline.BrandCreate) (*sightline.Brand, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	orgID := strings.ToLower(c.OrgID)
	if err := checkOrg(ctx, tx, orgID); err != nil {
		return nil, err
	}
	b := &sightline.Brand{
		ID: strings.ToLower(c.ID), OrgID: orgID, Name: strings.TrimSpace(c.Name),
		Domains: dedupe(c.Domains), Aliases: sortedCopy(dedupe(c.Aliases)), CreatedAt: tx.now, UpdatedAt: tx.now,
	}
	if b.ID == "" {
		b.ID = newID()
	}
	if len(b.Domains) > 0 {
		b.Domain = b.Domains[0]
	}
	if _, err := tx.exec(ctx, `INSERT INTO brands (id, org_id, name, domain, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
		b.ID, orgID, b.Name, b.Domain, ts(tx.now), ts(tx.now)); err != nil {
		if errors.Is(err, errUnique) {
			return nil, sightline.Errorf(sightline.ECONFLICT, "Brand %s already exists.", b.ID)
		}
		return nil, fmt.Errorf("insert brand: %w", err)
	}
	for i, d := range b.Domains {
		if _, err := tx.exec(ctx, `INSERT INTO brand_domains (brand_id, domain, ord) VALUES (?, ?, ?)`, b.ID, d, i); err != nil {
			return nil, fmt.Errorf("insert brand domain: %w", err)
		}
	}
	for _, a := range b.Aliases {
		if _, err := tx.exec(ctx, `INSERT INTO brand_aliases (brand_id, alias) VALUES (?, ?)`, b.ID, a); err != nil {
			return nil, fmt.Errorf("insert brand alias: %w", err)
		}
	}
	if _, err := ensureFoundBrand(ctx, tx, b.ID, b.Name, true, ""); err != nil {
		return nil, err
	}
	for _, cc := range c.Competitors {
		if _, err := createCompetitor(ctx, tx, b.ID, cc); err != nil {
			return nil, err
		}
	}
	if err := checkBrandHolds(ctx, tx, `SELECT COUNT(*) FROM competitors WHERE brand_id = ?`, []any{b.ID},
		sightline.MaxBrandCompetitors, "competitors", "competitors"); err != nil {
		return nil, err
	}
	return b, tx.Commit()
}

func createCompetitor(ctx context.Context, tx *Tx, brandID string, c sightline.CompetitorCreate) (*sightline.Competitor, error) {
	comp := &sightline.Competitor{ID: strings.ToLower(c.ID), BrandID: brandID, Name: strings.TrimSpace(c.Name), Domain: c.Domain, Aliases: dedupe(c.Aliases)}
	if comp.ID == "" {
		comp.ID = newID()
	}
	if _, err := tx.exec(ctx, `INSERT INTO competitors (id, brand_id, name, domain, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
		comp.ID, brandID, comp.Name, comp.Domain, ts(tx.now), ts(tx.now)); err != nil {
		return nil, fmt.Errorf("insert competitor: %w", err)
	}
	for _, a := range comp.Aliases {
		if _, err := tx.exec(ctx, `INSERT INTO competitor_aliases (competitor_id, brand_id, alias) VALUES (?, ?, ?)`, comp.ID, brandID, a); err != nil {
			return nil, fmt.Errorf("insert competitor alias: %w", err)
		}
	}
	if _, err := ensureFoundBrand(ctx, tx, brandID, comp.Name, false, comp.ID); err != nil {
		return nil, err
	}
	return comp, nil
}

// ensureFoundBrand returns the id of the found brand named name (matched
// case-insensitively), creating it, and links it to the brand itself or to
// a competitor when asked.
func ensureFoundBrand(ctx context.Context, tx *Tx, brandID, name string, isSelf bool, competitorID string) (string, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	var id string
	err := tx.queryRow(ctx, `SELECT id FROM found_brands WHERE brand_id = ? AND name_key = ?`, brandID, key).Scan(&id)
	switch code := sightline.ErrorCode(mapError(err)); {
	case err == nil:
		if isSelf || competitorID != "" {
			if _, err := tx.exec(ctx, `UPDATE found_brands SET is_self = ?, competitor_id = ? WHERE id = ?`, isSelf, nullString(competitorID), id); err != nil {
				return "", fmt.Errorf("link found brand: %w", err)
			}
		}
		return id, nil
	case code != sightline.ENOTFOUND:
		return "", fmt.Errorf("find found brand: %w", err)
	}
	id = newID()
	if _, err := tx.exec(ctx, `INSERT INTO found_brands (id, brand_id, name, name_key, is_self, competitor_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		id, brandID, strings.TrimSpace(name), key, isSelf, nullString(competitorID), ts(tx.now)); err != nil {
		return "", fmt.Errorf("insert found brand: %w", err)
	}
	return id, nil
}

// FindBrandByID returns a brand of orgID.
func (db *DB) FindBrandByID(ctx context.Context, orgID, id string) (*sightline.Brand, error) {
	return db.findBrand(ctx, orgID, id, false)
}

// FindBrandByIDAnyOrg returns a brand whatever its organization.
func (db *DB) FindBrandByIDAnyOrg(ctx context.Context, id string) (*sightline.Brand, error) {
	return db.findBrand(ctx, "", id, true)
}

func (db *DB) findBrand(ctx context.Context, orgID, id string, anyOrg bool) (*sightline.Brand, error) {
	orgID, id = strings.ToLower(orgID), strings.ToLower(id)
	if !sightline.IsUUID(id) || (!anyOrg && !sightline.IsUUID(orgID)) {
		return nil, notFound("Brand")
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var s sqlb
	s.Add(`SELECT b.id, b.org_id, b.name, b.domain, b.created_at, b.updated_at FROM brands b WHERE b.id = ?`, id)
	if !anyOrg {
		s.Add(` AND b.org_id = ?`, orgID)
	}
	brands, err := scanBrands(ctx, tx, s.String(), s.Args...)
	if err != nil {
		return nil, err
	}
	if len(brands) == 0 {
		return nil, notFound("Brand")
	}
	return brands[0], nil
}

// FindBrands returns a page of orgID's brands and the total count.
func (db *DB) FindBrands(ctx context.Context, orgID string, f sightline.BrandFilter) ([]*sightline.Brand, int, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	orgID = strings.ToLower(orgID)
	if !sightline.IsUUID(orgID) {
		return nil, 0, notFound("Organization")
	}
	var where sqlb
	where.Add(` WHERE b.org_id = ?`, orgID)
	if f.Query != "" {
		where.Add(` AND lower(b.name) LIKE ? ESCAPE '\'`, analyticsql.LikePattern(f.Query))
	}
	var count, page sqlb
	count.Add(`SELECT COUNT(*) FROM brands b`).AddSQL(&where)
	var total int
	if err := tx.queryRow(ctx, count.String(), count.Args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count brands: %w", err)
	}
	page.Add(`SELECT b.id, b.org_id, b.name, b.domain, b.created_at, b.updated_at FROM brands b`).AddSQL(&where).
		Add(orderBy(f.Sort, brandSortColumns, sightline.DefaultBrandSort, "b.id")+` LIMIT ? OFFSET ?`, f.PageSize, f.Offset())
	brands, err := scanBrands(ctx, tx, page.String(), page.Args...)
	if err != nil {
		return nil, 0, err
	}
	return brands, total, nil
}

// scanBrands runs a brands query and loads the domains and aliases of the
// brands it returns with one query each.
func scanBrands(ctx context.Context, tx *Tx, q string, args ...any) ([]*sightline.Brand, error) {
	rows, err := tx.query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("find brands: %w", err)
	}
	defer rows.Close()
	var out []*sightline.Brand
	byID := map[string]*sightline.Brand{}
	for rows.Next() {
		b := &sightline.Brand{Domains: []string{}, Aliases: []string{}}
		var created, updated Time
		if err := rows.Scan(&b.ID, &b.OrgID, &b.Name, &b.Domain, &created, &updated); err != nil {
			return nil, err
		}
		b.CreatedAt, b.UpdatedAt = created.Time, updated.Time
		out = append(out, b)
		byID[b.ID] = b
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	if len(out) == 0 {
		return out, nil
	}
	ids := make([]any, 0, len(out))
	for _, b := range out {
		ids = append(ids, b.ID)
	}
	err = eachRow(ctx, tx, `SELECT brand_id, domain FROM brand_domains WHERE brand_id IN (`+analyticsql.Placeholders(len(ids))+`) ORDER BY brand_id, ord, domain`, ids,
		func(scan func(...any) error) error {
			var id, d string
			if err := scan(&id, &d); err != nil {
				return err
			}
			byID[id].Domains = append(byID[id].Domains, d)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("find brand domains: %w", err)
	}
	err = eachRow(ctx, tx, `SELECT brand_id, alias FROM brand_aliases WHERE brand_id IN (`+analyticsql.Placeholders(len(ids))+`) ORDER BY brand_id, alias`, ids,
		func(scan func(...any) error) error {
			var id, a string
			if err := scan(&id, &a); err != nil {
				return err
			}
			byID[id].Aliases = append(byID[id].Aliases, a)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("find brand aliases: %w", err)
	}
	return out, nil
}

// checkBrand makes every brand-scoped store method answer NOT_FOUND for a
// brand of another organization, exactly as for one that does not exist.
func checkBrand(ctx context.Context, tx *Tx, orgID, brandID string) error {
	if !sightline.IsUUID(orgID) || !sightline.IsUUID(brandID) {
		return notFound("Brand")
	}
	var n int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM brands WHERE id = ? AND org_id = ?`, brandID, orgID).Scan(&n); err != nil {
		return fmt.Errorf("check brand: %w", err)
	}
	if n == 0 {
		return notFound("Brand")
	}
	return nil
}

// checkBrandHolds refuses, before the transaction commits, a brand that
// would hold more than max rows of what count counts: 409 CONFLICT naming
// field, code limit_reached (docs/api.md#limits).
func checkBrandHolds(ctx context.Context, tx *Tx, count string, args []any, max int, field, noun string) error {
	var n int
	if err := tx.queryRow(ctx, count, args...).Scan(&n); err != nil {
		return fmt.Errorf("count %s: %w", noun, err)
	}
	if n > max {
		return sightline.FieldErr(sightline.ECONFLICT, field, "limit_reached",
			"A brand holds at most %d %s; this would make %d. Delete some first.", max, noun, n)
	}
	return nil
}

// UpdateBrand changes a brand's name, domains or aliases. A new name
// renames the brand's own found-brand row, so that past mentions count
// under it; new domains rebuild the brand's rollups, which count owned
// citations as of ingest.
func (db *DB) UpdateBrand(ctx context.Context, orgID, id string, in sightline.BrandInput) (*sightline.Brand, error) {
	if err := in.Validate(false); err != nil {
		return nil, err
	}
	orgID, id = strings.ToLower(orgID), strings.ToLower(id)
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, id); err != nil {
		return nil, err
	}
	if in.Name != nil {
		name := strings.TrimSpace(*in.Name)
		if _, err := tx.exec(ctx, `UPDATE brands SET name = ? WHERE id = ?`, name, id); err != nil {
			return nil, fmt.Errorf("rename brand: %w", err)
		}
		if err := renameSelf(ctx, tx, id, name); err != nil {
			return nil, err
		}
	}
	if in.Domains != nil {
		domains := dedupe(*in.Domains)
		primary := ""
		if len(domains) > 0 {
			primary = domains[0]
		}
		if _, err := tx.exec(ctx, `UPDATE brands SET domain = ? WHERE id = ?`, primary, id); err != nil {
			return nil, fmt.Errorf("update brand domain: %w", err)
		}
		if _, err := tx.exec(ctx, `DELETE FROM brand_domains WHERE brand_id = ?`, id); err != nil {
			return nil, fmt.Errorf("clear brand domains: %w", err)
		}
		for i, d := range domains {
			if _, err := tx.exec(ctx, `INSERT INTO brand_domains (brand_id, domain, ord) VALUES (?, ?, ?)`, id, d, i); err != nil {
				return nil, fmt.Errorf("insert brand domain: %w", err)
			}
		}
		if err := rebuildBrandRollups(ctx, tx, id); err != nil {
			return nil, err
		}
	}
	if in.Aliases != nil {
		if _, err := tx.exec(ctx, `DELETE FROM brand_aliases WHERE brand_id = ?`, id); err != nil {
			return nil, fmt.Errorf("clear brand aliases: %w", err)
		}
		for _, a := range dedupe(*in.Aliases) {
			if _, err := tx.exec(ctx, `INSERT INTO brand_aliases (brand_id, alias) VALUES (?, ?)`, id, a); err != nil {
				return nil, fmt.Errorf("insert brand alias: %w", err)
			}
		}
	}
	if _, err := tx.exec(ctx, `UPDATE brands SET updated_at = ? WHERE id = ?`, ts(tx.now), id); err != nil {
		return nil, fmt.Errorf("update brand: %w", err)
	}
	brands, err := scanBrands(ctx, tx, `SELECT b.id, b.org_id, b.name, b.domain, b.created_at, b.updated_at FROM brands b WHERE b.id = ?`, id)
	if err != nil {
		return nil, err
	}
	return brands[0], tx.Commit()
}

// renameSelf renames the brand's own found-brand row. When answers already
// named an untracked brand by the new name, that row becomes the brand's
// own instead (its mentions were of this brand all along).
func renameSelf(ctx context.Context, tx *Tx, brandID, name string) error {
	key := strings.ToLower(name)
	var other string
	err := tx.queryRow(ctx, `SELECT id FROM found_brands WHERE brand_id = ? AND name_key = ? AND is_self = ?`, brandID, key, false).Scan(&other)
	switch code := sightline.ErrorCode(mapError(err)); {
	case err == nil:
		if _, err := tx.exec(ctx, `UPDATE found_brands SET is_self = ? WHERE brand_id = ? AND is_self = ?`, false, brandID, true); err != nil {
			return fmt.Errorf("unlink found brand: %w", err)
		}
		if _, err := tx.exec(ctx, `UPDATE found_brands SET is_self = ?, competitor_id = NULL, name = ? WHERE id = ?`, true, name, other); err != nil {
			return fmt.Errorf("link found brand: %w", err)
		}
		return rebuildBrandRollups(ctx, tx, brandID)
	case code != sightline.ENOTFOUND:
		return fmt.Errorf("find found brand: %w", err)
	}
	if _, err := tx.exec(ctx, `UPDATE found_brands SET name = ?, name_key = ? WHERE brand_id = ? AND is_self = ?`, name, key, brandID, true); err != nil {
		return fmt.Errorf("rename found brand: %w", err)
	}
	return nil
}
