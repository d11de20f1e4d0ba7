package sqlstore_test

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"
)

// TestScopeSlots_BoundAnalyticsReads: on SQLite at most one analytics read
// per CPU (at least two) runs at once; the next one waits for a slot, and
// gives up with its context. Other reads still find a connection, and a
// metric method gives its slot back when it returns. PostgreSQL has no
// bound.
func TestScopeSlots_BoundAnalyticsReads(t *testing.T) {
	g := seedGolden(t)
	ctx := context.Background()
	slots := g.db.ScopeSlots()
	if g.db.Engine() == "postgres" {
		if slots != 0 {
			t.Fatalf("PostgreSQL bounds analytics reads to %d", slots)
		}
		slots = 3 // more than SQLite's two, fewer than the pool's connections: none waits
	} else if want := max(2, runtime.GOMAXPROCS(0)); slots != want {
		t.Fatalf("%d scope slots, want %d", slots, want)
	}
	var ends []func()
	for i := range slots {
		end, err := g.db.BeginScope(ctx, gOrgA, g.scope())
		if err != nil {
			t.Fatalf("analytics read %d: %v", i+1, err)
		}
		ends = append(ends, end)
	}
	if g.db.Engine() == "sqlite" {
		short, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		_, err := g.db.BeginScope(short, gOrgA, g.scope())
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("one analytics read more than the slots: %v, want it to wait until its deadline", err)
		}
	}
	// another kind of read is not held up by the analytics ones
	if _, err := g.db.FindOrgRateLimits(ctx, gOrgA); err != nil {
		t.Fatalf("a plain read while the slots are taken: %v", err)
	}
	ends[0]()
	ends = ends[1:]
	// a metric method takes the freed slot and gives it back
	bounded, cancel := context.WithTimeout(ctx, 10*time.Second) // a slot not given back fails here
	defer cancel()
	for range 3 {
		if _, err := g.db.CitationSummary(bounded, gOrgA, g.scope()); err != nil {
			t.Fatal(err)
		}
	}
	end, err := g.db.BeginScope(bounded, gOrgA, g.scope())
	if err != nil {
		t.Fatalf("after the metric calls: %v", err)
	}
	for _, e := range append(ends, end) {
		e()
	}
}
