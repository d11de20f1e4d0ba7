package httpapi

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpsec"
)

// APIKeyHeader carries the API key on every public request (docs/api.md).
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

// accessLog writes one structured line per request: method, route pattern
// (never the raw query, which could hold secrets), status, duration, org.
func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &logInfo{}
		rec := &httpsec.Recorder{ResponseWriter: w}
		r = r.WithContext(context.WithValue(r.Context(), logInfoKey{}, info))
		next.ServeHTTP(rec, r)
		route := r.Pattern
		if route == "" {
			route = "unmatched"
		}
		s.Logger.InfoContext(r.Context(), "request",
			"request_id", sightline.RequestIDFromContext(r.Context()),
			"method", r.Method, "route", route, "status", rec.Status,
			"bytes", rec.Bytes, "duration_ms", float64(time.Since(start).Microseconds())/1000,
			"org_id", info.orgID)
	})
}

// authenticate admits the right credential for the route's surface. Public
// routes take an API key (401 when missing, unknown, expired or revoked).
// Internal routes take the admin token; a valid API key there gets 403.
//
// Failed attempts are throttled per client address (authThrottle): a
// throttled address gets 429 before its credential is looked up.
func (s *Server) authenticate(surface sightline.Surface, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		throttle, addr := s.authThrottler(), ""
		if throttle != nil && presentsCredential(r) {
			addr = s.clientKey(r)
			if wait := throttle.blocked(addr, time.Now()); wait > 0 {
				s.writeError(w, r, authTooMany(throttle.limit, wait))
				return
			}
		}
		p, err := s.principal(r, surface)
		if err != nil {
			if addr != "" && sightline.ErrorCode(err) == sightline.EUNAUTHORIZED {
				throttle.fail(addr, time.Now())
			}
			s.writeError(w, r, err)
			return
		}
		if info, ok := r.Context().Value(logInfoKey{}).(*logInfo); ok {
			info.orgID = p.OrgID
		}
		cacheAuthenticated(w)
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
