package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sightline/sightline"
)

const redirect = "https://vertexaisearch.cloud.google.com/grounding-api-redirect/"

// Gemini's redirect links are resolved without following them; what
// cannot be resolved falls back to the chunk's domain, and only then to
// the link itself.
func TestGeminiRedirects(t *testing.T) {
	rs := newResolver(t, map[string]http.HandlerFunc{
		"/grounding-api-redirect/AUZIYQHpcmagAAA": redirectTo("https://www.pcmag.com/picks/the-best-project-management-software"),
		// 404: not resolvable, the title is a domain.
		"/grounding-api-redirect/AUZIYQHtaskloomCCC": func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodHead {
				w.WriteHeader(http.StatusMethodNotAllowed)
				return
			}
			redirectTo("https://www.taskloom.com/blog/taskloom-vs-stackwise")(w, r)
		},
		// A redirect to another redirect link is not worth recording.
		"/grounding-api-redirect/AUZIYQHwikiDDD": redirectTo(redirect + "AUZIYQHelsewhere"),
		// Were a redirect followed, this would be asked for; it must not.
		"/picks/the-best-project-management-software": func(w http.ResponseWriter, r *http.Request) {
			t.Errorf("the redirect was followed: %s %s", r.Method, r.URL)
		},
	})
	f := newFakeAPI(t, reply{file: "gemini/answer.json"})
	a := newTestAdapter(t, Gemini, f, rs.client())
	ans, err := a.Ask(context.Background(), Request{Prompt: testPrompt, Region: "gb", APIKey: keyFor(Gemini)})
	if err != nil {
		t.Fatal(err)
	}
	wantEq(t, "citations", ans.Citations, []sightline.RunCitation{
		{URL: "https://www.pcmag.com/picks/the-best-project-management-software", Title: "pcmag.com", Type: "inline"},
		{URL: "https://g2.com/", Title: "g2.com", Type: "inline"},
		{URL: "https://www.taskloom.com/blog/taskloom-vs-stackwise", Title: "taskloom.com", Type: "inline"},
		{URL: redirect + "AUZIYQHwikiDDD", Title: "Wikipedia", Type: "source"},
	})
	if ans.LocationSent {
		t.Error("Gemini cannot send a location")
	}
	got := map[string]int{}
	for _, r := range rs.requests() {
		got[r]++
	}
	host := "vertexaisearch.cloud.google.com"
	wantEq(t, "resolver requests", got, map[string]int{
		"HEAD " + host + " /grounding-api-redirect/AUZIYQHpcmagAAA":    1,
		"HEAD " + host + " /grounding-api-redirect/AUZIYQHg2BBB":       1,
		"HEAD " + host + " /grounding-api-redirect/AUZIYQHtaskloomCCC": 1,
		"GET " + host + " /grounding-api-redirect/AUZIYQHtaskloomCCC":  1,
		"HEAD " + host + " /grounding-api-redirect/AUZIYQHwikiDDD":     1,
	})
}

// At most geminiMaxResolve distinct links are resolved per answer.
func TestGeminiResolveBound(t *testing.T) {
	var chunks []map[string]any
	var idx []int
	for i := 0; i < 14; i++ {
		chunks = append(chunks, map[string]any{"web": map[string]any{"uri": fmt.Sprintf("%sL%02d", redirect, i%12), "title": fmt.Sprintf("site%02d.example", i%12)}})
		idx = append(idx, i)
	}
	body, _ := json.Marshal(map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"parts": []any{map[string]any{"text": "An answer citing twelve sites."}}},
			"finishReason": "STOP",
			"groundingMetadata": map[string]any{
				"webSearchQueries":  []string{"q"},
				"groundingChunks":   chunks,
				"groundingSupports": []any{map[string]any{"segment": map[string]any{"endIndex": 10}, "groundingChunkIndices": idx}},
			},
		}},
	})
	routes := map[string]http.HandlerFunc{}
	for i := 0; i < 12; i++ {
		routes[fmt.Sprintf("/grounding-api-redirect/L%02d", i)] = redirectTo(fmt.Sprintf("https://site%02d.example/page", i))
	}
	rs := newResolver(t, routes)
	f := newFakeAPI(t, reply{body: body})
	ans, err := newTestAdapter(t, Gemini, f, rs.client()).Ask(context.Background(), Request{Prompt: testPrompt, APIKey: "k"})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(rs.requests()); n != geminiMaxResolve {
		t.Errorf("%d resolutions, want %d", n, geminiMaxResolve)
	}
	if len(ans.Citations) != 12 {
		t.Fatalf("%d citations, want 12 (14 chunks, 12 distinct)", len(ans.Citations))
	}
	for i, c := range ans.Citations {
		want := fmt.Sprintf("https://site%02d.example/page", i)
		if i >= geminiMaxResolve {
			want = fmt.Sprintf("https://site%02d.example/", i) // past the bound: the domain
		}
		if c.URL != want || c.Type != "inline" {
			t.Errorf("citation %d = %+v, want %s inline", i, c, want)
		}
	}
}

