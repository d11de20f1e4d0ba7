package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"os"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/demo"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/sqlstore"
)

const benchUsage = `Usage: sightline bench [--db DSN] [--scale large|small|xlarge] [--days N] [--agent-visits N] [--requests N] [--concurrency N] [--duration D] [--cpuprofile FILE]
       sightline bench --url URL [--server-pid PID] [--scale …] [--days N] [--requests N] [--concurrency N] [--duration D]

Loads the demo data set into an empty database (or reuses the one already
there), serves the API in-process on a loopback port and measures every
read endpoint over real HTTP, with default parameters and with a topic +
provider filter: median and p99 latency per endpoint, then requests per
second for the whole suite with --concurrency clients, the load average
and the process's resident memory. Prints a Markdown table
(docs/performance.md#api-latency-and-throughput).

With --url it measures a running server instead (sightline serve on a
database that bench loaded, with the same --scale and --days), with the
API key in SIGHTLINE_API_KEY; --server-pid names that server's process,
whose resident memory (Linux) it then reports, apart from the clients'.

--agent-visits N also loads N AI-agent visits a day (and N/10 AI
referrals) for the demo brand's site, over every day, through the ingest
path's batch insert, unless they are there already: the agents endpoints
at a busy site's size (docs/performance.md#agents-at-a-busy-sites-size).

--cpuprofile writes a CPU profile of the throughput phase to FILE, for go
tool pprof (in-process only: the server's work and the clients' alike).

`

// BenchCommand measures the API on the demo data set.
type BenchCommand struct {
	env            Config
	stdout, stderr io.Writer
}

