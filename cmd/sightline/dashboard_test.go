package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

var (
	demoEmailRE    = regexp.MustCompile(`(?m)^  email:\s+(\S+)$`)
	demoPasswordRE = regexp.MustCompile(`(?m)^  password:\s+(\S+)$`)
)

// dashboardServer is a running `serve --demo` with what it printed.
type dashboardServer struct {
	m               *Main
	dsn             string // its database
	base            string // http://127.0.0.1:port
	key             string // the demo API key
	email, password string // the demo dashboard user
}

// startDashboard runs `serve --demo` on a copy of a database where the
// demo data set is loaded (demoDSN): it prints a new key and dashboard
// password, as on any database that holds the demo.
func startDashboard(t *testing.T) *dashboardServer {
	t.Helper()
	return startDashboardOn(t, demoDSN(t))
}

// startDashboardOn runs `serve --demo` on dsn.
func startDashboardOn(t *testing.T, dsn string) *dashboardServer {
	t.Helper()
	cfg := DefaultConfig()
	cfg.DB, cfg.Addr, cfg.AdminToken = dsn, "127.0.0.1:0", ""
	var out lockedBuffer
	m := NewMain(cfg, &out, io.Discard)
	m.Demo, m.DemoDays = true, demoDays
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
	key, email, pw := demoKeyRE.FindStringSubmatch(out.String()), demoEmailRE.FindStringSubmatch(out.String()), demoPasswordRE.FindStringSubmatch(out.String())
	if key == nil || email == nil || pw == nil {
		t.Fatalf("serve --demo did not print a key and a dashboard sign-in:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "Dashboard: http://"+m.Addr()+"/") {
		t.Errorf("serve --demo did not print the dashboard's address:\n%s", out.String())
	}
	return &dashboardServer{m: m, dsn: dsn, base: "http://" + m.Addr(), key: key[1], email: email[1], password: pw[1]}
}

// api calls the REST API with key and decodes the JSON body into v (when
// not nil); it returns the status.
func (d *dashboardServer) api(t *testing.T, method, path, key string, v any) int {
	t.Helper()
	req, err := http.NewRequest(method, d.base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-API-KEY", key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if v != nil && resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(body, v); err != nil {
			t.Fatalf("%s %s: %v\n%s", method, path, err, body)
		}
	}
	return resp.StatusCode
}

// noRedirect is a client that shows redirects instead of following them.
var noRedirect = &http.Client{
	Timeout:       30 * time.Second,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// ownMetrics reads the brand's own row of GET …/share_of_voice over the
// default window (no parameters), as the three numbers the overview shows.
func (d *dashboardServer) ownMetrics(t *testing.T, brandID string) [3]string {
	t.Helper()
	return d.ownMetricsQuery(t, brandID, "")
}

// ownMetricsQuery is ownMetrics under more query parameters.
func (d *dashboardServer) ownMetricsQuery(t *testing.T, brandID, query string) [3]string {
	t.Helper()
	var sov struct {
		Data []struct {
			Kind             string `json:"kind"`
			AggregateMetrics struct {
				Visibility   float64 `json:"visibility"`
				ShareOfVoice float64 `json:"share_of_voice"`
				Sentiment    float64 `json:"sentiment"`
			} `json:"aggregate_metrics"`
		} `json:"data"`
	}
	if st := d.api(t, http.MethodGet, "/api/v2/brands/"+brandID+"/share_of_voice?page_size=100&"+query, d.key, &sov); st != http.StatusOK {
		t.Fatalf("GET share_of_voice = %d", st)
	}
	for _, row := range sov.Data {
		if row.Kind == "own" {
			m := row.AggregateMetrics
			one := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
			return [3]string{one(m.Visibility), one(m.ShareOfVoice), one(m.Sentiment)}
		}
	}
	t.Fatalf("share_of_voice has no own row: %+v", sov.Data)
	return [3]string{}
}

// consoleProblems collects the page errors the browser reports (script
// exceptions, Content-Security-Policy violations, failed loads of assets)
// until the test ends. Pages answered with an error status on purpose (a
// wrong password, a bad parameter) are no problem.
func consoleProblems(ctx context.Context, t *testing.T) func() []string {
	t.Helper()
	var mu sync.Mutex
	var problems []string
	lctx, cancel := context.WithCancel(ctx)
	msgs := chromedp.Console(lctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range msgs {
			if err != nil {
				return
			}
			expected := strings.HasPrefix(m.Text, "Failed to load resource: the server responded with a status of") &&
				!strings.Contains(m.URL, "/static/")
			if m.IsException() || (m.Type == "error" && !expected) {
				mu.Lock()
				problems = append(problems, fmt.Sprintf("%s (%s)", m.Text, m.URL))
				mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() { cancel(); <-done })
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), problems...)
	}
}