func TestGeminiRefusalsAndErrors(t *testing.T) {
	t.Run("finishReason SAFETY", func(t *testing.T) {
		f := newFakeAPI(t, reply{file: "gemini/safety.json"})
		_, err := newTestAdapter(t, Gemini, f, nil).Ask(context.Background(), Request{Prompt: testPrompt, APIKey: "k"})
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrRefused || !strings.Contains(e.Message, "SAFETY") {
			t.Fatalf("error %#v, want a refusal naming SAFETY", err)
		}
	})
	t.Run("429 RetryInfo without Retry-After", func(t *testing.T) {
		f := newFakeAPI(t, reply{status: 429, file: "gemini/error_429.json"}, reply{file: "gemini/no_citations.json"})
		clock := newFakeClock()
		_, tries, err := testCaller(newTestAdapter(t, Gemini, f, nil), clock, time.Second).Call(context.Background(), Request{Prompt: testPrompt, APIKey: "k"})
		if err != nil {
			t.Fatal(err)
		}
		e := tries[0].Err
		if e.RetryAfter != 37*time.Second || !strings.HasPrefix(e.Message, "RESOURCE_EXHAUSTED: You exceeded your current quota") {
			t.Errorf("error = %+v", e)
		}
		wantEq(t, "sleeps", clock.slept(), []time.Duration{37 * time.Second})
	})
	t.Run("400 API_KEY_INVALID is an auth error", func(t *testing.T) {
		f := newFakeAPI(t, reply{status: 400, file: "gemini/error_400_key.json"})
		_, err := newTestAdapter(t, Gemini, f, nil).Ask(context.Background(), Request{Prompt: testPrompt, APIKey: "k"})
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrAuth || e.Message != "INVALID_ARGUMENT: API key not valid. Please pass a valid API key." {
			t.Fatalf("error %#v", err)
		}
	})
}

// A paused turn is continued with the turn so far, and the usage of both
// rounds is added up.
func TestClaudePauseTurn(t *testing.T) {
	f := newFakeAPI(t, reply{file: "anthropic/pause_turn.json"}, reply{file: "anthropic/pause_turn_final.json"})
	ans, err := newTestAdapter(t, Claude, f, nil).Ask(context.Background(), Request{Prompt: testPrompt, Region: "de", APIKey: keyFor(Claude)})
	if err != nil {
		t.Fatal(err)
	}
	reqs := f.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	msgs, _ := reqs[1].Body["messages"].([]any)
	if len(msgs) != 2 || dig(msgs, 1, "role") != "assistant" || dig(msgs, 1, "content", 1, "type") != "server_tool_use" {
		t.Errorf("continuation messages = %v", msgs)
	}
	wantEq(t, "usage", ans.Usage, Usage{InputTokens: 18400, OutputTokens: 520, Searches: 1})
	// Every text block in order: the words before the search are part
	// of the answer a user of Claude reads.
	if !strings.HasPrefix(ans.Text, "I'll search for current reviews of project management tools.\n\nBased on the search results") {
		t.Errorf("text = %q", ans.Text)
	}
	if len(ans.Citations) != 3 || ans.Citations[2].Type != "source" {
		t.Errorf("citations = %+v", ans.Citations)
	}
}

