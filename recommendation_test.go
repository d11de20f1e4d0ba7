package sightline

import (
	"slices"
	"testing"
	"time"
)

func TestCheckTransition(t *testing.T) {
	allowed := map[[2]string]bool{
		{"new", "saved"}: true, {"saved", "new"}: true, {"new", "dismissed"}: true, {"dismissed", "new"}: true,
		{"new", "done"}: true, {"saved", "done"}: true, {"dismissed", "done"}: true, {"done", "done"}: true, {"done", "new"}: true,
	}
	for _, from := range RecommendationStates {
		for _, to := range RecommendationStates {
			err := CheckTransition(from, to)
			if allowed[[2]string{from, to}] != (err == nil) {
				t.Errorf("%s → %s: %v", from, to, err)
			}
			if err != nil && ErrorCode(err) != ETRANSITION {
				t.Errorf("%s → %s: code %s", from, to, ErrorCode(err))
			}
		}
	}
}

func TestRecommendation_Transition(t *testing.T) {
	s := func(v string) *string { return &v }
	suggested, given := s("https://acme.com/suggested"), s("https://acme.com/given")
	for _, tt := range []struct {
		from, to  string
		actionURL *string
		suggested *string
		want      RecommendationChange
		code      string
	}{
		{from: RecStateNew, to: RecStateDone, actionURL: given, suggested: suggested,
			want: RecommendationChange{State: RecStateDone, Completed: true, ActionURL: given}},
		{from: RecStateSaved, to: RecStateDone, suggested: suggested,
			want: RecommendationChange{State: RecStateDone, Completed: true, ActionURL: suggested}},
		{from: RecStateDone, to: RecStateDone,
			want: RecommendationChange{State: RecStateDone, Completed: true}},
		{from: RecStateNew, to: RecStateDismissed, suggested: suggested,
			want: RecommendationChange{State: RecStateDismissed, Dismissed: true}},
		{from: RecStateDone, to: RecStateNew, suggested: suggested,
			want: RecommendationChange{State: RecStateNew, Reopened: true}},
		{from: RecStateDismissed, to: RecStateNew,
			want: RecommendationChange{State: RecStateNew}},
		{from: RecStateNew, to: RecStateSaved,
			want: RecommendationChange{State: RecStateSaved}},
		{from: RecStateDone, to: RecStateSaved, code: ETRANSITION},
		{from: RecStateDismissed, to: RecStateSaved, code: ETRANSITION},
	} {
		r := &Recommendation{State: tt.from, SuggestedActionURL: tt.suggested}
		got, err := r.Transition(RecommendationUpdate{State: &tt.to, ActionURL: tt.actionURL})
		if ErrorCode(err) != tt.code {
			t.Errorf("%s → %s: error %v, want %q", tt.from, tt.to, err, tt.code)
			continue
		}
		if got != tt.want {
			t.Errorf("%s → %s: %+v, want %+v", tt.from, tt.to, got, tt.want)
		}
	}
}

func TestRecommendationUpdate_Validate(t *testing.T) {
	s := func(v string) *string { return &v }
	for _, tt := range []struct {
		upd   RecommendationUpdate
		field string
	}{
		{RecommendationUpdate{State: s("done")}, ""},
		{RecommendationUpdate{State: s("done"), ActionURL: s("https://example.com/a")}, ""},
		{RecommendationUpdate{}, "state"},
		{RecommendationUpdate{State: s("archived")}, "state"},
		{RecommendationUpdate{State: s("done"), ActionURL: s("example.com")}, "action_url"},
		{RecommendationUpdate{State: s("done"), ActionURL: s(" https://example.com")}, "action_url"},
		{RecommendationUpdate{State: s("new"), ActionURL: s("https://example.com")}, "action_url"},
	} {
		err := tt.upd.Validate()
		if tt.field == "" {
			if err != nil {
				t.Errorf("%+v: %v", tt.upd, err)
			}
			continue
		}
		e, ok := err.(*Error)
		if !ok || e.Code != EVALIDATION || *e.Details[0].Field != tt.field {
			t.Errorf("%+v: %v, want a %s error", tt.upd, err, tt.field)
		}
	}
}

