package ingest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/sightline/sightline"
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
