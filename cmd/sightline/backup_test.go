package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `sightline backup` taken again and again while `sightline ingest` writes
// batch after batch: every copy, put in place of a database and opened
// again, passes PRAGMA integrity_check and holds whole batches only — a
// multiple of the batch size of runs, each with all its facts. It refuses
// an existing --out file, and PostgreSQL with pg_dump's name.
func TestEndToEnd_BackupDuringIngest(t *testing.T) {
	t.Parallel()
	const n, batch = 1500, 50
	dsn, input := ingestWorld(t, n, 0)
	dir := t.TempDir()
	if !strings.HasPrefix(dsn, "sqlite:") {
		_, _, err := cli(t, "backup", "--db", dsn, "--out", filepath.Join(dir, "b.db"))
		if err == nil || !strings.Contains(err.Error(), "pg_dump") {
			t.Errorf("backup of a PostgreSQL database = %v, want a refusal that names pg_dump", err)
		}
		return
	}
	runsFile := filepath.Join(dir, "runs.jsonl")
	if err := os.WriteFile(runsFile, []byte(input), 0o600); err != nil {
		t.Fatal(err)
	}
	ingested := make(chan error, 1)
	go func() {
		_, _, err := runWith(t, "", "ingest", "--db", dsn, "--batch", fmt.Sprint(batch), runsFile)
		ingested <- err
	}()
	var backups []string
	for done := false; !done; {
		select {
		case err := <-ingested:
			if err != nil {
				t.Fatalf("ingest: %v", err)
			}
			done = true // one more copy, of the whole ingest
		default:
		}
		out := filepath.Join(dir, fmt.Sprintf("backup-%03d.db", len(backups)))
		if _, _, err := cli(t, "backup", "--db", dsn, "--out", out); err != nil {
			t.Fatalf("backup %d during the ingest: %v", len(backups), err)
		}
		backups = append(backups, out)
	}

	// What one run leaves, from the database the ingest finished.
	whole := openRaw(t, dsn)
	var runs, mentions, citations int
	if err := whole.QueryRow("SELECT (SELECT COUNT(*) FROM runs), (SELECT COUNT(*) FROM mentions), (SELECT COUNT(*) FROM citations)").
		Scan(&runs, &mentions, &citations); err != nil {
		t.Fatal(err)
	}
	if runs != n || mentions%n != 0 || citations%n != 0 || citations == 0 {
		t.Fatalf("the ingest stored %d runs, %d mentions, %d citations: want %d runs with whole facts", runs, mentions, citations, n)
	}
	mentionsPerRun, citationsPerRun := mentions/n, citations/n

	partial := 0
	for i, b := range backups {
		// Restore: the copy takes the place of a database, which opens and
		// migrates (nothing to apply) like any other.
		restored := filepath.Join(dir, fmt.Sprintf("restored-%03d.db", i))
		data, err := os.ReadFile(b)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(restored, data, 0o600); err != nil {
			t.Fatal(err)
		}
		if out, _, err := cli(t, "migrate", "--db", "sqlite:"+restored); err != nil || !strings.Contains(out, "0 migration(s) applied now") {
			t.Errorf("backup %d: migrate of the restored copy = %v:\n%s", i, err, out)
		}
		raw := openRaw(t, "sqlite:"+restored)
		var check string
		if err := raw.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
			t.Errorf("backup %d: integrity_check = %q, %v", i, check, err)
		}
		var r, m, c int
		if err := raw.QueryRow("SELECT (SELECT COUNT(*) FROM runs), (SELECT COUNT(*) FROM mentions), (SELECT COUNT(*) FROM citations)").
			Scan(&r, &m, &c); err != nil {
			t.Fatal(err)
		}
		if r%batch != 0 || m != r*mentionsPerRun || c != r*citationsPerRun {
			t.Errorf("backup %d holds %d runs, %d mentions, %d citations: not whole batches of %d runs with %d mentions and %d citations each",
				i, r, m, c, batch, mentionsPerRun, citationsPerRun)
		}
		if r > 0 && r < n {
			partial++
		}
		if i == len(backups)-1 && r != n {
			t.Errorf("the backup after the ingest holds %d runs, want %d", r, n)
		}
	}
	if partial == 0 {
		t.Errorf("none of the %d backups was taken while the ingest had stored part of its batches: the test proves nothing", len(backups))
	}
	t.Logf("%d backups, %d of them in the middle of the ingest", len(backups), partial)

	_, _, err := cli(t, "backup", "--db", dsn, "--out", backups[0])
	if err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("backup over an existing file = %v, want a refusal", err)
	}
}
