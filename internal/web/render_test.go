package web

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

// TestRenderError_ClientGone: a page whose client went away is logged at
// info level and recorded as 499 with no page, as in the API; the same
// failure with the client still there is an internal error (500, the
// error page, logged as an error).
func TestRenderError_ClientGone(t *testing.T) {
	var log bytes.Buffer
	s := &Server{Logger: slog.New(slog.NewTextHandler(&log, nil))}
	if err := s.Init(); err != nil {
		t.Fatal(err)
	}
	failure := fmt.Errorf("find topics: %w", context.Canceled)

	gone, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	s.renderError(rec, httptest.NewRequest("GET", "/brands/b/topics", nil).WithContext(gone), nil, failure)
	if rec.Code != httpsec.StatusClientClosedRequest || rec.Body.Len() != 0 {
		t.Errorf("client gone: status %d, body %q; want 499 without a page", rec.Code, rec.Body)
	}
	if got := log.String(); !strings.Contains(got, "level=INFO") || !strings.Contains(got, "client closed request") || strings.Contains(got, "internal error") {
		t.Errorf("client gone logged %q", got)
	}

	log.Reset()
	rec = httptest.NewRecorder()
	s.renderError(rec, httptest.NewRequest("GET", "/brands/b/topics", nil), nil, failure)
	if rec.Code != http.StatusInternalServerError || !strings.Contains(rec.Body.String(), "Something went wrong") || !strings.Contains(log.String(), "level=ERROR") {
		t.Errorf("client still there: status %d, log %q; want 500 with the error page, logged as an error", rec.Code, log.String())
	}
}
