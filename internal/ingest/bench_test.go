package ingest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyze"
	"github.com/sightline/sightline/internal/demo"
	"github.com/sightline/sightline/internal/ingest"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// BenchmarkIngest measures end-to-end ingest throughput (parse, analyze,
// store, rollups) of demo runs into a fresh database of the engine under
// test. It reports runs/s (wall clock) and cpu-µs/run, the CPU time the
// whole process spent per run: on a machine shared with other work the
// first drops with the load, the second much less
// (docs/performance.md#ingest).
func BenchmarkIngest(b *testing.B) {
	ctx := context.Background()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	var runs int
	var elapsed, used time.Duration
	for b.Loop() {
		b.StopTimer()
		db := sqlstoretest.MustOpenDB(b)
		ds := demo.New(demo.Config{Seed: 7, Days: 10, Now: now})
		if err := demo.CreateEntities(ctx, db, ds); err != nil {
			b.Fatal(err)
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		if err := ds.Runs(func(r sightline.RunRecord) error { return enc.Encode(r) }); err != nil {
			b.Fatal(err)
		}
		n := ds.RunCount()
		b.StartTimer()
		start, cpu := time.Now(), cpuTime()
		res, err := ingest.New(db).Ingest(ctx, &buf, ingest.Options{})
		if err != nil {
			b.Fatal(err)
		}
		elapsed, used = elapsed+time.Since(start), used+cpuTime()-cpu
		if res.Inserted != n {
			b.Fatalf("inserted %d of %d runs: %+v", res.Inserted, n, res)
		}
		runs += n
	}
	b.ReportMetric(float64(runs)/elapsed.Seconds(), "runs/s")
	b.ReportMetric(float64(used.Microseconds())/float64(runs), "cpu-µs/run")
}

// BenchmarkAnalyze measures the analysis of BenchmarkIngest's answers
// alone (mentions, names and sentiment, no parsing or storage) and reports
// cpu-µs/answer: the figure an analyzer rule moves, steadier than the whole
// ingest's (docs/performance.md#ingest).
func BenchmarkAnalyze(b *testing.B) {
	ds := demo.New(demo.Config{Seed: 7, Days: 10, Now: time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)})
	matchers := map[string]*analyze.Matcher{}
	for _, o := range ds.Orgs {
		for _, br := range o.Brands {
			tracked := []analyze.Tracked{{Name: br.Name, Aliases: br.Aliases}}
			for _, c := range br.Competitors {
				tracked = append(tracked, analyze.Tracked{Name: c.Name, Aliases: c.Aliases})
			}
			matchers[br.ID] = analyze.NewMatcher(tracked)
		}
	}
	type job struct {
		m      *analyze.Matcher
		answer string
	}
	var jobs []job
	if err := ds.Runs(func(r sightline.RunRecord) error {
		if r.Answer != "" {
			jobs = append(jobs, job{matchers[r.BrandID], r.Answer})
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	var used time.Duration
	for b.Loop() {
		cpu := cpuTime()
		for _, j := range jobs {
			j.m.Find(j.answer)
		}
		used += cpuTime() - cpu
	}
	b.ReportMetric(float64(used.Microseconds())/float64(b.N*len(jobs)), "cpu-µs/answer")
}
