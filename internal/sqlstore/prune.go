package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.HousekeepingService = (*DB)(nil)

// Prune deletes finished jobs that ended before jobsBefore and idempotency
// records past their 24 hours in one transaction, then the rate-limit windows
// that have ended where the counts are (pruneRateLimits;
// docs/api.md#house-keeping). The latest job of a brand's opportunity compute
// and of each brief stays: the API shows its status.
func (db *DB) Prune(ctx context.Context, jobsBefore time.Time) (sightline.PruneResult, error) {
	var out sightline.PruneResult
	tx, err := db.begin(ctx)
	if err != nil {
		return out, err
	}
	defer tx.Rollback()
	res, err := tx.exec(ctx, `DELETE FROM jobs WHERE status IN (?, ?) AND completed_at < ?
		AND (NOT (kind = ? OR kind LIKE ?) OR EXISTS (
			SELECT 1 FROM jobs n WHERE n.brand_id = jobs.brand_id AND n.kind = jobs.kind AND n.enqueued_at > jobs.enqueued_at))`,
		sightline.JobCompleted, sightline.JobFailed, ts(jobsBefore), sightline.JobKindOpportunities, sightline.JobKindBriefPrefix+"%")
	if err != nil {
		return out, fmt.Errorf("prune jobs: %w", err)
	}
	out.Jobs, _ = res.RowsAffected()
	res, err = tx.exec(ctx, `DELETE FROM idempotency_keys WHERE created_at <= ?`, ts(tx.now.Add(-sightline.IdempotencyTTL)))
	if err != nil {
		return out, fmt.Errorf("prune idempotency keys: %w", err)
	}
	out.IdempotencyKeys, _ = res.RowsAffected()
	if err := tx.Commit(); err != nil {
		return out, err
	}
	out.RateLimitCounters, err = db.pruneRateLimits(ctx)
	return out, err
}

