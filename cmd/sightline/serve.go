package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/collect"
	"github.com/sightline/sightline/internal/demo"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/signal"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/web"
	"github.com/sightline/sightline/internal/webhook"
	"github.com/sightline/sightline/internal/worker"
)

const serveUsage = `Usage: sightline serve [--addr 127.0.0.1:8080] [--db DSN] [--demo] [--workers N]
       [--regenerate-quota N] [--compute-quota N] [--dismiss-cooldown 336h]
       [--trust-proxy-headers] [--signal-threshold 5] [--allow-insecure-webhooks]
       [--rate-limit 600] [--org-rate-limit 3000] [--cors-origins URL,…]
       [--metrics-addr ADDR] [--prune-interval 10m] [--job-retention 168h]
       [--read-header-timeout 10s] [--read-timeout 60s] [--write-timeout 120s] [--idle-timeout 120s]
       [--max-header-bytes 65536] [--max-body-bytes 1048576] [--request-timeout 30s]
       [--write-request-timeout 60s] [--heavy-requests N] [--heavy-wait 5s]

Binds the address, migrates the database, then serves the REST API and the dashboard on the
same address (docs/dashboard.md) and runs the background job worker
(opportunity compute, brief generation, collection, change detection), the
webhook dispatcher and the collection scheduler (both with a master key;
docs/collect.md, docs/webhooks.md) until SIGINT/SIGTERM.
On shutdown it finishes in-flight requests, then lets running jobs finish
or releases them to the queue, then closes the database. Several serve
processes may share one PostgreSQL database: jobs are claimed with a lease
and quotas are counted in the database. With --demo, an empty database is
loaded with the demo data set first and a ready API key and dashboard
sign-in are printed.
Every flag may also be set by its SIGHTLINE_* environment variable
(--rate-limit: SIGHTLINE_RATE_LIMIT; README lists them); a flag wins.

`

// ServeCommand runs the API server.
type ServeCommand struct {
	env            Config
	stdout, stderr io.Writer
	demoHold       <-chan struct{} // tests: the demo load waits for it to close
}

