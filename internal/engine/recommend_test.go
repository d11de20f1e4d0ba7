package engine

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
)

var testNow = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

// evBuilder makes hand-written evidence: prompts with their pages.
type evBuilder struct {
	ev *sightline.BrandEvidence
}

func newEvidence() *evBuilder {
	return &evBuilder{ev: &sightline.BrandEvidence{
		BrandID: "b0000000-0000-4000-8000-000000000000", BrandName: "Acme", Domains: []string{"acme.com"},
		Window: sightline.DefaultWindow(testNow, 30), Now: testNow,
		Competitors: []sightline.Competitor{
			{ID: "c1000000-0000-4000-8000-000000000000", Name: "Rival", Domain: "rival.io"},
			{ID: "c2000000-0000-4000-8000-000000000000", Name: "Other", Domain: "other.app"},
		},
	}}
}

// prompt adds a prompt with runs, brand runs, first runs and weak runs.
func (b *evBuilder) prompt(id, topic, text, intent string, runs, brand, first, weak int) *sightline.PromptFacts {
	p := &sightline.PromptFacts{ID: id, Text: text, Intent: intent, TopicID: "t-" + topic, TopicName: topic, Regions: []string{"us"},
		Runs: runs, BrandRuns: brand, FirstRuns: first, WeakRuns: weak, AvgPosition: 3,
		Competitors: []sightline.PromptCompetitor{{ID: "c1000000-0000-4000-8000-000000000000", Name: "Rival", Domain: "rival.io", Runs: runs / 2, WeakRuns: weak / 2, AvgPosition: 1.5}}}
	b.ev.Prompts = append(b.ev.Prompts, p)
	b.ev.TotalRuns += runs
	return p
}

// page adds a page cited by a prompt's answers: runs, of which weak.
func (b *evBuilder) page(promptID, url, domain, pageType, static, title string, runs, weak int) *sightline.PageFacts {
	p := &sightline.PageFacts{PromptID: promptID, Page: url, Domain: domain, PageType: pageType, StaticType: static, Title: title,
		Citations: runs, Runs: runs, WeakRuns: weak, CompWeakRuns: weak / 2}
	switch domain {
	case "acme.com":
		p.Ownership = sightline.ClassOwned
	case "rival.io":
		p.Ownership, p.CompetitorID = sightline.ClassCompetitorOwned, "c1000000-0000-4000-8000-000000000000"
	}
	if domain == "reddit.com" {
		p.Subreddit = "teams"
	}
	b.ev.Pages = append(b.ev.Pages, p)
	return p
}

