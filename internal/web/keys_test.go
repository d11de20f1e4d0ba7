package web_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

var secretRE = regexp.MustCompile(`data-testid="new-key-secret">(slk_[A-Za-z0-9_-]{43})<`)

func TestKeys(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	c := e.client(t)
	c.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)

	var secret string
	t.Run("Create", func(t *testing.T) {
		c.get("/keys")
		resp, _ := c.post("/keys", url.Values{"name": {"  Weekly report  "}, "expires_at": {"2026-12-31"}})
		wantRedirect(t, resp, "/keys")
		// The flash cookie carries the secret sealed: not readable in it.
		flash := c.cookie("sightline_flash")
		if flash == nil {
			t.Fatal("no flash cookie after creating a key")
		}
		resp, body := c.get("/keys")
		wantStatus(t, resp, body, http.StatusOK)
		m := secretRE.FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("the page after creating shows no secret:\n%s", body)
		}
		secret = m[1]
		if strings.Contains(flash.Value, secret) || strings.Contains(flash.Value, secret[4:20]) {
			t.Error("the flash cookie holds the secret in clear")
		}
		if !strings.Contains(body, "It will not be shown again") || !strings.Contains(flashOf(body), `API key "Weekly report" created.`) {
			t.Error("the page does not warn that the secret is shown once")
		}
		p, err := e.db.Authenticate(ctx, secret)
		if err != nil || p.OrgID != e.fix.OrgID {
			t.Fatalf("the new key authenticates as %+v, %v", p, err)
		}
		keys, _ := e.db.FindAPIKeys(ctx, e.fix.OrgID)
		var k *sightline.APIKey
		for _, x := range keys {
			if x.Name == "Weekly report" {
				k = x
			}
		}
		if k == nil {
			t.Fatal("no key named Weekly report")
		}
		if k.Name != "Weekly report" || k.UserEmail != e.fix.DashboardUser.Email || k.ExpiresAt == nil || !k.ExpiresAt.Equal(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("stored key %+v: want the name trimmed, the signed-in user, expiry at the end of 31 Dec 2026", k)
		}
		// the row shows prefix…last4 and the status
		row := regexp.MustCompile(`(?s)<tr data-testid="key-row" data-key-id="` + k.ID + `">.*?</tr>`).FindString(body)
		for _, want := range []string{`data-testid="key-name">Weekly report<`, `data-testid="key-hint">` + secret[:8] + "…" + secret[len(secret)-4:] + "<",
			`data-testid="key-status">active<`, `data-testid="revoke-key"`, e.fix.DashboardUser.Email, "31 Dec 2026"} {
			if !strings.Contains(row, want) {
				t.Errorf("the key's row lacks %s:\n%s", want, row)
			}
		}
		// shown once
		resp, body = c.get("/keys")
		wantStatus(t, resp, body, http.StatusOK)
		if strings.Contains(body, secret[4:]) || strings.Contains(body, `data-testid="new-key-secret"`) {
			t.Error("the secret is shown again on the next visit")
		}
	})
	// A flash cookie means nothing to another session: it is sealed with
	// the session's token.
	t.Run("FlashBoundToSession", func(t *testing.T) {
		c.get("/keys")
		resp, _ := c.post("/keys", url.Values{"name": {"sealed"}})
		wantRedirect(t, resp, "/keys")
		flash := c.cookie("sightline_flash")
		c2 := e.client(t)
		c2.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
		u, _ := url.Parse(c2.base + "/")
		c2.hc.Jar.SetCookies(u, []*http.Cookie{{Name: "sightline_flash", Value: flash.Value, Path: "/"}})
		_, body := c2.get("/keys")
		if strings.Contains(body, `data-testid="new-key-secret"`) {
			t.Error("another session read the flash")
		}
		// tampered: ignored
		c.hc.Jar.SetCookies(u, []*http.Cookie{{Name: "sightline_flash", Value: flash.Value[:len(flash.Value)-3] + "AAA", Path: "/"}})
		resp, body = c.get("/keys")
		wantStatus(t, resp, body, http.StatusOK)
		if strings.Contains(body, `data-testid="new-key-secret"`) {
			t.Error("a tampered flash was shown")
		}
	})
	t.Run("Refused", func(t *testing.T) {
		before, _ := e.db.FindAPIKeys(ctx, e.fix.OrgID)
		for _, tt := range []struct {
			form url.Values
			msg  string
		}{
			{url.Values{"name": {"  "}}, "Name is required."},
			{url.Values{"name": {"x"}, "expires_at": {"31/12/2026"}}, "The expiry date must be a date (YYYY-MM-DD)."},
			{url.Values{"name": {"x"}, "expires_at": {"2026-03-09"}}, "The expiry date must be today or later."},
			{url.Values{"name": {strings.Repeat("n", 101)}}, "The name must be at most 100 characters long."},
		} {
			c.get("/keys")
			resp, body := c.post("/keys", tt.form)
			wantStatus(t, resp, body, http.StatusUnprocessableEntity)
			if !strings.Contains(body, `data-testid="key-error">`+tt.msg+`<`) {
				t.Errorf("%v: the page does not say %q", tt.form, tt.msg)
			}
		}
		after, _ := e.db.FindAPIKeys(ctx, e.fix.OrgID)
		if len(after) != len(before) {
			t.Errorf("refused forms created keys: %d, then %d", len(before), len(after))
		}
	})
	t.Run("Revoke", func(t *testing.T) {
		keys, _ := e.db.FindAPIKeys(ctx, e.fix.OrgID)
		var id string
		for _, k := range keys {
			if k.Name == "Weekly report" {
				id = k.ID
			}
		}
		c.get("/keys")
		resp, _ := c.post("/keys/"+id+"/revoke", nil)
		wantRedirect(t, resp, "/keys")
		_, body := c.get("/keys")
		if !strings.Contains(flashOf(body), `API key "Weekly report" revoked`) {
			t.Errorf("flash %q", flashOf(body))
		}
		row := regexp.MustCompile(`(?s)<tr data-testid="key-row" data-key-id="` + id + `">.*?</tr>`).FindString(body)
		if !strings.Contains(row, `data-testid="key-status">revoked<`) || !strings.Contains(row, "disabled>Revoke") {
			t.Errorf("revoked row:\n%s", row)
		}
		if _, err := e.db.Authenticate(ctx, secret); sightline.ErrorCode(err) != sightline.EUNAUTHORIZED {
			t.Errorf("the revoked key authenticates: %v", err)
		}
		// the expired demo key shows as expired
		if !strings.Contains(body, `data-testid="key-status">expired<`) {
			t.Error("no key shows as expired")
		}
	})
	// Another organization's key cannot be revoked from this one: 404, and
	// it keeps working.
	t.Run("OtherOrganization", func(t *testing.T) {
		p, err := e.db.Authenticate(ctx, e.fix.OtherOrg.APIKey)
		if err != nil {
			t.Fatal(err)
		}
		c.get("/keys")
		resp, body := c.post("/keys/"+p.KeyID+"/revoke", nil)
		wantStatus(t, resp, body, http.StatusNotFound)
		if _, err := e.db.Authenticate(ctx, e.fix.OtherOrg.APIKey); err != nil {
			t.Errorf("the other organization's key stopped working: %v", err)
		}
		_, body = c.get("/keys")
		if strings.Contains(body, p.KeyID) {
			t.Error("the keys page lists another organization's key")
		}
	})
}
