package worker_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
	"github.com/sightline/sightline/internal/worker"
)

// clock is a settable clock safe for concurrent reads.
type clock struct{ us atomic.Int64 }

func (c *clock) Now() time.Time          { return time.UnixMicro(c.us.Load()).UTC() }
func (c *clock) Set(t time.Time)         { c.us.Store(t.UnixMicro()) }
func (c *clock) Advance(d time.Duration) { c.us.Add(d.Microseconds()) }

var t0 = time.Date(2026, 3, 15, 9, 30, 0, 0, time.UTC)

// fixture is a brand whose answers cite review sites with "gantt chart
// software" in their titles while the brand is absent: evidence for
// opportunities and recommendations.
type fixture struct {
	db      *sqlstore.DB
	clock   *clock
	orgID   string
	brandID string
}

func newFixture(t *testing.T, realClock bool) *fixture {
	t.Helper()
	ctx := context.Background()
	db := sqlstoretest.MustOpenDB(t)
	f := &fixture{db: db, clock: &clock{}}
	f.clock.Set(t0)
	if !realClock {
		db.Now = f.clock.Now
	}
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme Inc."})
	if err != nil {
		t.Fatal(err)
	}
	brand, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Acme", Domains: []string{"acme.com"},
		Competitors: []sightline.CompetitorCreate{{Name: "Rival", Domain: "rival.io"}}})
	if err != nil {
		t.Fatal(err)
	}
	f.orgID, f.brandID = org.ID, brand.ID
	target, err := db.FindIngestTarget(ctx, brand.ID)
	if err != nil {
		t.Fatal(err)
	}
	topics, err := db.CreateTopics(ctx, org.ID, brand.ID, []sightline.TopicRef{{Name: "Gantt"}})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := db.CreatePrompts(ctx, org.ID, brand.ID, []sightline.PromptCreate{{TopicID: topics[0].ID, Text: "Best gantt chart software", Intent: "C"}})
	if err != nil {
		t.Fatal(err)
	}
	cites := []sightline.AnalyzedCitation{
		{URL: "https://g2.com/gantt", Page: "https://g2.com/gantt", Domain: "g2.com", PageType: "category_page", DomainType: "review", Title: "Best Gantt Chart Software | G2"},
		{URL: "https://capterra.com/gantt", Page: "https://capterra.com/gantt", Domain: "capterra.com", PageType: "category_page", DomainType: "review", Title: "Gantt Chart Software Reviews | Capterra"},
		{URL: "https://acme.com/gantt", Page: "https://acme.com/gantt", Domain: "acme.com", PageType: "features", DomainType: "other", Title: "Gantt | Acme"},
	}
	_, err = db.IngestRuns(ctx, func(yield func(*sightline.AnalyzedRun, error) bool) {
		for i := range 24 {
			r := &sightline.AnalyzedRun{ID: uuid.NewString(), BrandID: brand.ID, PromptID: ps[0].ID, TopicID: topics[0].ID, Provider: "chatgpt",
				Region: "us", RanAt: t0.Add(-time.Duration(i+1) * time.Hour), Answer: "1. List every task with an owner.\n2. Link tasks with dependencies.",
				Citations: cites,
				Mentions:  []sightline.AnalyzedMention{{Name: "Rival", CompetitorID: target.Competitors[0].ID, Position: 1, Count: 1, Sentiment: 50}}}
			if i%4 == 0 {
				r.Mentions = append(r.Mentions, sightline.AnalyzedMention{Name: "Acme", Self: true, Position: 5, Count: 1, Sentiment: 50})
			}
			if !yield(r, nil) {
				return
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	sqlstoretest.CompleteDetection(t, db, brand.ID) // these workers run no detection
	return f
}

func (f *fixture) worker(st worker.Store, id string, lease time.Duration) *worker.Worker {
	return worker.New(st, worker.Config{ID: id, Lease: lease, Poll: 10 * time.Millisecond, Now: f.clock.Now})
}

func (f *fixture) enqueue(t *testing.T) {
	t.Helper()
	if _, created, err := f.db.EnqueueOpportunityCompute(context.Background(), f.orgID, f.brandID, 10); err != nil || !created {
		t.Fatalf("enqueue: created %v, %v", created, err)
	}
}

func (f *fixture) status(t *testing.T) *sightline.ComputeStatus {
	t.Helper()
	st, err := f.db.FindComputeStatus(context.Background(), f.orgID, f.brandID, 10)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func (f *fixture) opportunities(t *testing.T) []*sightline.Opportunity {
	t.Helper()
	opps, _, err := f.db.FindOpportunities(context.Background(), f.orgID, f.brandID, sightline.OpportunityFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
	if err != nil {
		t.Fatal(err)
	}
	return opps
}

// countingStore counts completions and can fail or lose claims on demand.
type countingStore struct {
	*sqlstore.DB
	completed    atomic.Int32
	failEvidence atomic.Int32 // fail this many evidence reads
	loseLease    bool
}

func (s *countingStore) CompleteOpportunityJob(ctx context.Context, job *sightline.Job, opps []*sightline.Opportunity) error {
	err := s.DB.CompleteOpportunityJob(ctx, job, opps)
	if err == nil {
		s.completed.Add(1)
	}
	return err
}

func (s *countingStore) FindBrandEvidence(ctx context.Context, orgID, brandID string, w sightline.Window) (*sightline.BrandEvidence, error) {
	if s.failEvidence.Add(-1) >= 0 {
		return nil, errors.New("database hiccup")
	}
	return s.DB.FindBrandEvidence(ctx, orgID, brandID, w)
}

func (s *countingStore) ExtendJobLease(ctx context.Context, job *sightline.Job, lease time.Duration) error {
	if s.loseLease {
		return sightline.ErrJobLost
	}
	return s.DB.ExtendJobLease(ctx, job, lease)
}

func TestWorker_ComputeOpportunities(t *testing.T) {
	f := newFixture(t, false)
	f.enqueue(t)
	w := f.worker(f.db, "w1", time.Minute)
	ran, err := w.RunOnce(context.Background())
	if err != nil || !ran {
		t.Fatalf("run once: %v %v", ran, err)
	}
	if st := f.status(t); st.Status != sightline.JobCompleted || st.Error != nil {
		t.Fatalf("status %+v", st)
	}
	opps := f.opportunities(t)
	found := false
	for _, o := range opps {
		found = found || o.Key == "gantt chart software"
	}
	if !found {
		t.Errorf("no “gantt chart software” among %d opportunities", len(opps))
	}
	if ran, err := w.RunOnce(context.Background()); ran || err != nil {
		t.Errorf("nothing left to run: %v %v", ran, err)
	}
}

// TestWorker_DeadWorkerJobCompletesOnce: a worker claims a job and dies
// (never heartbeats, never completes). After the lease, another worker
// claims and completes it; the dead claim can no longer complete: the job
// completes exactly once.
func TestWorker_DeadWorkerJobCompletesOnce(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	f.enqueue(t)
	dead, err := f.db.ClaimJob(ctx, sightline.JobClaim{WorkerID: "dead", Lease: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	st := &countingStore{DB: f.db}
	w := f.worker(st, "live", time.Minute)
	if ran, _ := w.RunOnce(ctx); ran {
		t.Fatal("claimed a job whose lease holds")
	}
	f.clock.Advance(6 * time.Second)
	if ran, err := w.RunOnce(ctx); !ran || err != nil {
		t.Fatalf("re-claim: %v %v", ran, err)
	}
	if err := f.db.CompleteOpportunityJob(ctx, dead, nil); !errors.Is(err, sightline.ErrJobLost) {
		t.Errorf("the dead worker's completion: %v, want ErrJobLost", err)
	}
	if st.completed.Load() != 1 {
		t.Errorf("completed %d times", st.completed.Load())
	}
	if s := f.status(t); s.Status != sightline.JobCompleted || len(f.opportunities(t)) == 0 {
		t.Errorf("status %s with %d opportunities", s.Status, len(f.opportunities(t)))
	}
}

// TestWorker_Retry: a failing attempt queues the job again; the next one
// completes it.
func TestWorker_Retry(t *testing.T) {
	f := newFixture(t, false)
	f.enqueue(t)
	st := &countingStore{DB: f.db}
	st.failEvidence.Store(1)
	w := f.worker(st, "w", time.Minute)
	if _, err := w.RunOnce(context.Background()); err == nil {
		t.Fatal("first attempt did not fail")
	}
	if s := f.status(t); s.Status != sightline.JobQueued || s.Error == nil || s.Error.Class != sightline.JobErrorCompute {
		t.Fatalf("after the failure: %+v", s)
	}
	if _, err := w.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	if s := f.status(t); s.Status != sightline.JobCompleted || s.Error != nil || st.completed.Load() != 1 {
		t.Errorf("after the retry: %+v", s)
	}
}

// TestWorker_LostLease: when a heartbeat finds the claim gone, the worker
// abandons the job instead of completing it.
func TestWorker_LostLease(t *testing.T) {
	f := newFixture(t, false)
	f.enqueue(t)
	st := &countingStore{DB: f.db, loseLease: true}
	w := worker.New(st, worker.Config{ID: "w", Lease: 30 * time.Millisecond, JobDelay: time.Second, Now: f.clock.Now})
	_, err := w.RunOnce(context.Background())
	if !errors.Is(err, sightline.ErrJobLost) || st.completed.Load() != 0 {
		t.Errorf("run: %v, completed %d", err, st.completed.Load())
	}
}

// TestWorker_ShutdownReleases: shutdown waits for running jobs until its
// deadline, then cancels them and gives them back to the queue; another
// worker then completes the job.
func TestWorker_ShutdownReleases(t *testing.T) {
	f := newFixture(t, true)
	f.enqueue(t)
	slow := worker.New(f.db, worker.Config{ID: "slow", Lease: time.Minute, Poll: 5 * time.Millisecond, JobDelay: time.Hour, Now: f.clock.Now})
	slow.Start()
	deadline := time.Now().Add(5 * time.Second)
	for f.status(t).Status != sightline.JobRunning {
		if time.Now().After(deadline) {
			t.Fatal("the job never started")
		}
		time.Sleep(5 * time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := slow.Shutdown(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("shutdown: %v", err)
	}
	if s := f.status(t); s.Status != sightline.JobQueued {
		t.Fatalf("after shutdown: %s", s.Status)
	}
	st := &countingStore{DB: f.db}
	fast := f.worker(st, "fast", time.Minute)
	fast.Start()
	defer func() { _ = fast.Shutdown(context.Background()) }()
	for f.status(t).Status != sightline.JobCompleted {
		if time.Now().After(deadline) {
			t.Fatal("the released job was never completed")
		}
		time.Sleep(5 * time.Millisecond)
	}
	// The status is committed before the store call returns and counts:
	// let the worker finish before reading the count.
	if err := fast.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if st.completed.Load() != 1 {
		t.Errorf("completed %d times", st.completed.Load())
	}
}

// TestWorker_ShutdownWaits: a job that ends within the shutdown deadline
// is completed, not released.
func TestWorker_ShutdownWaits(t *testing.T) {
	f := newFixture(t, true)
	f.enqueue(t)
	w := worker.New(f.db, worker.Config{ID: "w", Lease: time.Minute, Poll: 5 * time.Millisecond, JobDelay: 200 * time.Millisecond, Now: f.clock.Now})
	w.Start()
	for f.status(t).Status != sightline.JobRunning {
		time.Sleep(5 * time.Millisecond)
	}
	if err := w.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if s := f.status(t); s.Status != sightline.JobCompleted {
		t.Errorf("after a graceful shutdown: %s", s.Status)
	}
}

// TestWorker_Brief runs a brief's job: the brief goes new → generating →
// ready with an outline.
func TestWorker_Brief(t *testing.T) {
	f := newFixture(t, false)
	ctx := context.Background()
	res, err := f.db.RegenerateRecommendations(ctx, f.orgID, f.brandID, sightline.RegenerateOptions{QuotaLimit: 5, Generate: func(ev *sightline.BrandEvidence) ([]*sightline.Recommendation, error) {
		return []*sightline.Recommendation{{Key: "owned_refresh:x", Type: sightline.RecOwnedRefresh, Action: "a", Reason: "r",
			TargetPromptIDs: []string{ev.Prompts[0].ID}, RequiredElements: []string{"Numbered steps"}}}, nil
	}})
	if err != nil || res.Created != 1 {
		t.Fatal(res, err)
	}
	recs, _, _ := f.db.FindRecommendations(ctx, f.orgID, f.brandID, sightline.RecommendationFilter{States: []string{"new"}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 5}})
	b, err := f.db.CreateBrief(ctx, f.orgID, f.brandID, sightline.BriefCreate{RecommendationID: &recs[0].ID, Title: ptr("Gantt guide")})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.worker(f.db, "w", time.Minute).Drain(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := f.db.FindBriefByID(ctx, f.orgID, f.brandID, b.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != sightline.BriefReady || got.ProgressPct != 100 || len(got.Outline.Sections) == 0 || got.BriefText == "" ||
		got.Metadata.GeneratedAt == nil || got.Metadata.Attempts != 1 || len(got.TargetPrompts) != 1 {
		t.Errorf("brief: %+v", got)
	}
}

func ptr[T any](v T) *T { return &v }
