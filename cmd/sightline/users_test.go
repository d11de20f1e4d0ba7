package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// webClient signs in to the dashboard over plain HTTP (no browser): the
// sign-in form's token, then the post.
type webClient struct {
	t    *testing.T
	base string
	hc   *http.Client
}

func newWebClient(t *testing.T, addr string) *webClient {
	jar, _ := cookiejar.New(nil)
	return &webClient{t: t, base: "http://" + addr, hc: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

var formTokenRE = regexp.MustCompile(`name="csrf_token" value="([^"]+)"`)

// signIn returns the status of the sign-in post: 303 when it worked.
func (c *webClient) signIn(email, password string) int {
	c.t.Helper()
	resp, err := c.hc.Get(c.base + "/login")
	if err != nil {
		c.t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := formTokenRE.FindSubmatch(body)
	if m == nil {
		c.t.Fatalf("no form token on the sign-in page:\n%s", body)
	}
	resp, err = c.hc.PostForm(c.base+"/login", url.Values{"email": {email}, "password": {password}, "csrf_token": {string(m[1])}})
	if err != nil {
		c.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// signedIn reports whether the client's session opens /keys.
func (c *webClient) signedIn() bool {
	c.t.Helper()
	resp, err := c.hc.Get(c.base + "/keys")
	if err != nil {
		c.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

var userCreatedRE = regexp.MustCompile(`^User ([0-9a-f-]{36}) \(([^)]+)\) can sign in to the dashboard of organization ([0-9a-f-]{36}) as (admin|member)\.\n$`)

// `users create` reads the password from standard input and the user signs
// in; one email signs in to one organization; `users disable` and `users
// set-password` end the user's sessions at once, in a running server.
func TestEndToEnd_Users(t *testing.T) {
	t.Parallel()
	dsn := sqlstoretest.NewDSN(t)
	org, other := createOrg(t, dsn, "Acme"), createOrg(t, dsn, "Globex")
	createBrand(t, dsn, org, "Acme")
	const pw = "a long enough passphrase"

	out, errOut, err := runWith(t, pw+"\nignored second line\n", "users", "create", "--db", dsn, "--org", org, "--email", " Ann@Example.com ", "--name", "Ann")
	if err != nil {
		t.Fatalf("users create: %v\n%s", err, errOut)
	}
	m := userCreatedRE.FindStringSubmatch(out)
	if m == nil || m[2] != "ann@example.com" || m[3] != org || m[4] != "admin" {
		t.Fatalf("users create printed %q", out)
	}
	userID := m[1]
	// The first user of an organization is its admin whatever --role
	// says; later users get the role asked for (member by default).
	third := createOrg(t, dsn, "Initech")
	for _, tt := range []struct{ email, role, want string }{{"di@example.com", "member", "admin"}, {"cy@example.com", "", "member"}, {"ed@example.com", "admin", "admin"}} {
		args := []string{"users", "create", "--db", dsn, "--org", third, "--email", tt.email}
		if tt.role != "" {
			args = append(args, "--role", tt.role)
		}
		out, errOut, err := runWith(t, pw+"\n", args...)
		if m := userCreatedRE.FindStringSubmatch(out); err != nil || m == nil || m[4] != tt.want {
			t.Errorf("users create %s --role %q = %q, %v %s; want role %s", tt.email, tt.role, out, err, errOut, tt.want)
		}
	}
	if strings.Contains(out+errOut, pw) {
		t.Error("users create printed the password")
	}

	srv, logs := startMain(t, dsn)
	c := newWebClient(t, srv.Addr())
	if st := c.signIn("ann@example.com", pw); st != http.StatusSeeOther || !c.signedIn() {
		t.Fatalf("sign-in with the created user = %d", st)
	}
	if st := newWebClient(t, srv.Addr()).signIn("ann@example.com", "ignored second line"); st != http.StatusUnauthorized {
		t.Errorf("the second line of standard input signs in: %d", st)
	}

	t.Run("Refused", func(t *testing.T) {
		for _, tt := range []struct {
			stdin string
			args  []string
			msg   string
		}{
			{"short\n", []string{"--org", org, "--email", "bob@example.com"}, "the password on standard input: password must be at least 12 characters long"},
			{"", []string{"--org", org, "--email", "bob@example.com"}, "the password on standard input: password is required"},
			{"\n", []string{"--org", org, "--email", "bob@example.com"}, "the password on standard input: password is required"},
			{pw + "\n", []string{"--org", org, "--email", "bob"}, "users create: --email must be an email address"},
			{pw + "\n", []string{"--org", org, "--email", "bob@example.com", "--role", "owner"}, "users create: --role must be admin or member"},
			{pw + "\n", []string{"--org", other, "--email", "ann@example.com"}, "ann@example.com already signs in to another organization; an email signs in to one organization only."},
			{pw + "\n", []string{"--org", org, "--email", "ann@example.com"}, "ann@example.com can already sign in to this organization."},
			{pw + "\n", []string{"--org", "7c9e6679-7425-40de-944b-e07fc1f90ae7", "--email", "bob@example.com"}, "Organization not found."},
		} {
			args := append([]string{"users", "create", "--db", dsn}, tt.args...)
			_, _, err := runWith(t, tt.stdin, args...)
			if err == nil || errorText(err) != tt.msg {
				t.Errorf("users create %v with %q: %v, want %q", tt.args, tt.stdin, err, tt.msg)
			}
		}
		if _, _, err := runWith(t, "", "users", "disable", "--db", dsn); err == nil || err.Error() != "users disable: give exactly one user id" {
			t.Errorf("users disable without an id: %v", err)
		}
		if _, _, err := runWith(t, "", "users", "disable", "7c9e6679-7425-40de-944b-e07fc1f90ae7", "--db", dsn); err == nil || errorText(err) != "User not found." {
			t.Errorf("users disable of an unknown id: %v", err)
		}
	})

	listRow := func() []string {
		t.Helper()
		out := mustCLI(t, "users", "list", "--db", dsn, "--org", org)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "ID ") {
			t.Fatalf("users list printed:\n%s", out)
		}
		return strings.Fields(lines[1])
	}
	if f := listRow(); f[0] != userID || f[1] != "ann@example.com" || f[2] != "admin" || f[3] != "yes" || f[5] != "-" || f[6] != "Ann" {
		t.Errorf("users list row %v", f)
	}

	// disable: the running server's session ends at once
	if out := mustCLI(t, "users", "disable", userID, "--db", dsn); out != "User "+userID+" disabled; the user's sessions have ended.\n" {
		t.Errorf("users disable printed %q", out)
	}
	if c.signedIn() {
		t.Error("the session of a disabled user still opens pages")
	}
	if st := newWebClient(t, srv.Addr()).signIn("ann@example.com", pw); st != http.StatusUnauthorized {
		t.Errorf("a disabled user signs in: %d", st)
	}
	if f := listRow(); f[3] != "disabled" || f[5] == "-" {
		t.Errorf("users list row of a disabled user %v", f)
	}
	// the email is free for another organization now
	out, errOut, err = runWith(t, pw+"\n", "users", "create", "--db", dsn, "--org", other, "--email", "ann@example.com")
	if err != nil || !userCreatedRE.MatchString(out) {
		t.Fatalf("users create in the other organization after disabling: %v %s %s", err, out, errOut)
	}
	otherID := userCreatedRE.FindStringSubmatch(out)[1]

	// set-password: new password works, old does not, sessions end
	c2 := newWebClient(t, srv.Addr())
	if st := c2.signIn("ann@example.com", pw); st != http.StatusSeeOther {
		t.Fatalf("sign-in in the other organization = %d", st)
	}
	const pw2 = "another long passphrase"
	if out, _, err := runWith(t, pw2+"\n", "users", "set-password", otherID, "--db", dsn); err != nil || !strings.Contains(out, "sessions have ended") {
		t.Fatalf("users set-password: %v %q", err, out)
	}
	if c2.signedIn() {
		t.Error("a session survived a password change")
	}
	if st := newWebClient(t, srv.Addr()).signIn("ann@example.com", pw); st != http.StatusUnauthorized {
		t.Errorf("the old password signs in after set-password: %d", st)
	}
	if st := newWebClient(t, srv.Addr()).signIn("ann@example.com", pw2); st != http.StatusSeeOther {
		t.Errorf("the new password does not sign in: %d", st)
	}
	for _, secret := range []string{pw, pw2} {
		if strings.Contains(logs.String(), secret) {
			t.Error("the server logged a password")
		}
	}
}

// The root router: the API's paths answer JSON as before, everything else
// is the dashboard's HTML.
func TestEndToEnd_Routing(t *testing.T) {
	t.Parallel()
	m, _ := startMain(t, sqlstoretest.NewDSN(t))
	hc := &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tt := range []struct {
		path   string
		status int
		ctype  string
		code   string // error.code of a JSON error
	}{
		{"/api/v2/nope", http.StatusNotFound, "application/json", "NOT_FOUND"},
		{"/api", http.StatusNotFound, "application/json", "NOT_FOUND"},
		{"/api/v2/brands", http.StatusUnauthorized, "application/json", "UNAUTHORIZED"},
		{"/internal/v1/admin/organizations", http.StatusUnauthorized, "application/json", "UNAUTHORIZED"},
		{"/healthz", http.StatusOK, "application/json", ""},
		{"/readyz", http.StatusOK, "application/json", ""},
		{"/api/v2/openapi.json", http.StatusOK, "application/json", ""},
		{"/nope", http.StatusNotFound, "text/html; charset=utf-8", ""},
		{"/apix", http.StatusNotFound, "text/html; charset=utf-8", ""},
		{"/login", http.StatusOK, "text/html; charset=utf-8", ""},
		{"/", http.StatusSeeOther, "", ""},
	} {
		resp, err := hc.Get("http://" + m.Addr() + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status || (tt.ctype != "" && resp.Header.Get("Content-Type") != tt.ctype) {
			t.Errorf("GET %s = %d %s, want %d %s", tt.path, resp.StatusCode, resp.Header.Get("Content-Type"), tt.status, tt.ctype)
		}
		if tt.code != "" {
			var e struct {
				Error struct {
					Code string `json:"code"`
				} `json:"error"`
			}
			if json.Unmarshal(body, &e) != nil || e.Error.Code != tt.code {
				t.Errorf("GET %s: body %s, want error code %s", tt.path, body, tt.code)
			}
		}
		if tt.code != "" && resp.Header.Get("Content-Security-Policy") != "" {
			t.Errorf("GET %s: the API answers with the dashboard's headers", tt.path)
		}
	}
}

// SIGHTLINE_TRUST_PROXY_HEADERS is read like the flag; a value that is not
// a boolean stops the server at start.
func TestConfig_TrustProxyHeaders(t *testing.T) {
	for v, want := range map[string]bool{"true": true, "1": true, "false": false} {
		t.Setenv("SIGHTLINE_TRUST_PROXY_HEADERS", v)
		c := envConfig()
		if c.TrustProxyHeaders != want || c.Validate() != nil {
			t.Errorf("%s: TrustProxyHeaders %v (%v)", v, c.TrustProxyHeaders, c.Validate())
		}
	}
	t.Setenv("SIGHTLINE_TRUST_PROXY_HEADERS", "yes please")
	_, _, err := cli(t, "serve", "--db", "sqlite:"+t.TempDir()+"/x.db", "--addr", "127.0.0.1:0")
	if err == nil || !strings.Contains(err.Error(), `SIGHTLINE_TRUST_PROXY_HEADERS="yes please"`) {
		t.Errorf("serve with a bad SIGHTLINE_TRUST_PROXY_HEADERS: %v", err)
	}
}

// A second `serve --demo` on the same database prints a new dashboard
// password: it signs in, and the first one no longer does.
func TestDashboard_ServeDemoAgain(t *testing.T) {
	t.Parallel()
	d1 := startDashboard(t)
	dsn := d1.m.Config.DB
	if st := newWebClient(t, d1.m.Addr()).signIn(d1.email, d1.password); st != http.StatusSeeOther {
		t.Fatalf("the first demo password = %d", st)
	}
	d1.m.Close()
	d2 := startDashboardOn(t, dsn)
	if d2.password == d1.password || d2.email != d1.email {
		t.Errorf("second start printed %s / %s after %s / %s", d2.email, d2.password, d1.email, d1.password)
	}
	if st := newWebClient(t, d2.m.Addr()).signIn(d2.email, d2.password); st != http.StatusSeeOther {
		t.Errorf("the second demo password = %d", st)
	}
	if st := newWebClient(t, d2.m.Addr()).signIn(d1.email, d1.password); st != http.StatusUnauthorized {
		t.Errorf("the first demo password after a restart = %d, want 401", st)
	}
}
