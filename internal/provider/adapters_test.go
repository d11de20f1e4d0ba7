package provider

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

const testPrompt = "What are the best project management tools for a 20-person agency?"

// keyFor is the API key a test sends for a provider; it must reach the
// auth header and nothing else.
func keyFor(code string) string { return "test-key-" + code + "-0123456789abcdef" }

// providerCase is what the shared scenarios need to know of a provider.
type providerCase struct {
	code, dir string
	path      string // of the request, for the default model
	// auth returns the header carrying the key and its expected value.
	auth func(key string) (header, value string)
	// checkBody asserts the request body: the model, the prompt, web
	// search on, the location where the API takes one.
	checkBody    func(t *testing.T, body map[string]any, model, region string)
	locationSent bool
	err429       string // error body file of a 429
	err5xx       string // error body file of a 5xx
	status5xx    int
	refusal      string // reply that is a refusal
	answer       *Answer
}

func bearer(key string) (string, string) { return "Authorization", "Bearer " + key }

// dig walks a decoded JSON body: dig(b, "tools", 0, "type").
func dig(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			s, _ := v.([]any)
			if k >= len(s) {
				return nil
			}
			v = s[k]
		}
	}
	return v
}

func wantEq(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %#v, want %#v", what, got, want)
	}
}

var cases = []providerCase{
	{
		code: ChatGPT, dir: "openai", path: "/v1/responses", auth: bearer,
		checkBody: func(t *testing.T, b map[string]any, model, region string) {
			wantEq(t, "model", dig(b, "model"), model)
			wantEq(t, "input", dig(b, "input"), testPrompt)
			wantEq(t, "tools[0].type", dig(b, "tools", 0, "type"), "web_search")
			wantEq(t, "include", dig(b, "include"), []any{"web_search_call.action.sources"})
			wantEq(t, "store", dig(b, "store"), false)
			wantEq(t, "max_tool_calls", dig(b, "max_tool_calls"), float64(5))
			if region == "" {
				wantEq(t, "user_location", dig(b, "tools", 0, "user_location"), nil)
			} else {
				wantEq(t, "user_location", dig(b, "tools", 0, "user_location"), map[string]any{"type": "approximate", "country": strings.ToUpper(region)})
			}
		},
		locationSent: true, err429: "openai/error_429.json", err5xx: "openai/error_500.json", status5xx: 500,
		refusal: "openai/refusal.json",
		answer: &Answer{
			Model: "gpt-6.1-terra-2026-10-01",
			Citations: []sightline.RunCitation{
				{URL: "https://www.pcmag.com/picks/the-best-project-management-software?utm_source=openai", Title: "The Best Project Management Software for 2026 | PCMag", Type: "inline"},
				{URL: "https://www.taskloom.com/blog/taskloom-vs-stackwise?utm_source=openai", Title: "Taskloom vs Stackwise: which fits your team?", Type: "inline"},
				{URL: "https://www.g2.com/categories/project-management", Type: "source"},
				{URL: "https://www.capterra.co.uk/directory/30008/project-management/software", Type: "source"},
			},
			SearchQueries: []string{"best project management tools UK 2026", "project management software reviews UK", "Stackwise Planwell review"},
			Sources: []sightline.RunSource{
				{URL: "https://www.pcmag.com/picks/the-best-project-management-software", Cited: true},
				{URL: "https://www.g2.com/categories/project-management"},
				{URL: "https://www.taskloom.com/blog/taskloom-vs-stackwise", Cited: true},
				{URL: "https://www.capterra.co.uk/directory/30008/project-management/software"},
			},
			Usage: Usage{InputTokens: 8214, OutputTokens: 642, Searches: 2},
		},
	},
	{
		code: Claude, dir: "anthropic", path: "/v1/messages",
		auth: func(key string) (string, string) { return "X-Api-Key", key },
		checkBody: func(t *testing.T, b map[string]any, model, region string) {
			wantEq(t, "model", dig(b, "model"), model)
			wantEq(t, "messages", dig(b, "messages"), []any{map[string]any{"role": "user", "content": testPrompt}})
			wantEq(t, "tools[0].type", dig(b, "tools", 0, "type"), "web_search_20250305")
			wantEq(t, "tools[0].name", dig(b, "tools", 0, "name"), "web_search")
			wantEq(t, "tools[0].max_uses", dig(b, "tools", 0, "max_uses"), float64(5))
			if mt, _ := dig(b, "max_tokens").(float64); mt < 1024 {
				t.Errorf("max_tokens = %v", dig(b, "max_tokens"))
			}
			if region == "" {
				wantEq(t, "user_location", dig(b, "tools", 0, "user_location"), nil)
			} else {
				wantEq(t, "user_location", dig(b, "tools", 0, "user_location"), map[string]any{"type": "approximate", "country": strings.ToUpper(region)})
			}
		},
		locationSent: true, err429: "anthropic/error_429.json", err5xx: "anthropic/error_529.json", status5xx: 529,
		refusal: "anthropic/refusal.json",
		answer: &Answer{
			Model: "claude-sonnet-5-5-20260928",
			Citations: []sightline.RunCitation{
				{URL: "https://www.pcmag.com/picks/the-best-project-management-software", Title: "The Best Project Management Software for 2026 | PCMag", Type: "inline"},
				{URL: "https://www.taskloom.com/blog/taskloom-vs-stackwise", Title: "Taskloom vs Stackwise: which fits your team?", Type: "inline"},
				{URL: "https://www.g2.com/categories/project-management", Title: "Best Project Management Software in 2026 | G2", Type: "source"},
				{URL: "https://www.capterra.co.uk/directory/30008/project-management/software", Title: "Best Project Management Software UK 2026 | Capterra", Type: "source"},
			},
			SearchQueries: []string{"best project management tools 2026", "Stackwise Planwell comparison"},
			Sources: []sightline.RunSource{
				{URL: "https://www.pcmag.com/picks/the-best-project-management-software", Title: "The Best Project Management Software for 2026 | PCMag", PublishedAt: day("2026-10-02"), Cited: true},
				{URL: "https://www.taskloom.com/blog/taskloom-vs-stackwise", Title: "Taskloom vs Stackwise: which fits your team?", PublishedAt: day("2026-08-14"), Cited: true},
				{URL: "https://www.g2.com/categories/project-management", Title: "Best Project Management Software in 2026 | G2"},
				{URL: "https://www.capterra.co.uk/directory/30008/project-management/software", Title: "Best Project Management Software UK 2026 | Capterra", PublishedAt: day("2026-10-02")},
			},
			Usage: Usage{InputTokens: 17421, OutputTokens: 512, Searches: 2},
		},
	},
	{
		code: Gemini, dir: "gemini", path: "/v1beta/models/gemini-3.8-flash:generateContent",
		auth: func(key string) (string, string) { return "X-Goog-Api-Key", key },
		checkBody: func(t *testing.T, b map[string]any, model, region string) {
			wantEq(t, "contents", dig(b, "contents"), []any{map[string]any{"role": "user", "parts": []any{map[string]any{"text": testPrompt}}}})
			wantEq(t, "tools", dig(b, "tools"), []any{map[string]any{"google_search": map[string]any{}}})
			// The Gemini API has no location for search grounding: the
			// body is exactly the prompt and the tool.
			if len(b) != 2 {
				t.Errorf("body has %d members, want contents and tools: %v", len(b), b)
			}
		},
		locationSent: false, err429: "gemini/error_429.json", err5xx: "gemini/error_500.json", status5xx: 500,
		refusal: "gemini/blocked.json",
		// The answer's citations depend on redirect resolution: see
		// TestGeminiRedirects; here every redirect link answers 404.
		answer: &Answer{
			Model: "gemini-3.8-flash",
			Citations: []sightline.RunCitation{
				{URL: "https://pcmag.com/", Title: "pcmag.com", Type: "inline"},
				{URL: "https://g2.com/", Title: "g2.com", Type: "inline"},
				{URL: "https://taskloom.com/", Title: "taskloom.com", Type: "inline"},
				{URL: "https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQHwikiDDD", Title: "Wikipedia", Type: "source"},
			},
			// Four reported, one empty and one repeated: two searches.
			SearchQueries: []string{"best project management tools 2026", "Taskloom vs Stackwise"},
			Sources: []sightline.RunSource{
				{URL: "https://pcmag.com/", Title: "pcmag.com", Cited: true},
				{URL: "https://g2.com/", Title: "g2.com", Cited: true},
				{URL: "https://taskloom.com/", Title: "taskloom.com", Cited: true},
				{URL: "https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQHwikiDDD", Title: "Wikipedia"},
			},
			Usage: Usage{InputTokens: 14 + 930, OutputTokens: 96 + 450, Searches: 2},
		},
	},
	{
		code: Perplexity, dir: "perplexity", path: "/chat/completions", auth: bearer,
		checkBody: func(t *testing.T, b map[string]any, model, region string) {
			wantEq(t, "model", dig(b, "model"), model)
			wantEq(t, "messages", dig(b, "messages"), []any{map[string]any{"role": "user", "content": testPrompt}})
			if region == "" {
				wantEq(t, "web_search_options", dig(b, "web_search_options"), nil)
			} else {
				wantEq(t, "web_search_options", dig(b, "web_search_options"), map[string]any{"user_location": map[string]any{"country": strings.ToUpper(region)}})
			}
		},
		locationSent: true, err429: "perplexity/error_429.json", err5xx: "perplexity/error_500.json", status5xx: 500,
		refusal: "perplexity/refusal.json",
		answer: &Answer{
			Model: "sonar",
			Citations: []sightline.RunCitation{
				{URL: "https://www.taskloom.com/blog/taskloom-vs-stackwise", Title: "Taskloom vs Stackwise: which fits your team?", Type: "inline"},
				{URL: "https://www.pcmag.com/picks/the-best-project-management-software", Title: "The Best Project Management Software for 2026 | PCMag", Type: "inline"},
				{URL: "https://planwell.io/pricing", Title: "Planwell pricing", Type: "inline"},
				{URL: "https://www.g2.com/categories/project-management", Title: "Best Project Management Software in 2026 | G2", Type: "source"},
			},
			// Sonar does not expose its queries: nil, not empty.
			SearchQueries: nil,
			Sources: []sightline.RunSource{
				{URL: "https://www.pcmag.com/picks/the-best-project-management-software", Title: "The Best Project Management Software for 2026 | PCMag", PublishedAt: day("2026-10-02"), Cited: true},
				{URL: "https://www.g2.com/categories/project-management", Title: "Best Project Management Software in 2026 | G2", PublishedAt: day("2026-09-12")},
				{URL: "https://www.taskloom.com/blog/taskloom-vs-stackwise", Title: "Taskloom vs Stackwise: which fits your team?", PublishedAt: day("2026-08-14"), Cited: true},
				{URL: "https://planwell.io/pricing", Title: "Planwell pricing", PublishedAt: day("2026-10-30"), Cited: true},
			},
			// usage.cost.total_cost 0.0051 is stored as Perplexity gave it.
			Usage: Usage{InputTokens: 14, OutputTokens: 118, Searches: 1, CostMicros: 5100, CostReported: true},
		},
	},
}

