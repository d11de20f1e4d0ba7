package web_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/web"
)

var metricRE = regexp.MustCompile(`data-testid="(metric-[a-z-]+)">([^<]*)<`)

// metricsOf returns the overview's headline numbers by test id.
func metricsOf(body string) map[string]string {
	out := map[string]string{}
	for _, m := range metricRE.FindAllStringSubmatch(body, -1) {
		out[m[1]] = m[2]
	}
	return out
}

func one(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// TestDemoPages runs the page tests on one load of the demo data set (a
// load takes long under -race); the subtests run in order.
func TestDemoPages(t *testing.T) {
	t.Parallel()
	e := newDemoEnv(t, func(s *web.Server) { s.Engine.RegenerateQuota = 2 })
	t.Run("Overview", func(t *testing.T) { testOverview(t, e) })
	t.Run("Pages", func(t *testing.T) { testPages(t, e) })
	t.Run("Recommendations", func(t *testing.T) { testRecommendations(t, e) })
	t.Run("Runs", func(t *testing.T) { testRuns(t, e) })
	t.Run("Prompts", func(t *testing.T) { testPrompts(t, e) })
	t.Run("TopicsAndCompute", func(t *testing.T) { testTopicsAndCompute(t, e) })
}

// The overview's numbers are the store's, the way the API serves them: the
// brand's own share-of-voice row and the domains overview's citation
// share, over the API's default window or the window in the URL.
func testOverview(t *testing.T, e *env) {
	ctx := context.Background()
	c := e.client(t)
	c.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	overview := "/brands/" + e.fix.BrandID

	expect := func(w sightline.Window) map[string]string {
		t.Helper()
		scope := sightline.Scope{BrandID: e.fix.BrandID, Window: w}
		rows, _, err := e.db.FindShareOfVoice(ctx, e.fix.OrgID, sightline.SOVFilter{Scope: scope, Granularity: "day", PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
		if err != nil {
			t.Fatal(err)
		}
		dov, err := e.db.DomainsOverview(ctx, e.fix.OrgID, scope, "day")
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if r.Kind == sightline.FoundBrandOwn {
				m := r.AggregateMetrics
				return map[string]string{
					"metric-visibility": one(m.Visibility), "metric-share-of-voice": one(m.ShareOfVoice),
					"metric-sentiment": one(m.Sentiment), "metric-citation-share": one(dov.YourCitations.CurrentValue),
				}
			}
		}
		t.Fatal("no own row")
		return nil
	}

	t.Run("DefaultWindow", func(t *testing.T) {
		resp, body := c.get(overview)
		wantStatus(t, resp, body, http.StatusOK)
		want := expect(sightline.DefaultWindow(now, sightline.DefaultWindowDays))
		got := metricsOf(body)
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s = %q, want %q (the store's value, one decimal)", k, got[k], v)
			}
		}
		if got["metric-visibility"] == "0.0" {
			t.Error("the demo brand's visibility is 0")
		}
		for _, want := range []string{`data-testid="mention-share-chart"`, `class="chart-svg chart-wide"`, "<polyline", "Stackwise", `class="own-row"`} {
			if !strings.Contains(body, want) {
				t.Errorf("the overview lacks %s", want)
			}
		}
	})
	t.Run("ByProvider", func(t *testing.T) {
		resp, body := c.get(overview)
		wantStatus(t, resp, body, http.StatusOK)
		providers, err := e.db.FindBrandProviders(ctx, e.fix.OrgID, e.fix.BrandID)
		if err != nil || len(providers) < 2 {
			t.Fatalf("providers %d, %v: the demo has several", len(providers), err)
		}
		rowRE := regexp.MustCompile(`(?s)data-testid="provider-row" data-provider-id="([0-9a-f-]+)">.*?` +
			`data-testid="provider-visibility">([^<]*)<.*?data-testid="provider-share-of-voice">([^<]*)<.*?` +
			`data-testid="provider-sentiment">([^<]*)<`)
		rows := rowRE.FindAllStringSubmatch(body, -1)
		if len(rows) != len(providers) {
			t.Fatalf("%d provider rows for %d providers", len(rows), len(providers))
		}
		seen := map[string]bool{}
		for _, row := range rows {
			scope := sightline.Scope{BrandID: e.fix.BrandID, Window: sightline.DefaultWindow(now, sightline.DefaultWindowDays), ProviderIDs: []string{row[1]}}
			sov, _, err := e.db.FindShareOfVoice(ctx, e.fix.OrgID, sightline.SOVFilter{Scope: scope, Granularity: "day", PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range sov {
				if r.Kind != sightline.FoundBrandOwn {
					continue
				}
				m := r.AggregateMetrics
				if want := [3]string{one(m.Visibility), one(m.ShareOfVoice), one(m.Sentiment)}; [3]string{row[2], row[3], row[4]} != want {
					t.Errorf("provider %s shows %v, the store under filter[provider_ids] %v", row[1], row[2:], want)
				}
			}
			seen[row[2]] = true
		}
		if len(seen) < 2 {
			t.Errorf("every provider shows the same visibility %v: the rows are not per provider", seen)
		}
		// with the provider filter, only that provider's row
		_, body = c.get(overview + "?provider=" + providers[0].ID)
		if got := strings.Count(body, `data-testid="provider-row"`); got != 1 || !strings.Contains(body, `data-provider-id="`+providers[0].ID+`"`) {
			t.Errorf("filtered by one provider, the table has %d rows", got)
		}
	})
	t.Run("WindowInURL", func(t *testing.T) {
		resp, body := c.get(overview + "?start=2026-03-10&end=2026-03-10&granularity=week")
		wantStatus(t, resp, body, http.StatusOK)
		w := sightline.Window{Start: time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC)}
		want, got := expect(w), metricsOf(body)
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s = %q, want %q", k, got[k], v)
			}
		}
		if got["metric-visibility"] == "0.0" {
			t.Error("the window of the demo's day shows no visibility")
		}
		if !strings.Contains(body, `value="2026-03-10"`) || !strings.Contains(body, `name="granularity" value="week"`) {
			t.Error("the form does not show the window and keep the granularity")
		}
	})
	t.Run("EmptyWindow", func(t *testing.T) {
		resp, body := c.get(overview + "?start=2020-01-01&end=2020-01-31")
		wantStatus(t, resp, body, http.StatusOK)
		if !strings.Contains(body, `data-testid="empty-state"`) || strings.Contains(body, "<polyline") {
			t.Error("a window without answers shows no empty state, or a chart")
		}
		for k, got := range metricsOf(body) {
			if got != "—" {
				t.Errorf("%s %q in an empty window, want —", k, got)
			}
		}
		if len(metricsOf(body)) != 4 {
			t.Errorf("%d cards in an empty window", len(metricsOf(body)))
		}
	})
	t.Run("BadParameters", func(t *testing.T) {
		for _, q := range []string{"start=yesterday", "end=2026-13-01", "start=2026-03-10&end=2026-03-01", "granularity=hour"} {
			resp, body := c.get(overview + "?" + q)
			wantStatus(t, resp, body, http.StatusBadRequest)
			name, _, _ := strings.Cut(q, "=")
			if !strings.Contains(body, "<code>"+name+"</code>") && !strings.Contains(body, name+" must") {
				t.Errorf("?%s: the error page does not name %s", q, name)
			}
		}
	})
}