func TestRecommendationVocabulary(t *testing.T) {
	for typ, want := range map[string]string{RecSocialPost: "social", RecEarned: "earned", RecOwnedCreate: "owned", RecOwnedRefresh: "owned", RecNoAction: "no_action"} {
		if got := LegacyTypeOf(typ); got != want {
			t.Errorf("LegacyTypeOf(%s) = %s", typ, got)
		}
	}
	for domain, want := range map[string]string{"reddit.com": "reddit", "youtube.com": "youtube", "youtu.be": "youtube", "linkedin.com": "linkedin",
		"x.com": "x", "twitter.com": "x", "g2.com": "web", "www.reddit.com": "reddit"} {
		if got := PlatformOf(domain); got != want {
			t.Errorf("PlatformOf(%s) = %s", domain, got)
		}
	}
}

func TestDailyQuota(t *testing.T) {
	now := time.Date(2026, 3, 15, 23, 0, 0, 0, time.UTC)
	q := NewDailyQuota(3, 5, now)
	if q.Remaining != 0 || !q.ResetsAt.Equal(time.Date(2026, 3, 16, 0, 0, 0, 0, time.UTC)) || QuotaDay(now) != "2026-03-15" {
		t.Errorf("quota %+v day %s", q, QuotaDay(now))
	}
	if e := QuotaExceeded(q, "regenerate", now); e.Code != EQUOTA || e.RetryAfter != 3600 {
		t.Errorf("exceeded: %+v", e)
	}
}

func TestComputeStatus(t *testing.T) {
	q := NewDailyQuota(5, 1, time.Now())
	if st := NewComputeStatus(nil, q); st.Status != ComputeIdle {
		t.Errorf("no job: %s", st.Status)
	}
	started := time.Now()
	if st := NewComputeStatus(&Job{Status: JobQueued, StartedAt: &started}, q); st.StartedAt != nil {
		t.Error("a queued job shows started_at")
	}
	if BriefIDOfJob(BriefJobKind("x")) != "x" || BriefIDOfJob(JobKindOpportunities) != "" {
		t.Error("brief job kinds")
	}
	long := NewJobError("c", string(make([]byte, 600)))
	if len(long.Message) > 510 {
		t.Errorf("message not cut: %d bytes", len(long.Message))
	}
}

