package sqlstore

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
)

var _ sightline.ProviderService = (*DB)(nil)

// FindProviders lists every provider by name.
func (db *DB) FindProviders(ctx context.Context) ([]*sightline.Provider, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var out []*sightline.Provider
	err = eachRow(ctx, tx, `SELECT id, code, name FROM providers ORDER BY name, id`, nil, func(scan func(...any) error) error {
		p := &sightline.Provider{}
		if err := scan(&p.ID, &p.Code, &p.Name); err != nil {
			return err
		}
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find providers: %w", err)
	}
	return out, nil
}

// FindRegions lists every region by code.
func (db *DB) FindRegions(ctx context.Context) ([]*sightline.Region, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var out []*sightline.Region
	err = eachRow(ctx, tx, `SELECT id, code, name FROM regions ORDER BY code, id`, nil, func(scan func(...any) error) error {
		r := &sightline.Region{}
		if err := scan(&r.ID, &r.Code, &r.Name); err != nil {
			return err
		}
		out = append(out, r)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find regions: %w", err)
	}
	return out, nil
}

// FindBrandProviders lists the providers that answered the brand's prompts.
func (db *DB) FindBrandProviders(ctx context.Context, orgID, brandID string) ([]*sightline.Provider, error) {
	return findOfBrand(ctx, db, orgID, brandID, `SELECT p.id, p.code, p.name FROM providers p
		WHERE EXISTS (SELECT 1 FROM runs r WHERE r.brand_id = ? AND r.provider_id = p.id) ORDER BY p.name, p.id`,
		func(p *sightline.Provider) []any { return []any{&p.ID, &p.Code, &p.Name} })
}

// FindBrandRegions lists the regions the brand's prompts ran in.
func (db *DB) FindBrandRegions(ctx context.Context, orgID, brandID string) ([]*sightline.Region, error) {
	return findOfBrand(ctx, db, orgID, brandID, `SELECT g.id, g.code, g.name FROM regions g
		WHERE EXISTS (SELECT 1 FROM runs r WHERE r.brand_id = ? AND r.region_id = g.id) ORDER BY g.code, g.id`,
		func(g *sightline.Region) []any { return []any{&g.ID, &g.Code, &g.Name} })
}

// findOfBrand runs a query with the brand id as its one argument and scans
// each row into a new T through the destinations fields returns.
func findOfBrand[T any](ctx context.Context, db *DB, orgID, brandID, q string, fields func(*T) []any) ([]*T, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	var out []*T
	err = eachRow(ctx, tx, q, []any{brandID}, func(scan func(...any) error) error {
		v := new(T)
		if err := scan(fields(v)...); err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find of brand: %w", err)
	}
	return out, nil
}