// acceptDialogs accepts every confirm() the page opens (revoking a key
// asks first).
func acceptDialogs(ctx context.Context, t *testing.T) {
	t.Helper()
	dctx, cancel := context.WithCancel(ctx)
	dialogs := chromedp.Events(dctx, page.JavascriptDialogOpening)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, err := range dialogs {
			if err != nil {
				return
			}
			if _, err := chromedp.Call(dctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true}); err != nil && dctx.Err() == nil {
				t.Errorf("accept a dialog: %v", err)
			}
		}
	}()
	t.Cleanup(func() { cancel(); <-done })
}

// checkPage fails when the page is wider than the screen, or when a form
// field has no label (a <label for>, a wrapping <label> or aria-label).
func checkPage(ctx context.Context, t *testing.T, page string) {
	t.Helper()
	// A mobile browser widens its layout to the widest element and zooms
	// out, so the page's width is compared with the screen's.
	w := get(ctx, t, "widths", chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, screen.width]`))
	if w[0] > w[1] {
		t.Errorf("%s is %d px wide on a %d px screen", page, w[0], w[1])
	}
	// Wide tables scroll inside their box, and so does the tab row: none
	// is cut off.
	loose := get(ctx, t, "tables", chromedp.Evaluate[int](`[...document.querySelectorAll('main table')].filter(t => !t.closest('.table-wrap')).length`))
	if loose > 0 {
		t.Errorf("%s has %d tables outside a scrolling box", page, loose)
	}
	nav := get(ctx, t, "tab row", chromedp.Evaluate[[]string](`(() => { const n = document.querySelector('.mainnav-inner');
		return n ? [getComputedStyle(n).overflowX, String(n.scrollWidth > n.clientWidth)] : ["none", "false"] })()`))
	if nav[0] != "none" && nav[0] != "auto" && nav[0] != "scroll" {
		t.Errorf("%s: the tab row does not scroll (overflow-x %s)", page, nav[0])
	}
	unlabelled := get(ctx, t, "labels", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('input:not([type=hidden]), select, textarea'))
		.filter(e => e.labels.length === 0 && !e.getAttribute('aria-label')).map(e => e.outerHTML)`))
	if len(unlabelled) > 0 {
		t.Errorf("%s has fields without a label: %v", page, unlabelled)
	}
}

// sessionCookie returns the browser's session cookie.
func sessionCookie(ctx context.Context, t *testing.T, base string) *network.Cookie {
	t.Helper()
	cctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	res, err := chromedp.Call(cctx, network.GetCookies, network.GetCookiesParams{URLs: []string{base + "/"}})
	if err != nil {
		t.Fatalf("cookies: %v", err)
	}
	for _, c := range res.Cookies {
		if c.Name == "sightline_session" {
			return c
		}
	}
	return nil
}