// Run parses flags and serves until ctx is cancelled.
func (c *ServeCommand) Run(ctx context.Context, args []string) error {
	m := NewMain(c.env, c.stdout, c.stderr)
	fs := newFlags("serve", serveUsage, c.stderr)
	m.Config.dbFlag(fs)
	fs.StringVar(&m.Config.Addr, "addr", m.Config.Addr, "listen address")
	fs.BoolVar(&m.Demo, "demo", false, "load the demo data set into an empty database and print its API key")
	fs.IntVar(&m.DemoDays, "demo-days", demo.DefaultDays, "days of history the --demo data set holds")
	fs.DurationVar(&m.ShutdownTimeout, "shutdown-timeout", m.ShutdownTimeout, "how long to wait for in-flight requests and running jobs on shutdown")
	fs.IntVar(&m.Workers, "workers", m.Workers, "background jobs run at once by this process (0: no worker)")
	fs.DurationVar(&m.JobLease, "job-lease", m.JobLease, "how long a claimed job stays claimed without a heartbeat (a dead worker's job is retried after it)")
	fs.DurationVar(&m.WorkerPoll, "worker-poll", m.WorkerPoll, "how often an idle worker looks for jobs")
	fs.DurationVar(&m.JobDelay, "worker-job-delay", 0, "pause before each job (fault-injection testing only)")
	fs.IntVar(&m.RegenerateQuota, "regenerate-quota", m.RegenerateQuota, "daily recommendation regenerations per brand")
	fs.IntVar(&m.ComputeQuota, "compute-quota", m.ComputeQuota, "daily opportunity recomputes per brand")
	fs.DurationVar(&m.DismissCooldown, "dismiss-cooldown", m.DismissCooldown, "how long a dismissed recommendation stays dismissed before regeneration may revive it")
	fs.DurationVar(&m.CollectInterval, "collect-interval", m.CollectInterval, "how often the scheduler looks for due collection (0: no scheduler; needs a master key)")
	fs.Float64Var(&m.Config.SignalThreshold, "signal-threshold", m.Config.SignalThreshold,
		"smallest change, in percentage points, that raises a signal (docs/metrics.md)")
	fs.BoolVar(&m.AllowInsecureWebhooks, "allow-insecure-webhooks", false,
		"TESTS ONLY: accept http webhook URLs on loopback hosts and deliver to private and loopback addresses")
	m.Config.collectFlags(fs)
	m.Config.botRangesFlag(fs)
	fs.BoolVar(&m.Config.TrustProxyHeaders, "trust-proxy-headers", m.Config.TrustProxyHeaders,
		"trust X-Forwarded-Proto and X-Forwarded-For from a TLS-terminating proxy (dashboard cookies, sign-in throttle)")
	m.Limits.flags(fs.FlagSet)
	m.opsFlags(fs.FlagSet)
	fs.secret(&m.Config.AdminToken, "SIGHTLINE_ADMIN_TOKEN")
	// Every flag of serve also reads its SIGHTLINE_* variable (README).
	fs.envAll()
	if err := fs.parseFlags(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("serve: unexpected argument %q", fs.Arg(0))
	}
	if err := m.open(ctx); err != nil {
		m.Close()
		return err
	}
	errc := make(chan error, 1)
	if m.Demo {
		// Loading the demo takes a while: listen at once and answer 503
		// with Retry-After until it is loaded (docs/demo.md), instead of
		// letting connections wait in the listen queue.
		m.demoHold = c.demoHold
		go func() { errc <- m.Server.Serve() }()
		m.printListening(c.stdout)
		if err := m.start(ctx); err != nil {
			if ctx.Err() != nil { // stopped while loading: a graceful stop
				m.Logger.Info("shutting down")
				return m.Close()
			}
			m.Close()
			return err
		}
	} else {
		if err := m.start(ctx); err != nil {
			m.Close()
			return err
		}
		go func() { errc <- m.Server.Serve() }()
		m.printListening(c.stdout)
	}
	select {
	case <-ctx.Done():
		m.Logger.Info("shutting down")
	case err := <-errc:
		m.Close()
		return err
	}
	return m.Close()
}

// printListening tells where the server listens.
func (m *Main) printListening(w io.Writer) {
	fmt.Fprintf(w, "Sightline listening on http://%s (database: %s)\n", m.Addr(), sqlstore.RedactDSN(m.Config.DB))
	fmt.Fprintf(w, "Dashboard: http://%s/\n", m.Addr())
	if !m.ready.Load() {
		fmt.Fprintln(w, "Requests are answered 503 (Retry-After) until the demo data set is loaded.")
	}
}

// Main is the running server: configuration, database, HTTP server and
// job worker. The end-to-end tests drive it directly.
type Main struct {
	Config          Config
	Demo            bool
	DemoDays        int // history of the --demo data set; 0 means demo.DefaultDays
	ShutdownTimeout time.Duration
	// Limits: server timeouts, header and body sizes, request deadline,
	// concurrent analytics requests (docs/api.md#limits).
	Limits limitSettings

	// Operability (ops.go): request rate limits, CORS, metrics and
	// house-keeping.
	RateLimits    sightline.RateLimits
	CORSOrigins   []string
	MetricsAddr   string
	PruneInterval time.Duration
	JobRetention  time.Duration
	Metrics       *httpapi.Metrics
	counting      *countingStore
	metricsServer *http.Server
	metricsLn     net.Listener
	stopPruner    context.CancelFunc
	prunerDone    chan struct{}

	// Engines: the job worker and the quotas.
	Workers         int
	JobLease        time.Duration
	WorkerPoll      time.Duration
	JobDelay        time.Duration
	RegenerateQuota int
	ComputeQuota    int
	DismissCooldown time.Duration

	// Collection: the scheduler's interval (0: none) and the collector
	// the worker runs collection jobs with.
	CollectInterval time.Duration
	Collector       *collect.Collector
	stopScheduler   context.CancelFunc
	schedulerDone   chan struct{}

	// Signals and webhooks: detection runs as the worker's job; the
	// dispatcher delivers webhooks (it needs the master key).
	AllowInsecureWebhooks bool
	Detector              *signal.Detector
	Dispatcher            *webhook.Dispatcher // nil without a worker or a master key

	// ready lets requests through the readiness gate (ready.go) once
	// start has run; demoHold, when set, holds the demo load (tests).
	ready    atomic.Bool
	demoHold <-chan struct{}

	Logger *slog.Logger
	DB     *sqlstore.DB
	Server *httpapi.Server
	Web    *web.Server    // the dashboard, on the API's listener
	Worker *worker.Worker // nil with Workers 0

	stdout, stderr io.Writer
}

