// Package worker runs the background jobs stored in the database: every
// replica's worker claims jobs with a lease (sightline.JobService), keeps
// the lease alive while it works, and completes, fails or — on shutdown —
// releases them. A job whose worker died is claimed again once its lease
// expires; completion is conditional on the claim, so a job completes once.
package worker

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/engine"
)

// Store is what the worker needs from storage.
type Store interface {
	sightline.JobService
	FindBrandEvidence(ctx context.Context, orgID, brandID string, w sightline.Window) (*sightline.BrandEvidence, error)
	CompleteOpportunityJob(ctx context.Context, job *sightline.Job, opps []*sightline.Opportunity) error
	StartBriefJob(ctx context.Context, job *sightline.Job, w sightline.Window) (*sightline.BriefInput, error)
	UpdateBriefProgress(ctx context.Context, job *sightline.Job, pct float64) error
	CompleteBriefJob(ctx context.Context, job *sightline.Job, res *sightline.BriefResult) error
}

// Defaults of Config.
const (
	DefaultConcurrency = 2
	DefaultPoll        = time.Second
	releaseTimeout     = 5 * time.Second
)

// Config tunes a worker.
type Config struct {
	// ID names the worker in claim tokens and logs (default: host and pid).
	ID string
	// Concurrency is how many jobs run at once (default 2).
	Concurrency int
	// Lease is how long a claim lasts without a heartbeat (default
	// sightline.DefaultJobLease); heartbeats renew it every third of it.
	Lease time.Duration
	// Poll is how often an idle worker looks for jobs (default 1 s).
	Poll time.Duration
	// JobDelay pauses before each job's work. It is a fault-injection knob
	// for tests that must kill a process while a job runs; keep it 0.
	JobDelay time.Duration
	// Now is the clock of evidence windows (default time.Now).
	Now    func() time.Time
	Logger *slog.Logger
	// Handlers run the jobs whose kind starts with their key (for example
	// "collect:"); a handler completes its job itself. The engines' kinds
	// need none.
	Handlers map[string]Handler
	// Skip lists kind prefixes this worker leaves to other workers: the
	// jobs it could not run here (collection on a server without a master
	// key).
	Skip []string
}

// Handler runs one claimed job to its end and completes it; an error is
// recorded as the job's failure (and retried while attempts remain).
type Handler func(ctx context.Context, job *sightline.Job) error

// Worker claims and runs jobs.
type Worker struct {
	store Store
	cfg   Config

	jobsCtx    context.Context // cancelled when shutdown stops waiting
	cancelJobs context.CancelFunc
	stop       chan struct{}
	wake       chan struct{}
	loopDone   chan struct{}
	jobs       sync.WaitGroup
	startOnce  sync.Once
	stopOnce   sync.Once
}

// New returns a worker over store; Start runs it.
func New(store Store, cfg Config) *Worker {
	if cfg.ID == "" {
		host, _ := os.Hostname()
		b := make([]byte, 3)
		_, _ = rand.Read(b) // never fails (crypto/rand)
		cfg.ID = fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b))
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = DefaultConcurrency
	}
	if cfg.Lease <= 0 {
		cfg.Lease = sightline.DefaultJobLease
	}
	if cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	w := &Worker{store: store, cfg: cfg, stop: make(chan struct{}), wake: make(chan struct{}, 1), loopDone: make(chan struct{})}
	w.jobsCtx, w.cancelJobs = context.WithCancel(context.Background())
	return w
}

// ID returns the worker's id.
func (w *Worker) ID() string { return w.cfg.ID }

// Start runs the claim loop in the background until Shutdown.
func (w *Worker) Start() {
	w.startOnce.Do(func() { go w.loop() })
}