// fiveTypes is evidence with one topic per recommendation type.
func fiveTypes() *sightline.BrandEvidence {
	b := newEvidence()
	// Leads: the brand is named first in 90% of runs.
	b.prompt("p-lead", "Leads", "Acme integrations", "N", 100, 100, 90, 5)
	b.page("p-lead", "https://acme.com/integrations", "acme.com", "features", "other", "Integrations | Acme", 80, 4)
	// Refresh: weak, owned pages cited in weak runs.
	b.prompt("p-ref", "Refresh", "How do I build a gantt chart?", "I", 100, 50, 2, 90)
	b.page("p-ref", "https://acme.com/blog/gantt-guide", "acme.com", "how_to_guide", "other", "How to Build a Gantt Chart (2021 Guide) – Acme Blog", 60, 55)
	b.page("p-ref", "https://acme.com/features/gantt", "acme.com", "features", "other", "Gantt | Acme", 40, 35)
	b.page("p-ref", "https://www.g2.com/categories/gantt", "g2.com", "category_page", "review", "Best Gantt Software | G2", 60, 55)
	// Create: competitor pages win, no owned page at all.
	b.prompt("p-cre", "Create", "Best Rival alternatives", "C", 100, 10, 0, 95)
	b.page("p-cre", "https://rival.io/alternatives/other-alternatives", "rival.io", "alternative", "other", "Top Other Alternatives", 80, 78)
	b.page("p-cre", "https://rival.io/vs/acme", "rival.io", "comparison", "other", "Rival vs Acme", 50, 48)
	b.page("p-cre", "https://www.reddit.com/r/teams/comments/1/x", "reddit.com", "discussion", "social", "Rival alternatives? : r/teams", 30, 29)
	// Earned: editorial and review outlets.
	b.prompt("p-ear", "Earned", "Best sprint planning tool", "C", 100, 40, 10, 70)
	b.page("p-ear", "https://www.g2.com/categories/sprint", "g2.com", "category_page", "review", "Best Sprint Planning Tools | G2", 70, 60)
	b.page("p-ear", "https://www.forbes.com/advisor/best-sprint", "forbes.com", "listicle", "editorial", "The Best Sprint Tools – Forbes Advisor", 50, 45)
	b.page("p-ear", "https://acme.com/templates/sprint", "acme.com", "resource", "other", "Sprint template | Acme", 10, 2)
	// Social: reddit and youtube threads.
	b.prompt("p-soc", "Social", "What do remote teams use?", "C", 100, 20, 5, 85)
	b.page("p-soc", "https://www.reddit.com/r/remotework/comments/2/y", "reddit.com", "discussion", "social", "What do you use? : r/remotework", 70, 65)
	b.page("p-soc", "https://www.youtube.com/watch?v=abc", "youtube.com", "social", "social", "Remote tools review", 40, 38)
	b.ev.Pages[len(b.ev.Pages)-2].Subreddit = "remotework"
	// Neither weak nor leading: no recommendation.
	b.prompt("p-mid", "Middle", "Project tools", "C", 100, 80, 30, 20)
	// Too few runs to judge.
	b.prompt("p-few", "Few", "Rare prompt", "C", 3, 0, 0, 3)
	b.ev.Named = []*sightline.NamedFacts{
		{Domain: "g2.com", Name: "Rival", CompetitorID: "c1000000-0000-4000-8000-000000000000", Runs: 50, WeakRuns: 40},
		{Domain: "g2.com", Name: "Acme", Self: true, Runs: 20, WeakRuns: 2},
		{Domain: "acme.com", Page: "https://acme.com/blog/gantt-guide", Name: "Other", CompetitorID: "c2000000-0000-4000-8000-000000000000", Runs: 30, WeakRuns: 30},
	}
	return b.ev
}

func TestRoutePrompt(t *testing.T) {
	ev := fiveTypes()
	pages := map[string][]*sightline.PageFacts{}
	for _, p := range ev.Pages {
		pages[p.PromptID] = append(pages[p.PromptID], p)
	}
	want := map[string]string{
		"p-lead": sightline.RecNoAction, "p-ref": sightline.RecOwnedRefresh, "p-cre": sightline.RecOwnedCreate,
		"p-ear": sightline.RecEarned, "p-soc": sightline.RecSocialPost, "p-mid": "", "p-few": "",
	}
	for _, p := range ev.Prompts {
		r, ok := routePrompt(promptView{PromptFacts: p, pages: pages[p.ID]})
		got := ""
		if ok {
			got = r.recType
		}
		if got != want[p.ID] {
			t.Errorf("%s routed to %q, want %q (shares %v)", p.ID, got, want[p.ID], r.shares)
		}
	}
}

// TestRoutePrompt_CreateNeedsNoOwnedPage: one owned page cited anywhere in
// a prompt's runs makes competitor wins a refresh or earned matter, not a
// page to create.
func TestRoutePrompt_CreateNeedsNoOwnedPage(t *testing.T) {
	b := newEvidence()
	p := b.prompt("p", "T", "Best Rival alternatives", "C", 100, 10, 0, 95)
	pages := []*sightline.PageFacts{
		b.page("p", "https://rival.io/alternatives", "rival.io", "alternative", "other", "Alternatives", 80, 78),
		b.page("p", "https://acme.com/", "acme.com", "homepage", "other", "Acme", 5, 0),
	}
	r, ok := routePrompt(promptView{PromptFacts: p, pages: pages})
	if ok && r.recType == sightline.RecOwnedCreate {
		t.Fatalf("routed to owned_create although an owned page is cited")
	}
}