// checkRequest asserts what every provider's request must carry.
func checkRequest(t *testing.T, pc providerCase, got recorded, model, region string) {
	t.Helper()
	key := keyFor(pc.code)
	if got.Method != http.MethodPost {
		t.Errorf("method = %s, want POST", got.Method)
	}
	path := pc.path
	if pc.code == Gemini {
		path = "/v1beta/models/" + model + ":generateContent"
	}
	if got.Path != path {
		t.Errorf("path = %s, want %s", got.Path, path)
	}
	h, v := pc.auth(key)
	if got.Header.Get(h) != v {
		t.Errorf("%s = %q, want %q", h, got.Header.Get(h), v)
	}
	for name, vals := range got.Header {
		if name == h {
			continue
		}
		for _, val := range vals {
			if strings.Contains(val, key) {
				t.Errorf("the key travels in header %s too", name)
			}
		}
	}
	if pc.code == Claude && got.Header.Get("Anthropic-Version") != "2023-06-01" {
		t.Errorf("anthropic-version = %q", got.Header.Get("Anthropic-Version"))
	}
	if ct := got.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
	pc.checkBody(t, got.Body, model, region)
}

// TestAdapters runs every adapter through the scenarios of the issue
// against a local server answering with the documentation-shaped replies
// in testdata/.
func TestAdapters(t *testing.T) {
	for _, pc := range cases {
		t.Run(pc.code, func(t *testing.T) {
			t.Run("citations", func(t *testing.T) { testCitations(t, pc) })
			t.Run("no citations", func(t *testing.T) { testNoCitations(t, pc) })
			t.Run("429 with Retry-After", func(t *testing.T) { test429(t, pc) })
			t.Run("5xx then success", func(t *testing.T) { test5xx(t, pc) })
			t.Run("5xx three times", func(t *testing.T) { test5xxGivesUp(t, pc) })
			t.Run("timeout", func(t *testing.T) { testTimeout(t, pc) })
			t.Run("malformed JSON", func(t *testing.T) { testMalformed(t, pc) })
			t.Run("refusal", func(t *testing.T) { testRefusal(t, pc) })
			t.Run("auth error", func(t *testing.T) { testAuth(t, pc) })
			t.Run("model override", func(t *testing.T) { testModelOverride(t, pc) })
		})
	}
}

