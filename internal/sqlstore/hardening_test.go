package sqlstore_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// TestRateLimit_TwoReplicas: requests counted on two replicas of one
// database share one count per key and per organization; a key over its
// limit does not spend its organization's; the window resets; an
// organization's own limits replace the defaults.
func TestRateLimit_TwoReplicas(t *testing.T) {
	a, b, now := twoReplicas(t)
	ctx := context.Background()
	org := mustCreateOrg(t, a, "Acme Inc.")
	defaults := sightline.RateLimits{PerKey: 5, PerOrg: 8}

	var mu sync.Mutex
	allowed, remaining := 0, map[int]bool{}
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			db := a
			if i%2 == 1 {
				db = b
			}
			st, err := db.CountRequest(ctx, org.ID, "key-a", defaults)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			if !st.Exceeded {
				allowed++
				remaining[st.Remaining] = true
			}
			if st.Limit != 5 || !st.Reset.Equal(t0.Truncate(time.Minute).Add(time.Minute)) {
				t.Errorf("status %+v, want the key's limit 5 and the end of the minute", st)
			}
		}()
	}
	wg.Wait()
	if allowed != 5 || len(remaining) != 5 || !remaining[0] || !remaining[4] {
		t.Fatalf("%d requests allowed with remaining %v, want 5 with 4..0", allowed, remaining)
	}
	// The organization spent 5 of 8: another key gets 3, and the tightest
	// limit it sees is the organization's.
	for i, want := range []struct {
		limit, remaining int
		exceeded         bool
	}{{8, 2, false}, {8, 1, false}, {8, 0, false}, {8, 0, true}} {
		st, err := b.CountRequest(ctx, org.ID, "key-b", defaults)
		if err != nil {
			t.Fatal(err)
		}
		if st.Limit != want.limit || st.Remaining != want.remaining || st.Exceeded != want.exceeded {
			t.Errorf("key-b request %d: %+v, want %+v", i+1, st, want)
		}
	}
	*now = now.Add(time.Minute)
	if st, err := a.CountRequest(ctx, org.ID, "key-a", defaults); err != nil || st.Exceeded || st.Remaining != 4 {
		t.Errorf("next minute: %+v %v, want a fresh window", st, err)
	}
	// Own limits: no per-key limit, 2 per minute for the organization.
	off, two := 0, 2
	if _, err := a.SetOrgRateLimits(ctx, sightline.OrgRateLimits{OrgID: org.ID, PerKey: &off, PerOrg: &two}); err != nil {
		t.Fatal(err)
	}
	got, err := b.FindOrgRateLimits(ctx, org.ID)
	if err != nil || got.PerKey == nil || *got.PerKey != 0 || got.PerOrg == nil || *got.PerOrg != 2 {
		t.Fatalf("limits read back %+v %v", got, err)
	}
	st, err := a.CountRequest(ctx, org.ID, "key-c", defaults)
	if err != nil || st.Limit != 2 || st.Remaining != 0 || st.Exceeded {
		t.Errorf("own limits: %+v %v, want the organization's 2 with none left (key-a spent one)", st, err)
	}
	if _, err := a.SetOrgRateLimits(ctx, sightline.OrgRateLimits{OrgID: uuid.NewString(), PerOrg: &two}); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("unknown organization: %v", err)
	}
	neg := -1
	if _, err := a.SetOrgRateLimits(ctx, sightline.OrgRateLimits{OrgID: org.ID, PerOrg: &neg}); sightline.ErrorCode(err) != sightline.EVALIDATION {
		t.Errorf("negative limit: %v", err)
	}
}

