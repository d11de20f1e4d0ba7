package provider

import (
	"context"
	"crypto/sha256"
	"errors"
	"math/rand/v2"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// CallerConfig is how a Caller paces and retries. Zero fields take the
// defaults in brackets.
type CallerConfig struct {
	// RatePerMinute is the steady rate of calls per API key [30], a
	// token bucket of Burst calls [2]: well under the lowest published
	// tier limits of the four providers.
	RatePerMinute float64
	Burst         int
	// Concurrency caps the calls in flight per API key [4].
	Concurrency int
	// Timeout bounds each try [2m]: a web-search answer can take a
	// minute.
	Timeout time.Duration
	// MaxTries is the number of tries in all, at most 3 [3].
	MaxTries int
	// BaseDelay and MaxDelay shape the backoff before try n+1: a random
	// wait in [0, min(MaxDelay, BaseDelay·2^(n-1))) ("full jitter")
	// [2s, 30s].
	BaseDelay, MaxDelay time.Duration
	// MaxRetryAfter caps how long a Retry-After is waited [60s]: a
	// provider asking for longer ends the call as rate_limited rather
	// than being asked again sooner than it said.
	MaxRetryAfter time.Duration
	// Keys holds the pacing of each API key. Callers given the same Keys
	// pace a key they share together: a SERP vendor's key serves several
	// surfaces, and the vendor limits the key, not the surface [each
	// caller its own].
	Keys *KeyPacing
	// Now, Sleep and Jitter stand for the clock, waiting and the random
	// source; tests replace them so nothing really waits. Sleep returns
	// ctx.Err() when ctx ends first; Jitter returns a number in [0, 1).
	Now    func() time.Time
	Sleep  func(ctx context.Context, d time.Duration) error
	Jitter func() float64
}

// maxTries is the most tries a call gets, whatever the configuration.
const maxTries = 3

func (cfg CallerConfig) withDefaults() CallerConfig {
	if cfg.RatePerMinute <= 0 {
		cfg.RatePerMinute = 30
	}
	if cfg.Burst <= 0 {
		cfg.Burst = 2
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 4
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Minute
	}
	if cfg.MaxTries <= 0 || cfg.MaxTries > maxTries {
		cfg.MaxTries = maxTries
	}
	if cfg.BaseDelay <= 0 {
		cfg.BaseDelay = 2 * time.Second
	}
	if cfg.MaxDelay <= 0 {
		cfg.MaxDelay = 30 * time.Second
	}
	if cfg.MaxRetryAfter <= 0 {
		cfg.MaxRetryAfter = time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Sleep == nil {
		cfg.Sleep = sleep
	}
	if cfg.Jitter == nil {
		cfg.Jitter = rand.Float64
	}
	return cfg
}

// Caller wraps an Adapter with what a careful API client needs: a token
// bucket and a concurrency cap per API key, a timeout per try, and up to
// three tries with exponential backoff and full jitter for 429s, 5xx,
// timeouts and network errors. A 429's Retry-After is obeyed, and holds
// back every call on that key until it has passed. Other 4xx, billing
// errors, malformed replies, refusals, truncated and empty answers are not
// retried. What billed tries used is added to the answer's usage, or to
// the last error's.
//
// A Caller is safe for concurrent use; keep one per provider for the life
// of the process so its limits hold across collection runs.
type Caller struct {
	adapter Adapter
	cfg     CallerConfig
	keys    *KeyPacing
}

// KeyPacing is the pacing of API keys, which callers may share
// (CallerConfig.Keys). Keys are held by their hash so the map keeps no
// secret.
type KeyPacing struct {
	mu   sync.Mutex
	keys map[[sha256.Size]byte]*keyState
}

// NewKeyPacing returns an empty KeyPacing.
func NewKeyPacing() *KeyPacing {
	return &KeyPacing{keys: map[[sha256.Size]byte]*keyState{}}
}

// keyState is the pacing of one API key.
type keyState struct {
	limiter     *rate.Limiter
	slots       chan struct{}
	pausedUntil time.Time // guarded by KeyPacing.mu
}

// Try is one request a call made.
type Try struct {
	Started  time.Time
	Duration time.Duration
	// Err is why the try failed; nil for the try that answered.
	Err *Error
}

// NewCaller wraps an adapter.
func NewCaller(a Adapter, cfg CallerConfig) *Caller {
	cfg = cfg.withDefaults()
	keys := cfg.Keys
	if keys == nil {
		keys = NewKeyPacing()
	}
	return &Caller{adapter: a, cfg: cfg, keys: keys}
}

// Code is the wrapped adapter's provider code.
func (c *Caller) Code() string { return c.adapter.Code() }

// Model is the wrapped adapter's default model.
func (c *Caller) Model() string { return c.adapter.Model() }

// Ask is Call without the list of tries, so a Caller is an Adapter too.
func (c *Caller) Ask(ctx context.Context, req Request) (*Answer, error) {
	ans, _, err := c.Call(ctx, req)
	return ans, err
}

// Call asks the provider, retrying as the type's comment says. It returns
// the answer, or the last failure as an *Error, and every try made in
// order (none when ctx ended before the first could start).
func (c *Caller) Call(ctx context.Context, req Request) (*Answer, []Try, error) {
	ks := c.state(req.APIKey)
	var tries []Try
	var last *Error
	// spent is what the failed tries were billed for: an attempt records
	// every billed call, so the spending cap adds up to the calls made.
	var spent Usage
	var spentModel string
	for n := 1; n <= c.cfg.MaxTries; n++ {
		if n > 1 {
			d, ok := c.backoff(n-1, last)
			if !ok {
				break
			}
			if err := c.cfg.Sleep(ctx, d); err != nil {
				return nil, tries, c.stopped(ctx, last)
			}
		}
		if ctx.Err() != nil {
			return nil, tries, c.stopped(ctx, last)
		}
		select {
		case ks.slots <- struct{}{}:
		case <-ctx.Done():
			return nil, tries, c.stopped(ctx, last)
		}
		if err := c.wait(ctx, ks); err != nil {
			<-ks.slots
			return nil, tries, c.stopped(ctx, last)
		}
		start := c.cfg.Now()
		tctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
		ans, err := c.adapter.Ask(tctx, req)
		cancel()
		<-ks.slots
		try := Try{Started: start, Duration: c.cfg.Now().Sub(start)}
		if err == nil {
			ans.Usage = spent.Add(ans.Usage)
			return ans, append(tries, try), nil
		}
		last = c.asError(err)
		spent = spent.Add(last.Usage)
		if last.Model != "" {
			spentModel = last.Model
		}
		last.Usage, last.Model = spent, spentModel
		try.Err = last
		tries = append(tries, try)
		if last.Code == ErrRateLimited && last.RetryAfter > 0 {
			c.pause(ks, min(last.RetryAfter, c.cfg.MaxRetryAfter))
		}
		if !last.Retryable || ctx.Err() != nil {
			break
		}
	}
	return nil, tries, last
}

// state returns the pacing of an API key, creating it on first use.
func (c *Caller) state(key string) *keyState {
	h := sha256.Sum256([]byte(key))
	c.keys.mu.Lock()
	defer c.keys.mu.Unlock()
	ks, ok := c.keys.keys[h]
	if !ok {
		ks = &keyState{
			limiter: rate.NewLimiter(rate.Limit(c.cfg.RatePerMinute/60), c.cfg.Burst),
			slots:   make(chan struct{}, c.cfg.Concurrency),
		}
		c.keys.keys[h] = ks
	}
	return ks
}

// wait holds a try back until the key's Retry-After pause has passed and
// the token bucket has a token for it.
func (c *Caller) wait(ctx context.Context, ks *keyState) error {
	c.keys.mu.Lock()
	until := ks.pausedUntil
	c.keys.mu.Unlock()
	if d := until.Sub(c.cfg.Now()); d > 0 {
		if err := c.cfg.Sleep(ctx, d); err != nil {
			return err
		}
	}
	now := c.cfg.Now()
	r := ks.limiter.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		if err := c.cfg.Sleep(ctx, d); err != nil {
			r.CancelAt(c.cfg.Now())
			return err
		}
	}
	return nil
}

func (c *Caller) pause(ks *keyState, d time.Duration) {
	until := c.cfg.Now().Add(d)
	c.keys.mu.Lock()
	if until.After(ks.pausedUntil) {
		ks.pausedUntil = until
	}
	c.keys.mu.Unlock()
}

// backoff is the wait before the retry after the n-th failed try; false
// when the provider asked for a longer wait than MaxRetryAfter.
func (c *Caller) backoff(n int, last *Error) (time.Duration, bool) {
	if last != nil && last.RetryAfter > 0 {
		if last.RetryAfter > c.cfg.MaxRetryAfter {
			return 0, false
		}
		return last.RetryAfter, true
	}
	ceiling := c.cfg.MaxDelay
	if shift := n - 1; shift < 16 && c.cfg.BaseDelay<<shift < ceiling {
		ceiling = c.cfg.BaseDelay << shift
	}
	return time.Duration(c.cfg.Jitter() * float64(ceiling)), true
}

// asError makes any adapter error an *Error; an error that is not one is
// a bug on this side of the wire, not worth retrying.
func (c *Caller) asError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Provider: c.adapter.Code(), Code: ErrBadRequest, Message: cut(err.Error())}
}

// stopped is the error of a call whose context ended while it waited:
// the last try's failure if there was one, else a timeout or a
// cancellation.
func (c *Caller) stopped(ctx context.Context, last *Error) *Error {
	if last != nil {
		return last
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &Error{Provider: c.adapter.Code(), Code: ErrTimeout, Message: "the deadline passed before the call could be made"}
	}
	return &Error{Provider: c.adapter.Code(), Code: ErrNetwork, Message: "the call was cancelled before it was made"}
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
