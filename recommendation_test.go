package sightline

import (
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
