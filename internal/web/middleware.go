package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpsec"
)

// contentSecurityPolicy allows the dashboard's own scripts, styles and
// images only: no inline script, no inline style, no framing, and forms
// that post back to the dashboard only.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// requestID gives every request an id (X-Request-ID, honoured if sane), as
// the API does, so that a page's error names the log line.
func (s *Server) requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-ID")
		if len(id) == 0 || len(id) > 64 || strings.ContainsFunc(id, func(c rune) bool { return c < '!' || c > '~' }) {
			b := make([]byte, 8)
			_, _ = rand.Read(b) // crypto/rand.Read never fails (it aborts the program instead)
			id = hex.EncodeToString(b)
		}
		w.Header().Set("X-Request-ID", id)
		next.ServeHTTP(w, r.WithContext(sightline.NewContextWithRequestID(r.Context(), id)))
	})
}

// recoverPanics turns a panic into a logged 500 page.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.renderError(w, r, nil, fmt.Errorf("panic: %v", v))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// logOrg is filled in by the session middleware for the access log.
type logOrg struct{ orgID string }

type logOrgKey struct{}

// accessLog writes one line per request like the API's: method, route
// pattern (never the query), status, duration and organization.
func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		org := &logOrg{}
		rec := &httpsec.Recorder{ResponseWriter: w}
		r = r.WithContext(context.WithValue(r.Context(), logOrgKey{}, org))
		next.ServeHTTP(rec, r)
		route := r.Pattern
		if route == "" {
			route = "unmatched"
		}
		s.Logger.InfoContext(r.Context(), "request",
			"request_id", sightline.RequestIDFromContext(r.Context()),
			"surface", "dashboard", "method", r.Method, "route", route, "status", rec.Status,
			"bytes", rec.Bytes, "duration_ms", float64(time.Since(start).Microseconds())/1000,
			"org_id", org.orgID)
	})
}

// securityHeaders sets the headers of docs/dashboard.md on every response.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		httpsec.SetBase(h, s.secure(r))
		h.Set("Referrer-Policy", "same-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		next.ServeHTTP(w, r)
	})
}

// secure reports whether the browser reached the dashboard over HTTPS:
// TLS here, or a trusted proxy that says so.
func (s *Server) secure(r *http.Request) bool {
	return httpsec.Secure(r, s.TrustProxyHeaders)
}

// clientAddr is the address the sign-in throttle counts: the peer, or with
// trusted proxy headers the one the nearest proxy gave (httpsec.ClientAddr).
func (s *Server) clientAddr(r *http.Request) string {
	return httpsec.ClientAddr(r, s.TrustProxyHeaders)
}
