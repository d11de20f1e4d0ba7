// Package sqlstoretest opens real, migrated, throw-away databases for tests:
// a SQLite file by default, a fresh PostgreSQL schema per test when
// SIGHTLINE_TEST_DB=postgres.
//
// Environment:
//
//	SIGHTLINE_TEST_DB        "sqlite" (default) or "postgres"
//	SIGHTLINE_TEST_PG        PostgreSQL URL (default postgres://postgres@127.0.0.1:5432/test?sslmode=disable)
//	SIGHTLINE_TEST_REQUIRE_PG=1  fail instead of skipping when PostgreSQL cannot be reached (CI)
//	SIGHTLINE_TEST_NO_ROLLUPS=1  metric queries read the fact tables only (DB.NoRollups)
package sqlstoretest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // admin connection for schemas
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
)

// DefaultPostgresURL is where tests look for PostgreSQL when
// SIGHTLINE_TEST_PG is unset.
const DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// Engine returns the engine the tests run on: "sqlite" or "postgres".
func Engine() string {
	if os.Getenv("SIGHTLINE_TEST_DB") == "postgres" {
		return "postgres"
	}
	return "sqlite"
}

// PostgresURL returns the base URL of the test PostgreSQL server.
func PostgresURL() string {
	if u := os.Getenv("SIGHTLINE_TEST_PG"); u != "" {
		return u
	}
	return DefaultPostgresURL
}

// MustOpenDB returns a migrated database of the engine under test, closed
// and removed when the test ends.
func MustOpenDB(tb testing.TB) *sqlstore.DB {
	tb.Helper()
	dsn := NewDSN(tb)
	db, err := sqlstore.Open(context.Background(), dsn, nil)
	if err != nil {
		tb.Fatalf("open %s: %v", Engine(), err)
	}
	tb.Cleanup(func() { db.Close() })
	db.NoRollups = os.Getenv("SIGHTLINE_TEST_NO_ROLLUPS") == "1"
	if _, err := db.Migrate(context.Background()); err != nil {
		tb.Fatalf("migrate: %v", err)
	}
	return db
}

// NewDSN returns the DSN of a fresh, empty (unmigrated) database that is
// dropped when the test ends: a SQLite file in a temporary directory, or a
// new PostgreSQL schema named in the DSN's search_path.
func NewDSN(tb testing.TB) string {
	tb.Helper()
	if Engine() != "postgres" {
		return "sqlite:" + filepath.Join(tb.TempDir(), "sightline.db")
	}
	admin := adminDB(tb)
	schema := "t_" + randomHex(8)
	ctx := context.Background()
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		tb.Fatalf("create schema: %v", err)
	}
	tb.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			tb.Logf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(PostgresURL())
	if err != nil {
		tb.Fatalf("parse SIGHTLINE_TEST_PG: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

var (
	adminOnce sync.Once
	admin     *sql.DB
	adminErr  error
)

// adminDB is one shared connection pool used to create and drop schemas.
// When PostgreSQL is out of reach the test is skipped loudly, or fails when
// SIGHTLINE_TEST_REQUIRE_PG=1 (CI must run the PostgreSQL pass).
func adminDB(tb testing.TB) *sql.DB {
	tb.Helper()
	adminOnce.Do(func() {
		admin, adminErr = sql.Open("pgx", PostgresURL())
		if adminErr == nil {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			adminErr = admin.PingContext(ctx)
		}
	})
	if adminErr != nil {
		msg := fmt.Sprintf("POSTGRESQL UNAVAILABLE (%s): %v — PostgreSQL tests NOT run", sqlstore.RedactDSN(PostgresURL()), adminErr)
		if os.Getenv("SIGHTLINE_TEST_REQUIRE_PG") == "1" {
			tb.Fatal(msg)
		}
		fmt.Fprintln(os.Stderr, "WARNING:", msg)
		tb.Skip(msg)
	}
	return admin
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// OpenRaw opens a plain, read-only database/sql connection to dsn, for
// tests that read tables directly (row counts, stored values).
func OpenRaw(tb testing.TB, dsn string) *sql.DB {
	tb.Helper()
	driver, src := "pgx", dsn
	if path, ok := strings.CutPrefix(dsn, "sqlite:"); ok {
		driver, src = "sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=query_only(1)"
	}
	raw, err := sql.Open(driver, src)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { raw.Close() })
	return raw
}

// CompleteDetection completes the change-detection job that storing runs
// queued for the brand (IngestRuns queues one with every batch), for tests
// whose workers run only the jobs the test queues itself.
func CompleteDetection(tb testing.TB, db *sqlstore.DB, brandID string) {
	tb.Helper()
	ctx := context.Background()
	job, err := db.ClaimJobOfKind(ctx, sightline.JobClaim{WorkerID: "sqlstoretest", Lease: time.Minute}, brandID, sightline.JobKindSignals)
	if err != nil {
		tb.Fatalf("claim the detection job: %v", err)
	}
	if err := db.CompleteJob(ctx, job); err != nil {
		tb.Fatalf("complete the detection job: %v", err)
	}
}

// A template is a database built once per test binary and copied for each
// test that asks for it: a fixture that is expensive to make (the demo data
// set loaded through ingest takes most of a minute under -race) is then
// paid once, and every test still owns its database. On SQLite the copy is
// the template's file; on PostgreSQL a database created from the template
// database (CREATE DATABASE … TEMPLATE), which copies its files.
type template struct {
	once sync.Once
	data []byte // SQLite: the file, kept in memory (no file outlives the test binary)
	name string // PostgreSQL: the template database
	err  error
}

var (
	templatesMu sync.Mutex
	templates   = map[string]*template{}
	// pgCopyMu serializes the copies of a PostgreSQL template: CREATE
	// DATABASE refuses a template that another session is connected to,
	// and two copies at once may be such sessions.
	pgCopyMu sync.Mutex
)

// TemplateDSN returns the DSN of a fresh database, dropped when the test
// ends, holding a copy of the template named name. The first call of a test
// binary for a name builds the template by calling build with the DSN of an
// empty database; build must close every connection to it before it
// returns. Call DropTemplates from TestMain after m.Run.
func TemplateDSN(tb testing.TB, name string, build func(dsn string) error) string {
	tb.Helper()
	templatesMu.Lock()
	tpl := templates[name]
	if tpl == nil {
		tpl = &template{}
		templates[name] = tpl
	}
	templatesMu.Unlock()
	if Engine() == "postgres" {
		adminDB(tb) // skips or fails the test when PostgreSQL is out of reach
	}
	tpl.once.Do(func() { tpl.err = tpl.build(name, build) })
	if tpl.err != nil {
		tb.Fatalf("build the %s template: %v", name, tpl.err)
	}
	if Engine() != "postgres" {
		path := filepath.Join(tb.TempDir(), "sightline.db")
		if err := os.WriteFile(path, tpl.data, 0o600); err != nil {
			tb.Fatalf("copy the %s template: %v", name, err)
		}
		return "sqlite:" + path
	}
	db := "t_" + randomHex(8)
	pgCopyMu.Lock()
	_, err := admin.ExecContext(context.Background(), "CREATE DATABASE "+db+" TEMPLATE "+tpl.name)
	pgCopyMu.Unlock()
	if err != nil {
		tb.Fatalf("copy the %s template: %v", name, err)
	}
	tb.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), "DROP DATABASE "+db+" WITH (FORCE)"); err != nil {
			tb.Logf("drop database %s: %v", db, err)
		}
	})
	return databaseURL(db)
}

