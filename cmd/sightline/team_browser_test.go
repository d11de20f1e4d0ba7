package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// startTeamDashboard runs `serve --demo` (which has a master key for
// webhook secrets) with --allow-insecure-webhooks, so that an endpoint may
// be a local receiver.
func startTeamDashboard(t *testing.T) *dashboardServer {
	t.Helper()
	cfg := DefaultConfig()
	cfg.DB, cfg.Addr, cfg.AdminToken = demoDSN(t), "127.0.0.1:0", ""
	var out lockedBuffer
	m := NewMain(cfg, &out, io.Discard)
	m.Demo, m.DemoDays = true, demoDays
	m.AllowInsecureWebhooks = true
	m.ShutdownTimeout = 10 * time.Second
	if err := m.Open(context.Background()); err != nil {
		m.Close()
		t.Fatalf("serve --demo: %v", err)
	}
	served := make(chan error, 1)
	go func() { served <- m.Server.Serve() }()
	t.Cleanup(func() {
		m.Close()
		<-served
	})
	email, pw := demoEmailRE.FindStringSubmatch(out.String()), demoPasswordRE.FindStringSubmatch(out.String())
	if email == nil || pw == nil {
		t.Fatalf("serve --demo printed no dashboard sign-in:\n%s", out.String())
	}
	return &dashboardServer{m: m, base: "http://" + m.Addr(), email: email[1], password: pw[1]}
}

