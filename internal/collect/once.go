package collect

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sightline/sightline"
)

// OnceOptions narrow one foreground collection (`sightline collect
// --once`); they override the brands' settings for this run only.
type OnceOptions struct {
	// BrandID collects only this brand, even when its collection is off;
	// "" collects every brand whose collection is on.
	BrandID string
	// Providers replace the brands' providers; nil keeps them.
	Providers []string
	// Samples replaces the brands' samples per slot; 0 keeps them.
	Samples int
	// DryRun plans and prices without asking anything.
	DryRun bool
	// Progress is told about each plan before it runs and each sample as it
	// finishes.
	Progress func(Event)
}

// Event is a progress report of a foreground collection.
type Event struct {
	Plan    *Plan                        // the plan the event is about
	Sample  *sightline.CollectionSample  // a finished sample; nil for a plan's start
	Attempt *sightline.CollectionAttempt // its outcome
	N, Of   int                          // the sample's rank among all samples asked
}

// Plan is one brand's due work on one provider in the current slot.
type Plan struct {
	BrandID  string
	Provider string
	Slot     time.Time
	Samples  []sightline.CollectionSample
	// EstimateMicros is what asking every sample would cost, from the
	// price table's typical call.
	EstimateMicros int64
	// Skip says why nothing is asked ("" when the plan runs).
	Skip string
	// NoProviders marks the brand-level skip of a brand that has no
	// collection providers (the page asks for them in its own words).
	NoProviders bool
	// Warning says why the samples would fail ("" when nothing is known
	// against them), e.g. no key for the provider.
	Warning string
}

// Result is what a foreground collection did.
type Result struct {
	Plans      []*Plan
	Tally      Tally
	ByProvider map[string]*Tally
}

