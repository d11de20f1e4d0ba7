package collect

import (
	"context"
	"log/slog"
	"time"

	"github.com/sightline/sightline"
)

// Defaults of a Scheduler.
const (
	DefaultInterval = time.Minute
	// DefaultRetryAfter is how long after a slot's job ends the scheduler
	// queues another for the samples that failed.
	DefaultRetryAfter = time.Hour
	// DefaultJobsPerSlot bounds the jobs of one brand, provider and slot:
	// the first and the retries of its failures.
	DefaultJobsPerSlot = 3
)

// Scheduler turns due collection work into jobs for the workers of every
// replica. Several replicas may schedule at once: a job kind is one brand,
// provider and slot, and only one such job can be live.
type Scheduler struct {
	Store       Store
	Collector   *Collector // tells which providers can be asked
	Interval    time.Duration
	RetryAfter  time.Duration
	JobsPerSlot int
	// Wake, when set, tells the local worker that jobs are queued.
	Wake   func()
	Now    func() time.Time
	Logger *slog.Logger
}

// Run ticks every Interval until ctx ends.
func (s *Scheduler) Run(ctx context.Context) {
	interval := s.Interval
	if interval <= 0 {
		interval = DefaultInterval
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if _, err := s.Tick(ctx); err != nil && ctx.Err() == nil {
			s.logger().Error("collection schedule", "error", err.Error())
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (s *Scheduler) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.New(slog.DiscardHandler)
}

func (s *Scheduler) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// Tick queues a job for every collecting brand and provider with samples
// due in the current slot, unless one is live, the slot's jobs are spent,
// the last one ended less than RetryAfter ago, the organization has no key
// for the provider, or its spending cap is reached. It returns how many
// jobs it queued.
func (s *Scheduler) Tick(ctx context.Context) (int, error) {
	brands, err := s.Store.FindCollectingBrands(ctx)
	if err != nil {
		return 0, err
	}
	now := s.now()
	queued := 0
	for _, b := range brands {
		n, err := s.queueBrand(ctx, b, now, false)
		queued += n
		if err != nil {
			return queued, err
		}
	}
	if queued > 0 && s.Wake != nil {
		s.Wake()
	}
	return queued, nil
}

// QueueBrand queues, now, the jobs of one brand's due samples under
// Tick's rules, whether its collection is on or off, as `collect --once
// --brand` collects a brand that is off (docs/collect.md); it returns how
// many jobs it queued. The dashboard's "collect now" calls it.
func (s *Scheduler) QueueBrand(ctx context.Context, brandID string) (int, error) {
	n, err := s.queueBrand(ctx, brandID, s.now(), true)
	if n > 0 && s.Wake != nil {
		s.Wake()
	}
	return n, err
}

// queueBrand queues the due jobs of one brand; a brand whose collection
// is off is left alone unless evenOff.
func (s *Scheduler) queueBrand(ctx context.Context, b string, now time.Time, evenOff bool) (int, error) {
	queued := 0
	w, err := s.Store.FindCollectionWork(ctx, b, now)
	if err != nil {
		return queued, err
	}
	if !w.Settings.Enabled && !evenOff {
		return queued, nil
	}
	capped := false
	if sc, err := s.Store.FindSpendingCap(ctx, w.OrgID, now); err == nil && sc.Reached() {
		capped = true
	}
	for _, code := range w.Settings.Providers {
		log := s.logger().With("brand_id", b, "provider", code)
		if len(sightline.PlanCollection(w, code, w.Settings.Samples)) == 0 {
			continue
		}
		if capped {
			log.Debug("collection not scheduled: daily spending cap reached", "org_id", w.OrgID)
			continue
		}
		if s.Collector != nil && s.Collector.Askers[code] == nil {
			continue
		}
		if _, err := s.Store.FindProviderCredential(ctx, w.OrgID, code); err != nil {
			log.Debug("collection not scheduled: no provider key", "org_id", w.OrgID)
			continue
		}
		kind := sightline.CollectJobKind(code, w.Slot)
		if !s.due(ctx, b, kind, now) {
			continue
		}
		switch _, err := s.Store.EnqueueJob(ctx, b, kind); sightline.ErrorCode(err) {
		case "":
			queued++
			log.Info("collection queued", "kind", kind)
		case sightline.ECONFLICT: // another replica was first
		default:
			return queued, err
		}
	}
	return queued, nil
}

// due reports whether a new job of kind may be queued.
func (s *Scheduler) due(ctx context.Context, brandID, kind string, now time.Time) bool {
	jobs, err := s.Store.FindJobsOfKind(ctx, brandID, kind)
	if err != nil {
		s.logger().Error("find collection jobs", "brand_id", brandID, "error", err.Error())
		return false
	}
	perSlot, retry := s.JobsPerSlot, s.RetryAfter
	if perSlot <= 0 {
		perSlot = DefaultJobsPerSlot
	}
	if retry <= 0 {
		retry = DefaultRetryAfter
	}
	if len(jobs) >= perSlot {
		return false
	}
	if len(jobs) == 0 {
		return true
	}
	last := jobs[0] // newest
	if last.Status == sightline.JobQueued || last.Status == sightline.JobRunning {
		return false
	}
	return last.CompletedAt != nil && now.Sub(*last.CompletedAt) >= retry
}
