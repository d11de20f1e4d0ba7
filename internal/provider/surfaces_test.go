package provider

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// vendorFake is a local SERP vendor (or xAI) answering scripted replies
// from testdata in order, recording each request with its query string.
type vendorFake struct {
	t       *testing.T
	srv     *httptest.Server
	mu      sync.Mutex
	replies []reply
	got     []vendorRequest
}

type vendorRequest struct {
	Method, Path string
	Query        url.Values
	Header       http.Header
	Body         any
}

func newVendorFake(t *testing.T, replies ...reply) *vendorFake {
	t.Helper()
	f := &vendorFake{t: t, replies: replies}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		rec := vendorRequest{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone()}
		if len(raw) > 0 {
			if err := json.Unmarshal(raw, &rec.Body); err != nil {
				t.Errorf("request body is not JSON: %s", raw)
			}
		}
		f.mu.Lock()
		f.got = append(f.got, rec)
		if len(f.replies) == 0 {
			f.mu.Unlock()
			t.Errorf("unexpected request %s %s", r.Method, r.URL)
			http.Error(w, "unexpected", http.StatusTeapot)
			return
		}
		rep := f.replies[0]
		f.replies = f.replies[1:]
		f.mu.Unlock()
		body := rep.body
		if rep.file != "" {
			body = readTestdata(t, rep.file)
		}
		w.Header().Set("Content-Type", "application/json")
		if rep.status == 0 {
			rep.status = http.StatusOK
		}
		w.WriteHeader(rep.status)
		_, _ = w.Write(body)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *vendorFake) requests() []vendorRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]vendorRequest(nil), f.got...)
}

const (
	serpKey = "serpapi-test-key-0123456789abcdef"
	dfsCred = "agency@example.com:dfs-pass-0123456789"
	xaiKey  = "xai-test-key-0123456789abcdef"
)

// surfaceCaller asks code through vendor at f, with a clock that never
// really waits.
func surfaceCaller(t *testing.T, code, vendor string, f *vendorFake) (*Caller, *fakeClock) {
	t.Helper()
	cfg := Config{HTTPClient: &http.Client{Transport: loopbackOnly{http.DefaultTransport}}}
	if vendor == "" {
		cfg.BaseURL = f.srv.URL + "/v1"
	} else {
		cfg.VendorBaseURL = map[string]string{vendor: f.srv.URL}
	}
	a, err := New(code, cfg)
	if err != nil {
		t.Fatal(err)
	}
	clock := newFakeClock()
	return testCaller(a, clock, 10*time.Second), clock
}

func askSurface(t *testing.T, code, vendor, key, region string, f *vendorFake) (*Answer, []Try, error, *fakeClock) {
	t.Helper()
	c, clock := surfaceCaller(t, code, vendor, f)
	ans, tries, err := c.Call(context.Background(), Request{Prompt: testPrompt, Region: region, APIKey: key, Source: vendor})
	return ans, tries, err, clock
}

func cite(url, title, typ string) sightline.RunCitation {
	return sightline.RunCitation{URL: url, Title: title, Type: typ}
}

func TestSerpApiOverview(t *testing.T) {
	f := newVendorFake(t, reply{file: "serpapi/overview.json"})
	ans, tries, err, _ := askSurface(t, GoogleAIOverviews, VendorSerpApi, serpKey, "us", f)
	if err != nil || len(tries) != 1 {
		t.Fatalf("answer: %v after %d tries", err, len(tries))
	}
	wantEq(t, "text", ans.Text, "For a 20-person agency, the strongest options are Taskloom and Stackwise, with Planwell a good fit for billing-heavy teams.\n\n"+
		"## Top picks\n\n"+
		"- **Taskloom:** client portals and resource planning built for agencies.\n"+
		"- **Stackwise:** flexible boards and automations at a lower price.\n"+
		"- Planwell adds time tracking and invoicing.")
	wantEq(t, "citations", ans.Citations, []sightline.RunCitation{
		cite("https://www.pcmag.com/picks/the-best-project-management-software", "The Best Project Management Software for 2026", "inline"),
		cite("https://www.g2.com/categories/project-management", "Best Project Management Software in 2026", "inline"),
		cite("https://www.taskloom.com/agencies", "Taskloom for agencies", "inline"),
		cite("https://planwell.io/pricing", "Planwell pricing", "source"),
	})
	wantEq(t, "ads", ans.Ads, []sightline.RunAd{{Advertiser: "Planwell", Domain: "planwell.io",
		Text: "Planwell - Agency Project Management Plan client work, track hours and bill in one place. Try Planwell free for 14 days."}})
	if ans.NotShown || ans.Source != VendorSerpApi || ans.Model != VendorSerpApi || !ans.LocationSent || ans.Usage != (Usage{Searches: 1}) {
		t.Errorf("answer %+v", ans)
	}
	// The outgoing request: the credential, engine, query and location.
	r := f.requests()[0]
	wantEq(t, "method+path", r.Method+" "+r.Path, "GET /search.json")
	for k, v := range map[string]string{"api_key": serpKey, "engine": "google", "q": testPrompt, "gl": "us", "hl": "en"} {
		wantEq(t, k, r.Query.Get(k), v)
	}
}

