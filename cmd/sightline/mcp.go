package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/sightline/sightline/internal/client"
	"github.com/sightline/sightline/internal/mcp"
)

const mcpUsage = `Usage: sightline mcp [--addr 127.0.0.1:8090] --upstream URL [--stdio]

Serves the public API of the Sightline server at --upstream as Model Context
Protocol tools. Over Streamable HTTP (the default, endpoint /mcp) every
request must carry the caller's API key in the X-API-KEY header; each tool
call forwards that key upstream and nothing is stored. With --stdio the
server speaks MCP on stdin/stdout for a desktop client that spawns it, and
forwards the key in the SIGHTLINE_API_KEY environment variable.

Environment: SIGHTLINE_MCP_ADDR, SIGHTLINE_UPSTREAM, SIGHTLINE_API_KEY (stdio).

`

// MCPCommand runs the MCP tool server.
type MCPCommand struct {
	env            Config
	stdin          io.Reader
	stdout, stderr io.Writer

	Addr            string
	Upstream        string
	Stdio           bool
	UpstreamTimeout time.Duration
	ShutdownTimeout time.Duration
	apiKey          string // --stdio: SIGHTLINE_API_KEY

	// ready, when set, receives the bound address once the HTTP server
	// listens (tests).
	ready func(addr string)
}

// Run parses flags and serves until ctx is cancelled (or, with --stdio,
// until the client closes stdin).
func (c *MCPCommand) Run(ctx context.Context, args []string) error {
	fs := newFlags("mcp", mcpUsage, c.stderr)
	fs.StringVar(&c.Addr, "addr", "127.0.0.1:8090", "listen address of the Streamable HTTP endpoint")
	fs.env("addr", "SIGHTLINE_MCP_ADDR")
	fs.StringVar(&c.Upstream, "upstream", "", "base URL of the Sightline API, e.g. http://127.0.0.1:8080")
	fs.env("upstream", "SIGHTLINE_UPSTREAM")
	fs.BoolVar(&c.Stdio, "stdio", false, "speak MCP on stdin/stdout with the key in SIGHTLINE_API_KEY")
	c.env.logFlags(fs)
	fs.DurationVar(&c.UpstreamTimeout, "upstream-timeout", 60*time.Second, "timeout of one upstream API request")
	fs.DurationVar(&c.ShutdownTimeout, "shutdown-timeout", 20*time.Second, "how long to wait for in-flight requests on shutdown")
	fs.secret(&c.apiKey, "SIGHTLINE_API_KEY")
	if err := fs.parseFlags(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("mcp: unexpected argument %q", fs.Arg(0))
	}
	if c.Upstream == "" {
		return errors.New("mcp: --upstream URL is required (the Sightline API, e.g. http://127.0.0.1:8080)")
	}
	// Logs go to stderr in both modes: in stdio mode stdout is the protocol.
	logger := c.env.logger(c.stderr)
	srv, err := mcp.New(c.Upstream, logger)
	if err != nil {
		return err
	}
	srv.API.HTTPClient = client.NewHTTPClient(c.UpstreamTimeout)
	if c.Stdio {
		return c.runStdio(ctx, srv, logger)
	}
	return c.runHTTP(ctx, srv, logger)
}

func (c *MCPCommand) runStdio(ctx context.Context, srv *mcp.Server, logger *slog.Logger) error {
	key := c.apiKey
	if key == "" {
		return errors.New("mcp --stdio: set SIGHTLINE_API_KEY to the Sightline API key to forward")
	}
	logger.Info("mcp tool server on stdio", "upstream", redactURL(c.Upstream))
	in, out := io.NopCloser(c.stdin), nopWriteCloser{c.stdout}
	err := srv.RunStdio(ctx, key, &sdk.IOTransport{Reader: in, Writer: out})
	if err != nil && ctx.Err() != nil {
		return nil // interrupted: a normal stop
	}
	return err
}

func (c *MCPCommand) runHTTP(ctx context.Context, srv *mcp.Server, logger *slog.Logger) error {
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return err
	}
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		// A tool call waits for its upstream request.
		WriteTimeout: c.UpstreamTimeout + 30*time.Second,
		IdleTimeout:  120 * time.Second,
		ErrorLog:     slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	addr := ln.Addr().String()
	logger.Info("mcp tool server listening", "addr", addr, "upstream", redactURL(c.Upstream))
	fmt.Fprintf(c.stdout, "Sightline MCP tool server on http://%s%s (upstream %s)\n", addr, mcp.Path, redactURL(c.Upstream))
	if c.ready != nil {
		c.ready(addr)
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), c.ShutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("mcp: shutdown: %w", err)
	}
	return nil
}

// redactURL hides a password in the upstream URL before it is printed.
func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