func TestPerplexityShapes(t *testing.T) {
	t.Run("citations list without search_results", func(t *testing.T) {
		f := newFakeAPI(t, reply{file: "perplexity/citations_only.json"})
		ans, err := newTestAdapter(t, Perplexity, f, nil).Ask(context.Background(), Request{Prompt: testPrompt, APIKey: "k"})
		if err != nil {
			t.Fatal(err)
		}
		wantEq(t, "citations", ans.Citations, []sightline.RunCitation{
			{URL: "https://www.g2.com/categories/project-management", Type: "inline"},
			{URL: "https://www.pcmag.com/picks/the-best-project-management-software", Type: "inline"},
		})
	})
	t.Run("reasoning model's think block", func(t *testing.T) {
		f := newFakeAPI(t, reply{file: "perplexity/reasoning.json"})
		ans, err := newTestAdapter(t, Perplexity, f, nil).Ask(context.Background(), Request{Prompt: testPrompt, APIKey: "k"})
		if err != nil {
			t.Fatal(err)
		}
		wantEq(t, "text", ans.Text, "PCMag's top pick is Taskloom[1].")
		wantEq(t, "model", ans.Model, "sonar-reasoning-pro")
	})
	t.Run("422 detail", func(t *testing.T) {
		f := newFakeAPI(t, reply{status: 422, file: "perplexity/error_422.json"})
		_, err := newTestAdapter(t, Perplexity, f, nil).Ask(context.Background(), Request{Prompt: testPrompt, APIKey: "k"})
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrBadRequest || e.Message != "model: Field required" {
			t.Fatalf("error %#v", err)
		}
	})
}

// The documented error bodies of every provider give the provider's own
// message and the right code.
func TestErrorBodies(t *testing.T) {
	for _, tc := range []struct {
		code, file string
		status     int
		want, msg  string
	}{
		{ChatGPT, "openai/error_401.json", 401, ErrAuth, "invalid_request_error: Incorrect API key provided: sk-test-****"},
		{ChatGPT, "openai/error_429.json", 429, ErrRateLimited, "requests: Rate limit reached for gpt-6.1-terra"},
		{Claude, "anthropic/error_401.json", 401, ErrAuth, "authentication_error: invalid x-api-key"},
		{Claude, "anthropic/error_529.json", 529, ErrServer, "overloaded_error: Overloaded"},
		{Gemini, "gemini/error_500.json", 500, ErrServer, "INTERNAL: An internal error has occurred."},
		{Perplexity, "perplexity/error_401.json", 401, ErrAuth, "invalid_api_key: Invalid API key provided."},
		{Perplexity, "perplexity/error_429.json", 429, ErrRateLimited, "rate_limit_exceeded: Rate limit exceeded."},
	} {
		t.Run(tc.file, func(t *testing.T) {
			f := newFakeAPI(t, reply{status: tc.status, file: tc.file})
			_, err := newTestAdapter(t, tc.code, f, nil).Ask(context.Background(), Request{Prompt: testPrompt, APIKey: "k"})
			var e *Error
			if !errors.As(err, &e) || e.Code != tc.want || e.Status != tc.status || !strings.HasPrefix(e.Message, tc.msg) {
				t.Fatalf("error %#v, want %s starting %q", err, tc.want, tc.msg)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("(HTTP %d)", tc.status)) {
				t.Errorf("Error() = %q", err.Error())
			}
		})
	}
}

func TestReplyLimits(t *testing.T) {
	t.Run("a reply over 8 MiB", func(t *testing.T) {
		big := []byte(`{"pad": "` + strings.Repeat("x", maxBody) + `"}`)
		f := newFakeAPI(t, reply{body: big})
		_, err := newTestAdapter(t, Perplexity, f, nil).Ask(context.Background(), Request{Prompt: testPrompt, APIKey: "k"})
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrMalformed || !strings.Contains(e.Message, "8 MiB") {
			t.Fatalf("error %#v", err)
		}
	})
	t.Run("a long message is cut", func(t *testing.T) {
		long := strings.Repeat("é", 400) // two bytes each
		f := newFakeAPI(t, reply{status: 400, body: []byte(`{"error": {"message": "` + long + `"}}`)})
		_, err := newTestAdapter(t, ChatGPT, f, nil).Ask(context.Background(), Request{Prompt: testPrompt, APIKey: "k"})
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrBadRequest {
			t.Fatalf("error %#v", err)
		}
		if len(e.Message) > maxMessage || !utf8.ValidString(e.Message) || !strings.HasSuffix(e.Message, "…") {
			t.Errorf("message of %d bytes, valid UTF-8 %v: %q", len(e.Message), utf8.ValidString(e.Message), e.Message)
		}
	})
	t.Run("an empty answer", func(t *testing.T) {
		f := newFakeAPI(t, reply{body: []byte(`{"model": "sonar", "choices": [{"message": {"content": "  "}}]}`)})
		_, err := newTestAdapter(t, Perplexity, f, nil).Ask(context.Background(), Request{Prompt: testPrompt, APIKey: "k"})
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrEmpty || e.Retryable {
			t.Fatalf("error %#v, want empty_answer", err)
		}
	})
	t.Run("no server", func(t *testing.T) {
		f := newFakeAPI(t)
		f.srv.Close()
		_, err := newTestAdapter(t, Claude, f, nil).Ask(context.Background(), Request{Prompt: testPrompt, APIKey: "secret-key"})
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrNetwork || !e.Retryable || e.Status != 0 || strings.Contains(e.Message, "secret-key") {
			t.Fatalf("error %#v, want a retryable network_error", err)
		}
	})
}