func TestSerpApiNoOverview(t *testing.T) {
	for _, file := range []string{"serpapi/no_overview.json", "serpapi/no_results.json"} {
		f := newVendorFake(t, reply{file: file})
		ans, _, err, _ := askSurface(t, GoogleAIOverviews, VendorSerpApi, serpKey, "de", f)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		// No overview is a successful run with no answer, not a failure.
		if !ans.NotShown || ans.Text != "" || ans.Citations != nil || ans.Usage.Searches != 1 {
			t.Errorf("%s: answer %+v", file, ans)
		}
		q := f.requests()[0].Query
		wantEq(t, "gl", q.Get("gl"), "de")
		wantEq(t, "hl", q.Get("hl"), "de")
	}
}

func TestSerpApiDeferredOverview(t *testing.T) {
	f := newVendorFake(t, reply{file: "serpapi/deferred.json"}, reply{file: "serpapi/deferred_overview.json"})
	ans, tries, err, _ := askSurface(t, GoogleAIOverviews, VendorSerpApi, serpKey, "us", f)
	if err != nil {
		t.Fatal(err)
	}
	// Both requests belong to one try, and both searches to its cost.
	if len(tries) != 1 || ans.Usage.Searches != 2 || ans.NotShown {
		t.Errorf("%d tries, answer %+v", len(tries), ans)
	}
	wantEq(t, "text", ans.Text, "Stackwise is the most flexible choice for a small agency; Taskloom suits teams that need client portals.\n\n"+
		"### How they compare\n\nTaskloom costs more per seat but includes resource planning.")
	wantEq(t, "citations", ans.Citations, []sightline.RunCitation{
		cite("https://www.zapier.com/blog/stackwise-vs-taskloom", "Stackwise vs Taskloom (2026)", "inline"),
		cite("https://www.taskloom.com/pricing", "Taskloom pricing", "inline"),
	})
	reqs := f.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	wantEq(t, "engine", reqs[1].Query.Get("engine"), "google_ai_overview")
	wantEq(t, "page_token", reqs[1].Query.Get("page_token"), "KIVu-nictZPNjpswEMdfxfJ5dTB2wBQ3qaqqh6rSVpXaPQDmI0Y2JjZZEkV5954JBHW3h2p7QJjh9_-PZzz4ZWwEJxZVt-RJ87HzAN1ozn0")
	wantEq(t, "api_key", reqs[1].Query.Get("api_key"), serpKey)
}

func TestSerpApiAIMode(t *testing.T) {
	f := newVendorFake(t, reply{file: "serpapi/ai_mode.json"})
	ans, _, err, _ := askSurface(t, GoogleAIMode, VendorSerpApi, serpKey, "gb", f)
	if err != nil {
		t.Fatal(err)
	}
	wantEq(t, "text", ans.Text, "Agencies of about 20 people usually choose between a few tools.\n\n## Recommended tools\n\n"+
		"- **Stackwise:** best value, strong automations.\n- **Taskloom:** client-facing features and retainers.\n\n"+
		"| Tool | Starting price |\n| --- | --- |\n| Stackwise | $8 |\n| Taskloom | $12 |")
	wantEq(t, "citations", ans.Citations, []sightline.RunCitation{
		cite("https://www.forbes.com/advisor/business/software/best-project-management-software/", "Project management for agencies", "inline"),
		cite("https://stackwise.com/features/automations", "Stackwise automations", "inline"),
		cite("https://www.taskloom.com/agencies", "Taskloom for agencies", "inline"),
	})
	q := f.requests()[0].Query
	wantEq(t, "engine", q.Get("engine"), "google_ai_mode")
	wantEq(t, "gl", q.Get("gl"), "gb")
	wantEq(t, "q", q.Get("q"), testPrompt)
}

