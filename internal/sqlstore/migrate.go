package sqlstore

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sightline/sightline/internal/analyticsql"
)

//go:embed migrations
var migrationFS embed.FS

// Migration is one numbered schema change.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// readMigrations returns the engine's migrations ("sqlite" or "postgres") in order.
func readMigrations(engine string) ([]Migration, error) {
	dir := path.Join("migrations", engine)
	entries, err := fs.ReadDir(migrationFS, dir)
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var out []Migration
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".sql") {
			continue
		}
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number and _", e.Name())
		}
		body, err := fs.ReadFile(migrationFS, path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", e.Name(), err)
		}
		out = append(out, Migration{Version: v, Name: e.Name(), SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// migrationSteps are Go steps run right after a migration's SQL, in its
// transaction, for data changes that need the dialect (e.g. day buckets).
// A step runs on the schema of its migration, not the current one: it
// names the tables its migration creates, since the tables of later
// migrations do not exist yet when a database of an older schema upgrades.
var migrationSteps = map[int]func(ctx context.Context, tx *Tx) error{
	2: func(ctx context.Context, tx *Tx) error { // fill the new rollups from the facts already stored
		return fillRollups0002(ctx, tx)
	},
	8:  func(ctx context.Context, tx *Tx) error { return rebuildRollups(ctx, tx, "daily_topic_pages") },
	11: func(ctx context.Context, tx *Tx) error { return rebuildRollups(ctx, tx, "daily_ads") },
	22: fillSearchQueryRollups,
	23: fillRetrievedRollups,
	25: fillAgentRollups,
	27: fillAgentPageTotals,
	29: func(ctx context.Context, tx *Tx) error {
		return execRollups(ctx, tx, "fill", analyticsql.SurfaceFill0029(tx.d))
	},
	32: fillSearchQueryRegions,
}

const createMigrationsTable = `CREATE TABLE IF NOT EXISTS schema_migrations (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    applied_at  TEXT NOT NULL
)`

// Migrate applies every migration not applied yet, each in its own
// transaction, and returns the names it applied. Several processes may call
// it at once: on PostgreSQL the migrations table is locked for the duration
// of each step, on SQLite the write transaction is exclusive.
func (db *DB) Migrate(ctx context.Context) ([]string, error) {
	return db.MigrateTo(ctx, 0)
}

// MigrateTo applies, like Migrate, the migrations not applied yet up to
// and including version (0: all of them). Tests build databases of an
// older schema with it, to check that they upgrade with their data
// (docs/operations.md#upgrades).
func (db *DB) MigrateTo(ctx context.Context, version int) ([]string, error) {
	ms, err := readMigrations(db.dialect.Engine.String())
	if err != nil {
		return nil, err
	}
	if version > 0 {
		ms = slices.DeleteFunc(ms, func(m Migration) bool { return m.Version > version })
	}
	if _, err := db.write.ExecContext(ctx, createMigrationsTable); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	var applied []string
	for _, m := range ms {
		done, err := db.applyMigration(ctx, m)
		if err != nil {
			return applied, err
		}
		if done {
			applied = append(applied, m.Name)
			db.logger.Info("migration applied", "name", m.Name, "engine", db.Engine())
		}
	}
	return applied, nil
}

func (db *DB) applyMigration(ctx context.Context, m Migration) (bool, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	if db.dialect.Engine == enginePostgres {
		if _, err := tx.exec(ctx, "LOCK TABLE schema_migrations IN EXCLUSIVE MODE"); err != nil {
			return false, fmt.Errorf("lock schema_migrations: %w", err)
		}
	}
	var n int
	if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?", m.Version).Scan(&n); err != nil {
		return false, fmt.Errorf("check migration %s: %w", m.Name, err)
	}
	if n > 0 {
		return false, nil
	}
	if _, err := tx.tx.ExecContext(ctx, m.SQL); err != nil {
		return false, fmt.Errorf("apply migration %s: %w", m.Name, err)
	}
	if step := migrationSteps[m.Version]; step != nil {
		if err := step(ctx, tx); err != nil {
			return false, fmt.Errorf("apply migration %s: %w", m.Name, err)
		}
	}
	if _, err := tx.exec(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", m.Version, m.Name, ts(tx.now)); err != nil {
		return false, fmt.Errorf("record migration %s: %w", m.Name, err)
	}
	return true, tx.Commit()
}

// Pending returns the names of migrations not applied yet.
func (db *DB) Pending(ctx context.Context) ([]string, error) {
	ms, err := readMigrations(db.dialect.Engine.String())
	if err != nil {
		return nil, err
	}
	applied := map[int]bool{}
	rows, err := db.read.QueryContext(ctx, "SELECT version FROM schema_migrations")
	if err == nil {
		defer rows.Close()
		for rows.Next() {
			var v int
			if err := rows.Scan(&v); err != nil {
				return nil, err
			}
			applied[v] = true
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	var pending []string
	for _, m := range ms {
		if !applied[m.Version] {
			pending = append(pending, m.Name)
		}
	}
	return pending, nil
}

// MigrationNames lists the migration files of an engine ("sqlite" or
// "postgres") in order.
func MigrationNames(engine string) ([]string, error) {
	ms, err := readMigrations(engine)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Name
	}
	return names, nil
}
