package sqlstore

import (
	"context"
	"fmt"
	"time"

	"github.com/sightline/sightline/internal/analyticsql"
)

// The rollup tables and the statements that write them are
// internal/analyticsql's (rollups.go, docs/metrics.md#rollups): here they
// run inside the store's transactions.

// nilTopic stands for "no topic" in the fact tables and the rollups,
// whose keys cannot be NULL.
const nilTopic = noMatchID

// execRollups runs rollup writes.
func execRollups(ctx context.Context, tx *Tx, what string, ws []analyticsql.RollupWrite) error {
	for _, w := range ws {
		if _, err := tx.exec(ctx, w.String(), w.Args...); err != nil {
			return fmt.Errorf("%s %s: %w", what, w.Table, err)
		}
	}
	return nil
}

// rebuildRollups fills the daily run rollups from every stored run (the
// migrations that add them); tables, when given, limits it to those.
func rebuildRollups(ctx context.Context, tx *Tx, tables ...string) error {
	lo, hi, err := runRange(ctx, tx)
	if err != nil || hi < lo {
		return err
	}
	return execRollups(ctx, tx, "refresh", analyticsql.FillRollups(tx.d, analyticsql.RollupFill{Lo: lo, Hi: hi}, tables...))
}

// fillRollups0002 fills migration 0002's rollups, in its schema, from
// every stored run.
func fillRollups0002(ctx context.Context, tx *Tx) error {
	lo, hi, err := runRange(ctx, tx)
	if err != nil || hi < lo {
		return err
	}
	return execRollups(ctx, tx, "refresh", analyticsql.FillRollups0002(tx.d, analyticsql.RollupFill{Lo: lo, Hi: hi},
		"daily_runs", "daily_mentions", "daily_topic_mentions", "daily_pages", "daily_domains", "daily_page_brands", "daily_domain_brands"))
}

// runRange is the smallest and largest seq of the stored runs.
func runRange(ctx context.Context, tx *Tx) (lo, hi int64, err error) {
	s := analyticsql.RunRange(tx.d, nil)
	if err := tx.queryRow(ctx, s.String(), s.Args...).Scan(&lo, &hi); err != nil {
		return 0, 0, fmt.Errorf("run range: %w", err)
	}
	return lo, hi, nil
}

// refreshWeekly adds up a brand's daily rows into the weekly and
// half-week tables named by tables, every one when none is
// (analyticsql.WeeklyRollups); those rows of the brand must be empty.
func refreshWeekly(ctx context.Context, tx *Tx, brandID string, tables ...string) error {
	return execRollups(ctx, tx, "refresh", analyticsql.WeeklyRollups(tx.d, brandID, time.Time{}, time.Time{}, tables...))
}

// rebuildBrandRollups recomputes a brand's run rollups from its facts from
// its pruned day on (analyticsql.BrandRebuild): a change of its domains or
// competitors, a rename, reanalyze.
func rebuildBrandRollups(ctx context.Context, tx *Tx, brandID string) error {
	since, err := prunedBefore(ctx, tx, brandID)
	if err != nil {
		return err
	}
	b := analyticsql.BrandRebuild{BrandID: brandID, Since: since}
	if err := execRollups(ctx, tx, "clear", b.Clear(tx.d)); err != nil {
		return err
	}
	var lo, hi int64
	s := b.RunRange(tx.d)
	if err := tx.queryRow(ctx, s.String(), s.Args...).Scan(&lo, &hi); err != nil {
		return fmt.Errorf("run range: %w", err)
	}
	if hi >= lo {
		if err := execRollups(ctx, tx, "refresh", b.Fill(tx.d, lo, hi)); err != nil {
			return err
		}
	}
	return execRollups(ctx, tx, "refresh", b.Weeks(tx.d))
}

