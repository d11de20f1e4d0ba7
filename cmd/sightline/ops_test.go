package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// getBrands sends GET /api/v2/brands to addr and returns the response
// (body closed).
func getBrands(t *testing.T, addr, key string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/api/v2/brands", nil)
	req.Header.Set("X-API-KEY", key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

// TestServe_RateLimitTwoProcesses: two serve processes on one database
// enforce one per-key limit: the RateLimit-* headers count down across
// both, the request over the limit gets 429 RATE_LIMITED with Retry-After
// from either; the second process takes its limit from SIGHTLINE_RATE_LIMIT;
// `orgs set-limits` lifts the limit for the organization on both at once.
func TestServe_RateLimitTwoProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin, err := buildOnce()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	dsn := sqlstoretest.NewDSN(t)
	org := createOrg(t, dsn, "Acme Inc.")
	createBrand(t, dsn, org, "Acme")
	_, key := createKey(t, dsn, org, "reporting")
	a := startServe(t, bin, dsn, "--rate-limit", "5", "--org-rate-limit", "0", "--workers", "0")
	t.Setenv("SIGHTLINE_RATE_LIMIT", "5")
	b := startServe(t, bin, dsn, "--org-rate-limit", "0", "--workers", "0")

	// One window must hold the whole count: start early in a minute.
	if s := time.Now().Second(); s > 45 {
		time.Sleep(time.Duration(61-s) * time.Second)
	}
	procs := []*proc{a, b}
	for i := range 5 {
		resp := getBrands(t, procs[i%2].addr, key)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("RateLimit-Limit") != "5" ||
			resp.Header.Get("RateLimit-Remaining") != strconv.Itoa(4-i) {
			t.Fatalf("request %d on process %d: %d, RateLimit-Limit %q, -Remaining %q; want 200, 5, %d",
				i+1, i%2+1, resp.StatusCode, resp.Header.Get("RateLimit-Limit"), resp.Header.Get("RateLimit-Remaining"), 4-i)
		}
		if reset, err := strconv.Atoi(resp.Header.Get("RateLimit-Reset")); err != nil || reset < 1 || reset > 60 {
			t.Errorf("RateLimit-Reset %q", resp.Header.Get("RateLimit-Reset"))
		}
	}
	for _, p := range procs {
		resp := getBrands(t, p.addr, key)
		retry, err := strconv.Atoi(resp.Header.Get("Retry-After"))
		if resp.StatusCode != http.StatusTooManyRequests || err != nil || retry < 1 || retry > 60 || resp.Header.Get("RateLimit-Remaining") != "0" {
			t.Errorf("over the limit: %d, Retry-After %q, RateLimit-Remaining %q", resp.StatusCode, resp.Header.Get("Retry-After"), resp.Header.Get("RateLimit-Remaining"))
		}
	}
	out := mustCLI(t, "orgs", "set-limits", org, "--key-per-minute", "0", "--db", dsn)
	if !strings.Contains(out, "no limit per API key") {
		t.Errorf("orgs set-limits printed %q", out)
	}
	for _, p := range procs {
		if resp := getBrands(t, p.addr, key); resp.StatusCode != http.StatusOK || resp.Header.Get("RateLimit-Limit") != "" {
			t.Errorf("after set-limits: %d, RateLimit-Limit %q", resp.StatusCode, resp.Header.Get("RateLimit-Limit"))
		}
	}
	mustCLI(t, "orgs", "set-limits", org, "--key-per-minute", "default", "--per-minute", "2", "--db", dsn)
	if resp := getBrands(t, a.addr, key); resp.Header.Get("RateLimit-Limit") == "" {
		t.Errorf("after set-limits back: RateLimit-Limit missing")
	}
	if _, _, err := cli(t, "orgs", "set-limits", org, "--per-minute", "-1", "--db", dsn); err == nil {
		t.Error("a negative limit was accepted")
	}
}

// TestServe_FlagsFromEnvironment: every serve flag has a SIGHTLINE_*
// variable that README's table lists, a variable sets its flag, a bad
// value is refused naming the variable, and the flag wins over it.
func TestServe_FlagsFromEnvironment(t *testing.T) {
	_, usage, err := cli(t, "serve", "-h")
	if err == nil || !strings.Contains(usage, "-rate-limit") {
		t.Fatalf("serve -h: %v\n%s", err, usage)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	flags := regexp.MustCompile(`(?m)^  -([a-z][a-z0-9-]*)`).FindAllStringSubmatch(usage, -1)
	if len(flags) < 20 {
		t.Fatalf("found %d flags in serve -h", len(flags))
	}
	for _, f := range flags {
		name := "SIGHTLINE_" + strings.ToUpper(strings.ReplaceAll(f[1], "-", "_"))
		if f[1] == "prices" {
			name = "SIGHTLINE_PRICES_FILE"
		}
		if !strings.Contains(string(readme), "`"+name+"`") {
			t.Errorf("README's configuration table does not list %s (--%s)", name, f[1])
		}
	}

	t.Setenv("SIGHTLINE_RATE_LIMIT", "lots")
	if _, _, err := cli(t, "serve", "--db", "sqlite:"+t.TempDir()+"/x.db"); err == nil || !strings.Contains(err.Error(), "SIGHTLINE_RATE_LIMIT") {
		t.Errorf("bad SIGHTLINE_RATE_LIMIT: %v", err)
	}
	// A variable sets the flag; the command line wins.
	fs := newFlags("serve", "", io.Discard)
	m := NewMain(DefaultConfig(), io.Discard, io.Discard)
	m.opsFlags(fs.FlagSet)
	fs.envAll()
	env := map[string]string{"SIGHTLINE_RATE_LIMIT": "7", "SIGHTLINE_CORS_ORIGINS": "https://a.example.com,https://b.example.com", "SIGHTLINE_PRUNE_INTERVAL": "1m"}
	if err := fs.Parse([]string{"--prune-interval", "2m"}); err != nil {
		t.Fatal(err)
	}
	if err := fs.fillFromEnv(func(k string) (string, bool) { v, ok := env[k]; return v, ok }); err != nil {
		t.Fatal(err)
	}
	if m.RateLimits.PerKey != 7 || len(m.CORSOrigins) != 2 || m.PruneInterval != 2*time.Minute || m.RateLimits.PerOrg != sightline.DefaultOrgRateLimit {
		t.Errorf("from the environment: %+v %v %s", m.RateLimits, m.CORSOrigins, m.PruneInterval)
	}
}

// TestServe_PrunerAndMetrics: the pruner deletes old finished jobs and
// idempotency records on its schedule; rate limits are on by default;
// --metrics-addr serves /metrics with the database pool and the job queue.
func TestServe_PrunerAndMetrics(t *testing.T) {
	dsn := sqlstoretest.NewDSN(t)
	org := createOrg(t, dsn, "Acme Inc.")
	brand := createBrand(t, dsn, org, "Acme")
	// An old finished job and an old idempotency record, written 3 days ago.
	ctx := context.Background()
	old, err := sqlstore.Open(ctx, dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	old.Now = func() time.Time { return time.Now().Add(-72 * time.Hour) }
	done, err := old.EnqueueJob(ctx, brand, sightline.JobKindSignals)
	if err != nil {
		t.Fatal(err)
	}
	job, err := old.ClaimJobOfKind(ctx, sightline.JobClaim{WorkerID: "w", Lease: time.Minute}, brand, sightline.JobKindSignals)
	if err != nil || job.ID != done.ID {
		t.Fatalf("claim: %v", err)
	}
	if err := old.CompleteJob(ctx, job); err != nil {
		t.Fatal(err)
	}
	if _, err := old.ClaimIdempotency(ctx, org, "old-key", "digest", time.Minute); err != nil {
		t.Fatal(err)
	}
	// A live job for the queue metrics.
	if _, err := old.EnqueueJob(ctx, brand, sightline.JobKindOpportunities); err != nil {
		t.Fatal(err)
	}

	cfg := DefaultConfig()
	cfg.DB, cfg.Addr = dsn, "127.0.0.1:0"
	logs := &lockedBuffer{}
	m := NewMain(cfg, io.Discard, logs)
	m.Workers, m.CollectInterval, m.PruneInterval, m.JobRetention = 0, 0, 50*time.Millisecond, 24*time.Hour
	m.MetricsAddr = "127.0.0.1:0"
	if err := m.Open(ctx); err != nil {
		m.Close()
		t.Fatal(err)
	}
	defer m.Close()
	go m.Server.Serve()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(logs.String(), "msg=pruned jobs=1 idempotency_keys=1") {
		if time.Now().After(deadline) {
			t.Fatalf("not pruned:\n%s", logs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if jobs, err := old.FindJobsOfKind(ctx, brand, sightline.JobKindSignals); err != nil || len(jobs) != 0 {
		t.Errorf("old signals jobs after pruning: %d %v", len(jobs), err)
	}

	// Rate limits are on by default, with the documented defaults.
	_, key := createKey(t, dsn, org, "reporting")
	if resp := getBrands(t, m.Addr(), key); resp.StatusCode != 200 || resp.Header.Get("RateLimit-Limit") != strconv.Itoa(sightline.DefaultKeyRateLimit) {
		t.Errorf("default serve: %d, RateLimit-Limit %q, want %d", resp.StatusCode, resp.Header.Get("RateLimit-Limit"), sightline.DefaultKeyRateLimit)
	}

	resp, err := http.Get("http://" + m.MetricsListenAddr() + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	want := map[string]bool{`sightline_jobs{kind="opportunities",status="queued"} 1`: false, `sightline_db_connections_open{pool=`: false,
		`sightline_jobs_oldest_age_seconds{kind="opportunities",status="queued"} `: false}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		for w := range want {
			if strings.HasPrefix(sc.Text(), w) {
				want[w] = true
			}
		}
	}
	for w, found := range want {
		if !found {
			t.Errorf("/metrics has no line starting %s", w)
		}
	}
}
