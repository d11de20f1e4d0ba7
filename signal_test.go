package sightline_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
)

func TestNewSignalEvidence(t *testing.T) {
	rate := func(x, n int) sightline.SignalRate { return sightline.NewSignalRate(x, n) }
	// Seven prompts with 10 runs in each period; p0 … p6 name the brand in
	// 5 runs before and in 5 + the move after.
	moves := []int{-3, 2, 0, -1, 4, -3, -2}
	runs, subject, texts := map[string]sightline.Split{}, map[string]sightline.Split{}, map[string]string{}
	for i, m := range moves {
		id := fmt.Sprintf("p%d", i)
		runs[id], subject[id], texts[id] = sightline.Split{Base: 10, Cur: 10}, sightline.Split{Base: 5, Cur: 5 + m}, "prompt "+id
	}
	prompt := func(id string, after int) sightline.SignalPrompt {
		return sightline.SignalPrompt{PromptID: id, Text: "prompt " + id, Before: rate(5, 10), After: rate(after, 10), Change: float64(after-5) * 10}
	}
	pages := []sightline.PageSplit{
		{Page: "a.com/1", Domain: "a.com", Cited: sightline.Split{Base: 35, Cur: 7}},  // 50 % → 10 %
		{Page: "b.com/1", Domain: "b.com", Cited: sightline.Split{Base: 7, Cur: 35}},  // 10 % → 50 %
		{Page: "c.com/1", Domain: "c.com", Cited: sightline.Split{Base: 14, Cur: 14}}, // unchanged
	}
	counts := sightline.SignalEvidenceCounts{Runs: runs, Subject: subject, Texts: texts, Pages: pages, Domain: "acme.com"}
	page := func(p sightline.PageSplit) sightline.SignalPage {
		before, after := rate(p.Cited.Base, 70), rate(p.Cited.Cur, 70)
		return sightline.SignalPage{Page: p.Page, Domain: p.Domain, Before: before, After: after, Change: after.Rate - before.Rate}
	}
	tests := []struct {
		typ  string
		dim  sightline.SignalDimension
		want sightline.SignalEvidence
	}{
		// Drops, largest first, ties by id (p0 and p5 both −30); the
		// unchanged p2 and the risers are left out.
		{sightline.SignalVisibilityDropped, sightline.SignalDimension{Kind: sightline.DimensionProvider, ID: "x"}, sightline.SignalEvidence{
			Prompts: []sightline.SignalPrompt{prompt("p0", 2), prompt("p5", 2), prompt("p6", 3), prompt("p3", 4)},
			Pages:   []sightline.SignalPage{page(pages[0])}}},
		{sightline.SignalVisibilityRose, sightline.SignalDimension{Kind: sightline.DimensionTopic, ID: "x"}, sightline.SignalEvidence{
			Prompts: []sightline.SignalPrompt{prompt("p4", 9), prompt("p1", 7)},
			Pages:   []sightline.SignalPage{page(pages[1])}}},
		// A citation signal's page is listed whatever its move: cited by
		// 35 of 70 runs before, 32 after.
		{sightline.SignalCitationLost, sightline.SignalDimension{Kind: sightline.DimensionPage, ID: "acme.com/pricing"}, sightline.SignalEvidence{
			Prompts: []sightline.SignalPrompt{prompt("p0", 2), prompt("p5", 2), prompt("p6", 3), prompt("p3", 4)},
			Pages: []sightline.SignalPage{{Page: "acme.com/pricing", Domain: "acme.com", Before: rate(35, 70), After: rate(32, 70),
				Change: rate(32, 70).Rate - rate(35, 70).Rate}}}},
		{sightline.SignalAdvertiserNew, sightline.SignalDimension{Kind: sightline.DimensionAdvertiser, ID: "x"}, sightline.SignalEvidence{
			Prompts: []sightline.SignalPrompt{prompt("p4", 9), prompt("p1", 7)},
			Pages:   []sightline.SignalPage{}}},
	}
	for _, tt := range tests {
		got := sightline.NewSignalEvidence(&sightline.Signal{Type: tt.typ, Dimension: tt.dim}, counts)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.typ, diff)
		}
	}

	// At most SignalEvidenceItems prompts and pages; none without runs.
	many := sightline.SignalEvidenceCounts{Runs: map[string]sightline.Split{}, Subject: map[string]sightline.Split{}}
	for i := range 8 {
		id := fmt.Sprintf("q%d", i)
		many.Runs[id], many.Subject[id] = sightline.Split{Base: 10, Cur: 10}, sightline.Split{Base: 1, Cur: 2 + i}
		many.Pages = append(many.Pages, sightline.PageSplit{Page: id, Cited: sightline.Split{Base: 1, Cur: 2 + i}})
	}
	ev := sightline.NewSignalEvidence(&sightline.Signal{Type: sightline.SignalSOVOvertaken}, many)
	if len(ev.Prompts) != sightline.SignalEvidenceItems || len(ev.Pages) != sightline.SignalEvidenceItems || ev.Prompts[0].PromptID != "q7" || ev.Pages[0].Page != "q7" {
		t.Errorf("eight risers: %d prompts (first %+v), %d pages", len(ev.Prompts), ev.Prompts[0], len(ev.Pages))
	}
	if ev := sightline.NewSignalEvidence(&sightline.Signal{Type: sightline.SignalVisibilityRose}, sightline.SignalEvidenceCounts{}); ev.Prompts == nil || ev.Pages == nil {
		t.Errorf("no counts: %+v, want empty lists", ev)
	}
}

func TestSignalChange_Announced(t *testing.T) {
	for action, want := range map[string]bool{
		sightline.SignalActionOpen:   true,
		sightline.SignalActionClose:  true,
		sightline.SignalActionUpdate: false,
	} {
		if got := (sightline.SignalChange{Action: action}).Announced(); got != want {
			t.Errorf("Announced(%q) = %v, want %v", action, got, want)
		}
	}
}

func TestDetectionRerun(t *testing.T) {
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		requested time.Time
		started   *time.Time
		want      bool
	}{
		{"RequestedWhileRunning", start.Add(time.Second), &start, true},
		{"RequestedAtStart", start, &start, false},
		{"RequestedBefore", start.Add(-time.Minute), &start, false},
		{"NeverStarted", start, nil, false},
	}
	for _, tt := range tests {
		if got := sightline.DetectionRerun(tt.requested, tt.started); got != tt.want {
			t.Errorf("%s: DetectionRerun = %v, want %v", tt.name, got, tt.want)
		}
	}
}
