package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
	"github.com/sightline/sightline/internal/web"
)

func TestSignIn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	email, pw := e.fix.DashboardUser.Email, e.fix.DashboardUser.Password

	t.Run("SignedOutGoesToLogin", func(t *testing.T) {
		c := e.client(t)
		for _, path := range []string{"/", "/keys", "/brands/" + e.fix.BrandID + "/citations?start=2026-03-01"} {
			resp, _ := c.get(path)
			loc := wantRedirect(t, resp, "/login")
			if want := "/login?next=" + url.QueryEscape(path); loc != want {
				t.Errorf("GET %s signed out goes to %s, want %s", path, loc, want)
			}
		}
	})
	t.Run("OK", func(t *testing.T) {
		c := e.client(t)
		c.get("/login?next=" + url.QueryEscape("/keys"))
		resp, _ := c.post("/login", url.Values{"email": {strings.ToUpper(email)}, "password": {pw}, "next": {"/keys"}})
		wantRedirect(t, resp, "/keys")
		var session *http.Cookie
		for _, ck := range resp.Cookies() {
			if ck.Name == "sightline_session" {
				session = ck
			}
		}
		if session == nil || !session.HttpOnly || session.SameSite != http.SameSiteLaxMode || session.Secure || session.Path != "/" {
			t.Errorf("session cookie %+v: want HttpOnly, SameSite=Lax, Path=/, not Secure over HTTP", session)
		}
		resp, body := c.get("/keys")
		wantStatus(t, resp, body, http.StatusOK)
		if !strings.Contains(body, email) || !strings.Contains(body, "Taskloom Inc.") {
			t.Error("the page does not name the signed-in user and organization")
		}
		// the store keeps the digest of the token only
		raw := sqlstoretest.OpenRaw(t, e.dsn)
		var digest string
		if err := raw.QueryRow(`SELECT digest FROM sessions`).Scan(&digest); err != nil {
			t.Fatal(err)
		}
		if digest != sightline.HashSessionToken(session.Value) || strings.Contains(digest, session.Value) {
			t.Errorf("sessions.digest = %q, want the SHA-256 of the cookie's token", digest)
		}
	})
	t.Run("Refusals", func(t *testing.T) {
		c := e.client(t)
		for _, tt := range []struct {
			name       string
			email, pw  string
			status     int
			msg        string
			withCookie bool
		}{
			{"wrong password", email, pw + "x", http.StatusUnauthorized, "Wrong email or password.", true},
			{"unknown email", "nobody@taskloom.com", pw, http.StatusUnauthorized, "Wrong email or password.", true},
			{"key owner without a password", "jonas.weber@taskloom.com", pw, http.StatusUnauthorized, "Wrong email or password.", true},
			{"empty", "", "", http.StatusUnprocessableEntity, "Enter your email address and your password.", true},
			{"no form cookie", email, pw, http.StatusForbidden, "This sign-in form expired", false},
		} {
			c.get("/login")
			if !tt.withCookie {
				jar := c.hc.Jar
				u, _ := url.Parse(c.base + "/login")
				jar.SetCookies(u, []*http.Cookie{{Name: "sightline_login", Value: "", Path: "/login", MaxAge: -1}})
			}
			resp, body := c.post("/login", url.Values{"email": {tt.email}, "password": {tt.pw}})
			wantStatus(t, resp, body, tt.status)
			if !strings.Contains(body, tt.msg) || !strings.Contains(body, `form id="login"`) {
				t.Errorf("%s: the page does not say %q", tt.name, tt.msg)
			}
			if c.cookie("sightline_session") != nil {
				t.Errorf("%s: a session cookie was set", tt.name)
			}
		}
	})
	// A form token from another browser does not sign in (login CSRF).
	t.Run("ForeignFormToken", func(t *testing.T) {
		a, b := e.client(t), e.client(t)
		a.get("/login")
		b.get("/login")
		b.csrf = a.csrf
		resp, body := b.post("/login", url.Values{"email": {email}, "password": {pw}})
		wantStatus(t, resp, body, http.StatusForbidden)
	})
	t.Run("NextStaysLocal", func(t *testing.T) {
		for next, want := range map[string]string{
			"//evil.example/x":         "/",
			"https://evil.example/":    "/",
			`/\evil.example`:           "/",
			"/brands?x=1":              "/brands?x=1",
			"/login":                   "/",
			"javascript:alert(1)":      "/",
			"/brands/" + e.fix.BrandID: "/brands/" + e.fix.BrandID,
		} {
			c := e.client(t)
			c.get("/login")
			resp, _ := c.post("/login", url.Values{"email": {email}, "password": {pw}, "next": {next}})
			if loc := resp.Header.Get("Location"); loc != want {
				t.Errorf("next=%q: redirected to %q, want %q", next, loc, want)
			}
		}
	})
	t.Run("SignOut", func(t *testing.T) {
		c := e.client(t)
		c.mustSignIn(email, pw)
		token := c.cookie("sightline_session").Value
		c.get("/keys")
		// without the CSRF token sign-out is refused
		resp, body := c.post("/logout", url.Values{"csrf_token": {""}})
		wantStatus(t, resp, body, http.StatusForbidden)
		resp, _ = c.post("/logout", nil)
		wantRedirect(t, resp, "/login?signed_out=1")
		if _, err := e.db.FindSession(context.Background(), sightline.HashSessionToken(token), time.Hour); sightline.ErrorCode(err) != sightline.EUNAUTHORIZED {
			t.Errorf("the session survives sign-out: %v", err)
		}
		// the old cookie, sent again, is signed out
		c2 := e.client(t)
		u, _ := url.Parse(c2.base + "/")
		c2.hc.Jar.SetCookies(u, []*http.Cookie{{Name: "sightline_session", Value: token, Path: "/"}})
		resp, _ = c2.get("/keys")
		wantRedirect(t, resp, "/login")
	})
}

