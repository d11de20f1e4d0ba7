package httpapi_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// countingStore counts the key lookups that reach the database.
type countingStore struct {
	*sqlstore.DB
	lookups atomic.Int32
}

func (c *countingStore) Authenticate(ctx context.Context, secret string) (*sightline.Principal, error) {
	c.lookups.Add(1)
	return c.DB.Authenticate(ctx, secret)
}

// throttleEnv is a server over a fresh database with one valid key.
type throttleEnv struct {
	url   string
	store *countingStore
	key   string
}

func newThrottleEnv(t *testing.T, trustProxy bool) *throttleEnv {
	t.Helper()
	db := sqlstoretest.MustOpenDB(t)
	ctx := context.Background()
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme Inc."})
	if err != nil {
		t.Fatal(err)
	}
	_, key, err := db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: org.ID, UserEmail: "a@acme.com", Name: "k"})
	if err != nil {
		t.Fatal(err)
	}
	store := &countingStore{DB: db}
	srv := &httpapi.Server{Store: store, TrustProxyHeaders: trustProxy}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &throttleEnv{url: ts.URL, store: store, key: key}
}

// get sends GET /api/v2/brands with key from the local address from (a
// loopback address: Linux routes all of 127.0.0.0/8 to the loopback
// device) and the given extra headers.
func (e *throttleEnv) get(t *testing.T, from, key string, headers ...string) response {
	t.Helper()
	req, err := http.NewRequest("GET", e.url+"/api/v2/brands", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set(httpapi.APIKeyHeader, key)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext, DisableKeepAlives: true}}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("GET from %s: %v", from, err)
	}
	defer resp.Body.Close()
	var body [4096]byte
	n, _ := resp.Body.Read(body[:])
	return response{status: resp.StatusCode, header: resp.Header, body: body[:n]}
}

// badKey is well formed, so that the store looks it up, and unknown.
var badKey = sightline.APIKeyPrefix + strings.Repeat("A", 43)

// fail60 sends 60 wrong keys from one address: all answered 401.
func (e *throttleEnv) fail60(t *testing.T, from string, headers ...string) {
	t.Helper()
	for i := range httpapi.DefaultAuthFailureLimit {
		if r := e.get(t, from, badKey, headers...); r.status != http.StatusUnauthorized {
			t.Fatalf("wrong key %d: %d, want 401; body %s", i+1, r.status, r.body)
		}
	}
}

// wantThrottled asserts a 429 RATE_LIMITED with a Retry-After of at most
// a minute.
func wantThrottled(t *testing.T, r response) {
	t.Helper()
	wantError(t, r, http.StatusTooManyRequests, "RATE_LIMITED")
	if s, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || s < 1 || s > 60 {
		t.Errorf("Retry-After = %q, want 1 to 60 seconds", r.header.Get("Retry-After"))
	}
}

// TestAuthThrottle_PerPeerAddress: after 60 wrong keys in a minute from
// one address, its 61st request is 429 with Retry-After, even with the
// right key, and reaches no key lookup; another address still gets in; and
// without --trust-proxy-headers a forwarded-for header changes nothing.
func TestAuthThrottle_PerPeerAddress(t *testing.T) {
	e := newThrottleEnv(t, false)
	e.fail60(t, "127.0.0.1")
	if n := e.store.lookups.Load(); n != int32(httpapi.DefaultAuthFailureLimit) {
		t.Errorf("%d key lookups for 60 wrong keys", n)
	}
	before := e.store.lookups.Load()
	wantThrottled(t, e.get(t, "127.0.0.1", badKey))
	wantThrottled(t, e.get(t, "127.0.0.1", e.key))
	// Claiming another address does not help when proxies are not trusted.
	wantThrottled(t, e.get(t, "127.0.0.1", badKey, "X-Forwarded-For", "198.51.100.9", "X-Real-IP", "198.51.100.9"))
	if n := e.store.lookups.Load() - before; n != 0 {
		t.Errorf("throttled requests made %d key lookups, want none", n)
	}
	if r := e.get(t, "127.0.0.2", e.key); r.status != http.StatusOK {
		t.Errorf("right key from another address: %d, want 200; body %s", r.status, r.body)
	}
	if r := e.get(t, "127.0.0.2", badKey); r.status != http.StatusUnauthorized {
		t.Errorf("wrong key from another address: %d, want 401", r.status)
	}
}

// TestAuthThrottle_TrustedProxy: with --trust-proxy-headers the address is
// the one the proxy appended to X-Forwarded-For (or X-Real-IP), so clients
// behind one proxy are throttled apart, and what a client wrote before the
// proxy's entry is ignored.
func TestAuthThrottle_TrustedProxy(t *testing.T) {
	e := newThrottleEnv(t, true)
	e.fail60(t, "127.0.0.1", "X-Forwarded-For", "198.51.100.1, 203.0.113.7")
	wantThrottled(t, e.get(t, "127.0.0.1", badKey, "X-Forwarded-For", "203.0.113.7"))
	wantThrottled(t, e.get(t, "127.0.0.1", badKey, "X-Forwarded-For", "10.0.0.1, 203.0.113.7"))
	if r := e.get(t, "127.0.0.1", e.key, "X-Forwarded-For", "203.0.113.8"); r.status != http.StatusOK {
		t.Errorf("right key from another client of the proxy: %d, want 200; body %s", r.status, r.body)
	}
	if r := e.get(t, "127.0.0.1", e.key, "X-Real-IP", "203.0.113.9"); r.status != http.StatusOK {
		t.Errorf("right key with X-Real-IP: %d, want 200; body %s", r.status, r.body)
	}
	wantThrottled(t, e.get(t, "127.0.0.1", e.key, "X-Real-IP", "203.0.113.7"))
}
