package signal_test

import (
	"math"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/signal"
)

var (
	end     = time.Date(2026, 3, 15, 0, 0, 0, 0, time.UTC)
	now     = end.Add(9 * time.Hour)
	chatgpt = sightline.SignalDimension{Kind: sightline.DimensionProvider, ID: "11111111-1111-4111-8111-111111111111", Name: "ChatGPT"}
	rival   = sightline.SignalCompetitor{ID: "22222222-2222-4222-8222-222222222222", Name: "Rival"}
)

const brandID = "33333333-3333-4333-8333-333333333333"

// counts builds a window split: day baseline, day, week baseline, week.
func counts(dayBase, day, weekBase, week int) sightline.WindowSplits {
	return sightline.WindowSplits{{Base: dayBase, Cur: day}, {Base: weekBase, Cur: week}}
}

// input is a brand with one provider: 1000 runs in each baseline, 40 on
// the last day, 280 in the last week; named as given.
func input(named sightline.WindowSplits, open ...*sightline.Signal) *sightline.DetectionInput {
	return &sightline.DetectionInput{BrandID: brandID, End: end, Runs: counts(1000, 40, 1000, 280),
		Dimensions: []sightline.DimensionCounts{{Dimension: chatgpt, Runs: counts(1000, 40, 1000, 280), Brand: named}},
		Open:       open}
}

// stored returns the signals of changes as they would be stored.
func stored(changes []sightline.SignalChange) []*sightline.Signal {
	var out []*sightline.Signal
	for _, c := range changes {
		s := *c.Signal
		s.ID = "stored-" + s.Fingerprint[:8]
		out = append(out, &s)
	}
	return out
}

func actions(changes []sightline.SignalChange) []string {
	var out []string
	for _, c := range changes {
		out = append(out, c.Action+" "+c.Signal.Type)
	}
	return out
}

