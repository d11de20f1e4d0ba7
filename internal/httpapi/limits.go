package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// Limits bound what one client can take from a replica
// (docs/api.md#limits). Zero fields take the defaults of DefaultLimits.
type Limits struct {
	// HTTP server timeouts: reading the headers, the whole request, writing
	// the response, and an idle keep-alive connection.
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration
	// MaxHeaderBytes caps the request line and headers.
	MaxHeaderBytes int
	// RequestTimeout is the deadline of one public API read's work,
	// database included: a slow query is cancelled and answered 503
	// UNAVAILABLE instead of holding a connection.
	RequestTimeout time.Duration
	// WriteRequestTimeout is the same deadline for a public write (POST,
	// PATCH, PUT, DELETE). It is longer: some writes rebuild a brand's
	// rollups, which takes as long as the brand's data is large, and a
	// write cut off rolls back whole.
	WriteRequestTimeout time.Duration
	// Heavy is how many analytics requests (metrics, citations, lists that
	// aggregate runs) one replica runs at once; HeavyWait is how long an
	// excess request waits for a slot before 503 UNAVAILABLE.
	Heavy     int
	HeavyWait time.Duration
}

// Default limits.
const (
	DefaultReadHeaderTimeout   = 10 * time.Second
	DefaultReadTimeout         = 60 * time.Second
	DefaultWriteTimeout        = 120 * time.Second
	DefaultIdleTimeout         = 120 * time.Second
	DefaultMaxHeaderBytes      = 64 << 10
	DefaultRequestTimeout      = 30 * time.Second
	DefaultWriteRequestTimeout = 60 * time.Second
	DefaultHeavyWait           = 5 * time.Second
)

// DefaultHeavy is the default number of analytics requests at once: two per
// CPU, at least four — fewer than the database pool holds, so that light
// requests always find a connection.
func DefaultHeavy() int { return max(4, 2*runtime.GOMAXPROCS(0)) }

// DefaultLimits returns the defaults.
func DefaultLimits() Limits {
	return Limits{
		ReadHeaderTimeout: DefaultReadHeaderTimeout, ReadTimeout: DefaultReadTimeout,
		WriteTimeout: DefaultWriteTimeout, IdleTimeout: DefaultIdleTimeout,
		MaxHeaderBytes: DefaultMaxHeaderBytes, RequestTimeout: DefaultRequestTimeout,
		WriteRequestTimeout: DefaultWriteRequestTimeout, Heavy: DefaultHeavy(), HeavyWait: DefaultHeavyWait,
	}
}

// withDefaults fills zero fields.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	pick := func(v, def time.Duration) time.Duration {
		if v > 0 {
			return v
		}
		return def
	}
	l.ReadHeaderTimeout = pick(l.ReadHeaderTimeout, d.ReadHeaderTimeout)
	l.ReadTimeout = pick(l.ReadTimeout, d.ReadTimeout)
	l.WriteTimeout = pick(l.WriteTimeout, d.WriteTimeout)
	l.IdleTimeout = pick(l.IdleTimeout, d.IdleTimeout)
	l.RequestTimeout = pick(l.RequestTimeout, d.RequestTimeout)
	l.WriteRequestTimeout = pick(l.WriteRequestTimeout, d.WriteRequestTimeout)
	l.HeavyWait = pick(l.HeavyWait, d.HeavyWait)
	if l.MaxHeaderBytes <= 0 {
		l.MaxHeaderBytes = d.MaxHeaderBytes
	}
	if l.Heavy <= 0 {
		l.Heavy = d.Heavy
	}
	return l
}

// Validate refuses limits that cannot work.
func (l Limits) Validate() error {
	for _, d := range []struct {
		name string
		v    time.Duration
	}{
		{"read-header-timeout", l.ReadHeaderTimeout}, {"read-timeout", l.ReadTimeout}, {"write-timeout", l.WriteTimeout},
		{"idle-timeout", l.IdleTimeout}, {"request-timeout", l.RequestTimeout},
		{"write-request-timeout", l.WriteRequestTimeout}, {"heavy-wait", l.HeavyWait},
	} {
		if d.v < 0 {
			return errors.New("--" + d.name + " " + d.v.String() + ": use a positive duration (0: the default)")
		}
	}
	if l.MaxHeaderBytes < 0 || (l.MaxHeaderBytes > 0 && l.MaxHeaderBytes < 4<<10) {
		return errors.New("--max-header-bytes " + strconv.Itoa(l.MaxHeaderBytes) + ": use at least 4096 (0: the default)")
	}
	if l.Heavy < 0 {
		return errors.New("--heavy-requests " + strconv.Itoa(l.Heavy) + ": use a positive number (0: the default)")
	}
	return nil
}

