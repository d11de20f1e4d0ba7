package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/demo"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// TestEndToEnd_ExportRoundTrip exports the demo brand's runs with
// `sightline export`, ingests the file with `sightline ingest` into a fresh
// database holding only the demo's brands, topics and prompts, and expects
// the same citations/pages, citations/domains, topics and share_of_voice
// answers from both (found-brand ids, created at ingest, compared by name).
func TestEndToEnd_ExportRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := sqlstoretest.NewDSN(t)
	dir := t.TempDir()
	fixture := filepath.Join(dir, "f.json")
	mustCLI(t, "demo", "--db", src, "--fixture", fixture, "--days", "2")
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	var fx demo.Fixture
	if err := json.Unmarshal(data, &fx); err != nil {
		t.Fatal(err)
	}

	file := filepath.Join(dir, "runs.ndjson")
	mustCLI(t, "export", "--db", src, "--brand", fx.BrandID, "--since", "2000-01-01", "--format", "ndjson", "--out", file)
	lines := countLines(t, file)
	var stored int
	if err := openRaw(t, src).QueryRow("SELECT COUNT(*) FROM runs WHERE brand_id = '" + fx.BrandID + "'").Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if lines != stored || lines == 0 {
		t.Fatalf("exported %d lines of %d runs", lines, stored)
	}
	checkCSVExport(t, src, fx.BrandID, file)

	dst := sqlstoretest.NewDSN(t)
	db, err := sqlstore.Open(ctx, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if err := demo.CreateEntities(ctx, db, demo.New(demo.Config{Seed: 1, Days: 2, Now: time.Now().UTC()})); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out := mustCLI(t, "ingest", "--db", dst, "--strict", file)
	if !strings.Contains(out, "0 skipped") {
		t.Fatalf("ingest: %s", out)
	}

	srcDB, dstDB := openStore(t, src), openStore(t, dst)
	// the demo's two days and a day on each side: every run, in few buckets
	now := time.Now()
	w := sightline.Window{Start: sightline.StartOfDay(now).AddDate(0, 0, -3), End: sightline.EndOfDay(now)}
	for _, s := range []sightline.Scope{
		{BrandID: fx.BrandID, Window: w},
		{BrandID: fx.BrandID, Window: w, ProviderIDs: nil, TopicIDs: []string{fx.TopicIDs[0]}},
		{BrandID: fx.BrandID, Window: w, TargetBrand: fx.Competitors[0].Name},
	} {
		got, want := answers(t, dstDB, dst, fx.OrgID, s), answers(t, srcDB, src, fx.OrgID, s)
		// Counts are equal; means of sentiments may differ in the last bits,
		// being sums of the same values in another order.
		if diff := cmp.Diff(want, got, cmpopts.EquateApprox(1e-12, 0)); diff != "" {
			t.Errorf("scope %+v: the re-ingested database answers differently (-source +round trip):\n%s", s, diff)
		}
		if len(want["pages"].([]any)) == 0 || len(want["topics"].([]any)) == 0 || len(want["share_of_voice"].([]any)) == 0 {
			t.Errorf("scope %+v: empty answers prove nothing: %v", s, want)
		}
	}

	// The fan-out queries and retrieved sources come back unchanged: the
	// target's own export holds the same per run (null stays null).
	again := filepath.Join(dir, "again.ndjson")
	mustCLI(t, "export", "--db", dst, "--brand", fx.BrandID, "--since", "2000-01-01", "--format", "ndjson", "--out", again)
	type fanOut struct {
		SearchQueries *[]string       `json:"search_queries"`
		Sources       json.RawMessage `json:"sources"`
	}
	read := func(path string) map[string]fanOut {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]fanOut{}
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var r struct {
				ID string `json:"id"`
				fanOut
			}
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			out[r.ID] = r.fanOut
		}
		return out
	}
	before, after := read(file), read(again)
	var listed, unreported, uncited int
	for id, b := range before {
		a := after[id]
		if (a.SearchQueries == nil) != (b.SearchQueries == nil) || (b.SearchQueries != nil && !slices.Equal(*a.SearchQueries, *b.SearchQueries)) ||
			string(a.Sources) != string(b.Sources) {
			t.Fatalf("run %s: search_queries/sources %v %s, after the round trip %v %s", id, b.SearchQueries, b.Sources, a.SearchQueries, a.Sources)
		}
		if b.SearchQueries == nil {
			unreported++
		} else if len(*b.SearchQueries) > 0 {
			listed++
		}
		if strings.Contains(string(b.Sources), `"cited":false`) {
			uncited++
		}
	}
	if listed == 0 || unreported == 0 || uncited == 0 {
		t.Errorf("the demo export proves little: %d runs with queries, %d unreported, %d with uncited sources", listed, unreported, uncited)
	}
}

