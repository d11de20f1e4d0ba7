package webhook_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
	"github.com/sightline/sightline/internal/signal"
	"github.com/sightline/sightline/internal/signal/signaltest"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
	"github.com/sightline/sightline/internal/webhook"
	"github.com/sightline/sightline/internal/worker"
)

// A receiver answering 500 three times sees the same event four times,
// each signed (verified from the specification) with the attempt's
// timestamp, at delays growing along the schedule (5 s, 5 min, 30 min), and
// nothing before each is due; the delivery shows every attempt.
func TestDelivery_RetriesWithGrowingDelays(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	rec := newReceiver(t, false, 500, 500, 500, 200)
	hook, secretText := e.create(t, rec.URL+"/hook", sightline.SignalVisibilityDropped)
	d := e.ping(t, hook.ID)

	var sent []time.Time
	for i, wait := range []time.Duration{0, 5 * time.Second, 5 * time.Minute, 30 * time.Minute} {
		if wait > time.Second {
			e.clock.Add(wait - time.Second)
			if e.runOnce(t) {
				t.Fatalf("attempt %d was made a second before it was due", i+1)
			}
			e.clock.Add(time.Second)
		}
		if !e.runOnce(t) {
			t.Fatalf("attempt %d was not made when due", i+1)
		}
		sent = append(sent, e.clock.Now())
	}
	if e.runOnce(t) {
		t.Error("an attempt after the success")
	}
	got := rec.requests()
	if len(got) != 4 {
		t.Fatalf("receiver got %d requests, want 4", len(got))
	}
	for i, r := range got {
		if !verify(secretText, r.header, r.body, sent[i]) {
			t.Errorf("attempt %d does not verify: %v", i+1, r.header)
		}
		if r.header.Get("webhook-id") != d.EventID {
			t.Errorf("attempt %d: webhook-id %s, want the event's %s on every attempt", i+1, r.header.Get("webhook-id"), d.EventID)
		}
		if ts := r.header.Get("webhook-timestamp"); ts != strconv.FormatInt(sent[i].Unix(), 10) {
			t.Errorf("attempt %d: webhook-timestamp %s, want the attempt's time %d", i+1, ts, sent[i].Unix())
		}
		if !bytes.Equal(r.body, got[0].body) {
			t.Error("the body changed between attempts")
		}
	}
	var delays []time.Duration
	for i := 1; i < len(sent); i++ {
		delays = append(delays, sent[i].Sub(sent[i-1]))
	}
	if !slices.Equal(delays, []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute}) {
		t.Errorf("delays %v", delays)
	}
	var body struct {
		Type      string             `json:"type"`
		Timestamp time.Time          `json:"timestamp"`
		Data      sightline.PingData `json:"data"`
	}
	if err := json.Unmarshal(got[0].body, &body); err != nil || body.Type != "ping" || body.Data.WebhookID != hook.ID || !body.Timestamp.Equal(t0) {
		t.Errorf("body %s (%v)", got[0].body, err)
	}
	list := e.deliveries(t, hook.ID)
	if len(list) != 1 {
		t.Fatalf("deliveries %+v", list)
	}
	dl := list[0]
	var codes []int
	for _, a := range dl.Attempts {
		codes = append(codes, *a.StatusCode)
		if a.LatencyMS < 0 || a.Error != nil {
			t.Errorf("attempt %+v", a)
		}
	}
	if dl.Status != sightline.DeliverySucceeded || dl.AttemptCount != 4 || !slices.Equal(codes, []int{500, 500, 500, 200}) ||
		dl.DeliveredAt == nil || !dl.DeliveredAt.Equal(sent[3]) || dl.NextAttemptAt != nil || *dl.LastStatusCode != 200 {
		t.Errorf("delivery %+v, codes %v", dl, codes)
	}
	if h := e.webhook(t, hook.ID); h.FailingSince != nil || !h.Enabled {
		t.Errorf("endpoint after a success: %+v", h)
	}
}

