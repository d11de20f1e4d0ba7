package sqlstore_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// twoReplicas opens two handles on one fresh database, as two serve
// processes would, both reading the same fixed clock.
func twoReplicas(t *testing.T) (*sqlstore.DB, *sqlstore.DB, *time.Time) {
	t.Helper()
	dsn := sqlstoretest.NewDSN(t)
	now := t0
	var dbs [2]*sqlstore.DB
	for i := range dbs {
		db, err := sqlstore.Open(context.Background(), dsn, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		if _, err := db.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		db.Now = func() time.Time { return now }
		dbs[i] = db
	}
	return dbs[0], dbs[1], &now
}

// TestQuota_ConcurrentReplicas: many concurrent regenerations and compute
// requests on two replicas of one database never spend more than the
// limit, and the compute requests enqueue exactly one job.
func TestQuota_ConcurrentReplicas(t *testing.T) {
	a, b, now := twoReplicas(t)
	f := newEngineFixtureOn(t, a, now)
	ctx := context.Background()
	const limit, callers = 5, 24
	replicas := []*sqlstore.DB{a, b}

	var ok, refused atomic.Int32
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			gen := &stubRecs{keys: []string{"owned_refresh:a", "social_post:b"}}
			_, err := replicas[i%2].RegenerateRecommendations(ctx, f.orgID, f.brand.ID, sightline.RegenerateOptions{QuotaLimit: limit, Generate: gen.generate})
			switch code := sightline.ErrorCode(err); code {
			case "":
				ok.Add(1)
			case sightline.EQUOTA:
				refused.Add(1)
			default:
				t.Errorf("regenerate: %v", err)
			}
		}()
	}
	close(start)
	wg.Wait()
	if ok.Load() != limit || refused.Load() != callers-limit {
		t.Errorf("regenerate: %d succeeded and %d refused, want %d and %d", ok.Load(), refused.Load(), limit, callers-limit)
	}
	q, err := b.FindQuota(ctx, f.orgID, f.brand.ID, sightline.QuotaRegenerate, limit)
	if err != nil || q.Used != limit {
		t.Errorf("quota used %+v %v", q, err)
	}
	if n := len(f.all(t)); n != 2 {
		t.Errorf("%d recommendations after concurrent regenerations, want 2", n)
	}

	var created atomic.Int32
	start = make(chan struct{})
	for i := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			st, c, err := replicas[i%2].EnqueueOpportunityCompute(ctx, f.orgID, f.brand.ID, limit)
			if err != nil {
				t.Errorf("enqueue: %v", err)
				return
			}
			if c {
				created.Add(1)
			}
			if st.Status != sightline.JobQueued || st.Quota.Used != 1 {
				t.Errorf("status %s, quota used %d", st.Status, st.Quota.Used)
			}
		}()
	}
	close(start)
	wg.Wait()
	if created.Load() != 1 {
		t.Errorf("%d jobs enqueued, want 1", created.Load())
	}
}

// TestJobClaim_ConcurrentReplicas: workers on two replicas racing for
// many jobs claim each exactly once.
func TestJobClaim_ConcurrentReplicas(t *testing.T) {
	a, b, now := twoReplicas(t)
	ctx := context.Background()
	const brands, workers = 12, 6
	org := mustCreateOrg(t, a, "Many brands")
	for i := range brands {
		br := mustCreateBrand(t, a, sightline.BrandCreate{OrgID: org.ID, Name: "B" + string(rune('a'+i))})
		if _, _, err := a.EnqueueOpportunityCompute(ctx, org.ID, br.ID, 1); err != nil {
			t.Fatal(err)
		}
		*now = now.Add(time.Millisecond) // distinct enqueue times
	}
	var mu sync.Mutex
	claims := map[string]int{}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			db := []*sqlstore.DB{a, b}[w%2]
			for {
				j, err := db.ClaimJob(ctx, sightline.JobClaim{WorkerID: "w", Lease: time.Hour})
				if errors.Is(err, sightline.ErrNoJob) {
					return
				} else if err != nil {
					t.Errorf("claim: %v", err)
					return
				}
				mu.Lock()
				claims[j.ID]++
				mu.Unlock()
				if err := db.CompleteOpportunityJob(ctx, j, nil); err != nil {
					t.Errorf("complete: %v", err)
				}
			}
		}()
	}
	wg.Wait()
	if len(claims) != brands {
		t.Errorf("%d jobs claimed, want %d", len(claims), brands)
	}
	for id, n := range claims {
		if n != 1 {
			t.Errorf("job %s claimed %d times", id, n)
		}
	}
}