// Run loads (or reuses) the data and measures.
func (c *BenchCommand) Run(ctx context.Context, args []string) error {
	cfg := c.env
	cfg.DB = "sqlite:sightline-bench.db"
	fs := newFlags("bench", benchUsage, c.stderr)
	cfg.dbFlag(fs)
	// A database bench loads the demo into: never SIGHTLINE_DB, which may
	// name a real one.
	fs.noEnv("db")
	var apiKey string
	fs.secret(&apiKey, "SIGHTLINE_API_KEY")
	scale := fs.String("scale", demo.ScaleLarge, "demo data set size: small, large or xlarge (10× large, for measuring)")
	days := fs.Int("days", 90, "days of history to load")
	requests := fs.Int("requests", 40, "measured requests per endpoint and variant")
	concurrency := fs.Int("concurrency", 4, "clients in the throughput phase")
	duration := fs.Duration("duration", 20*time.Second, "length of the throughput phase")
	remote := fs.String("url", "", "measure the server at this base URL (key in SIGHTLINE_API_KEY) instead of one in-process")
	serverPID := fs.Int("server-pid", 0, "with --url: the server's process id, to report its resident memory")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the throughput phase to this file")
	agentVisits := fs.Int("agent-visits", 0, "also load this many AI-agent visits a day for the demo brand (0: the demo's own)")
	if err := fs.parseFlags(args); err != nil {
		return err
	}
	if err := checkScale(*scale); err != nil {
		return err
	}
	if *agentVisits < 0 || (*agentVisits > 0 && *remote != "") {
		return fmt.Errorf("--agent-visits: a count of visits a day, only in-process")
	}
	if *cpuProfile != "" && *remote != "" {
		return fmt.Errorf("--cpuprofile: only in-process, where the server runs in the profiled process")
	}
	var profile *os.File
	if *cpuProfile != "" { // created now, not after minutes of loading
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		defer f.Close()
		profile = f
	}
	dcfg := demo.Config{Seed: 1, Days: *days, Scale: *scale, Now: time.Now().UTC()}
	base, key, engine, loaded := strings.TrimSuffix(*remote, "/"), apiKey, "remote server", false
	switch {
	case *remote != "":
		if u, err := url.Parse(*remote); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("--url %q: use the server's base URL, e.g. http://127.0.0.1:8080", *remote)
		}
		if key == "" {
			return fmt.Errorf("--url: set SIGHTLINE_API_KEY to an API key of the demo's main organization")
		}
	case *serverPID != 0:
		return fmt.Errorf("--server-pid: only with --url")
	default:
		db, err := openDB(ctx, cfg, cfg.logger(c.stderr))
		if err != nil {
			return err
		}
		defer db.Close()
		if key, loaded, err = benchData(ctx, db, dcfg, c.stdout); err != nil {
			return err
		}
		if err := benchAgentLogs(ctx, db, dcfg, *agentVisits, c.stdout); err != nil {
			return err
		}
		// Rate limits high enough never to refuse, so that every request
		// still pays for its count (docs/api.md#rate-limits).
		srv := &httpapi.Server{Store: db, RateLimits: sightline.RateLimits{PerKey: math.MaxInt32, PerOrg: math.MaxInt32}}
		if err := srv.Listen("127.0.0.1:0"); err != nil {
			return err
		}
		go srv.Serve()
		defer srv.Shutdown(context.Background())
		base, engine = "http://"+srv.Addr(), db.Engine()
	}

	b := &bencher{base: base, key: key, client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
	cases, err := b.cases(ctx, demo.New(dcfg))
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "\n%s, %s scale, %d days; %d requests per case after 2 warm-up requests; load average %s\n\n", engine, *scale, *days, *requests, loadAverage())
	fmt.Fprintln(c.stdout, "| endpoint | params | median ms | p99 ms |")
	fmt.Fprintln(c.stdout, "|---|---|---:|---:|")
	for _, cs := range cases {
		lat, err := b.measure(ctx, cs, *requests)
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "| %s | %s | %.1f | %.1f |\n", cs.name, cs.variant, quantile(lat, 0.5), quantile(lat, 0.99))
	}
	if profile != nil {
		if err := pprof.StartCPUProfile(profile); err != nil {
			return fmt.Errorf("--cpuprofile: %w", err)
		}
	}
	n, elapsed, err := b.throughput(ctx, cases, *concurrency, *duration)
	if profile != nil {
		pprof.StopCPUProfile()
		if cerr := profile.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("--cpuprofile: %w", cerr)
		}
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "\nwhole suite: %d requests in %.1fs with %d clients = %.1f requests/s\n", n, elapsed.Seconds(), *concurrency, float64(n)/elapsed.Seconds())
	fmt.Fprintf(c.stdout, "load average at the end: %s\n", loadAverage())
	switch {
	case *serverPID != 0:
		rss, peak, ok := memoryOfProcess(strconv.Itoa(*serverPID))
		if !ok {
			return fmt.Errorf("--server-pid %d: no such process, or no /proc", *serverPID)
		}
		fmt.Fprintf(c.stdout, "server (pid %d) RSS after the suite: %d MB (peak since it started %d MB)\n", *serverPID, rss>>20, peak>>20)
	case *remote == "":
		if rss, peak, ok := memoryOfProcess("self"); ok {
			// server and clients share this process: an upper bound of serve's
			fmt.Fprintf(c.stdout, "process RSS after the suite: %d MB (peak %d MB%s)\n", rss>>20, peak>>20, loadedNote(loaded))
		}
	}
	return nil
}

// memoryOfProcess reads the resident set size and its peak from
// /proc/PID/status (Linux; pid "self" for this process); ok is false
// elsewhere.
func memoryOfProcess(pid string) (rss, peak int64, ok bool) {
	b, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return 0, 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, found := strings.Cut(line, ":")
		if !found {
			continue
		}
		f := strings.Fields(v)
		if len(f) != 2 || f[1] != "kB" {
			continue
		}
		n, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			continue
		}
		switch k {
		case "VmRSS":
			rss, ok = n<<10, true
		case "VmHWM":
			peak = n << 10
		}
	}
	return rss, peak, ok
}

// loadAverage returns the 1, 5 and 15 minute load averages (Linux), or "?".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "?"
}

func loadedNote(loaded bool) string {
	if loaded {
		return ", loading the data included"
	}
	return ""
}

