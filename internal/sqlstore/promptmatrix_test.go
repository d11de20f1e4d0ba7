package sqlstore_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// TestPromptMatrix_Golden checks the prompts view's numbers
// (docs/metrics.md#prompt-matrix) against values worked out by hand, on
// both engines. Window: [t0 − 1 day 00:00, t0 + 1 day 00:00). Runs, by
// prompt, provider and region, with the brand Acme's position (– when it
// is not named):
//
//	best   chatgpt     us  Acme 1             in the window
//	best   chatgpt     us  Acme 3 (Rival 1, Zoho 2)
//	best   chatgpt     us  –      (Rival 1)
//	best   perplexity  us  Acme 2 (Rival 1)
//	best   perplexity  us  Acme 2 (Zoho 1)
//	howto  perplexity  us  –      (Zoho 1)
//	sprint chatgpt     gb  Acme 4
//	best   chatgpt     us  Acme 1             3 days before: outside
//
// So best × chatgpt: 3 runs, 2 mentions, visibility 66.67, mean position
// (1 + 3) / 2 = 2; best × perplexity: 2, 2, 100, 2; howto × perplexity:
// 1, 0, 0, no position; sprint × chatgpt: 1, 1, 100, 4. Order: topic
// Agile (sprint) before Gantt, then by text ("Best …" before "How …").
func TestPromptMatrix_Golden(t *testing.T) {
	ctx := context.Background()
	f := newEngineFixture(t)
	day := f.now.UTC().Truncate(24 * time.Hour)
	window := sightline.Window{Start: day.AddDate(0, 0, -1), End: day.AddDate(0, 0, 1)}
	type m struct {
		name string
		pos  int
	}
	var runs []*sightline.AnalyzedRun
	add := func(prompt, provider, region string, ago time.Duration, names ...m) {
		r := &sightline.AnalyzedRun{ID: uuid.NewString(), BrandID: f.brand.ID, PromptID: f.prompts[prompt], TopicID: f.topics["Gantt"],
			Provider: provider, Region: region, RanAt: f.now.Add(-ago), Answer: "answer"}
		if prompt == "sprint" {
			r.TopicID = f.topics["Agile"]
		}
		for _, n := range names {
			am := sightline.AnalyzedMention{Name: n.name, Position: n.pos, Count: 1, Sentiment: 50}
			switch n.name {
			case "Acme":
				am.Self = true
			case "Rival":
				am.CompetitorID = f.compID
			}
			r.Mentions = append(r.Mentions, am)
		}
		runs = append(runs, r)
	}
	add("best", "chatgpt", "us", time.Hour, m{"Acme", 1})
	add("best", "chatgpt", "us", 2*time.Hour, m{"Rival", 1}, m{"Zoho", 2}, m{"Acme", 3})
	add("best", "chatgpt", "us", 3*time.Hour, m{"Rival", 1})
	add("best", "perplexity", "us", time.Hour, m{"Rival", 1}, m{"Acme", 2})
	add("best", "perplexity", "us", 2*time.Hour, m{"Zoho", 1}, m{"Acme", 2})
	add("howto", "perplexity", "us", time.Hour, m{"Zoho", 1})
	add("sprint", "chatgpt", "gb", time.Hour, m{"Acme", 4})
	add("best", "chatgpt", "us", 72*time.Hour, m{"Acme", 1})
	if _, err := f.db.IngestRuns(ctx, func(yield func(*sightline.AnalyzedRun, error) bool) {
		for _, r := range runs {
			if !yield(r, nil) {
				return
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	sqlstoretest.CompleteDetection(t, f.db, f.brand.ID)
	providers, err := f.db.FindBrandProviders(ctx, f.orgID, f.brand.ID)
	if err != nil {
		t.Fatal(err)
	}
	code := map[string]string{}
	pid := map[string]string{}
	for _, p := range providers {
		code[p.ID], pid[p.Code] = p.Code, p.ID
	}
	regions, err := f.db.FindBrandRegions(ctx, f.orgID, f.brand.ID)
	if err != nil {
		t.Fatal(err)
	}
	var us string
	for _, r := range regions {
		if r.Code == "us" {
			us = r.ID
		}
	}

	// cell renders a cell as "provider runs/mentions visibility position".
	type cell struct {
		runs, mentions int
		vis, pos       float64 // pos −1: none
	}
	want := map[string]map[string]cell{
		"sprint": {"chatgpt": {1, 1, 100, 4}},
		"best":   {"chatgpt": {3, 2, 200.0 / 3, 2}, "perplexity": {2, 2, 100, 2}},
		"howto":  {"perplexity": {1, 0, 0, -1}},
	}
	name := map[string]string{f.prompts["best"]: "best", f.prompts["howto"]: "howto", f.prompts["sprint"]: "sprint"}
	check := func(what string, mod func(*sightline.PromptMatrixFilter), wantPrompts []string, wantTotal int) {
		t.Helper()
		pf := sightline.PromptMatrixFilter{Scope: sightline.Scope{BrandID: f.brand.ID, Window: window}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}}
		if mod != nil {
			mod(&pf)
		}
		got, total, err := f.db.FindPromptMatrix(ctx, f.orgID, pf)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if total != wantTotal || len(got) != len(wantPrompts) {
			t.Fatalf("%s: %d prompts of %d, want %d of %d", what, len(got), total, len(wantPrompts), wantTotal)
		}
		for i, p := range got {
			if name[p.PromptID] != wantPrompts[i] {
				t.Errorf("%s: prompt %d is %q, want %q", what, i, name[p.PromptID], wantPrompts[i])
			}
			if wantTopic := map[bool]string{true: "Agile", false: "Gantt"}[wantPrompts[i] == "sprint"]; p.TopicName != wantTopic || p.TopicID != f.topics[wantTopic] {
				t.Errorf("%s: %s is under %q (%s)", what, wantPrompts[i], p.TopicName, p.TopicID)
			}
			cells := want[wantPrompts[i]]
			if pf.ProviderIDs != nil {
				cells = map[string]cell{code[pf.ProviderIDs[0]]: cells[code[pf.ProviderIDs[0]]]}
			}
			if len(p.Cells) != len(cells) {
				t.Errorf("%s: %s has %d cells, want %d", what, wantPrompts[i], len(p.Cells), len(cells))
			}
			for _, c := range p.Cells {
				w, ok := cells[code[c.ProviderID]]
				pos := -1.0
				if c.AvgPosition != nil {
					pos = *c.AvgPosition
				}
				if !ok || c.Runs != w.runs || c.Mentions != w.mentions || math.Abs(c.Visibility-w.vis) > 1e-9 || math.Abs(pos-w.pos) > 1e-9 {
					t.Errorf("%s: %s × %s = %+v (position %v), want %+v", what, wantPrompts[i], code[c.ProviderID], c, pos, w)
				}
			}
		}
	}
	check("all", nil, []string{"sprint", "best", "howto"}, 3)
	check("page 1 of 2", func(pf *sightline.PromptMatrixFilter) { pf.PageSize = 2 }, []string{"sprint", "best"}, 3)
	check("page 2 of 2", func(pf *sightline.PromptMatrixFilter) { pf.PageSize, pf.Page = 2, 2 }, []string{"howto"}, 3)
	check("past the end", func(pf *sightline.PromptMatrixFilter) { pf.PageSize, pf.Page = 2, 3 }, nil, 3)
	check("perplexity", func(pf *sightline.PromptMatrixFilter) { pf.ProviderIDs = []string{pid["perplexity"]} }, []string{"best", "howto"}, 2)
	check("topic Gantt", func(pf *sightline.PromptMatrixFilter) { pf.TopicIDs = []string{f.topics["Gantt"]} }, []string{"best", "howto"}, 2)
	check("region us", func(pf *sightline.PromptMatrixFilter) { pf.RegionIDs = []string{us} }, []string{"best", "howto"}, 2)
	check("empty window", func(pf *sightline.PromptMatrixFilter) {
		pf.Window = sightline.Window{Start: day.AddDate(0, 0, -30), End: day.AddDate(0, 0, -20)}
	}, nil, 0)

	// another organization's brand is not found
	_, _, err = f.db.FindPromptMatrix(ctx, f.orgID, sightline.PromptMatrixFilter{Scope: sightline.Scope{BrandID: f.other.ID, Window: window},
		PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	if sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("another organization's brand: %v, want NOT_FOUND", err)
	}
}
