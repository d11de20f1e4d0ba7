package sqlstore_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

// goldenAnalysis returns the golden data set's mentions of each answer of
// brand A as ingest linked them: analyzing the answers again with it changes
// nothing.
func goldenAnalysis(t *testing.T, g *golden) map[string][]sightline.AnalyzedMention {
	t.Helper()
	ctx := context.Background()
	in := ingest.New(g.db)
	out := map[string][]sightline.AnalyzedMention{}
	for _, r := range gRecords() {
		if r.BrandID != gBrandA {
			continue
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var rec sightline.RunRecord
		if err := json.Unmarshal(b, &rec); err != nil {
			t.Fatal(err)
		}
		run, err := in.Analyze(ctx, rec)
		if err != nil {
			t.Fatal(err)
		}
		out[r.Answer] = run.Mentions
	}
	return out
}

func sovByName(snap map[string]any) map[string]sightline.SOVAggregate {
	out := map[string]sightline.SOVAggregate{}
	for _, r := range snap["share of voice"].([]*sightline.SOVRow) {
		out[r.Name] = r.AggregateMetrics
	}
	return out
}

// Analyzing stored answers again replaces the mentions of the runs whose
// analysis changed, and only those; the rollups are rebuilt and equal the
// facts afterwards; metrics move only where the analysis did.
func TestReanalyzeBrand(t *testing.T) {
	ctx := context.Background()
	g := seedGolden(t)
	before := sameOnRollupsAndFacts(t, g, "as loaded")
	same := goldenAnalysis(t, g)

	// The same analysis: nothing changes.
	var progress []sightline.ReanalyzeProgress
	res, err := g.db.ReanalyzeBrand(ctx, gBrandA, time.Time{}, func(a string) []sightline.AnalyzedMention { return same[a] },
		func(p sightline.ReanalyzeProgress) { progress = append(progress, p) })
	if err != nil {
		t.Fatal(err)
	}
	if res != (sightline.ReanalyzeResult{Runs: 17}) {
		t.Errorf("same analysis: %+v, want 17 runs, none changed", res)
	}
	if len(progress) == 0 || progress[len(progress)-1].Runs != 17 {
		t.Errorf("progress %+v", progress)
	}
	unchanged := sameOnRollupsAndFacts(t, g, "after the same analysis")
	if d := cmp.Diff(before, unchanged, gCmpOpts...); d != "" {
		t.Errorf("the same analysis changed metrics:\n%s", d)
	}

	// r06 (email topic) no longer names Globex and praises Acme more; r07
	// (email topic) also names Pipedrive. The CRM topic's runs are as before.
	changed := func(a string) []sightline.AnalyzedMention {
		ms := append([]sightline.AnalyzedMention(nil), same[a]...)
		switch a {
		case "answer of r06":
			ms = []sightline.AnalyzedMention{{Name: "Acme", Self: true, Position: 1, Count: 1, Sentiment: 90}}
		case "answer of r07":
			ms = append(ms, sightline.AnalyzedMention{Name: "Pipedrive", Position: 3, Count: 2, Sentiment: 50})
		}
		return ms
	}
	res, err = g.db.ReanalyzeBrand(ctx, gBrandA, time.Time{}, changed, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := (sightline.ReanalyzeResult{Runs: 17, Changed: 2, MentionsBefore: 4, MentionsAfter: 4}); res != want {
		t.Errorf("changed analysis: %+v, want %+v", res, want)
	}
	after := sameOnRollupsAndFacts(t, g, "after the changed analysis")
	sb, sa := sovByName(before), sovByName(after)
	if sa["Globex"].Visibility != 40 || sb["Globex"].Visibility != 50 {
		t.Errorf("Globex visibility %v -> %v, want 50 -> 40 (5 then 4 of 10 runs)", sb["Globex"].Visibility, sa["Globex"].Visibility)
	}
	if sa["Pipedrive"].Mentions != 1 {
		t.Errorf("Pipedrive's share-of-voice row %+v, want one mention", sa["Pipedrive"])
	}
	if sa["Acme"].Sentiment <= sb["Acme"].Sentiment {
		t.Errorf("Acme's sentiment %v -> %v, want higher", sb["Acme"].Sentiment, sa["Acme"].Sentiment)
	}
	for _, name := range []string{"Initech", "Hubspot", "Zoho", "Bitrix"} {
		if sa[name].SOVMetrics != sb[name].SOVMetrics {
			t.Errorf("%s changed: %+v -> %+v", name, sb[name], sa[name])
		}
	}
	topic := func(snap map[string]any, id string) *sightline.Topic {
		for _, tp := range snap["topics"].([]*sightline.Topic) {
			if tp.ID == id {
				return tp
			}
		}
		t.Fatalf("no topic %s", id)
		return nil
	}
	if d := cmp.Diff(topic(before, gT1), topic(after, gT1), gCmpOpts...); d != "" {
		t.Errorf("the CRM topic, whose runs did not change, changed:\n%s", d)
	}
	if cmp.Equal(topic(before, gT2), topic(after, gT2), gCmpOpts...) {
		t.Error("the email topic did not change")
	}

	// --since: only runs from that day on; the other organization's brand is
	// not touched.
	res, err = g.db.ReanalyzeBrand(ctx, gBrandA, time.Date(2026, 3, 9, 0, 0, 0, 0, time.UTC),
		func(string) []sightline.AnalyzedMention { return nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := (sightline.ReanalyzeResult{Runs: 3, Changed: 3, MentionsBefore: 4, MentionsAfter: 0}); res != want {
		t.Errorf("since 2026-03-09: %+v, want %+v (r09, r10, o02)", res, want)
	}
	last := sameOnRollupsAndFacts(t, g, "after the analysis since 2026-03-09")
	if d := cmp.Diff(topic(after, gT1), topic(last, gT1), gCmpOpts...); d != "" {
		t.Errorf("the CRM topic's runs are all before 2026-03-09, yet it changed:\n%s", d)
	}
	if got := sovByName(last)["Initech"]; got.Mentions != 1 {
		t.Errorf("Initech after r09 lost its mentions: %+v, want 1 mention (r04)", got)
	}

	_, err = g.db.ReanalyzeBrand(ctx, "00000000-0000-4000-8000-00000000dead", time.Time{}, changed, nil)
	gWantCode(t, "an unknown brand", err, sightline.ENOTFOUND)
}

// Of a pruned brand, the answers kept are analyzed again and the pruned
// days keep their numbers (docs/retention.md#what-still-answers).
func TestReanalyzeBrand_Pruned(t *testing.T) {
	ctx := context.Background()
	g := seedGolden(t)
	g.db.Now = func() time.Time { return time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC) }
	day := time.Date(2026, 2, 20, 0, 0, 0, 0, time.UTC)
	kept := sightline.Scope{BrandID: gBrandA, Window: sightline.Window{Start: gPrev.Start, End: day}}
	share := func() *sightline.ShareSeries {
		t.Helper()
		s, err := g.db.MentionShare(ctx, gOrgA, kept, "day")
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	want := share()
	before := metricsSnapshot(t, g)
	if _, err := g.db.PruneFacts(ctx, day, nil); err != nil {
		t.Fatal(err)
	}
	res, err := g.db.ReanalyzeBrand(ctx, gBrandA, time.Time{}, func(string) []sightline.AnalyzedMention { return nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	for _, r := range gRecords() {
		if r.BrandID == gBrandA && r.RanAt >= day.Format(time.DateOnly) {
			runs++
		}
	}
	if res.Runs != runs {
		t.Errorf("analyzed %d runs, want the %d from %s on", res.Runs, runs, day.Format(time.DateOnly))
	}
	if d := cmp.Diff(want, share(), gCmpOpts...); d != "" {
		t.Errorf("the pruned days' mention share changed (-before +after):\n%s", d)
	}
	if cmp.Equal(before["mention share"], metricsSnapshot(t, g)["mention share"], gCmpOpts...) {
		t.Error("W's mention share did not change when its answers lost their mentions")
	}
}
