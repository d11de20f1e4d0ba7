package provider

import (
	"context"
	"testing"
	"time"
)

// callWith asks a provider through a Caller whose clock never waits and
// returns the error of the call, which must fail.
func callWith(t *testing.T, code string, f *fakeAPI) (*Error, []Try, *fakeClock) {
	t.Helper()
	clock := newFakeClock()
	c := testCaller(newTestAdapter(t, code, f, nil), clock, 10*time.Second)
	ans, tries, err := c.Call(context.Background(), Request{Prompt: testPrompt, Region: "gb", APIKey: keyFor(code)})
	if err == nil {
		t.Fatalf("Call answered %q, want an error", ans.Text)
	}
	e, ok := err.(*Error)
	if !ok {
		t.Fatalf("error %T %v, want *Error", err, err)
	}
	return e, tries, clock
}

// TestTruncated: an answer that did not finish is a failed attempt with
// reason truncated, not retried, and what it was billed for is kept.
func TestTruncated(t *testing.T) {
	pause := reply{file: "anthropic/pause_turn.json"}
	for _, tc := range []struct {
		name, code string
		replies    []reply
		usage      Usage
		model      string
	}{
		{"openai incomplete max_output_tokens", ChatGPT, []reply{{file: "openai/incomplete.json"}},
			Usage{InputTokens: 7900, OutputTokens: 2048, Searches: 1}, "gpt-6.1-terra-2026-10-01"},
		{"claude max_tokens", Claude, []reply{{file: "anthropic/max_tokens.json"}},
			Usage{InputTokens: 12000, OutputTokens: 8192, Searches: 1}, "claude-sonnet-5-5-20260928"},
		{"claude model_context_window_exceeded", Claude, []reply{{file: "anthropic/context_window.json"}},
			Usage{InputTokens: 12000, OutputTokens: 300, Searches: 1}, "claude-sonnet-5-5-20260928"},
		// Paused, continued twice, still paused: three rounds billed.
		{"claude still paused", Claude, []reply{pause, pause, pause},
			Usage{InputTokens: 27000, OutputTokens: 360, Searches: 3}, "claude-sonnet-5-5-20260928"},
		// Two distinct non-empty queries of three reported.
		{"gemini MAX_TOKENS", Gemini, []reply{{file: "gemini/max_tokens.json"}},
			Usage{InputTokens: 914, OutputTokens: 1024, Searches: 1}, "gemini-3.8-flash"},
		{"perplexity length", Perplexity, []reply{{file: "perplexity/length.json"}},
			Usage{InputTokens: 14, OutputTokens: 4000, Searches: 1, CostMicros: 9000, CostReported: true}, "sonar"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeAPI(t, tc.replies...)
			e, tries, _ := callWith(t, tc.code, f)
			wantEq(t, "code", e.Code, ErrTruncated)
			wantEq(t, "retryable", e.Retryable, false)
			wantEq(t, "tries", len(tries), 1)
			wantEq(t, "requests", len(f.requests()), len(tc.replies))
			wantEq(t, "usage", e.Usage, tc.usage)
			wantEq(t, "model", e.Model, tc.model)
		})
	}
}

// TestBilling: a provider saying the account has no credit is reason
// billing, asked once, never retried as a rate limit.
func TestBilling(t *testing.T) {
	for _, tc := range []struct {
		code, file string
		status     int
	}{
		{ChatGPT, "openai/error_429_quota.json", 429},
		{Claude, "anthropic/error_400_credit.json", 400},
		{Gemini, "gemini/error_400_billing.json", 400},
		{Perplexity, "perplexity/error_402.json", 402},
	} {
		t.Run(tc.code, func(t *testing.T) {
			f := newFakeAPI(t, reply{status: tc.status, header: map[string]string{"Retry-After": "1"}, file: tc.file})
			e, tries, clock := callWith(t, tc.code, f)
			wantEq(t, "code", e.Code, ErrBilling)
			wantEq(t, "status", e.Status, tc.status)
			wantEq(t, "retryable", e.Retryable, false)
			wantEq(t, "tries", len(tries), 1)
			wantEq(t, "slept", len(clock.slept()), 0)
			wantEq(t, "usage", e.Usage, Usage{})
		})
	}
	// A 400 that is not about credit stays a bad request.
	f := newFakeAPI(t, reply{status: 400, file: "anthropic/error_401.json"})
	e, _, _ := callWith(t, Claude, f)
	if e.Code == ErrBilling {
		t.Errorf("a 400 without a credit message is %s", e.Code)
	}
}

// TestBilledFailures: every billed call adds to the attempt's usage,
// whether the call answered or not.
func TestBilledFailures(t *testing.T) {
	t.Run("openai failed then answered", func(t *testing.T) {
		f := newFakeAPI(t, reply{file: "openai/failed.json"}, reply{file: "openai/answer.json"})
		clock := newFakeClock()
		c := testCaller(newTestAdapter(t, ChatGPT, f, nil), clock, 10*time.Second)
		ans, tries, err := c.Call(context.Background(), Request{Prompt: testPrompt, APIKey: keyFor(ChatGPT)})
		if err != nil {
			t.Fatal(err)
		}
		wantEq(t, "tries", len(tries), 2)
		wantEq(t, "first try", tries[0].Err.Code, ErrServer)
		wantEq(t, "usage", ans.Usage, Usage{InputTokens: 3000 + 8214, OutputTokens: 10 + 642, Searches: 1 + 2})
	})
	t.Run("openai refusal", func(t *testing.T) {
		e, _, _ := callWith(t, ChatGPT, newFakeAPI(t, reply{file: "openai/refusal.json"}))
		wantEq(t, "code", e.Code, ErrRefused)
		wantEq(t, "usage", e.Usage, Usage{InputTokens: 40, OutputTokens: 12})
	})
	t.Run("claude refusal", func(t *testing.T) {
		e, _, _ := callWith(t, Claude, newFakeAPI(t, reply{file: "anthropic/refusal.json"}))
		wantEq(t, "code", e.Code, ErrRefused)
		wantEq(t, "usage", e.Usage, Usage{InputTokens: 2230})
	})
	t.Run("claude second round fails", func(t *testing.T) {
		// Each try's paused first round is billed; its continuation is
		// overloaded, three tries in all.
		over := reply{status: 529, file: "anthropic/error_529.json"}
		pause := reply{file: "anthropic/pause_turn.json"}
		e, tries, _ := callWith(t, Claude, newFakeAPI(t, pause, over, pause, over, pause, over))
		wantEq(t, "code", e.Code, ErrServer)
		wantEq(t, "tries", len(tries), 3)
		wantEq(t, "usage", e.Usage, Usage{InputTokens: 27000, OutputTokens: 360, Searches: 3})
	})
}

func TestMaxSearches(t *testing.T) {
	for _, code := range []string{ChatGPT, Claude} {
		f := newFakeAPI(t, reply{file: map[string]string{ChatGPT: "openai/answer.json", Claude: "anthropic/answer.json"}[code]})
		a, err := New(code, Config{BaseURL: f.srv.URL, MaxSearches: 3})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Ask(context.Background(), Request{Prompt: testPrompt, APIKey: keyFor(code)}); err != nil {
			t.Fatal(err)
		}
		body := f.requests()[0].Body
		got := dig(body, "max_tool_calls")
		if code == Claude {
			got = dig(body, "tools", 0, "max_uses")
		}
		wantEq(t, code+" search cap", got, float64(3))
	}
}
