package web_test

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
	"github.com/sightline/sightline/internal/secret"
	"github.com/sightline/sightline/internal/signal"
	"github.com/sightline/sightline/internal/signal/signaltest"
	"github.com/sightline/sightline/internal/web"
	"github.com/sightline/sightline/internal/webhook"
	"github.com/sightline/sightline/internal/worker"
)

var webhookSecretRE = regexp.MustCompile(`data-testid="webhook-secret">(whsec_[^<]+)<`)

// The webhooks page creates an endpoint with the API's validation and
// shows its secret once, edits its event types, disables and enables it,
// queues a test event whose delivery it lists, rotates the secret and
// deletes the endpoint. Without a master key it says why nothing can be
// created.
func TestWebhooks_Page(t *testing.T) {
	t.Parallel()
	box, err := secret.New(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	wakes := 0
	e := newEnv(t, func(s *web.Server) {
		s.Webhooks = web.WebhookConfig{Secrets: webhook.Keys{Box: box}, AllowInsecure: true, Wake: func() { wakes++ }}
	})
	a := e.client(t)
	a.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	_, body := a.get("/webhooks")
	if !strings.Contains(body, `data-testid="webhooks-empty"`) {
		t.Errorf("no empty state:\n%s", body)
	}
	resp, body := a.post("/webhooks", url.Values{"url": {"ftp://example.com"}, "event_types": {"visibility.dropped"}})
	wantStatus(t, resp, body, http.StatusUnprocessableEntity)
	if !strings.Contains(body, "<code>url</code>") {
		t.Errorf("a bad URL is refused without naming the field:\n%s", body)
	}
	resp, _ = a.post("/webhooks", url.Values{"url": {"http://127.0.0.1:9/hook"}, "description": {"Alerts"}, "event_types": {"visibility.dropped", "citation.lost"}})
	loc := wantRedirect(t, resp, "/webhooks/")
	_, body = a.get(loc)
	m := webhookSecretRE.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no secret shown after creation:\n%s", body)
	}
	if _, again := a.get(loc); strings.Contains(again, m[1]) {
		t.Error("the secret is shown a second time")
	}
	id := strings.TrimPrefix(loc, "/webhooks/")
	hook, err := e.db.FindWebhook(context.Background(), e.fix.OrgID, id)
	if err != nil || strings.Join(hook.EventTypes, ",") != "citation.lost,visibility.dropped" || hook.Description != "Alerts" {
		t.Fatalf("stored webhook = %+v, %v", hook, err)
	}

	resp, _ = a.post(loc+"/events", url.Values{"event_types": {"advertiser.new"}})
	wantRedirect(t, resp, loc)
	if h, _ := e.db.FindWebhook(context.Background(), e.fix.OrgID, id); strings.Join(h.EventTypes, ",") != "advertiser.new" {
		t.Errorf("event types after the edit: %v", h.EventTypes)
	}
	resp, _ = a.post(loc+"/test", nil)
	wantRedirect(t, resp, loc)
	if wakes != 1 {
		t.Errorf("the dispatcher was woken %d times, want 1", wakes)
	}
	_, body = a.get(loc)
	if !strings.Contains(body, `data-testid="delivery-row"`) || !strings.Contains(body, "<code>ping</code>") || !strings.Contains(body, `data-testid="delivery-status">pending<`) {
		t.Errorf("the test delivery is not listed:\n%s", body)
	}
	resp, _ = a.post(loc+"/enabled", url.Values{"enabled": {"false"}})
	wantRedirect(t, resp, loc)
	_, body = a.get(loc)
	if !strings.Contains(body, `data-testid="webhook-status" class="status status-revoked">disabled<`) {
		t.Errorf("not shown disabled:\n%s", body)
	}
	resp, _ = a.post(loc+"/test", nil)
	wantRedirect(t, resp, loc)
	if _, body := a.get(loc); !strings.Contains(flashOf(body), "disabled") {
		t.Errorf("a test of a disabled endpoint: flash %q", flashOf(body))
	}
	resp, _ = a.post(loc+"/enabled", url.Values{"enabled": {"true"}})
	wantRedirect(t, resp, loc)
	resp, _ = a.post(loc+"/rotate", nil)
	wantRedirect(t, resp, loc)
	_, body = a.get(loc)
	if m2 := webhookSecretRE.FindStringSubmatch(body); m2 == nil || m2[1] == m[1] {
		t.Errorf("rotation shows no new secret:\n%s", body)
	}
	resp, _ = a.post(loc+"/delete", nil)
	wantRedirect(t, resp, "/webhooks")
	if _, err := e.db.FindWebhook(context.Background(), e.fix.OrgID, id); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("after delete: %v", err)
	}

	// Without a master key.
	k := newEnv(t)
	c := k.client(t)
	c.mustSignIn(k.fix.DashboardUser.Email, k.fix.DashboardUser.Password)
	if _, body := c.get("/webhooks"); !strings.Contains(body, `data-testid="webhooks-no-key"`) {
		t.Errorf("no master key, and the page does not say so:\n%s", body)
	}
	resp, body = c.post("/webhooks", url.Values{"url": {"https://hooks.example.com/x"}, "event_types": {"visibility.dropped"}})
	wantStatus(t, resp, body, http.StatusConflict)
}