// Once collects everything due now in the foreground: every collecting
// brand (or opts.BrandID) on each of its providers, claiming each (brand,
// provider, slot) job so that no server replica asks the same samples at
// the same time.
func (c *Collector) Once(ctx context.Context, opts OnceOptions) (*Result, error) {
	brands := []string{opts.BrandID}
	if opts.BrandID == "" {
		var err error
		if brands, err = c.Store.FindCollectingBrands(ctx); err != nil {
			return nil, err
		}
	}
	res := &Result{ByProvider: map[string]*Tally{}}
	for _, b := range brands {
		plans, err := c.plans(ctx, b, opts)
		if err != nil {
			return nil, err
		}
		res.Plans = append(res.Plans, plans...)
	}
	if opts.DryRun {
		return res, nil
	}
	total := 0
	for _, p := range res.Plans {
		if p.Skip == "" {
			total += len(p.Samples)
		}
	}
	// Providers are paced and limited independently, so their plans run
	// side by side; one provider's plans run one after another.
	var n atomic.Int64
	var mu sync.Mutex
	var firstErr error
	byProvider := map[string][]*Plan{}
	var order []string
	for _, p := range res.Plans {
		if p.Skip != "" {
			continue
		}
		if byProvider[p.Provider] == nil {
			order = append(order, p.Provider)
		}
		byProvider[p.Provider] = append(byProvider[p.Provider], p)
	}
	var wg sync.WaitGroup
	for _, code := range order {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, p := range byProvider[code] {
				if ctx.Err() != nil {
					return
				}
				if opts.Progress != nil {
					mu.Lock()
					opts.Progress(Event{Plan: p, Of: total})
					mu.Unlock()
				}
				t, err := c.runPlan(ctx, p, func(s sightline.CollectionSample, a *sightline.CollectionAttempt) {
					if opts.Progress != nil {
						mu.Lock()
						opts.Progress(Event{Plan: p, Sample: &s, Attempt: a, N: int(n.Add(1)), Of: total})
						mu.Unlock()
					}
				})
				mu.Lock()
				res.Tally.Add(t)
				if res.ByProvider[p.Provider] == nil {
					res.ByProvider[p.Provider] = &Tally{}
				}
				res.ByProvider[p.Provider].Add(t)
				if err != nil && firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return res, firstErr
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	return res, nil
}

// plans lists a brand's due work, one plan per provider.
func (c *Collector) plans(ctx context.Context, brandID string, opts OnceOptions) ([]*Plan, error) {
	w, err := c.Store.FindCollectionWork(ctx, brandID, c.now())
	if err != nil {
		return nil, err
	}
	providers, samples := w.Settings.Providers, w.Settings.Samples
	if opts.Providers != nil {
		providers = opts.Providers
	}
	if opts.Samples > 0 {
		samples = opts.Samples
	}
	if len(providers) == 0 {
		return []*Plan{{BrandID: brandID, Slot: w.Slot, NoProviders: true, Skip: "the brand has no collection providers: set them with `sightline brands set " + brandID + " --collect-providers …` or pass --providers"}}, nil
	}
	var out []*Plan
	for _, code := range providers {
		p := &Plan{BrandID: brandID, Provider: code, Slot: w.Slot, Samples: sightline.PlanCollection(w, code, samples)}
		if c.Prices != nil {
			p.EstimateMicros = int64(len(p.Samples)) * c.Prices.Estimate(code, c.Models[code])
		}
		switch {
		case len(w.Prompts) == 0:
			p.Skip = "the brand has no active prompts"
		case len(p.Samples) == 0:
			p.Skip = "every sample of this slot is collected already"
		}
		if p.Skip == "" && opts.DryRun {
			if _, _, f := c.providerKey(ctx, w.OrgID, code); f != nil {
				p.Warning = f.message
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// runPlan claims the plan's job, collects its samples with a heartbeat on
// the claim, and completes the job.
func (c *Collector) runPlan(ctx context.Context, p *Plan, progress progressFunc) (Tally, error) {
	kind := sightline.CollectJobKind(p.Provider, p.Slot)
	lease := c.Lease
	if lease <= 0 {
		lease = DefaultLease
	}
	job, err := c.Store.ClaimJobOfKind(ctx, sightline.JobClaim{WorkerID: c.workerID(), Lease: lease}, p.BrandID, kind)
	if errors.Is(err, sightline.ErrJobBusy) {
		p.Skip = "a server's worker is collecting these samples right now"
		return Tally{Skipped: len(p.Samples)}, nil
	} else if err != nil {
		return Tally{}, err
	}
	jctx, cancel := context.WithCancel(ctx)
	defer cancel()
	beat := make(chan struct{})
	go func() {
		defer close(beat)
		t := time.NewTicker(max(lease/3, 10*time.Millisecond))
		defer t.Stop()
		for {
			select {
			case <-jctx.Done():
				return
			case <-t.C:
			}
			if err := c.Store.ExtendJobLease(jctx, job, lease); errors.Is(err, sightline.ErrJobLost) {
				cancel() // another worker took over: stop asking
				return
			}
		}
	}()
	w, err := c.Store.FindCollectionWork(jctx, p.BrandID, p.Slot)
	if err != nil {
		cancel()
		<-beat
		return Tally{}, err
	}
	// Plan again under the claim: the samples a worker collected between
	// planning and claiming are not asked twice.
	var plan []sightline.CollectionSample
	for _, s := range p.Samples {
		if !w.Done[s.Key()] {
			plan = append(plan, s)
		}
	}
	t := c.collect(jctx, w, p.Provider, plan, progress)
	t.Skipped += len(p.Samples) - len(plan)
	lost := jctx.Err() != nil && ctx.Err() == nil
	cancel()
	<-beat
	if lost {
		return t, fmt.Errorf("collect %s for brand %s: %w", p.Provider, p.BrandID, sightline.ErrJobLost)
	}
	if ctx.Err() != nil {
		rctx, rcancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer rcancel()
		_ = c.Store.ReleaseJob(rctx, job) // interrupted: the rest stays due
		return t, ctx.Err()
	}
	if err := c.Store.CompleteJob(context.WithoutCancel(ctx), job); err != nil {
		return t, err
	}
	c.queueDetection(ctx, p.BrandID, t)
	return t, nil
}

func (c *Collector) workerID() string {
	if c.WorkerID != "" {
		return c.WorkerID
	}
	host, _ := os.Hostname()
	return fmt.Sprintf("collect-%s-%d", host, os.Getpid())
}

// Providers lists the provider codes the collector can ask.
func (c *Collector) Providers() []string {
	out := make([]string, 0, len(c.Askers))
	for code := range c.Askers {
		out = append(out, code)
	}
	slices.Sort(out)
	return out
}
