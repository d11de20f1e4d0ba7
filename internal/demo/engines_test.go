package demo_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/demo"
	"github.com/sightline/sightline/internal/engine"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// engineDemoNow is the fixed "now" of the engine tests; 4 days of history
// keep the load short (SQLite under -race is slow) while every pattern of
// the data set still shows: 48 runs per prompt.
var engineDemoNow = time.Date(2026, 3, 10, 15, 4, 5, 0, time.UTC)

type engineClock struct{ us atomic.Int64 }

func (c *engineClock) Now() time.Time  { return time.UnixMicro(c.us.Load()).UTC() }
func (c *engineClock) Set(t time.Time) { c.us.Store(t.UnixMicro()) }

// engineDemo is the demo data set with the engines run, shared by the subtests.
type engineDemo struct {
	db    *sqlstore.DB
	clock *engineClock
	fx    *demo.Fixture
}

func loadEngineDemo(t *testing.T) *engineDemo {
	t.Helper()
	db := sqlstoretest.MustOpenDB(t)
	c := &engineClock{}
	c.Set(engineDemoNow)
	db.Now = c.Now
	start := time.Now()
	fx, err := demo.Load(context.Background(), db, demo.Config{Seed: 1, Days: 4, Now: engineDemoNow}, nil)
	if err != nil {
		t.Fatalf("load demo: %v", err)
	}
	t.Logf("demo loaded with the engines in %s", time.Since(start).Round(time.Millisecond))
	return &engineDemo{db: db, clock: c, fx: fx}
}

