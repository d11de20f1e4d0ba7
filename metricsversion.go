package sightline

// MetricsVersion names the metric definitions of docs/metrics.md that the
// numbers are computed by: the date of the newest entry of that page's
// changelog. Every metric response carries it in the header
// Sightline-Metrics-Version; change it, with a changelog entry, whenever a
// definition changes (metricsversion_test.go holds them together).
const MetricsVersion = "2026-11-27"

// MetricsVersionHeader is the response header that carries MetricsVersion.
const MetricsVersionHeader = "Sightline-Metrics-Version"
