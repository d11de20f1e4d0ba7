package main

import (
	"context"
	"flag"
	"fmt"
	"iter"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/sqlstore"
)

// Defaults of the operability settings of serve (README, docs/api.md).
const (
	DefaultPruneInterval = 10 * time.Minute
	DefaultJobRetention  = 7 * 24 * time.Hour
)

// opsFlags registers serve's flags of rate limits, CORS, metrics and
// house-keeping.
func (m *Main) opsFlags(fs *flag.FlagSet) {
	fs.IntVar(&m.RateLimits.PerKey, "rate-limit", m.RateLimits.PerKey,
		"requests per minute per API key, counted across replicas in the database (0: no limit; an organization's own limit wins: orgs set-limits)")
	fs.IntVar(&m.RateLimits.PerOrg, "org-rate-limit", m.RateLimits.PerOrg,
		"requests per minute per organization, all its keys together (0: no limit)")
	fs.Func("cors-origins", "comma-separated browser origins allowed to call /api/v2, e.g. https://app.example.com (default: none)", func(v string) error {
		m.CORSOrigins = nil
		for _, o := range splitList(v) {
			if !strings.HasPrefix(o, "https://") && !strings.HasPrefix(o, "http://") || strings.Count(o, "/") != 2 {
				return fmt.Errorf("%q: use scheme://host[:port] without a path", o)
			}
			m.CORSOrigins = append(m.CORSOrigins, o)
		}
		return nil
	})
	fs.StringVar(&m.MetricsAddr, "metrics-addr", m.MetricsAddr,
		"serve Prometheus /metrics on this separate address, e.g. 127.0.0.1:9090 (default: off; GET /internal/metrics with the admin token always works)")
	fs.DurationVar(&m.PruneInterval, "prune-interval", m.PruneInterval, "how often finished jobs, old idempotency keys and rate-limit windows are deleted (0: never)")
	fs.DurationVar(&m.JobRetention, "job-retention", m.JobRetention, "how long finished jobs are kept")
}

// validateOps checks the operability settings.
func (m *Main) validateOps() error {
	switch {
	case m.RateLimits.PerKey < 0 || m.RateLimits.PerOrg < 0:
		return fmt.Errorf("--rate-limit and --org-rate-limit must be 0 (no limit) or more")
	case m.PruneInterval < 0:
		return fmt.Errorf("--prune-interval %s: use 0 (off) or a positive duration", m.PruneInterval)
	case m.JobRetention < time.Hour:
		return fmt.Errorf("--job-retention %s: use at least 1h", m.JobRetention)
	}
	return nil
}

// openOps wires the API server's rate limits, CORS and metrics, starts
// the metrics listener and the pruner. The store the API and the
// collector use is wrapped to count ingested runs and collection attempts.
func (m *Main) openOps() error {
	m.Server.RateLimits = m.RateLimits
	m.Server.CORSOrigins = m.CORSOrigins
	m.Server.TrustProxyHeaders = m.Config.TrustProxyHeaders
	m.Metrics = httpapi.NewMetrics()
	m.Server.Metrics = m.Metrics
	m.counting = newCountingStore(m.DB)
	if err := m.Metrics.Register(m.counting.ingested, m.counting.attempts, &dbCollector{db: m.DB}); err != nil {
		return err
	}
	m.Server.Store = m.counting
	if m.MetricsAddr != "" {
		ln, err := net.Listen("tcp", m.MetricsAddr)
		if err != nil {
			return fmt.Errorf("--metrics-addr: %w", err)
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", m.Metrics.Handler())
		m.metricsServer = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		m.metricsLn = ln
		go m.metricsServer.Serve(ln)
		m.Logger.Info("metrics listening", "addr", ln.Addr().String())
	}
	return nil
}

// startPruner deletes what house-keeping may delete on a schedule; every
// replica may run it.
func (m *Main) startPruner() {
	if m.PruneInterval == 0 {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.stopPruner, m.prunerDone = cancel, make(chan struct{})
	go func() {
		defer close(m.prunerDone)
		t := time.NewTicker(m.PruneInterval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			res, err := m.DB.Prune(ctx, m.DB.Now().Add(-m.JobRetention))
			switch {
			case err != nil && ctx.Err() == nil:
				m.Logger.Warn("prune", "error", err.Error())
			case res != (sightline.PruneResult{}):
				m.Logger.Info("pruned", "jobs", res.Jobs, "idempotency_keys", res.IdempotencyKeys, "rate_limit_windows", res.RateLimitCounters)
			}
		}
	}()
}

// closeOps stops the pruner and the metrics listener.
func (m *Main) closeOps() {
	if m.stopPruner != nil {
		m.stopPruner()
		<-m.prunerDone
	}
	if m.metricsServer != nil {
		m.metricsServer.Close()
	}
}

// MetricsListenAddr returns the bound metrics address ("" when off).
func (m *Main) MetricsListenAddr() string {
	if m.metricsLn == nil {
		return ""
	}
	return m.metricsLn.Addr().String()
}

// countingStore counts, for the metrics, the runs ingested and the
// collection attempts recorded through it.
type countingStore struct {
	*sqlstore.DB
	ingested *prometheus.CounterVec
	attempts *prometheus.CounterVec
}

func newCountingStore(db *sqlstore.DB) *countingStore {
	return &countingStore{
		DB: db,
		ingested: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sightline_ingested_runs_total",
			Help: "Prompt runs ingested by this process (API ingest and collection), by result: inserted or duplicate.",
		}, []string{"result"}),
		attempts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sightline_collection_attempts_total",
			Help: "Collection attempts recorded by this process, by status: ok or failed.",
		}, []string{"status"}),
	}
}