// NewMain returns a Main with defaults.
func NewMain(cfg Config, stdout, stderr io.Writer) *Main {
	return &Main{
		Config: cfg, ShutdownTimeout: 20 * time.Second, stdout: stdout, stderr: stderr,
		Workers: worker.DefaultConcurrency, JobLease: sightline.DefaultJobLease, WorkerPoll: worker.DefaultPoll,
		RegenerateQuota: sightline.DefaultRegenerateQuota, ComputeQuota: sightline.DefaultComputeQuota,
		DismissCooldown: sightline.DefaultDismissCooldown, CollectInterval: collect.DefaultInterval,
		RateLimits:    sightline.RateLimits{PerKey: sightline.DefaultKeyRateLimit, PerOrg: sightline.DefaultOrgRateLimit},
		PruneInterval: DefaultPruneInterval, JobRetention: DefaultJobRetention,
		Limits: limitSettings{Limits: httpapi.DefaultLimits(), MaxBodyBytes: httpapi.DefaultMaxBodyBytes},
	}
}

// validateEngines checks the engine settings.
func (m *Main) validateEngines() error {
	switch {
	case m.Workers < 0:
		return fmt.Errorf("--workers %d: use 0 or more", m.Workers)
	case m.JobLease < time.Second:
		return fmt.Errorf("--job-lease %s: use at least 1s", m.JobLease)
	case m.WorkerPoll <= 0:
		return fmt.Errorf("--worker-poll %s: use a positive duration", m.WorkerPoll)
	case m.RegenerateQuota < 1 || m.ComputeQuota < 1:
		return fmt.Errorf("--regenerate-quota and --compute-quota must be at least 1")
	case m.DismissCooldown <= 0:
		return fmt.Errorf("--dismiss-cooldown %s: use a positive duration", m.DismissCooldown)
	case m.JobDelay < 0:
		return fmt.Errorf("--worker-job-delay %s: use 0 or more", m.JobDelay)
	case m.CollectInterval < 0:
		return fmt.Errorf("--collect-interval %s: use 0 (off) or a positive duration", m.CollectInterval)
	case m.Config.SignalThreshold < 0 || m.Config.SignalThreshold > sightline.MaxSignalThreshold:
		return fmt.Errorf("--signal-threshold %g: use a number of percentage points between 0 (the default, %g) and %g",
			m.Config.SignalThreshold, sightline.DefaultSignalThreshold, sightline.MaxSignalThreshold)
	}
	return nil
}

// Open migrates the database, binds the listener, loads the demo data set
// when Demo is set and starts the background work: the server is ready to
// serve when it returns.
func (m *Main) Open(ctx context.Context) error {
	if err := m.open(ctx); err != nil {
		return err
	}
	return m.start(ctx)
}

