package sqlstore

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/sightline/sightline/internal/analyticsql"
)

// The run rollups of an ingest transaction are added up by
// analyticsql.Sums (docs/metrics.md#rollups); here they are summed beside
// the store's writes and upserted before commit, in its transaction.

// ownedDomains returns a brand's domains (cached for the transaction).
func (it *ingestTx) ownedDomains(ctx context.Context, brandID string) (map[string]bool, error) {
	if d, ok := it.owned[brandID]; ok {
		return d, nil
	}
	d := map[string]bool{}
	err := eachRow(ctx, it.tx, `SELECT domain FROM brand_domains WHERE brand_id = ?`, []any{brandID}, func(scan func(...any) error) error {
		var dom string
		if err := scan(&dom); err != nil {
			return err
		}
		d[dom] = true
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find brand domains: %w", err)
	}
	it.owned[brandID] = d
	return d, nil
}

// rollupSums adds up the rollups of a transaction's new runs on a
// goroutine of its own, and then makes their upserts, while the store's
// connection writes the runs' facts: on SQLite the store is one
// connection, and this Go work was a fifth of its CPU
// (docs/performance.md#rollups-added-up-beside-the-store). The sums do not depend on when a run
// arrives, only on the order of the runs, which the channel keeps.
type rollupSums struct {
	runs     chan []analyticsql.RollupRun
	done     chan struct{} // closed once upserts and err are set
	finished bool
	dropped  atomic.Bool // the transaction failed: make no upserts
	upserts  []analyticsql.RollupRows
	err      error
}

func startRollupSums() *rollupSums {
	s := &rollupSums{runs: make(chan []analyticsql.RollupRun, 4), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		d := analyticsql.NewSums()
		for runs := range s.runs {
			for _, c := range runs {
				d.Add(c)
			}
		}
		if !s.dropped.Load() {
			s.upserts, s.err = d.Rows()
		}
	}()
	return s
}

// add counts new runs.
func (s *rollupSums) add(runs []analyticsql.RollupRun) {
	if len(runs) > 0 {
		s.runs <- runs
	}
}

// finish says that every run is counted: the upserts are made meanwhile.
func (s *rollupSums) finish() {
	if !s.finished {
		s.finished = true
		close(s.runs)
	}
}

// wait returns the upserts, once every run is counted.
func (s *rollupSums) wait() ([]analyticsql.RollupRows, error) {
	s.finish()
	<-s.done
	return s.upserts, s.err
}

// stop ends the goroutine, making no upserts if they were not asked for.
func (s *rollupSums) stop() {
	s.dropped.Store(true)
	s.wait()
}

// flushRollups upserts the transaction's rollups, adding to the rows of
// the days that already have some.
func (it *ingestTx) flushRollups(ctx context.Context) error {
	upserts, err := it.sums.wait()
	if err != nil {
		return err
	}
	for _, r := range upserts {
		f := newFactRows(r.Table, r.Columns())
		f.suffix, f.args = " "+r.Upsert(), r.Args
		if err := it.insertRows(ctx, f, true); err != nil {
			return err
		}
	}
	return nil
}
