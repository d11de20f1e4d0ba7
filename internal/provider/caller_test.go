package provider

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// scripted is an Adapter whose answers are given by a function, for the
// Caller's own tests.
type scripted struct {
	mu    sync.Mutex
	calls int
	fn    func(ctx context.Context, n int, req Request) (*Answer, error)
}

func (s *scripted) Code() string  { return "scripted" }
func (s *scripted) Model() string { return "m" }
func (s *scripted) Ask(ctx context.Context, req Request) (*Answer, error) {
	s.mu.Lock()
	s.calls++
	n := s.calls
	s.mu.Unlock()
	return s.fn(ctx, n, req)
}

func rateLimited(after time.Duration) *Error {
	return &Error{Provider: "scripted", Code: ErrRateLimited, Status: 429, Retryable: true, RetryAfter: after, Message: "slow down"}
}

func TestCallerRetryAfter(t *testing.T) {
	t.Run("HTTP date", func(t *testing.T) {
		// The adapter reads the date against the real clock; the wait is
		// what is left of it, give or take the test's own run time.
		f := newFakeAPI(t,
			reply{status: 429, header: map[string]string{"Retry-After": time.Now().Add(30 * time.Second).UTC().Format(http.TimeFormat)}, file: "openai/error_429.json"},
			reply{file: "openai/answer.json"})
		clock := newFakeClock()
		_, tries, err := testCaller(newTestAdapter(t, ChatGPT, f, nil), clock, time.Second).Call(context.Background(), Request{Prompt: "p", APIKey: "k"})
		if err != nil || len(tries) != 2 {
			t.Fatalf("%d tries, %v", len(tries), err)
		}
		s := clock.slept()
		if len(s) != 1 || s[0] < 28*time.Second || s[0] > 30*time.Second {
			t.Errorf("slept %v, want about 30s", s)
		}
	})
	t.Run("longer than the cap ends the call", func(t *testing.T) {
		a := &scripted{fn: func(context.Context, int, Request) (*Answer, error) { return nil, rateLimited(10 * time.Minute) }}
		clock := newFakeClock()
		_, tries, err := testCaller(a, clock, time.Second).Call(context.Background(), Request{APIKey: "k"})
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrRateLimited || len(tries) != 1 || a.calls != 1 {
			t.Fatalf("%d tries, %d calls, %v", len(tries), a.calls, err)
		}
		if s := clock.slept(); len(s) != 0 {
			t.Errorf("slept %v", s)
		}
	})
	t.Run("holds back the key's other calls", func(t *testing.T) {
		a := &scripted{fn: func(_ context.Context, n int, _ Request) (*Answer, error) {
			if n == 1 {
				return nil, rateLimited(5 * time.Second)
			}
			return &Answer{Text: "ok"}, nil
		}}
		clock := newFakeClock()
		c := NewCaller(a, CallerConfig{MaxTries: 1, RatePerMinute: 6000, Burst: 10, Now: clock.Now, Sleep: clock.Sleep})
		if _, _, err := c.Call(context.Background(), Request{APIKey: "key-a"}); err == nil {
			t.Fatal("the first call should fail")
		}
		if _, _, err := c.Call(context.Background(), Request{APIKey: "key-b"}); err != nil {
			t.Fatal(err)
		}
		wantEq(t, "sleeps of another key", clock.slept(), []time.Duration(nil))
		if _, _, err := c.Call(context.Background(), Request{APIKey: "key-a"}); err != nil {
			t.Fatal(err)
		}
		wantEq(t, "sleeps of the same key", clock.slept(), []time.Duration{5 * time.Second})
	})
}

func TestCallerNoRetry(t *testing.T) {
	for _, code := range []string{ErrAuth, ErrBadRequest, ErrMalformed, ErrRefused, ErrEmpty} {
		a := &scripted{fn: func(context.Context, int, Request) (*Answer, error) {
			return nil, &Error{Provider: "scripted", Code: code, Message: code}
		}}
		_, tries, err := testCaller(a, newFakeClock(), time.Second).Call(context.Background(), Request{APIKey: "k"})
		var e *Error
		if !errors.As(err, &e) || e.Code != code || len(tries) != 1 || a.calls != 1 {
			t.Errorf("%s: %d tries, %v", code, len(tries), err)
		}
	}
	// An error that is not an *Error is a bug here, not a provider's
	// hiccup.
	a := &scripted{fn: func(context.Context, int, Request) (*Answer, error) { return nil, errors.New("boom") }}
	_, tries, err := testCaller(a, newFakeClock(), time.Second).Call(context.Background(), Request{APIKey: "k"})
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrBadRequest || len(tries) != 1 {
		t.Errorf("plain error: %d tries, %v", len(tries), err)
	}
}

