package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
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
	for len(visits) > 0 {
		n := min(len(visits), agentRowsPerStatement)
		args := make([]any, 0, n*13)
		for _, v := range visits[:n] {
			args = append(args, brandID, v.Key, ts(v.At), v.Host, v.Page, v.Method, v.Status, v.Agent, v.Operator, v.Purpose, v.Verification, v.Network, v.URL)
		}
		res, err := tx.exec(ctx, `INSERT INTO agent_visits (brand_id, visit_key, visited_at, host, page, method, status, agent, operator, purpose, verification, network, url)
			VALUES `+rowsOf(n, 13)+` ON CONFLICT (brand_id, visit_key) DO NOTHING`, args...)
		if err != nil {
			return out, fmt.Errorf("insert agent visits: %w", err)
		}
		k, _ := res.RowsAffected()
		out.Visits += int(k)
		visits = visits[n:]
	}
	for len(referrals) > 0 {
		n := min(len(referrals), agentRowsPerStatement)
		args := make([]any, 0, n*7)
		for _, r := range referrals[:n] {
			args = append(args, brandID, r.Key, ts(r.At), r.Host, r.Page, r.Source, r.URL)
		}
		res, err := tx.exec(ctx, `INSERT INTO ai_referrals (brand_id, referral_key, referred_at, host, page, source, url)
			VALUES `+rowsOf(n, 7)+` ON CONFLICT (brand_id, referral_key) DO NOTHING`, args...)
		if err != nil {
			return out, fmt.Errorf("insert AI referrals: %w", err)
		}
		k, _ := res.RowsAffected()
		out.Referrals += int(k)
		referrals = referrals[n:]
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

// rowsOf returns n rows of cols placeholders: (?, ?), (?, ?).
func rowsOf(n, cols int) string {
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"
	return strings.TrimSuffix(strings.Repeat(row+", ", n), ", ")
}