// The signals page lists a brand's signals with the numbers GET
// …/signals serves, and its counts link to the runs page with the /runs
// filters that select exactly the runs counted.
func TestSignals_Page(t *testing.T) {
	t.Parallel()
	e := openEnv(t)
	ctx := context.Background()
	clockNow := time.Now().UTC()
	e.clock.Set(clockNow)
	w, err := signaltest.NewWorld(ctx, e.db, "Acme Inc.")
	if err != nil {
		t.Fatal(err)
	}
	spec := signaltest.Spec{BrandID: w.BrandID, Brand: w.Brand, Prompts: w.Prompts, Providers: []string{"grok"},
		End: sightline.EndOfDay(clockNow).AddDate(0, 0, -1), Days: 29, Runs: 5,
		Named: func(c signaltest.Cell) float64 {
			if c.Day == 1 {
				return 0.2
			}
			return 0.6
		}}
	if _, err := ingest.New(e.db).Ingest(ctx, bytes.NewReader(signaltest.JSONL(signaltest.Records(spec))), ingest.Options{}); err != nil {
		t.Fatal(err)
	}
	det := &signal.Detector{Store: e.db}
	if err := worker.New(e.db, worker.Config{Handlers: map[string]worker.Handler{sightline.JobKindSignals: det.RunJob}}).Drain(ctx); err != nil {
		t.Fatal(err)
	}
	e.addUser(t, w.OrgID, "ann@acme.example")
	e.serve(t)
	c := e.client(t)
	c.mustSignIn("ann@acme.example", "correct horse battery staple")

	sigs, total, err := e.db.FindSignals(ctx, w.OrgID, w.BrandID, sightline.SignalFilter{Window: sightline.DefaultWindow(clockNow, 30),
		PageRequest: sightline.PageRequest{Page: 1, PageSize: 20}, Sort: sightline.DefaultSignalSort})
	if err != nil || total == 0 {
		t.Fatalf("FindSignals = %d, %v; the seed should open a signal", total, err)
	}
	var drop *sightline.Signal
	for _, s := range sigs {
		if s.Type == sightline.SignalVisibilityDropped && s.Dimension.Kind == sightline.DimensionProvider {
			drop = s
		}
	}
	if drop == nil {
		t.Fatalf("no provider visibility drop among %d signals", len(sigs))
	}
	resp, body := c.get("/brands/" + w.BrandID + "/signals")
	wantStatus(t, resp, body, http.StatusOK)
	if got := strings.Count(body, `data-testid="signal"`); got != total {
		t.Errorf("the page lists %d signals, the store %d", got, total)
	}
	i := strings.Index(body, `data-signal-id="`+drop.ID+`"`)
	if i < 0 {
		t.Fatalf("the drop is not on the page:\n%s", body)
	}
	card := body[i:]
	if j := strings.Index(card[1:], `data-testid="signal"`); j > 0 {
		card = card[:j]
	}
	n := drop.Numbers
	for _, want := range []string{
		`data-testid="signal-before-rate">` + oneDec(n.Before.Rate) + ` %<`,
		`data-testid="signal-after-rate">` + oneDec(n.After.Rate) + ` %<`,
		`data-testid="signal-change">−` + oneDec(-n.Change) + ` pts<`,
	} {
		if !strings.Contains(card, want) {
			t.Errorf("the drop's card lacks %s:\n%s", want, card)
		}
	}
	hits := regexp.MustCompile(`href="([^"]+)" data-testid="signal-after-hits">(\d+)<`).FindStringSubmatch(card)
	if hits == nil {
		t.Fatalf("no link behind the after count:\n%s", card)
	}
	u, _ := url.Parse(strings.ReplaceAll(hits[1], "&amp;", "&"))
	q := u.Query()
	if u.Path != "/brands/"+w.BrandID+"/runs" || q.Get("provider") != drop.Dimension.ID || q.Get("mentions") != w.BrandID {
		t.Fatalf("after-count link %s", u)
	}
	// The link's filters, read as GET …/runs reads them, select exactly
	// the runs counted, and the answers page lists that many.
	start, _ := time.Parse(time.DateOnly, q.Get("start"))
	end, _ := time.Parse(time.DateOnly, q.Get("end"))
	_, runs, err := e.db.FindRuns(ctx, w.OrgID, sightline.RunFilter{
		Scope:       sightline.Scope{BrandID: w.BrandID, Window: sightline.Window{Start: start, End: end.AddDate(0, 0, 1)}, ProviderIDs: []string{drop.Dimension.ID}},
		PageRequest: sightline.PageRequest{Page: 1, PageSize: 1}, Mentions: []string{w.BrandID}, Status: sightline.RunOK})
	if err != nil || hits[2] != itoa(runs) || runs != n.After.Successes {
		t.Errorf("the link selects %d runs (%v); the page shows %s, the signal counts %d", runs, err, hits[2], n.After.Successes)
	}
	resp, body = c.get(u.String())
	wantStatus(t, resp, body, http.StatusOK)
	if !strings.Contains(body, `data-testid="runs-total">`+itoa(n.After.Successes)+`<`) {
		t.Errorf("the answers page behind the after count (%d) lists another number:\n%s", n.After.Successes, body)
	}
	if _, body := c.get("/brands/" + w.BrandID + "/signals?status=closed"); !strings.Contains(body, `data-testid="signals-empty"`) {
		t.Errorf("closed signals: no empty state:\n%s", body)
	}
	if resp, body := c.get("/brands/" + w.BrandID + "/signals?status=shut"); resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "status") {
		t.Errorf("a bad status = %d:\n%.300s", resp.StatusCode, body)
	}
}

func oneDec(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

func itoa(n int) string { return strconv.Itoa(n) }
