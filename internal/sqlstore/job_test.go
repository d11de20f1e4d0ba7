package sqlstore_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

func (f *engineFixture) enqueue(t *testing.T, limit int) (*sightline.ComputeStatus, bool) {
	t.Helper()
	st, created, err := f.db.EnqueueOpportunityCompute(context.Background(), f.orgID, f.brand.ID, limit)
	if err != nil {
		t.Fatalf("enqueue: %v", err)
	}
	return st, created
}

func (f *engineFixture) claim(t *testing.T, worker string, lease time.Duration) *sightline.Job {
	t.Helper()
	j, err := f.db.ClaimJob(context.Background(), sightline.JobClaim{WorkerID: worker, Lease: lease})
	if err != nil {
		t.Fatalf("claim: %v", err)
	}
	return j
}

func (f *engineFixture) status(t *testing.T) *sightline.ComputeStatus {
	t.Helper()
	st, err := f.db.FindComputeStatus(context.Background(), f.orgID, f.brand.ID, 5)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestJobStore_ComputeLifecycle(t *testing.T) {
	f := newEngineFixture(t)
	ctx := context.Background()
	if st := f.status(t); st.Status != sightline.ComputeIdle || st.Quota.Used != 0 || st.StartedAt != nil {
		t.Fatalf("before any job: %+v", st)
	}
	st, created := f.enqueue(t, 5)
	if !created || st.Status != sightline.JobQueued || st.Quota.Used != 1 || st.StartedAt != nil || st.CompletedAt != nil {
		t.Fatalf("enqueued: %+v created %v", st, created)
	}
	// While queued, compute returns the live job and spends nothing.
	if st, created = f.enqueue(t, 5); created || st.Status != sightline.JobQueued || st.Quota.Used != 1 {
		t.Errorf("enqueue while queued: %+v created %v", st, created)
	}
	start := *f.now
	job := f.claim(t, "w1", time.Minute)
	if job.Kind != sightline.JobKindOpportunities || job.OrgID != f.orgID || job.Attempts != 1 || job.Token == "" {
		t.Fatalf("claimed: %+v", job)
	}
	if _, err := f.db.ClaimJob(ctx, sightline.JobClaim{WorkerID: "w2", Lease: time.Minute}); !errors.Is(err, sightline.ErrNoJob) {
		t.Fatalf("second claim: %v, want ErrNoJob", err)
	}
	if st, created = f.enqueue(t, 5); created || st.Status != sightline.JobRunning || st.StartedAt == nil || !st.StartedAt.Equal(start) {
		t.Errorf("enqueue while running: %+v created %v", st, created)
	}
	*f.now = f.now.Add(1500 * time.Millisecond)
	opps := []*sightline.Opportunity{
		{Key: "gantt chart software", Type: "context_hint", Intent: "C", EstVolume: 12, EstVolumeUnit: "runs_per_week", VolumeRange: "10-49",
			FinalScore: 70, Scores: map[string]float64{"gap": 0.9}, Source: sightline.OpportunitySource{Kind: "context_hint", Text: "gantt chart software",
				PromptIDs: []string{f.prompts["best"]}, Prompts: []sightline.PromptRef{{ID: f.prompts["best"], Text: "Best gantt chart software"}}},
			MatchedPrompt: &sightline.PromptRef{ID: f.prompts["best"]}, ListIDs: []string{f.topics["Gantt"]}},
		{Key: "resource leveling", Type: "context_hint", Intent: "I", EstVolume: 3, EstVolumeUnit: "runs_per_week", VolumeRange: "<10", FinalScore: 50},
	}
	if err := f.db.CompleteOpportunityJob(ctx, job, opps); err != nil {
		t.Fatal(err)
	}
	st = f.status(t)
	if st.Status != sightline.JobCompleted || st.DurationMS == nil || *st.DurationMS != 1500 || st.CompletedAt == nil || st.Error != nil {
		t.Errorf("completed: %+v", st)
	}
	list, total, err := f.db.FindOpportunities(ctx, f.orgID, f.brand.ID, sightline.OpportunityFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	if err != nil || total != 2 || list[0].Key != "gantt chart software" {
		t.Fatalf("opportunities: %v %d %v", list, total, err)
	}
	o, err := f.db.FindOpportunityByID(ctx, f.orgID, f.brand.ID, list[0].ID)
	if err != nil || o.MatchedPrompt == nil || o.MatchedPrompt.Text != "Best gantt chart software" || o.Source.Prompts[0].ID != f.prompts["best"] || o.ListIDs[0] != f.topics["Gantt"] {
		t.Errorf("opportunity: %+v %v", o, err)
	}
	if o.ReasoningTags == nil || o.Scores["gap"] != 0.9 || !o.ComputedAt.Equal(*f.now) {
		t.Errorf("opportunity fields: %+v", o)
	}
	// The same claim cannot complete twice.
	if err := f.db.CompleteOpportunityJob(ctx, job, opps); !errors.Is(err, sightline.ErrJobLost) {
		t.Errorf("second completion: %v, want ErrJobLost", err)
	}

	// A recompute keeps ids by key and drops what is gone.
	if _, created = f.enqueue(t, 5); !created {
		t.Fatal("no new job after completion")
	}
	job = f.claim(t, "w1", time.Minute)
	if err := f.db.CompleteOpportunityJob(ctx, job, opps[:1]); err != nil {
		t.Fatal(err)
	}
	again, total, _ := f.db.FindOpportunities(ctx, f.orgID, f.brand.ID, sightline.OpportunityFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	if total != 1 || again[0].ID != list[0].ID {
		t.Errorf("recompute: %d opportunities, id %s, want %s", total, again[0].ID, list[0].ID)
	}
	if st := f.status(t); st.Quota.Used != 2 {
		t.Errorf("quota used %d, want 2", st.Quota.Used)
	}

	t.Run("QuotaExceeded", func(t *testing.T) {
		_, _, err := f.db.EnqueueOpportunityCompute(ctx, f.orgID, f.brand.ID, 2)
		wantCode(t, err, sightline.EQUOTA)
	})
	t.Run("ErrOtherOrg", func(t *testing.T) {
		_, _, err := f.db.EnqueueOpportunityCompute(ctx, f.other.OrgID, f.brand.ID, 5)
		wantCode(t, err, sightline.ENOTFOUND)
		_, err = f.db.FindComputeStatus(ctx, f.other.OrgID, f.brand.ID, 5)
		wantCode(t, err, sightline.ENOTFOUND)
		_, err = f.db.FindOpportunityByID(ctx, f.other.OrgID, f.brand.ID, list[0].ID)
		wantCode(t, err, sightline.ENOTFOUND)
		_, err = f.db.FindOpportunityByID(ctx, f.other.OrgID, f.other.ID, list[0].ID)
		wantCode(t, err, sightline.ENOTFOUND)
		_, _, err = f.db.FindOpportunities(ctx, f.other.OrgID, f.brand.ID, sightline.OpportunityFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: 1}})
		wantCode(t, err, sightline.ENOTFOUND)
	})
}

// TestJobStore_ExpiredLease: a worker that dies keeps its claim only until
// its lease expires; then another worker claims the job (a second attempt)
// and only that claim can complete it — exactly once.
func TestJobStore_ExpiredLease(t *testing.T) {
	f := newEngineFixture(t)
	ctx := context.Background()
	f.enqueue(t, 5)
	dead := f.claim(t, "dead", 30*time.Second)
	*f.now = f.now.Add(29 * time.Second)
	if _, err := f.db.ClaimJob(ctx, sightline.JobClaim{WorkerID: "w2", Lease: time.Minute}); !errors.Is(err, sightline.ErrNoJob) {
		t.Fatalf("claim within the lease: %v", err)
	}
	*f.now = f.now.Add(2 * time.Second)
	live := f.claim(t, "live", time.Minute)
	if live.ID != dead.ID || live.Attempts != 2 || live.Token == dead.Token {
		t.Fatalf("re-claim: %+v", live)
	}
	// The dead worker's claim is void for every write.
	if err := f.db.ExtendJobLease(ctx, dead, time.Minute); !errors.Is(err, sightline.ErrJobLost) {
		t.Errorf("extend: %v", err)
	}
	if err := f.db.CompleteOpportunityJob(ctx, dead, nil); !errors.Is(err, sightline.ErrJobLost) {
		t.Errorf("complete: %v", err)
	}
	if err := f.db.FailJob(ctx, dead, sightline.JobError{Class: "x", Message: "y"}, true); !errors.Is(err, sightline.ErrJobLost) {
		t.Errorf("fail: %v", err)
	}
	if err := f.db.ReleaseJob(ctx, dead); !errors.Is(err, sightline.ErrJobLost) {
		t.Errorf("release: %v", err)
	}
	if err := f.db.ExtendJobLease(ctx, live, time.Minute); err != nil {
		t.Errorf("live extend: %v", err)
	}
	if err := f.db.CompleteOpportunityJob(ctx, live, nil); err != nil {
		t.Fatalf("live complete: %v", err)
	}
	if st := f.status(t); st.Status != sightline.JobCompleted {
		t.Errorf("status %s", st.Status)
	}
}

// TestJobStore_AbandonedFails: a job whose every attempt lost its worker
// fails for good with the lease_expired class.
func TestJobStore_AbandonedFails(t *testing.T) {
	f := newEngineFixture(t)
	f.enqueue(t, 5)
	for i := 1; i <= sightline.DefaultJobAttempts; i++ {
		if j := f.claim(t, "w", time.Second); j.Attempts != i {
			t.Fatalf("attempt %d: %+v", i, j)
		}
		*f.now = f.now.Add(2 * time.Second)
	}
	if _, err := f.db.ClaimJob(context.Background(), sightline.JobClaim{WorkerID: "w", Lease: time.Second}); !errors.Is(err, sightline.ErrNoJob) {
		t.Fatalf("claim after the last attempt: %v", err)
	}
	st := f.status(t)
	if st.Status != sightline.JobFailed || st.Error == nil || st.Error.Class != sightline.JobErrorAbandoned {
		t.Errorf("status %+v", st)
	}
}

func TestJobStore_FailAndRelease(t *testing.T) {
	f := newEngineFixture(t)
	ctx := context.Background()
	f.enqueue(t, 5)
	j := f.claim(t, "w", time.Minute)
	// Released on shutdown: queued again, the attempt not counted.
	if err := f.db.ReleaseJob(ctx, j); err != nil {
		t.Fatal(err)
	}
	if st := f.status(t); st.Status != sightline.JobQueued || st.StartedAt != nil {
		t.Errorf("released: %+v", st)
	}
	j = f.claim(t, "w", time.Minute)
	if j.Attempts != 1 {
		t.Errorf("attempts after release = %d, want 1", j.Attempts)
	}
	// A retryable failure queues it again with the error visible.
	if err := f.db.FailJob(ctx, j, sightline.JobError{Class: sightline.JobErrorCompute, Message: "boom"}, true); err != nil {
		t.Fatal(err)
	}
	if st := f.status(t); st.Status != sightline.JobQueued || st.Error == nil || st.Error.Message != "boom" {
		t.Errorf("retry: %+v", st)
	}
	// A permanent failure ends it.
	j = f.claim(t, "w", time.Minute)
	*f.now = f.now.Add(250 * time.Millisecond)
	if err := f.db.FailJob(ctx, j, sightline.JobError{Class: sightline.JobErrorInput, Message: "bad input"}, false); err != nil {
		t.Fatal(err)
	}
	st := f.status(t)
	if st.Status != sightline.JobFailed || st.Error.Class != sightline.JobErrorInput || st.CompletedAt == nil || *st.DurationMS != 250 {
		t.Errorf("failed: %+v", st)
	}
	// A failed job is not live: compute may enqueue again.
	if _, created := f.enqueue(t, 5); !created {
		t.Error("no new job after a failure")
	}
}

// TestJobStore_ClaimSkips: a claim that skips a kind prefix leaves those
// jobs, queued or with an expired lease, to the workers that run them.
func TestJobStore_ClaimSkips(t *testing.T) {
	f := newEngineFixture(t)
	ctx := context.Background()
	collect := sightline.CollectJobKind("chatgpt", f.now.Truncate(time.Hour))
	if _, err := f.db.EnqueueJob(ctx, f.brand.ID, collect); err != nil {
		t.Fatal(err)
	}
	*f.now = f.now.Add(time.Second) // the collection job is the older one
	f.enqueue(t, 5)
	keyless := sightline.JobClaim{WorkerID: "keyless", Lease: time.Second, Skip: []string{sightline.JobKindCollectPrefix}}
	j, err := f.db.ClaimJob(ctx, keyless)
	if err != nil || j.Kind != sightline.JobKindOpportunities {
		t.Fatalf("skipping claim: %+v, %v; want the opportunities job", j, err)
	}
	if _, err := f.db.ClaimJob(ctx, keyless); !errors.Is(err, sightline.ErrNoJob) {
		t.Fatalf("skipping claim with only a collection job queued: %v, want ErrNoJob", err)
	}
	c := f.claim(t, "keyed", time.Second)
	if c.Kind != collect {
		t.Fatalf("claim: %+v, want the collection job", c)
	}
	*f.now = f.now.Add(2 * time.Second) // both leases expire
	if j, err := f.db.ClaimJob(ctx, keyless); err != nil || j.Kind != sightline.JobKindOpportunities {
		t.Fatalf("skipping claim after the leases: %+v, %v; want the opportunities job again", j, err)
	}
	if c := f.claim(t, "keyed", time.Second); c.Kind != collect || c.Attempts != 2 {
		t.Fatalf("claim after the lease: %+v, want the collection job's second attempt", c)
	}
}