// receiver is a local webhook endpoint that answers 204 and keeps what it
// got.
type receiver struct {
	mu    sync.Mutex
	posts []http.Header
	body  []string
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	rc.mu.Lock()
	rc.posts, rc.body = append(rc.posts, r.Header.Clone()), append(rc.body, string(b))
	rc.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// Team access and webhooks in a real browser against a real `serve`, on
// the engine under test: the admin creates a webhook to a local receiver,
// sees its secret once and the test delivery's attempt (HTTP 204); opens
// the signals page; invites a member and copies the link; the member sets
// a password through the link, is signed in, and is refused (403, with the
// reason) on the users and webhooks pages and on a webhook write made with
// the member's own session and CSRF token.
func TestDashboard_TeamBrowser(t *testing.T) {
	t.Parallel()
	chromiumPath(t)
	d := startTeamDashboard(t)
	rc := &receiver{}
	hooks := httptest.NewServer(rc)
	t.Cleanup(hooks.Close)
	ctx := newBrowser(t)
	shots := artifactsDir(t)
	docs := os.Getenv("SIGHTLINE_DOCS_SCREENSHOTS")
	problems := consoleProblems(ctx, t)
	acceptDialogs(ctx, t)
	snap := func(name string) {
		t.Helper()
		screenshot(ctx, t, shots, name)
		if docs != "" {
			shoot(ctx, t, docs, name)
		}
	}

	if resp := signIn(ctx, t, d.base, d.email, d.password); resp.Status != http.StatusOK {
		t.Fatalf("sign-in led to a %d page", resp.Status)
	}
	brandURL := location(ctx, t)

	// Webhooks: create, the secret once, a test delivery with its attempt.
	navigate(ctx, t, d.base+"/webhooks")
	if !exists(ctx, t, `[data-testid="webhooks-empty"]`) {
		t.Error("the webhooks page has no empty state")
	}
	do(ctx, t, "fill in the webhook form",
		chromedp.SetValue(chromedp.CSS(`form#create-webhook input[name=url]`), hooks.URL+"/sightline"),
		chromedp.SetValue(chromedp.CSS(`form#create-webhook input[name=description]`), "Alerts channel"),
		chromedp.Click(chromedp.CSS(`form#create-webhook input[value="visibility.dropped"]`)),
		chromedp.Click(chromedp.CSS(`form#create-webhook input[value="share_of_voice.overtaken"]`)),
	)
	if resp := clickAndWait(ctx, t, `[data-testid="webhook-create"]`); resp.Status != http.StatusOK {
		t.Fatalf("creating the webhook led to a %d page", resp.Status)
	}
	hookURL := location(ctx, t)
	if sec := text(ctx, t, `[data-testid="webhook-secret"]`); !strings.HasPrefix(sec, "whsec_") {
		t.Errorf("the new webhook's secret reads %q", sec)
	}
	clickAndWait(ctx, t, `[data-testid="webhook-test"]`)
	var attempt string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
		navigate(ctx, t, hookURL)
		if exists(ctx, t, `[data-testid="attempt-status"]`) {
			attempt = text(ctx, t, `[data-testid="attempt-status"]`)
			break
		}
	}
	if attempt != "HTTP 204" || text(ctx, t, `[data-testid="delivery-status"]`) != "succeeded" {
		t.Errorf("the test delivery's attempt reads %q, status %q; want HTTP 204, succeeded", attempt, text(ctx, t, `[data-testid="delivery-status"]`))
	}
	if exists(ctx, t, `[data-testid="webhook-secret"]`) {
		t.Error("the webhook's secret is shown again")
	}
	rc.mu.Lock()
	got := len(rc.posts)
	signed := got > 0 && strings.HasPrefix(rc.posts[0].Get("Webhook-Signature"), "v1,") && strings.Contains(rc.body[0], `"ping"`)
	rc.mu.Unlock()
	if got != 1 || !signed {
		t.Errorf("the receiver got %d posts (signed ping: %v), want one", got, signed)
	}
	snap("webhook")
	navigate(ctx, t, d.base+"/webhooks")
	snap("webhooks")

	// Signals of the demo brand.
	navigate(ctx, t, brandURL+"/signals")
	if !exists(ctx, t, `[data-testid="signal"]`) && !exists(ctx, t, `[data-testid="signals-empty"]`) {
		t.Error("the signals page shows neither signals nor an empty state")
	}
	snap("signals")

	// Invite a member.
	navigate(ctx, t, d.base+"/users")
	do(ctx, t, "fill in the invitation",
		chromedp.SetValue(chromedp.CSS(`form#invite-user input[name=email]`), "nina.park@taskloom.com"),
		chromedp.SetValue(chromedp.CSS(`form#invite-user select[name=role]`), "member"),
	)
	clickAndWait(ctx, t, `[data-testid="invite-submit"]`)
	link := text(ctx, t, `[data-testid="invite-link"]`)
	if !strings.HasPrefix(link, d.base+"/invite/") {
		t.Fatalf("the invitation link reads %q", link)
	}
	if st := text(ctx, t, `[data-testid="invitation-status"]`); st != "pending" {
		t.Errorf("the invitation's status reads %q", st)
	}
	snap("users")
	clickAndWait(ctx, t, `[data-testid="sign-out"]`)

	// The member joins through the link and is signed in.
	navigate(ctx, t, link)
	if role := text(ctx, t, `[data-testid="invite-role"]`); role != "member" {
		t.Errorf("the invitation page names the role %q", role)
	}
	snap("invite")
	const pw = "nina's long passphrase"
	do(ctx, t, "choose a password",
		chromedp.SetValue(chromedp.CSS(`form#accept-invite input[name=name]`), "Nina Park"),
		chromedp.SetValue(chromedp.CSS(`form#accept-invite input[name=password]`), pw),
		chromedp.SetValue(chromedp.CSS(`form#accept-invite input[name=password_again]`), pw),
	)
	if resp := clickAndWait(ctx, t, `form#accept-invite button[type=submit]`); resp.Status != http.StatusOK {
		t.Fatalf("accepting the invitation led to a %d page", resp.Status)
	}
	if who := text(ctx, t, `.who`); !strings.HasPrefix(who, "nina.park@taskloom.com") {
		t.Fatalf("after the invitation the page is for %q", who)
	}
	if exists(ctx, t, `a[href="/users"]`) || exists(ctx, t, `a[href="/webhooks"]`) || exists(ctx, t, `a[href="/providers"]`) {
		t.Error("a member's navigation links the admin pages")
	}
	for _, p := range []string{"/users", "/webhooks", strings.TrimPrefix(hookURL, d.base), "/providers"} {
		resp := navigate(ctx, t, d.base+p)
		if resp.Status != http.StatusForbidden || !strings.Contains(text(ctx, t, "main"), "your role is member") {
			t.Errorf("a member at %s: %d %q", p, resp.Status, text(ctx, t, "main"))
		}
	}
	snap("forbidden")
	// A write with the member's own session and form token is refused too.
	navigate(ctx, t, d.base+"/keys")
	csrf := get(ctx, t, "csrf token", chromedp.Evaluate[string](`document.querySelector('input[name=csrf_token]').value`))
	cookie := sessionCookie(ctx, t, d.base)
	for _, p := range []string{strings.TrimPrefix(hookURL, d.base) + "/test", "/users/invite", "/providers/chatgpt"} {
		req, _ := http.NewRequest(http.MethodPost, d.base+p, strings.NewReader(url.Values{"csrf_token": {csrf}, "email": {"x@example.com"}, "role": {"admin"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", d.base)
		req.AddCookie(&http.Cookie{Name: cookie.Name, Value: cookie.Value})
		resp, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "your role is member") {
			t.Errorf("a member's POST %s = %d", p, resp.StatusCode)
		}
	}
	rc.mu.Lock()
	if len(rc.posts) != 1 {
		t.Errorf("the receiver got %d posts after the member's refused test, want 1", len(rc.posts))
	}
	rc.mu.Unlock()

	// The new pages fit a 375 px screen and label every field.
	do(ctx, t, "phone viewport", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile))
	navigate(ctx, t, brandURL+"/signals")
	checkPage(ctx, t, brandURL+"/signals")
	do(ctx, t, "desktop viewport", chromedp.EmulateViewport(1280, 900))
	clickAndWait(ctx, t, `[data-testid="sign-out"]`)
	signIn(ctx, t, d.base, d.email, d.password)
	do(ctx, t, "phone viewport", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile))
	for _, p := range []string{"/users", "/webhooks", strings.TrimPrefix(hookURL, d.base)} {
		navigate(ctx, t, d.base+p)
		checkPage(ctx, t, d.base+p)
	}
	do(ctx, t, "desktop viewport", chromedp.EmulateViewport(1280, 900))
	if p := problems(); len(p) > 0 {
		t.Errorf("the browser reported problems: %v", p)
	}
}
