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
// store) of demo runs into the engine under test; it reports runs/s.
// docs/performance.md records the figures.
func BenchmarkIngest(b *testing.B) {
	ctx := context.Background()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
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
		start := time.Now()
		res, err := ingest.New(db).Ingest(ctx, &buf, ingest.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if res.Inserted != n {
			b.Fatalf("inserted %d of %d runs", res.Inserted, n)
		}
		b.ReportMetric(float64(n)/time.Since(start).Seconds(), "runs/s")
	}
}