func TestSignInThrottle(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(s *web.Server) { s.TrustProxyHeaders = true })
	email, pw := e.fix.DashboardUser.Email, e.fix.DashboardUser.Password

	t.Run("PerEmail", func(t *testing.T) {
		c := e.client(t)
		c.hdr.Set("X-Forwarded-For", "198.51.100.1")
		for i := 1; i <= sightline.SignInEmailLimit; i++ {
			resp, body := c.signIn(email, "wrong password")
			wantStatus(t, resp, body, http.StatusUnauthorized)
		}
		resp, body := c.signIn(email, "wrong password")
		wantStatus(t, resp, body, http.StatusTooManyRequests)
		if ra := resp.Header.Get("Retry-After"); ra == "" || ra == "0" || !strings.Contains(body, "Wait "+ra+" seconds") {
			t.Errorf("Retry-After %q; page: %s", ra, body)
		}
		// from another address too: the email's limit holds
		c.hdr.Set("X-Forwarded-For", "198.51.100.2")
		resp, body = c.signIn(email, pw)
		wantStatus(t, resp, body, http.StatusTooManyRequests)
		// a minute later the right password works, and resets the count
		e.clock.Set(now.Add(sightline.SignInWindow + time.Second))
		defer e.clock.Set(now)
		c.mustSignIn(email, pw)
		c = e.client(t)
		for i := 1; i <= sightline.SignInEmailLimit; i++ {
			resp, body := c.signIn(email, "wrong password")
			wantStatus(t, resp, body, http.StatusUnauthorized)
		}
	})
	// The address limit counts every email; X-Forwarded-For's last entry
	// (the one the proxy added) is the address, not what the client wrote
	// before it.
	t.Run("PerAddress", func(t *testing.T) {
		c := e.client(t)
		for i := 1; i <= sightline.SignInAddressLimit; i++ {
			c.hdr.Set("X-Forwarded-For", fmt.Sprintf("10.0.0.%d, 203.0.113.9", i))
			resp, body := c.signIn(fmt.Sprintf("guess%d@example.com", i), "wrong password")
			wantStatus(t, resp, body, http.StatusUnauthorized)
		}
		resp, body := c.signIn("guess-last@example.com", "wrong password")
		wantStatus(t, resp, body, http.StatusTooManyRequests)
		c.hdr.Set("X-Forwarded-For", "203.0.113.10")
		resp, body = c.signIn("guess-last@example.com", "wrong password")
		wantStatus(t, resp, body, http.StatusUnauthorized)
	})
}

// Without --trust-proxy-headers the forwarded headers change nothing: the
// peer is the address, and the cookie is not Secure over plain HTTP.
func TestProxyHeaders(t *testing.T) {
	t.Parallel()
	email, pw := "", ""
	for _, trust := range []bool{false, true} {
		e := newEnv(t, func(s *web.Server) { s.TrustProxyHeaders = trust })
		email, pw = e.fix.DashboardUser.Email, e.fix.DashboardUser.Password
		c := e.client(t)
		c.hdr.Set("X-Forwarded-Proto", "https")
		c.get("/login")
		resp, _ := c.post("/login", url.Values{"email": {email}, "password": {pw}})
		var secure bool
		for _, ck := range resp.Cookies() {
			if ck.Name == "sightline_session" {
				secure = ck.Secure
			}
		}
		if secure != trust {
			t.Errorf("trust %v: session cookie Secure = %v", trust, secure)
		}
		if hsts := resp.Header.Get("Strict-Transport-Security"); (hsts != "") != trust {
			t.Errorf("trust %v: Strict-Transport-Security %q", trust, hsts)
		}
		if !trust {
			// spoofed addresses do not escape the per-address limit
			for i := 0; i < sightline.SignInAddressLimit; i++ {
				c.hdr.Set("X-Forwarded-For", fmt.Sprintf("10.1.0.%d", i))
				c.signIn(fmt.Sprintf("spoof%d@example.com", i), "wrong password")
			}
			c.hdr.Set("X-Forwarded-For", "10.1.1.1")
			resp, body := c.signIn("spoof-last@example.com", "wrong password")
			wantStatus(t, resp, body, http.StatusTooManyRequests)
		}
	}
}