func TestGenerateRecommendations(t *testing.T) {
	recs, err := GenerateRecommendations(fiveTypes())
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	byType := map[string]*sightline.Recommendation{}
	for _, r := range recs {
		keys = append(keys, r.Key)
		byType[r.Type] = r
		checkPopulated(t, r)
	}
	slices.Sort(keys)
	want := []string{"earned_3rd_party:t-Earned", "no_action:t-Leads", "owned_create:t-Create", "owned_refresh:t-Refresh", "social_post:t-Social"}
	if diff := cmp.Diff(want, keys); diff != "" {
		t.Fatalf("keys (-want +got):\n%s", diff)
	}
	for i := 1; i < len(recs); i++ {
		if *recs[i].Severity > *recs[i-1].Severity {
			t.Errorf("not sorted by severity: %v after %v", *recs[i].Severity, *recs[i-1].Severity)
		}
	}

	ref := byType[sightline.RecOwnedRefresh]
	// The stale 2021 guide beats the features page: a stale year counts
	// half again its weak runs.
	if got := *ref.SuggestedActionURL; got != "https://acme.com/blog/gantt-guide" {
		t.Errorf("refresh suggested URL = %s", got)
	}
	if got := *ref.SuggestedTitle; got != "How to Build a Gantt Chart (2026 Guide)" {
		t.Errorf("refresh title = %q", got)
	}
	if *ref.Format != "how_to_guide" || *ref.TargetWordCount != 1800 {
		t.Errorf("refresh format %s / %d words", *ref.Format, *ref.TargetWordCount)
	}
	if !slices.ContainsFunc(ref.Evidence.RefreshSignals, func(s sightline.RefreshSignal) bool { return s.Signal == "stale_year" }) {
		t.Errorf("no stale_year refresh signal: %+v", ref.Evidence.RefreshSignals)
	}
	if got := ref.Evidence.Trigger.Pages[0].NamedBrands; !slices.Equal(got, []string{"Other"}) {
		t.Errorf("named brands on the refreshed page = %v", got)
	}

	cre := byType[sightline.RecOwnedCreate]
	if *cre.Format != "alternative" || !strings.HasPrefix(*cre.SuggestedActionURL, "https://acme.com/alternatives/") {
		t.Errorf("create: format %s, url %s", *cre.Format, *cre.SuggestedActionURL)
	}
	if !slices.Equal(cre.TargetURLs, []string{"https://rival.io/alternatives/other-alternatives", "https://rival.io/vs/acme"}) {
		t.Errorf("create target urls = %v", cre.TargetURLs)
	}

	ear := byType[sightline.RecEarned]
	if ear.Channel == nil || *ear.Channel != (sightline.Channel{Platform: "web", Name: "g2.com", URL: "https://g2.com"}) {
		t.Errorf("earned channel = %+v", ear.Channel)
	}
	if ch := ear.Evidence.Trigger.Channels[0]; ch.BrandRuns != 20 || !slices.Equal(ch.Competitors, []string{"Rival"}) {
		t.Errorf("earned outlet evidence = %+v", ch)
	}

	soc := byType[sightline.RecSocialPost]
	if soc.Channel == nil || soc.Channel.Platform != "reddit" || soc.Channel.Name != "r/remotework" || soc.Channel.URL != "https://www.reddit.com/r/remotework" {
		t.Errorf("social channel = %+v", soc.Channel)
	}

	na := byType[sightline.RecNoAction]
	if *na.Impact != sightline.ImpactLow || na.Format != nil || na.Channel != nil || len(na.TargetURLs) != 1 {
		t.Errorf("no_action: impact %s format %v channel %v urls %v", *na.Impact, na.Format, na.Channel, na.TargetURLs)
	}
}

