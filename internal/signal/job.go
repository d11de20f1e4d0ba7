package signal

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/sightline/sightline"
)

// Detector runs detection jobs (sightline.JobKindSignals): it reads a
// brand's counts, decides with Detect, reads the evidence of every signal
// it opens or updates, and stores the changes with their webhook events
// and the job's completion in one transaction.
type Detector struct {
	Store  sightline.DetectionService
	Config Config
	// Now is the clock that sets the last complete day (default time.Now).
	Now    func() time.Time
	Logger *slog.Logger
	// Wake, when set, tells the webhook dispatcher that deliveries are
	// queued.
	Wake func()
}

func (d *Detector) now() time.Time {
	if d.Now != nil {
		return d.Now().UTC()
	}
	return time.Now().UTC()
}

// RunJob is the worker's handler of detection jobs.
func (d *Detector) RunJob(ctx context.Context, job *sightline.Job) error {
	now := d.now()
	in, err := d.Store.FindDetectionInput(ctx, job.BrandID, now)
	if err != nil {
		return fmt.Errorf("read detection input: %w", err)
	}
	changes := Detect(in, d.Config, now)
	for _, c := range changes {
		if c.Action == sightline.SignalActionClose {
			continue // a closed signal keeps the evidence of its last change
		}
		ev, err := d.Store.FindSignalEvidence(ctx, c.Signal)
		if err != nil {
			return fmt.Errorf("read signal evidence: %w", err)
		}
		ev.DaysBefore, ev.DaysAfter = c.Signal.Evidence.DaysBefore, c.Signal.Evidence.DaysAfter
		c.Signal.Evidence = *ev
	}
	deliveries, err := d.Store.SaveDetection(ctx, job, changes)
	if err != nil {
		return err
	}
	if d.Logger != nil && len(changes) > 0 {
		counts := map[string]int{}
		for _, c := range changes {
			counts[c.Action]++
		}
		d.Logger.Info("signals detected", "brand_id", job.BrandID, "opened", counts[sightline.SignalActionOpen],
			"updated", counts[sightline.SignalActionUpdate], "closed", counts[sightline.SignalActionClose], "deliveries", deliveries)
	}
	if deliveries > 0 && d.Wake != nil {
		d.Wake()
	}
	return nil
}