// A delivery that always fails is attempted once plus once after each
// delay of the schedule, then fails for good; a manual retry makes one
// more attempt.
func TestDelivery_GivesUpAfterTheSchedule(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	rec := newReceiver(t, false, 503)
	hook, _ := e.create(t, rec.URL, sightline.SignalCitationLost)
	d := e.ping(t, hook.ID)
	if !e.runOnce(t) {
		t.Fatal("no first attempt")
	}
	for _, delay := range sightline.WebhookRetrySchedule {
		e.clock.Add(delay)
		if !e.runOnce(t) {
			t.Fatalf("no attempt %s later", delay)
		}
	}
	e.clock.Add(48 * time.Hour)
	if e.runOnce(t) {
		t.Error("an attempt after the schedule was spent")
	}
	list := e.deliveries(t, hook.ID)
	if n := len(rec.requests()); n != sightline.WebhookAttempts || list[0].Status != sightline.DeliveryFailed || list[0].AttemptCount != 7 || list[0].NextAttemptAt != nil {
		t.Fatalf("%d requests; delivery %+v", n, list[0])
	}
	if h := e.webhook(t, hook.ID); h.FailingSince == nil || !h.FailingSince.Equal(t0) || !h.Enabled {
		t.Errorf("endpoint: %+v", h)
	}
	retried, err := e.db.RetryWebhookDelivery(context.Background(), e.w.OrgID, hook.ID, d.ID)
	if err != nil || retried.Status != sightline.DeliveryPending {
		t.Fatalf("retry: %v %+v", err, retried)
	}
	if _, err := e.db.RetryWebhookDelivery(context.Background(), e.w.OrgID, hook.ID, d.ID); sightline.ErrorCode(err) != sightline.ECONFLICT {
		t.Errorf("retrying a pending delivery: %v", err)
	}
	e.runOnce(t)
	e.clock.Add(time.Hour)
	if e.runOnce(t) {
		t.Error("a manual retry made more than one attempt")
	}
	if list := e.deliveries(t, hook.ID); list[0].Status != sightline.DeliveryFailed || len(list[0].Attempts) != 8 {
		t.Errorf("after the manual retry: %+v", list[0])
	}
}

// An endpoint failing for five days is disabled with a reason, and its
// pending deliveries fail; one answering 410 Gone at once.
func TestDelivery_DisablesFailingEndpoints(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	rec := newReceiver(t, false, 500)
	hook, _ := e.create(t, rec.URL, sightline.SignalCitationLost)
	e.ping(t, hook.ID)
	e.runOnce(t)
	e.clock.Add(5*24*time.Hour - time.Minute)
	e.ping(t, hook.ID)
	for e.runOnce(t) {
	}
	if h := e.webhook(t, hook.ID); !h.Enabled {
		t.Fatalf("disabled before five days: %+v", h)
	}
	e.clock.Add(time.Minute)
	e.ping(t, hook.ID)
	e.ping(t, hook.ID)
	e.runOnce(t)
	h := e.webhook(t, hook.ID)
	if h.Enabled || h.DisabledReason == nil || !strings.Contains(*h.DisabledReason, "5 days") || h.DisabledAt == nil {
		t.Fatalf("after five days of failures: %+v", h)
	}
	for _, d := range e.deliveries(t, hook.ID) {
		if d.Status == sightline.DeliveryPending {
			t.Errorf("a delivery of the disabled endpoint is still pending: %+v", d)
		}
	}
	before := len(rec.requests())
	e.clock.Add(24 * time.Hour)
	if e.runOnce(t) || len(rec.requests()) != before {
		t.Error("a disabled endpoint was attempted")
	}
	if _, err := e.db.PingWebhook(context.Background(), e.w.OrgID, hook.ID); sightline.ErrorCode(err) != sightline.ECONFLICT {
		t.Errorf("ping of a disabled endpoint: %v", err)
	}
	enabled := true
	if h, err := e.db.UpdateWebhook(context.Background(), e.w.OrgID, hook.ID, sightline.WebhookInput{Enabled: &enabled}); err != nil ||
		!h.Enabled || h.DisabledReason != nil || h.FailingSince != nil {
		t.Errorf("enable again: %v %+v", err, h)
	}

	gone := newReceiver(t, false, 410)
	hook2, _ := e.create(t, gone.URL, sightline.SignalCitationLost)
	e.ping(t, hook2.ID)
	e.runOnce(t)
	if h := e.webhook(t, hook2.ID); h.Enabled || h.DisabledReason == nil || !strings.Contains(*h.DisabledReason, "410") {
		t.Errorf("after 410 Gone: %+v", h)
	}
}

