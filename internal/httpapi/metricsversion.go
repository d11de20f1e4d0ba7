package httpapi

import (
	"net/http"
	"strings"

	"github.com/sightline/sightline"
)

// metricRoutes are the routes whose responses carry numbers defined in
// docs/metrics.md; each answers with the header Sightline-Metrics-Version
// naming the version of those definitions (docs/api.md#metrics-version).
var metricRoutes = map[string]bool{
	"GET /api/v2/brands/{brand_id}/topics":                      true,
	"GET /api/v2/brands/{brand_id}/topics/{topic_id}":           true,
	"GET /api/v2/brands/{brand_id}/citations/mention_share":     true,
	"GET /api/v2/brands/{brand_id}/citations/overview":          true,
	"GET /api/v2/brands/{brand_id}/citations/pages":             true,
	"GET /api/v2/brands/{brand_id}/search_queries":              true,
	"GET /api/v2/brands/{brand_id}/agents/overview":             true,
	"GET /api/v2/brands/{brand_id}/agents/pages":                true,
	"GET /api/v2/brands/{brand_id}/agents/referrals":            true,
	"GET /api/v2/brands/{brand_id}/citations/domains":           true,
	"GET /api/v2/brands/{brand_id}/citations/domains/overview":  true,
	"GET /api/v2/brands/{brand_id}/citations/summary":           true,
	"GET /api/v2/brands/{brand_id}/share_of_voice":              true,
	"GET /api/v2/brands/{brand_id}/competitors":                 true,
	"GET /api/v2/brands/{brand_id}/ads":                         true,
	"GET /api/v2/brands/{brand_id}/advertisers":                 true,
	"GET /api/v2/brands/{brand_id}/advertisers/{advertiser_id}": true,
	"GET /api/v2/brands/{brand_id}/signals":                     true,
	"GET /api/v2/brands/{brand_id}/signals/{id}":                true,
}

// MetricRoutes lists the routes that carry Sightline-Metrics-Version, as
// "METHOD /path"; tests compare it with the OpenAPI document.
func MetricRoutes() []string {
	out := make([]string, 0, len(metricRoutes))
	for r := range metricRoutes {
		out = append(out, r)
	}
	return out
}

// negotiate prepares the response of a routed request (r.Pattern is the
// route): Sightline-Metrics-Version on the responses of a metric route,
// errors included, and CSV for a public GET that asks for it (csv.go).
func negotiate(h handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if metricRoutes[r.Pattern] {
			w.Header().Set(sightline.MetricsVersionHeader, sightline.MetricsVersion)
		}
		if r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/api/v2/") && WantsCSV(r.Header.Get("Accept")) {
			w = &csvResponse{ResponseWriter: w}
		}
		return h(w, r)
	}
}