// open migrates the database, binds the listener and builds the HTTP
// server, whose requests other than /healthz are answered 503 until start
// has run.
func (m *Main) open(ctx context.Context) error {
	if err := m.Config.Validate(); err != nil {
		return err
	}
	if err := m.validateEngines(); err != nil {
		return err
	}
	if err := m.Config.validateCollect(); err != nil {
		return err
	}
	if err := m.validateOps(); err != nil {
		return err
	}
	if err := m.Limits.validate(); err != nil {
		return err
	}
	m.Logger = m.Config.logger(m.stderr)
	m.Logger.Info("starting", m.Config.masked()...)
	// Bind before touching the database: a busy port fails at once and
	// creates or migrates nothing.
	ln, err := net.Listen("tcp", m.Config.Addr)
	if err != nil {
		return err
	}
	db, err := openDB(ctx, m.Config, m.Logger)
	if err != nil {
		ln.Close()
		return err
	}
	m.DB = db
	m.Server = &httpapi.Server{
		Store: db, Logger: m.Logger, AdminToken: m.Config.AdminToken,
		Limits: m.Limits.Limits, MaxBodyBytes: m.Limits.MaxBodyBytes,
		Engine: httpapi.EngineConfig{RegenerateQuota: m.RegenerateQuota, ComputeQuota: m.ComputeQuota, DismissCooldown: m.DismissCooldown},
	}
	if m.Server.AgentRanges, err = m.Config.botRanges(); err != nil {
		ln.Close()
		return err
	}
	if err := m.openOps(); err != nil {
		return err
	}
	if err := m.openDashboard(); err != nil {
		ln.Close()
		return err
	}
	m.Server.Attach(ln)
	// The bound address (a port 0 resolved) is what --demo's curl line
	// must name.
	m.Config.Addr = m.Server.Addr()
	return nil
}

