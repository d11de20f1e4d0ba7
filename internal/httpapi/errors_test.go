package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sightline/sightline/internal/httpsec"
)

// TestWriteError_ClientGone: the failure of a request whose client went
// away is logged at info level and recorded as 499, not as an internal
// error; the same failure with the client still there is one (500, logged
// as an error), and a request past the server's own deadline is 503.
func TestWriteError_ClientGone(t *testing.T) {
	var log bytes.Buffer
	s := &Server{Logger: slog.New(slog.NewTextHandler(&log, nil))}
	failure := fmt.Errorf("find topics: %w", context.Canceled)

	gone, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	s.writeError(rec, httptest.NewRequest("GET", "/api/v2/brands/b/topics", nil).WithContext(gone), failure)
	if rec.Code != httpsec.StatusClientClosedRequest || rec.Body.Len() != 0 {
		t.Errorf("client gone: status %d, body %q; want 499 without a body", rec.Code, rec.Body)
	}
	if got := log.String(); !strings.Contains(got, "level=INFO") || !strings.Contains(got, "client closed request") || strings.Contains(got, "internal error") {
		t.Errorf("client gone logged %q", got)
	}

	log.Reset()
	rec = httptest.NewRecorder()
	s.writeError(rec, httptest.NewRequest("GET", "/api/v2/brands/b/topics", nil), failure)
	if rec.Code != http.StatusInternalServerError || !strings.Contains(log.String(), "level=ERROR") {
		t.Errorf("client still there: status %d, log %q; want 500 logged as an error", rec.Code, log.String())
	}

	past, stop := context.WithTimeout(context.Background(), 0)
	defer stop()
	<-past.Done()
	rec = httptest.NewRecorder()
	s.writeError(rec, httptest.NewRequest("GET", "/api/v2/brands/b/topics", nil).WithContext(past), fmt.Errorf("find topics: %w", past.Err()))
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("past the deadline: status %d, want 503", rec.Code)
	}
}
