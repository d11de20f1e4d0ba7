package analyticsql

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func TestRebind(t *testing.T) {
	d := Dialect{Engine: EnginePostgres}
	got := d.Rebind(`SELECT '?' FROM t WHERE a = ? AND b IN (?, ?)`)
	if want := `SELECT '?' FROM t WHERE a = $1 AND b IN ($2, $3)`; got != want {
		t.Errorf("rebind = %q, want %q", got, want)
	}
	// a comment's apostrophe starts no string, and its ? is no placeholder
	got = d.Rebind("-- the brand's runs?\nSELECT a FROM t -- where a = ?\nWHERE a = ? AND b = '--?' AND c = ?")
	if want := "-- the brand's runs?\nSELECT a FROM t -- where a = ?\nWHERE a = $1 AND b = '--?' AND c = $2"; got != want {
		t.Errorf("rebind with comments = %q, want %q", got, want)
	}
	if got, want := d.Rebind("SELECT ? -- trailing ' comment"), "SELECT $1 -- trailing ' comment"; got != want {
		t.Errorf("rebind = %q, want %q", got, want)
	}
	if q := `SELECT ? FROM t`; (Dialect{Engine: EngineSQLite}).Rebind(q) != q {
		t.Error("SQLite query rewritten")
	}
}

// TestRebind_RetainsNothing: query texts vary with the length of client-given
// lists, so rebinding many distinct texts must not keep them in memory.
func TestRebind_RetainsNothing(t *testing.T) {
	d := Dialect{Engine: EnginePostgres}
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := heap()
	for i := range 400 {
		// 400 distinct texts of ~50 KB: 20 MB of query text, twice that
		// if every text and its rebound form were kept.
		q := "SELECT x FROM t WHERE id IN (" + Placeholders(10000+i) + ")"
		if out := d.Rebind(q); !strings.HasSuffix(out, "$"+strconv.Itoa(10000+i)+")") {
			t.Fatalf("rebind of %d placeholders ends %q", 10000+i, out[len(out)-12:])
		}
	}
	if grown := int64(heap()) - int64(before); grown > 8<<20 {
		t.Errorf("heap grew by %d MB after rebinding 400 distinct queries; texts are being kept", grown>>20)
	}
}

// BenchmarkRebind measures the pass over a long metric statement that
// replaced the query-text cache (docs/performance.md numbers are per
// request; this is per statement).
func BenchmarkRebind(b *testing.B) {
	d := Dialect{Engine: EnginePostgres}
	q := strings.Repeat("SELECT x FROM t WHERE a = ? AND b IN (?, ?, ?) AND c = 'it''s ?' ", 100) // ~7 KB, 400 placeholders
	b.SetBytes(int64(len(q)))
	for b.Loop() {
		_ = d.Rebind(q)
	}
}