func TestSerpApiCopilot(t *testing.T) {
	f := newVendorFake(t, reply{file: "serpapi/copilot.json"})
	ans, _, err, _ := askSurface(t, Copilot, VendorSerpApi, serpKey, "us", f)
	if err != nil {
		t.Fatal(err)
	}
	wantEq(t, "text", ans.Text, "## Best project management tools for a 20-person agency\n\n"+
		"Planwell and Taskloom are the two most recommended options.\n\n"+
		"- Planwell: time tracking and invoicing included.\n- Taskloom: agency templates and client portals.")
	wantEq(t, "citations", ans.Citations, []sightline.RunCitation{
		cite("https://planwell.io/pricing", "Planwell pricing", "inline"),
		cite("https://www.taskloom.com/blog/taskloom-vs-stackwise", "Taskloom vs Stackwise: which fits your team?", "inline"),
		cite("https://www.techradar.com/best/agency-software", "Agency software roundup", "source"),
	})
	// Bing Copilot takes no location: none is sent, and the run says so.
	q := f.requests()[0].Query
	wantEq(t, "engine", q.Get("engine"), "bing_copilot")
	if q.Has("gl") || q.Has("hl") || ans.LocationSent {
		t.Errorf("location sent to bing_copilot: %v", q)
	}
	if ans.Source != VendorSerpApi {
		t.Errorf("source %q", ans.Source)
	}
}

func TestSerpApiErrors(t *testing.T) {
	t.Run("429 throughput retried", func(t *testing.T) {
		f := newVendorFake(t, reply{status: 429, file: "serpapi/error_429_throughput.json"}, reply{file: "serpapi/overview.json"})
		ans, tries, err, _ := askSurface(t, GoogleAIOverviews, VendorSerpApi, serpKey, "us", f)
		if err != nil || len(tries) != 2 || tries[0].Err.Code != ErrRateLimited || ans.Text == "" {
			t.Fatalf("answer %v, error %v, tries %+v", ans, err, tries)
		}
	})
	t.Run("429 out of searches not retried", func(t *testing.T) {
		f := newVendorFake(t, reply{status: 429, file: "serpapi/error_429.json"}, reply{file: "serpapi/overview.json"})
		_, tries, err, _ := askSurface(t, GoogleAIOverviews, VendorSerpApi, serpKey, "us", f)
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrBilling || e.Retryable || len(tries) != 1 || len(f.requests()) != 1 ||
			!strings.Contains(e.Message, "run out of searches") {
			t.Fatalf("error %v after %d tries", err, len(tries))
		}
	})
	t.Run("5xx gives up", func(t *testing.T) {
		f := newVendorFake(t, reply{status: 503, file: "serpapi/error_503.json"}, reply{status: 503, file: "serpapi/error_503.json"}, reply{status: 503, file: "serpapi/error_503.json"})
		_, tries, err, _ := askSurface(t, GoogleAIMode, VendorSerpApi, serpKey, "us", f)
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrServer || len(tries) != 3 || !strings.Contains(e.Message, "high load") {
			t.Fatalf("error %v after %d tries", err, len(tries))
		}
	})
	t.Run("bad key not retried", func(t *testing.T) {
		f := newVendorFake(t, reply{status: 401, body: []byte(`{"error": "Invalid API key ` + serpKey + `."}`)})
		_, tries, err, _ := askSurface(t, Copilot, VendorSerpApi, serpKey, "us", f)
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrAuth || e.Retryable || len(tries) != 1 {
			t.Fatalf("error %v after %d tries", err, len(tries))
		}
		if strings.Contains(err.Error(), serpKey) {
			t.Errorf("the key leaked: %v", err)
		}
	})
	t.Run("malformed", func(t *testing.T) {
		f := newVendorFake(t, reply{body: []byte(`{"ai_overview": {"text_blocks": "oops"`)})
		_, tries, err, _ := askSurface(t, GoogleAIOverviews, VendorSerpApi, serpKey, "us", f)
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrMalformed || len(tries) != 1 {
			t.Fatalf("error %v after %d tries", err, len(tries))
		}
	})
	t.Run("vendor that does not serve the surface", func(t *testing.T) {
		f := newVendorFake(t)
		_, _, err, _ := askSurface(t, Copilot, VendorDataForSEO, dfsCred, "us", f)
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrBadRequest || !strings.Contains(e.Message, "dataforseo") {
			t.Fatalf("error %v", err)
		}
	})
}