// benchData loads the demo into an empty database, or finds it, and
// returns a fresh API key of the main organization; loaded tells which.
func benchData(ctx context.Context, db *sqlstore.DB, cfg demo.Config, out io.Writer) (string, bool, error) {
	orgs, err := db.FindOrganizations(ctx)
	if err != nil {
		return "", false, err
	}
	ds := demo.New(cfg)
	if len(orgs) == 0 {
		start := time.Now()
		f, err := demo.Load(ctx, db, cfg, func(line string) { fmt.Fprintln(out, line) })
		if err != nil {
			return "", false, err
		}
		fmt.Fprintf(out, "loaded in %.0fs\n", time.Since(start).Seconds())
		return f.APIKey, true, nil
	}
	if !slices.ContainsFunc(orgs, func(o *sightline.Organization) bool { return o.ID == ds.Orgs[0].ID }) {
		return "", false, fmt.Errorf("the database holds data that is not the demo data set; use an empty database")
	}
	fmt.Fprintln(out, "reusing the demo data already loaded")
	_, key, err := db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: ds.Orgs[0].ID, UserEmail: ds.Orgs[0].Users[0].Email, Name: "bench"})
	return key, false, err
}

// benchAgentLogs loads perDay agent visits a day for the demo brand
// (demo.LoadBusyAgentLogs) unless its visits over the data set's days are
// that many already.
func benchAgentLogs(ctx context.Context, db *sqlstore.DB, cfg demo.Config, perDay int, out io.Writer) error {
	if perDay == 0 {
		return nil
	}
	ds := demo.New(cfg)
	org, brand := ds.Orgs[0], ds.Orgs[0].Brands[0]
	end := sightline.StartOfDay(cfg.Now).AddDate(0, 0, 1)
	w := sightline.Window{Start: end.AddDate(0, 0, -cfg.Days-1), End: end}
	have, err := db.AgentOverview(ctx, org.ID, sightline.AgentFilter{BrandID: brand.ID, Window: w,
		Verifications: []string{"verified", "spoofed", "unverified"}}, "month")
	if err != nil {
		return err
	}
	if have.Visits >= perDay*cfg.Days {
		fmt.Fprintf(out, "reusing the %d agent visits already loaded\n", have.Visits)
		return nil
	}
	fmt.Fprintf(out, "loading %d agent visits a day over %d days\n", perDay, cfg.Days)
	start := time.Now()
	st, err := ds.LoadBusyAgentLogs(ctx, db, perDay, func(line string) { fmt.Fprintln(out, line) })
	if err != nil {
		return err
	}
	secs := time.Since(start).Seconds()
	fmt.Fprintf(out, "stored %d agent visits and %d AI referrals in %.0fs (%.0f visits/s)\n", st.Visits, st.Referrals, secs, float64(st.Visits)/secs)
	return db.AnalyzeAgentLogs(ctx)
}

type benchCase struct {
	name, variant, path string
}

type bencher struct {
	base, key string
	client    *http.Client
}

