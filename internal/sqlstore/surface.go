package sqlstore

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

// SetProviderSource chooses the SERP data vendor that asks a search
// surface for an organization (docs/collect.md#search-surfaces).
func (db *DB) SetProviderSource(ctx context.Context, orgID, surface, vendor string) error {
	if !sightline.IsUUID(orgID) {
		return notFound("Organization")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := checkOrg(ctx, tx, orgID); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `INSERT INTO provider_sources (org_id, surface, vendor, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (org_id, surface) DO UPDATE SET vendor = excluded.vendor, updated_at = excluded.updated_at`,
		orgID, surface, vendor, ts(tx.now)); err != nil {
		return fmt.Errorf("save provider source: %w", err)
	}
	return tx.Commit()
}

// FindProviderSource returns the vendor an organization chose for a
// search surface; "" when it chose none.
func (db *DB) FindProviderSource(ctx context.Context, orgID, surface string) (string, error) {
	if !sightline.IsUUID(orgID) {
		return "", nil
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	vs, err := queryStrings(ctx, tx, `SELECT vendor FROM provider_sources WHERE org_id = ? AND surface = ?`, orgID, surface)
	if err != nil {
		return "", fmt.Errorf("find provider source: %w", err)
	}
	if len(vs) == 0 {
		return "", nil
	}
	return vs[0], nil
}

// FindAnswerRates returns the answer rate of each search surface with
// runs in the scope (docs/metrics.md#answer-rate).
func (db *DB) FindAnswerRates(ctx context.Context, orgID string, scope sightline.Scope) ([]sightline.AnswerRate, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, scope.BrandID); err != nil {
		return nil, err
	}
	// Runs are never pruned and the statement reads no found brand: the
	// scope needs none of the ids newScope resolves.
	q := &analyticsql.Scope{Scope: scope, Dialect: tx.d, Rollups: !tx.noRollups, Now: tx.now}
	s := q.AnswerRates()
	out := []sightline.AnswerRate{}
	err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var a sightline.AnswerRate
		if err := scan(&a.ProviderID, &a.Provider, &a.AnswerRate, &a.Runs, &a.AnsweredRuns); err != nil {
			return err
		}
		out = append(out, a)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("answer rates: %w", err)
	}
	return out, nil
}
