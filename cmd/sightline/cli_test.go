package main

import (
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// runBin runs the built binary in dir with env added to a clean SIGHTLINE_*
// environment, and returns its output and exit status.
func runBin(t *testing.T, dir string, env []string, args ...string) (string, int) {
	t.Helper()
	bin, err := buildOnce()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SIGHTLINE_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return string(out), 0
	case errors.As(err, &exit):
		return string(out), exit.ExitCode()
	}
	t.Fatalf("sightline %v: %v", args, err)
	return "", 0
}

// noDatabase fails the test when dir holds any file: no command asked for
// help may create (or migrate) a database.
func noDatabase(t *testing.T, dir, what string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("%s created %s", what, e.Name())
	}
}

// Every command and subcommand answers -h and --help with its usage and
// exit status 0 (Go's convention), without opening a database.
func TestCLI_Help(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Parallel()
	cmds := [][]string{
		{"-h"}, {"--help"}, {"help"},
		{"serve", "-h"}, {"demo", "-h"}, {"migrate", "-h"}, {"ingest", "-h"}, {"bench", "-h"}, {"eval", "-h"}, {"reanalyze", "-h"}, {"prune", "-h"}, {"mcp", "-h"}, {"collect", "-h"},
		{"keys", "-h"}, {"keys", "--help"}, {"keys", "create", "-h"}, {"keys", "list", "--help"}, {"keys", "revoke", "-h"},
		{"orgs", "-h"}, {"orgs", "--help"}, {"orgs", "create", "-h"}, {"orgs", "list", "-h"},
		{"users", "-h"}, {"users", "create", "-h"}, {"users", "list", "-h"},
		{"brands", "-h"}, {"brands", "create", "-h"}, {"brands", "set", "-h"},
		{"prompts", "-h"}, {"prompts", "add", "-h"}, {"providers", "-h"}, {"providers", "list", "-h"},
	}
	for _, args := range cmds {
		dir := t.TempDir()
		out, status := runBin(t, dir, nil, args...)
		what := "sightline " + strings.Join(args, " ")
		if status != 0 {
			t.Errorf("%s: exit status %d, want 0\n%s", what, status, out)
		}
		if !strings.Contains(out, "Usage") {
			t.Errorf("%s printed no usage:\n%s", what, out)
		}
		noDatabase(t, dir, what)
	}
	// a real error still exits 1
	dir := t.TempDir()
	if out, status := runBin(t, dir, nil, "keys", "bogus"); status != 1 {
		t.Errorf("keys bogus: exit status %d, want 1\n%s", status, out)
	}
	noDatabase(t, dir, "keys bogus")
}

// serve binds before it opens the database: a busy port fails at once and
// creates no database.
func TestCLI_ServeBusyPort(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dir := t.TempDir()
	out, status := runBin(t, dir, nil, "serve", "--addr", ln.Addr().String(), "--db", "sqlite:"+filepath.Join(dir, "x.db"))
	if status != 1 || !strings.Contains(out, "address already in use") {
		t.Errorf("serve on a busy port: exit status %d\n%s", status, out)
	}
	noDatabase(t, dir, "serve on a busy port")
}

// A log level slog does not know is refused with a message naming the
// variable, by every command.
func TestCLI_BadLogLevel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Parallel()
	for _, args := range [][]string{{"migrate"}, {"serve", "--addr", "127.0.0.1:0"}, {"orgs", "list"}} {
		dir := t.TempDir()
		out, status := runBin(t, dir, []string{"SIGHTLINE_LOG_LEVEL=loud"}, args...)
		if status != 1 || !strings.Contains(out, `SIGHTLINE_LOG_LEVEL="loud"`) || !strings.Contains(out, "debug, info, warn or error") {
			t.Errorf("%v with SIGHTLINE_LOG_LEVEL=loud: exit status %d\n%s", args, status, out)
		}
		noDatabase(t, dir, "a bad log level")
	}
	dir := t.TempDir()
	if out, status := runBin(t, dir, []string{"SIGHTLINE_LOG_LEVEL=debug", "SIGHTLINE_DB=sqlite:" + filepath.Join(dir, "x.db")}, "migrate"); status != 0 {
		t.Errorf("SIGHTLINE_LOG_LEVEL=debug: exit status %d\n%s", status, out)
	}
}

// A limit in the environment that is not a duration is refused naming it,
// and so is a bad flag value; neither creates a database.
func TestCLI_BadLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Parallel()
	for _, tc := range []struct {
		env  []string
		args []string
		want string
	}{
		{[]string{"SIGHTLINE_REQUEST_TIMEOUT=soon"}, nil, `SIGHTLINE_REQUEST_TIMEOUT="soon"`},
		{[]string{"SIGHTLINE_MAX_BODY_BYTES=-1"}, nil, `SIGHTLINE_MAX_BODY_BYTES="-1"`},
		{nil, []string{"--max-header-bytes", "10"}, "--max-header-bytes 10"},
		{nil, []string{"--heavy-wait", "-1s"}, "-heavy-wait: use a positive duration"},
	} {
		dir := t.TempDir()
		args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", "sqlite:" + filepath.Join(dir, "x.db")}, tc.args...)
		out, status := runBin(t, dir, tc.env, args...)
		if status != 1 || !strings.Contains(out, tc.want) {
			t.Errorf("%v %v: exit status %d, want 1 naming %s\n%s", tc.env, tc.args, status, tc.want, out)
		}
		noDatabase(t, dir, "a bad limit")
	}
}

// version reports what the toolchain recorded when no -ldflags set it, not
// a bare "dev".
func TestCLI_Version(t *testing.T) {
	out := mustCLI(t, "version")
	if !strings.HasPrefix(out, "sightline ") || !strings.Contains(out, runtime.Version()) {
		t.Errorf("version = %q, want the build info (Go %s)", out, runtime.Version())
	}
}