// fillSearchQueryRollups is migration 0022's step: it writes query_key of
// the fan-out queries stored before with analyticsql.FoldQuery, so that the fold has
// one definition (in Go), through a table of the distinct queries and
// their keys (one UPDATE pass instead of one per query), and then fills
// daily_search_queries and weekly_search_queries from the facts as ingest
// would have.
func fillSearchQueryRollups(ctx context.Context, tx *Tx) error {
	queries, err := queryStrings(ctx, tx, `SELECT DISTINCT query FROM run_search_queries`)
	if err != nil {
		return fmt.Errorf("read search queries: %w", err)
	}
	if len(queries) == 0 {
		return nil
	}
	if _, err := tx.exec(ctx, `CREATE TABLE search_query_keys (query TEXT PRIMARY KEY, query_key TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("create search_query_keys: %w", err)
	}
	const batch = 500
	for len(queries) > 0 {
		n := min(batch, len(queries))
		args := make([]any, 0, 2*n)
		for _, q := range queries[:n] {
			args = append(args, q, analyticsql.FoldQuery(q))
		}
		if _, err := tx.exec(ctx, `INSERT INTO search_query_keys (query, query_key) VALUES `+valuesList(n, 2), args...); err != nil {
			return fmt.Errorf("fill search_query_keys: %w", err)
		}
		queries = queries[n:]
	}
	for _, st := range []string{
		`UPDATE run_search_queries SET query_key = (
			SELECT search_query_keys.query_key FROM search_query_keys WHERE search_query_keys.query = run_search_queries.query)`,
		`DROP TABLE search_query_keys`,
	} {
		if _, err := tx.exec(ctx, st); err != nil {
			return fmt.Errorf("fold search queries: %w", err)
		}
	}
	// the rollups of this migration's schema, with the region
	if err := execRollups(ctx, tx, "fill", analyticsql.SearchQueryFill0022(tx.d)); err != nil {
		return err
	}
	// PostgreSQL plans the list's range joins from the tables' statistics:
	// without them, until autovacuum comes by, it scanned every row of the
	// brand (245 ms instead of 60 ms on the small demo set)
	if tx.d.Engine == enginePostgres {
		if _, err := tx.exec(ctx, `ANALYZE run_search_queries, daily_search_queries, weekly_search_queries`); err != nil {
			return fmt.Errorf("analyze search query rollups: %w", err)
		}
	}
	return nil
}

// fillSearchQueryRegions is migration 0032's step: it fills the fan-out
// rollups per region from the facts as ingest would have. A brand's days
// before its pruned day have no fan-out queries left, so no rows: a region
// filter over them is refused (docs/retention.md#what-still-answers).
func fillSearchQueryRegions(ctx context.Context, tx *Tx) error {
	if err := rebuildRollups(ctx, tx, "daily_search_query_regions"); err != nil {
		return err
	}
	brands, err := queryStrings(ctx, tx, `SELECT id FROM brands`)
	if err != nil {
		return fmt.Errorf("read brands: %w", err)
	}
	for _, b := range brands {
		if err := refreshWeekly(ctx, tx, b, "weekly_search_query_regions"); err != nil {
			return err
		}
	}
	// PostgreSQL plans the list's range joins from the tables' statistics,
	// which autovacuum gathers only later
	if tx.d.Engine == enginePostgres {
		if _, err := tx.exec(ctx, `ANALYZE daily_search_query_regions, weekly_search_query_regions`); err != nil {
			return fmt.Errorf("analyze search query region rollups: %w", err)
		}
	}
	return nil
}

// fillRetrievedRollups is migration 0023's step: it fills the
// retrieved-source rollups from the facts as ingest would have. A brand's
// days before its pruned day have no sources left, so no rows: their
// retrieved_count is null in any case (docs/retention.md#what-still-answers).
func fillRetrievedRollups(ctx context.Context, tx *Tx) error {
	if err := rebuildRollups(ctx, tx, "daily_retrieved_pages", "daily_retrieved_domains"); err != nil {
		return err
	}
	brands, err := queryStrings(ctx, tx, `SELECT id FROM brands`)
	if err != nil {
		return fmt.Errorf("read brands: %w", err)
	}
	for _, b := range brands {
		if err := refreshWeekly(ctx, tx, b, "weekly_retrieved_pages", "weekly_retrieved_domains"); err != nil {
			return err
		}
	}
	// PostgreSQL plans the reads' range joins from the tables' statistics,
	// which autovacuum gathers only later
	if tx.d.Engine == enginePostgres {
		if _, err := tx.exec(ctx, `ANALYZE daily_retrieved_pages, weekly_retrieved_pages, daily_retrieved_domains, weekly_retrieved_domains`); err != nil {
			return fmt.Errorf("analyze retrieved rollups: %w", err)
		}
	}
	return nil
}