func testPages(t *testing.T, e *env) {
	c := e.client(t)
	c.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	brand := "/brands/" + e.fix.BrandID

	t.Run("Render", func(t *testing.T) {
		for path, want := range map[string]string{
			"/brands":                          `data-testid="brand-link"`,
			brand + "/citations":               `data-testid="domains-table"`,
			brand + "/citations?psort=page":    `aria-sort="ascending"`,
			brand + "/citations?ppage=2":       `rel="prev"`,
			brand + "/citations?psort=bogus":   `data-testid="pages-table"`, // unknown sort: default order, as in the API
			brand + "/citations?retrieved=1":   `data-testid="retrieved-table"`,
			brand + "/citations?dsort=domain":  `data-testid="retrieved-show"`,
			brand + "/topics":                  `data-testid="topic-row"`,
			brand + "/recommendations":         `data-testid="rec-card"`,
			brand + "/opportunities":           `data-testid="opportunities-table"`,
			brand + "/opportunities?intent=C":  `<option value="C" selected>`,
			brand + "/opportunities?q=nothing": "No opportunity matches.",
			brand + "/agents":                  `data-testid="agents-pages-table"`,
			brand + "/agents?tab=cited_not_crawled&psort=-citation_count": `data-testid="agent-page"`,
			brand + "/agents?start=2020-01-01&end=2020-01-31":             `data-testid="agents-empty"`,
		} {
			resp, body := c.get(path)
			wantStatus(t, resp, body, http.StatusOK)
			if !strings.Contains(body, want) {
				t.Errorf("GET %s lacks %s", path, want)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("GET %s: Content-Type %q", path, ct)
			}
			if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
				t.Errorf("GET %s: Cache-Control %q, want no-store", path, cc)
			}
		}
		// the single brand's organization goes from / to its overview
		resp, _ := c.get("/")
		wantRedirect(t, resp, brand)
	})
	t.Run("Filters", func(t *testing.T) {
		providers, _ := e.db.FindBrandProviders(context.Background(), e.fix.OrgID, e.fix.BrandID)
		p := providers[0]
		_, all := c.get(brand + "/citations")
		resp, one := c.get(brand + "/citations?provider=" + p.ID)
		wantStatus(t, resp, one, http.StatusOK)
		total := regexp.MustCompile(`([0-9,]+) citations in this window`)
		a, b := total.FindStringSubmatch(all), total.FindStringSubmatch(one)
		if a == nil || b == nil || a[1] == b[1] {
			t.Errorf("the provider filter does not narrow the citations: %v, %v", a, b)
		}
		if !strings.Contains(one, `<option value="`+p.ID+`" selected>`) {
			t.Error("the selected provider is not selected in the form")
		}
		resp, body := c.get(brand + "/citations?provider=chatgpt")
		wantStatus(t, resp, body, http.StatusBadRequest)
	})
	t.Run("Errors", func(t *testing.T) {
		for _, tt := range []struct {
			method, path string
			status       int
		}{
			{"GET", "/nope", http.StatusNotFound},
			{"GET", "/brands/not-a-uuid", http.StatusNotFound},
			{"GET", "/brands/7c9e6679-7425-40de-944b-e07fc1f90ae7", http.StatusNotFound},
			{"GET", brand + "/opportunities/7c9e6679-7425-40de-944b-e07fc1f90ae7", http.StatusNotFound},
			{"DELETE", "/keys", http.StatusMethodNotAllowed},
			{"GET", "/static/nope.css", http.StatusNotFound},
		} {
			req, _ := http.NewRequest(tt.method, c.base+tt.path, nil)
			resp, body := c.do(req)
			wantStatus(t, resp, body, tt.status)
			if !strings.Contains(body, `<p class="error-status">`+strconv.Itoa(tt.status)+`</p>`) {
				t.Errorf("%s %s: not the HTML error page", tt.method, tt.path)
			}
		}
	})
	// A brand of another organization does not exist for this one.
	t.Run("OtherOrganization", func(t *testing.T) {
		other := "/brands/" + e.fix.OtherOrg.BrandID
		for _, path := range []string{other, other + "/citations", other + "/topics", other + "/recommendations", other + "/opportunities"} {
			resp, body := c.get(path)
			wantStatus(t, resp, body, http.StatusNotFound)
			if strings.Contains(body, "Brewline") {
				t.Errorf("GET %s names the other organization's brand", path)
			}
		}
		c.get("/keys")
		resp, body := c.post(other+"/opportunities/compute", nil)
		wantStatus(t, resp, body, http.StatusNotFound)
	})
	t.Run("SecurityHeaders", func(t *testing.T) {
		resp, body := c.get(brand)
		wantStatus(t, resp, body, http.StatusOK)
		for h, want := range map[string]string{
			"Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self';",
			"X-Content-Type-Options":  "nosniff",
			"Referrer-Policy":         "same-origin",
			"X-Frame-Options":         "DENY",
		} {
			if got := resp.Header.Get(h); !strings.Contains(got, want) {
				t.Errorf("%s = %q, want %q", h, got, want)
			}
		}
		csp := resp.Header.Get("Content-Security-Policy")
		if strings.Contains(csp, "unsafe") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("Content-Security-Policy %q", csp)
		}
		// no inline script or style, no event handler attributes
		for _, bad := range []*regexp.Regexp{regexp.MustCompile(`<script>|<script [^>]*>[^<]`), regexp.MustCompile(`<style`), regexp.MustCompile(`\son[a-z]+=`), regexp.MustCompile(`\sstyle=`)} {
			if bad.MatchString(body) {
				t.Errorf("the page has %s, which the policy blocks", bad)
			}
		}
		// assets are versioned and cached for good
		m := regexp.MustCompile(`href="(/static/app\.css\?v=[0-9a-f]+)"`).FindStringSubmatch(body)
		if m == nil {
			t.Fatal("no versioned stylesheet")
		}
		resp, css := c.get(m[1])
		wantStatus(t, resp, css, http.StatusOK)
		if resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/css") {
			t.Errorf("stylesheet headers %v", resp.Header)
		}
	})
}

