package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// Six failed attempts in the last slot put a banner on the brand's pages
// for admins (more than half failed, docs/dashboard.md#collection-health),
// and the set-up page counts them by reason; a member sees neither.
func TestCollectionHealth_Page(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	brand := "/brands/" + e.fix.BrandID
	admin := e.client(t)
	admin.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	memberEmail, memberPW := e.addUser(t, e.fix.OrgID, "nina.park@taskloom.com")
	member := e.client(t)
	member.mustSignIn(memberEmail, memberPW)

	_, body := admin.get(brand)
	if strings.Contains(body, `data-testid="collection-failing"`) {
		t.Fatal("a banner before any attempt")
	}
	_, body = admin.get(brand + "/setup")
	if !strings.Contains(body, `data-testid="health-empty"`) || !strings.Contains(body, `data-testid="health-spent">$0.0000<`) {
		t.Errorf("the set-up page's health before any attempt:\n%s", body)
	}

	prompts, err := e.db.CreatePrompts(ctx, e.fix.OrgID, e.fix.BrandID, []sightline.PromptCreate{{Text: "Best project tool?"}})
	if err != nil {
		t.Fatal(err)
	}
	slot := now.UTC().Truncate(24 * time.Hour)
	for i, reason := range []string{"server_error", "no_key", "server_error", "server_error", "no_key", "server_error"} {
		at := slot.Add(time.Duration(i) * time.Minute)
		msg := "the provider said no"
		a := &sightline.CollectionAttempt{OrgID: e.fix.OrgID, BrandID: e.fix.BrandID, PromptID: prompts[0].ID, Provider: "chatgpt", Region: "us",
			Slot: slot, Sample: i + 1, Status: sightline.AttemptFailed, ReasonCode: &reason, Reason: &msg, Tries: 3, StartedAt: at, FinishedAt: at}
		if err := e.db.RecordCollectionAttempt(ctx, a, nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, page := range []string{"", "/citations", "/runs", "/prompts", "/setup"} {
		resp, body := admin.get(brand + page)
		wantStatus(t, resp, body, http.StatusOK)
		if !strings.Contains(body, `data-testid="collection-failing"`) || !strings.Contains(body, "6 of the 6 attempts") ||
			!strings.Contains(body, "server_error 4, no_key 2") {
			t.Errorf("%s: no banner for a slot whose 6 attempts failed:\n%.2000s", brand+page, body)
		}
		_, body = member.get(brand + page)
		if strings.Contains(body, `data-testid="collection-failing"`) || strings.Contains(body, `data-testid="collection-health"`) {
			t.Errorf("%s: a member is shown the collection health", brand+page)
		}
	}
	_, body = admin.get(brand + "/setup")
	for _, want := range []string{`data-testid="health-failed">6<`, `data-testid="health-attempts">6<`,
		`data-testid="health-reasons">server_error 4, no_key 2<`, "the provider said no"} {
		if !strings.Contains(body, want) {
			t.Errorf("the set-up page's health lacks %s", want)
		}
	}
	if n := strings.Count(body, `data-testid="health-attempt"`); n != 6 {
		t.Errorf("%d last attempts listed, want 6", n)
	}
	// the banner's link lists the failed attempts
	resp, body := admin.get(brand + "/runs?status=failed")
	wantStatus(t, resp, body, http.StatusOK)
	if got := runsTotal(t, body); got != 6 {
		t.Errorf("the failed attempts page lists %d, want 6", got)
	}
}
