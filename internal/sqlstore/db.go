// Package sqlstore is the only package that speaks SQL. It implements the
// sightline service interfaces on SQLite (embedded default) and PostgreSQL
// with one set of queries; engine differences go through dialect.
package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver
)

// DefaultDSN is the database used when none is configured.
const DefaultDSN = "sqlite:sightline.db"

// DB is a handle on one Sightline database.
type DB struct {
	// write takes every transaction that writes; on SQLite it is one
	// connection with BEGIN IMMEDIATE, so writers queue in-process instead of
	// failing with SQLITE_BUSY. read serves read-only transactions. On
	// PostgreSQL both are the same pool.
	write *sql.DB
	read  *sql.DB
	// counts holds the rate-limit counters (docs/api.md#rate-limits):
	// on PostgreSQL the write pool; on SQLite the companion file
	// PATH-ratelimit, opened at the first count (rateLimitDB). A count is a
	// write per request, and a write to the main file would empty every
	// reader's page cache at its next transaction.
	counts     *sql.DB
	countsPath string
	countsMu   sync.Mutex
	// scopeSlots, on SQLite, bounds the analytics reads (beginScope) that
	// run at once to one per CPU, at least two: more of them only contend
	// for the CPUs and for the C library's allocator lock, which every
	// SQLite allocation takes (docs/performance.md#scope-slots). The pool
	// keeps more readers, so that other reads (a runs export, a session)
	// still find a connection.
	scopeSlots chan struct{}
	// workSlots bounds the regenerations (reading a brand's evidence,
	// generating, saving) that run at once in this process to half a CPU
	// each, at least one: a burst of them then holds at most that many
	// connections, and the pool keeps connections for the API's other
	// requests (docs/api.md#limits).
	workSlots chan struct{}
	// reserveTurn makes the quota reservations of this process take turns
	// (reserveQuota).
	reserveTurn chan struct{}

	dialect dialect
	dsn     string
	logger  *slog.Logger

	// Now returns the current time; tests replace it for stable timestamps.
	Now func() time.Time
	// NoRollups makes metric queries read only the fact tables; tests set it
	// to check that the daily rollups give the same numbers.
	NoRollups bool
}