// Attach makes ln the server's listener, with the HTTP server's limits.
// Listen binds and attaches; the binary binds first and opens the database
// after, so that a busy port creates no database.
func (s *Server) Attach(ln net.Listener) {
	s.ln = ln
	root := s.Handler()
	if s.Root != nil {
		root = s.Root
	}
	l := s.Limits.withDefaults()
	s.http = &http.Server{
		Handler:           root,
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		WriteTimeout:      l.WriteTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    l.MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(s.Logger.Handler(), slog.LevelWarn),
	}
}

// heavyRoutes are the routes whose work grows with the data: metrics,
// citation aggregates, topic and competitor metrics, ads and advertisers,
// the agents' metrics. They share the per-replica slots of Limits.Heavy.
var heavyRoutes = []string{
	"/citations/", "/share_of_voice", "/topics", "/competitors", "/ads", "/advertisers", "/opportunities", "/recommendations",
	"/agents/",
}

func isHeavy(pattern string) bool {
	method, path, _ := strings.Cut(pattern, " ")
	if method != http.MethodGet {
		return false
	}
	for _, h := range heavyRoutes {
		if strings.Contains(path+"/", h) {
			return true
		}
	}
	return false
}

// deadline puts the request deadline on a public request's work,
// authentication included: Limits.RequestTimeout on a read,
// Limits.WriteRequestTimeout on a write. Past it the database work is
// cancelled (a write rolls back whole) and the answer is 503 UNAVAILABLE,
// so that no request holds a connection for longer.
func (s *Server) deadline(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l := s.Limits.withDefaults()
		timeout := l.WriteRequestTimeout
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			timeout = l.RequestTimeout
		}
		ctx, cancel := context.WithTimeout(r.Context(), timeout)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// heavyLimit makes an authenticated analytics request take one of the
// replica's heavy slots: an excess request waits up to HeavyWait, then gets
// 503 UNAVAILABLE with Retry-After. Other routes pass.
func (s *Server) heavyLimit(pattern string, next http.Handler) http.Handler {
	if !isHeavy(pattern) {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		wait := time.NewTimer(s.Limits.withDefaults().HeavyWait)
		defer wait.Stop()
		select {
		case s.heavySlots() <- struct{}{}:
			defer func() { <-s.heavy }()
		case <-wait.C:
			err := sightline.Errorf(sightline.EUNAVAILABLE, "Too many analytics requests at once on this server; retry shortly.")
			err.RetryAfter = 1
			s.writeError(w, r, err)
			return
		case <-r.Context().Done():
			if errors.Is(r.Context().Err(), context.DeadlineExceeded) {
				s.writeError(w, r, r.Context().Err())
			}
			return // else the client went away
		}
		next.ServeHTTP(w, r)
	})
}

// heavySlots returns the semaphore of heavy requests, made on first use.
func (s *Server) heavySlots() chan struct{} {
	s.heavyOnce.Do(func() { s.heavy = make(chan struct{}, s.Limits.withDefaults().Heavy) })
	return s.heavy
}

// unavailable turns the error of a request whose deadline passed, or of a
// database that does not answer, into 503 UNAVAILABLE with Retry-After: the
// client may retry, and the log says what happened. Other errors pass.
func (s *Server) unavailable(r *http.Request, err error) error {
	if code := sightline.ErrorCode(err); code != sightline.EINTERNAL && code != sightline.EUNAVAILABLE {
		return err
	}
	if sightline.ErrorCode(err) == sightline.EINTERNAL &&
		!errors.Is(err, context.DeadlineExceeded) && !errors.Is(r.Context().Err(), context.DeadlineExceeded) {
		return err
	}
	s.Logger.WarnContext(r.Context(), "unavailable", "request_id", sightline.RequestIDFromContext(r.Context()),
		"method", r.Method, "path", r.URL.Path, "error", err.Error())
	out := sightline.Errorf(sightline.EUNAVAILABLE, "The database did not answer in time; retry shortly.")
	var appErr *sightline.Error
	if errors.As(err, &appErr) && appErr.Code == sightline.EUNAVAILABLE {
		out.Message = appErr.Message
	}
	out.RetryAfter = 1
	return out
}
