// Command sightline runs the Sightline service and its tools: serve, demo,
// migrate, backup, ingest, export, prune, reanalyze, keys, users, orgs,
// brands, crawls, eval and mcp.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/sightline/sightline"
)

const usage = `Sightline: brand visibility in AI answers.

Usage:
  sightline serve   [--addr 127.0.0.1:8080] [--db DSN] [--demo]   run the API server and the dashboard
  sightline demo    [--db DSN] [--fixture FILE] [--seed N] [--days N] [--scale small|large|xlarge]
  sightline migrate [--db DSN]                                    apply schema migrations
  sightline backup  [--db sqlite:PATH] --out FILE                 copy a SQLite database while it runs
  sightline ingest  [--db DSN] [--strict] FILE.jsonl | -          load prompt runs
  sightline export  [--db DSN] --brand ID [--since DATE] [--format ndjson]  write a brand's runs (NDJSON)
  sightline prune   --before DATE [--db DSN]                      delete answers and facts before DATE, keep rollups
  sightline reanalyze --brand ID [--since DATE] [--db DSN]        analyze stored answers again, rebuild the rollups
  sightline keys    create|list|revoke …                          manage API keys
  sightline users   create|list|disable|set-password …            manage dashboard users
  sightline orgs    create|list|set-limits …                      manage organizations and their rate limits
  sightline brands  create|set …                                  add a tracked brand, set its collection
  sightline prompts add|list --brand ID …                         the prompts collection asks
  sightline providers set-key|list|remove|set-cap --org ID …      an organization's provider keys
  sightline crawls  ingest --brand ID [--format …] FILE | -       load AI agent visits and AI referrals from access logs
  sightline crawls  update-ranges --out DIR                       fetch the AI operators' published address ranges
  sightline collect --once [--brand ID] [--dry-run] …             collect what is due now
  sightline mcp     [--addr …] --upstream URL [--stdio]           serve the API as MCP tools
  sightline bench   [--db DSN] [--scale large|small|xlarge]      measure the API on the demo data
  sightline eval    [--set DIR] [--json]                          measure the analyzer on a labelled set
  sightline version

DSN: sqlite:PATH (default sqlite:sightline.db) or postgres://…
Only migrate, serve, demo, bench and orgs create create or migrate a
database; every other command opens an existing, migrated one.
Every setting is a flag, and a flag left out is read from its SIGHTLINE_*
variable, which "sightline COMMAND -h" shows beside it (README); secrets
only from the environment: SIGHTLINE_ADMIN_TOKEN, SIGHTLINE_SECRET_KEY
(master key of provider keys; see docs/collect.md), SIGHTLINE_API_KEY.
Run "sightline COMMAND -h" for the options of a command.
`

// command is one subcommand.
type command interface {
	Run(ctx context.Context, args []string) error
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "sightline:", errorText(err))
	}
	stop()
	os.Exit(exitCode(err))
}

// exitCode is the process status of run's error: 0 for success and for
// -h (Go's convention), 1 otherwise.
func exitCode(err error) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 1
}

// run dispatches to a subcommand; tests call it directly.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, usage)
		return nil
	}
	// Each command starts from the defaults; its flags, then the
	// SIGHTLINE_* variables of the flags left out, set the rest (env.go).
	env := DefaultConfig()
	var cmd command
	switch args[0] {
	case "serve":
		cmd = &ServeCommand{env: env, stdout: stdout, stderr: stderr}
	case "bench":
		cmd = &BenchCommand{env: env, stdout: stdout, stderr: stderr}
	case "demo":
		cmd = &DemoCommand{env: env, stdout: stdout, stderr: stderr}
	case "migrate":
		cmd = &MigrateCommand{env: env, stdout: stdout, stderr: stderr}
	case "backup":
		cmd = &BackupCommand{env: env, stdout: stdout, stderr: stderr}
	case "ingest":
		cmd = &IngestCommand{env: env, stdin: stdin, stdout: stdout, stderr: stderr}
	case "export":
		cmd = &ExportCommand{env: env, stdout: stdout, stderr: stderr}
	case "prune":
		cmd = &PruneCommand{env: env, stdout: stdout, stderr: stderr}
	case "reanalyze":
		cmd = &ReanalyzeCommand{env: env, stdout: stdout, stderr: stderr}
	case "keys":
		cmd = keysCommand(stdout, stderr)
	case "users":
		cmd = usersCommand(stdin, stdout, stderr)
	case "orgs":
		cmd = orgsCommand(stdout, stderr)
	case "brands":
		cmd = brandsCommand(stdout, stderr)
	case "prompts":
		cmd = promptsCommand(stdout, stderr)
	case "crawls":
		cmd = crawlsCommand(stdin, stdout, stderr)
	case "collect":
		cmd = &CollectCommand{env: env, stdout: stdout, stderr: stderr}
	case "providers":
		cmd = providersCommand(stdin, stdout, stderr)
	case "eval":
		cmd = &EvalCommand{stdout: stdout, stderr: stderr}
	case "mcp":
		cmd = &MCPCommand{env: env, stdin: stdin, stdout: stdout, stderr: stderr}
	case "version":
		fmt.Fprintln(stdout, versionString())
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", args[0])
	}
	return cmd.Run(ctx, args[1:])
}

// errorText prints application errors by their message and details, and
// anything else as is.
func errorText(err error) string {
	var e *sightline.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	msg := e.Message
	for _, d := range e.Details {
		if d.Field != nil && d.Message != e.Message {
			msg += fmt.Sprintf("\n  %s: %s", *d.Field, d.Message)
		}
	}
	return msg
}