func ask(t *testing.T, pc providerCase, f *fakeAPI, region string) (*Answer, []Try, error, *fakeClock) {
	t.Helper()
	clock := newFakeClock()
	c := testCaller(newTestAdapter(t, pc.code, f, nil), clock, 10*time.Second)
	ans, tries, err := c.Call(context.Background(), Request{Prompt: testPrompt, Region: region, APIKey: keyFor(pc.code)})
	return ans, tries, err, clock
}

func testCitations(t *testing.T, pc providerCase) {
	f := newFakeAPI(t, reply{file: pc.dir + "/answer.json"})
	ans, tries, err, clock := ask(t, pc, f, "gb")
	if err != nil {
		t.Fatalf("Call: %v", err)
	}
	if len(tries) != 1 || tries[0].Err != nil {
		t.Errorf("tries = %+v, want one successful", tries)
	}
	if s := clock.slept(); len(s) != 0 {
		t.Errorf("slept %v before a first call", s)
	}
	reqs := f.requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	checkRequest(t, pc, reqs[0], DefaultModel(pc.code), "gb")
	if !strings.Contains(ans.Text, "Taskloom") || strings.HasPrefix(ans.Text, " ") {
		t.Errorf("text = %q", ans.Text)
	}
	wantEq(t, "model", ans.Model, pc.answer.Model)
	wantEq(t, "citations", ans.Citations, pc.answer.Citations)
	wantEq(t, "usage", ans.Usage, pc.answer.Usage)
	wantEq(t, "location sent", ans.LocationSent, pc.locationSent)
	wantEq(t, "search queries", ans.SearchQueries, pc.answer.SearchQueries)
	wantEq(t, "sources", ans.Sources, pc.answer.Sources)
}