// Without --allow-insecure-webhooks, endpoints that are or resolve to
// private addresses are refused after DNS resolution: the receiver sees
// nothing and the attempt says why. http is refused before connecting.
func TestDelivery_RefusesPrivateAddresses(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	rec := newReceiver(t, true)
	port := rec.URL[strings.LastIndex(rec.URL, ":")+1:]
	var ids []string
	for _, u := range []string{"https://127.0.0.1:" + port + "/hook", "https://localhost:" + port + "/hook", "http://127.0.0.1:" + port + "/hook"} {
		hook, _ := e.create(t, u, sightline.SignalCitationLost)
		ids = append(ids, hook.ID)
		e.ping(t, hook.ID)
		if !e.runOnce(t) {
			t.Fatalf("%s: nothing attempted", u)
		}
		d := e.deliveries(t, hook.ID)[0]
		if len(d.Attempts) != 1 || d.Attempts[0].StatusCode != nil || d.Attempts[0].Error == nil {
			t.Fatalf("%s: %+v", u, d)
		}
		msg := *d.Attempts[0].Error
		want := "not a public address"
		if strings.HasPrefix(u, "http:") {
			want = "must use https"
		}
		if !strings.Contains(msg, want) {
			t.Errorf("%s: error %q does not say %q", u, msg, want)
		}
		if d.Status != sightline.DeliveryPending || d.NextAttemptAt == nil {
			t.Errorf("%s: a refused attempt is retried like any failure: %+v", u, d)
		}
	}
	if n := len(rec.requests()); n != 0 {
		t.Errorf("the private receiver got %d requests", n)
	}
	// With the flag the first endpoint is delivered (the client trusts the
	// receiver's certificate, issued for 127.0.0.1).
	e.disp = &webhook.Dispatcher{Store: e.db, Keys: e.keys, AllowInsecure: true, Now: e.clock.Now, Client: rec.Client()}
	e.clock.Add(time.Minute)
	for e.runOnce(t) {
	}
	if d := e.deliveries(t, ids[0])[0]; d.Status != sightline.DeliverySucceeded || len(rec.requests()) == 0 {
		t.Errorf("with the flag: %+v", d)
	}
}

// After a rotation both secrets sign for 24 hours, then only the new one.
func TestDelivery_SecretRotation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	rec := newReceiver(t, false)
	hook, old := e.create(t, rec.URL, sightline.SignalCitationLost)
	var fresh string
	rotated, err := e.db.RotateWebhookSecret(context.Background(), e.w.OrgID, hook.ID, func(id string) (*sightline.SealedSecret, error) {
		p, s, err := e.keys.New(e.w.OrgID, id)
		fresh = p
		return s, err
	}, sightline.WebhookSecretOverlap)
	if err != nil || rotated.PreviousSecretExpiresAt == nil || !rotated.PreviousSecretExpiresAt.Equal(t0.Add(24*time.Hour)) {
		t.Fatalf("rotate: %v %+v", err, rotated)
	}
	e.ping(t, hook.ID)
	e.runOnce(t)
	r := rec.requests()[0]
	if len(strings.Fields(r.header.Get("webhook-signature"))) != 2 || !verify(old, r.header, r.body, t0) || !verify(fresh, r.header, r.body, t0) {
		t.Errorf("during the overlap: %s", r.header.Get("webhook-signature"))
	}
	now := e.clock.Add(24*time.Hour + time.Second)
	e.ping(t, hook.ID)
	e.runOnce(t)
	r = rec.requests()[1]
	if len(strings.Fields(r.header.Get("webhook-signature"))) != 1 || verify(old, r.header, r.body, now) || !verify(fresh, r.header, r.body, now) {
		t.Errorf("after the overlap: %s", r.header.Get("webhook-signature"))
	}
	if h := e.webhook(t, hook.ID); h.PreviousSecretExpiresAt != nil {
		t.Errorf("the expired previous secret is still shown: %+v", h)
	}
}