func TestDataForSEOOverview(t *testing.T) {
	f := newVendorFake(t, reply{file: "dataforseo/overview.json"})
	ans, _, err, _ := askSurface(t, GoogleAIOverviews, VendorDataForSEO, dfsCred, "de", f)
	if err != nil {
		t.Fatal(err)
	}
	wantEq(t, "text", ans.Text, "Für eine Agentur mit 20 Personen eignen sich **Taskloom** und **Stackwise**.\n\n## Worauf es ankommt\n\nKundenportale, Zeiterfassung und Abrechnung.")
	wantEq(t, "citations", ans.Citations, []sightline.RunCitation{
		cite("https://t3n.de/news/projektmanagement-tools-agenturen/", "Die besten Projektmanagement-Tools für Agenturen", "inline"),
		cite("https://www.taskloom.com/de/agenturen", "Taskloom für Agenturen", "inline"),
		cite("https://omr.com/de/reviews/category/projektmanagement", "Projektmanagement-Software im Vergleich", "source"),
	})
	wantEq(t, "ads", ans.Ads, []sightline.RunAd{{Advertiser: "www.stackwise.com", Domain: "stackwise.com", Text: "Stackwise – Projektmanagement Boards, Automationen und Zeiterfassung. Jetzt testen."}})
	if ans.Source != VendorDataForSEO || ans.Usage.Searches != 1 || ans.NotShown {
		t.Errorf("answer %+v", ans)
	}
	r := f.requests()[0]
	wantEq(t, "method+path", r.Method+" "+r.Path, "POST /v3/serp/google/organic/live/advanced")
	wantEq(t, "auth", r.Header.Get("Authorization"), "Basic "+base64.StdEncoding.EncodeToString([]byte(dfsCred)))
	wantEq(t, "body", r.Body, []any{map[string]any{"keyword": testPrompt, "location_code": 2276.0, "language_code": "de",
		"device": "desktop", "load_async_ai_overview": true}})
}

func TestDataForSEONoOverviewAndAIMode(t *testing.T) {
	f := newVendorFake(t, reply{file: "dataforseo/no_overview.json"}, reply{file: "dataforseo/ai_mode.json"})
	ans, _, err, _ := askSurface(t, GoogleAIOverviews, VendorDataForSEO, dfsCred, "", f)
	if err != nil || !ans.NotShown || ans.Text != "" || ans.Citations != nil {
		t.Fatalf("no overview: %+v, %v", ans, err)
	}
	ans, _, err, _ = askSurface(t, GoogleAIMode, VendorDataForSEO, dfsCred, "us", f)
	if err != nil {
		t.Fatal(err)
	}
	wantEq(t, "text", ans.Text, "Stackwise and Planwell are popular with small agencies.\n\n- **Stackwise**: automations\n- **Planwell**: invoicing")
	wantEq(t, "citations", ans.Citations, []sightline.RunCitation{
		cite("https://stackwise.com/features/automations", "Stackwise automations", "inline"),
		cite("https://www.capterra.com/project-management-software/", "Best Project Management Software 2026", "source"),
	})
	reqs := f.requests()
	// No region: the United States, as Google's default.
	wantEq(t, "no-region body", reqs[0].Body, []any{map[string]any{"keyword": testPrompt, "location_code": 2840.0, "language_code": "en",
		"device": "desktop", "load_async_ai_overview": true}})
	wantEq(t, "ai mode path", reqs[1].Path, "/v3/serp/google/ai_mode/live/advanced")
	wantEq(t, "ai mode body", reqs[1].Body, []any{map[string]any{"keyword": testPrompt, "location_code": 2840.0, "language_code": "en"}})
}

func TestDataForSEOErrors(t *testing.T) {
	for name, tc := range map[string]struct {
		replies []reply
		code    string
		tries   int
	}{
		"bad credentials, HTTP 401": {[]reply{{status: 401, file: "dataforseo/error_401.json"}}, ErrAuth, 1},
		"bad credentials, HTTP 200": {[]reply{{file: "dataforseo/error_401.json"}}, ErrAuth, 1},
		"rate limit":                {[]reply{{file: "dataforseo/rate_limit.json"}, {file: "dataforseo/rate_limit.json"}, {file: "dataforseo/rate_limit.json"}}, ErrRateLimited, 3},
		"5xx":                       {[]reply{{status: 500, file: "dataforseo/error_500.json"}, {status: 500, file: "dataforseo/error_500.json"}, {status: 500, file: "dataforseo/error_500.json"}}, ErrServer, 3},
		"malformed":                 {[]reply{{body: []byte(`[1, 2`)}}, ErrMalformed, 1},
	} {
		t.Run(name, func(t *testing.T) {
			f := newVendorFake(t, tc.replies...)
			_, tries, err, _ := askSurface(t, GoogleAIMode, VendorDataForSEO, dfsCred, "us", f)
			var e *Error
			if !errors.As(err, &e) || e.Code != tc.code || len(tries) != tc.tries {
				t.Fatalf("error %v after %d tries; want %s after %d", err, len(tries), tc.code, tc.tries)
			}
			if strings.Contains(err.Error(), "dfs-pass") {
				t.Errorf("the password leaked: %v", err)
			}
		})
	}
	// A credential without the password is refused before any request.
	f := newVendorFake(t)
	_, _, err, _ := askSurface(t, GoogleAIMode, VendorDataForSEO, "just-a-login", "us", f)
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrAuth || !strings.Contains(e.Message, "login:password") {
		t.Errorf("error %v", err)
	}
}

