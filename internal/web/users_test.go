package web_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
	"github.com/sightline/sightline/internal/web"
)

var inviteLinkRE = regexp.MustCompile(`data-testid="invite-link">(http://[^<]+/invite/([A-Za-z0-9_-]{43}))<`)

// An admin invites an email; the link shows once; only its digest is
// stored; the invitee sets a password on it and is signed in as a member;
// the link works once; the admin makes the member an admin, signs the
// user out everywhere and disables the user.
func TestUsers_InviteAndManage(t *testing.T) {
	t.Parallel()
	logs := &syncBuffer{}
	e := newEnv(t, func(s *web.Server) { s.Logger = slog.New(slog.NewTextHandler(logs, nil)) })
	a := e.client(t)
	a.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	_, body := a.get("/users")
	if !strings.Contains(body, `data-testid="invitations-empty"`) || !strings.Contains(body, e.fix.DashboardUser.Email) {
		t.Fatalf("users page without invitations:\n%s", body)
	}
	resp, body := a.post("/users/invite", url.Values{"email": {"not an email"}, "role": {"member"}})
	wantStatus(t, resp, body, http.StatusUnprocessableEntity)
	if !strings.Contains(body, "Email must be an email address.") {
		t.Errorf("a bad email is refused without naming the field:\n%s", body)
	}
	resp, body = a.post("/users/invite", url.Values{"email": {e.fix.DashboardUser.Email}, "role": {"member"}})
	wantStatus(t, resp, body, http.StatusConflict)

	resp, _ = a.post("/users/invite", url.Values{"email": {"Nina.Park@taskloom.com"}, "role": {"member"}})
	wantRedirect(t, resp, "/users")
	_, body = a.get("/users")
	m := inviteLinkRE.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("the users page shows no invitation link:\n%s", body)
	}
	link, token := m[1], m[2]
	if _, again := a.get("/users"); strings.Contains(again, token) {
		t.Error("the invitation link is shown a second time")
	}
	raw := sqlstoretest.OpenRaw(t, e.dsn)
	var plain, hashed int
	if err := raw.QueryRow(`SELECT (SELECT COUNT(*) FROM invitations WHERE digest = '`+token+`'), (SELECT COUNT(*) FROM invitations WHERE digest = '`+sightline.HashSessionToken(token)+`')`).Scan(&plain, &hashed); err != nil {
		t.Fatal(err)
	}
	if plain != 0 || hashed != 1 {
		t.Errorf("invitations stored: %d by the token, %d by its digest; want 0 and 1", plain, hashed)
	}

	u, _ := url.Parse(link)
	n := e.client(t)
	resp, body = n.get(u.Path)
	wantStatus(t, resp, body, http.StatusOK)
	if !strings.Contains(body, "nina.park@taskloom.com") || !strings.Contains(body, `data-testid="invite-role">member<`) {
		t.Errorf("the invitation page does not say who and as what:\n%s", body)
	}
	resp, body = n.post(u.Path, url.Values{"password": {"short"}, "password_again": {"short"}})
	wantStatus(t, resp, body, http.StatusUnprocessableEntity)
	if !strings.Contains(body, "Password must be at least 12 characters long.") {
		t.Errorf("a short password is refused without saying why:\n%s", body)
	}
	const pw = "a long enough passphrase"
	resp, body = n.post(u.Path, url.Values{"password": {pw}, "password_again": {pw + "x"}})
	wantStatus(t, resp, body, http.StatusUnprocessableEntity)
	resp, _ = n.post(u.Path, url.Values{"name": {"Nina"}, "password": {pw}, "password_again": {pw}})
	wantRedirect(t, resp, "/")
	resp, body = n.get("/keys")
	wantStatus(t, resp, body, http.StatusOK)
	if !strings.Contains(body, "nina.park@taskloom.com") {
		t.Errorf("the invitee is not signed in:\n%.300s", body)
	}
	resp, body = n.get("/users")
	wantStatus(t, resp, body, http.StatusForbidden)
	if resp, body := e.client(t).get(u.Path); resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "was used already") {
		t.Errorf("a used link = %d:\n%s", resp.StatusCode, body)
	}

	member, _, err := e.db.FindSignInUser(t.Context(), "nina.park@taskloom.com")
	if err != nil || member.Role != sightline.RoleMember {
		t.Fatalf("invitee = %+v, %v", member, err)
	}
	resp, _ = a.post("/users/"+member.ID+"/role", url.Values{"role": {"admin"}})
	wantRedirect(t, resp, "/users")
	if resp, body := n.get("/users"); resp.StatusCode != http.StatusOK {
		t.Errorf("the new admin's users page = %d:\n%.300s", resp.StatusCode, body)
	}
	resp, _ = a.post("/users/"+member.ID+"/sessions/end", nil)
	wantRedirect(t, resp, "/users")
	if resp, _ := n.get("/keys"); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("after the sessions ended, the user's page = %d, want 303 to sign-in", resp.StatusCode)
	}
	resp, _ = a.post("/users/"+member.ID+"/disable", nil)
	wantRedirect(t, resp, "/users")
	if resp, _ := e.client(t).signIn("nina.park@taskloom.com", pw); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("a disabled user signs in: %d", resp.StatusCode)
	}
	if strings.Contains(logs.String(), token) {
		t.Error("the invitation token reached the log")
	}
	if !strings.Contains(logs.String(), "invitation accepted") {
		t.Errorf("no log line for the accepted invitation:\n%s", logs.String())
	}
	// The last admin cannot demote themselves.
	admin, _, _ := e.db.FindSignInUser(t.Context(), e.fix.DashboardUser.Email)
	resp, _ = a.post("/users/"+admin.ID+"/role", url.Values{"role": {"member"}})
	wantRedirect(t, resp, "/users")
	if _, body := a.get("/users"); !strings.Contains(flashOf(body), "last admin") {
		t.Errorf("demoting the last admin: flash %q", flashOf(body))
	}
}

// syncBuffer is a log destination the server's goroutines share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