func TestSessions(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	email, pw := e.fix.DashboardUser.Email, e.fix.DashboardUser.Password
	ctx := context.Background()

	t.Run("IdleAndAbsoluteExpiry", func(t *testing.T) {
		defer e.clock.Set(now)
		c := e.client(t)
		c.mustSignIn(email, pw)
		e.clock.Set(now.Add(sightline.DefaultSessionIdle - time.Minute))
		resp, body := c.get("/keys")
		wantStatus(t, resp, body, http.StatusOK)
		e.clock.Set(now.Add(2*sightline.DefaultSessionIdle - 2*time.Minute))
		resp, body = c.get("/keys")
		wantStatus(t, resp, body, http.StatusOK)
		e.clock.Set(now.Add(3*sightline.DefaultSessionIdle + time.Minute))
		resp, _ = c.get("/keys")
		wantRedirect(t, resp, "/login")

		c2 := e.client(t)
		e.clock.Set(now)
		c2.mustSignIn(email, pw)
		for at := time.Duration(0); at < sightline.DefaultSessionLifetime; at += sightline.DefaultSessionIdle / 2 {
			e.clock.Set(now.Add(at))
			if resp, _ := c2.get("/keys"); resp.StatusCode != http.StatusOK {
				t.Fatalf("session in use ended %s after sign-in", at)
			}
		}
		e.clock.Set(now.Add(sightline.DefaultSessionLifetime))
		resp, _ = c2.get("/keys")
		wantRedirect(t, resp, "/login")
	})
	// Disabling a user ends its sessions at once.
	t.Run("DisabledUser", func(t *testing.T) {
		other, opw := e.addUser(t, e.fix.OrgID, "ops@taskloom.com")
		c := e.client(t)
		c.mustSignIn(other, opw)
		resp, body := c.get("/keys")
		wantStatus(t, resp, body, http.StatusOK)
		users, err := e.db.FindUsers(ctx, e.fix.OrgID)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range users {
			if u.Email == other {
				if err := e.db.DisableUser(ctx, u.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		resp, _ = c.get("/keys")
		wantRedirect(t, resp, "/login")
		resp, body = c.signIn(other, opw)
		wantStatus(t, resp, body, http.StatusUnauthorized)
	})
}

func TestCSRF(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.client(t)
	c.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	c.get("/keys")
	keysBefore, _ := e.db.FindAPIKeys(context.Background(), e.fix.OrgID)
	brand := "/brands/" + e.fix.BrandID
	for _, path := range []string{"/keys", "/keys/" + e.fix.BrandID + "/revoke", brand + "/topics",
		brand + "/recommendations/regenerate", brand + "/opportunities/compute", "/logout"} {
		for name, token := range map[string]string{"missing": "", "wrong": c.csrf[:len(c.csrf)-2] + "xx"} {
			resp, body := c.post(path, url.Values{"csrf_token": {token}, "name": {"csrf " + name}, "names": {"csrf " + name}})
			wantStatus(t, resp, body, http.StatusForbidden)
			if !strings.Contains(body, "did not come from the dashboard") {
				t.Errorf("POST %s with a %s token: the page does not explain the refusal", path, name)
			}
		}
	}
	// a cross-origin post is refused even with the token
	c.hdr.Set("Origin", "http://evil.example")
	c.hdr.Set("Sec-Fetch-Site", "cross-site")
	resp, body := c.post("/keys", url.Values{"name": {"cross-origin"}})
	wantStatus(t, resp, body, http.StatusForbidden)
	c.hdr = http.Header{}
	keysAfter, _ := e.db.FindAPIKeys(context.Background(), e.fix.OrgID)
	if len(keysAfter) != len(keysBefore) {
		t.Errorf("refused posts changed the keys: %d, then %d", len(keysBefore), len(keysAfter))
	}
	// the token of one session does not work for another
	c2 := e.client(t)
	c2.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	c2.get("/keys")
	if c2.csrf == c.csrf {
		t.Fatal("two sessions share a CSRF token")
	}
	resp, body = c2.post("/keys", url.Values{"name": {"other token"}, "csrf_token": {c.csrf}})
	wantStatus(t, resp, body, http.StatusForbidden)
}
