package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.AgentLogService = (*DB)(nil)

// agentRowsPerStatement bounds one INSERT's rows: 13 columns a row stays
// far below SQLite's 32,766 variables.
const agentRowsPerStatement = 500

// StoreAgentLog inserts a brand's visits and referrals in one transaction;
// a key the brand has already is left as it is (ON CONFLICT DO NOTHING),
// so the counts are of the rows inserted now. New visits queue the brand's
// change detection, as new runs do.
func (db *DB) StoreAgentLog(ctx context.Context, orgID, brandID string, visits []sightline.AgentVisit, referrals []sightline.AIReferral) (sightline.AgentLogStored, error) {
	var out sightline.AgentLogStored
	if !sightline.IsUUID(orgID) || !sightline.IsUUID(brandID) {
		return out, sightline.Errorf(sightline.ENOTFOUND, "Brand not found.")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return out, err
	}
	defer tx.Rollback()
	var one int
	if err := tx.queryRow(ctx, `SELECT 1 FROM brands WHERE id = ? AND org_id = ?`, brandID, orgID).Scan(&one); err != nil {
		if sightline.ErrorCode(err) == sightline.ENOTFOUND {
			return out, sightline.Errorf(sightline.ENOTFOUND, "Brand not found.")
		}
		return out, fmt.Errorf("find brand: %w", err)
	}
	// the keys inserted now (a key stored before is not returned): what
	// the rollups add
	var visitKeys, referralKeys []string
	for len(visits) > 0 {
		n := min(len(visits), agentRowsPerStatement)
		args := make([]any, 0, n*13)
		for _, v := range visits[:n] {
			args = append(args, brandID, v.Key, ts(v.At), v.Host, v.Page, v.Method, v.Status, v.Agent, v.Operator, v.Purpose, v.Verification, v.Network, v.URL)
		}
		err := eachRow(ctx, tx, `INSERT INTO agent_visits (brand_id, visit_key, visited_at, host, page, method, status, agent, operator, purpose, verification, network, url)
			VALUES `+rowsOf(n, 13)+` ON CONFLICT (brand_id, visit_key) DO NOTHING RETURNING visit_key`, args, func(scan func(...any) error) error {
			var k string
			err := scan(&k)
			visitKeys = append(visitKeys, k)
			return err
		})
		if err != nil {
			return out, fmt.Errorf("insert agent visits: %w", err)
		}
		visits = visits[n:]
	}
	for len(referrals) > 0 {
		n := min(len(referrals), agentRowsPerStatement)
		args := make([]any, 0, n*7)
		for _, r := range referrals[:n] {
			args = append(args, brandID, r.Key, ts(r.At), r.Host, r.Page, r.Source, r.URL)
		}
		err := eachRow(ctx, tx, `INSERT INTO ai_referrals (brand_id, referral_key, referred_at, host, page, source, url)
			VALUES `+rowsOf(n, 7)+` ON CONFLICT (brand_id, referral_key) DO NOTHING RETURNING referral_key`, args, func(scan func(...any) error) error {
			var k string
			err := scan(&k)
			referralKeys = append(referralKeys, k)
			return err
		})
		if err != nil {
			return out, fmt.Errorf("insert AI referrals: %w", err)
		}
		referrals = referrals[n:]
	}
	out.Visits, out.Referrals = len(visitKeys), len(referralKeys)
	if err := addAgentRollups(ctx, tx, brandID, visitKeys, referralKeys); err != nil {
		return out, err
	}
	if out.Visits > 0 {
		// new visits can open or close crawler.blocked
		// (docs/metrics.md#signals-signals-webhook-events)
		if err := queueDetection(ctx, tx, []string{brandID}); err != nil {
			return out, err
		}
	}
	return out, tx.Commit()
}

// agentKeysPerStatement bounds the keys one rollup write names (one JSON
// parameter).
const agentKeysPerStatement = 10000

// addAgentRollups adds the brand's visits and referrals with these keys,
// inserted in tx, to the agent rollups, in the transaction that stores
// them (docs/metrics.md#rollups).
func addAgentRollups(ctx context.Context, tx *Tx, brandID string, visitKeys, referralKeys []string) error {
	for len(visitKeys) > 0 || len(referralKeys) > 0 {
		var v, r *analyticsql.AgentRollups
		if len(visitKeys) > 0 {
			n := min(len(visitKeys), agentKeysPerStatement)
			v, visitKeys = &analyticsql.AgentRollups{BrandID: brandID, Keys: visitKeys[:n]}, visitKeys[n:]
		}
		if len(referralKeys) > 0 {
			n := min(len(referralKeys), agentKeysPerStatement)
			r, referralKeys = &analyticsql.AgentRollups{BrandID: brandID, Keys: referralKeys[:n]}, referralKeys[n:]
		}
		for _, s := range analyticsql.AgentRollupWrites(tx.d, v, r) {
			if _, err := tx.exec(ctx, s.String(), s.Args...); err != nil {
				return fmt.Errorf("add agent rollups: %w", err)
			}
		}
	}
	return nil
}

// fillAgentRollups is migration 0025's step: the agent rollups of the
// visits and referrals stored before it. Its page totals are left empty:
// migration 0027 replaces them, and its step fills them.
func fillAgentRollups(ctx context.Context, tx *Tx) error {
	for _, s := range analyticsql.AgentRollupWrites0025(tx.d, &analyticsql.AgentRollups{}, &analyticsql.AgentRollups{}) {
		if _, err := tx.exec(ctx, s.String(), s.Args...); err != nil {
			return fmt.Errorf("fill agent rollups: %w", err)
		}
	}
	return nil
}

// fillAgentPageTotals is migration 0027's step: the page totals, a
// verdict's figures in its own columns, of the visits stored before it.
func fillAgentPageTotals(ctx context.Context, tx *Tx) error {
	for _, s := range analyticsql.AgentPageTotalWrites(tx.d, &analyticsql.AgentRollups{}) {
		if _, err := tx.exec(ctx, s.String(), s.Args...); err != nil {
			return fmt.Errorf("fill agent page totals: %w", err)
		}
	}
	return nil
}

// rowsOf returns n rows of cols placeholders: (?, ?), (?, ?).
func rowsOf(n, cols int) string {
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"
	return strings.TrimSuffix(strings.Repeat(row+", ", n), ", ")
}
