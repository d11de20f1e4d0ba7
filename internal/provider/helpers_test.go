package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// reply is one scripted answer of a fake provider.
type reply struct {
	status int
	header map[string]string
	file   string // under testdata/
	body   []byte // used when file is ""
	hang   bool   // answer nothing until the client gives up
}

// recorded is one request a fake provider received.
type recorded struct {
	Method, Path, Host string
	Header             http.Header
	Body               map[string]any
}

// fakeAPI is a local server answering in a provider's documented shapes,
// one scripted reply per request; a request beyond the script fails the
// test.
type fakeAPI struct {
	t       *testing.T
	srv     *httptest.Server
	mu      sync.Mutex
	replies []reply
	got     []recorded
}

func newFakeAPI(t *testing.T, replies ...reply) *fakeAPI {
	t.Helper()
	f := &fakeAPI{t: t, replies: replies}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	rec := recorded{Method: r.Method, Path: r.URL.Path, Host: r.Host, Header: r.Header.Clone()}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &rec.Body); err != nil {
			f.t.Errorf("request body is not JSON: %v: %s", err, raw)
		}
	}
	f.mu.Lock()
	f.got = append(f.got, rec)
	if len(f.replies) == 0 {
		f.mu.Unlock()
		f.t.Errorf("unexpected request %d: %s %s", len(f.got), r.Method, r.URL.Path)
		http.Error(w, "unexpected request", http.StatusTeapot)
		return
	}
	rep := f.replies[0]
	f.replies = f.replies[1:]
	f.mu.Unlock()
	if rep.hang {
		<-r.Context().Done()
		return
	}
	body := rep.body
	if rep.file != "" {
		body = readTestdata(f.t, rep.file)
	}
	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	if rep.status == 0 {
		rep.status = http.StatusOK
	}
	w.WriteHeader(rep.status)
	_, _ = w.Write(body)
}

func (f *fakeAPI) requests() []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]recorded(nil), f.got...)
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("reading testdata: %v", err)
	}
	return data
}

// loopbackOnly refuses any request that would leave the machine, so a
// mistake in a test shows as a failure, never as traffic.
type loopbackOnly struct{ next http.RoundTripper }

func (l loopbackOnly) RoundTrip(r *http.Request) (*http.Response, error) {
	host := r.URL.Hostname()
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, fmt.Errorf("test transport: %s is not loopback", host)
	}
	return l.next.RoundTrip(r)
}

// rewriteTo sends every request, whatever its host, to a local server
// (keeping the original Host header), the way a Gemini redirect link is
// resolved in tests.
type rewriteTo struct{ target *url.URL }

func (rw rewriteTo) RoundTrip(r *http.Request) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	r2.Host = r.URL.Host
	r2.URL.Scheme, r2.URL.Host = rw.target.Scheme, rw.target.Host
	return loopbackOnly{http.DefaultTransport}.RoundTrip(r2)
}

// resolverServer answers Gemini redirect links as routes says: path →
// handler. Every request is recorded.
type resolverServer struct {
	srv *httptest.Server
	mu  sync.Mutex
	got []string // "METHOD host path"
}

func newResolver(t *testing.T, routes map[string]http.HandlerFunc) *resolverServer {
	t.Helper()
	rs := &resolverServer{}
	rs.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rs.mu.Lock()
		rs.got = append(rs.got, r.Method+" "+r.Host+" "+r.URL.Path)
		rs.mu.Unlock()
		if h, ok := routes[r.URL.Path]; ok {
			h(w, r)
			return
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(rs.srv.Close)
	return rs
}

func (rs *resolverServer) requests() []string {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return append([]string(nil), rs.got...)
}

func (rs *resolverServer) client() *http.Client {
	u, _ := url.Parse(rs.srv.URL)
	return &http.Client{Transport: rewriteTo{u}, Timeout: 5 * time.Second}
}

// redirectTo answers with a 302 to location.
func redirectTo(location string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", location)
		w.WriteHeader(http.StatusFound)
	}
}

// fakeClock is the Caller's clock in tests: Sleep records the wait and
// moves the clock on at once.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	sleeps []time.Duration
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	c.sleeps = append(c.sleeps, d)
	c.now = c.now.Add(d)
	c.mu.Unlock()
	return ctx.Err()
}

func (c *fakeClock) slept() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.sleeps...)
}

// testCaller is a Caller on a fake clock with a fixed jitter of one half.
func testCaller(a Adapter, clock *fakeClock, timeout time.Duration) *Caller {
	return NewCaller(a, CallerConfig{
		RatePerMinute: 6000, Burst: 10, Timeout: timeout,
		Now: clock.Now, Sleep: clock.Sleep, Jitter: func() float64 { return 0.5 },
	})
}

// newTestAdapter builds a provider's adapter pointed at a fake API, with
// every client confined to loopback.
func newTestAdapter(t *testing.T, code string, f *fakeAPI, resolver *http.Client) Adapter {
	t.Helper()
	base := f.srv.URL
	if code == ChatGPT {
		base += "/v1" // OpenAI's base URL includes the version
	}
	if resolver == nil {
		rs := newResolver(t, nil)
		resolver = rs.client()
	}
	a, err := New(code, Config{
		BaseURL:       base,
		HTTPClient:    &http.Client{Transport: loopbackOnly{http.DefaultTransport}},
		ResolveClient: resolver,
	})
	if err != nil {
		t.Fatal(err)
	}
	return a
}
