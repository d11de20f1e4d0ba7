package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/sqlstore"
)

const serveUsage = `Usage: sightline serve [--addr 127.0.0.1:8080] [--db DSN] [--demo]

Migrates the database, then serves the REST API until SIGINT/SIGTERM, and
finishes in-flight requests before exiting. With --demo, an empty database
is loaded with the demo data set first and a ready API key is printed.

`

// ServeCommand runs the API server.
type ServeCommand struct {
	env            Config
	stdout, stderr io.Writer
}

// Run parses flags and serves until ctx is cancelled.
func (c *ServeCommand) Run(ctx context.Context, args []string) error {
	m := NewMain(c.env, c.stdout, c.stderr)
	fs := newFlagSet("serve", serveUsage, c.stderr)
	m.Config.dbFlag(fs)
	fs.StringVar(&m.Config.Addr, "addr", m.Config.Addr, "listen address (env SIGHTLINE_ADDR)")
	fs.StringVar(&m.Config.LogFormat, "log-format", m.Config.LogFormat, "log format: text or json")
	fs.BoolVar(&m.Demo, "demo", false, "load the demo data set into an empty database and print its API key")
	fs.Float64Var(&m.RateLimit, "rate-limit", 0, "requests per second allowed per API key and replica (0: unlimited)")
	fs.IntVar(&m.RateBurst, "rate-burst", 0, "burst size of the per-key rate limit (default: one second's worth)")
	fs.DurationVar(&m.ShutdownTimeout, "shutdown-timeout", m.ShutdownTimeout, "how long to wait for in-flight requests on shutdown")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("serve: unexpected argument %q", fs.Arg(0))
	}
	if err := m.Open(ctx); err != nil {
		m.Close()
		return err
	}
	fmt.Fprintf(c.stdout, "Sightline listening on http://%s (database: %s)\n", m.Addr(), sqlstore.RedactDSN(m.Config.DB))
	errc := make(chan error, 1)
	go func() { errc <- m.Server.Serve() }()
	select {
	case <-ctx.Done():
		m.Logger.Info("shutting down")
	case err := <-errc:
		m.Close()
		return err
	}
	return m.Close()
}

// Main is the running server: configuration, database and HTTP server. The
// end-to-end tests drive it directly.
type Main struct {
	Config          Config
	Demo            bool
	RateLimit       float64
	RateBurst       int
	ShutdownTimeout time.Duration

	Logger *slog.Logger
	DB     *sqlstore.DB
	Server *httpapi.Server

	stdout, stderr io.Writer
}

// NewMain returns a Main with defaults.
func NewMain(cfg Config, stdout, stderr io.Writer) *Main {
	return &Main{Config: cfg, ShutdownTimeout: 20 * time.Second, stdout: stdout, stderr: stderr}
}

// Open migrates the database and binds the listener.
func (m *Main) Open(ctx context.Context) error {
	if err := m.Config.Validate(); err != nil {
		return err
	}
	m.Logger = m.Config.logger(m.stderr)
	m.Logger.Info("starting", m.Config.masked()...)
	db, err := openDB(ctx, m.Config, m.Logger)
	if err != nil {
		return err
	}
	m.DB = db
	if m.Demo {
		if err := m.loadDemo(ctx); err != nil {
			return err
		}
	}
	m.Server = &httpapi.Server{
		Store: db, Logger: m.Logger, AdminToken: m.Config.AdminToken,
		RateLimit: m.RateLimit, RateBurst: m.RateBurst,
	}
	return m.Server.Listen(m.Config.Addr)
}

// Addr returns the bound address.
func (m *Main) Addr() string { return m.Server.Addr() }

// Close stops accepting requests, waits for in-flight ones, then closes
// the database — in that order, so no request loses its database.
func (m *Main) Close() error {
	if m.Server != nil {
		ctx, cancel := context.WithTimeout(context.Background(), m.ShutdownTimeout)
		defer cancel()
		if err := m.Server.Shutdown(ctx); err != nil {
			m.Logger.Warn("shutdown", "error", err.Error())
		}
	}
	if m.DB != nil {
		return m.DB.Close()
	}
	return nil
}
