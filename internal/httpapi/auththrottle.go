package httpapi

import (
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpsec"
)

// Failed authentication is throttled per client address
// (docs/api.md#failed-authentication): after AuthFailureLimit failures in
// a minute, an address's requests are answered 429 RATE_LIMITED with
// Retry-After until its minute is over, without looking the key up, so
// guessing keys costs the guesser time and the database nothing. The
// table lives in the process (each replica counts its own) and holds at
// most authThrottleAddresses addresses.
const (
	DefaultAuthFailureLimit = 60
	authThrottleWindow      = time.Minute
	authThrottleAddresses   = 10000
)

// authThrottle counts failed authentications per client address in fixed
// windows that start at an address's first failure.
type authThrottle struct {
	mu      sync.Mutex
	limit   int
	max     int
	entries map[string]*authFailures
}

type authFailures struct {
	start time.Time // of the window
	n     int
}

func newAuthThrottle(limit, max int) *authThrottle {
	return &authThrottle{limit: limit, max: max, entries: map[string]*authFailures{}}
}

// blocked returns how long addr must wait, or 0 when it may try.
func (t *authThrottle) blocked(addr string, now time.Time) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.entries[addr]
	if !ok {
		return 0
	}
	end := e.start.Add(authThrottleWindow)
	if !now.Before(end) {
		delete(t.entries, addr)
		return 0
	}
	if e.n < t.limit {
		return 0
	}
	return end.Sub(now)
}

// fail counts one failed authentication of addr.
func (t *authThrottle) fail(addr string, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e, ok := t.entries[addr]; ok && now.Before(e.start.Add(authThrottleWindow)) {
		e.n++
		return
	}
	if len(t.entries) >= t.max {
		t.evict(now)
	}
	t.entries[addr] = &authFailures{start: now, n: 1}
}

// evict makes room in a full table: it drops the windows that are over,
// and when none is, the oldest one, so that memory stays bounded whatever
// the number of addresses; an address dropped early only starts counting
// again.
func (t *authThrottle) evict(now time.Time) {
	var oldest string
	var oldestStart time.Time
	for addr, e := range t.entries {
		if !now.Before(e.start.Add(authThrottleWindow)) {
			delete(t.entries, addr)
			continue
		}
		if oldest == "" || e.start.Before(oldestStart) {
			oldest, oldestStart = addr, e.start
		}
	}
	if len(t.entries) >= t.max && oldest != "" {
		delete(t.entries, oldest)
	}
}

// throttleKey is the address a client's failures count against: its IPv4
// address, or the /64 network of its IPv6 address, since one IPv6 client
// usually has a whole /64 to pick addresses from.
func throttleKey(addr string) string {
	ip := net.ParseIP(addr)
	if ip == nil || ip.To4() != nil {
		return addr
	}
	return (&net.IPNet{IP: ip.Mask(net.CIDRMask(64, 128)), Mask: net.CIDRMask(64, 128)}).String()
}

// authThrottler returns the server's throttle, made on first use; nil
// when AuthFailureLimit turns it off.
func (s *Server) authThrottler() *authThrottle {
	s.authOnce.Do(func() {
		limit := s.AuthFailureLimit
		if limit == 0 {
			limit = DefaultAuthFailureLimit
		}
		if limit > 0 {
			s.authFails = newAuthThrottle(limit, authThrottleAddresses)
		}
	})
	return s.authFails
}

// presentsCredential reports whether r carries an API key or an
// Authorization header: only those failures count, as only they can be
// guesses.
func presentsCredential(r *http.Request) bool {
	return r.Header.Get(APIKeyHeader) != "" || r.Header.Get("Authorization") != ""
}

// authTooMany is the 429 of a throttled address.
func authTooMany(limit int, wait time.Duration) error {
	secs := max(1, int((wait+time.Second-1)/time.Second))
	err := sightline.Errorf(sightline.ERATELIMIT,
		"Too many failed authentications from this address: %d a minute allowed; retry in %d s.", limit, secs)
	err.RetryAfter = secs
	return err
}

// clientKey is the throttle's key for r.
func (s *Server) clientKey(r *http.Request) string {
	return throttleKey(httpsec.ClientAddr(r, s.TrustProxyHeaders))
}
