package sqlstore

import (
	"database/sql"
	"testing"

	"github.com/sightline/sightline"
)

// A single-row read that finds nothing is NOT_FOUND, whichever method
// reads it: Tx.queryRow translates driver errors one way.
func TestQueryRow_NotFound(t *testing.T) {
	db, _ := openIngestSQLite(t)
	tx, err := db.beginRead(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	var id string
	err = tx.queryRow(t.Context(), `SELECT id FROM brands WHERE id = ?`, "00000000-0000-4000-8000-000000000000").Scan(&id)
	if sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("no row: %v (code %s), want NOT_FOUND", err, sightline.ErrorCode(err))
	}
	if err := tx.queryRow(t.Context(), `SELECT COUNT(*) FROM brands`).Scan(new(int)); err != nil {
		t.Errorf("a row: %v", err)
	}
}

// The SQLite readers stay open between requests: with as many read
// transactions at once as there are readers, again and again, none is
// closed for being idle (database/sql keeps two by default, and reopening
// a reader loses its page cache).
func TestReadersStayOpen(t *testing.T) {
	db, _ := openIngestSQLite(t)
	n := db.read.Stats().MaxOpenConnections
	if n < 4 {
		t.Fatalf("%d readers, want at least 4", n)
	}
	for range 5 {
		var txs []*Tx
		for range n { // all readers in use at once
			tx, err := db.beginRead(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if err := tx.queryRow(t.Context(), `SELECT COUNT(*) FROM brands`).Scan(new(int)); err != nil {
				t.Fatal(err)
			}
			txs = append(txs, tx)
		}
		for _, tx := range txs {
			tx.Rollback()
		}
	}
	if st := db.read.Stats(); st.MaxIdleClosed != 0 || st.OpenConnections != n {
		t.Errorf("readers: %d open, %d closed for being idle; want %d open, none closed", st.OpenConnections, st.MaxIdleClosed, n)
	}
}

// The SQLite readers sort with SQLite's default temp_store, so that a
// sort fills one growing block instead of allocating each row through the
// C library's one lock, and keep 6 MiB of pages; the writer keeps its sorts
// in memory and 16 MiB of pages (docs/performance.md#reader-cache-size).
func TestSQLitePragmas(t *testing.T) {
	db, _ := openIngestSQLite(t)
	for _, c := range []struct {
		name             string
		pool             *sql.DB
		tempStore, cache int
	}{{"reader", db.read, 0, -6144}, {"writer", db.write, 2, -16384}} {
		var tempStore, cache int
		if err := c.pool.QueryRow("PRAGMA temp_store").Scan(&tempStore); err != nil {
			t.Fatal(err)
		}
		if err := c.pool.QueryRow("PRAGMA cache_size").Scan(&cache); err != nil {
			t.Fatal(err)
		}
		if tempStore != c.tempStore || cache != c.cache {
			t.Errorf("%s: temp_store = %d, cache_size = %d; want %d (0 default, 2 memory) and %d", c.name, tempStore, cache, c.tempStore, c.cache)
		}
	}
}
