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

// answerRateSQL counts, per search surface, the runs in scope and those
// where an answer was shown (docs/metrics.md#answer-rate). Only runs of a
// search surface have a run_surfaces row, so the join keeps exactly them.
// The scope's window and dimension filters follow "WHERE " (the
// analyticsql run filters); the rate is analyticsql.Pct.
var answerRateSQL = [2]string{`WITH surface_runs AS (
SELECT runs.provider_id, run_surfaces.answer_shown
FROM runs
JOIN run_surfaces ON run_surfaces.run_seq = runs.seq
WHERE `, `
),
surface_counts AS (
SELECT provider_id, COUNT(*) AS runs,
SUM(CASE WHEN answer_shown = ? THEN 1 ELSE 0 END) AS answered_runs
FROM surface_runs
GROUP BY provider_id
)
SELECT providers.id, providers.code,
` + analyticsql.Pct("surface_counts.answered_runs", "surface_counts.runs") + `,
surface_counts.runs, surface_counts.answered_runs
FROM surface_counts
JOIN providers ON providers.id = surface_counts.provider_id
ORDER BY providers.code`}

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
	q := &analyticsql.Scope{Scope: scope, Dialect: tx.d}
	var s sqlb
	s.Add(answerRateSQL[0])
	q.FilterIn(&s, "runs", q.Window)
	s.Add(answerRateSQL[1], true)
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