// TestIdempotency_Store: a key is claimed once; a retry with the same
// digest replays the stored response, another digest is refused, an
// unfinished claim is a conflict until its lock runs out; keys are per
// organization and live 24 hours.
func TestIdempotency_Store(t *testing.T) {
	a, b, now := twoReplicas(t)
	ctx := context.Background()
	org := mustCreateOrg(t, a, "Acme Inc.")
	other := mustCreateOrg(t, a, "Other Inc.")

	// Concurrent claims on two replicas: exactly one wins.
	var mu sync.Mutex
	claimed, conflicts := 0, 0
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			db := a
			if i%2 == 1 {
				db = b
			}
			c, err := db.ClaimIdempotency(ctx, org.ID, "k1", "d1", time.Minute)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil && c.Claimed:
				claimed++
			case sightline.ErrorCode(err) == sightline.ECONFLICT:
				conflicts++
			default:
				t.Errorf("claim: %+v %v", c, err)
			}
		}()
	}
	wg.Wait()
	if claimed != 1 || conflicts != 11 {
		t.Fatalf("%d claimed, %d conflicts; want 1 and 11", claimed, conflicts)
	}
	if _, err := a.ClaimIdempotency(ctx, org.ID, "k1", "d2", time.Minute); sightline.ErrorCode(err) != sightline.EIDEMPOTENCY {
		t.Errorf("other digest while running: %v", err)
	}
	resp := sightline.IdempotentResponse{Status: 201, Headers: map[string]string{"Content-Type": "application/json"}, Body: []byte(`{"data":1}`), Sealed: true}
	if err := b.CompleteIdempotency(ctx, org.ID, "k1", resp); err != nil {
		t.Fatal(err)
	}
	c, err := a.ClaimIdempotency(ctx, org.ID, "k1", "d1", time.Minute)
	if err != nil || c.Claimed || c.Replay == nil || c.Replay.Status != 201 || string(c.Replay.Body) != `{"data":1}` ||
		c.Replay.Headers["Content-Type"] != "application/json" || !c.Replay.Sealed {
		t.Fatalf("retry: %+v %v, want the stored response", c, err)
	}
	if _, err := a.ClaimIdempotency(ctx, org.ID, "k1", "d2", time.Minute); sightline.ErrorCode(err) != sightline.EIDEMPOTENCY {
		t.Errorf("other digest after completion: %v", err)
	}
	// Another organization's key of the same name is its own.
	if c, err := a.ClaimIdempotency(ctx, other.ID, "k1", "d2", time.Minute); err != nil || !c.Claimed {
		t.Errorf("other organization: %+v %v", c, err)
	}
	// An unfinished claim blocks until its lock runs out, then is taken over.
	if c, err := a.ClaimIdempotency(ctx, org.ID, "k2", "d1", time.Minute); err != nil || !c.Claimed {
		t.Fatalf("k2: %+v %v", c, err)
	}
	*now = now.Add(59 * time.Second)
	if _, err := b.ClaimIdempotency(ctx, org.ID, "k2", "d1", time.Minute); sightline.ErrorCode(err) != sightline.ECONFLICT {
		t.Errorf("k2 within the lock: %v", err)
	}
	*now = now.Add(2 * time.Second)
	if c, err := b.ClaimIdempotency(ctx, org.ID, "k2", "d1", time.Minute); err != nil || !c.Claimed {
		t.Errorf("k2 after the lock: %+v %v", c, err)
	}
	// Released: a retry executes again.
	if err := b.ReleaseIdempotency(ctx, org.ID, "k2"); err != nil {
		t.Fatal(err)
	}
	if c, err := a.ClaimIdempotency(ctx, org.ID, "k2", "d3", time.Minute); err != nil || !c.Claimed {
		t.Errorf("k2 after release: %+v %v", c, err)
	}
	// After 24 hours the key starts afresh, whatever the body.
	*now = t0.Add(sightline.IdempotencyTTL)
	if c, err := a.ClaimIdempotency(ctx, org.ID, "k1", "d9", time.Minute); err != nil || !c.Claimed {
		t.Errorf("k1 after 24 h: %+v %v", c, err)
	}
}