// A claimed delivery cannot be claimed again while its lease lives; once
// it expired (the worker died) it can, and the first claim's outcome is
// refused.
func TestDelivery_ClaimProtocol(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	hook, _ := e.create(t, "http://127.0.0.1:1/hook", sightline.SignalCitationLost)
	e.ping(t, hook.ID)
	ctx := context.Background()
	first, err := e.db.ClaimWebhookDelivery(ctx, sightline.JobClaim{WorkerID: "a", Lease: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.ClaimWebhookDelivery(ctx, sightline.JobClaim{WorkerID: "b", Lease: 30 * time.Second}); !errors.Is(err, sightline.ErrNoJob) {
		t.Fatalf("second claim during the lease: %v", err)
	}
	e.clock.Add(31 * time.Second)
	second, err := e.db.ClaimWebhookDelivery(ctx, sightline.JobClaim{WorkerID: "b", Lease: 30 * time.Second})
	if err != nil || second.ID != first.ID || second.Token == first.Token {
		t.Fatalf("claim after the lease: %v %+v", err, second)
	}
	code := 200
	if err := e.db.RecordWebhookAttempt(ctx, first, sightline.DeliveryResult{StartedAt: e.clock.Now(), StatusCode: &code, Succeeded: true}); !errors.Is(err, sightline.ErrJobLost) {
		t.Errorf("the expired claim recorded its outcome: %v", err)
	}
	if err := e.db.RecordWebhookAttempt(ctx, second, sightline.DeliveryResult{StartedAt: e.clock.Now(), StatusCode: &code, Succeeded: true}); err != nil {
		t.Errorf("record: %v", err)
	}
	if d := e.deliveries(t, hook.ID)[0]; d.Status != sightline.DeliverySucceeded || len(d.Attempts) != 1 {
		t.Errorf("delivery %+v", d)
	}
}

// Two dispatchers on two connections to one database (two replicas)
// deliver every event exactly once, with never two attempts of one event
// in flight.
func TestDelivery_TwoWorkersOneDeliveryPerEvent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dsn := sqlstoretest.NewDSN(t)
	open := func() *sqlstore.DB {
		db, err := sqlstore.Open(ctx, dsn, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		if _, err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		return db
	}
	db1, db2 := open(), open()
	e := newEnv(t, true)
	e.db = db1
	w, err := signaltest.NewWorld(ctx, db1, "Replicas")
	if err != nil {
		t.Fatal(err)
	}
	e.w = w
	rec := newReceiver(t, false)
	rec.delay = 20 * time.Millisecond
	hooks := make([]*sightline.Webhook, 2)
	for i := range hooks {
		hooks[i], _ = e.create(t, fmt.Sprintf("%s/hook%d", rec.URL, i), sightline.SignalCitationLost)
	}
	const events = 30
	for i := range events {
		e.ping(t, hooks[i%2].ID)
	}
	var ds []*webhook.Dispatcher
	sent := make([]atomic.Int64, 2) // requests each replica sent
	for i, db := range []*sqlstore.DB{db1, db2} {
		client := webhook.NewClient(true)
		client.Transport = countingTransport{client.Transport, &sent[i]}
		d := &webhook.Dispatcher{Store: db, Keys: e.keys, AllowInsecure: true, ID: fmt.Sprintf("replica-%d", i), Concurrency: 4,
			Poll: 10 * time.Millisecond, Client: client}
		d.Start()
		ds = append(ds, d)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		pending := 0
		for _, h := range hooks {
			for _, d := range e.deliveries(t, h.ID) {
				if d.Status != sightline.DeliverySucceeded {
					pending++
				}
			}
		}
		if pending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d deliveries not done after a minute", pending)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var wg sync.WaitGroup
	for _, d := range ds {
		wg.Add(1)
		go func() { defer wg.Done(); d.Shutdown(ctx) }()
	}
	wg.Wait()
	seen := map[string]int{}
	for _, r := range rec.requests() {
		seen[r.header.Get("webhook-id")+" "+r.header.Get("User-Agent")]++
	}
	if len(seen) != events {
		t.Errorf("the receiver saw %d distinct events, want %d", len(seen), events)
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("event %s delivered %d times", id, n)
		}
	}
	if rec.maxIn != 1 {
		t.Errorf("%d attempts of one event were in flight at once", rec.maxIn)
	}
	if sent[0].Load() == 0 || sent[1].Load() == 0 || sent[0].Load()+sent[1].Load() != events {
		t.Errorf("the replicas sent %d and %d requests; want both to share the %d events", sent[0].Load(), sent[1].Load(), events)
	}
}

// countingTransport counts the requests it sends.
type countingTransport struct {
	base http.RoundTripper
	n    *atomic.Int64
}

func (c countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return c.base.RoundTrip(r)
}

// A planted drop, detected after ingest, reaches an endpoint subscribed to
// visibility.dropped as a signed event whose data is the signal; an
// endpoint subscribed to other types gets nothing; recovery sends the
// closed signal.
func TestDelivery_SignalEvents(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	rec := newReceiver(t, false)
	other := newReceiver(t, false)
	hook, secretText := e.create(t, rec.URL, sightline.SignalVisibilityDropped, sightline.SignalVisibilityRose)
	e.create(t, other.URL, sightline.SignalCitationLost)
	end := t0.Truncate(24 * time.Hour)
	spec := signaltest.Spec{BrandID: e.w.BrandID, Brand: e.w.Brand, Prompts: e.w.Prompts,
		Providers: []string{"chatgpt", "claude", "copilot", "gemini", "perplexity"},
		End:       end, Days: 30, Runs: 5, Named: func(c signaltest.Cell) float64 {
			if c.Provider == "claude" && c.Day == 1 {
				return 0.2
			}
			return 0.6
		}}
	det := &signal.Detector{Store: e.db, Now: e.clock.Now}
	run := func(records []sightline.RunRecord) {
		t.Helper()
		if _, err := ingest.New(e.db).Ingest(context.Background(), bytes.NewReader(signaltest.JSONL(records)), ingest.Options{}); err != nil {
			t.Fatal(err)
		}
		w := worker.New(e.db, worker.Config{Handlers: map[string]worker.Handler{sightline.JobKindSignals: det.RunJob}})
		if err := w.Drain(context.Background()); err != nil {
			t.Fatal(err)
		}
		for e.runOnce(t) {
		}
	}
	run(signaltest.Records(spec))
	got := rec.requests()
	if len(got) != 1 || len(other.requests()) != 0 {
		t.Fatalf("subscribed receiver got %d, other %d; want 1 and 0", len(got), len(other.requests()))
	}
	if !verify(secretText, got[0].header, got[0].body, e.clock.Now()) {
		t.Error("the event does not verify")
	}
	var ev struct {
		Type      string           `json:"type"`
		Timestamp time.Time        `json:"timestamp"`
		Data      sightline.Signal `json:"data"`
	}
	if err := json.Unmarshal(got[0].body, &ev); err != nil {
		t.Fatal(err)
	}
	list, _, err := e.db.FindSignals(context.Background(), e.w.OrgID, e.w.BrandID, sightline.SignalFilter{
		Window: sightline.Window{End: end.AddDate(1, 0, 0)}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	if err != nil || len(list) == 0 {
		t.Fatalf("signals: %v", err)
	}
	var claude *sightline.Signal
	for _, s := range list {
		if s.Dimension.Name == "Claude" {
			claude = s
		}
	}
	if ev.Type != sightline.SignalVisibilityDropped || claude == nil || ev.Data.ID != claude.ID || ev.Data.Status != "open" ||
		!ev.Timestamp.Equal(claude.OpenedAt) || ev.Data.Numbers.After.Successes != 8 || ev.Data.Numbers.After.Trials != 40 {
		t.Errorf("event %s %+v; signal %+v", ev.Type, ev.Data, claude)
	}
	// Ten days later at 60 %: closed, and announced.
	e.clock.Set(t0.AddDate(0, 0, 10))
	later := spec
	later.End, later.Days, later.Seed = end.AddDate(0, 0, 10), 10, "later"
	later.Named = func(signaltest.Cell) float64 { return 0.6 }
	run(signaltest.Records(later))
	got = rec.requests()
	if len(got) != 2 {
		t.Fatalf("after recovery the receiver got %d events, want 2", len(got))
	}
	if err := json.Unmarshal(got[1].body, &ev); err != nil || ev.Data.ID != claude.ID || ev.Data.Status != "closed" || ev.Data.ClosedAt == nil {
		t.Errorf("closing event %s (%v)", got[1].body, err)
	}
	if n := len(e.deliveries(t, hook.ID)); n != 2 {
		t.Errorf("%d deliveries, want 2", n)
	}
}

// An attempt that cannot connect records why, without the URL's query (it
// may hold the receiver's token), and is retried on schedule.
func TestDelivery_ConnectionErrorHidesTheQuery(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	hook, _ := e.create(t, "http://127.0.0.1:1/hook?token=s3cret-receiver-token", sightline.SignalCitationLost)
	e.ping(t, hook.ID)
	e.runOnce(t)
	d := e.deliveries(t, hook.ID)[0]
	if len(d.Attempts) != 1 || d.Attempts[0].Error == nil || d.Attempts[0].StatusCode != nil {
		t.Fatalf("delivery %+v", d)
	}
	if msg := *d.Attempts[0].Error; strings.Contains(msg, "s3cret") || !strings.Contains(msg, "refused") {
		t.Errorf("error %q", msg)
	}
	if d.Status != sightline.DeliveryPending || d.NextAttemptAt == nil || !d.NextAttemptAt.Equal(t0.Add(5*time.Second)) {
		t.Errorf("not rescheduled 5 s later: %+v", d)
	}
}

// A site that starts refusing an operator's verified crawlers raises
// crawler.blocked, posted to the endpoint subscribed to it: visits stored
// through the store queue detection as runs do.
func TestDelivery_CrawlerBlocked(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	rec := newReceiver(t, false)
	e.create(t, rec.URL, sightline.SignalCrawlerBlocked)
	end := t0.Truncate(24 * time.Hour)
	var visits []sightline.AgentVisit
	for day := 1; day <= 35; day++ { // 40 verified visits a day; the last 3 days refused
		for i := range 40 {
			status := 200
			if day <= 3 {
				status = 403
			}
			visits = append(visits, sightline.AgentVisit{Key: fmt.Sprintf("v%d-%d", day, i), At: end.AddDate(0, 0, -day).Add(time.Duration(i) * time.Minute),
				Host: "acme.example", Page: "/", URL: "https://acme.example", Method: "GET", Status: status, Agent: "GPTBot",
				Operator: "openai", Purpose: "training", Verification: "verified", Network: "192.0.2.0/24"})
		}
	}
	if _, err := e.db.StoreAgentLog(context.Background(), e.w.OrgID, e.w.BrandID, visits, nil); err != nil {
		t.Fatal(err)
	}
	det := &signal.Detector{Store: e.db, Now: e.clock.Now}
	w := worker.New(e.db, worker.Config{Handlers: map[string]worker.Handler{sightline.JobKindSignals: det.RunJob}})
	if err := w.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
	for e.runOnce(t) {
	}
	got := rec.requests()
	if len(got) != 1 {
		t.Fatalf("the receiver got %d events, want 1", len(got))
	}
	var ev struct {
		Type string           `json:"type"`
		Data sightline.Signal `json:"data"`
	}
	if err := json.Unmarshal(got[0].body, &ev); err != nil {
		t.Fatal(err)
	}
	// the day: 40 of 40 refused against 80 of 1,120; the week: 120 of 280
	// is not most, so the day's numbers
	if n := ev.Data.Numbers; ev.Type != sightline.SignalCrawlerBlocked || ev.Data.Dimension.Kind != sightline.DimensionOperator ||
		ev.Data.Dimension.ID != "openai" || n.Window != "day" || n.After.Successes != 40 || n.After.Trials != 40 ||
		n.Before.Successes != 80 || n.Before.Trials != 1120 || len(ev.Data.Evidence.Pages) != 1 {
		t.Errorf("event %s %+v", ev.Type, ev.Data)
	}
}