// start loads the demo data set when Demo is set, starts the worker, the
// webhook dispatcher, the scheduler and the pruner, then lets requests
// through. The settings of m.Server it changes are read by requests only
// after that: the readiness gate orders them.
func (m *Main) start(ctx context.Context) error {
	var demoVars *demoVars
	if m.Demo {
		if m.demoHold != nil {
			select {
			case <-m.demoHold:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		var err error
		if demoVars, err = m.loadDemo(ctx); err != nil {
			return err
		}
		if demoVars != nil {
			m.ephemeralMasterKey(demoVars)
		}
	}
	db := m.DB
	var err error
	if m.Collector, err = newCollector(m.Config, db, m.Logger); err != nil {
		return err
	}
	m.Collector.Store = m.counting
	if m.Collector.Box != nil {
		m.Server.SecretBox = m.Collector.Box // seals replayable responses that carry a secret
	}
	m.Detector = &signal.Detector{Store: db, Config: signal.Config{Threshold: m.Config.SignalThreshold}, Logger: m.Logger}
	m.startWebhooks()
	if m.Workers > 0 {
		cfg := worker.Config{
			Concurrency: m.Workers, Lease: m.JobLease, Poll: m.WorkerPoll, JobDelay: m.JobDelay, Logger: m.Logger,
			Handlers: map[string]worker.Handler{
				sightline.JobKindCollectPrefix: m.Collector.RunJob,
				sightline.JobKindSignals:       m.Detector.RunJob,
			},
		}
		if m.Collector.Box == nil {
			// Without a master key no provider key can be read: collection
			// jobs are left to a replica that has one (docs/collect.md).
			delete(cfg.Handlers, sightline.JobKindCollectPrefix)
			cfg.Skip = []string{sightline.JobKindCollectPrefix}
			m.Logger.Warn("collection jobs left to other replicas: no master key to read provider keys (set SIGHTLINE_SECRET_KEY; docs/collect.md)")
		}
		m.Worker = worker.New(db, cfg)
		m.Collector.WorkerID = m.Worker.ID()
		m.Server.Engine.Wake = m.Worker.Wake
		m.Web.Engine.Wake = m.Worker.Wake
		m.Worker.Start()
		m.Logger.Info("worker started", "worker_id", m.Worker.ID(), "concurrency", m.Workers, "lease", m.JobLease.String())
	}
	// The dashboard's set-up page plans with the collector (its dry run)
	// and queues "collect now" under the scheduler's rules.
	m.Web.Collector = m.Collector
	m.Web.Scheduler = &collect.Scheduler{Store: m.DB, Collector: m.Collector, Logger: m.Logger}
	if m.Worker != nil {
		m.Web.Scheduler.Wake = m.Worker.Wake
	}
	m.startScheduler()
	m.startPruner()
	if demoVars != nil {
		m.printDemo(demoVars)
	}
	m.ready.Store(true)
	return nil
}

// startWebhooks sets up the webhook endpoints and, with a worker and a
// master key to open signing secrets with, starts the dispatcher.
// Without a master key endpoints cannot be created (409, docs/webhooks.md).
func (m *Main) startWebhooks() {
	m.Server.Webhooks.AllowInsecure = m.AllowInsecureWebhooks
	if m.Web != nil {
		m.Web.Webhooks.AllowInsecure = m.AllowInsecureWebhooks
	}
	if m.AllowInsecureWebhooks {
		m.Logger.Warn("--allow-insecure-webhooks: webhooks may use http on loopback hosts and reach private addresses; for tests only")
	}
	if m.Collector.Box == nil {
		m.Logger.Warn("webhooks off: no master key to keep signing secrets (set SIGHTLINE_SECRET_KEY; docs/webhooks.md)")
		return
	}
	keys := webhook.Keys{Box: m.Collector.Box}
	m.Server.Webhooks.Secrets = keys
	if m.Web != nil {
		m.Web.Webhooks.Secrets = keys
	}
	if m.Workers == 0 {
		return
	}
	m.Dispatcher = &webhook.Dispatcher{Store: m.DB, Keys: keys, AllowInsecure: m.AllowInsecureWebhooks, Logger: m.Logger, Poll: m.WorkerPoll}
	m.Server.Webhooks.Wake, m.Detector.Wake = m.Dispatcher.Wake, m.Dispatcher.Wake
	if m.Web != nil {
		m.Web.Webhooks.Wake = m.Dispatcher.Wake
	}
	m.Dispatcher.Start()
	m.Logger.Info("webhook dispatcher started", "dispatcher_id", m.Dispatcher.ID, "master_key", keys.Box.ID())
}

// startScheduler runs the collection scheduler in the background, when it
// is on and provider keys can be read.
func (m *Main) startScheduler() {
	switch {
	case m.CollectInterval == 0:
		return
	case m.Collector.Box == nil:
		m.Logger.Warn("collection scheduler off: no master key to read provider keys (set SIGHTLINE_SECRET_KEY; docs/collect.md)")
		return
	}
	s := &collect.Scheduler{Store: m.DB, Collector: m.Collector, Interval: m.CollectInterval, Logger: m.Logger}
	if m.Worker != nil {
		s.Wake = m.Worker.Wake
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.stopScheduler, m.schedulerDone = cancel, make(chan struct{})
	go func() {
		defer close(m.schedulerDone)
		s.Run(ctx)
	}()
	m.Logger.Info("collection scheduler started", "interval", m.CollectInterval.String(), "master_key", m.Collector.Box.ID())
}

// Addr returns the bound address.
func (m *Main) Addr() string { return m.Server.Addr() }

// Close stops accepting requests and waits for in-flight ones, then stops
// the worker (running jobs finish, or are released to the queue when the
// timeout ends) and the webhook dispatcher, then closes the database — in
// that order, so that neither a request, a job nor an attempt loses its
// database.
func (m *Main) Close() error {
	m.closeOps()
	if m.stopScheduler != nil {
		m.stopScheduler()
		<-m.schedulerDone
	}
	if m.Server != nil {
		ctx, cancel := context.WithTimeout(context.Background(), m.ShutdownTimeout)
		defer cancel()
		if err := m.Server.Shutdown(ctx); err != nil {
			m.Logger.Warn("shutdown", "error", err.Error())
		}
	}
	if m.Worker != nil {
		ctx, cancel := context.WithTimeout(context.Background(), m.ShutdownTimeout)
		defer cancel()
		if err := m.Worker.Shutdown(ctx); err != nil {
			m.Logger.Warn("worker shutdown: running jobs released", "error", err.Error())
		}
	}
	if m.Dispatcher != nil {
		ctx, cancel := context.WithTimeout(context.Background(), m.ShutdownTimeout)
		defer cancel()
		if err := m.Dispatcher.Shutdown(ctx); err != nil {
			m.Logger.Warn("webhook dispatcher shutdown: attempts cancelled", "error", err.Error())
		}
	}
	if m.DB != nil {
		return m.DB.Close()
	}
	return nil
}
