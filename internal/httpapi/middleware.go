package httpapi

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/sightline/sightline"
)

// APIKeyHeader carries the API key on every public request (spec §5).
const APIKeyHeader = "X-API-KEY"

type logInfoKey struct{}

// logInfo is filled in by inner handlers for the access log line.
type logInfo struct {
	orgID string
}

// requestID gives every request an id (X-Request-ID, honoured if sane).
func (s *Server) requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-ID")
		if len(id) == 0 || len(id) > 64 || strings.ContainsFunc(id, func(c rune) bool { return c < '!' || c > '~' }) {
			b := make([]byte, 8)
			rand.Read(b)
			id = hex.EncodeToString(b)
		}
		w.Header().Set("X-Request-ID", id)
		next.ServeHTTP(w, r.WithContext(sightline.NewContextWithRequestID(r.Context(), id)))
	})
}

// recoverPanics turns a panic into a logged 500 INTERNAL.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.writeError(w, r, fmt.Errorf("panic: %v", v))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// accessLog writes one structured line per request: method, route pattern
// (never the raw query, which could hold secrets), status, duration, org.
func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &logInfo{}
		rec := &statusRecorder{ResponseWriter: w}
		r = r.WithContext(context.WithValue(r.Context(), logInfoKey{}, info))
		next.ServeHTTP(rec, r)
		route := r.Pattern
		if route == "" {
			route = "unmatched"
		}
		s.Logger.InfoContext(r.Context(), "request",
			"request_id", sightline.RequestIDFromContext(r.Context()),
			"method", r.Method, "route", route, "status", rec.status,
			"bytes", rec.bytes, "duration_ms", float64(time.Since(start).Microseconds())/1000,
			"org_id", info.orgID)
	})
}

// authenticate admits the right credential for the route's surface. Public
// routes take an API key (401 when missing, unknown, expired or revoked).
// Internal routes take the admin token; a valid API key there gets 403.
func (s *Server) authenticate(surface sightline.Surface, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := s.principal(r, surface)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		if info, ok := r.Context().Value(logInfoKey{}).(*logInfo); ok {
			info.orgID = p.OrgID
		}
		next.ServeHTTP(w, r.WithContext(sightline.NewContextWithPrincipal(r.Context(), p)))
	})
}

func (s *Server) principal(r *http.Request, surface sightline.Surface) (*sightline.Principal, error) {
	if surface == sightline.SurfaceInternal {
		if token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && s.AdminToken != "" &&
			subtle.ConstantTimeCompare([]byte(token), []byte(s.AdminToken)) == 1 {
			return &sightline.Principal{Admin: true}, nil
		}
	}
	key := r.Header.Get(APIKeyHeader)
	if key == "" {
		if surface == sightline.SurfaceInternal {
			return nil, sightline.Errorf(sightline.EUNAUTHORIZED, "Missing or invalid admin token.")
		}
		return nil, sightline.Errorf(sightline.EUNAUTHORIZED, "Missing API key: send it in the %s header.", APIKeyHeader)
	}
	p, err := s.Store.Authenticate(r.Context(), key)
	if err != nil {
		return nil, err
	}
	if surface == sightline.SurfaceInternal {
		return nil, sightline.Errorf(sightline.EFORBIDDEN, "API keys cannot be used on this endpoint.")
	}
	return p, nil
}

// rateLimiter is a token bucket per API key. It is per replica by design:
// the limit protects one process; quotas that must hold across replicas
// (regenerate, recompute) live in the database.
type rateLimiter struct {
	rate  float64
	burst float64
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newRateLimiter(rate float64, burst int, now func() time.Time) *rateLimiter {
	if burst <= 0 {
		burst = max(1, int(rate))
	}
	return &rateLimiter{rate: rate, burst: float64(burst), now: now, buckets: map[string]*bucket{}}
}

// allow takes a token for key; when none is left it returns the seconds to
// wait for the next one.
func (l *rateLimiter) allow(key string) (bool, int) {
	if l.rate <= 0 {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) > 100_000 { // bound memory: forget idle keys
			clear(l.buckets)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := (1 - b.tokens) / l.rate
	return false, max(1, int(wait+0.999))
}

func (s *Server) rateLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := sightline.PrincipalFromContext(r.Context())
		if p != nil && p.KeyID != "" {
			if ok, wait := s.limiter.allow(p.KeyID); !ok {
				err := sightline.Errorf(sightline.ERATELIMIT, "Too many requests; retry in %d s.", wait)
				err.RetryAfter = wait
				s.writeError(w, r, err)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