func countLines(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}

func openStore(t *testing.T, dsn string) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// answers reads the metric lists of a scope as JSON values, with every
// found-brand id replaced by "found:" and its name, and without the
// topics' created_at and updated_at (when the entities were created).
func answers(t *testing.T, db *sqlstore.DB, dsn, orgID string, s sightline.Scope) map[string]any {
	t.Helper()
	ctx := context.Background()
	page := sightline.PageRequest{Page: 1, PageSize: 100}
	pages, _, err := db.FindCitationPages(ctx, orgID, sightline.CitationFilter{Scope: s, PageRequest: page})
	if err != nil {
		t.Fatal(err)
	}
	domains, _, err := db.FindCitationDomains(ctx, orgID, sightline.CitationFilter{Scope: s, PageRequest: page})
	if err != nil {
		t.Fatal(err)
	}
	topics, _, err := db.FindTopics(ctx, orgID, s.BrandID, sightline.TopicFilter{Scope: s, PageRequest: page})
	if err != nil {
		t.Fatal(err)
	}
	sov, _, err := db.FindShareOfVoice(ctx, orgID, sightline.SOVFilter{Scope: s, Granularity: "day", PageRequest: page})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(map[string]any{"pages": pages, "domains": domains, "topics": topics, "share_of_voice": sov})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := openRaw(t, dsn).Query("SELECT CAST(id AS TEXT), name FROM found_brands")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			t.Fatal(err)
		}
		text = strings.ReplaceAll(text, `"`+id+`"`, `"found:`+name+`"`)
	}
	rows.Close()
	var v map[string]any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		t.Fatal(err)
	}
	for _, tp := range v["topics"].([]any) {
		delete(tp.(map[string]any), "created_at")
		delete(tp.(map[string]any), "updated_at")
	}
	return v
}

// `sightline export` refuses what it cannot do, naming the flag.
func TestExport_Refusals(t *testing.T) {
	t.Parallel()
	dsn := sqlstoretest.NewDSN(t)
	mustCLI(t, "migrate", "--db", dsn)
	brand := "3b1f6a52-9c0e-4b7a-8d21-5f4e3c2b1a09"
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--brand", "acme"}, "--brand must be a brand id"},
		{[]string{"--brand", brand, "--format", "xml"}, `--format "xml"`},
		{[]string{"--brand", brand, "--since", "yesterday"}, "--since"},
		{[]string{"--brand", brand, "--since", "2026-03-10", "--until", "2026-03-01"}, "--since must be before --until"},
		{[]string{"--brand", brand}, "not found"},
	} {
		_, _, err := cli(t, append([]string{"export", "--db", dsn}, tt.args...)...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("export %v: %v, want an error with %q", tt.args, err, tt.want)
		}
	}
}

// checkCSVExport exports the same runs as CSV and checks that it parses
// with encoding/csv into one row per NDJSON line, in the same order, with
// the same id, answer and prompt text.
func checkCSVExport(t *testing.T, dsn, brandID, ndjsonFile string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "runs.csv")
	mustCLI(t, "export", "--db", dsn, "--brand", brandID, "--since", "2000-01-01", "--format", "csv", "--out", file)
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("the CSV export does not parse: %v", err)
	}
	data, err := os.ReadFile(ndjsonFile)
	if err != nil {
		t.Fatal(err)
	}
	var runs []sightline.Run
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var r sightline.Run
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, r)
	}
	if len(rows) != len(runs)+1 {
		t.Fatalf("CSV has %d rows, want a header and %d runs", len(rows), len(runs))
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	for _, name := range []string{"id", "answer", "prompt.text", "provider.code"} {
		if _, ok := col[name]; !ok {
			t.Fatalf("CSV header %v has no %q", rows[0], name)
		}
	}
	for i, r := range runs {
		row := rows[i+1]
		if row[col["id"]] != r.ID || row[col["answer"]] != r.Answer || row[col["prompt.text"]] != r.Prompt.Text || row[col["provider.code"]] != r.Provider.Code {
			t.Fatalf("CSV row %d = %v…, want run %s", i+1, row[:4], r.ID)
		}
	}
}