func day(s string) *string { return &s }

func testNoCitations(t *testing.T, pc providerCase) {
	f := newFakeAPI(t, reply{file: pc.dir + "/no_citations.json"})
	ans, _, err, _ := ask(t, pc, f, "")
	if err != nil {
		t.Fatalf("Call: %v", err)
	}
	checkRequest(t, pc, f.requests()[0], DefaultModel(pc.code), "")
	if !strings.HasPrefix(ans.Text, "Project management software helps a team plan work") {
		t.Errorf("text = %q", ans.Text)
	}
	if len(ans.Citations) != 0 {
		t.Errorf("citations = %+v, want none", ans.Citations)
	}
	if ans.LocationSent {
		t.Error("LocationSent with no region")
	}
	wantSearches := int64(0)
	if pc.code == Perplexity {
		wantSearches = 1 // the request fee is billed whatever was found
	}
	if ans.Usage.Searches != wantSearches {
		t.Errorf("searches = %d, want %d", ans.Usage.Searches, wantSearches)
	}
}

func test429(t *testing.T, pc providerCase) {
	f := newFakeAPI(t,
		reply{status: 429, header: map[string]string{"Retry-After": "7"}, file: pc.err429},
		reply{file: pc.dir + "/answer.json"})
	ans, tries, err, clock := ask(t, pc, f, "us")
	if err != nil {
		t.Fatalf("Call: %v", err)
	}
	if ans == nil || len(tries) != 2 {
		t.Fatalf("answer %v after %d tries, want an answer after 2", ans, len(tries))
	}
	e := tries[0].Err
	if e == nil || e.Code != ErrRateLimited || e.Status != 429 || !e.Retryable || e.RetryAfter != 7*time.Second || e.Provider != pc.code {
		t.Errorf("first try's error = %+v", e)
	}
	if e != nil && (e.Message == "" || e.Message == "Too Many Requests") {
		t.Errorf("message %q is not the provider's", e.Message)
	}
	wantEq(t, "sleeps", clock.slept(), []time.Duration{7 * time.Second})
	for _, r := range f.requests() {
		checkRequest(t, pc, r, DefaultModel(pc.code), "us")
	}
}