func TestConfig(t *testing.T) {
	wantEq(t, "codes", Codes(), []string{"chatgpt", "claude", "gemini", "perplexity", "google_ai_overviews", "google_ai_mode", "copilot", "grok"})
	for _, code := range Codes() {
		if DefaultModel(code) == "" || !strings.HasPrefix(DefaultBaseURL(code), "https://") {
			t.Errorf("%s: default model %q, base %q", code, DefaultModel(code), DefaultBaseURL(code))
		}
		a, err := New(code, Config{})
		if err != nil || a.Code() != code || a.Model() != DefaultModel(code) {
			t.Errorf("New(%s) = %v, %v", code, a, err)
		}
	}
	if _, err := New("meta_ai", Config{}); err == nil || !strings.Contains(err.Error(), `"meta_ai"`) {
		t.Errorf("unknown code: %v", err)
	}
	if _, err := New(Claude, Config{BaseURL: "api.anthropic.com"}); err == nil || !strings.Contains(err.Error(), "api.anthropic.com") {
		t.Errorf("relative base URL: %v", err)
	}

	env := map[string]string{
		"SIGHTLINE_OPENAI_BASE_URL":     "http://127.0.0.1:9999/v1",
		"SIGHTLINE_OPENAI_MODEL":        " gpt-6-luna ",
		"SIGHTLINE_GEMINI_BASE_URL":     "ftp://example.com",
		"SIGHTLINE_PERPLEXITY_MODEL":    "sonar-pro",
		"SIGHTLINE_ANTHROPIC_BASE_URL":  "",
		"SIGHTLINE_PERPLEXITY_BASE_URL": "",
	}
	getenv := func(k string) string { return env[k] }
	cfg, err := ConfigFromEnv(ChatGPT, getenv)
	if err != nil || cfg.BaseURL != "http://127.0.0.1:9999/v1" || cfg.Model != "gpt-6-luna" {
		t.Errorf("chatgpt from env: %+v, %v", cfg, err)
	}
	if _, err := ConfigFromEnv(Gemini, getenv); err == nil || !strings.Contains(err.Error(), "SIGHTLINE_GEMINI_BASE_URL") {
		t.Errorf("bad gemini URL: %v", err)
	}
	if cfg, err := ConfigFromEnv(Perplexity, getenv); err != nil || cfg.BaseURL != "" || cfg.Model != "sonar-pro" {
		t.Errorf("perplexity from env: %+v, %v", cfg, err)
	}
	if _, err := ConfigFromEnv("meta_ai", getenv); err == nil || !strings.Contains(err.Error(), `"meta_ai"`) {
		t.Errorf("unknown code from env: %v", err)
	}
	// The search surfaces take their vendors' base URLs; Grok is xAI's.
	env["SIGHTLINE_SERPAPI_BASE_URL"] = "http://127.0.0.1:9998"
	env["SIGHTLINE_XAI_BASE_URL"] = "http://127.0.0.1:9997/v1"
	if cfg, err := ConfigFromEnv(GoogleAIMode, getenv); err != nil || cfg.VendorBaseURL[VendorSerpApi] != "http://127.0.0.1:9998" || len(cfg.VendorBaseURL) != 1 {
		t.Errorf("google_ai_mode from env: %+v, %v", cfg, err)
	}
	if cfg, err := ConfigFromEnv(Grok, getenv); err != nil || cfg.BaseURL != "http://127.0.0.1:9997/v1" {
		t.Errorf("grok from env: %+v, %v", cfg, err)
	}
	env["SIGHTLINE_DATAFORSEO_BASE_URL"] = "dataforseo.local"
	if _, err := ConfigFromEnv(GoogleAIOverviews, getenv); err == nil || !strings.Contains(err.Error(), "SIGHTLINE_DATAFORSEO_BASE_URL") {
		t.Errorf("bad dataforseo URL: %v", err)
	}
}
