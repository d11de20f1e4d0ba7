package httpapi_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// faultStore is the real store with faults injected into two reads: the
// share-of-voice list (an analytics route) and the brand list (a light one).
// The faults are set while handlers run, hence the lock.
type faultStore struct {
	*sqlstore.DB
	mu         sync.Mutex
	sov        func(ctx context.Context) error // nil: the real read
	brandsHook func(ctx context.Context) error
}

func (f *faultStore) setSOV(fn func(context.Context) error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sov = fn
}

func (f *faultStore) setBrands(fn func(context.Context) error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.brandsHook = fn
}

func (f *faultStore) hooks() (sov, brands func(context.Context) error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.sov, f.brandsHook
}

func (f *faultStore) FindShareOfVoice(ctx context.Context, orgID string, q sightline.SOVFilter) ([]*sightline.SOVRow, int, error) {
	if hook, _ := f.hooks(); hook != nil {
		if err := hook(ctx); err != nil {
			return nil, 0, err
		}
	}
	return f.DB.FindShareOfVoice(ctx, orgID, q)
}

func (f *faultStore) FindBrands(ctx context.Context, orgID string, q sightline.BrandFilter) ([]*sightline.Brand, int, error) {
	if _, hook := f.hooks(); hook != nil {
		if err := hook(ctx); err != nil {
			return nil, 0, err
		}
	}
	return f.DB.FindBrands(ctx, orgID, q)
}

// lockedLog is a log sink safe for handler goroutines.
type lockedLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// faultEnv serves a faultStore on a real listener with the server's own
// http.Server (timeouts and header limit included).
type faultEnv struct {
	*env
	store   *faultStore
	log     *lockedLog
	srv     *httpapi.Server
	key     string
	brandID string
}

func newFaultEnv(t *testing.T, limits httpapi.Limits) *faultEnv {
	t.Helper()
	db := sqlstoretest.MustOpenDB(t)
	clk := newClock(t0)
	db.Now = clk.Now
	fs := &faultStore{DB: db}
	log := &lockedLog{}
	srv := &httpapi.Server{Store: fs, Now: clk.Now, Limits: limits, Logger: slog.New(slog.NewTextHandler(log, nil))}
	if err := srv.Listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	go srv.Serve()
	t.Cleanup(func() { srv.Shutdown(context.Background()) })
	e := &faultEnv{env: &env{db: db, clock: clk, url: "http://" + srv.Addr()}, store: fs, log: log, srv: srv}
	org := e.org(t, "Acme")
	e.brandID = e.brand(t, org.ID, "Acme").ID
	_, e.key = e.env.key(t, org.ID, nil)
	return e
}

// wantEnvelope checks status and error code of r.
func wantEnvelope(t *testing.T, r response, status int, code string) errorEnvelope {
	t.Helper()
	var body errorEnvelope
	if err := json.Unmarshal(r.body, &body); err != nil || r.status != status || body.Error.Code != code || body.Error.Message == "" {
		t.Fatalf("got %d %s, want %d %s with a message", r.status, r.body, status, code)
	}
	return body
}

type errorEnvelope struct {
	Error struct {
		Code      string `json:"code"`
		Message   string `json:"message"`
		RequestID string `json:"request_id"`
	} `json:"error"`
}

// A panic in a handler is a logged 500 INTERNAL with the request id, and
// nothing of the panic in the answer; the server goes on serving.
func TestPanic_Internal(t *testing.T) {
	t.Parallel()
	e := newFaultEnv(t, httpapi.Limits{})
	e.store.setBrands(func(context.Context) error { panic("secret detail: password=hunter2") })
	r := e.do(t, http.MethodGet, "/api/v2/brands", e.key)
	body := wantEnvelope(t, r, http.StatusInternalServerError, sightline.EINTERNAL)
	if body.Error.RequestID == "" || body.Error.RequestID != r.header.Get("X-Request-ID") {
		t.Errorf("request_id %q, X-Request-ID %q: want the same, non-empty", body.Error.RequestID, r.header.Get("X-Request-ID"))
	}
	if strings.Contains(string(r.body), "hunter2") || strings.Contains(string(r.body), "panic") {
		t.Errorf("the answer leaks the panic: %s", r.body)
	}
	logs := e.log.String()
	if !strings.Contains(logs, "request_id="+body.Error.RequestID) || !strings.Contains(logs, "panic") {
		t.Errorf("the panic is not logged with request id %s:\n%s", body.Error.RequestID, logs)
	}
	e.store.setBrands(nil)
	if r := e.do(t, http.MethodGet, "/api/v2/brands", e.key); r.status != http.StatusOK {
		t.Errorf("after the panic: %d %s", r.status, r.body)
	}
}

// A database that does not answer within the request deadline gives 503
// UNAVAILABLE with Retry-After, at the deadline, not a hang.
func TestUnavailable_SlowDatabase(t *testing.T) {
	t.Parallel()
	e := newFaultEnv(t, httpapi.Limits{RequestTimeout: 300 * time.Millisecond})
	e.store.setBrands(func(ctx context.Context) error {
		<-ctx.Done() // a query that only ends when cancelled
		return fmt.Errorf("find brands: %w", ctx.Err())
	})
	start := time.Now()
	r := e.do(t, http.MethodGet, "/api/v2/brands", e.key)
	wantEnvelope(t, r, http.StatusServiceUnavailable, sightline.EUNAVAILABLE)
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("answered after %s; the deadline is 300ms", took)
	}
	if r.header.Get("Retry-After") == "" {
		t.Error("503 without Retry-After")
	}
	if !strings.Contains(e.log.String(), "unavailable") {
		t.Errorf("the timeout is not logged:\n%s", e.log.String())
	}
}

