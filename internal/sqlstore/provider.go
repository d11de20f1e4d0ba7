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
