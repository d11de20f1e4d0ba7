package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
)

func TestTitleWordsAndPhrases(t *testing.T) {
	for _, tt := range []struct {
		title string
		want  []string
	}{
		{"Best Gantt Chart Software (2025) | G2", []string{"best gantt", "best gantt chart", "best gantt chart software", "gantt chart", "gantt chart software", "chart software"}},
		{"Anyone else moving to async standups? : r/remotework", []string{"async standups"}},
		{"Dana Lee on LinkedIn: Sprint planning tips for remote teams", []string{"sprint planning", "sprint planning tips", "planning tips",
			"planning tips for remote", "tips for remote", "tips for remote teams", "remote teams"}},
		{"Acme vs Rival: which wins?", []string{}},
	} {
		got := phrasesOf(titleWords(tt.title), map[string]bool{"acme": true})
		if got == nil {
			got = []string{}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.title, diff)
		}
	}
}

func TestComputeOpportunities(t *testing.T) {
	b := newEvidence()
	b.prompt("p1", "Gantt", "Best Gantt chart software for project managers", "C", 140, 40, 0, 120)
	b.prompt("p2", "Gantt", "How do I create a Gantt chart?", "I", 140, 60, 5, 100)
	// "gantt chart software" recurs on two sites: a context hint.
	b.page("p1", "https://www.g2.com/categories/gantt", "g2.com", "category_page", "review", "Best Gantt Chart Software | G2", 100, 90)
	b.page("p1", "https://www.capterra.com/gantt", "capterra.com", "category_page", "review", "Gantt Chart Software Reviews | Capterra", 60, 50)
	b.page("p2", "https://rival.io/blog/gantt-chart-software", "rival.io", "article", "other", "Gantt Chart Software: The Complete Guide | Rival Blog", 40, 35)
	// One site's title template, even on several pages, is not a hint.
	b.page("p1", "https://news.example/a", "news.example", "article", "editorial", "How smart teams are choosing Gantt tools | News", 30, 30)
	b.page("p2", "https://news.example/b", "news.example", "article", "editorial", "How smart teams are choosing roadmaps | News", 30, 30)
	// The brand's own name and its own pages are never opportunities.
	b.page("p1", "https://acme.com/gantt", "acme.com", "features", "other", "Acme Gantt Chart Software | Acme", 100, 10)
	b.page("p2", "https://forum.example/acme", "forum.example", "discussion", "other", "Acme Gantt review", 20, 20)
	b.page("p2", "https://blog.example/acme", "blog.example", "article", "other", "Acme Gantt review", 20, 20)

	opps := ComputeOpportunities(b.ev)
	var keys []string
	for _, o := range opps {
		keys = append(keys, o.Key)
	}
	if !slices.Contains(keys, "gantt chart software") {
		t.Fatalf("no “gantt chart software” opportunity: %v", keys)
	}
	for _, k := range keys {
		if strings.Contains(k, "acme") || strings.Contains(k, "smart teams") {
			t.Errorf("unexpected opportunity %q", k)
		}
	}
	var o *sightline.Opportunity
	for _, x := range opps {
		if x.Key == "gantt chart software" {
			o = x
		}
	}
	if o.Type != sightline.OpportunityContextHint || o.EstVolumeUnit != sightline.VolumeUnitRunsPerWeek || o.Source.Kind != sightline.OpportunityContextHint {
		t.Errorf("vocabulary: %+v", o)
	}
	if o.Intent != "C" { // "software" is a commercial word
		t.Errorf("intent = %s", o.Intent)
	}
	if o.MatchedPrompt == nil || o.MatchedPrompt.ID != "p1" {
		t.Errorf("matched prompt = %+v, want p1 (closest words)", o.MatchedPrompt)
	}
	if !slices.Equal(o.Source.PromptIDs, []string{"p1", "p2"}) || len(o.Source.Prompts) != 2 || !slices.Equal(o.ListIDs, []string{"t-Gantt"}) {
		t.Errorf("source %+v, lists %v", o.Source, o.ListIDs)
	}
	// Volume: p1 cites it in 160 runs (capped at its 140 runs) and p2 in 40,
	// over a 30-day window.
	weeks := b.ev.Window.End.Sub(b.ev.Window.Start).Hours() / (24 * 7)
	if want := float64(140+40) / weeks; o.EstVolume < want-0.1 || o.EstVolume > want+0.1 {
		t.Errorf("est_volume = %v, want %.1f", o.EstVolume, want)
	}
	if o.VolumeRange != sightline.VolumeRange(o.EstVolume) {
		t.Errorf("volume_range %s for %v", o.VolumeRange, o.EstVolume)
	}
	for _, k := range []string{"volume", "gap", "relevance", "ease", "competitor_named", "competitor_pages"} {
		if v, ok := o.Scores[k]; !ok || v < 0 || v > 1 {
			t.Errorf("scores[%s] = %v", k, v)
		}
	}
	if o.FinalScore <= 0 || o.FinalScore > 100 || o.Difficulty < 0 || o.Difficulty > 100 {
		t.Errorf("final %v difficulty %v", o.FinalScore, o.Difficulty)
	}
	if !slices.Contains(o.ReasoningTags, "brand_absent") || o.Rationale == "" || o.Source.Description == "" {
		t.Errorf("tags %v rationale %q", o.ReasoningTags, o.Rationale)
	}
	for i := 1; i < len(opps); i++ {
		if opps[i].FinalScore > opps[i-1].FinalScore {
			t.Errorf("not sorted by final score")
		}
	}
}

func TestVolumeRange(t *testing.T) {
	for v, want := range map[float64]string{0: "<10", 9.9: "<10", 10: "10-49", 49.9: "10-49", 50: "50-99", 100: "100-499", 500: "500+"} {
		if got := sightline.VolumeRange(v); got != want {
			t.Errorf("VolumeRange(%v) = %s, want %s", v, got, want)
		}
	}
}
