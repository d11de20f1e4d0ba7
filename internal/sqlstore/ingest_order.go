package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/sightline/sightline"
)

// On PostgreSQL, concurrent ingests may create the same new rows of the
// shared lookup tables — providers, regions, found brands, advertisers —
// each under a unique key. Created in the order the runs arrive, two
// transactions could each hold a key the other waits for: a deadlock, and
// one ingest failed. So a PostgreSQL ingest reads its batch first and
// creates every lookup row it needs at the start of the transaction, in
// one global order (table, then key): a second ingest needing the same key
// waits for the first to commit instead, then finds the row. A deadlock or
// serialization failure that happens anyway (the database's rules may
// change under us) is retried with the same batch.

// ingestAttempts bounds the retries of one batch.
const ingestAttempts = 4

// ingestPostgres is IngestRuns on PostgreSQL.
func (db *DB) ingestPostgres(ctx context.Context, runs iter.Seq2[*sightline.AnalyzedRun, error]) (sightline.IngestStats, error) {
	var batch []*sightline.AnalyzedRun
	for r, err := range runs {
		if err != nil {
			return sightline.IngestStats{}, err
		}
		batch = append(batch, r)
	}
	for attempt := 1; ; attempt++ {
		stats, err := db.ingestBatch(ctx, batch)
		if err == nil || attempt == ingestAttempts || !retryable(err) {
			return stats, err
		}
		db.logger.WarnContext(ctx, "ingest retried", "attempt", attempt, "error", err.Error())
		select {
		case <-ctx.Done():
			return sightline.IngestStats{}, ctx.Err()
		case <-time.After(time.Duration(attempt) * 50 * time.Millisecond):
		}
	}
}

// ingestBatch stores a batch in one transaction: lookup rows first, in
// order, then the runs.
func (db *DB) ingestBatch(ctx context.Context, batch []*sightline.AnalyzedRun) (sightline.IngestStats, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return sightline.IngestStats{}, err
	}
	defer tx.Rollback()
	if err := createLookups(ctx, tx, batch); err != nil {
		return sightline.IngestStats{}, err
	}
	stats, err := db.ingestInTx(ctx, tx, func(yield func(*sightline.AnalyzedRun, error) bool) {
		for _, r := range batch {
			if !yield(r, nil) {
				return
			}
		}
	}, true)
	if err != nil {
		return sightline.IngestStats{}, err
	}
	if err := tx.Commit(); err != nil {
		return sightline.IngestStats{}, err
	}
	return stats, nil
}

// lookupRow is one row of a lookup table a batch needs: the INSERT … ON
// CONFLICT DO NOTHING that creates it, ordered by table and key.
type lookupRow struct {
	order int    // table: providers, regions, found brands, advertisers
	key   string // the unique key within the table
	sql   string
	args  []any
}

// createLookups creates the lookup rows the batch needs and that may not
// exist, in one global order; the first value of a key in the batch wins,
// as it would in arrival order.
func createLookups(ctx context.Context, tx *Tx, batch []*sightline.AnalyzedRun) error {
	now := ts(tx.now)
	rows := map[string]lookupRow{}
	add := func(r lookupRow) {
		k := fmt.Sprintf("%d\x00%s", r.order, r.key)
		if _, ok := rows[k]; !ok {
			rows[k] = r
		}
	}
	for _, r := range batch {
		add(lookupRow{0, r.Provider, `INSERT INTO providers (id, code, name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`,
			[]any{newID(), r.Provider, sightline.ProviderName(r.Provider), now}})
		add(lookupRow{1, r.Region, `INSERT INTO regions (id, code, name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`,
			[]any{newID(), r.Region, sightline.RegionName(r.Region), now}})
		for _, m := range r.Mentions {
			if m.Self || m.CompetitorID != "" {
				continue // created with the brand and its competitors
			}
			key := strings.ToLower(strings.TrimSpace(m.Name))
			add(lookupRow{2, r.BrandID + "\x00" + key,
				`INSERT INTO found_brands (id, brand_id, name, name_key, is_self, competitor_id, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?) ON CONFLICT (brand_id, name_key) DO NOTHING`,
				[]any{newID(), r.BrandID, strings.TrimSpace(m.Name), key, false, now}})
		}
		for _, a := range r.Ads {
			add(lookupRow{3, r.BrandID + "\x00" + a.Domain,
				`INSERT INTO advertisers (id, brand_id, name, domain, favicon_url, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (brand_id, domain) DO NOTHING`,
				[]any{newID(), r.BrandID, a.Advertiser, a.Domain, a.FaviconURL, now}})
		}
	}
	ordered := make([]lookupRow, 0, len(rows))
	for _, r := range rows {
		ordered = append(ordered, r)
	}
	slices.SortFunc(ordered, func(a, b lookupRow) int {
		if a.order != b.order {
			return a.order - b.order
		}
		return strings.Compare(a.key, b.key)
	})
	for _, r := range ordered {
		if _, err := tx.exec(ctx, r.sql, r.args...); err != nil {
			return fmt.Errorf("create lookup row: %w", mapError(err))
		}
	}
	return nil
}

// retryable reports a deadlock or serialization failure: the transaction
// was rolled back and the same work may succeed now.
func retryable(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == "40P01" || pgErr.Code == "40001")
}