func test5xx(t *testing.T, pc providerCase) {
	f := newFakeAPI(t, reply{status: pc.status5xx, file: pc.err5xx}, reply{file: pc.dir + "/answer.json"})
	ans, tries, err, clock := ask(t, pc, f, "gb")
	if err != nil {
		t.Fatalf("Call: %v", err)
	}
	if len(tries) != 2 || tries[0].Err == nil || tries[0].Err.Code != ErrServer || tries[0].Err.Status != pc.status5xx || tries[1].Err != nil {
		t.Fatalf("tries = %+v", tries)
	}
	wantEq(t, "citations", ans.Citations, pc.answer.Citations)
	// Full jitter: half (the test's jitter) of the 2 s base delay.
	wantEq(t, "sleeps", clock.slept(), []time.Duration{time.Second})
}

func test5xxGivesUp(t *testing.T, pc providerCase) {
	f := newFakeAPI(t,
		reply{status: pc.status5xx, file: pc.err5xx},
		reply{status: pc.status5xx, file: pc.err5xx},
		reply{status: pc.status5xx, file: pc.err5xx})
	ans, tries, err, clock := ask(t, pc, f, "gb")
	var e *Error
	if ans != nil || !errors.As(err, &e) || e.Code != ErrServer {
		t.Fatalf("answer %v, error %v; want server_error", ans, err)
	}
	if len(tries) != 3 || len(f.requests()) != 3 {
		t.Errorf("%d tries, %d requests; want 3 and 3", len(tries), len(f.requests()))
	}
	// Exponential: ceilings 2 s then 4 s, each halved by the jitter.
	wantEq(t, "sleeps", clock.slept(), []time.Duration{time.Second, 2 * time.Second})
}

func testTimeout(t *testing.T, pc providerCase) {
	f := newFakeAPI(t, reply{hang: true}, reply{hang: true}, reply{file: pc.dir + "/answer.json"})
	clock := newFakeClock()
	c := testCaller(newTestAdapter(t, pc.code, f, nil), clock, 100*time.Millisecond)
	ans, tries, err := c.Call(context.Background(), Request{Prompt: testPrompt, Region: "gb", APIKey: keyFor(pc.code)})
	if err != nil {
		t.Fatalf("Call: %v", err)
	}
	if len(tries) != 3 {
		t.Fatalf("%d tries, want 3", len(tries))
	}
	for _, tr := range tries[:2] {
		if tr.Err == nil || tr.Err.Code != ErrTimeout || !tr.Err.Retryable {
			t.Errorf("try error = %+v, want a retryable timeout", tr.Err)
		}
	}
	wantEq(t, "citations", ans.Citations, pc.answer.Citations)
}