func (l *engineDemo) recs(t *testing.T, archived bool) []*sightline.Recommendation {
	t.Helper()
	recs, _, err := l.db.FindRecommendations(context.Background(), l.fx.OrgID, l.fx.BrandID, sightline.RecommendationFilter{
		States: sightline.RecommendationStates, Archived: archived, PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func (l *engineDemo) regenerate(t *testing.T) *sightline.RegenerateResult {
	t.Helper()
	res, err := l.db.RegenerateRecommendations(context.Background(), l.fx.OrgID, l.fx.BrandID, sightline.RegenerateOptions{
		QuotaLimit: 100, Cooldown: sightline.DefaultDismissCooldown, Window: sightline.DefaultWindow(engineDemoNow, 30),
		Generate: engine.GenerateRecommendations})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestEngines_Demo runs the engines on the demo data set, as `sightline
// demo` does, and checks the issue's acceptance: the five types with every
// field that applies, evidence that explains each, regeneration without
// duplicates that keeps user states, archiving, revival, briefs and
// opportunities, and the fixture.
func TestEngines_Demo(t *testing.T) {
	l := loadEngineDemo(t)
	ctx := context.Background()

	t.Run("Fixture", func(t *testing.T) {
		if len(l.fx.RecommendationIDs) < 5 || len(l.fx.OpportunityIDs) == 0 || len(l.fx.BriefIDs) != 2 {
			t.Errorf("fixture ids: %d recommendations, %d opportunities, %d briefs", len(l.fx.RecommendationIDs), len(l.fx.OpportunityIDs), len(l.fx.BriefIDs))
		}
		states := map[string]bool{}
		for _, id := range l.fx.RecommendationIDs {
			r, err := l.db.FindRecommendationByID(ctx, l.fx.OrgID, l.fx.BrandID, id)
			if err != nil {
				t.Fatal(err)
			}
			states[r.State] = true
		}
		for _, s := range sightline.RecommendationStates {
			if !states[s] {
				t.Errorf("no fixture recommendation in state %s", s)
			}
		}
		want := demo.FixtureEndpoint{Method: "POST", Path: "/api/v2/brands/" + l.fx.BrandID + "/content_studio/briefs"}
		if !slices.Contains(l.fx.Forbidden, want) {
			t.Errorf("forbidden %v lacks brief generation", l.fx.Forbidden)
		}
	})

	byType := map[string][]*sightline.Recommendation{}
	for _, r := range l.recs(t, false) {
		byType[r.Type] = append(byType[r.Type], r)
	}
	t.Run("FiveTypesPopulated", func(t *testing.T) {
		for _, typ := range sightline.RecommendationTypes {
			if len(byType[typ]) == 0 {
				t.Errorf("no %s recommendation", typ)
			}
			for _, r := range byType[typ] {
				checkRecPopulated(t, r)
			}
		}
	})

	// Explain, for one recommendation of each type, the evidence that
	// produced it: the topic the data set built for the pattern, the
	// routing rule and the facts behind it.
	t.Run("Explain", func(t *testing.T) {
		pick := func(typ, topic string) *sightline.Recommendation {
			for _, r := range byType[typ] {
				if r.TopicName != nil && *r.TopicName == topic {
					return r
				}
			}
			t.Fatalf("no %s recommendation for %q", typ, topic)
			return nil
		}
		explain := func(r *sightline.Recommendation) {
			e := r.Evidence
			t.Logf("%s on %q: %s\n  rule %s: %s\n  %d prompts, %d runs, weak in %d (%.0f%%), first in %d; landscape %v\n  trigger: %s",
				r.Type, *r.TopicName, r.Action, e.Router.Rule, e.Router.Reason, e.ProblemCounts.Prompts, e.ProblemCounts.Runs,
				e.ProblemCounts.WeakRuns, 100*e.ProblemCounts.WeakRate, e.ProblemCounts.BrandFirstRuns, e.CitationLandscape.ByClass, e.Trigger.Summary)
		}

		// owned_refresh: Taskloom's own Gantt pages are cited while it is
		// absent or ranked 4th or lower.
		r := pick(sightline.RecOwnedRefresh, "Gantt charts and resource planning")
		explain(r)
		e := r.Evidence
		if e.Router.Rule != "owned_pages_cited_while_weak" || e.Router.Shares["owned"] < engine.RefreshOwnedShare || e.ProblemCounts.WeakRate < 0.8 || e.ProblemCounts.LowRankRuns == 0 {
			t.Errorf("refresh evidence: %+v", e.Router)
		}
		for _, p := range e.Trigger.Pages {
			if p.Class != "owned" || p.WeakRuns == 0 || !isTaskloomURL(p.URL) {
				t.Errorf("refresh trigger page %+v", p)
			}
		}
		if !isTaskloomURL(*r.SuggestedActionURL) || !slices.ContainsFunc(e.RefreshSignals, func(s sightline.RefreshSignal) bool { return s.Signal == "stale_year" }) {
			t.Errorf("refresh: url %s, signals %+v", *r.SuggestedActionURL, e.RefreshSignals)
		}

		// owned_create: competitor "vs"/alternatives pages win and no
		// Taskloom page is ever cited.
		r = pick(sightline.RecOwnedCreate, "Alternatives and comparisons")
		explain(r)
		e = r.Evidence
		if e.Router.Rule != "competitor_pages_win_no_owned_page" || e.CitationLandscape.ByClass["owned"] != 0 || e.Router.Shares["competitor_owned"] < engine.CreateCompShare {
			t.Errorf("create evidence: %+v %v", e.Router, e.CitationLandscape.ByClass)
		}
		// (The rule fires only when no run of these prompts cites an owned
		// page; TestRoutePrompt_CreateNeedsNoOwnedPage pins that.)
		for _, u := range r.TargetURLs {
			if isTaskloomURL(u) || !slices.ContainsFunc(l.fx.Competitors, func(c demo.FixtureCompetitor) bool { return strings.Contains(u, c.Domain) }) {
				t.Errorf("create target %s is not a competitor page", u)
			}
		}

		// earned_3rd_party: editorial and review outlets cite competitors,
		// not Taskloom.
		r = pick(sightline.RecEarned, "Agile and sprint planning")
		explain(r)
		e = r.Evidence
		if e.Router.Rule != "outlets_cite_competitors" || e.Router.Shares["outlet"] < engine.EarnedOutletShare || r.Channel.Platform != "web" {
			t.Errorf("earned evidence: %+v channel %+v", e.Router, r.Channel)
		}
		if ch := e.Trigger.Channels[0]; ch.Domain != r.Channel.Name || len(ch.Competitors) == 0 || ch.WeakCitations == 0 {
			t.Errorf("earned outlet: %+v", ch)
		}

		// social_post: reddit/youtube/linkedin/x threads are cited where
		// Taskloom is absent.
		r = pick(sightline.RecSocialPost, "Remote team collaboration")
		explain(r)
		e = r.Evidence
		if e.Router.Rule != "social_threads_cited_while_absent" || e.Router.Shares["social"] < engine.SocialShare || r.Channel.Platform == "web" {
			t.Errorf("social evidence: %+v channel %+v", e.Router, r.Channel)
		}
		if e.ProblemCounts.AbsentRuns < e.ProblemCounts.Runs/2 {
			t.Errorf("social: absent in %d of %d runs", e.ProblemCounts.AbsentRuns, e.ProblemCounts.Runs)
		}

		// no_action: Taskloom is named first in most integration answers.
		r = pick(sightline.RecNoAction, "Integrations and automation")
		explain(r)
		e = r.Evidence
		if e.Router.Rule != "brand_leads" || float64(e.ProblemCounts.BrandFirstRuns) < engine.LeadFirstRate*float64(e.ProblemCounts.Runs) || *r.Impact != "low" {
			t.Errorf("no_action evidence: %+v %+v", e.Router, e.ProblemCounts)
		}
	})

	// The load regenerated once; once more must change nothing but the
	// content: no duplicates, user states kept.
	t.Run("RegenerateTwice", func(t *testing.T) {
		before := map[string]string{}
		for _, r := range l.recs(t, false) {
			before[r.ID] = r.State
		}
		if res := l.regenerate(t); res.Created != 0 || res.Archived != 0 || res.Updated != res.Generated {
			t.Errorf("regenerate: %+v", res)
		}
		after := l.recs(t, false)
		keys := map[string]bool{}
		for _, r := range after {
			if keys[r.Type+*r.TopicID] {
				t.Errorf("two live %s recommendations for topic %s", r.Type, *r.TopicName)
			}
			keys[r.Type+*r.TopicID] = true
			if before[r.ID] != r.State {
				t.Errorf("%s: state %s, was %s", r.Type, r.State, before[r.ID])
			}
		}
		if len(after) != len(before) {
			t.Errorf("%d recommendations, were %d", len(after), len(before))
		}
	})

	// Deleting a topic deactivates its prompts, so their runs are no longer
	// evidence: its recommendation is archived, and comes back with the
	// topic. Meanwhile the dismissed no_action recommendation, whose
	// evidence persists, stays dismissed for 14 days, then is new again.
	t.Run("ArchiveAndRevive", func(t *testing.T) {
		social := byType[sightline.RecSocialPost][0]
		var dismissed *sightline.Recommendation
		for _, r := range l.recs(t, false) {
			if r.State == sightline.RecStateDismissed {
				dismissed = r
			}
		}
		if dismissed == nil {
			t.Fatal("no dismissed recommendation in the demo")
		}
		if err := l.db.DeleteTopic(ctx, l.fx.OrgID, l.fx.BrandID, *social.TopicID); err != nil {
			t.Fatal(err)
		}
		l.clock.Set(dismissed.DismissedAt.Add(13 * 24 * time.Hour))
		if res := l.regenerate(t); res.Archived != 1 || res.Revived != 0 {
			t.Errorf("evidence removed, before the cooldown: %+v", res)
		}
		r, _ := l.db.FindRecommendationByID(ctx, l.fx.OrgID, l.fx.BrandID, social.ID)
		if !r.Archived || r.State != social.State {
			t.Errorf("after removal: archived %v state %s", r.Archived, r.State)
		}
		if r, _ := l.db.FindRecommendationByID(ctx, l.fx.OrgID, l.fx.BrandID, dismissed.ID); r.State != sightline.RecStateDismissed {
			t.Errorf("revived before the cooldown: %s", r.State)
		}

		if _, err := l.db.CreateTopics(ctx, l.fx.OrgID, l.fx.BrandID, []sightline.TopicRef{{Name: *social.TopicName}}); err != nil {
			t.Fatal(err)
		}
		l.clock.Set(dismissed.DismissedAt.Add(sightline.DefaultDismissCooldown + time.Hour))
		if res := l.regenerate(t); res.Revived != 1 || res.Archived != 0 {
			t.Errorf("evidence back, after the cooldown: %+v", res)
		}
		if r, _ = l.db.FindRecommendationByID(ctx, l.fx.OrgID, l.fx.BrandID, social.ID); r.Archived {
			t.Error("still archived with its evidence back")
		}
		if r, _ := l.db.FindRecommendationByID(ctx, l.fx.OrgID, l.fx.BrandID, dismissed.ID); r.State != sightline.RecStateNew {
			t.Errorf("after the cooldown: %s", r.State)
		}
		l.clock.Set(engineDemoNow)
	})

	t.Run("Briefs", func(t *testing.T) {
		for _, id := range l.fx.BriefIDs {
			b, err := l.db.FindBriefByID(ctx, l.fx.OrgID, l.fx.BrandID, id)
			if err != nil {
				t.Fatal(err)
			}
			if b.State != sightline.BriefReady || b.ProgressPct != 100 || b.Article == nil || b.Recommendation == nil || b.AudienceID == nil || b.TopicID == nil {
				t.Errorf("brief %s: %+v", id, b)
			}
			if len(b.Outline.Sections) < 3 || len(b.Outline.Questions) == 0 || len(b.Outline.CompetitorPages) == 0 {
				t.Errorf("outline: %+v", b.Outline)
			}
			if len(b.TargetPrompts) == 0 || !slices.Equal(b.TargetPrompts[0].CountryCodes, []string{"DE", "GB", "US"}) {
				t.Errorf("target prompts: %+v", b.TargetPrompts)
			}
			if !strings.HasPrefix(b.BriefText, "# ") || !strings.Contains(b.BriefText, "## Pages to beat") || !slices.Contains(sightline.ContentFormats, b.Format) {
				t.Errorf("brief text / format: %q %s", b.BriefText[:min(80, len(b.BriefText))], b.Format)
			}
		}
	})

	t.Run("Opportunities", func(t *testing.T) {
		st, err := l.db.FindComputeStatus(ctx, l.fx.OrgID, l.fx.BrandID, sightline.DefaultComputeQuota)
		if err != nil || st.Status != sightline.JobCompleted || st.Quota.Used != 1 {
			t.Fatalf("compute status %+v %v", st, err)
		}
		for _, id := range l.fx.OpportunityIDs[:3] {
			o, err := l.db.FindOpportunityByID(ctx, l.fx.OrgID, l.fx.BrandID, id)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(o)
			if o.Type != sightline.OpportunityContextHint || o.MatchedPrompt == nil || len(o.Source.PromptIDs) == 0 || len(o.ListIDs) == 0 ||
				len(o.ReasoningTags) == 0 || len(o.Scores) == 0 || o.Rationale == "" || !slices.Contains(sightline.VolumeRanges, o.VolumeRange) {
				t.Errorf("opportunity %s", b)
			}
		}
	})
}

func isTaskloomURL(u string) bool {
	return strings.Contains(u, "://taskloom.com") || strings.Contains(u, "://taskloom.dev") || strings.Contains(u, ".taskloom.com")
}

// checkRecPopulated asserts every field of docs/api.md that applies to the
// recommendation's type is populated.
func checkRecPopulated(t *testing.T, r *sightline.Recommendation) {
	t.Helper()
	fail := func(field string) { t.Errorf("%s %s: %s not populated", r.Type, r.ID, field) }
	if !sightline.IsUUID(r.ID) || !sightline.IsUUID(r.BrandID) || r.State == "" || r.CreatedAt == nil {
		fail("id/brand_id/state/created_at")
	}
	if r.LegacyType == nil || *r.LegacyType != sightline.LegacyTypeOf(r.Type) {
		fail("legacy_type")
	}
	if r.Intent == nil || !slices.Contains(sightline.Intents, *r.Intent) {
		fail("intent")
	}
	if r.Severity == nil || *r.Severity < 0 || *r.Severity > 1 || r.Impact == nil || *r.Impact != sightline.ImpactOf(*r.Severity) {
		fail("severity/impact")
	}
	if r.Action == "" || r.Reason == "" || r.Details == nil || !strings.HasPrefix(*r.Details, "- ") {
		fail("action/reason/details")
	}
	if r.SuggestedActionURL == nil || !sightline.IsHTTPURL(*r.SuggestedActionURL) {
		fail("suggested_action_url")
	}
	if r.TopicID == nil || r.TopicName == nil || len(r.TargetPromptIDs) == 0 || len(r.TargetPrompts) != len(r.TargetPromptIDs) || r.TargetPrompts[0].Text == nil {
		fail("topic/target_prompts")
	}
	if len(r.TargetURLs) == 0 || len(r.TopCompetitors) == 0 {
		fail("target_urls/top_competitors")
	}
	if r.Completed != (r.State == sightline.RecStateDone) || (r.State == sightline.RecStateDone) != (r.CompletedAt != nil && r.ActionURL != nil) {
		fail("completed/completed_at/action_url")
	}
	if r.State == sightline.RecStateDismissed && r.DismissedAt == nil || r.State != sightline.RecStateNew && r.StateChangedAt == nil {
		fail("dismissed_at/state_changed_at")
	}
	e := r.Evidence
	if e == nil || e.Router.Rule == "" || e.Router.Reason == "" || e.ProblemCounts.Runs == 0 || e.CitationLandscape.Citations == 0 || e.Trigger.Kind == "" || len(e.Trigger.Pages) == 0 {
		fail("evidence")
	}
	if r.Type == sightline.RecNoAction {
		return
	}
	if r.Format == nil || !slices.Contains(sightline.ContentFormats, *r.Format) || r.SuggestedTitle == nil || r.TargetWordCount == nil || len(r.RequiredElements) == 0 {
		fail("format/suggested_title/target_word_count/required_elements")
	}
	if (r.Type == sightline.RecEarned || r.Type == sightline.RecSocialPost) != (r.Channel != nil) {
		fail("channel")
	}
	if r.Channel != nil && (!slices.Contains(sightline.ChannelPlatforms, r.Channel.Platform) || r.Channel.Name == "" || !sightline.IsHTTPURL(r.Channel.URL)) {
		fail("channel fields")
	}
}