// The dashboard's "Done when" in a real browser against a real `serve`, on
// the engine under test (SIGHTLINE_TEST_DB): sign in; create a key whose
// secret shows once and works on the API; revoke it in the page and see
// the API refuse it; move a recommendation on the board and read its new
// state through the API; the overview's numbers are the API's; sign-out
// ends the session; a post without the CSRF token gets 403; the sixth
// wrong password in a minute is refused. Screenshots of every page go to
// the artifacts directory.
func TestDashboard_Browser(t *testing.T) {
	t.Parallel()
	chromiumPath(t) // skip (loudly) before loading data when there is no browser
	d := startDashboard(t)
	ctx := newBrowser(t)
	shots := artifactsDir(t)
	problems := consoleProblems(ctx, t)
	acceptDialogs(ctx, t)

	// Signed out, / leads to the sign-in page.
	resp, err := noRedirect.Get(d.base + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/login") {
		t.Fatalf("GET / signed out = %d to %q, want 303 to /login", resp.StatusCode, loc)
	}
	navigate(ctx, t, d.base+"/")
	if u, _ := url.Parse(location(ctx, t)); u.Path != "/login" {
		t.Fatalf("the browser at / shows %s, want /login", u)
	}
	screenshot(ctx, t, shots, "login")

	// Sign in: the demo organization has one brand, so / shows its overview.
	if resp := signIn(ctx, t, d.base, d.email, d.password); resp.Status != http.StatusOK {
		t.Fatalf("sign-in led to a %d page", resp.Status)
	}
	overviewURL := location(ctx, t)
	brandID := strings.TrimPrefix(overviewURL, d.base+"/brands/")
	if !regexp.MustCompile(`^[0-9a-f-]{36}$`).MatchString(brandID) {
		t.Fatalf("after sign-in the browser is at %s, want the brand's overview", overviewURL)
	}
	cookie := sessionCookie(ctx, t, d.base)
	if cookie == nil || !cookie.HTTPOnly || cookie.SameSite != network.CookieSameSiteLax || cookie.Secure {
		t.Errorf("session cookie %+v: want HttpOnly, SameSite=Lax, not Secure over plain HTTP", cookie)
	}

	t.Run("Overview", func(t *testing.T) {
		// The page and the API read the clock separately: retry in the
		// rare case that the default window moved between them.
		for attempt := 0; ; attempt++ {
			before := d.ownMetrics(t, brandID)
			navigate(ctx, t, overviewURL)
			got := [3]string{text(ctx, t, `[data-testid="metric-visibility"]`), text(ctx, t, `[data-testid="metric-share-of-voice"]`), text(ctx, t, `[data-testid="metric-sentiment"]`)}
			after := d.ownMetrics(t, brandID)
			if before != after && attempt < 3 {
				continue
			}
			if got != after {
				t.Errorf("overview shows visibility, share of voice, sentiment %v; the API's own row is %v", got, after)
			}
			if got == [3]string{"0.0", "0.0", "0.0"} {
				t.Errorf("the demo brand's overview shows only zeros")
			}
			break
		}
		// One provider's row of the table is the API's own row under
		// filter[provider_ids] for that provider.
		for attempt := 0; ; attempt++ {
			navigate(ctx, t, overviewURL)
			id := get(ctx, t, "provider id", chromedp.Evaluate[string](`document.querySelector('[data-testid="provider-row"]').dataset.providerId`))
			row := `[data-provider-id="` + id + `"] `
			got := [3]string{text(ctx, t, row+`[data-testid="provider-visibility"]`), text(ctx, t, row+`[data-testid="provider-share-of-voice"]`),
				text(ctx, t, row+`[data-testid="provider-sentiment"]`)}
			want := d.ownMetricsQuery(t, brandID, "filter[provider_ids]="+id)
			if got != want && attempt < 3 {
				continue
			}
			if got != want || got[0] == "—" {
				t.Errorf("the overview's row of provider %s shows %v; the API's filter[provider_ids] %v", id, got, want)
			}
			break
		}
		lines := get(ctx, t, "chart lines", chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="mention-share-chart"] svg.chart-wide polyline').length`))
		if lines < 2 {
			t.Errorf("the mention share chart draws %d lines, want the brand and its competitors", lines)
		}
		screenshot(ctx, t, shots, "overview")
		// Week granularity keeps the window in the URL and draws fewer points.
		navigate(ctx, t, overviewURL+"?granularity=week")
		if !exists(ctx, t, `[data-testid="mention-share-chart"] svg circle`) {
			t.Error("the weekly chart has no points")
		}
	})

	t.Run("Pages", func(t *testing.T) {
		for _, p := range []struct{ name, path, want string }{
			{"citations", "/citations", `[data-testid="pages-table"] tbody tr`},
			{"topics", "/topics", `[data-testid="topic-row"]`},
			{"opportunities", "/opportunities", `[data-testid="compute-status"]`},
		} {
			resp := navigate(ctx, t, overviewURL+p.path)
			if resp.Status != http.StatusOK {
				t.Errorf("%s: status %d", p.name, resp.Status)
			}
			if !exists(ctx, t, p.want) {
				t.Errorf("%s: no %s", p.name, p.want)
			}
			screenshot(ctx, t, shots, p.name)
		}
		// the citations page shows, on request, the pages read but not
		// cited: the demo's runs read the brand's topic guides
		navigate(ctx, t, overviewURL+"/citations")
		if exists(ctx, t, `[data-testid="retrieved-table"]`) {
			t.Error("the read-but-not-cited table shows before it is asked for")
		}
		if resp := clickAndWait(ctx, t, `[data-testid="retrieved-show"]`); resp.Status != http.StatusOK {
			t.Errorf("read, not cited: status %d", resp.Status)
		}
		rows := get(ctx, t, "retrieved rows", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('[data-testid="retrieved-row"]')).map(r => r.cells[0].innerText + " " + r.cells[3].innerText + " " + r.cells[4].innerText)`))
		guides := 0
		for _, r := range rows {
			if strings.Contains(r, "/guides/") && strings.Contains(strings.ToLower(r), "owned") {
				guides++
			}
			if f := strings.Fields(r); len(f) == 0 || f[len(f)-1] == "0" {
				t.Errorf("read-but-not-cited row %q: no reading answer", r)
			}
		}
		if len(rows) == 0 || guides == 0 {
			t.Errorf("read, not cited: %d rows, %d owned guides; want the brand's guides", len(rows), guides)
		}
		screenshot(ctx, t, shots, "citations-retrieved")
		// a run's page: its searches (or why there are none) and the pages
		// its provider read without citing them
		navigate(ctx, t, overviewURL+"/runs")
		if resp := clickAndWait(ctx, t, `[data-testid="run-link"]`); resp.Status != http.StatusOK {
			t.Fatalf("run page: status %d", resp.Status)
		}
		provider := text(ctx, t, `[data-testid="run-provider"]`)
		listed, none, unknown := exists(ctx, t, `[data-testid="run-search-queries"] li`), exists(ctx, t, `[data-testid="run-search-queries-none"]`),
			exists(ctx, t, `[data-testid="run-search-queries-unknown"]`)
		if reports := provider != "perplexity" && provider != "google_ai_overviews"; (listed || none) != reports || unknown == reports || (listed && none) {
			t.Errorf("%s run: queries listed %v, none %v, unknown %v", provider, listed, none, unknown)
		}
		if !exists(ctx, t, `[data-testid="run-uncited-sources"] tbody tr`) && !exists(ctx, t, `[data-testid="run-uncited-none"]`) {
			t.Errorf("%s run: no read-but-not-cited section", provider)
		}
		screenshot(ctx, t, shots, "run")
		// one opportunity, the brand chooser
		navigate(ctx, t, overviewURL+"/opportunities")
		if resp := clickAndWait(ctx, t, `[data-testid="opportunities-table"] tbody a`); resp.Status != http.StatusOK || !exists(ctx, t, ".metric-value") {
			t.Errorf("opportunity detail: status %d", resp.Status)
		}
		screenshot(ctx, t, shots, "opportunity")
		navigate(ctx, t, d.base+"/brands")
		if !exists(ctx, t, `[data-testid="brand-link"]`) {
			t.Error("the brand chooser lists no brand")
		}
		screenshot(ctx, t, shots, "brands")
		// A bad parameter names itself on an HTML error page.
		resp := navigate(ctx, t, overviewURL+"/citations?start=yesterday")
		if msg := text(ctx, t, `[data-testid="error-message"]`); resp.Status != http.StatusBadRequest || !strings.Contains(msg, "start") {
			t.Errorf("?start=yesterday: %d %q, want 400 naming start", resp.Status, msg)
		}
		if h := resp.Headers["Content-Security-Policy"]; h == nil || strings.Contains(fmt.Sprint(h), "unsafe-inline") || !strings.Contains(fmt.Sprint(h), "frame-ancestors 'none'") {
			t.Errorf("Content-Security-Policy %v", h)
		}
		screenshot(ctx, t, shots, "error")
	})

	// The AI crawlers page shows the numbers of GET …/agents/overview,
	// …/agents/pages and …/agents/referrals over the same default window,
	// and they are the hand count of the demo's visits and referrals.
	t.Run("Agents", func(t *testing.T) {
		b := "/api/v2/brands/" + brandID + "/agents"
		var ov struct{ Data sightline.AgentOverview }
		var pages, gap struct {
			Data []sightline.AgentPageRow
			Meta sightline.PageMeta
		}
		var refs struct {
			Data []sightline.AIReferralRow
			Meta struct {
				sightline.PageMeta
				sightline.AIReferralMeta
			}
		}
		for path, v := range map[string]any{"/overview": &ov, "/pages": &pages, "/pages?filter[cited_not_crawled]=true": &gap, "/referrals": &refs} {
			if st := d.api(t, http.MethodGet, b+path, d.key, v); st != http.StatusOK {
				t.Fatalf("GET %s = %d", b+path, st)
			}
		}
		referred := 0
		for _, s := range refs.Meta.BySource {
			referred += s.Visits
		}
		navigate(ctx, t, overviewURL+"/agents")
		want := map[string]string{"agents-visits": thousands(ov.Data.Visits), "agents-verified-visits": thousands(ov.Data.VerifiedVisits),
			"agents-pages-visited": thousands(ov.Data.PagesVisited), "agents-referrals": thousands(referred)}
		for id, w := range want {
			if got := text(ctx, t, `[data-testid="`+id+`"]`); got != w {
				t.Errorf("%s shows %q; the API says %s", id, got, w)
			}
		}
		if ov.Data.Visits == 0 || ov.Data.VerifiedVisits == 0 || referred == 0 || exists(ctx, t, `[data-testid="agents-empty"]`) {
			t.Errorf("the demo's AI crawlers page is empty: %+v, %d referrals", ov.Data, referred)
		}
		hand := d.agentHandCount(t, brandID)
		if got := [4]string{text(ctx, t, `[data-testid="agents-visits"]`), text(ctx, t, `[data-testid="agents-verified-visits"]`),
			text(ctx, t, `[data-testid="agents-pages-visited"]`), text(ctx, t, `[data-testid="agents-referrals"]`)}; got != hand.figures {
			t.Errorf("the AI crawlers page shows visits, verified, pages, referrals %v; the hand count of the demo's facts is %v", got, hand.figures)
		}
		rows := get(ctx, t, "page rows", chromedp.Evaluate[[][3]string](`Array.from(document.querySelectorAll('[data-testid="agent-page"]')).map(r =>
			[r.dataset.page, r.querySelector('[data-testid="agent-page-visits"]').textContent, r.querySelector('[data-testid="agent-page-citations"]').textContent])`))
		if len(rows) != len(pages.Data) {
			t.Fatalf("the pages table has %d rows; the API's first page %d", len(rows), len(pages.Data))
		}
		for i, r := range pages.Data {
			if w := [3]string{r.Page, thousands(r.Visits), thousands(r.CitationCount)}; rows[i] != w {
				t.Errorf("pages row %d shows %v; the API's is %v", i, rows[i], w)
			}
		}
		for i, r := range rows {
			if i >= len(hand.pages) {
				t.Errorf("pages row %d shows %v; the hand count has %d pages", i, r, len(hand.pages))
			} else if r != hand.pages[i] {
				t.Errorf("pages row %d shows %v; the hand count's is %v", i, r, hand.pages[i])
			}
		}
		screenshot(ctx, t, shots, "agents")
		// the cited-not-crawled tab lists the API's rows of that filter
		navigate(ctx, t, overviewURL+"/agents?tab=cited_not_crawled")
		n := get(ctx, t, "gap rows", chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="agent-page"]').length`))
		if gap.Meta.TotalItems == 0 || n != len(gap.Data) {
			t.Errorf("cited, not crawled: %d rows shown, the API has %d (of %d)", n, len(gap.Data), gap.Meta.TotalItems)
		}
		refRows := get(ctx, t, "referral rows", chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="referral"]').length`))
		if refRows != len(refs.Data) {
			t.Errorf("the referrals table has %d rows; the API's first page %d", refRows, len(refs.Data))
		}
	})

	// Every page fits a 375 px screen (tables scroll inside their box, the
	// page itself does not), and every form field has a label.
	t.Run("NarrowAndLabelled", func(t *testing.T) {
		do(ctx, t, "phone viewport", chromedp.EmulateViewport(375, 812, chromedp.EmulateMobile))
		defer do(ctx, t, "desktop viewport", chromedp.EmulateViewport(1280, 900))
		for _, p := range []string{"", "/citations", "/topics", "/recommendations", "/opportunities", "/runs", "/prompts", "/setup", "/signals", "/agents"} {
			navigate(ctx, t, overviewURL+p)
			checkPage(ctx, t, overviewURL+p)
		}
		// the tab row of a brand holds more than 375 px: it scrolls
		if wide := get(ctx, t, "tab row width", chromedp.Evaluate[bool](`(n => n.scrollWidth > n.clientWidth)(document.querySelector('.mainnav-inner'))`)); !wide {
			t.Error("the brand's tab row fits 375 px: the scrolling check above checks nothing")
		}
		navigate(ctx, t, overviewURL+"/runs")
		clickAndWait(ctx, t, `[data-testid="run-link"]`)
		checkPage(ctx, t, "a run")
		for _, p := range []string{"/keys", "/brands", "/providers"} {
			navigate(ctx, t, d.base+p)
			checkPage(ctx, t, d.base+p)
		}
		navigate(ctx, t, overviewURL+"/prompts")
		screenshot(ctx, t, shots, "prompts-375")
		navigate(ctx, t, d.base+"/keys")
		screenshot(ctx, t, shots, "keys-375")
		navigate(ctx, t, overviewURL)
		screenshot(ctx, t, shots, "overview-375")
	})

	var keyName = "browser test key"
	var secret, keyID string
	t.Run("CreateKey", func(t *testing.T) {
		navigate(ctx, t, d.base+"/keys")
		do(ctx, t, "fill in the key form",
			chromedp.SetValue(chromedp.CSS(`form#create-key input[name=name]`), keyName),
			chromedp.SetValue(chromedp.CSS(`form#create-key input[name=expires_at]`), time.Now().UTC().AddDate(1, 0, 0).Format(time.DateOnly)),
		)
		clickAndWait(ctx, t, `form#create-key button[type=submit]`)
		secret = text(ctx, t, `[data-testid="new-key-secret"]`)
		if !secretRE.MatchString(secret) || len(secret) != len("slk_")+43 {
			t.Fatalf("new key secret %q", secret)
		}
		screenshot(ctx, t, shots, "keys")
		rows := get(ctx, t, "key rows", chromedp.Evaluate[[]map[string]string](`Array.from(document.querySelectorAll('tr[data-testid="key-row"]')).map(r => ({
			id: r.dataset.keyId,
			name: r.querySelector('[data-testid="key-name"]').textContent.trim(),
			hint: r.querySelector('[data-testid="key-hint"]').textContent.trim(),
			status: r.querySelector('[data-testid="key-status"]').textContent.trim(),
			revoke: String(r.querySelector('button[data-testid="revoke-key"]') !== null)}))`))
		for _, r := range rows {
			if r["name"] == keyName {
				keyID = r["id"]
				if want := secret[:8] + "…" + secret[len(secret)-4:]; r["hint"] != want || r["status"] != "active" || r["revoke"] != "true" {
					t.Errorf("row %v, want hint %s, active, a revoke button", r, want)
				}
			}
		}
		if keyID == "" {
			t.Fatalf("no key row named %q: %v", keyName, rows)
		}
		// shown once: a reload no longer shows it
		do(ctx, t, "reload", chromedp.Reload())
		if exists(ctx, t, `[data-testid="new-key-secret"]`) || strings.Contains(get(ctx, t, "page", chromedp.OuterHTML(chromedp.CSS("html"))), secret[4:]) {
			t.Error("the secret is still shown after a reload")
		}
		if n := get(ctx, t, "rows", chromedp.Evaluate[int](`document.querySelectorAll('tr[data-testid="key-row"]').length`)); n != len(rows) {
			t.Errorf("the reload changed the number of keys from %d to %d", len(rows), n)
		}
		var brands struct {
			Data []struct {
				ID string `json:"id"`
			} `json:"data"`
		}
		if st := d.api(t, http.MethodGet, "/api/v2/brands", secret, &brands); st != http.StatusOK || len(brands.Data) == 0 || brands.Data[0].ID != brandID {
			t.Errorf("GET /api/v2/brands with the new key = %d %+v, want 200 with the brand", st, brands)
		}
	})

	t.Run("RevokeKey", func(t *testing.T) {
		if keyID == "" {
			t.Skip("no key was created")
		}
		navigate(ctx, t, d.base+"/keys")
		row := fmt.Sprintf(`tr[data-testid="key-row"][data-key-id=%q]`, keyID)
		clickAndWait(ctx, t, row+` button[data-testid="revoke-key"]`)
		if st := text(ctx, t, row+` [data-testid="key-status"]`); st != "revoked" {
			t.Errorf("status after revoking = %q", st)
		}
		if st := d.api(t, http.MethodGet, "/api/v2/brands", secret, nil); st != http.StatusUnauthorized {
			t.Errorf("GET /api/v2/brands with the revoked key = %d, want 401", st)
		}
		if st := d.api(t, http.MethodGet, "/api/v2/brands", d.key, nil); st != http.StatusOK {
			t.Errorf("the demo key after revoking another = %d, want 200", st)
		}
	})

	t.Run("Recommendation", func(t *testing.T) {
		board := overviewURL + "/recommendations"
		navigate(ctx, t, board)
		id := get(ctx, t, "a new recommendation", chromedp.Evaluate[string](
			`(document.querySelector('[data-testid="column-new"] [data-testid="rec-card"]') || {dataset: {}}).dataset.recId || ""`))
		if id == "" {
			t.Fatal("the board has no new recommendation")
		}
		card := fmt.Sprintf(`[data-testid="rec-card"][data-rec-id=%q]`, id)
		clickAndWait(ctx, t, card+` button[data-testid="rec-to-saved"]`)
		if !exists(ctx, t, `[data-testid="column-saved"] `+card) {
			t.Error("the card is not in the saved column after Save")
		}
		var rec struct {
			Data struct {
				State string `json:"state"`
			} `json:"data"`
		}
		if st := d.api(t, http.MethodGet, "/api/v2/brands/"+brandID+"/content_studio/recommendations/"+id, d.key, &rec); st != http.StatusOK || rec.Data.State != "saved" {
			t.Errorf("the API reads the moved recommendation as %d %q, want saved", st, rec.Data.State)
		}
		screenshot(ctx, t, shots, "recommendations")
	})

	t.Run("CSRF", func(t *testing.T) {
		navigate(ctx, t, d.base+"/keys")
		token := get(ctx, t, "csrf token", chromedp.Evaluate[string](`document.querySelector('form#create-key input[name=csrf_token]').value`))
		c := sessionCookie(ctx, t, d.base)
		post := func(form url.Values) int {
			req, _ := http.NewRequest(http.MethodPost, d.base+"/keys", strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
			resp, err := noRedirect.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			return resp.StatusCode
		}
		if st := post(url.Values{"name": {"no token"}}); st != http.StatusForbidden {
			t.Errorf("POST /keys without the CSRF token = %d, want 403", st)
		}
		if st := post(url.Values{"name": {"wrong token"}, "csrf_token": {token[:len(token)-1] + "x"}}); st != http.StatusForbidden {
			t.Errorf("POST /keys with a wrong CSRF token = %d, want 403", st)
		}
		if st := post(url.Values{"name": {"with token"}, "csrf_token": {token}}); st != http.StatusSeeOther {
			t.Errorf("POST /keys with the token = %d, want 303", st)
		}
		var keys []string
		navigate(ctx, t, d.base+"/keys")
		keys = get(ctx, t, "names", chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('[data-testid="key-name"]')).map(e => e.textContent)`))
		for _, k := range keys {
			if k == "no token" || k == "wrong token" {
				t.Errorf("a refused post created key %q", k)
			}
		}
	})

	t.Run("SignOut", func(t *testing.T) {
		c := sessionCookie(ctx, t, d.base)
		navigate(ctx, t, d.base+"/keys")
		clickAndWait(ctx, t, `button[data-testid="sign-out"]`)
		if u, _ := url.Parse(location(ctx, t)); u.Path != "/login" {
			t.Errorf("after sign-out the browser is at %s", u)
		}
		// The old cookie is worthless: the session ended in the database.
		req, _ := http.NewRequest(http.MethodGet, d.base+"/keys", nil)
		req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
		resp, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/login") {
			t.Errorf("GET /keys with the signed-out cookie = %d to %q, want 303 to /login", resp.StatusCode, loc)
		}
		navigate(ctx, t, d.base+"/keys")
		if u, _ := url.Parse(location(ctx, t)); u.Path != "/login" {
			t.Errorf("after sign-out /keys shows %s", u)
		}
	})

	t.Run("Throttle", func(t *testing.T) {
		navigate(ctx, t, d.base+"/login")
		for i := 1; i <= 5; i++ {
			resp := submitLogin(ctx, t, d.email, "wrong password "+strconv.Itoa(i))
			if msg := text(ctx, t, `[data-testid="login-error"]`); resp.Status != http.StatusUnauthorized || msg != "Wrong email or password." {
				t.Fatalf("wrong password %d: %d %q", i, resp.Status, msg)
			}
		}
		resp := submitLogin(ctx, t, d.email, "wrong password 6")
		msg := text(ctx, t, `[data-testid="login-error"]`)
		if resp.Status != http.StatusTooManyRequests || !strings.Contains(msg, "Too many sign-in attempts") {
			t.Errorf("sixth wrong password: %d %q, want 429 and the limit's message", resp.Status, msg)
		}
		screenshot(ctx, t, shots, "login-throttled")
		// Over the limit, even the right password waits.
		if resp := submitLogin(ctx, t, d.email, d.password); resp.Status != http.StatusTooManyRequests {
			t.Errorf("the right password over the limit = %d, want 429", resp.Status)
		}
	})

	// Last: it signs in to another server on the same host, whose session
	// cookie replaces the demo server's.
	t.Run("SetupPath", func(t *testing.T) { testSetupPath(ctx, t, shots) })

	if p := problems(); len(p) > 0 {
		t.Errorf("the browser reported problems:\n%s", strings.Join(p, "\n"))
	}
}

// agentHands is the hand count of the AI crawlers page: its four figures
// (visits, verified visits, pages visited, referrals) and its pages
// table's rows (page, visits, citations) as the page shows them.
type agentHands struct {
	figures [4]string
	pages   [][3]string
}

// agentHandCount counts the brand's agent visits, AI referrals and owned
// citations of the default window in Go, from the facts read row by row
// (docs/metrics.md#agents): the visits that count are the verified and
// unverified ones; the pages table lists the pages by visits, then page,
// with each page's answers citing it.
func (d *dashboardServer) agentHandCount(t *testing.T, brandID string) agentHands {
	t.Helper()
	w := sightline.DefaultWindow(time.Now(), sightline.DefaultWindowDays)
	raw := sqlstoretest.OpenRaw(t, d.dsn)
	ph := "?"
	if !strings.HasPrefix(d.dsn, "sqlite:") {
		ph = "$1"
	}
	each := func(q string, row func(at time.Time, cols []string)) {
		t.Helper()
		rs, err := raw.Query(q, brandID)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		defer rs.Close()
		n, _ := rs.Columns()
		for rs.Next() {
			var at sqlstore.Time
			cols := make([]string, len(n)-1)
			dest := []any{&at}
			for i := range cols {
				dest = append(dest, &cols[i])
			}
			if err := rs.Scan(dest...); err != nil {
				t.Fatal(err)
			}
			if !at.Time.Before(w.Start) && at.Time.Before(w.End) {
				row(at.Time, cols)
			}
		}
		if err := rs.Err(); err != nil {
			t.Fatal(err)
		}
	}
	visits, verified, referrals := 0, 0, 0
	perPage := map[string]int{}
	each(`SELECT visited_at, url, verification FROM agent_visits WHERE brand_id = `+ph, func(_ time.Time, c []string) {
		if c[1] == "spoofed" {
			return
		}
		visits++
		if c[1] == "verified" {
			verified++
		}
		perPage[c[0]]++
	})
	each(`SELECT referred_at, url FROM ai_referrals WHERE brand_id = `+ph, func(time.Time, []string) { referrals++ })
	cited := map[string]map[string]bool{} // page → citing runs
	each(`SELECT ran_at, page, CAST(run_seq AS TEXT) FROM citations WHERE brand_id = `+ph+`
		AND domain IN (SELECT domain FROM brand_domains WHERE brand_id = citations.brand_id)`, func(_ time.Time, c []string) {
		if cited[c[0]] == nil {
			cited[c[0]] = map[string]bool{}
		}
		cited[c[0]][c[1]] = true
	})
	out := agentHands{figures: [4]string{thousands(visits), thousands(verified), thousands(len(perPage)), thousands(referrals)}}
	pages := slices.Collect(maps.Keys(perPage))
	for p := range cited {
		if perPage[p] == 0 {
			pages = append(pages, p)
		}
	}
	slices.SortFunc(pages, func(a, b string) int { return cmp.Or(perPage[b]-perPage[a], strings.Compare(a, b)) })
	for _, p := range pages {
		out.pages = append(out.pages, [3]string{p, thousands(perPage[p]), thousands(len(cited[p]))})
	}
	return out
}

// thousands formats n as the dashboard does: 104,830.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
