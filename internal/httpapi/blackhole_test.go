package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// blackHole relays TCP to a server until it is switched off; then it
// swallows every byte both ways and answers nothing, as a database behind a
// dead network path does.
type blackHole struct {
	ln     net.Listener
	target string
	off    atomic.Bool
	wg     sync.WaitGroup
}

func newBlackHole(t *testing.T, target string) *blackHole {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	b := &blackHole{ln: ln, target: target}
	go b.serve()
	t.Cleanup(func() { ln.Close() })
	return b
}

func (b *blackHole) serve() {
	for {
		c, err := b.ln.Accept()
		if err != nil {
			return
		}
		if b.off.Load() {
			go io.Copy(io.Discard, c) // accepted, never answered
			continue
		}
		up, err := net.Dial("tcp", b.target)
		if err != nil {
			c.Close()
			continue
		}
		go b.pipe(c, up)
		go b.pipe(up, c)
	}
}

// pipe copies src to dst while the hole is on, and drops everything after.
func (b *blackHole) pipe(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 && !b.off.Load() {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// A PostgreSQL server that stops answering mid-flight (connections open,
// nothing comes back) gives 503 UNAVAILABLE at the request deadline, and
// the server answers again once the database does.
func TestUnavailable_BlackHoleDatabase(t *testing.T) {
	if sqlstoretest.Engine() != "postgres" {
		t.Skip("a network black hole between the server and PostgreSQL; SQLite has no network")
	}
	t.Parallel()
	dsn := sqlstoretest.NewDSN(t)
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	hole := newBlackHole(t, u.Host)
	u.Host = hole.ln.Addr().String()
	q := u.Query()
	q.Set("connect_timeout", "2")
	u.RawQuery = q.Encode()
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, u.String(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Acme"}); err != nil {
		t.Fatal(err)
	}
	_, key, err := db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: org.ID, UserEmail: "a@acme.com", Name: "k"})
	if err != nil {
		t.Fatal(err)
	}
	log := &lockedLog{}
	srv := &httpapi.Server{Store: db, Logger: slog.New(slog.NewTextHandler(log, nil)), Limits: httpapi.Limits{RequestTimeout: time.Second}}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	get := func() response {
		t.Helper()
		req := (&env{url: ts.URL}).request(t, http.MethodGet, "/api/v2/brands", key)
		return send(t, req)
	}
	if r := get(); r.status != http.StatusOK {
		t.Fatalf("before: %d %s", r.status, r.body)
	}

	hole.off.Store(true)
	for i := range 3 {
		start := time.Now()
		r := get()
		wantEnvelope(t, r, http.StatusServiceUnavailable, sightline.EUNAVAILABLE)
		if took := time.Since(start); took > 10*time.Second {
			t.Errorf("request %d answered after %s; the deadline is 1s", i, took)
		}
	}
	hole.off.Store(false)
	deadline := time.Now().Add(30 * time.Second)
	for {
		r := get()
		if r.status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("still %d 30s after the database came back: %s", r.status, r.body)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