func TestCallerAtMostThreeTries(t *testing.T) {
	a := &scripted{fn: func(context.Context, int, Request) (*Answer, error) {
		return nil, &Error{Provider: "scripted", Code: ErrNetwork, Retryable: true, Message: "reset"}
	}}
	clock := newFakeClock()
	c := NewCaller(a, CallerConfig{MaxTries: 10, Now: clock.Now, Sleep: clock.Sleep, Jitter: func() float64 { return 0.999 },
		BaseDelay: 20 * time.Second, MaxDelay: 30 * time.Second, RatePerMinute: 6000, Burst: 10})
	_, tries, err := c.Call(context.Background(), Request{APIKey: "k"})
	if err == nil || len(tries) != 3 || a.calls != 3 {
		t.Fatalf("%d tries, %d calls, %v", len(tries), a.calls, err)
	}
	// 20 s, then 40 s capped at 30 s; the jitter takes almost all of it.
	s := clock.slept()
	if len(s) != 2 || s[0] != time.Duration(0.999*float64(20*time.Second)) || s[1] != time.Duration(0.999*float64(30*time.Second)) {
		t.Errorf("sleeps %v", s)
	}
}

func TestCallerCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	a := &scripted{fn: func(context.Context, int, Request) (*Answer, error) {
		cancel() // the caller gives up while the first try fails
		return nil, &Error{Provider: "scripted", Code: ErrServer, Status: 503, Retryable: true, Message: "unavailable"}
	}}
	_, tries, err := testCaller(a, newFakeClock(), time.Second).Call(ctx, Request{APIKey: "k"})
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrServer || len(tries) != 1 || a.calls != 1 {
		t.Fatalf("%d tries, %v", len(tries), err)
	}
	// Cancelled before the first try: no try, an error all the same.
	_, tries, err = testCaller(a, newFakeClock(), time.Second).Call(ctx, Request{APIKey: "k"})
	if !errors.As(err, &e) || e.Code != ErrNetwork || len(tries) != 0 || a.calls != 1 {
		t.Fatalf("%d tries, %d calls, %v", len(tries), a.calls, err)
	}
}

// The token bucket spaces the calls of one key, and only of that key.
func TestCallerRate(t *testing.T) {
	a := &scripted{fn: func(context.Context, int, Request) (*Answer, error) { return &Answer{Text: "ok"}, nil }}
	clock := newFakeClock()
	c := NewCaller(a, CallerConfig{RatePerMinute: 30, Burst: 1, Now: clock.Now, Sleep: clock.Sleep})
	for _, key := range []string{"a", "a", "b", "a"} {
		if _, _, err := c.Call(context.Background(), Request{APIKey: key}); err != nil {
			t.Fatal(err)
		}
	}
	// 30 a minute is one every 2 s: the second and fourth calls of key a
	// wait; key b has a bucket of its own.
	wantEq(t, "sleeps", clock.slept(), []time.Duration{2 * time.Second, 2 * time.Second})
}

// Callers sharing a KeyPacing pace a key they share together (a SERP
// vendor's key serving several surfaces), and keep other keys apart.
func TestCallerSharedKeyPacing(t *testing.T) {
	ok := func(context.Context, int, Request) (*Answer, error) { return &Answer{Text: "ok"}, nil }
	clock := newFakeClock()
	keys := NewKeyPacing()
	cfg := CallerConfig{RatePerMinute: 30, Burst: 1, Now: clock.Now, Sleep: clock.Sleep, Keys: keys}
	overviews, mode := NewCaller(&scripted{fn: ok}, cfg), NewCaller(&scripted{fn: ok}, cfg)
	for _, call := range []struct {
		c   *Caller
		key string
	}{{overviews, "serp"}, {mode, "serp"}, {mode, "other"}} {
		if _, _, err := call.c.Call(context.Background(), Request{APIKey: call.key}); err != nil {
			t.Fatal(err)
		}
	}
	// the second caller's call of the same key waits for the first's token
	wantEq(t, "sleeps", clock.slept(), []time.Duration{2 * time.Second})

	// without a shared KeyPacing each caller has its own bucket
	clock = newFakeClock()
	cfg = CallerConfig{RatePerMinute: 30, Burst: 1, Now: clock.Now, Sleep: clock.Sleep}
	a, b := NewCaller(&scripted{fn: ok}, cfg), NewCaller(&scripted{fn: ok}, cfg)
	for _, c := range []*Caller{a, b} {
		if _, _, err := c.Call(context.Background(), Request{APIKey: "serp"}); err != nil {
			t.Fatal(err)
		}
	}
	wantEq(t, "sleeps apart", clock.slept(), []time.Duration(nil))
}

// No more than Concurrency calls of one key are in flight at once.
func TestCallerConcurrency(t *testing.T) {
	var inFlight, most atomic.Int32
	a := &scripted{fn: func(context.Context, int, Request) (*Answer, error) {
		n := inFlight.Add(1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		time.Sleep(20 * time.Millisecond)
		inFlight.Add(-1)
		return &Answer{Text: "ok"}, nil
	}}
	c := NewCaller(a, CallerConfig{Concurrency: 2, RatePerMinute: 60000, Burst: 100})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := c.Call(context.Background(), Request{APIKey: "same"}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if most.Load() != 2 {
		t.Errorf("at most %d in flight, want 2", most.Load())
	}
	if c.Code() != "scripted" || c.Model() != "m" {
		t.Errorf("Code %q Model %q", c.Code(), c.Model())
	}
}
