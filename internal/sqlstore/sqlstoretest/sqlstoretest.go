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