// TestPrune: finished jobs older than the cut-off go, except the latest
// compute job of a brand; idempotency records go after 24 hours and
// rate-limit windows once they have ended.
func TestPrune(t *testing.T) {
	f := newEngineFixture(t)
	ctx := context.Background()
	for range 3 {
		f.enqueue(t, 10)
		j := f.claim(t, "w1", time.Minute)
		*f.now = f.now.Add(time.Second)
		if err := f.db.CompleteJob(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.db.ClaimIdempotency(ctx, f.orgID, "old", "d", time.Minute); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.CountRequest(ctx, f.orgID, "key", sightline.RateLimits{PerKey: 5, PerOrg: 5}); err != nil {
		t.Fatal(err)
	}
	*f.now = f.now.Add(time.Hour)
	if _, err := f.db.ClaimIdempotency(ctx, f.orgID, "new", "d", time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := f.db.CompleteIdempotency(ctx, f.orgID, "new", sightline.IdempotentResponse{Status: 200}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.CountRequest(ctx, f.orgID, "key", sightline.RateLimits{PerKey: 5, PerOrg: 5}); err != nil {
		t.Fatal(err)
	}
	// Jobs finished before now are eligible; the old minute's counters
	// (key and org) have ended; no idempotency record is 24 hours old.
	got, err := f.db.Prune(ctx, *f.now)
	if err != nil {
		t.Fatal(err)
	}
	if want := (sightline.PruneResult{Jobs: 2, IdempotencyKeys: 0, RateLimitCounters: 2}); got != want {
		t.Errorf("prune: %+v, want %+v", got, want)
	}
	if st := f.status(t); st.Status != sightline.JobCompleted {
		t.Errorf("compute status after prune: %+v, want the latest job kept", st)
	}
	*f.now = f.now.Add(sightline.IdempotencyTTL - time.Hour)
	got, err = f.db.Prune(ctx, *f.now)
	if err != nil {
		t.Fatal(err)
	}
	if want := (sightline.PruneResult{IdempotencyKeys: 1, RateLimitCounters: 2}); got != want {
		t.Errorf("prune a day later: %+v, want %+v", got, want)
	}
	if c, err := f.db.ClaimIdempotency(ctx, f.orgID, "new", "d", time.Minute); err != nil || c.Replay == nil {
		t.Errorf("the younger record was pruned: %+v %v", c, err)
	}
}

// BenchmarkCountRequest measures what rate limiting adds to every public
// request: one CountRequest (docs/api.md#rate-limits).
func BenchmarkCountRequest(b *testing.B) {
	db, _ := mustOpenDB(b)
	db.Now = time.Now
	org := mustCreateOrg(b, db, "Acme Inc.")
	ctx := context.Background()
	limits := sightline.RateLimits{PerKey: 1 << 30, PerOrg: 1 << 30}
	for b.Loop() {
		if _, err := db.CountRequest(ctx, org.ID, "key", limits); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRateLimit_CountsBesideTheMainFile: on SQLite a counted request does
// not write the main database file (whose every write would empty the
// readers' page caches): its counts are in the companion file
// PATH-ratelimit, which the pruner clears too; a write to the main file is
// seen by the same probe. On PostgreSQL they are in the database.
func TestRateLimit_CountsBesideTheMainFile(t *testing.T) {
	ctx := context.Background()
	dsn := sqlstoretest.NewDSN(t)
	db, err := sqlstore.Open(ctx, dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	now := t0
	db.Now = func() time.Time { return now }
	org := mustCreateOrg(t, db, "Acme Inc.")
	limits := sightline.RateLimits{PerKey: 5, PerOrg: 5}

	main := sqlstoretest.OpenRaw(t, dsn)
	main.SetMaxOpenConns(1) // data_version is per connection
	version := func() int {
		t.Helper()
		var v int
		if db.Engine() == "sqlite" {
			if err := main.QueryRow(`PRAGMA data_version`).Scan(&v); err != nil {
				t.Fatal(err)
			}
		}
		return v
	}
	before := version()
	for range 3 {
		if _, err := db.CountRequest(ctx, org.ID, "k", limits); err != nil {
			t.Fatal(err)
		}
	}
	counts := main
	if path, ok := strings.CutPrefix(dsn, "sqlite:"); ok {
		if after := version(); after != before {
			t.Errorf("counting requests changed the main file (data_version %d → %d)", before, after)
		}
		var tables int
		if err := main.QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE name = 'rate_limit_counters'`).Scan(&tables); err != nil || tables != 0 {
			t.Errorf("the main file has %d rate_limit_counters tables (%v), want none", tables, err)
		}
		counts = sqlstoretest.OpenRaw(t, "sqlite:"+path+"-ratelimit")
	}
	var n int
	if err := counts.QueryRow(`SELECT requests FROM rate_limit_counters WHERE subject = 'key:k'`).Scan(&n); err != nil || n != 3 {
		t.Errorf("key count %d (%v), want 3", n, err)
	}
	// the probe sees a write to the main file
	two := 2
	if _, err := db.SetOrgRateLimits(ctx, sightline.OrgRateLimits{OrgID: org.ID, PerOrg: &two}); err != nil {
		t.Fatal(err)
	}
	if db.Engine() == "sqlite" && version() == before {
		t.Error("data_version did not move for a write to the main file")
	}
	now = now.Add(2 * time.Minute)
	if got, err := db.Prune(ctx, now); err != nil || got.RateLimitCounters != 2 {
		t.Errorf("prune: %+v %v, want the key's and the organization's ended windows", got, err)
	}
	if err := counts.QueryRow(`SELECT COUNT(*) FROM rate_limit_counters`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d counters left after prune (%v)", n, err)
	}
}