// TestQuota_RefusalsDoNotWaitOnWork: with a regenerate quota of 2 on two
// replicas, two regenerations are held inside their generator while ten
// more requests come: all ten are refused (QUOTA_EXCEEDED) before the two
// are let go, so a refusal never waits on the work that spent the quota.
// A regeneration whose work fails gives its unit back.
func TestQuota_RefusalsDoNotWaitOnWork(t *testing.T) {
	a, b, now := twoReplicas(t)
	f := newEngineFixtureOn(t, a, now)
	ctx := context.Background()
	const limit, extra = 2, 10
	replicas := []*sqlstore.DB{a, b}
	held, release := make(chan struct{}, limit), make(chan struct{})
	keys := []string{"owned_refresh:a"}
	slow := func(ev *sightline.BrandEvidence) ([]*sightline.Recommendation, error) {
		held <- struct{}{}
		<-release
		return (&stubRecs{keys: keys}).generate(ev)
	}
	var wg sync.WaitGroup
	for i := range limit {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := replicas[i%2].RegenerateRecommendations(ctx, f.orgID, f.brand.ID, sightline.RegenerateOptions{QuotaLimit: limit, Generate: slow}); err != nil {
				t.Errorf("accepted regeneration: %v", err)
			}
		}()
	}
	released := false
	let := func() {
		if !released {
			released = true
			close(release)
			wg.Wait()
		}
	}
	defer let()
	for range limit {
		select {
		case <-held:
		case <-time.After(10 * time.Second):
			t.Fatal("the accepted regenerations did not reach their generator")
		}
	}
	refused := make(chan error, extra)
	for i := range extra {
		go func() {
			gen := &stubRecs{keys: keys}
			_, err := replicas[i%2].RegenerateRecommendations(ctx, f.orgID, f.brand.ID, sightline.RegenerateOptions{QuotaLimit: limit, Generate: gen.generate})
			refused <- err
		}()
	}
	for range extra {
		select {
		case err := <-refused:
			if sightline.ErrorCode(err) != sightline.EQUOTA {
				t.Errorf("while the quota's work runs: %v, want QUOTA_EXCEEDED", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("a refusal waited on the regenerations that spent the quota")
		}
	}
	let()

	// A failing regeneration gives its unit back: on another brand with a
	// quota of 1, a failure leaves it unused and the next one succeeds.
	other := mustCreateBrand(t, a, sightline.BrandCreate{OrgID: f.orgID, Name: "Other"})
	failing := &stubRecs{err: errors.New("generator down")}
	if _, err := b.RegenerateRecommendations(ctx, f.orgID, other.ID, sightline.RegenerateOptions{QuotaLimit: 1, Generate: failing.generate}); err == nil {
		t.Fatal("a failing generator succeeded")
	}
	if q, err := a.FindQuota(ctx, f.orgID, other.ID, sightline.QuotaRegenerate, 1); err != nil || q.Used != 0 {
		t.Errorf("after a failed regeneration: quota %+v %v, want 0 used", q, err)
	}
	gen := &stubRecs{keys: keys}
	if _, err := a.RegenerateRecommendations(ctx, f.orgID, other.ID, sightline.RegenerateOptions{QuotaLimit: 1, Generate: gen.generate}); err != nil {
		t.Errorf("after the refund: %v", err)
	}
}
