package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpsec"
)

// gzipMinBytes is the smallest response body compressed for a client that
// accepts gzip (docs/api.md#caching-compression-and-security-headers).
const gzipMinBytes = 4 << 10

// gzipWriters keeps compressors between responses: a new one allocates
// about a megabyte of tables. They compress at gzip.BestSpeed, which for
// the API's JSON costs a fraction of the default level's CPU for bodies a
// little larger (docs/performance.md#gzip-writers-pooled-at-bestspeed).
var gzipWriters = sync.Pool{New: func() any {
	zw, err := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	if err != nil {
		panic(err) // BestSpeed is a valid level
	}
	return zw
}}

// apiHeaders sets the security headers of every API response: those the
// dashboard shares (httpsec: no content sniffing, HSTS when the client came
// over TLS here or at a trusted proxy) and no referrer. Authenticated responses also get Cache-Control (see
// authenticated).
func (s *Server) apiHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		httpsec.SetBase(h, httpsec.Secure(r, s.TrustProxyHeaders))
		h.Set("Referrer-Policy", "no-referrer")
		next.ServeHTTP(w, r)
	})
}

// cacheAuthenticated marks a response to a credentialed request private
// and to be revalidated (with its ETag) before reuse.
func cacheAuthenticated(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "private, no-cache")
}

// CORS: the request and response header fields a browser app may use.
var (
	corsAllowHeaders  = "X-API-KEY, Content-Type, Idempotency-Key, If-None-Match, X-Request-ID"
	corsExposeHeaders = "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After, ETag, X-Request-ID, Idempotent-Replayed"
)

// cors answers browsers of the allowed origins (CORSOrigins, exact match)
// on /api/v2: a preflight gets 204 with the allowed methods and headers,
// other requests the allowed origin and the exposed headers. Other
// origins get no CORS headers at all, so the browser refuses them.
func (s *Server) cors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin == "" || !strings.HasPrefix(r.URL.Path, "/api/v2/") {
			next.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		h.Add("Vary", "Origin")
		if !slices.Contains(s.CORSOrigins, origin) {
			next.ServeHTTP(w, r)
			return
		}
		h.Set("Access-Control-Allow-Origin", origin)
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			h.Add("Vary", "Access-Control-Request-Method")
			h.Add("Vary", "Access-Control-Request-Headers")
			h.Set("Access-Control-Allow-Methods", "GET, POST, PATCH, DELETE")
			h.Set("Access-Control-Allow-Headers", corsAllowHeaders)
			h.Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		h.Set("Access-Control-Expose-Headers", corsExposeHeaders)
		next.ServeHTTP(w, r)
	})
}