// A closed database pool (the database went away) gives 503 UNAVAILABLE.
func TestUnavailable_ClosedDatabase(t *testing.T) {
	t.Parallel()
	e := newFaultEnv(t, httpapi.Limits{})
	if err := e.db.Close(); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/api/v2/brands", "/api/v2/brands/" + e.brandID + "/share_of_voice"} {
		r := e.do(t, http.MethodGet, path, e.key)
		wantEnvelope(t, r, http.StatusServiceUnavailable, sightline.EUNAVAILABLE)
	}
	if r := e.do(t, http.MethodGet, "/readyz", ""); r.status != http.StatusServiceUnavailable {
		t.Errorf("readyz: %d", r.status)
	}
}

// Analytics requests beyond the replica's slots wait briefly, then get 503
// UNAVAILABLE with Retry-After; light requests are not held up.
func TestLimits_HeavyRequests(t *testing.T) {
	t.Parallel()
	e := newFaultEnv(t, httpapi.Limits{Heavy: 2, HeavyWait: 200 * time.Millisecond})
	release := make(chan struct{})
	var entered sync.WaitGroup
	entered.Add(2)
	e.store.setSOV(func(ctx context.Context) error {
		entered.Done()
		<-release
		return nil
	})
	sov := "/api/v2/brands/" + e.brandID + "/share_of_voice"
	held := make(chan response, 2)
	for range 2 {
		go func() { held <- e.do(t, http.MethodGet, sov, e.key) }()
	}
	entered.Wait() // both slots taken
	start := time.Now()
	r := e.do(t, http.MethodGet, sov, e.key)
	wantEnvelope(t, r, http.StatusServiceUnavailable, sightline.EUNAVAILABLE)
	if r.header.Get("Retry-After") != "1" {
		t.Errorf("Retry-After = %q, want 1", r.header.Get("Retry-After"))
	}
	if took := time.Since(start); took < 150*time.Millisecond || took > 5*time.Second {
		t.Errorf("refused after %s; want after the 200ms wait", took)
	}
	if r := e.do(t, http.MethodGet, "/api/v2/brands", e.key); r.status != http.StatusOK {
		t.Errorf("a light request while the slots are taken: %d %s", r.status, r.body)
	}
	close(release)
	for range 2 {
		if r := <-held; r.status != http.StatusOK {
			t.Errorf("held request: %d %s", r.status, r.body)
		}
	}
	e.store.setSOV(nil)
	if r := e.do(t, http.MethodGet, sov, e.key); r.status != http.StatusOK {
		t.Errorf("after the slots are free: %d %s", r.status, r.body)
	}
}

// Slow clients cannot starve others: 200 connections that trickle their
// headers are held while normal requests succeed, and are closed by the
// server after the header timeout.
func TestLimits_SlowClients(t *testing.T) {
	t.Parallel()
	e := newFaultEnv(t, httpapi.Limits{ReadHeaderTimeout: 2 * time.Second})
	addr := strings.TrimPrefix(e.url, "http://")
	var conns []net.Conn
	for range 200 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("dial: %v", err)
		}
		t.Cleanup(func() { c.Close() })
		// a request line and half a header, never finished
		if _, err := io.WriteString(c, "GET /api/v2/brands HTTP/1.1\r\nHost: x\r\nX-API-KEY: "); err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for i := range 20 {
		start := time.Now()
		if r := e.do(t, http.MethodGet, "/api/v2/brands", e.key); r.status != http.StatusOK {
			t.Fatalf("request %d while 200 clients trickle: %d %s", i, r.status, r.body)
		}
		if took := time.Since(start); took > time.Second {
			t.Errorf("request %d took %s", i, took)
		}
	}
	// the server hangs up on them after ReadHeaderTimeout
	deadline := time.Now().Add(10 * time.Second)
	for _, c := range conns {
		c.SetReadDeadline(deadline)
		if _, err := bufio.NewReader(c).ReadByte(); err == nil {
			// Go may answer 408 before closing; then the close follows
			if _, err := io.ReadAll(c); err != nil {
				t.Fatalf("slow connection not closed by the server: %v", err)
			}
		} else if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Fatal("a slow connection is still open 10s after the 2s header timeout")
		}
	}
}

// A request whose headers exceed MaxHeaderBytes is refused (431) before any
// handler runs.
func TestLimits_MaxHeaderBytes(t *testing.T) {
	t.Parallel()
	e := newFaultEnv(t, httpapi.Limits{MaxHeaderBytes: 8 << 10})
	req, _ := http.NewRequest(http.MethodGet, e.url+"/api/v2/brands", nil)
	req.Header.Set(httpapi.APIKeyHeader, e.key)
	req.Header.Set("X-Padding", strings.Repeat("a", 64<<10))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("64 KiB of headers: %d, want 431", resp.StatusCode)
	}
	if r := e.do(t, http.MethodGet, "/api/v2/brands", e.key); r.status != http.StatusOK {
		t.Errorf("a normal request: %d", r.status)
	}
}
