package web_test

import (
	"context"
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/demo"
	"github.com/sightline/sightline/internal/password"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
	"github.com/sightline/sightline/internal/web"
)

// now is the clock of the tests: the demo data set's runs end at it.
var now = time.Date(2026, 3, 10, 15, 4, 5, 0, time.UTC)

// clock is a settable clock shared by the store and the dashboard.
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

// env is a dashboard served by a real HTTP server on a real database.
// fix names what the tests use: for a demo env, the demo data set's
// fixture (one day of it); for a plain env, two organizations with a brand
// each, the dashboard user, and a few API keys, but no answers.
type env struct {
	dsn   string
	db    *sqlstore.DB
	srv   *web.Server
	ts    *httptest.Server
	fix   *demo.Fixture
	clock *clock
	wakes int
}

func openEnv(t *testing.T) *env {
	t.Helper()
	dsn := sqlstoretest.NewDSN(t)
	db, err := sqlstore.Open(context.Background(), dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	e := &env{dsn: dsn, db: db, clock: &clock{t: now}}
	db.Now = e.clock.Now
	return e
}

// serve starts the dashboard on the env's database.
func (e *env) serve(t *testing.T, configure ...func(*web.Server)) {
	t.Helper()
	e.srv = &web.Server{Store: e.db, Now: e.clock.Now, Engine: web.EngineConfig{Wake: func() { e.wakes++ }}}
	for _, c := range configure {
		c(e.srv)
	}
	if err := e.srv.Init(); err != nil {
		t.Fatal(err)
	}
	e.ts = httptest.NewServer(e.srv.Handler())
	t.Cleanup(e.ts.Close)
}

// newDemoEnv serves the demo data set (one day: loading more takes long
// under -race).
func newDemoEnv(t *testing.T, configure ...func(*web.Server)) *env {
	t.Helper()
	e := openEnv(t)
	f, err := demo.Load(context.Background(), e.db, demo.Config{Seed: 1, Days: 1, Now: now}, nil)
	if err != nil {
		t.Fatalf("load the demo: %v", err)
	}
	e.fix = f
	e.serve(t, configure...)
	return e
}

// newEnv serves two organizations without answers: enough for signing in
// and API keys.
func newEnv(t *testing.T, configure ...func(*web.Server)) *env {
	t.Helper()
	e := openEnv(t)
	ctx := context.Background()
	f := &demo.Fixture{}
	for i, name := range []string{"Taskloom Inc.", "Brewline Coffee Co."} {
		org, err := e.db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		brand, err := e.db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: strings.Fields(name)[0], Domains: []string{strings.ToLower(strings.Fields(name)[0]) + ".com"}})
		if err != nil {
			t.Fatal(err)
		}
		owner := []string{"jonas.weber@taskloom.com", "tom.ellis@brewlinecoffee.com"}[i]
		_, key, err := e.db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: org.ID, UserEmail: owner, Name: "demo"})
		if err != nil {
			t.Fatal(err)
		}
		if i == 1 {
			f.OtherOrg = demo.FixtureOtherOrg{APIKey: key, BrandID: brand.ID}
			continue
		}
		f.OrgID, f.BrandID, f.APIKey = org.ID, brand.ID, key
		expired := now.Add(-time.Hour)
		if _, _, err := e.db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: org.ID, UserEmail: owner, Name: "expired", ExpiresAt: &expired}); err != nil {
			t.Fatal(err)
		}
		email, pw := e.addUser(t, org.ID, "maya.chen@taskloom.com")
		f.DashboardUser = demo.FixtureUser{Email: email, Password: pw}
	}
	e.fix = f
	e.serve(t, configure...)
	return e
}

// addUser gives a user of orgID a password and returns the sign-in.
func (e *env) addUser(t *testing.T, orgID, email string) (string, string) {
	t.Helper()
	const pw = "correct horse battery staple"
	hash, err := password.Hash(pw)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.CreateDashboardUser(context.Background(), sightline.DashboardUserCreate{OrgID: orgID, Email: email, PasswordHash: hash}); err != nil {
		t.Fatal(err)
	}
	return email, pw
}

// client is a browser stand-in: a cookie jar, no redirect following, and
// the CSRF token of the last page it read.
type client struct {
	t    *testing.T
	base string
	hc   *http.Client
	csrf string
	hdr  http.Header // sent with every request
}

func (e *env) client(t *testing.T) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, base: e.ts.URL, hdr: http.Header{}, hc: &http.Client{
		Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

var csrfRE = regexp.MustCompile(`name="csrf_token" value="([^"]+)"`)

func (c *client) do(req *http.Request) (*http.Response, string) {
	c.t.Helper()
	for k, v := range c.hdr {
		req.Header[k] = v
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	body := string(b)
	if m := csrfRE.FindStringSubmatch(body); m != nil {
		c.csrf = m[1]
	}
	return resp, body
}

func (c *client) get(path string) (*http.Response, string) {
	c.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, c.base+path, nil)
	return c.do(req)
}

// post sends a form; the CSRF token of the last page goes along unless the
// form has a csrf_token of its own (even empty).
func (c *client) post(path string, form url.Values) (*http.Response, string) {
	c.t.Helper()
	if form == nil {
		form = url.Values{}
	}
	if _, ok := form["csrf_token"]; !ok {
		form.Set("csrf_token", c.csrf)
	}
	req, _ := http.NewRequest(http.MethodPost, c.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return c.do(req)
}

// signIn opens the sign-in page and posts the form.
func (c *client) signIn(email, pw string) (*http.Response, string) {
	c.t.Helper()
	c.get("/login")
	return c.post("/login", url.Values{"email": {email}, "password": {pw}})
}

// mustSignIn signs in and fails unless it worked.
func (c *client) mustSignIn(email, pw string) {
	c.t.Helper()
	resp, body := c.signIn(email, pw)
	if resp.StatusCode != http.StatusSeeOther {
		c.t.Fatalf("sign-in = %d:\n%s", resp.StatusCode, body)
	}
}

// cookie returns the client's cookie name for the dashboard, or nil.
func (c *client) cookie(name string) *http.Cookie {
	u, _ := url.Parse(c.base + "/")
	for _, ck := range c.hc.Jar.Cookies(u) {
		if ck.Name == name {
			return ck
		}
	}
	return nil
}

// wantStatus fails unless resp has status.
func wantStatus(t *testing.T, resp *http.Response, body string, status int) {
	t.Helper()
	if resp.StatusCode != status {
		t.Fatalf("%s %s = %d, want %d\n%s", resp.Request.Method, resp.Request.URL.Path, resp.StatusCode, status, body)
	}
}

// wantRedirect fails unless resp is a 303 to a location starting with to.
func wantRedirect(t *testing.T, resp *http.Response, to string) string {
	t.Helper()
	loc := resp.Header.Get("Location")
	if resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, to) {
		t.Fatalf("%s %s = %d to %q, want 303 to %s", resp.Request.Method, resp.Request.URL.Path, resp.StatusCode, loc, to)
	}
	return loc
}

var flashRE = regexp.MustCompile(`(?s)data-testid="flash">(.*?)</div>`)

// flashOf returns the flash message a page shows, unescaped.
func flashOf(body string) string {
	m := flashRE.FindStringSubmatch(body)
	if m == nil {
		return ""
	}
	return html.UnescapeString(m[1])
}
