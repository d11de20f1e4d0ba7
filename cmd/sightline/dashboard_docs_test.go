package main

import (
	"context"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/demo"
)

// TestDashboard_DocsScreenshots takes the screenshots of docs/dashboard.md
// from `serve --demo` (the full 60-day demo data set, on SQLite). It runs
// only when asked:
//
//	SIGHTLINE_DOCS_SCREENSHOTS=$PWD/docs/images go test -run DocsScreenshots ./cmd/sightline
//
// then shrink the files as docs/dashboard.md says. Narrow (375 px) views
// go to the same directory with a -375 suffix. Long pages are cut at
// maxHeight: the documentation shows their top.
func TestDashboard_DocsScreenshots(t *testing.T) {
	dir := os.Getenv("SIGHTLINE_DOCS_SCREENSHOTS")
	if dir == "" {
		t.Skip("set SIGHTLINE_DOCS_SCREENSHOTS to a directory to take the documentation's screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	ctx := newBrowser(t)
	cfg := DefaultConfig()
	cfg.DB, cfg.Addr = "sqlite:"+filepath.Join(t.TempDir(), "demo.db"), "127.0.0.1:0"
	var out lockedBuffer
	m := NewMain(cfg, &out, io.Discard)
	m.Demo, m.DemoDays = true, demo.DefaultDays
	if err := m.Open(context.Background()); err != nil {
		m.Close()
		t.Fatal(err)
	}
	go m.Server.Serve()
	t.Cleanup(func() { m.Close() })
	email := regexp.MustCompile(`(?m)^  email:\s+(\S+)$`).FindStringSubmatch(out.String())
	pw := regexp.MustCompile(`(?m)^  password:\s+(\S+)$`).FindStringSubmatch(out.String())
	if email == nil || pw == nil {
		t.Fatalf("serve --demo printed no dashboard sign-in:\n%s", out.String())
	}
	base := "http://" + m.Addr()
	navigate(ctx, t, base+"/login")
	shoot(ctx, t, dir, "login")
	submitLogin(ctx, t, email[1], pw[1])
	overview := location(ctx, t)

	do(ctx, t, "create a key",
		chromedp.Navigate(base+"/keys"),
		chromedp.SetValue(chromedp.CSS(`form#create-key input[name=name]`), "Weekly report"),
		chromedp.SetValue(chromedp.CSS(`form#create-key input[name=expires_at]`), time.Now().UTC().AddDate(1, 0, 0).Format(time.DateOnly)),
	)
	clickAndWait(ctx, t, `form#create-key button[type=submit]`)
	shoot(ctx, t, dir, "keys")
	for _, p := range []struct{ name, url string }{
		{"overview", overview},
		{"citations", overview + "/citations"},
		{"recommendations", overview + "/recommendations"},
		{"topics", overview + "/topics"},
		{"opportunities", overview + "/opportunities"},
		{"opportunity", ""},
		{"answers", overview + "/runs"},
		{"prompts", overview + "/prompts"},
		{"agents", overview + "/agents"},
		{"setup", overview + "/setup"},
		{"providers", base + "/providers"},
		{"answer", ""},
	} {
		if p.name == "answer" {
			navigate(ctx, t, overview+"/runs?mentions="+path.Base(overview))
			clickAndWait(ctx, t, `[data-testid="run-link"]`)
			shoot(ctx, t, dir, p.name)
			continue
		}
		if p.name == "opportunity" {
			navigate(ctx, t, overview+"/opportunities")
			clickAndWait(ctx, t, `[data-testid="opportunities-table"] tbody a`)
			shoot(ctx, t, dir, p.name)
			continue
		}
		navigate(ctx, t, p.url)
		shoot(ctx, t, dir, p.name)
	}

	// Collection health: the last slot's six attempts failed, so the
	// admin sees the banner, and the set-up page's card counts them.
	failAttempts(t, m, email[1], path.Base(overview))
	navigate(ctx, t, overview+"/runs?status=failed")
	shoot(ctx, t, dir, "failing")
	navigate(ctx, t, overview+"/setup#collection-health")
	shoot(ctx, t, dir, "health")
}

// failAttempts records six failed collection attempts of the brand of
// the user signing in with email, in today's slot, as a provider without a key and an overloaded one leave
// them.
func failAttempts(t *testing.T, m *Main, email, brandID string) {
	t.Helper()
	ctx := context.Background()
	user, _, err := m.DB.FindSignInUser(ctx, email)
	if err != nil {
		t.Fatal(err)
	}
	brand, err := m.DB.FindBrandByID(ctx, user.OrgID, brandID)
	if err != nil {
		t.Fatal(err)
	}
	prompts, _, err := m.DB.FindPrompts(ctx, brand.OrgID, brandID, sightline.PromptFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: 1}})
	if err != nil || len(prompts) == 0 {
		t.Fatalf("prompts: %v", err)
	}
	slot := time.Now().UTC().Truncate(24 * time.Hour)
	for i, f := range []struct{ provider, code, msg string }{
		{"gemini", sightline.ReasonNoKey, "The organization has no key for gemini: set one on the provider keys page."},
		{"chatgpt", "server_error", "The provider answered 503 Service Unavailable three times."},
		{"gemini", sightline.ReasonNoKey, "The organization has no key for gemini: set one on the provider keys page."},
		{"chatgpt", "server_error", "The provider answered 503 Service Unavailable three times."},
		{"chatgpt", "server_error", "The provider answered 503 Service Unavailable three times."},
		{"gemini", sightline.ReasonNoKey, "The organization has no key for gemini: set one on the provider keys page."},
	} {
		at := slot.Add(time.Duration(i) * time.Minute)
		a := &sightline.CollectionAttempt{OrgID: brand.OrgID, BrandID: brandID, PromptID: prompts[0].ID, Provider: f.provider, Region: "us",
			Slot: slot, Sample: i + 1, Status: sightline.AttemptFailed, ReasonCode: &f.code, Reason: &f.msg, Tries: 3, StartedAt: at, FinishedAt: at}
		if err := m.DB.RecordCollectionAttempt(ctx, a, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// maxHeight cuts long pages in the documentation's screenshots.
const maxHeight = 1700

// shoot saves the page at 1280 px and at 375 px wide, at most maxHeight
// high.
func shoot(ctx context.Context, t *testing.T, dir, name string) {
	t.Helper()
	for _, v := range []struct {
		suffix string
		width  int64
		opts   []chromedp.EmulateViewportOption
	}{{"", 1280, nil}, {"-375", 375, []chromedp.EmulateViewportOption{chromedp.EmulateMobile}}} {
		do(ctx, t, "viewport", chromedp.EmulateViewport(v.width, maxHeight, v.opts...))
		h := get(ctx, t, "page height", chromedp.Evaluate[int64](`Math.ceil(document.querySelector("main").getBoundingClientRect().bottom)`))
		do(ctx, t, "viewport", chromedp.EmulateViewport(v.width, min(h, maxHeight), v.opts...))
		png := get(ctx, t, "screenshot "+name, chromedp.CaptureScreenshot())
		if err := os.WriteFile(filepath.Join(dir, name+v.suffix+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	do(ctx, t, "wide viewport", chromedp.EmulateViewport(1280, 900))
}
