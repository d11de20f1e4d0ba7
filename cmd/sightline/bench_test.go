package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sightline/sightline/internal/demo"
)

// bench loads the demo and measures it in-process; bench --url measures a
// separately running serve on that data, and with --server-pid reports the
// server's own memory. Every endpoint gets a row in both tables.
func TestBench_InProcessAndRemote(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin, err := buildOnce()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	dir := t.TempDir()
	dsn := "sqlite:" + filepath.Join(dir, "bench.db")
	short := []string{"--scale", "small", "--days", "2", "--requests", "2", "--duration", "1s"}

	prof := filepath.Join(dir, "suite.prof")
	out, code := runBin(t, dir, nil, append([]string{"bench", "--db", dsn, "--cpuprofile", prof}, short...)...)
	if code != 0 {
		t.Fatalf("bench exited %d:\n%s", code, out)
	}
	// a profile of the throughput phase: gzipped protobuf, as go tool pprof reads
	if b, err := os.ReadFile(prof); err != nil || len(b) < 100 || b[0] != 0x1f || b[1] != 0x8b {
		t.Errorf("--cpuprofile wrote %d bytes (%v), want a gzipped profile", len(b), err)
	}
	rows := regexp.MustCompile(`(?m)^\| [a-z_/{}]+ \| [a-z+]+ \| [0-9.]+ \| [0-9.]+ \|$`)
	inProcess := len(rows.FindAllString(out, -1))
	for _, ep := range []string{"| search_queries | topic+provider |", "| runs | default |", "| citations/pages | default |",
		"| agents/pages | default |", "| agents/referrals | default |"} {
		if !strings.Contains(out, ep) {
			t.Errorf("bench output has no row %q:\n%s", ep, out)
		}
	}
	if inProcess < 30 || !strings.Contains(out, "sqlite, small scale, 2 days") || !strings.Contains(out, "process RSS after the suite") {
		t.Fatalf("bench printed %d rows:\n%s", inProcess, out)
	}

	org := demo.New(demo.Config{Seed: 1, Days: 2, Scale: demo.ScaleSmall}).Orgs[0]
	out, code = runBin(t, dir, nil, "keys", "create", "--db", dsn, "--org", org.ID, "--user", org.Users[0].Email, "--name", "remote bench")
	if code != 0 {
		t.Fatalf("keys create exited %d:\n%s", code, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	secret := lines[len(lines)-1]
	p := startServe(t, bin, dsn, "--rate-limit", "0", "--org-rate-limit", "0")
	pid := p.cmd.Process.Pid
	out, code = runBin(t, dir, []string{"SIGHTLINE_API_KEY=" + secret},
		append([]string{"bench", "--url", "http://" + p.addr + "/", "--server-pid", fmt.Sprint(pid)}, short...)...)
	if code != 0 {
		t.Fatalf("bench --url exited %d:\n%s\nserver:\n%s", code, out, p.logs.String())
	}
	if n := len(rows.FindAllString(out, -1)); n != inProcess {
		t.Errorf("bench --url printed %d rows, in-process %d:\n%s", n, inProcess, out)
	}
	for _, want := range []string{"remote server, small scale, 2 days", fmt.Sprintf("server (pid %d) RSS after the suite: ", pid), "whole suite: "} {
		if !strings.Contains(out, want) {
			t.Errorf("bench --url output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "loading") || strings.Contains(out, "reusing") {
		t.Errorf("bench --url touched a database:\n%s", out)
	}

	for _, tc := range []struct {
		env  []string
		args []string
		want string
	}{
		{nil, []string{"bench", "--server-pid", "1"}, "--server-pid: only with --url"},
		{nil, []string{"bench", "--db", dsn, "--cpuprofile", filepath.Join(dir, "missing", "x.prof")}, "--cpuprofile: open "},
		{[]string{"SIGHTLINE_API_KEY=" + secret}, []string{"bench", "--url", "http://" + p.addr, "--cpuprofile", prof}, "--cpuprofile: only in-process"},
		{nil, []string{"bench", "--url", "http://" + p.addr}, "set SIGHTLINE_API_KEY"},
		{[]string{"SIGHTLINE_API_KEY=x"}, []string{"bench", "--url", "localhost:8080"}, `--url "localhost:8080": use the server's base URL`},
		{[]string{"SIGHTLINE_API_KEY=" + secret}, []string{"bench", "--url", "http://" + p.addr, "--server-pid", "999999999", "--requests", "1", "--duration", "100ms", "--scale", "small", "--days", "2"}, "--server-pid 999999999: no such process"},
	} {
		out, code := runBin(t, dir, tc.env, tc.args...)
		if code != 1 || !strings.Contains(out, tc.want) {
			t.Errorf("%v: exit %d, want 1 and %q:\n%s", tc.args, code, tc.want, out)
		}
	}
}