func testMalformed(t *testing.T, pc providerCase) {
	whole := readTestdata(t, pc.dir+"/answer.json")
	for name, body := range map[string][]byte{
		"truncated":   whole[:len(whole)/2],
		"other shape": []byte(`{"unexpected": true}`),
		"not JSON":    []byte(`<html>Bad gateway</html>`),
	} {
		t.Run(name, func(t *testing.T) {
			f := newFakeAPI(t, reply{body: body})
			ans, tries, err, _ := ask(t, pc, f, "gb")
			var e *Error
			if ans != nil || !errors.As(err, &e) || e.Code != ErrMalformed || e.Retryable {
				t.Fatalf("answer %v, error %#v; want malformed_response", ans, err)
			}
			if len(tries) != 1 {
				t.Errorf("%d tries: a malformed reply must not be retried", len(tries))
			}
		})
	}
}

func testRefusal(t *testing.T, pc providerCase) {
	f := newFakeAPI(t, reply{file: pc.refusal})
	ans, tries, err, _ := ask(t, pc, f, "gb")
	if pc.code == Perplexity {
		// Sonar has no refusal signal: the declining text is the answer.
		if err != nil || ans.Text != "I can't help with that request." || len(ans.Citations) != 0 {
			t.Fatalf("answer %+v, error %v", ans, err)
		}
		return
	}
	var e *Error
	if ans != nil || !errors.As(err, &e) || e.Code != ErrRefused || e.Retryable {
		t.Fatalf("answer %v, error %#v; want refusal", ans, err)
	}
	if len(tries) != 1 {
		t.Errorf("%d tries: a refusal must not be retried", len(tries))
	}
	if e.Message == "" {
		t.Error("a refusal needs a reason")
	}
}

func testAuth(t *testing.T, pc providerCase) {
	key := keyFor(pc.code)
	// A provider echoing the key must not get it into the stored message.
	body := []byte(`{"error": {"type": "authentication_error", "message": "invalid key ` + key + `"}}`)
	f := newFakeAPI(t, reply{status: 401, body: body})
	_, tries, err, _ := ask(t, pc, f, "gb")
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrAuth || e.Status != 401 || e.Retryable || len(tries) != 1 {
		t.Fatalf("error %#v after %d tries; want one auth_error", err, len(tries))
	}
	if strings.Contains(err.Error(), key) || !strings.Contains(e.Message, "invalid key [key]") {
		t.Errorf("message %q: the key must be redacted", e.Message)
	}
}

func testModelOverride(t *testing.T, pc providerCase) {
	f := newFakeAPI(t, reply{file: pc.dir + "/answer.json"}, reply{file: pc.dir + "/answer.json"})
	base := f.srv.URL
	if pc.code == ChatGPT {
		base += "/v1"
	}
	rs := newResolver(t, nil)
	a, err := New(pc.code, Config{BaseURL: base + "/", Model: "configured-model", ResolveClient: rs.client(),
		HTTPClient: &http.Client{Transport: loopbackOnly{http.DefaultTransport}}})
	if err != nil {
		t.Fatal(err)
	}
	if a.Code() != pc.code || a.Model() != "configured-model" {
		t.Errorf("Code() = %q, Model() = %q", a.Code(), a.Model())
	}
	if _, err := a.Ask(context.Background(), Request{Prompt: testPrompt, APIKey: keyFor(pc.code)}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Ask(context.Background(), Request{Prompt: testPrompt, APIKey: keyFor(pc.code), Model: "asked-model"}); err != nil {
		t.Fatal(err)
	}
	reqs := f.requests()
	checkRequest(t, pc, reqs[0], "configured-model", "")
	checkRequest(t, pc, reqs[1], "asked-model", "")
}
