package main

import (
	"net/http"
	"strconv"
)

// demoRetryAfter is the Retry-After, in seconds, of the requests answered
// while the demo data set loads.
const demoRetryAfter = 5

// readiness answers every request but GET /healthz with 503 UNAVAILABLE
// and Retry-After until the server is ready (Main.start has run), so that
// `serve --demo` accepts and answers connections at once while it loads
// the demo data set (docs/demo.md). /readyz is 503 too, as load balancers
// expect; /healthz tells that the process is alive.
func (m *Main) readiness(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if m.ready.Load() || r.URL.Path == "/healthz" {
			next.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		h.Set("Retry-After", strconv.Itoa(demoRetryAfter))
		h.Set("Cache-Control", "no-store")
		const msg = "Sightline is loading the demo data set; retry in a few seconds."
		if isAPIPath(r.URL.Path) {
			h.Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write([]byte(`{"error":{"code":"UNAVAILABLE","message":"` + msg + `"}}` + "\n"))
			return
		}
		h.Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte(msg + "\n"))
	})
}
