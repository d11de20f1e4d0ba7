package sightline

import (
	"context"
	"time"
)

// MinRetentionDays is the shortest history of answers, mentions and
// citations that pruning keeps (docs/retention.md): every default window,
// its previous period, the signals' baseline and the engines' windows lie
// inside it, so only explicit older windows can need pruned facts.
const MinRetentionDays = 90

// FactPruneProgress reports one day of one brand pruned.
type FactPruneProgress struct {
	BrandID                      string
	Day                          time.Time
	Answers, Mentions, Citations int64
}

// FactPruneResult counts what PruneFacts deleted.
type FactPruneResult struct {
	Brands                       int
	Answers, Mentions, Citations int64
	// AgentVisits and AIReferrals are the access-log records deleted
	// (docs/agents.md#privacy).
	AgentVisits, AIReferrals int64
}

// RetentionService removes old raw facts.
type RetentionService interface {
	// PruneFacts deletes every brand's answers, mentions and citations of
	// runs before the UTC midnight before, and the agent visits and AI
	// referrals before it, day by day (each day one
	// transaction, reported to progress when not nil), and records that
	// day per brand. Runs, ads and every rollup stay. before must be a
	// midnight at least MinRetentionDays before today; a read that needs
	// the pruned facts is refused with INVALID_PARAMETER.
	PruneFacts(ctx context.Context, before time.Time, progress func(FactPruneProgress)) (FactPruneResult, error)
}