// Wake asks an idle worker to look for jobs now instead of at the next poll.
func (w *Worker) Wake() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Shutdown stops claiming, waits for running jobs until ctx ends, then
// cancels them; a cancelled job is released to the queue for another
// worker. It returns ctx's error when it had to cancel.
func (w *Worker) Shutdown(ctx context.Context) error {
	w.stopOnce.Do(func() { close(w.stop) })
	w.startOnce.Do(func() { close(w.loopDone) }) // never started
	<-w.loopDone
	done := make(chan struct{})
	go func() { w.jobs.Wait(); close(done) }()
	select {
	case <-done:
		w.cancelJobs()
		return nil
	case <-ctx.Done():
		w.cancelJobs()
		<-done
		return ctx.Err()
	}
}

func (w *Worker) loop() {
	defer close(w.loopDone)
	slots := make(chan struct{}, w.cfg.Concurrency)
	ticker := time.NewTicker(w.cfg.Poll)
	defer ticker.Stop()
	for {
		w.claimWhileFree(slots)
		select {
		case <-w.stop:
			return
		case <-ticker.C:
		case <-w.wake:
		}
	}
}

// claimWhileFree claims and starts jobs while there are free slots and
// jobs to claim.
func (w *Worker) claimWhileFree(slots chan struct{}) {
	for {
		select {
		case <-w.stop:
			return
		case slots <- struct{}{}:
		default:
			return // every slot busy
		}
		job, err := w.store.ClaimJob(w.jobsCtx, sightline.JobClaim{WorkerID: w.cfg.ID, Lease: w.cfg.Lease, Skip: w.cfg.Skip})
		if err != nil {
			<-slots
			if !errors.Is(err, sightline.ErrNoJob) {
				w.cfg.Logger.Error("claim job", "worker_id", w.cfg.ID, "error", err.Error())
			}
			return
		}
		w.jobs.Add(1)
		go func() {
			defer func() { <-slots; w.jobs.Done(); w.Wake() }()
			w.run(w.jobsCtx, job)
		}()
	}
}

// RunOnce claims one job and runs it to its end in the caller's
// goroutine. It reports false when there was nothing to claim.
func (w *Worker) RunOnce(ctx context.Context) (bool, error) {
	job, err := w.store.ClaimJob(ctx, sightline.JobClaim{WorkerID: w.cfg.ID, Lease: w.cfg.Lease, Skip: w.cfg.Skip})
	if errors.Is(err, sightline.ErrNoJob) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	w.jobs.Add(1)
	defer w.jobs.Done()
	return true, w.run(ctx, job)
}

// Drain runs jobs until none is left (demo loading, tests).
func (w *Worker) Drain(ctx context.Context) error {
	for {
		ran, err := w.RunOnce(ctx)
		if err != nil || !ran {
			return err
		}
	}
}

// run executes one claimed job with a heartbeat and records its outcome.
// It returns the job's error after recording it.
func (w *Worker) run(parent context.Context, job *sightline.Job) error {
	log := w.cfg.Logger.With("worker_id", w.cfg.ID, "job_id", job.ID, "kind", job.Kind, "brand_id", job.BrandID, "attempt", job.Attempts)
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	stopOnShutdown := context.AfterFunc(w.jobsCtx, cancel)
	defer stopOnShutdown()
	lost := make(chan struct{})
	beatDone := make(chan struct{})
	go func() {
		defer close(beatDone)
		w.heartbeat(ctx, job, lost, cancel, log)
	}()
	start := time.Now()
	err := w.execute(ctx, job)
	cancel()
	<-beatDone
	select {
	case <-lost:
		err = sightline.ErrJobLost
	default:
	}
	switch {
	case err == nil:
		log.Info("job completed", "duration_ms", time.Since(start).Milliseconds())
		return nil
	case errors.Is(err, sightline.ErrJobLost):
		log.Warn("job claim lost; another worker owns it")
		return err
	case w.jobsCtx.Err() != nil || parent.Err() != nil:
		// Shutdown cancelled the job: give it back without counting it.
		rctx, rcancel := context.WithTimeout(context.Background(), releaseTimeout)
		defer rcancel()
		if rerr := w.store.ReleaseJob(rctx, job); rerr != nil && !errors.Is(rerr, sightline.ErrJobLost) {
			log.Error("release job", "error", rerr.Error())
		} else {
			log.Info("job released on shutdown")
		}
		return err
	}
	code := sightline.ErrorCode(err)
	permanent := code == sightline.ENOTFOUND || code == sightline.EVALIDATION
	class := sightline.JobErrorCompute
	msg := "The computation failed; it will be retried."
	if permanent {
		class, msg = sightline.JobErrorInput, sightline.ErrorMessage(err)
	} else if job.Attempts >= job.MaxAttempts {
		msg = fmt.Sprintf("The computation failed %d times.", job.Attempts)
	}
	log.Error("job failed", "error", err.Error(), "permanent", permanent)
	rctx, rcancel := context.WithTimeout(context.Background(), releaseTimeout)
	defer rcancel()
	if ferr := w.store.FailJob(rctx, job, sightline.NewJobError(class, msg), !permanent); ferr != nil && !errors.Is(ferr, sightline.ErrJobLost) {
		log.Error("record job failure", "error", ferr.Error())
	}
	return err
}