// checkPopulated asserts every docs/api.md field that applies to the type.
func checkPopulated(t *testing.T, r *sightline.Recommendation) {
	t.Helper()
	nonEmpty := func(name string, ok bool) {
		if !ok {
			t.Errorf("%s %s: %s is empty", r.Type, r.Key, name)
		}
	}
	nonEmpty("key", r.Key != "")
	nonEmpty("legacy_type", r.LegacyType != nil && *r.LegacyType == sightline.LegacyTypeOf(r.Type))
	nonEmpty("intent", r.Intent != nil)
	nonEmpty("severity", r.Severity != nil && *r.Severity >= 0 && *r.Severity <= 1)
	nonEmpty("impact", r.Impact != nil && *r.Impact == sightline.ImpactOf(*r.Severity))
	nonEmpty("action", r.Action != "")
	nonEmpty("reason", r.Reason != "")
	nonEmpty("details", r.Details != nil && strings.HasPrefix(*r.Details, "- "))
	nonEmpty("suggested_action_url", r.SuggestedActionURL != nil && sightline.IsHTTPURL(*r.SuggestedActionURL))
	nonEmpty("topic", r.TopicID != nil && r.TopicName != nil)
	nonEmpty("target_prompt_ids", len(r.TargetPromptIDs) > 0 && len(r.TargetPrompts) == len(r.TargetPromptIDs))
	nonEmpty("target_urls", len(r.TargetURLs) > 0)
	nonEmpty("top_competitors", len(r.TopCompetitors) > 0)
	nonEmpty("evidence.router", r.Evidence != nil && r.Evidence.Router.Rule != "" && r.Evidence.Router.Reason != "")
	nonEmpty("evidence.problem_counts", r.Evidence.ProblemCounts.Runs > 0)
	nonEmpty("evidence.citation_landscape", r.Evidence.CitationLandscape.Citations > 0)
	nonEmpty("evidence.trigger", r.Evidence.Trigger.Kind != "" && r.Evidence.Trigger.Summary != "")
	if r.Type == sightline.RecNoAction {
		return
	}
	nonEmpty("format", r.Format != nil && slices.Contains(sightline.ContentFormats, *r.Format))
	nonEmpty("suggested_title", r.SuggestedTitle != nil && *r.SuggestedTitle != "")
	nonEmpty("target_word_count", r.TargetWordCount != nil && *r.TargetWordCount > 0)
	nonEmpty("required_elements", len(r.RequiredElements) > 0)
	if r.Type == sightline.RecEarned || r.Type == sightline.RecSocialPost {
		nonEmpty("channel", r.Channel != nil && slices.Contains(sightline.ChannelPlatforms, r.Channel.Platform) && r.Channel.Name != "" && r.Channel.URL != "")
	} else if r.Channel != nil {
		t.Errorf("%s has a channel", r.Type)
	}
}

func TestGenerateRecommendations_Deterministic(t *testing.T) {
	a, _ := GenerateRecommendations(fiveTypes())
	b, _ := GenerateRecommendations(fiveTypes())
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Fatal("the same evidence gave different recommendations")
	}
}

// TestSeverity pins the formula: weak rate × (1 − e^(−runs / (2 × median
// prompt runs))), and for no_action half the share of runs not led.
func TestSeverity(t *testing.T) {
	recs, _ := GenerateRecommendations(fiveTypes())
	median := 100.0
	for _, r := range recs {
		c := r.Evidence.ProblemCounts
		vol := 1 - math.Exp(-float64(c.Runs)/(2*median))
		want := float64(c.WeakRuns) / float64(c.Runs) * vol
		if r.Type == sightline.RecNoAction {
			want = 0.5 * (1 - float64(c.BrandFirstRuns)/float64(c.Runs)) * vol
		}
		if math.Abs(*r.Severity-want) > 0.0006 {
			t.Errorf("%s severity %v, want %.4f", r.Type, *r.Severity, want)
		}
	}
	for _, tt := range []struct {
		sev  float64
		want string
	}{{0, "low"}, {0.299, "low"}, {0.3, "medium"}, {0.599, "medium"}, {0.6, "high"}, {1, "high"}} {
		if got := sightline.ImpactOf(tt.sev); got != tt.want {
			t.Errorf("ImpactOf(%v) = %s, want %s", tt.sev, got, tt.want)
		}
	}
}

// TestGenerateRecommendations_OneURLPerType: two refresh recommendations
// that would point at the same page get different suggested URLs.
func TestGenerateRecommendations_OneURLPerType(t *testing.T) {
	b := newEvidence()
	for _, topic := range []string{"A", "B"} {
		b.prompt("p"+topic, topic, "How to plan "+topic, "I", 100, 50, 0, 90)
		b.page("p"+topic, "https://acme.com/shared", "acme.com", "article", "other", "Shared guide | Acme", 60, 55)
		b.page("p"+topic, "https://acme.com/"+topic, "acme.com", "article", "other", topic+" guide | Acme", 40, 30)
	}
	recs, err := GenerateRecommendations(b.ev)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || *recs[0].SuggestedActionURL == *recs[1].SuggestedActionURL {
		t.Fatalf("suggested URLs %v and %v", *recs[0].SuggestedActionURL, *recs[1].SuggestedActionURL)
	}
}
