package sqlstore_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// engineFixture is a brand with one competitor, two topics and three
// prompts, and helpers to ingest hand-made runs.
type engineFixture struct {
	db      *sqlstore.DB
	now     *time.Time
	orgID   string
	brand   *sightline.Brand
	compID  string
	topics  map[string]string // name -> id
	prompts map[string]string // key -> id
	other   *sightline.Brand  // a brand of another organization
}

func newEngineFixture(t *testing.T) *engineFixture {
	t.Helper()
	db, now := mustOpenDB(t)
	return newEngineFixtureOn(t, db, now)
}

func newEngineFixtureOn(t *testing.T, db *sqlstore.DB, now *time.Time) *engineFixture {
	t.Helper()
	ctx := context.Background()
	org := mustCreateOrg(t, db, "Acme Inc.")
	f := &engineFixture{db: db, now: now, orgID: org.ID, topics: map[string]string{}, prompts: map[string]string{}}
	f.brand = mustCreateBrand(t, db, sightline.BrandCreate{OrgID: org.ID, Name: "Acme", Domains: []string{"acme.com"},
		Competitors: []sightline.CompetitorCreate{{Name: "Rival", Domain: "rival.io"}}})
	comps, err := db.FindIngestTarget(ctx, f.brand.ID)
	if err != nil {
		t.Fatal(err)
	}
	f.compID = comps.Competitors[0].ID
	refs, err := db.CreateTopics(ctx, org.ID, f.brand.ID, []sightline.TopicRef{{Name: "Gantt"}, {Name: "Agile"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range refs {
		f.topics[r.Name] = r.ID
	}
	ps, err := db.CreatePrompts(ctx, org.ID, f.brand.ID, []sightline.PromptCreate{
		{TopicID: f.topics["Gantt"], Text: "How do I build a gantt chart?", Intent: "I"},
		{TopicID: f.topics["Gantt"], Text: "Best gantt chart software", Intent: "C"},
		{TopicID: f.topics["Agile"], Text: "Best sprint planning tool", Intent: "C"},
	})
	if err != nil {
		t.Fatal(err)
	}
	f.prompts["howto"], f.prompts["best"], f.prompts["sprint"] = ps[0].ID, ps[1].ID, ps[2].ID
	otherOrg := mustCreateOrg(t, db, "Other Inc.")
	f.other = mustCreateBrand(t, db, sightline.BrandCreate{OrgID: otherOrg.ID, Name: "Other"})
	return f
}

// cite is one citation of a hand-made run.
type cite struct{ page, domain, pageType, static, title string }

var (
	ownedGuide = cite{"https://acme.com/blog/gantt-guide", "acme.com", "how_to_guide", "other", "Gantt Guide (2021) – Acme Blog"}
	rivalVs    = cite{"https://rival.io/vs/acme", "rival.io", "comparison", "other", "Rival vs Acme"}
	g2Gantt    = cite{"https://g2.com/categories/gantt", "g2.com", "category_page", "review", "Best Gantt Chart Software | G2"}
	capGantt   = cite{"https://capterra.com/gantt", "capterra.com", "category_page", "review", "Gantt Chart Software Reviews | Capterra"}
)

// ingest stores n runs of a prompt at the fixture's clock minus ago: the
// brand named at brandPos (0: absent), Rival named when rival is set, and
// the citations.
func (f *engineFixture) ingest(t *testing.T, prompt string, n int, ago time.Duration, brandPos int, rival bool, cites ...cite) {
	t.Helper()
	var runs []*sightline.AnalyzedRun
	for i := range n {
		r := &sightline.AnalyzedRun{ID: uuid.NewString(), BrandID: f.brand.ID, PromptID: f.prompts[prompt], Provider: "chatgpt",
			Region: []string{"us", "gb"}[i%2], RanAt: f.now.Add(-ago - time.Duration(i)*time.Minute), Answer: "answer"}
		if p := f.prompts[prompt]; p == f.prompts["sprint"] {
			r.TopicID = f.topics["Agile"]
		} else {
			r.TopicID = f.topics["Gantt"]
		}
		if brandPos > 0 {
			r.Mentions = append(r.Mentions, sightline.AnalyzedMention{Name: "Acme", Self: true, Position: brandPos, Count: 1, Sentiment: 50})
		}
		if rival {
			r.Mentions = append(r.Mentions, sightline.AnalyzedMention{Name: "Rival", CompetitorID: f.compID, Position: 1 + brandPos%2, Count: 1, Sentiment: 50})
		}
		for _, c := range cites {
			r.Citations = append(r.Citations, sightline.AnalyzedCitation{URL: c.page, Page: c.page, Domain: c.domain, PageType: c.pageType,
				DomainType: c.static, Type: sightline.CitationSource, Title: c.title})
		}
		runs = append(runs, r)
	}
	_, err := f.db.IngestRuns(context.Background(), func(yield func(*sightline.AnalyzedRun, error) bool) {
		for _, r := range runs {
			if !yield(r, nil) {
				return
			}
		}
	})
	if err != nil {
		t.Fatalf("ingest: %v", err)
	}
	sqlstoretest.CompleteDetection(t, f.db, f.brand.ID) // these tests claim only the jobs they queue
}

// stubRecs is a generator that returns one minimal recommendation per key
// ("<type>:<target>") and records the evidence it was given.
type stubRecs struct {
	keys []string
	seen *sightline.BrandEvidence
	err  error
}

func (s *stubRecs) generate(ev *sightline.BrandEvidence) ([]*sightline.Recommendation, error) {
	s.seen = ev
	if s.err != nil {
		return nil, s.err
	}
	var out []*sightline.Recommendation
	for _, k := range s.keys {
		typ := k[:len(k)-2]
		sev, url := 0.7, "https://acme.com/"+k[len(k)-1:]
		out = append(out, &sightline.Recommendation{Key: k, Type: typ, LegacyType: ptr(sightline.LegacyTypeOf(typ)), Severity: &sev,
			Impact: ptr(sightline.ImpactOf(sev)), Action: "Do " + k, Reason: "Because " + k, SuggestedActionURL: &url,
			RequiredElements: []string{"x"}, TargetURLs: []string{url}, TargetPromptIDs: []string{}, Evidence: &sightline.RecommendationEvidence{}})
	}
	return out, nil
}

func (f *engineFixture) regenerate(t *testing.T, gen *stubRecs, limit int) (*sightline.RegenerateResult, error) {
	t.Helper()
	return f.db.RegenerateRecommendations(context.Background(), f.orgID, f.brand.ID, sightline.RegenerateOptions{
		QuotaLimit: limit, Cooldown: sightline.DefaultDismissCooldown, Generate: gen.generate})
}

// all returns every recommendation of the brand by key, archived or not.
func (f *engineFixture) all(t *testing.T) map[string]*sightline.Recommendation {
	t.Helper()
	out := map[string]*sightline.Recommendation{}
	for _, archived := range []bool{false, true} {
		recs, _, err := f.db.FindRecommendations(context.Background(), f.orgID, f.brand.ID, sightline.RecommendationFilter{
			States: sightline.RecommendationStates, Archived: archived, PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if _, dup := out[r.Key]; dup {
				t.Fatalf("two recommendations with key %s", r.Key)
			}
			out[r.Key] = r
		}
	}
	return out
}

func (f *engineFixture) setState(t *testing.T, id, state string, actionURL *string) *sightline.Recommendation {
	t.Helper()
	r, err := f.db.UpdateRecommendation(context.Background(), f.orgID, f.brand.ID, id, sightline.RecommendationUpdate{State: &state, ActionURL: actionURL})
	if err != nil {
		t.Fatalf("set %s: %v", state, err)
	}
	return r
}

// TestRecommendationStore_Regenerate walks the regeneration lifecycle:
// upsert on the key keeps user states, evidence gone archives (never a
// done one), evidence back un-archives, dismissed revives only after the
// cooldown, and every call spends one unit of the quota.
func TestRecommendationStore_Regenerate(t *testing.T) {
	f := newEngineFixture(t)
	ctx := context.Background()
	f.ingest(t, "howto", 4, time.Hour, 5, true, ownedGuide)
	gen := &stubRecs{keys: []string{"owned_refresh:a", "owned_create:b", "earned_3rd_party:c"}}

	res, err := f.regenerate(t, gen, 10)
	if err != nil {
		t.Fatal(err)
	}
	if res.Created != 3 || res.Updated != 0 || res.RegenerateQuota.Used != 1 || res.RegenerateQuota.Remaining != 9 {
		t.Errorf("first run: %+v", res)
	}
	if gen.seen.TotalRuns != 4 || gen.seen.BrandName != "Acme" {
		t.Errorf("generator saw %d runs of %q", gen.seen.TotalRuns, gen.seen.BrandName)
	}
	recs := f.all(t)
	a, b, c := recs["owned_refresh:a"], recs["owned_create:b"], recs["earned_3rd_party:c"]
	if a.State != sightline.RecStateNew || a.CreatedAt == nil || !a.CreatedAt.Equal(*f.now) || a.StateChangedAt != nil {
		t.Errorf("new recommendation: %+v", a)
	}
	f.setState(t, a.ID, sightline.RecStateSaved, nil)
	f.setState(t, b.ID, sightline.RecStateDone, nil)
	f.setState(t, c.ID, sightline.RecStateDismissed, nil)

	// Same evidence plus one more: no duplicates, user states kept.
	*f.now = f.now.Add(time.Hour)
	gen.keys = append(gen.keys, "social_post:d")
	if res, err = f.regenerate(t, gen, 10); err != nil {
		t.Fatal(err)
	}
	if res.Created != 1 || res.Updated != 3 || res.Revived != 0 || res.Archived != 0 || res.RegenerateQuota.Used != 2 {
		t.Errorf("second run: %+v", res)
	}
	recs = f.all(t)
	if len(recs) != 4 {
		t.Fatalf("%d recommendations, want 4", len(recs))
	}
	for key, want := range map[string]string{"owned_refresh:a": "saved", "owned_create:b": "done", "earned_3rd_party:c": "dismissed", "social_post:d": "new"} {
		if got := recs[key]; got.State != want || got.Archived {
			t.Errorf("%s: state %s archived %v, want %s live", key, got.State, got.Archived, want)
		}
	}
	if recs["owned_refresh:a"].ID != a.ID {
		t.Error("regeneration changed the id")
	}

	// Evidence for a (saved) and b (done) gone: a is archived, b stays.
	*f.now = f.now.Add(time.Hour)
	gen.keys = []string{"earned_3rd_party:c", "social_post:d"}
	if res, err = f.regenerate(t, gen, 10); err != nil {
		t.Fatal(err)
	}
	recs = f.all(t)
	if res.Archived != 1 || !recs["owned_refresh:a"].Archived || recs["owned_refresh:a"].State != sightline.RecStateSaved || recs["owned_create:b"].Archived {
		t.Errorf("archive: %+v; a archived %v, b archived %v", res, recs["owned_refresh:a"].Archived, recs["owned_create:b"].Archived)
	}
	live, _, err := f.db.FindRecommendations(ctx, f.orgID, f.brand.ID, sightline.RecommendationFilter{States: []string{"saved"}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	if err != nil || len(live) != 0 {
		t.Errorf("archived recommendation listed as live: %v %v", live, err)
	}

	// Evidence back: un-archived, still saved.
	gen.keys = []string{"owned_refresh:a", "earned_3rd_party:c", "social_post:d"}
	if _, err = f.regenerate(t, gen, 10); err != nil {
		t.Fatal(err)
	}
	if r := f.all(t)["owned_refresh:a"]; r.Archived || r.State != sightline.RecStateSaved {
		t.Errorf("returned evidence: archived %v state %s", r.Archived, r.State)
	}

	// Dismissed: kept for the 14-day cooldown from dismissed_at, then new.
	dismissedAt := *f.all(t)["earned_3rd_party:c"].DismissedAt
	*f.now = dismissedAt.Add(sightline.DefaultDismissCooldown - time.Minute)
	if res, err = f.regenerate(t, gen, 10); err != nil {
		t.Fatal(err)
	}
	if r := f.all(t)["earned_3rd_party:c"]; r.State != sightline.RecStateDismissed || res.Revived != 0 {
		t.Errorf("before the cooldown: %s, revived %d", r.State, res.Revived)
	}
	*f.now = dismissedAt.Add(sightline.DefaultDismissCooldown)
	if res, err = f.regenerate(t, gen, 10); err != nil {
		t.Fatal(err)
	}
	r := f.all(t)["earned_3rd_party:c"]
	if r.State != sightline.RecStateNew || res.Revived != 1 || r.DismissedAt == nil || !r.DismissedAt.Equal(dismissedAt) {
		t.Errorf("after the cooldown: %s, revived %d, dismissed_at %v", r.State, res.Revived, r.DismissedAt)
	}
	// A dismissed one whose evidence is gone is archived, not revived.
	f.setState(t, r.ID, sightline.RecStateDismissed, nil)
	*f.now = f.now.Add(30 * 24 * time.Hour)
	gen.keys = []string{"owned_refresh:a"}
	if res, err = f.regenerate(t, gen, 10); err != nil {
		t.Fatal(err)
	}
	if r := f.all(t)["earned_3rd_party:c"]; r.State != sightline.RecStateDismissed || !r.Archived {
		t.Errorf("dismissed without evidence: %s archived %v", r.State, r.Archived)
	}
}

func TestRecommendationStore_RegenerateQuota(t *testing.T) {
	f := newEngineFixture(t)
	*f.now = time.Date(2026, 3, 15, 23, 59, 0, 0, time.UTC)
	gen := &stubRecs{keys: []string{"owned_refresh:a"}}
	for i := 1; i <= 2; i++ {
		res, err := f.regenerate(t, gen, 2)
		if err != nil {
			t.Fatal(err)
		}
		if res.RegenerateQuota.Used != i || res.RegenerateQuota.Limit != 2 || !res.RegenerateQuota.ResetsAt.Equal(time.Date(2026, 3, 16, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("quota after %d: %+v", i, res.RegenerateQuota)
		}
	}
	_, err := f.regenerate(t, gen, 2)
	wantCode(t, err, sightline.EQUOTA)
	var e *sightline.Error
	if !errors.As(err, &e) || e.RetryAfter != 60 {
		t.Errorf("Retry-After %d, want 60 s to midnight", e.RetryAfter)
	}
	q, err := f.db.FindQuota(context.Background(), f.orgID, f.brand.ID, sightline.QuotaRegenerate, 2)
	if err != nil || q.Used != 2 || q.Remaining != 0 {
		t.Errorf("quota %+v %v", q, err)
	}
	// A failing generator rolls the spend back.
	*f.now = f.now.Add(time.Minute) // next UTC day: the quota reset
	_, err = f.regenerate(t, &stubRecs{err: errors.New("boom")}, 2)
	if err == nil {
		t.Fatal("no error from a failing generator")
	}
	if q, _ = f.db.FindQuota(context.Background(), f.orgID, f.brand.ID, sightline.QuotaRegenerate, 2); q.Used != 0 {
		t.Errorf("a failed regeneration spent quota: %+v", q)
	}
	if _, err := f.regenerate(t, gen, 2); err != nil {
		t.Errorf("next day: %v", err)
	}
	_, err = f.regenerate(t, gen, 0)
	wantCode(t, err, sightline.EQUOTA)
}

func TestRecommendationStore_UpdateRecommendation(t *testing.T) {
	f := newEngineFixture(t)
	ctx := context.Background()
	gen := &stubRecs{keys: []string{"owned_refresh:a"}}
	if _, err := f.regenerate(t, gen, 100); err != nil {
		t.Fatal(err)
	}
	id := f.all(t)["owned_refresh:a"].ID
	states := []string{"new", "saved", "done", "dismissed"}
	allowed := map[[2]string]bool{
		{"new", "saved"}: true, {"saved", "new"}: true, {"new", "dismissed"}: true, {"dismissed", "new"}: true,
		{"new", "done"}: true, {"saved", "done"}: true, {"dismissed", "done"}: true, {"done", "done"}: true, {"done", "new"}: true,
	}
	// moveTo brings the recommendation to a state along allowed moves.
	moveTo := func(state string) {
		cur := f.all(t)["owned_refresh:a"].State
		if cur == state {
			return
		}
		if cur != "new" {
			f.setState(t, id, "new", nil)
		}
		if state != "new" {
			f.setState(t, id, state, nil)
		}
	}
	for _, from := range states {
		for _, to := range states {
			t.Run(from+"_to_"+to, func(t *testing.T) {
				moveTo(from)
				*f.now = f.now.Add(time.Minute)
				r, err := f.db.UpdateRecommendation(ctx, f.orgID, f.brand.ID, id, sightline.RecommendationUpdate{State: &to})
				if !allowed[[2]string{from, to}] {
					wantCode(t, err, sightline.ETRANSITION)
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if r.State != to || r.StateChangedAt == nil || !r.StateChangedAt.Equal(*f.now) {
					t.Errorf("state %s changed at %v", r.State, r.StateChangedAt)
				}
				if r.Completed != (to == "done") {
					t.Errorf("completed = %v", r.Completed)
				}
				switch to {
				case "done":
					if r.CompletedAt == nil || !r.CompletedAt.Equal(*r.StateChangedAt) || r.ActionURL == nil || *r.ActionURL != "https://acme.com/a" {
						t.Errorf("done: completed_at %v action_url %v", r.CompletedAt, r.ActionURL)
					}
				case "dismissed":
					if r.DismissedAt == nil || !r.DismissedAt.Equal(*f.now) {
						t.Errorf("dismissed_at %v", r.DismissedAt)
					}
				default:
					if r.CompletedAt != nil {
						t.Errorf("completed_at %v outside done", r.CompletedAt)
					}
				}
			})
		}
	}

	t.Run("DoneWithActionURL", func(t *testing.T) {
		moveTo("new")
		url := "https://acme.com/blog/new-gantt-guide"
		r := f.setState(t, id, "done", &url)
		if *r.ActionURL != url {
			t.Errorf("action_url %s", *r.ActionURL)
		}
		// Reopened: completed cleared, action_url kept to pre-fill the next completion.
		r = f.setState(t, id, "new", nil)
		if r.Completed || r.CompletedAt != nil || r.ActionURL == nil || *r.ActionURL != url {
			t.Errorf("reopened: %+v", r)
		}
		wl, total, err := f.db.FindWatchList(ctx, f.orgID, f.brand.ID, sightline.PageRequest{Page: 1, PageSize: 10})
		if err != nil {
			t.Fatal(err)
		}
		var urls []string
		for _, e := range wl {
			urls = append(urls, e.URL)
			if e.RecommendationID == nil || *e.RecommendationID != id {
				t.Errorf("watch list entry %+v", e)
			}
		}
		if total != 2 || !slices.Contains(urls, url) || !slices.Contains(urls, "https://acme.com/a") {
			t.Errorf("watch list %v (total %d)", urls, total)
		}
	})
	t.Run("Validation", func(t *testing.T) {
		bad := "ftp://x"
		for _, tt := range []struct {
			upd  sightline.RecommendationUpdate
			want []string
		}{
			{sightline.RecommendationUpdate{}, []string{"state"}},
			{sightline.RecommendationUpdate{State: ptr("archived")}, []string{"state"}},
			{sightline.RecommendationUpdate{State: ptr("done"), ActionURL: &bad}, []string{"action_url"}},
			{sightline.RecommendationUpdate{State: ptr("saved"), ActionURL: ptr("https://acme.com/")}, []string{"action_url"}},
		} {
			_, err := f.db.UpdateRecommendation(ctx, f.orgID, f.brand.ID, id, tt.upd)
			if diff := cmp.Diff(tt.want, detailFields(t, err)); diff != "" {
				t.Errorf("%+v: fields (-want +got):\n%s", tt.upd, diff)
			}
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		_, err := f.db.UpdateRecommendation(ctx, f.orgID, f.brand.ID, uuid.NewString(), sightline.RecommendationUpdate{State: ptr("saved")})
		wantCode(t, err, sightline.ENOTFOUND)
		_, err = f.db.FindRecommendationByID(ctx, f.orgID, f.brand.ID, "not-a-uuid")
		wantCode(t, err, sightline.ENOTFOUND)
	})
	t.Run("ErrOtherOrg", func(t *testing.T) {
		_, err := f.db.UpdateRecommendation(ctx, f.other.OrgID, f.brand.ID, id, sightline.RecommendationUpdate{State: ptr("saved")})
		wantCode(t, err, sightline.ENOTFOUND)
		_, err = f.db.FindRecommendationByID(ctx, f.other.OrgID, f.brand.ID, id)
		wantCode(t, err, sightline.ENOTFOUND)
		_, err = f.db.FindRecommendationByID(ctx, f.other.OrgID, f.other.ID, id) // the id under the caller's own brand
		wantCode(t, err, sightline.ENOTFOUND)
		_, _, err = f.db.FindRecommendations(ctx, f.other.OrgID, f.brand.ID, sightline.RecommendationFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: 1}})
		wantCode(t, err, sightline.ENOTFOUND)
		_, err = f.db.RegenerateRecommendations(ctx, f.other.OrgID, f.brand.ID, sightline.RegenerateOptions{QuotaLimit: 5, Generate: gen.generate})
		wantCode(t, err, sightline.ENOTFOUND)
		_, _, err = f.db.FindWatchList(ctx, f.other.OrgID, f.brand.ID, sightline.PageRequest{Page: 1, PageSize: 1})
		wantCode(t, err, sightline.ENOTFOUND)
		_, err = f.db.FindQuota(ctx, f.other.OrgID, f.brand.ID, sightline.QuotaRegenerate, 5)
		wantCode(t, err, sightline.ENOTFOUND)
	})
}

func TestRecommendationStore_FindRecommendations(t *testing.T) {
	f := newEngineFixture(t)
	ctx := context.Background()
	gen := &stubRecs{keys: []string{"owned_refresh:a", "owned_create:b", "earned_3rd_party:c", "social_post:d"}}
	if _, err := f.regenerate(t, gen, 100); err != nil {
		t.Fatal(err)
	}
	recs := f.all(t)
	f.setState(t, recs["owned_create:b"].ID, "saved", nil)
	find := func(flt sightline.RecommendationFilter) []string {
		t.Helper()
		if flt.PageSize == 0 {
			flt.PageRequest = sightline.PageRequest{Page: 1, PageSize: 10}
		}
		rs, total, err := f.db.FindRecommendations(ctx, f.orgID, f.brand.ID, flt)
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, r := range rs {
			keys = append(keys, r.Key)
		}
		if total < len(keys) {
			t.Errorf("total %d < %d", total, len(keys))
		}
		slices.Sort(keys)
		return keys
	}
	for name, tt := range map[string]struct {
		f    sightline.RecommendationFilter
		want []string
	}{
		"StateNew":   {sightline.RecommendationFilter{States: []string{"new"}}, []string{"earned_3rd_party:c", "owned_refresh:a", "social_post:d"}},
		"StateSaved": {sightline.RecommendationFilter{States: []string{"saved"}}, []string{"owned_create:b"}},
		"Types":      {sightline.RecommendationFilter{States: sightline.RecommendationStates, Types: []string{"owned_create", "social_post"}}, []string{"owned_create:b", "social_post:d"}},
		"Impacts":    {sightline.RecommendationFilter{States: sightline.RecommendationStates, Impacts: []string{"low"}}, nil},
		"Archived":   {sightline.RecommendationFilter{States: sightline.RecommendationStates, Archived: true}, nil},
	} {
		if diff := cmp.Diff(tt.want, find(tt.f)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	// Pages never overlap: ties on severity break on type, then id.
	var paged []string
	for page := 1; page <= 4; page++ {
		rs, total, err := f.db.FindRecommendations(ctx, f.orgID, f.brand.ID, sightline.RecommendationFilter{States: sightline.RecommendationStates, PageRequest: sightline.PageRequest{Page: page, PageSize: 1}})
		if err != nil || total != 4 {
			t.Fatalf("page %d: total %d %v", page, total, err)
		}
		paged = append(paged, rs[0].Key)
	}
	if want := []string{"earned_3rd_party:c", "owned_create:b", "owned_refresh:a", "social_post:d"}; !slices.Equal(paged, want) {
		t.Errorf("pages %v, want %v", paged, want)
	}
	if got, err := f.db.FindRecommendationByID(ctx, f.orgID, f.brand.ID, recs["social_post:d"].ID); err != nil || got.Key != "social_post:d" {
		t.Errorf("by id: %v %v", got, err)
	}
}