func TestDetect_Visibility(t *testing.T) {
	// 600/1000 = 60 % in the baseline; 8/40 = 20 % on the last day; the
	// week 160/280 = 57.1 %, within the threshold of its baseline.
	drop := input(counts(600, 8, 600, 160))
	changes := signal.Detect(drop, signal.Config{}, now)
	if len(changes) != 1 || changes[0].Action != sightline.SignalActionOpen || changes[0].Signal.Type != sightline.SignalVisibilityDropped {
		t.Fatalf("changes = %v, want one opened visibility.dropped", actions(changes))
	}
	s := changes[0].Signal
	n := s.Numbers
	// pooled 608/1040; se = √(p(1 − p)(1/1000 + 1/40)); z = −0.4/se
	pooled := 608.0 / 1040
	z := -0.4 / math.Sqrt(pooled*(1-pooled)*(1.0/1000+1.0/40))
	if n.Window != "day" || n.Before.Trials != 1000 || n.Before.Successes != 600 || n.After.Trials != 40 || n.After.Successes != 8 ||
		!near(n.Before.Rate, 60, 1e-9) || !near(n.After.Rate, 20, 1e-9) || !near(n.Change, -40, 1e-9) || !near(n.Z, z, 1e-9) ||
		!near(n.PValue, math.Erfc(-z/math.Sqrt2), 1e-15) || n.Threshold != 5 {
		t.Errorf("numbers = %+v (want z %.6f)", n, z)
	}
	if !n.Before.Start.Equal(end.AddDate(0, 0, -29)) || !n.Before.End.Equal(end.AddDate(0, 0, -1)) ||
		!n.After.Start.Equal(end.AddDate(0, 0, -1)) || !n.After.End.Equal(end) {
		t.Errorf("periods: before %s–%s, after %s–%s", n.Before.Start, n.Before.End, n.After.Start, n.After.End)
	}
	if n.After.Interval.Low > 20 || n.After.Interval.High < 20 || n.After.Interval.Low <= 0 {
		t.Errorf("interval of 20 %%: %+v", n.After.Interval)
	}
	if s.Fingerprint != sightline.SignalFingerprint(sightline.SignalVisibilityDropped, brandID, chatgpt, "") || s.Status != sightline.SignalOpen ||
		!s.OpenedAt.Equal(now) || s.ClosedAt != nil || s.Dimension != chatgpt || s.Competitor != nil {
		t.Errorf("signal = %+v", s)
	}

	open := stored(changes)
	if again := signal.Detect(input(counts(600, 8, 600, 160), open...), signal.Config{}, now.Add(time.Hour)); len(again) != 0 {
		t.Errorf("detection again on the same counts: %v, want nothing", actions(again))
	}
	// Still down by 10 points (not significant on 40 runs): it stays open
	// with the new numbers.
	held := signal.Detect(input(counts(600, 20, 600, 160), open...), signal.Config{}, now.Add(24*time.Hour))
	if len(held) != 1 || held[0].Action != sightline.SignalActionUpdate || held[0].Signal.Status != sightline.SignalOpen ||
		held[0].Signal.ID != open[0].ID || held[0].Signal.Numbers.After.Successes != 20 || !held[0].Signal.OpenedAt.Equal(now) {
		t.Errorf("held: %v %+v", actions(held), held)
	}
	// Back within the threshold in both windows: it closes.
	closed := signal.Detect(input(counts(600, 23, 600, 165), open...), signal.Config{}, now.Add(48*time.Hour))
	if len(closed) != 1 || closed[0].Action != sightline.SignalActionClose || closed[0].Signal.Status != sightline.SignalClosed ||
		closed[0].Signal.ClosedAt == nil || closed[0].Signal.ID != open[0].ID {
		t.Errorf("recovered: %v", actions(closed))
	}
	// No runs at all: nothing to judge on, it stays as it is.
	empty := &sightline.DetectionInput{BrandID: brandID, End: end, Open: open}
	if got := signal.Detect(empty, signal.Config{}, now); len(got) != 0 {
		t.Errorf("without data: %v", actions(got))
	}

	tests := []struct {
		name  string
		named sightline.WindowSplits
		cfg   signal.Config
		want  []string
	}{
		{"Rise", counts(600, 36, 600, 180), signal.Config{}, []string{"open visibility.rose"}},
		// −20 points on 40 runs: p = 0.0116, not significant at 99 %
		{"NotSignificant", counts(600, 16, 600, 168), signal.Config{}, nil},
		// a real but small change: 60 % → 56.4 % on 10 000 runs
		{"BelowThreshold", sightline.WindowSplits{}, signal.Config{}, nil},
		{"ThresholdConfigurable", counts(600, 8, 600, 160), signal.Config{Threshold: 45}, nil},
		// the week: 600/1000 → 112/280 = 40 %, significant; the day too
		{"Week", counts(600, 16, 600, 112), signal.Config{}, []string{"open visibility.dropped"}},
	}
	for _, tt := range tests {
		in := input(tt.named)
		if tt.named == (sightline.WindowSplits{}) {
			in.Dimensions[0].Runs = counts(100000, 10000, 100000, 10000)
			in.Dimensions[0].Brand = counts(60000, 5640, 60000, 5640)
		}
		got := actions(signal.Detect(in, tt.cfg, now))
		if len(got) != len(tt.want) || (len(got) > 0 && got[0] != tt.want[0]) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	// The week fired with a smaller p-value than the day: its numbers.
	week := signal.Detect(input(counts(600, 16, 600, 112)), signal.Config{}, now)
	if len(week) == 1 && week[0].Signal.Numbers.Window != "week" {
		t.Errorf("numbers of window %s, want week (smallest p-value)", week[0].Signal.Numbers.Window)
	}
}

func TestDetect_MinimumTrials(t *testing.T) {
	in := input(counts(600, 2, 600, 160))
	in.Dimensions[0].Runs = counts(1000, 29, 1000, 280) // 2/29 on the day: too few runs
	if got := signal.Detect(in, signal.Config{}, now); len(got) != 0 {
		t.Errorf("29 runs on the day: %v, want nothing", actions(got))
	}
	in.Dimensions[0].Runs = counts(29, 40, 1000, 280)
	in.Dimensions[0].Brand = counts(20, 2, 600, 160)
	if got := signal.Detect(in, signal.Config{}, now); len(got) != 0 {
		t.Errorf("29 runs in the baseline: %v, want nothing", actions(got))
	}
}

func TestDetect_Overtaken(t *testing.T) {
	in := input(counts(600, 10, 600, 160))
	// The rival named in 400 of the baseline's runs (brand 600: its share
	// 40 %), and in 30 of the day's (brand 10: 75 %).
	in.Dimensions[0].Competitors = []sightline.CompetitorCounts{{Competitor: rival, Named: counts(400, 30, 400, 110)}}
	changes := signal.Detect(in, signal.Config{}, now)
	var over *sightline.Signal
	for _, c := range changes {
		if c.Signal.Type == sightline.SignalSOVOvertaken {
			over = c.Signal
		}
	}
	if over == nil || over.Competitor == nil || *over.Competitor != rival || over.Numbers.Window != "day" ||
		over.Numbers.Before.Trials != 1000 || over.Numbers.Before.Successes != 400 || over.Numbers.After.Trials != 40 ||
		!near(over.Numbers.After.Rate, 75, 1e-9) {
		t.Fatalf("overtaken: %v %+v", actions(changes), over)
	}
	if over.Fingerprint != sightline.SignalFingerprint(sightline.SignalSOVOvertaken, brandID, chatgpt, rival.ID) {
		t.Error("the fingerprint does not name the competitor")
	}
	open := stored([]sightline.SignalChange{{Action: sightline.SignalActionOpen, Signal: over}})
	// The rival still leads (25 against 15): open; level again: closed.
	in.Open = open
	in.Dimensions[0].Brand = counts(600, 15, 600, 160)
	in.Dimensions[0].Competitors[0].Named = counts(400, 25, 400, 110)
	if got := signal.Detect(in, signal.Config{}, now); len(got) != 2 || got[1].Action != sightline.SignalActionUpdate {
		t.Errorf("still ahead: %v", actions(got))
	}
	in.Dimensions[0].Brand = counts(600, 20, 600, 160)
	in.Dimensions[0].Competitors[0].Named = counts(400, 20, 400, 110)
	got := signal.Detect(in, signal.Config{}, now)
	if len(got) == 0 || got[len(got)-1].Action != sightline.SignalActionClose || got[len(got)-1].Signal.Type != sightline.SignalSOVOvertaken {
		t.Errorf("level again: %v", actions(got))
	}
	// A competitor that already led in the baseline did not pass anyone.
	in.Open = nil
	in.Dimensions[0].Brand = counts(400, 10, 400, 110)
	in.Dimensions[0].Competitors[0].Named = counts(600, 30, 600, 160)
	for _, c := range signal.Detect(in, signal.Config{}, now) {
		if c.Signal.Type == sightline.SignalSOVOvertaken {
			t.Errorf("a competitor ahead all along raised %s", c.Action)
		}
	}
}

func TestDetect_Pages(t *testing.T) {
	page := func(days, runs sightline.Split, open ...*sightline.Signal) *sightline.DetectionInput {
		return &sightline.DetectionInput{BrandID: brandID, End: end, Runs: counts(1000, 40, 1000, 280), Open: open,
			Pages: []sightline.PageCounts{{Page: "https://acme.example/pricing", Domain: "acme.example", Days: days, Runs: runs}}}
	}
	tests := []struct {
		name       string
		days, runs sightline.Split
		want       []string
	}{
		{"Lost", sightline.Split{Base: 5, Cur: 0}, sightline.Split{Base: 40, Cur: 0}, []string{"open citation.lost"}},
		{"CitedOnTooFewDays", sightline.Split{Base: 4, Cur: 0}, sightline.Split{Base: 40, Cur: 0}, nil},
		{"StillCited", sightline.Split{Base: 20, Cur: 1}, sightline.Split{Base: 80, Cur: 1}, nil},
		{"Gained", sightline.Split{Base: 0, Cur: 3}, sightline.Split{Base: 0, Cur: 9}, []string{"open citation.gained"}},
		{"GainedOnTooFewDays", sightline.Split{Base: 0, Cur: 2}, sightline.Split{Base: 0, Cur: 9}, nil},
		{"CitedBefore", sightline.Split{Base: 1, Cur: 7}, sightline.Split{Base: 1, Cur: 30}, nil},
	}
	for _, tt := range tests {
		got := actions(signal.Detect(page(tt.days, tt.runs), signal.Config{}, now))
		if len(got) != len(tt.want) || (len(got) > 0 && got[0] != tt.want[0]) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
	lost := signal.Detect(page(sightline.Split{Base: 6, Cur: 0}, sightline.Split{Base: 40, Cur: 0}), signal.Config{}, now)
	s := lost[0].Signal
	if s.Dimension.Kind != "page" || s.Dimension.ID != "https://acme.example/pricing" || s.Numbers.Window != "week" ||
		s.Numbers.Before.Successes != 40 || s.Numbers.Before.Trials != 1000 || s.Numbers.After.Successes != 0 || s.Numbers.After.Trials != 280 ||
		s.Evidence.DaysBefore == nil || s.Evidence.DaysBefore.Successes != 6 || s.Evidence.DaysBefore.Trials != 28 || s.Evidence.DaysAfter.Trials != 7 {
		t.Errorf("lost page signal: %+v", s)
	}
	open := stored(lost)
	// not cited at all in the windows any more: still lost, its numbers
	// those of the later windows
	stillLost := &sightline.DetectionInput{BrandID: brandID, End: end, Runs: counts(1000, 40, 1000, 280), Open: open}
	if got := signal.Detect(stillLost, signal.Config{}, now); len(got) != 1 || got[0].Action != sightline.SignalActionUpdate ||
		got[0].Signal.Status != sightline.SignalOpen || got[0].Signal.Numbers.Before.Successes != 0 {
		t.Errorf("a lost page without citations: %v, want it open", actions(got))
	}
	// cited again: closed
	if got := signal.Detect(page(sightline.Split{Base: 6, Cur: 1}, sightline.Split{Base: 40, Cur: 2}, open...), signal.Config{}, now); len(got) != 1 ||
		got[0].Action != sightline.SignalActionClose {
		t.Errorf("a lost page cited again: %v", actions(got))
	}
	gained := stored(signal.Detect(page(sightline.Split{Base: 0, Cur: 4}, sightline.Split{Base: 0, Cur: 12}), signal.Config{}, now))
	// once its citations reach the baseline it is no longer new
	if got := signal.Detect(page(sightline.Split{Base: 2, Cur: 7}, sightline.Split{Base: 5, Cur: 30}, gained...), signal.Config{}, now); len(got) != 1 ||
		got[0].Action != sightline.SignalActionClose {
		t.Errorf("an established page: %v", actions(got))
	}
}

func TestDetect_Advertiser(t *testing.T) {
	adv := sightline.SignalDimension{Kind: sightline.DimensionAdvertiser, ID: "44444444-4444-4444-8444-444444444444", Name: "AdCo"}
	in := func(first time.Time, runs sightline.Split, open ...*sightline.Signal) *sightline.DetectionInput {
		return &sightline.DetectionInput{BrandID: brandID, End: end, Runs: counts(1000, 40, 1000, 280), Open: open,
			Advertisers: []sightline.AdvertiserCounts{{Dimension: adv, FirstSeen: first, Runs: runs}}}
	}
	got := signal.Detect(in(end.AddDate(0, 0, -3), sightline.Split{Base: 0, Cur: 12}), signal.Config{}, now)
	if len(got) != 1 || got[0].Signal.Type != sightline.SignalAdvertiserNew || got[0].Signal.Numbers.After.Successes != 12 {
		t.Fatalf("new advertiser: %v", actions(got))
	}
	if got := signal.Detect(in(end.AddDate(0, 0, -8), sightline.Split{Base: 3, Cur: 12}), signal.Config{}, now); len(got) != 0 {
		t.Errorf("an advertiser first seen 8 days ago: %v", actions(got))
	}
	open := stored(got)
	if again := signal.Detect(in(end.AddDate(0, 0, -3), sightline.Split{Base: 0, Cur: 12}, open...), signal.Config{}, now); len(again) != 0 {
		t.Errorf("again: %v", actions(again))
	}
	gone := &sightline.DetectionInput{BrandID: brandID, End: end.AddDate(0, 0, 10), Runs: counts(1000, 40, 1000, 280), Open: open}
	if c := signal.Detect(gone, signal.Config{}, now.AddDate(0, 0, 10)); len(c) != 1 || c[0].Action != sightline.SignalActionClose {
		t.Errorf("10 days later: %v", actions(c))
	}
}

// crawler.blocked opens when the share of an operator's verified visits
// answered 4xx/5xx passes one half from a baseline below it, stays open
// while it is above one half, and closes when it is back under.
func TestDetect_CrawlerBlocked(t *testing.T) {
	openai := sightline.SignalDimension{Kind: sightline.DimensionOperator, ID: "openai", Name: "openai"}
	in := func(errors sightline.WindowSplits, open ...*sightline.Signal) *sightline.DetectionInput {
		return &sightline.DetectionInput{BrandID: brandID, End: end, Runs: counts(1000, 40, 1000, 280),
			Operators: []sightline.OperatorCounts{{Dimension: openai, Visits: counts(1000, 36, 1000, 252), Errors: errors}}, Open: open}
	}
	// baseline 50/1000 = 5 %; last day 36/36; week 149/252 = 59.1 %
	changes := signal.Detect(in(counts(50, 36, 50, 149)), signal.Config{}, now)
	if len(changes) != 1 || changes[0].Action != sightline.SignalActionOpen || changes[0].Signal.Type != sightline.SignalCrawlerBlocked {
		t.Fatalf("changes = %v, want one opened crawler.blocked", actions(changes))
	}
	s := changes[0].Signal
	// the week fires with the smaller p-value
	if s.Dimension != openai || s.Numbers.Window != "week" || s.Numbers.After.Successes != 149 || !near(s.Numbers.Change, 100*149.0/252-5, 1e-9) {
		t.Errorf("signal %+v numbers %+v", s.Dimension, s.Numbers)
	}
	// Refused, but not mostly (20 of 36, 100 of 252 ≈ 39.7 %): no signal.
	if changes := signal.Detect(in(counts(50, 17, 50, 100)), signal.Config{}, now); len(changes) != 0 {
		t.Errorf("a minority of refusals: %v", actions(changes))
	}
	// Mostly refused in the baseline already: not a change.
	if changes := signal.Detect(in(counts(600, 36, 600, 252)), signal.Config{}, now); len(changes) != 0 {
		t.Errorf("refused all along: %v", actions(changes))
	}
	// Too few visits (fewer than 30 a side): no judgement.
	few := in(counts(50, 36, 50, 149))
	few.Operators[0].Visits = counts(1000, 20, 1000, 20)
	few.Operators[0].Errors = counts(50, 20, 50, 20)
	if changes := signal.Detect(few, signal.Config{}, now); len(changes) != 0 {
		t.Errorf("20 visits: %v", actions(changes))
	}
	// Open: stays open while the week is mostly refused, closes after.
	open := stored(changes)
	if changes := signal.Detect(in(counts(50, 30, 50, 160), open...), signal.Config{}, now); len(changes) != 1 || changes[0].Action != sightline.SignalActionUpdate {
		t.Errorf("still blocked: %v, want an update", actions(changes))
	}
	if changes := signal.Detect(in(counts(50, 1, 50, 20), open...), signal.Config{}, now); len(changes) != 1 || changes[0].Action != sightline.SignalActionClose {
		t.Errorf("unblocked: %v, want a close", actions(changes))
	}
	// Again on what it stored: nothing changes.
	if changes := signal.Detect(in(counts(50, 36, 50, 149), open...), signal.Config{}, now); len(changes) != 0 {
		t.Errorf("detection again: %v", actions(changes))
	}
}