// Open connects to dsn ("sqlite:PATH" or "postgres://…") without migrating.
func Open(ctx context.Context, dsn string, logger *slog.Logger) (*DB, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	db := &DB{dsn: dsn, logger: logger, Now: time.Now}
	switch {
	case strings.HasPrefix(dsn, "sqlite:"):
		path := strings.TrimPrefix(dsn, "sqlite:")
		if path == "" {
			return nil, fmt.Errorf("open %q: empty sqlite path", dsn)
		}
		db.dialect = dialect{Engine: engineSQLite}
		var err error
		if db.write, err = openSQLite(path, false); err != nil {
			return nil, err
		}
		db.write.SetMaxOpenConns(1)
		if db.read, err = openSQLite(path, true); err != nil {
			db.write.Close()
			return nil, err
		}
		// Readers stay open while idle: database/sql keeps only two idle
		// by default, and a reader closed and opened again loses its page
		// cache and parses the schema again. There are more readers than
		// the analytics reads (scope slots) and the regenerations (work
		// slots) can hold at once, so that other reads always find one.
		slots := max(2, runtime.GOMAXPROCS(0))
		readers := max(4, slots+WorkSlots()+1)
		db.read.SetMaxOpenConns(readers)
		db.read.SetMaxIdleConns(readers)
		db.countsPath = path + "-ratelimit"
		db.scopeSlots = make(chan struct{}, slots)
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		db.dialect = dialect{Engine: enginePostgres}
		pg, err := sql.Open("pgx", withPostgresDefaults(dsn))
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		pg.SetMaxOpenConns(PoolSize())
		pg.SetMaxIdleConns(PoolSize())
		pg.SetConnMaxIdleTime(5 * time.Minute)
		db.write, db.read, db.counts = pg, pg, pg
	default:
		return nil, sightlineInvalidDSN(dsn)
	}
	db.workSlots = make(chan struct{}, WorkSlots())
	db.reserveTurn = make(chan struct{}, 1)
	if err := db.Ping(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func openSQLite(path string, readOnly bool) (*sql.DB, error) {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(NORMAL)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
		// Readers keep SQLite's default temp_store (a file, written only
		// when a sort outgrows the page cache's size), under which a sort
		// fills one growing block; with temp_store MEMORY the sorter
		// allocates every row on its own, a malloc and a free through the
		// C library's one lock that all readers contend for
		// (docs/performance.md#temporary-storage-of-the-readers). The
		// writer keeps MEMORY: its sorts are one connection's.
		//
		// 6 MiB page cache per read connection: a metric statement reads a
		// few MiB (rollups, or one day's and one filter's facts), and the
		// operating system caches the file anyway. Each cached page takes
		// an 8 KiB block of the C library's allocator, twice its size, and
		// a sort's block may grow as large as the cache, so every MiB per
		// reader costs serve several; 6 MiB keeps serve within its memory
		// target at the throughput of larger caches
		// (docs/performance.md#reader-cache-size).
		q.Add("_pragma", "cache_size(-6144)")
	} else {
		q.Add("_pragma", "temp_store(MEMORY)")
		// 16 MiB for the writer; an ingest raises it for its transaction
		// (ingestCacheKiB), since batches rewrite the same pages.
		q.Add("_pragma", "cache_size(-16384)")
		q.Set("_txlock", "immediate")
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	return db, nil
}

// withPostgresDefaults pins the session time zone to UTC so that day
// buckets are UTC on every server, and turns JIT compilation off unless
// asked for: the metric statements join aggregates whose row estimates are
// far too high, which made PostgreSQL compile statements that run in
// milliseconds (docs/performance.md#postgresql-without-jit).
func withPostgresDefaults(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn
	}
	q := u.Query()
	if q.Get("timezone") == "" {
		q.Set("timezone", "UTC")
	}
	if q.Get("jit") == "" {
		q.Set("jit", "off")
	}
	u.RawQuery = q.Encode()
	return u.String()
}

func sightlineInvalidDSN(dsn string) error {
	return fmt.Errorf("unsupported database %q: use sqlite:PATH or postgres://…", RedactDSN(dsn))
}

// RedactDSN hides a password in a DSN for logs and errors.
func RedactDSN(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.User == nil {
		return dsn
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

// Engine returns "sqlite" or "postgres".
func (db *DB) Engine() string { return db.dialect.Engine.String() }

// DSN returns the data source name with any password masked.
func (db *DB) DSN() string { return RedactDSN(db.dsn) }

// Ping checks that the database answers (readiness).
func (db *DB) Ping(ctx context.Context) error {
	if err := db.read.PingContext(ctx); err != nil {
		return fmt.Errorf("ping %s: %w", db.Engine(), err)
	}
	return nil
}

// Close closes every connection.
func (db *DB) Close() error {
	var errs []error
	if db.write != nil {
		errs = append(errs, db.write.Close())
	}
	if db.read != nil && db.read != db.write {
		errs = append(errs, db.read.Close())
	}
	db.countsMu.Lock()
	defer db.countsMu.Unlock()
	if db.counts != nil && db.counts != db.write {
		errs = append(errs, db.counts.Close())
	}
	return errors.Join(errs...)
}

// WorkSlots is how many regenerations one process runs at once: one per
// two CPUs, at least one (DB.workSlots).
func WorkSlots() int { return max(1, runtime.GOMAXPROCS(0)/2) }

// PoolSize is the PostgreSQL connection pool of one process: four per
// CPU, at least eight. It holds the analytics requests (httpapi's heavy
// slots, two per CPU), the regenerations (WorkSlots) and leaves the rest,
// at least a quarter, to every other request (docs/api.md#limits).
func PoolSize() int { return max(8, 4*runtime.GOMAXPROCS(0)) }

// takeWorkSlot waits for one of the work slots until ctx ends; release
// gives it back.
func (db *DB) takeWorkSlot(ctx context.Context) (release func(), err error) {
	select {
	case db.workSlots <- struct{}{}:
		return func() { <-db.workSlots }, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("wait for a work slot: %w", mapError(ctx.Err()))
	}
}

// newID returns a fresh random UUID.
func newID() string { return uuid.NewString() }

// AnalyzeAgentLogs refreshes, like Analyze, the planner's statistics of
// the agent visits, AI referrals and their rollups, after a bulk load of
// access logs, and vacuums them: without statistics PostgreSQL reads a
// listed page's agents by the primary key, the whole window, instead of by
// page, and until vacuum marks the rollups' pages all-visible an
// index-only read of the agent pages still visits the table for each row
// (autovacuum does both in time).
func (db *DB) AnalyzeAgentLogs(ctx context.Context) error {
	if db.dialect.Engine != enginePostgres {
		return nil
	}
	if _, err := db.write.ExecContext(ctx, `VACUUM (ANALYZE) agent_visits, ai_referrals, daily_agent_visits, daily_agent_pages,
		daily_agent_page_totals, weekly_agent_page_totals, daily_ai_referrals, daily_ai_referral_sources,
		weekly_agent_pages, weekly_ai_referrals`); err != nil {
		return fmt.Errorf("analyze agent logs: %w", err)
	}
	return nil
}

// Analyze refreshes the planner's statistics of the fact and rollup tables
// after a bulk load. PostgreSQL plans joins from them, and before
// autovacuum gets to a freshly loaded table it can pick plans many times
// slower. On SQLite it does nothing: its queries are written for the
// plans it picks without statistics.
func (db *DB) Analyze(ctx context.Context) error {
	if db.dialect.Engine != enginePostgres {
		return nil
	}
	if _, err := db.write.ExecContext(ctx, `ANALYZE runs, mentions, citations, ads, daily_runs, weekly_runs, daily_mentions, daily_topic_mentions, weekly_topic_mentions, daily_pages, weekly_pages, half_week_pages, daily_topic_pages, daily_page_brands, daily_ads,
		run_search_queries, daily_search_queries, weekly_search_queries, daily_search_query_regions, weekly_search_query_regions`); err != nil {
		return fmt.Errorf("analyze: %w", err)
	}
	return nil
}