// The board moves recommendations with the API's rules and messages, and
// regenerating spends the API's quota.
func testRecommendations(t *testing.T, e *env) {
	ctx := context.Background()
	c := e.client(t)
	c.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	board := "/brands/" + e.fix.BrandID + "/recommendations"
	recs, _, err := e.db.FindRecommendations(ctx, e.fix.OrgID, e.fix.BrandID, sightline.RecommendationFilter{
		States: sightline.RecommendationStates, PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
	if err != nil {
		t.Fatal(err)
	}
	byState := map[string]*sightline.Recommendation{}
	for _, r := range recs {
		if byState[r.State] == nil {
			byState[r.State] = r
		}
	}
	newRec, doneRec := byState[sightline.RecStateNew], byState[sightline.RecStateDone]
	if newRec == nil || doneRec == nil {
		t.Fatalf("the demo has no new or no done recommendation: %v", byState)
	}
	move := func(id string, form url.Values) string {
		t.Helper()
		c.get(board)
		resp, _ := c.post(board+"/"+id+"/state", form)
		wantRedirect(t, resp, board)
		_, body := c.get(board)
		return flashOf(body)
	}
	state := func(id string) string {
		r, err := e.db.FindRecommendationByID(ctx, e.fix.OrgID, e.fix.BrandID, id)
		if err != nil {
			t.Fatal(err)
		}
		return r.State
	}

	t.Run("Moves", func(t *testing.T) {
		_, body := c.get(board)
		card := regexp.MustCompile(`(?s)data-rec-id="` + newRec.ID + `".*?</article>`).FindString(body)
		for _, want := range []string{`data-testid="rec-to-saved"`, `data-testid="rec-to-dismissed"`, `data-testid="rec-to-done"`} {
			if !strings.Contains(card, want) {
				t.Errorf("a new card lacks %s", want)
			}
		}
		if strings.Contains(card, `data-testid="rec-to-new"`) {
			t.Error("a new card offers a move to new")
		}
		if msg := move(newRec.ID, url.Values{"state": {"saved"}}); !strings.Contains(msg, "is now saved") || state(newRec.ID) != "saved" {
			t.Errorf("save: flash %q, state %s", msg, state(newRec.ID))
		}
		if msg := move(newRec.ID, url.Values{"state": {"done"}, "action_url": {"https://taskloom.com/new-page"}}); !strings.Contains(msg, "is now done") {
			t.Errorf("done: flash %q", msg)
		}
		r, _ := e.db.FindRecommendationByID(ctx, e.fix.OrgID, e.fix.BrandID, newRec.ID)
		if r.State != "done" || r.ActionURL == nil || *r.ActionURL != "https://taskloom.com/new-page" {
			t.Errorf("after done: %s %v", r.State, r.ActionURL)
		}
	})
	t.Run("RefusedLikeTheAPI", func(t *testing.T) {
		bogus := "bogus"
		badURL := "ftp://x"
		for _, tt := range []struct {
			form url.Values
			want error
		}{
			{url.Values{"state": {"saved"}}, sightline.CheckTransition(sightline.RecStateDone, sightline.RecStateSaved)},
			{url.Values{"state": {bogus}}, (&sightline.RecommendationUpdate{State: &bogus}).Validate()},
			{url.Values{"state": {"done"}, "action_url": {badURL}}, (&sightline.RecommendationUpdate{State: ptr("done"), ActionURL: &badURL}).Validate()},
		} {
			if tt.want == nil {
				t.Fatalf("%v: the rules allow it", tt.form)
			}
			if msg := move(doneRec.ID, tt.form); msg != sightline.ErrorMessage(tt.want) {
				t.Errorf("%v: flash %q, want the API's message %q", tt.form, msg, sightline.ErrorMessage(tt.want))
			}
			if state(doneRec.ID) != "done" {
				t.Fatalf("a refused move changed the state to %s", state(doneRec.ID))
			}
		}
		c.get(board)
		resp, body := c.post(board+"/7c9e6679-7425-40de-944b-e07fc1f90ae7/state", url.Values{"state": {"saved"}})
		wantRedirect(t, resp, board)
		_ = body
		if _, body := c.get(board); flashOf(body) != "Not found." && !strings.Contains(flashOf(body), "not found") {
			t.Errorf("unknown recommendation: flash %q", flashOf(body))
		}
	})
	t.Run("Regenerate", func(t *testing.T) {
		used := func() int {
			q, err := e.db.FindQuota(ctx, e.fix.OrgID, e.fix.BrandID, sightline.QuotaRegenerate, 2)
			if err != nil {
				t.Fatal(err)
			}
			return q.Used
		}
		// the demo load spent one on the clock's day; the limit is 2
		before := used()
		_, body := c.get(board)
		if !strings.Contains(body, strconv.Itoa(2-before)+" of 2 regenerations left today") {
			t.Errorf("the board does not show the quota (%d used)", before)
		}
		resp, _ := c.post(board+"/regenerate", nil)
		wantRedirect(t, resp, board)
		_, body = c.get(board)
		if !strings.HasPrefix(flashOf(body), "Regenerated:") || used() != before+1 {
			t.Errorf("regenerate: flash %q, used %d → %d", flashOf(body), before, used())
		}
		if !strings.Contains(body, `data-testid="regenerate" disabled`) {
			t.Error("the regenerate button is enabled with the quota spent")
		}
		resp, _ = c.post(board+"/regenerate", nil)
		wantRedirect(t, resp, board)
		_, body = c.get(board)
		if !strings.Contains(flashOf(body), "The daily regenerate quota of 2 is used up") || used() != 2 {
			t.Errorf("over quota: flash %q, used %d", flashOf(body), used())
		}
	})
}

func ptr[T any](v T) *T { return &v }

func testTopicsAndCompute(t *testing.T, e *env) {
	ctx := context.Background()
	c := e.client(t)
	c.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	brand := "/brands/" + e.fix.BrandID

	t.Run("Topics", func(t *testing.T) {
		c.get(brand + "/topics")
		resp, _ := c.post(brand+"/topics", url.Values{"names": {"Pricing and plans\r\n\r\n  Security and compliance  \n"}})
		wantRedirect(t, resp, brand+"/topics")
		_, body := c.get(brand + "/topics")
		if msg := flashOf(body); msg != "Topics saved: Pricing and plans, Security and compliance." {
			t.Errorf("flash %q", msg)
		}
		topics, _, err := e.db.FindTopics(ctx, e.fix.OrgID, e.fix.BrandID, sightline.TopicFilter{
			Scope: sightline.Scope{BrandID: e.fix.BrandID, Window: sightline.DefaultWindow(now, 30)}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
		if err != nil {
			t.Fatal(err)
		}
		var id string
		for _, tp := range topics {
			if tp.Name == "Security and compliance" {
				id = tp.ID
			}
		}
		if id == "" || !strings.Contains(body, "Security and compliance") {
			t.Fatal("the new topic is not stored and listed")
		}
		// the API's validation, worded per line
		resp, _ = c.post(brand+"/topics", url.Values{"names": {"ok\n" + strings.Repeat("x", sightline.MaxTopicNameLength+1)}})
		wantRedirect(t, resp, brand+"/topics")
		_, body = c.get(brand + "/topics")
		if msg := flashOf(body); !strings.Contains(msg, "the name on line 2 must be at most 200 characters") {
			t.Errorf("flash %q", msg)
		}
		resp, _ = c.post(brand+"/topics/"+id+"/delete", url.Values{"name": {"Security and compliance"}})
		wantRedirect(t, resp, brand+"/topics")
		if _, err := e.db.FindTopicByID(ctx, e.fix.OrgID, e.fix.BrandID, id, sightline.Scope{BrandID: e.fix.BrandID, Window: sightline.DefaultWindow(now, 30)}); sightline.ErrorCode(err) != sightline.ENOTFOUND {
			t.Errorf("the deleted topic is still found: %v", err)
		}
		// deleting again: the API's NOT_FOUND message
		c.get(brand + "/topics")
		resp, _ = c.post(brand+"/topics/"+id+"/delete", nil)
		wantRedirect(t, resp, brand+"/topics")
		if _, body := c.get(brand + "/topics"); !strings.Contains(flashOf(body), "not found") {
			t.Errorf("second delete: flash %q", flashOf(body))
		}
	})
	t.Run("Compute", func(t *testing.T) {
		status := func() *sightline.ComputeStatus {
			st, err := e.db.FindComputeStatus(ctx, e.fix.OrgID, e.fix.BrandID, sightline.DefaultComputeQuota)
			if err != nil {
				t.Fatal(err)
			}
			return st
		}
		before := status()
		c.get(brand + "/opportunities")
		resp, _ := c.post(brand+"/opportunities/compute", nil)
		wantRedirect(t, resp, brand+"/opportunities")
		st := status()
		if st.Status != sightline.JobQueued || st.Quota.Used != before.Quota.Used+1 || e.wakes != 1 {
			t.Errorf("after compute: %s, quota used %d → %d, wakes %d", st.Status, before.Quota.Used, st.Quota.Used, e.wakes)
		}
		_, body := c.get(brand + "/opportunities")
		if !strings.Contains(body, `<meta http-equiv="refresh" content="5">`) || !strings.Contains(body, `data-testid="compute" disabled`) {
			t.Error("a queued job does not refresh the page and disable the button")
		}
		resp, _ = c.post(brand+"/opportunities/compute", nil)
		wantRedirect(t, resp, brand+"/opportunities")
		_, body = c.get(brand + "/opportunities")
		if msg := flashOf(body); msg != "A computation is already queued; no quota was spent." || status().Quota.Used != st.Quota.Used {
			t.Errorf("second compute: flash %q, used %d", msg, status().Quota.Used)
		}
	})
}