// finish holds the response until the handler returns, then: a GET answered
// 200 gets a weak ETag of its body and becomes 304 Not Modified when the
// client's If-None-Match names it; a body of gzipMinBytes or more is
// compressed when the client accepts gzip.
func (s *Server) finish(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bw := &bufferedWriter{ResponseWriter: w}
		next.ServeHTTP(bw, r)
		if bw.stream {
			return // written as it came
		}
		status, body, h := bw.status, bw.buf.Bytes(), w.Header()
		if status == 0 {
			status = http.StatusOK
		}
		h.Add("Vary", "Accept-Encoding")
		if (r.Method == http.MethodGet || r.Method == http.MethodHead) && status == http.StatusOK {
			sum := sha256.Sum256(body)
			etag := `W/"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
			h.Set("ETag", etag)
			if etagMatch(r.Header.Values("If-None-Match"), etag) {
				h.Del("Content-Type")
				h.Del("Content-Length")
				w.WriteHeader(http.StatusNotModified)
				return
			}
		}
		if len(body) >= gzipMinBytes && h.Get("Content-Encoding") == "" && acceptsGzip(r) {
			h.Set("Content-Encoding", "gzip")
			h.Del("Content-Length")
			w.WriteHeader(status)
			zw := gzipWriters.Get().(*gzip.Writer)
			zw.Reset(w)
			zw.Write(body)
			zw.Close()
			gzipWriters.Put(zw)
			return
		}
		if status != http.StatusNoContent && status != http.StatusNotModified {
			h.Set("Content-Length", strconv.Itoa(len(body)))
		}
		w.WriteHeader(status)
		w.Write(body)
	})
}

// etagMatch applies If-None-Match's weak comparison.
func etagMatch(fields []string, etag string) bool {
	for _, f := range fields {
		for _, t := range strings.Split(f, ",") {
			t = strings.TrimSpace(t)
			if t == "*" || strings.TrimPrefix(t, "W/") == strings.TrimPrefix(etag, "W/") {
				return true
			}
		}
	}
	return false
}

// acceptsGzip reads Accept-Encoding: gzip with a q-value above 0.
func acceptsGzip(r *http.Request) bool {
	for _, f := range r.Header.Values("Accept-Encoding") {
		for _, c := range strings.Split(f, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(c), ";")
			if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
				continue
			}
			q := strings.TrimSpace(params)
			if v, ok := strings.CutPrefix(strings.ReplaceAll(q, " ", ""), "q="); ok {
				f, err := strconv.ParseFloat(v, 64)
				return err == nil && f > 0
			}
			return true
		}
	}
	return false
}

// bufferedWriter keeps the status and the body until finish writes them,
// except for a stream (Content-Type NDJSONType, the export of /runs): that
// goes out as it is written, without ETag or compression, so its memory
// stays flat (docs/api.md#runs).
type bufferedWriter struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
	stream bool
}

func (b *bufferedWriter) WriteHeader(code int) {
	if b.status != 0 {
		return
	}
	b.status = code
	if code == http.StatusOK && strings.HasPrefix(b.Header().Get("Content-Type"), NDJSONType) {
		b.stream = true
		b.Header().Add("Vary", "Accept-Encoding")
		b.ResponseWriter.WriteHeader(code)
	}
}

func (b *bufferedWriter) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.WriteHeader(http.StatusOK)
	}
	if b.stream {
		return b.ResponseWriter.Write(p)
	}
	return b.buf.Write(p)
}

// FlushError flushes a stream; a buffered response is written at the end.
func (b *bufferedWriter) FlushError() error {
	if !b.stream {
		return nil
	}
	return http.NewResponseController(b.ResponseWriter).Flush()
}

// Unwrap lets http.ResponseController reach the connection (a stream moves
// its write deadline).
func (b *bufferedWriter) Unwrap() http.ResponseWriter { return b.ResponseWriter }

// observe records every request in the Prometheus metrics by route
// pattern, method and status.
func (s *Server) observe(next http.Handler) http.Handler {
	if s.Metrics == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &httpsec.Recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		route := r.Pattern
		if route == "" {
			route = "unmatched"
		} else if _, path, ok := strings.Cut(route, " "); ok {
			route = path
		}
		status := rec.Status
		if status == 0 {
			status = http.StatusOK
		}
		s.Metrics.observe(r.Method, route, status, time.Since(start))
	})
}

// opsRoutes registers the operator's endpoints behind the admin token,
// outside the route table (they are not part of the published API):
// Prometheus metrics and pprof.
func (s *Server) opsRoutes() {
	admin := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if _, err := s.principal(r, sightline.SurfaceInternal); err != nil {
				s.writeError(w, r, err)
				return
			}
			h.ServeHTTP(w, r)
		})
	}
	if s.Metrics != nil {
		s.mux.Handle("GET /internal/metrics", admin(s.Metrics.Handler()))
	}
	// pprof reads the profile name after /debug/pprof/.
	pp := func(h http.HandlerFunc) http.Handler { return admin(http.StripPrefix("/internal", h)) }
	s.mux.Handle("GET /internal/debug/pprof/", pp(pprof.Index))
	s.mux.Handle("GET /internal/debug/pprof/cmdline", pp(pprof.Cmdline))
	s.mux.Handle("GET /internal/debug/pprof/profile", pp(pprof.Profile))
	s.mux.Handle("GET /internal/debug/pprof/symbol", pp(pprof.Symbol))
	s.mux.Handle("GET /internal/debug/pprof/trace", pp(pprof.Trace))
}
