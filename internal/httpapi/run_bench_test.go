package httpapi_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/demo"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// BenchmarkRuns measures GET …/runs from a real server over a database of
// the engine under test holding the demo data set over benchRunDays days
// (the main brand then has over 100,000 runs).
//
// NDJSON streams the brand's runs with Accept: application/x-ndjson, over
// the last 30 days and over all time, so that memory can be compared
// across sizes. It reports runs/s, MB/s of NDJSON, peak-heap-MB (the
// largest Go heap seen while streaming, sampled every millisecond),
// rss-before-MB (the resident set when streaming starts, freed memory
// returned to the OS) and peak-rss-MB (the process's peak resident set
// while streaming, VmHWM reset before; Linux only).
//
// List times JSON pages with each filter (benchRunsList).
// docs/performance.md#runs-export has the figures.
func BenchmarkRuns(b *testing.B) {
	env := newRunsBench(b)
	b.Run("NDJSON", func(b *testing.B) { benchRunsNDJSON(b, env) })
	b.Run("List", func(b *testing.B) { benchRunsList(b, env) })
}

func benchRunsNDJSON(b *testing.B, env *runsBenchEnv) {
	ctx, db, now, org, brand, key, ts := context.Background(), env.db, env.now, env.org, env.brand, env.key, env.ts
	for _, bc := range []struct{ name, query string }{
		{"last30days", ""},
		{"all", "?filter[ran_at_start]=2000-01-01"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			path := "/api/v2/brands/" + brand + "/runs" + bc.query
			f := sightline.RunFilter{Scope: sightline.Scope{BrandID: brand, Window: sightline.DefaultWindow(now, sightline.DefaultWindowDays)}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 1}}
			if bc.query != "" {
				f.Window.Start = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
			}
			_, total, err := db.FindRuns(ctx, org, f)
			if err != nil {
				b.Fatal(err)
			}
			runtime.GC()
			debug.FreeOSMemory() // what ingest left behind is not the stream's
			resetPeakRSS()
			before := procStatus("VmRSS:")
			peak := watchHeap()
			var lines, bytesRead int64
			start := time.Now()
			for b.Loop() {
				n, size := streamRuns(b, ts.URL+path, key)
				if n != total {
					b.Fatalf("streamed %d runs, want %d", n, total)
				}
				lines, bytesRead = lines+int64(n), bytesRead+size
			}
			elapsed := time.Since(start)
			heap := peak()
			b.ReportMetric(float64(total), "runs")
			b.ReportMetric(float64(lines)/elapsed.Seconds(), "runs/s")
			b.ReportMetric(float64(bytesRead)/elapsed.Seconds()/1e6, "MB/s")
			b.ReportMetric(float64(heap)/1e6, "peak-heap-MB")
			if rss := procStatus("VmHWM:"); rss > 0 {
				b.ReportMetric(float64(before)/1e6, "rss-before-MB")
				b.ReportMetric(float64(rss)/1e6, "peak-rss-MB")
			}
		})
	}
}

// benchRunDays gives the demo's main brand more than 100,000 runs.
const benchRunDays = 260

// runsBenchEnv is the database and server the runs benchmarks share
// (loading it takes a minute or more).
type runsBenchEnv struct {
	db                *sqlstore.DB
	now               time.Time
	org, brand, key   string
	ts                *httptest.Server
	page, domain, cmp string // a cited page and domain, a competitor of the brand
	err               error
}

func newRunsBench(b *testing.B) *runsBenchEnv {
	e := &runsBenchEnv{now: time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)}
	func() {
		ctx := context.Background()
		e.db = sqlstoretest.MustOpenDB(b)
		e.db.Now = func() time.Time { return e.now }
		ds := demo.New(demo.Config{Seed: 7, Days: benchRunDays, Now: e.now})
		if e.err = demo.CreateEntities(ctx, e.db, ds); e.err != nil {
			return
		}
		res, err := demo.Ingest(ctx, e.db, ds)
		if err != nil || res.Skipped > 0 {
			e.err = fmt.Errorf("ingest: %v %+v", err, res.Errors)
			return
		}
		e.org, e.brand = ds.Orgs[0].ID, ds.Orgs[0].Brands[0].ID
		e.cmp = ds.Orgs[0].Brands[0].Competitors[0].ID
		if _, e.key, e.err = e.db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: e.org, UserEmail: "bench@example.com", Name: "bench"}); e.err != nil {
			return
		}
		f := sightline.CitationFilter{Scope: sightline.Scope{BrandID: e.brand, Window: sightline.DefaultWindow(e.now, sightline.DefaultWindowDays)},
			PageRequest: sightline.PageRequest{Page: 1, PageSize: 1}}
		pages, _, err := e.db.FindCitationPages(ctx, e.org, f)
		if err != nil || len(pages) == 0 {
			e.err = fmt.Errorf("pages: %v", err)
			return
		}
		e.page, e.domain = pages[0].Page, pages[0].Domain
		srv := &httpapi.Server{Store: e.db, Now: e.db.Now}
		e.ts = httptest.NewServer(srv.Handler())
		b.Cleanup(e.ts.Close)
	}()
	if e.err != nil {
		b.Fatal(e.err)
	}
	return e
}

// benchRunsList times one JSON page of GET …/runs (default window, 30
// days) with each filter on the benchmark's data set; ms/op is the
// latency.
func benchRunsList(b *testing.B, e *runsBenchEnv) {
	base := e.ts.URL + "/api/v2/brands/" + e.brand + "/runs"
	for _, bc := range []struct{ name, query string }{
		{"default", ""},
		{"page100", "?page=100"},
		{"cites_url", "?filter[cites_url]=" + url.QueryEscape(e.page)},
		{"cites_domain", "?filter[cites_domain]=" + e.domain},
		{"mentions", "?filter[mentions]=" + e.cmp},
		{"all_time_cites_url", "?filter[ran_at_start]=2000-01-01&filter[cites_url]=" + url.QueryEscape(e.page)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			start := time.Now()
			n := 0
			for b.Loop() {
				req, _ := http.NewRequest(http.MethodGet, base+bc.query, nil)
				req.Header.Set(httpapi.APIKeyHeader, e.key)
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK || len(body) < 100 {
					b.Fatalf("status %d: %.200s", resp.StatusCode, body)
				}
				n++
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(n), "ms/op")
		})
	}
}

// streamRuns reads the NDJSON answer line by line and returns the number
// of lines and of bytes.
func streamRuns(b *testing.B, url, key string) (int, int64) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		b.Fatal(err)
	}
	req.Header.Set(httpapi.APIKeyHeader, key)
	req.Header.Set("Accept", httpapi.NDJSONType)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		b.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	r := bufio.NewReaderSize(resp.Body, 1<<20)
	n, size := 0, int64(0)
	for {
		line, err := r.ReadSlice('\n')
		size += int64(len(line))
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
	return n, size
}

// watchHeap samples the Go heap every millisecond until the returned
// function is called, which returns the largest heap seen.
func watchHeap() func() uint64 {
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s := [1]metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s[:])
			if v := s[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 {
		close(stop)
		wg.Wait()
		return peak.Load()
	}
}

// resetPeakRSS resets the process's VmHWM (Linux: "5" to clear_refs).
func resetPeakRSS() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// procStatus returns a size field of /proc/self/status (VmRSS:, VmHWM:)
// in bytes, 0 when unknown.
func procStatus(field string) uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if rest, ok := strings.CutPrefix(string(line), field); ok {
			kb, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err == nil {
				return kb * 1024
			}
		}
	}
	return 0
}