// IngestRuns counts what the store stored.
func (c *countingStore) IngestRuns(ctx context.Context, runs iter.Seq2[*sightline.AnalyzedRun, error]) (sightline.IngestStats, error) {
	st, err := c.DB.IngestRuns(ctx, runs)
	if err == nil {
		c.ingested.WithLabelValues("inserted").Add(float64(st.Inserted))
		c.ingested.WithLabelValues("duplicate").Add(float64(st.Duplicates))
	}
	return st, err
}

// RecordCollectionAttempt counts recorded attempts by status.
func (c *countingStore) RecordCollectionAttempt(ctx context.Context, a *sightline.CollectionAttempt, run *sightline.AnalyzedRun) error {
	err := c.DB.RecordCollectionAttempt(ctx, a, run)
	if err == nil {
		c.attempts.WithLabelValues(a.Status).Inc()
	}
	return err
}

// dbCollector reads the connection pools and the job queue at scrape time.
type dbCollector struct{ db *sqlstore.DB }

var (
	descPoolOpen    = prometheus.NewDesc("sightline_db_connections_open", "Open database connections, by pool.", []string{"pool"}, nil)
	descPoolInUse   = prometheus.NewDesc("sightline_db_connections_in_use", "Database connections in use, by pool.", []string{"pool"}, nil)
	descPoolIdle    = prometheus.NewDesc("sightline_db_connections_idle", "Idle database connections, by pool.", []string{"pool"}, nil)
	descPoolMax     = prometheus.NewDesc("sightline_db_connections_max", "Most open connections allowed, by pool.", []string{"pool"}, nil)
	descPoolWaits   = prometheus.NewDesc("sightline_db_wait_total", "Waits for a free database connection, by pool.", []string{"pool"}, nil)
	descPoolWaited  = prometheus.NewDesc("sightline_db_wait_seconds_total", "Time spent waiting for a free database connection, by pool.", []string{"pool"}, nil)
	descJobs        = prometheus.NewDesc("sightline_jobs", "Live background jobs, by kind and status (queued, running).", []string{"kind", "status"}, nil)
	descJobsOldest  = prometheus.NewDesc("sightline_jobs_oldest_age_seconds", "Age of the oldest live job, by kind and status.", []string{"kind", "status"}, nil)
	descScrapeError = prometheus.NewDesc("sightline_db_scrape_error", "1 when the job queue could not be read at this scrape.", nil, nil)
)

func (c *dbCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descPoolOpen, descPoolInUse, descPoolIdle, descPoolMax, descPoolWaits, descPoolWaited, descJobs, descJobsOldest, descScrapeError} {
		ch <- d
	}
}

func (c *dbCollector) Collect(ch chan<- prometheus.Metric) {
	for pool, st := range c.db.PoolStats() {
		ch <- prometheus.MustNewConstMetric(descPoolOpen, prometheus.GaugeValue, float64(st.OpenConnections), pool)
		ch <- prometheus.MustNewConstMetric(descPoolInUse, prometheus.GaugeValue, float64(st.InUse), pool)
		ch <- prometheus.MustNewConstMetric(descPoolIdle, prometheus.GaugeValue, float64(st.Idle), pool)
		ch <- prometheus.MustNewConstMetric(descPoolMax, prometheus.GaugeValue, float64(st.MaxOpenConnections), pool)
		ch <- prometheus.MustNewConstMetric(descPoolWaits, prometheus.CounterValue, float64(st.WaitCount), pool)
		ch <- prometheus.MustNewConstMetric(descPoolWaited, prometheus.CounterValue, st.WaitDuration.Seconds(), pool)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	stats, err := c.db.JobQueueStats(ctx)
	failed := 0.0
	if err != nil {
		failed = 1
	}
	ch <- prometheus.MustNewConstMetric(descScrapeError, prometheus.GaugeValue, failed)
	// Every kind and status appears, 0 when none is live, so that alerts
	// on absent series are not needed.
	seen := map[[2]string]sightline.JobQueueStat{}
	for _, st := range stats {
		seen[[2]string{st.Kind, st.Status}] = st
	}
	for _, kind := range []string{sightline.JobKindOpportunities, strings.TrimSuffix(sightline.JobKindBriefPrefix, ":"),
		strings.TrimSuffix(sightline.JobKindCollectPrefix, ":"), sightline.JobKindSignals} {
		for _, status := range []string{sightline.JobQueued, sightline.JobRunning} {
			st := seen[[2]string{kind, status}]
			delete(seen, [2]string{kind, status})
			ch <- prometheus.MustNewConstMetric(descJobs, prometheus.GaugeValue, float64(st.Count), kind, status)
			ch <- prometheus.MustNewConstMetric(descJobsOldest, prometheus.GaugeValue, st.OldestAgeSeconds, kind, status)
		}
	}
	for _, st := range seen { // a kind this list does not know yet
		ch <- prometheus.MustNewConstMetric(descJobs, prometheus.GaugeValue, float64(st.Count), st.Kind, st.Status)
		ch <- prometheus.MustNewConstMetric(descJobsOldest, prometheus.GaugeValue, st.OldestAgeSeconds, st.Kind, st.Status)
	}
}