func TestReconcileRecommendations(t *testing.T) {
	now := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	const cooldown = 14 * 24 * time.Hour
	at := func(d time.Duration) *time.Time { v := now.Add(-d); return &v }
	gen := func(keys ...string) []*Recommendation {
		out := make([]*Recommendation, len(keys))
		for i, k := range keys {
			out[i] = &Recommendation{Key: k, Type: RecOwnedCreate}
		}
		return out
	}
	type renewal struct {
		id     string
		revive bool
	}
	for _, tt := range []struct {
		name      string
		existing  []ExistingRecommendation
		generated []*Recommendation
		create    []string // keys
		renew     []renewal
		archive   []string // ids
		result    RegenerateResult
	}{
		{
			name:      "nothing stored: every key is created, in order",
			generated: gen("b", "a"),
			create:    []string{"b", "a"},
			result:    RegenerateResult{Generated: 2, Created: 2},
		},
		{
			name:   "nothing generated, nothing stored",
			result: RegenerateResult{},
		},
		{
			name: "stored keys are renewed, user states kept",
			existing: []ExistingRecommendation{
				{ID: "1", Key: "a", State: RecStateNew},
				{ID: "2", Key: "b", State: RecStateSaved},
				{ID: "3", Key: "c", State: RecStateDone},
			},
			generated: gen("c", "new", "a", "b"),
			create:    []string{"new"},
			renew:     []renewal{{"3", false}, {"1", false}, {"2", false}},
			result:    RegenerateResult{Generated: 4, Created: 1, Updated: 3},
		},
		{
			name: "dismissed exactly the cooldown ago is revived",
			existing: []ExistingRecommendation{
				{ID: "1", Key: "a", State: RecStateDismissed, DismissedAt: at(cooldown)},
			},
			generated: gen("a"),
			renew:     []renewal{{"1", true}},
			result:    RegenerateResult{Generated: 1, Updated: 1, Revived: 1},
		},
		{
			name: "dismissed longer ago than the cooldown is revived",
			existing: []ExistingRecommendation{
				{ID: "1", Key: "a", State: RecStateDismissed, DismissedAt: at(cooldown + time.Hour)},
			},
			generated: gen("a"),
			renew:     []renewal{{"1", true}},
			result:    RegenerateResult{Generated: 1, Updated: 1, Revived: 1},
		},
		{
			name: "dismissed just under the cooldown ago stays dismissed",
			existing: []ExistingRecommendation{
				{ID: "1", Key: "a", State: RecStateDismissed, DismissedAt: at(cooldown - time.Nanosecond)},
			},
			generated: gen("a"),
			renew:     []renewal{{"1", false}},
			result:    RegenerateResult{Generated: 1, Updated: 1},
		},
		{
			name: "dismissed without dismissed_at is never revived",
			existing: []ExistingRecommendation{
				{ID: "1", Key: "a", State: RecStateDismissed},
			},
			generated: gen("a"),
			renew:     []renewal{{"1", false}},
			result:    RegenerateResult{Generated: 1, Updated: 1},
		},
		{
			name: "only dismissed ones are revived",
			existing: []ExistingRecommendation{
				{ID: "1", Key: "a", State: RecStateNew, DismissedAt: at(2 * cooldown)},
				{ID: "2", Key: "b", State: RecStateSaved, DismissedAt: at(2 * cooldown)},
				{ID: "3", Key: "c", State: RecStateDone, DismissedAt: at(2 * cooldown)},
			},
			generated: gen("a", "b", "c"),
			renew:     []renewal{{"1", false}, {"2", false}, {"3", false}},
			result:    RegenerateResult{Generated: 3, Updated: 3},
		},
		{
			name: "archived ones generated again are renewed (and revived when due)",
			existing: []ExistingRecommendation{
				{ID: "1", Key: "a", State: RecStateNew, Archived: true},
				{ID: "2", Key: "b", State: RecStateDismissed, DismissedAt: at(cooldown), Archived: true},
			},
			generated: gen("a", "b"),
			renew:     []renewal{{"1", false}, {"2", true}},
			result:    RegenerateResult{Generated: 2, Updated: 2, Revived: 1},
		},
		{
			name: "unseen live ones are archived, done and archived ones are left",
			existing: []ExistingRecommendation{
				{ID: "1", Key: "a", State: RecStateNew},
				{ID: "2", Key: "b", State: RecStateSaved},
				{ID: "3", Key: "c", State: RecStateDismissed, DismissedAt: at(cooldown)},
				{ID: "4", Key: "d", State: RecStateDone},
				{ID: "5", Key: "e", State: RecStateNew, Archived: true},
				{ID: "6", Key: "f", State: RecStateDismissed, DismissedAt: at(time.Hour), Archived: true},
				{ID: "7", Key: "g", State: RecStateDone, Archived: true},
				{ID: "8", Key: "h", State: RecStateNew},
			},
			generated: gen("h"),
			renew:     []renewal{{"8", false}},
			archive:   []string{"1", "2", "3"},
			result:    RegenerateResult{Generated: 1, Updated: 1, Archived: 3},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			plan, err := ReconcileRecommendations(tt.existing, tt.generated, now, cooldown)
			if err != nil {
				t.Fatal(err)
			}
			var create []string
			for _, r := range plan.Create {
				create = append(create, r.Key)
			}
			keyOf := map[string]string{}
			for _, e := range tt.existing {
				keyOf[e.ID] = e.Key
			}
			var renew []renewal
			for _, r := range plan.Renew {
				renew = append(renew, renewal{r.ID, r.Revive})
				if r.Recommendation.Key != keyOf[r.ID] {
					t.Errorf("renewal of %s (key %s) carries key %s", r.ID, keyOf[r.ID], r.Recommendation.Key)
				}
			}
			if !slices.Equal(create, tt.create) || !slices.Equal(renew, tt.renew) || !slices.Equal(plan.Archive, tt.archive) {
				t.Errorf("plan: create %v renew %v archive %v, want create %v renew %v archive %v",
					create, renew, plan.Archive, tt.create, tt.renew, tt.archive)
			}
			if got := plan.Result(); got != tt.result {
				t.Errorf("result %+v, want %+v", got, tt.result)
			}
		})
	}
}