// pruneRateLimits deletes the rate-limit windows that have ended, where
// the counters are (rateLimitDB); on SQLite nothing when no request was
// ever counted next to this file.
func (db *DB) pruneRateLimits(ctx context.Context) (int64, error) {
	if db.dialect.Engine == engineSQLite {
		if _, err := os.Stat(db.countsPath); errors.Is(err, fs.ErrNotExist) {
			return 0, nil
		}
	}
	tx, err := db.beginCounts(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	res, err := tx.exec(ctx, `DELETE FROM rate_limit_counters WHERE window_start < ?`,
		ts(tx.now.Truncate(sightline.RateLimitWindow).Add(-sightline.RateLimitWindow)))
	if err != nil {
		return 0, fmt.Errorf("prune rate-limit counters: %w", err)
	}
	n, _ := res.RowsAffected()
	return n, tx.Commit()
}

var _ sightline.RetentionService = (*DB)(nil)

// PruneFacts deletes the answers, mentions and citations of every brand's
// runs before the midnight before (docs/retention.md). Each brand's pruned
// day is recorded first, in its own transaction, so that from then on no
// read uses that brand's facts before it, however far the deletion got;
// then each day goes in one transaction, oldest first. A second call with
// the same day finishes what an interrupted one left.
func (db *DB) PruneFacts(ctx context.Context, before time.Time, progress func(sightline.FactPruneProgress)) (sightline.FactPruneResult, error) {
	var out sightline.FactPruneResult
	before = before.UTC()
	today := sightline.StartOfDay(db.Now().UTC())
	if !before.Equal(sightline.StartOfDay(before)) {
		return out, sightline.FieldErr(sightline.EINVALIDPARAM, "before", "invalid", "before must be a day (a UTC midnight), not %s", before.Format(time.RFC3339))
	}
	if latest := today.AddDate(0, 0, -sightline.MinRetentionDays); before.After(latest) {
		return out, sightline.FieldErr(sightline.EINVALIDPARAM, "before", "too_recent",
			"before %s keeps less than %d days of answers; the latest allowed today is %s (docs/retention.md)",
			before.Format(time.DateOnly), sightline.MinRetentionDays, latest.Format(time.DateOnly))
	}
	brands, err := db.pruneBrands(ctx, before)
	if err != nil {
		return out, err
	}
	providers, err := db.pruneKeys(ctx, `SELECT id FROM providers`)
	if err != nil {
		return out, err
	}
	providers = orNoMatch(providers)
	for _, b := range brands {
		out.Brands++
		topics, err := db.pruneKeys(ctx, `SELECT id FROM topics WHERE brand_id = ?`, b.id)
		if err != nil {
			return out, err
		}
		topics = append(topics, nilTopic)
		for day := sightline.StartOfDay(b.first); day.Before(before); day = day.AddDate(0, 0, 1) {
			p, err := db.pruneDay(ctx, b.id, topics, providers, day)
			if err != nil {
				return out, fmt.Errorf("prune %s of brand %s: %w", day.Format(time.DateOnly), b.id, err)
			}
			out.Answers += p.Answers
			out.Mentions += p.Mentions
			out.Citations += p.Citations
			if progress != nil {
				progress(p)
			}
		}
	}
	if err := db.pruneAgentLogs(ctx, before, &out); err != nil {
		return out, err
	}
	return out, nil
}

// pruneAgentLogs deletes the agent visits and AI referrals before before,
// one brand and table per transaction (docs/agents.md#privacy).
func (db *DB) pruneAgentLogs(ctx context.Context, before time.Time, out *sightline.FactPruneResult) error {
	brands, err := db.pruneKeys(ctx, `SELECT id FROM brands ORDER BY id`)
	if err != nil {
		return err
	}
	for _, id := range brands {
		for _, t := range []struct {
			q string
			n *int64
		}{
			{`DELETE FROM agent_visits WHERE brand_id = ? AND visited_at < ?`, &out.AgentVisits},
			{`DELETE FROM ai_referrals WHERE brand_id = ? AND referred_at < ?`, &out.AIReferrals},
		} {
			tx, err := db.begin(ctx)
			if err != nil {
				return err
			}
			res, err := tx.exec(ctx, t.q, id, ts(before))
			if err != nil {
				tx.Rollback()
				return fmt.Errorf("prune agent logs of brand %s: %w", id, err)
			}
			n, _ := res.RowsAffected()
			*t.n += n
			if err := tx.Commit(); err != nil {
				return err
			}
		}
	}
	return nil
}

type pruneBrand struct {
	id    string
	first time.Time // the first run's time (zero when none is older than before)
}

// pruneBrands records before as the pruned day of every brand (keeping a
// later one) and returns the brands with runs before it.
func (db *DB) pruneBrands(ctx context.Context, before time.Time) ([]pruneBrand, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	ids, err := queryStrings(ctx, tx, `SELECT id FROM brands ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("find brands: %w", err)
	}
	for _, id := range ids {
		if _, err := tx.exec(ctx, `INSERT INTO fact_horizons (brand_id, pruned_before) VALUES (?, ?)
			ON CONFLICT (brand_id) DO UPDATE SET pruned_before = CASE WHEN excluded.pruned_before > fact_horizons.pruned_before
				THEN excluded.pruned_before ELSE fact_horizons.pruned_before END`, id, ts(before)); err != nil {
			return nil, fmt.Errorf("record pruned day: %w", err)
		}
	}
	var out []pruneBrand
	err = eachRow(ctx, tx, `SELECT b.id, MIN(r.ran_at) FROM brands b JOIN runs r ON r.brand_id = b.id AND r.ran_at < ?
		GROUP BY b.id ORDER BY b.id`, []any{ts(before)}, func(scan func(...any) error) error {
		var b pruneBrand
		var first Time
		if err := scan(&b.id, &first); err != nil {
			return err
		}
		b.first = first.Time
		out = append(out, b)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find brands to prune: %w", err)
	}
	return out, tx.Commit()
}

// pruneKeys reads the ids of q (the topics of a brand, the providers).
func (db *DB) pruneKeys(ctx context.Context, q string, args ...any) ([]string, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	ids, err := queryStrings(ctx, tx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("find fact keys: %w", err)
	}
	return ids, nil
}

// pruneDay deletes one brand's answers, mentions and citations of one day.
// The fact tables are keyed by (brand, topic, provider, ran_at, …): naming
// every topic (nilTopic too) and provider makes each pair one range.
func (db *DB) pruneDay(ctx context.Context, brandID string, topics, providers []string, day time.Time) (sightline.FactPruneProgress, error) {
	p := sightline.FactPruneProgress{BrandID: brandID, Day: day}
	tx, err := db.begin(ctx)
	if err != nil {
		return p, err
	}
	defer tx.Rollback()
	lo, hi := ts(day), ts(day.AddDate(0, 0, 1))
	res, err := tx.exec(ctx, `DELETE FROM run_answers WHERE run_seq IN (SELECT seq FROM runs WHERE brand_id = ? AND ran_at >= ? AND ran_at < ?)`, brandID, lo, hi)
	if err != nil {
		return p, fmt.Errorf("delete answers: %w", err)
	}
	p.Answers, _ = res.RowsAffected()
	for _, t := range []struct {
		table string
		n     *int64
	}{{"mentions", &p.Mentions}, {"citations", &p.Citations}} {
		var s sqlb
		s.Add(`DELETE FROM `+t.table+` WHERE brand_id = ? AND topic_id IN (`+analyticsql.Placeholders(len(topics))+`)
			AND provider_id IN (`+analyticsql.Placeholders(len(providers))+`) AND ran_at >= ? AND ran_at < ?`, brandID, anys(topics), anys(providers), lo, hi)
		res, err := tx.exec(ctx, s.String(), s.Args...)
		if err != nil {
			return p, fmt.Errorf("delete %s: %w", t.table, err)
		}
		*t.n, _ = res.RowsAffected()
	}
	// The fan-out queries and retrieved sources are the answer's content
	// too, pruned with it (docs/collect.md#fan-out-and-sources).
	for _, table := range []string{"run_search_queries", "run_sources"} {
		var s sqlb
		s.Add(`DELETE FROM `+table+` WHERE brand_id = ? AND topic_id IN (`+analyticsql.Placeholders(len(topics))+`)
			AND provider_id IN (`+analyticsql.Placeholders(len(providers))+`) AND ran_at >= ? AND ran_at < ?`, brandID, anys(topics), anys(providers), lo, hi)
		if _, err := tx.exec(ctx, s.String(), s.Args...); err != nil {
			return p, fmt.Errorf("delete %s: %w", table, err)
		}
	}
	return p, tx.Commit()
}

// prunedBefore returns the day before which a brand's facts were pruned,
// or the zero time.
func prunedBefore(ctx context.Context, tx *Tx, brandID string) (time.Time, error) {
	var t Time
	err := tx.queryRow(ctx, `SELECT pruned_before FROM fact_horizons WHERE brand_id = ?`, brandID).Scan(&t)
	if sightline.ErrorCode(err) == sightline.ENOTFOUND {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("find pruned day: %w", err)
	}
	return t.Time, nil
}

// prunedError refuses a read of facts pruned before day.
func prunedError(day time.Time) error {
	return sightline.FieldErr(sightline.EINVALIDPARAM, "filter[ran_at_start]", "pruned",
		"the answers, mentions and citations before %s were pruned, and this request needs them: "+
			"start the window on or after that day, or use whole UTC days without a prompt, region, brand_ids, domain type or YouTube channel filter (docs/retention.md)",
		day.Format(time.DateOnly))
}
