package webhook_test

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/secret"
	"github.com/sightline/sightline/internal/signal/signaltest"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
	"github.com/sightline/sightline/internal/webhook"
)

// clock is a test clock shared by the store and the dispatcher.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

func (c *clock) Add(d time.Duration) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
	return c.t
}

// verify checks a delivery the way a receiver following the Standard
// Webhooks specification does, written from the specification rather
// than from the package's signer: the signed content is
// "{webhook-id}.{webhook-timestamp}.{body}", the key is the base64 part of
// the whsec_ secret, each space-separated "v1,<base64 HMAC-SHA256>" in
// webhook-signature is a candidate, compared in constant time, and the
// timestamp must be within five minutes of now.
func verify(secretText string, h http.Header, body []byte, now time.Time) bool {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secretText, "whsec_"))
	if err != nil || !strings.HasPrefix(secretText, "whsec_") {
		return false
	}
	id, tsText := h.Get("webhook-id"), h.Get("webhook-timestamp")
	ts, err := strconv.ParseInt(tsText, 10, 64)
	if id == "" || err != nil || now.Sub(time.Unix(ts, 0)).Abs() > 5*time.Minute {
		return false
	}
	mac := hmac.New(sha256.New, key)
	io.WriteString(mac, id+"."+tsText+".")
	mac.Write(body)
	want := mac.Sum(nil)
	for _, sig := range strings.Fields(h.Get("webhook-signature")) {
		version, value, ok := strings.Cut(sig, ",")
		if !ok || version != "v1" {
			continue
		}
		got, err := base64.StdEncoding.DecodeString(value)
		if err == nil && hmac.Equal(got, want) {
			return true
		}
	}
	return false
}

// received is one request a receiver got.
type received struct {
	header http.Header
	body   []byte
}

// receiver is a local endpoint that answers with the statuses of script
// in turn (the last one once the script is spent) after an optional
// delay, and records what it got.
type receiver struct {
	*httptest.Server
	mu       sync.Mutex
	got      []received
	script   []int
	delay    time.Duration
	inFlight map[string]int // webhook-id → attempts in progress
	maxIn    int
}

func newReceiver(t *testing.T, tls bool, script ...int) *receiver {
	r := &receiver{script: script, inFlight: map[string]int{}}
	h := http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		id := req.Header.Get("webhook-id")
		r.mu.Lock()
		r.got = append(r.got, received{header: req.Header.Clone(), body: body})
		r.inFlight[id]++
		r.maxIn = max(r.maxIn, r.inFlight[id])
		status := 200
		if n := len(r.got); len(r.script) > 0 {
			status = r.script[min(n, len(r.script))-1]
		}
		delay := r.delay
		r.mu.Unlock()
		time.Sleep(delay)
		r.mu.Lock()
		r.inFlight[id]--
		r.mu.Unlock()
		w.WriteHeader(status)
		io.WriteString(w, strings.Repeat("x", 100<<10)) // more than is read
	})
	if tls {
		r.Server = httptest.NewTLSServer(h)
	} else {
		r.Server = httptest.NewServer(h)
	}
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) requests() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.got...)
}

// env is a store, a master key, an organization and a dispatcher that
// share a test clock.
type env struct {
	db    *sqlstore.DB
	clock *clock
	keys  webhook.Keys
	w     *signaltest.World
	disp  *webhook.Dispatcher
}

var t0 = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

func newEnv(t *testing.T, allowInsecure bool) *env {
	t.Helper()
	db := sqlstoretest.MustOpenDB(t)
	c := &clock{t: t0}
	db.Now = c.Now
	key := make([]byte, secret.KeySize)
	rand.Read(key)
	box, err := secret.New(key)
	if err != nil {
		t.Fatal(err)
	}
	w, err := signaltest.NewWorld(context.Background(), db, "Webhooks test")
	if err != nil {
		t.Fatal(err)
	}
	keys := webhook.Keys{Box: box}
	return &env{db: db, clock: c, keys: keys, w: w,
		disp: &webhook.Dispatcher{Store: db, Keys: keys, AllowInsecure: allowInsecure, Now: c.Now}}
}

// create stores an endpoint directly (the API would refuse some URLs the
// tests need) and returns it with its secret.
func (e *env) create(t *testing.T, url string, types ...string) (*sightline.Webhook, string) {
	t.Helper()
	var plain string
	w, err := e.db.CreateWebhook(context.Background(), sightline.WebhookCreate{OrgID: e.w.OrgID, URL: url, EventTypes: types, Enabled: true,
		Seal: func(id string) (*sightline.SealedSecret, error) {
			p, s, err := e.keys.New(e.w.OrgID, id)
			plain = p
			return s, err
		}})
	if err != nil {
		t.Fatalf("create webhook: %v", err)
	}
	return w, plain
}

func (e *env) ping(t *testing.T, webhookID string) *sightline.WebhookDelivery {
	t.Helper()
	d, err := e.db.PingWebhook(context.Background(), e.w.OrgID, webhookID)
	if err != nil {
		t.Fatalf("ping: %v", err)
	}
	return d
}

// runOnce attempts one due delivery and reports whether there was one.
func (e *env) runOnce(t *testing.T) bool {
	t.Helper()
	ran, err := e.disp.RunOnce(context.Background())
	if err != nil {
		t.Fatalf("dispatch: %v", err)
	}
	return ran
}

func (e *env) deliveries(t *testing.T, webhookID string) []*sightline.WebhookDelivery {
	t.Helper()
	list, _, err := e.db.FindWebhookDeliveries(context.Background(), e.w.OrgID, webhookID, sightline.DeliveryFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func (e *env) webhook(t *testing.T, id string) *sightline.Webhook {
	t.Helper()
	w, err := e.db.FindWebhook(context.Background(), e.w.OrgID, id)
	if err != nil {
		t.Fatal(err)
	}
	return w
}
