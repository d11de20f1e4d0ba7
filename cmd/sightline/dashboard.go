package main

import (
	"net/http"
	"strings"

	"github.com/sightline/sightline/internal/web"
)

// openDashboard builds the dashboard with the API's engine settings and
// puts the root router in front of both (docs/dashboard.md).
func (m *Main) openDashboard() error {
	m.Web = &web.Server{
		Store: m.DB, Logger: m.Logger, TrustProxyHeaders: m.Config.TrustProxyHeaders,
		Engine: web.EngineConfig{RegenerateQuota: m.RegenerateQuota, ComputeQuota: m.ComputeQuota, DismissCooldown: m.DismissCooldown},
	}
	if err := m.Web.Init(); err != nil {
		return err
	}
	m.Server.Root = m.readiness(rootHandler(m.Server.Handler(), m.Web.Handler()))
	return nil
}

// rootHandler sends the API's paths (/api/, /internal/, /healthz, /readyz)
// to the API, with its JSON answers for everything under them, and every
// other path to the dashboard.
func rootHandler(api, dashboard http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isAPIPath(r.URL.Path) {
			api.ServeHTTP(w, r)
			return
		}
		dashboard.ServeHTTP(w, r)
	})
}

func isAPIPath(p string) bool {
	for _, prefix := range []string{"/api", "/internal"} {
		if p == prefix || strings.HasPrefix(p, prefix+"/") {
			return true
		}
	}
	return p == "/healthz" || p == "/readyz"
}