// MustOpenTemplate returns an open copy of the template named name (see
// TemplateDSN), closed and dropped when the test ends. The first call of a
// test binary builds the template: build fills a migrated database, which
// is closed after it.
func MustOpenTemplate(tb testing.TB, name string, build func(db *sqlstore.DB) error) *sqlstore.DB {
	tb.Helper()
	ctx := context.Background()
	dsn := TemplateDSN(tb, name, func(dsn string) error {
		db, err := sqlstore.Open(ctx, dsn, nil)
		if err != nil {
			return err
		}
		if _, err = db.Migrate(ctx); err == nil {
			err = build(db)
		}
		if cerr := db.Close(); err == nil {
			err = cerr
		}
		return err
	})
	db, err := sqlstore.Open(ctx, dsn, nil)
	if err != nil {
		tb.Fatalf("open %s: %v", Engine(), err)
	}
	tb.Cleanup(func() { db.Close() })
	db.NoRollups = os.Getenv("SIGHTLINE_TEST_NO_ROLLUPS") == "1"
	return db
}

func (tpl *template) build(name string, build func(dsn string) error) error {
	if Engine() != "postgres" {
		dir, err := os.MkdirTemp("", "sightline-template-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		path := filepath.Join(dir, "sightline.db")
		if err := build("sqlite:" + path); err != nil {
			return err
		}
		// Fold the write-ahead log into the file: the copy is one file.
		raw, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			return err
		}
		_, err = raw.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
		if cerr := raw.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		tpl.data, err = os.ReadFile(path)
		return err
	}
	tpl.name = "tpl_" + randomHex(8)
	if _, err := admin.ExecContext(context.Background(), "CREATE DATABASE "+tpl.name); err != nil {
		return err
	}
	return build(databaseURL(tpl.name))
}

// DropTemplates drops the PostgreSQL template databases that TemplateDSN
// built: call it from TestMain once the tests have run. (A SQLite template
// lives in memory only.)
func DropTemplates() {
	templatesMu.Lock()
	defer templatesMu.Unlock()
	for name, tpl := range templates {
		if tpl.name != "" && admin != nil {
			if _, err := admin.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+tpl.name+" WITH (FORCE)"); err != nil {
				fmt.Fprintf(os.Stderr, "drop the %s template %s: %v\n", name, tpl.name, err)
			}
		}
		delete(templates, name)
	}
}

// databaseURL is the test server's URL naming the database db.
func databaseURL(db string) string {
	u, err := url.Parse(PostgresURL())
	if err != nil {
		panic(fmt.Sprintf("parse SIGHTLINE_TEST_PG: %v", err))
	}
	u.Path = "/" + db
	return u.String()
}