// heartbeat renews the lease every third of it; when the claim is lost it
// closes lost and cancels the job.
func (w *Worker) heartbeat(ctx context.Context, job *sightline.Job, lost chan struct{}, cancel context.CancelFunc, log *slog.Logger) {
	t := time.NewTicker(max(w.cfg.Lease/3, 10*time.Millisecond))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		err := w.store.ExtendJobLease(ctx, job, w.cfg.Lease)
		switch {
		case errors.Is(err, sightline.ErrJobLost):
			close(lost)
			cancel()
			return
		case err != nil && ctx.Err() == nil:
			log.Warn("extend job lease", "error", err.Error())
		}
	}
}

// execute does a job's work.
func (w *Worker) execute(ctx context.Context, job *sightline.Job) error {
	if w.cfg.JobDelay > 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(w.cfg.JobDelay):
		}
	}
	for prefix, h := range w.cfg.Handlers {
		if strings.HasPrefix(job.Kind, prefix) {
			return h(ctx, job)
		}
	}
	switch {
	case job.Kind == sightline.JobKindOpportunities:
		return w.computeOpportunities(ctx, job)
	case sightline.BriefIDOfJob(job.Kind) != "":
		return w.generateBrief(ctx, job)
	}
	return sightline.Errorf(sightline.EVALIDATION, "Unknown job kind %q.", job.Kind)
}

func (w *Worker) computeOpportunities(ctx context.Context, job *sightline.Job) error {
	ev, err := w.store.FindBrandEvidence(ctx, job.OrgID, job.BrandID, sightline.DefaultWindow(w.cfg.Now(), sightline.RecommendationWindowDays))
	if err != nil {
		return fmt.Errorf("read evidence: %w", err)
	}
	opps := engine.ComputeOpportunities(ev)
	if err := ctx.Err(); err != nil {
		return err
	}
	return w.store.CompleteOpportunityJob(ctx, job, opps)
}

func (w *Worker) generateBrief(ctx context.Context, job *sightline.Job) error {
	in, err := w.store.StartBriefJob(ctx, job, sightline.DefaultWindow(w.cfg.Now(), sightline.RecommendationWindowDays))
	if err != nil {
		return err
	}
	if err := w.store.UpdateBriefProgress(ctx, job, 40); err != nil {
		return err
	}
	res, err := engine.GenerateBrief(in)
	if err != nil {
		return err
	}
	if err := w.store.UpdateBriefProgress(ctx, job, 80); err != nil {
		return err
	}
	now := w.cfg.Now().UTC()
	res.Metadata.GeneratedAt, res.Metadata.Attempts = &now, job.Attempts
	return w.store.CompleteBriefJob(ctx, job, res)
}