// cases lists every read endpoint twice: with default parameters and with
// a topic + provider filter where the endpoint takes them.
func (b *bencher) cases(ctx context.Context, ds *demo.Dataset) ([]benchCase, error) {
	brand := ds.Orgs[0].Brands[0]
	p := "/api/v2/brands/" + brand.ID
	var providers struct {
		Data []sightline.Provider `json:"data"`
	}
	if err := b.getJSON(ctx, p+"/providers", &providers); err != nil {
		return nil, err
	}
	if len(providers.Data) == 0 {
		return nil, fmt.Errorf("no providers: is the demo loaded?")
	}
	var advertisers struct {
		Data []sightline.AdvertiserSummary `json:"data"`
	}
	if err := b.getJSON(ctx, p+"/advertisers", &advertisers); err != nil {
		return nil, err
	}
	topic := brand.Topics[0].ID
	filter := url.Values{"filter[topic_ids]": {topic}, "filter[provider_ids]": {providers.Data[0].ID}}.Encode()
	filtered := []string{"topics", "topics/" + topic, "competitors", "share_of_voice", "citations/mention_share",
		"citations/overview", "citations/pages", "citations/domains", "citations/domains/overview", "citations/summary", "ads", "advertisers",
		"search_queries", "runs"}
	var cases []benchCase
	cases = append(cases, benchCase{"brands", "default", "/api/v2/brands"})
	byProvider := url.Values{"filter[provider_ids]": {providers.Data[0].ID}}.Encode()
	for _, ep := range filtered {
		name, variant, query := ep, "topic+provider", filter
		if strings.Contains(ep, topic) { // one topic already: filter by provider
			name, variant, query = strings.ReplaceAll(ep, topic, "{id}"), "provider", byProvider
		}
		cases = append(cases, benchCase{name, "default", p + "/" + ep}, benchCase{name, variant, p + "/" + ep + "?" + query})
	}
	cases = append(cases, benchCase{"prompts", "default", p + "/prompts"}, benchCase{"providers", "default", p + "/providers"})
	// the agents reads over the demo's access logs (docs/agents.md)
	for _, ep := range []string{"agents/overview", "agents/pages", "agents/referrals"} {
		cases = append(cases, benchCase{ep, "default", p + "/" + ep})
	}
	cases = append(cases,
		benchCase{"agents/overview", "operator", p + "/agents/overview?filter%5Boperators%5D=openai"},
		benchCase{"agents/pages", "cited_not_crawled", p + "/agents/pages?filter%5Bcited_not_crawled%5D=true"},
		benchCase{"agents/pages", "operator", p + "/agents/pages?filter%5Boperators%5D=openai"},
		benchCase{"agents/referrals", "source", p + "/agents/referrals?filter%5Bsources%5D=chatgpt"})
	if len(advertisers.Data) > 0 {
		cases = append(cases, benchCase{"advertisers/{id}", "default", p + "/advertisers/" + advertisers.Data[0].AdvertiserID})
	}
	cases = append(cases,
		benchCase{"content_studio/recommendations", "default", p + "/content_studio/recommendations"},
		benchCase{"opportunities", "default", p + "/opportunities"},
		benchCase{"opportunities/compute", "default", p + "/opportunities/compute"},
		benchCase{"content_studio/briefs", "default", p + "/content_studio/briefs"},
		benchCase{"watch_list", "default", p + "/watch_list"})
	// detail endpoints: the first item of each list
	for _, d := range []struct{ name, list, detail string }{
		{"content_studio/recommendations/{id}", "/content_studio/recommendations?filter[states]=new,saved,done,dismissed", "/content_studio/recommendations/"},
		{"opportunities/{id}", "/opportunities", "/opportunities/"},
		{"content_studio/briefs/{id}", "/content_studio/briefs", "/content_studio/briefs/"},
	} {
		var list struct {
			Data []struct {
				ID string `json:"id"`
			} `json:"data"`
		}
		if err := b.getJSON(ctx, p+d.list, &list); err != nil {
			return nil, err
		}
		if len(list.Data) > 0 {
			cases = append(cases, benchCase{d.name, "default", p + d.detail + list.Data[0].ID})
		}
	}
	return cases, nil
}

func (b *bencher) do(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, b.base+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set(httpapi.APIKeyHeader, b.key)
	resp, err := b.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %d %s", path, resp.StatusCode, body)
	}
	return nil
}

func (b *bencher) getJSON(ctx context.Context, path string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, b.base+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set(httpapi.APIKeyHeader, b.key)
	resp, err := b.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %d", path, resp.StatusCode)
	}
	return json.NewDecoder(resp.Body).Decode(v)
}

// measure returns the latencies in milliseconds of n sequential requests.
func (b *bencher) measure(ctx context.Context, cs benchCase, n int) ([]float64, error) {
	for range 2 {
		if err := b.do(ctx, cs.path); err != nil {
			return nil, err
		}
	}
	lat := make([]float64, 0, n)
	for range n {
		start := time.Now()
		if err := b.do(ctx, cs.path); err != nil {
			return nil, err
		}
		lat = append(lat, float64(time.Since(start).Microseconds())/1000)
	}
	return lat, nil
}

// throughput runs the whole suite round-robin from several clients.
func (b *bencher) throughput(ctx context.Context, cases []benchCase, clients int, d time.Duration) (int64, time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var n atomic.Int64
	var next atomic.Int64
	var wg sync.WaitGroup
	errc := make(chan error, clients)
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				cs := cases[int(next.Add(1))%len(cases)]
				if err := b.do(ctx, cs.path); err != nil {
					if ctx.Err() == nil {
						errc <- err
					}
					return
				}
				n.Add(1)
			}
		}()
	}
	wg.Wait()
	select {
	case err := <-errc:
		return 0, 0, err
	default:
	}
	return n.Load(), time.Since(start), nil
}

// quantile returns the q-quantile (nearest rank) of xs.
func quantile(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	i := int(q*float64(len(s))+0.999999) - 1
	return s[max(0, min(i, len(s)-1))]
}
