package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// The browser tests drive Debian's Chromium (the chromium package;
// scripts/test.sh installs it) headless through chromedp. Set
// SIGHTLINE_CHROMIUM to use another binary.

// chromiumPath returns the browser to drive, or skips the test loudly.
func chromiumPath(t *testing.T) string {
	t.Helper()
	candidates := []string{os.Getenv("SIGHTLINE_CHROMIUM"), "/usr/bin/chromium", "chromium", "chromium-browser"}
	for _, c := range candidates {
		if c == "" {
			continue
		}
		if p, err := exec.LookPath(c); err == nil {
			return p
		}
	}
	msg := "CHROMIUM NOT FOUND (install Debian's chromium package, or set SIGHTLINE_CHROMIUM) — the dashboard browser tests are NOT run"
	fmt.Fprintln(os.Stderr, "WARNING:", msg)
	t.Skip(msg)
	return ""
}

// newBrowser starts a fresh headless Chromium (its own profile directory)
// and returns a tab context that ends with the test. Chromium's background
// connections are turned off: the test machine may reach only loopback.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	exe := chromiumPath(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("lang", "en-US"),
		chromedp.WindowSize(1280, 900),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	// Start the browser with no deadline on its context (its life is the
	// test's, and the first run binds it to the context it gets); each step
	// then runs under its own timeout (see do and get).
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(ctx) }()
	select {
	case err := <-started:
		if err != nil {
			t.Fatalf("start %s: %v", exe, err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatalf("%s did not start within 2 minutes", exe)
	}
	return ctx
}

// stepTimeout bounds one browser step; a page under -race on a busy
// machine can take seconds.
const stepTimeout = 60 * time.Second

// do runs browser steps under the step timeout and fails the test on error.
func do(ctx context.Context, t *testing.T, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(sctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// get runs one browser action that returns a value.
func get[T any](ctx context.Context, t *testing.T, what string, a chromedp.Action[T]) T {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	v, err := chromedp.Run(sctx, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// artifactsDir is where the browser tests save screenshots: not committed
// (.gitignore), one directory per engine. SIGHTLINE_ARTIFACTS moves it.
func artifactsDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SIGHTLINE_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("..", "..", ".artifacts")
	}
	dir = filepath.Join(dir, "screenshots", sqlstoretest.Engine())
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("artifacts: %v", err)
	}
	return dir
}

// screenshot saves the whole page as dir/name.png.
func screenshot(ctx context.Context, t *testing.T, dir, name string) {
	t.Helper()
	png := get(ctx, t, "screenshot "+name, chromedp.FullScreenshot(100))
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatalf("save screenshot: %v", err)
	}
	t.Logf("screenshot: %s", path)
}

// text returns the trimmed text of the first element matching css.
func text(ctx context.Context, t *testing.T, css string) string {
	t.Helper()
	return strings.TrimSpace(get(ctx, t, "text of "+css, chromedp.Text(chromedp.CSS(css))))
}

// exists reports whether an element matches css now (no waiting).
func exists(ctx context.Context, t *testing.T, css string) bool {
	t.Helper()
	return get(ctx, t, "count "+css, chromedp.Evaluate[bool](fmt.Sprintf("document.querySelector(%q) !== null", css)))
}

// location returns the tab's URL.
func location(ctx context.Context, t *testing.T) string {
	t.Helper()
	return get(ctx, t, "location", chromedp.Location())
}

// navigate loads url and returns the main document's response (after
// redirects).
func navigate(ctx context.Context, t *testing.T, url string) *network.Response {
	t.Helper()
	return get(ctx, t, "open "+url, chromedp.NavigateResponse(url))
}

// clickAndWait clicks the element matching css and waits for the page the
// click loads; it returns that page's response.
func clickAndWait(ctx context.Context, t *testing.T, css string) *network.Response {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	resp, err := chromedp.RunResponse(sctx, chromedp.Click(chromedp.CSS(css)))
	if err != nil {
		t.Fatalf("click %s: %v", css, err)
	}
	return resp
}

// signIn opens the sign-in page, submits form#login and returns the
// response of the page it leads to.
func signIn(ctx context.Context, t *testing.T, base, email, password string) *network.Response {
	t.Helper()
	navigate(ctx, t, base+"/login")
	return submitLogin(ctx, t, email, password)
}

// submitLogin fills in the sign-in form already shown and submits it.
func submitLogin(ctx context.Context, t *testing.T, email, password string) *network.Response {
	t.Helper()
	do(ctx, t, "fill in the sign-in form",
		chromedp.WaitVisible(chromedp.CSS("form#login")),
		chromedp.SetValue(chromedp.CSS(`form#login input[name=email]`), email),
		chromedp.SetValue(chromedp.CSS(`form#login input[name=password]`), password),
	)
	return clickAndWait(ctx, t, `form#login button[type=submit]`)
}