func TestXAIGrok(t *testing.T) {
	f := newVendorFake(t, reply{file: "xai/answer.json"})
	ans, _, err, _ := askSurface(t, Grok, "", xaiKey, "us", f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(ans.Text, "For a 20-person agency, Taskloom leads") || ans.Model != "grok-4-1-fast-reasoning" || ans.Source != "" {
		t.Errorf("answer %+v", ans)
	}
	// Inline citations in text order, whatever the annotations' order.
	wantEq(t, "citations", ans.Citations, []sightline.RunCitation{
		cite("https://www.taskloom.com/agencies", "1", "inline"),
		cite("https://stackwise.com/pricing", "2", "inline"),
		cite("https://www.reddit.com/r/agency/comments/1abcde/which_pm_tool/", "", "source"),
	})
	wantEq(t, "usage", ans.Usage, Usage{InputTokens: 11840, OutputTokens: 412, Searches: 2})
	// Fan-out: the search actions in order; sources: every URL the agent
	// encountered (the citations list), cited where the text cites it.
	wantEq(t, "search queries", ans.SearchQueries, []string{"best project management tools 20-person agency", "Taskloom vs Stackwise pricing"})
	wantEq(t, "sources", ans.Sources, []sightline.RunSource{
		{URL: "https://www.taskloom.com/agencies", Cited: true},
		{URL: "https://stackwise.com/pricing", Cited: true},
		{URL: "https://www.reddit.com/r/agency/comments/1abcde/which_pm_tool/"},
	})
	r := f.requests()[0]
	wantEq(t, "path", r.Path, "/v1/responses")
	wantEq(t, "auth", r.Header.Get("Authorization"), "Bearer "+xaiKey)
	wantEq(t, "model", dig(r.Body, "model"), "grok-4-1-fast-reasoning")
	wantEq(t, "tool", dig(r.Body, "tools", 0, "type"), "web_search")
	wantEq(t, "input", dig(r.Body, "input", 0, "content"), testPrompt)
}

func TestXAIErrors(t *testing.T) {
	f := newVendorFake(t, reply{status: 401, file: "xai/error_401.json"})
	_, tries, err, _ := askSurface(t, Grok, "", xaiKey, "us", f)
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrAuth || len(tries) != 1 || !strings.Contains(e.Message, "Incorrect API key") {
		t.Fatalf("401: %v after %d tries", err, len(tries))
	}
	f = newVendorFake(t, reply{status: 429, file: "xai/error_429.json"}, reply{file: "xai/answer.json"})
	ans, tries, err, _ := askSurface(t, Grok, "", xaiKey, "us", f)
	if err != nil || len(tries) != 2 || tries[0].Err.Code != ErrRateLimited || ans.Text == "" {
		t.Fatalf("429 then answer: %v, %+v", err, tries)
	}
	f = newVendorFake(t, reply{status: 502, body: []byte(`upstream error`)}, reply{status: 502, body: []byte(`upstream error`)}, reply{status: 502, body: []byte(`upstream error`)})
	if _, tries, err, _ = askSurface(t, Grok, "", xaiKey, "us", f); !errors.As(err, &e) || e.Code != ErrServer || len(tries) != 3 {
		t.Fatalf("5xx: %v after %d tries", err, len(tries))
	}
	f = newVendorFake(t, reply{body: []byte(`{"output": [{"type": "message", "content": 7}]}`)})
	if _, tries, err, _ = askSurface(t, Grok, "", xaiKey, "us", f); !errors.As(err, &e) || e.Code != ErrMalformed || len(tries) != 1 {
		t.Fatalf("malformed: %v after %d tries", err, len(tries))
	}
}
