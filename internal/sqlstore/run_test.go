package sqlstore

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// On SQLite, IngestRuns turns foreign keys off and checkpoints less often
// on the write connection for its transaction (beginIngest). These tests
// make sure the connection always gets its settings back, and that the
// checks that replace the foreign keys hold.

func openIngestSQLite(t *testing.T) (*DB, *sightline.IngestTarget) {
	t.Helper()
	ctx := context.Background()
	db, err := Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "ingest.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Taskloom"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreatePrompts(ctx, org.ID, b.ID, []sightline.PromptCreate{{Text: "a"}, {Text: "b"}}); err != nil {
		t.Fatal(err)
	}
	target, err := db.FindIngestTarget(ctx, b.ID)
	if err != nil {
		t.Fatal(err)
	}
	return db, target
}

func testRun(target *sightline.IngestTarget, id, promptID string) *sightline.AnalyzedRun {
	return &sightline.AnalyzedRun{
		ID: id, BrandID: target.BrandID, PromptID: promptID, Provider: "chatgpt", Region: "us",
		RanAt: time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC), Answer: "Taskloom.",
		Mentions:  []sightline.AnalyzedMention{{Name: target.Name, Self: true, Position: 1, Count: 1, Sentiment: 60}},
		Citations: []sightline.AnalyzedCitation{{URL: "https://x.com/", Page: "https://x.com", Domain: "x.com", PageType: "homepage", DomainType: "other", Type: "source"}},
	}
}

func runsOf(runs ...*sightline.AnalyzedRun) func(func(*sightline.AnalyzedRun, error) bool) {
	return func(yield func(*sightline.AnalyzedRun, error) bool) {
		for _, r := range runs {
			if !yield(r, nil) {
				return
			}
		}
	}
}

// wantConnectionRestored asserts that the write connection enforces
// foreign keys, checkpoints at SQLite's default and keeps its own page
// cache (16 MiB) again.
func wantConnectionRestored(t *testing.T, db *DB) {
	t.Helper()
	var fk, checkpoint, cache int
	if err := db.write.QueryRow("PRAGMA foreign_keys").Scan(&fk); err != nil {
		t.Fatal(err)
	}
	if err := db.write.QueryRow("PRAGMA wal_autocheckpoint").Scan(&checkpoint); err != nil {
		t.Fatal(err)
	}
	if err := db.write.QueryRow("PRAGMA cache_size").Scan(&cache); err != nil {
		t.Fatal(err)
	}
	if fk != 1 || checkpoint != 1000 || cache != -16384 {
		t.Errorf("after IngestRuns: foreign_keys = %d, wal_autocheckpoint = %d, cache_size = %d; want 1, 1000 and -16384", fk, checkpoint, cache)
	}
}

func TestIngestRuns_RestoresConnection(t *testing.T) {
	t.Parallel()
	db, target := openIngestSQLite(t)
	var prompts []string
	for id := range target.Prompts {
		prompts = append(prompts, id)
	}
	ctx := context.Background()
	wantConnectionRestored(t, db)

	t.Run("OK", func(t *testing.T) {
		stats, err := db.IngestRuns(ctx, runsOf(testRun(target, "00000000-0000-4000-8000-000000000001", prompts[0])))
		if err != nil || stats.Inserted != 1 {
			t.Fatalf("IngestRuns = %+v, %v", stats, err)
		}
		wantConnectionRestored(t, db)
	})
	t.Run("SequenceError", func(t *testing.T) {
		bad := errors.New("bad input")
		_, err := db.IngestRuns(ctx, func(yield func(*sightline.AnalyzedRun, error) bool) {
			if yield(testRun(target, "00000000-0000-4000-8000-000000000002", prompts[0]), nil) {
				yield(nil, bad)
			}
		})
		if !errors.Is(err, bad) {
			t.Errorf("IngestRuns = %v, want the sequence's error", err)
		}
		wantConnectionRestored(t, db)
	})
	t.Run("Cancelled", func(t *testing.T) {
		cctx, cancel := context.WithCancel(ctx)
		_, err := db.IngestRuns(cctx, func(yield func(*sightline.AnalyzedRun, error) bool) {
			cancel()
			yield(testRun(target, "00000000-0000-4000-8000-000000000003", prompts[0]), nil)
		})
		if err == nil {
			t.Error("IngestRuns succeeded with a cancelled context")
		}
		wantConnectionRestored(t, db)
	})
	t.Run("PromptGone", func(t *testing.T) {
		// The ingester saw the prompt, then it was deleted: the run must not
		// point to nothing, as the foreign key would have ensured.
		if _, err := db.write.Exec(`DELETE FROM prompts WHERE id = ?`, prompts[1]); err != nil {
			t.Fatal(err)
		}
		_, err := db.IngestRuns(ctx, runsOf(
			testRun(target, "00000000-0000-4000-8000-000000000004", prompts[0]),
			testRun(target, "00000000-0000-4000-8000-000000000005", prompts[1])))
		if err == nil {
			t.Error("IngestRuns stored a run of a deleted prompt")
		}
		wantConnectionRestored(t, db)
	})
	var runs, mentions int
	if err := db.write.QueryRow(`SELECT (SELECT COUNT(*) FROM runs), (SELECT COUNT(*) FROM mentions)`).Scan(&runs, &mentions); err != nil {
		t.Fatal(err)
	}
	if runs != 1 || mentions != 1 {
		t.Errorf("%d runs and %d mentions stored, want only the first run's", runs, mentions)
	}
}
