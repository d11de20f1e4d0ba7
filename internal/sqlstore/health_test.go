package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"
	"github.com/sightline/sightline"
)

// TestCollectionHealth counts the attempts of the last slot only, by
// status and reason, most first, on both engines: yesterday's slot had two
// failures, today's one answer and three failures (two without a key).
func TestCollectionHealth(t *testing.T) {
	f := newEngineFixture(t)
	ctx := context.Background()
	h, err := f.db.FindCollectionHealth(ctx, f.orgID, f.brand.ID)
	if err != nil || h.Slot != nil || len(h.Counts) != 0 {
		t.Fatalf("before any attempt: %+v, %v", h, err)
	}
	today := f.now.UTC().Truncate(24 * time.Hour)
	sample := 0
	attempt := func(slot time.Time, reason string) {
		t.Helper()
		sample++
		at := slot.Add(time.Duration(sample) * time.Minute)
		a := &sightline.CollectionAttempt{OrgID: f.orgID, BrandID: f.brand.ID, PromptID: f.prompts["best"], Provider: "chatgpt", Region: "us",
			Slot: slot, Sample: sample, Status: sightline.AttemptOK, Model: "m", Tries: 1, StartedAt: at, FinishedAt: at}
		var run *sightline.AnalyzedRun
		if reason == "" {
			run = &sightline.AnalyzedRun{ID: uuid.NewString(), BrandID: f.brand.ID, PromptID: a.PromptID, TopicID: f.topics["Gantt"],
				Provider: "chatgpt", Region: "us", RanAt: at, Answer: "Acme."}
			a.RunID = &run.ID
		} else {
			msg := "it failed"
			a.Status, a.ReasonCode, a.Reason = sightline.AttemptFailed, &reason, &msg
		}
		if err := f.db.RecordCollectionAttempt(ctx, a, run); err != nil {
			t.Fatal(err)
		}
	}
	attempt(today.AddDate(0, 0, -1), "server_error")
	attempt(today.AddDate(0, 0, -1), "server_error")
	attempt(today, "")
	attempt(today, "no_key")
	attempt(today, "server_error")
	attempt(today, "no_key")

	h, err = f.db.FindCollectionHealth(ctx, f.orgID, f.brand.ID)
	if err != nil {
		t.Fatal(err)
	}
	if h.Slot == nil || !h.Slot.Equal(today) {
		t.Errorf("slot %v, want %v", h.Slot, today)
	}
	want := []sightline.AttemptCount{
		{Status: sightline.AttemptFailed, ReasonCode: "no_key", Attempts: 2},
		{Status: sightline.AttemptFailed, ReasonCode: "server_error", Attempts: 1},
		{Status: sightline.AttemptOK, Attempts: 1},
	}
	if d := cmp.Diff(want, h.Counts); d != "" {
		t.Errorf("counts (-want +got):\n%s", d)
	}
	if h.Attempts() != 4 || h.Failed() != 3 || !h.Failing() {
		t.Errorf("attempts %d, failed %d, failing %v; want 4, 3, true", h.Attempts(), h.Failed(), h.Failing())
	}
	if _, err := f.db.FindCollectionHealth(ctx, f.orgID, f.other.ID); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("another organization's brand: %v, want NOT_FOUND", err)
	}
}