func TestReconcileRecommendations_Errors(t *testing.T) {
	now := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	existing := []ExistingRecommendation{{ID: "1", Key: "a", State: RecStateNew}}
	for _, tt := range []struct {
		name      string
		existing  []ExistingRecommendation
		generated []*Recommendation
		want      string
	}{
		{"missing key", existing, []*Recommendation{{Key: "a"}, {Type: RecSocialPost}}, "generated social_post recommendation without a key"},
		{"stored key twice", existing, []*Recommendation{{Key: "a"}, {Key: "a"}}, "generated recommendation key a twice"},
		{"new key twice", existing, []*Recommendation{{Key: "b"}, {Key: "b"}}, "generated recommendation key b twice"},
		{"key stored twice", append(existing, ExistingRecommendation{ID: "2", Key: "a"}), nil, "stored recommendation key a twice"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			plan, err := ReconcileRecommendations(tt.existing, tt.generated, now, DefaultDismissCooldown)
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v, want %q", err, tt.want)
			}
			if len(plan.Create)+len(plan.Renew)+len(plan.Archive) > 0 {
				t.Errorf("plan with an error: %+v", plan)
			}
		})
	}
}

func TestPageOwnership(t *testing.T) {
	brand := []string{"acme.com", "acme.io"}
	comps := []Competitor{{ID: "c0", Domain: ""}, {ID: "c1", Domain: "globex.com"}, {ID: "c2", Domain: "globex.com"}, {ID: "c3", Domain: "acme.io"}}
	for _, tt := range []struct {
		domain, class, competitor string
	}{
		{"acme.com", ClassOwned, ""},
		{"acme.io", ClassOwned, ""}, // the brand's before a competitor's
		{"globex.com", ClassCompetitorOwned, "c1"},
		{"wikipedia.org", "", ""},
		{"", "", ""}, // a competitor without domain owns nothing
	} {
		class, id := PageOwnership(tt.domain, brand, comps)
		if class != tt.class || id != tt.competitor {
			t.Errorf("%q: %q %q, want %q %q", tt.domain, class, id, tt.class, tt.competitor)
		}
	}
}

func TestRegenerateOptions_EvidenceWindow(t *testing.T) {
	now := time.Date(2026, 3, 10, 15, 30, 0, 0, time.UTC)
	def := DefaultWindow(now, RecommendationWindowDays)
	given := Window{Start: now.AddDate(0, 0, -7), End: now}
	tests := []struct {
		name string
		w    Window
		want Window
	}{
		{"NoWindow", Window{}, def},
		{"Given", given, given},
		{"EmptyWindow", Window{Start: now, End: now}, def},
		{"Reversed", Window{Start: now, End: now.AddDate(0, 0, -1)}, def},
		{"OnlyEnd", Window{End: now}, def},
	}
	for _, tt := range tests {
		if got := (RegenerateOptions{Window: tt.w}).EvidenceWindow(now); got != tt.want {
			t.Errorf("%s: EvidenceWindow = %v, want %v", tt.name, got, tt.want)
		}
	}
	if want := time.Date(2026, 2, 9, 0, 0, 0, 0, time.UTC); def.Start != want {
		t.Errorf("default window starts %v, want %v (30 whole days including today)", def.Start, want)
	}
}

func TestRankPromptCompetitors(t *testing.T) {
	tests := []struct {
		name string
		in   []PromptCompetitor
		want []string
	}{
		{"MostRunsFirst", []PromptCompetitor{{Name: "A", Runs: 1}, {Name: "B", Runs: 5}, {Name: "C", Runs: 3}}, []string{"B", "C", "A"}},
		{"TiesKeepOrder", []PromptCompetitor{{Name: "A", Runs: 2}, {Name: "B", Runs: 4}, {Name: "C", Runs: 2}, {Name: "D", Runs: 4}}, []string{"B", "D", "A", "C"}},
		{"None", nil, nil},
	}
	for _, tt := range tests {
		RankPromptCompetitors(tt.in)
		var got []string
		for _, c := range tt.in {
			got = append(got, c.Name)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: order %v, want %v", tt.name, got, tt.want)
		}
	}
}
