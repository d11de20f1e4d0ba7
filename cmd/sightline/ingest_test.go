package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// runWith runs the program with stdin and returns what it printed.
func runWith(t *testing.T, stdin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb lockedBuffer
	err = run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), err
}

// openRaw opens a plain connection to dsn for reading tables.
func openRaw(t testing.TB, dsn string) *sql.DB { return sqlstoretest.OpenRaw(t, dsn) }

// factCounts returns the row counts of what ingest writes, as one line.
func factCounts(t *testing.T, raw *sql.DB) string {
	t.Helper()
	var parts []string
	for _, table := range []string{"runs", "run_answers", "mentions", "citations", "ads", "found_brands", "advertisers", "providers", "regions"} {
		var n int
		if err := raw.QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil {
			t.Fatalf("count %s: %v", table, err)
		}
		parts = append(parts, fmt.Sprintf("%s=%d", table, n))
	}
	return strings.Join(parts, " ")
}

// taskloom is the brand of the small worlds below: taskloom.com, with
// Asana as its competitor.
var taskloom = sightline.BrandCreate{Name: "Taskloom", Domains: []string{"taskloom.com"},
	Competitors: []sightline.CompetitorCreate{{Name: "Asana", Domain: "asana.com"}}}

// brandWorld migrates a fresh database of the pass's engine with an
// organization, Acme, holding brand b, and calls more (if not nil) on it
// before closing the store; it returns the DSN and both ids.
func brandWorld(t *testing.T, b sightline.BrandCreate, more func(ctx context.Context, db *sqlstore.DB, orgID, brandID string)) (dsn, orgID, brandID string) {
	t.Helper()
	ctx := context.Background()
	dsn = sqlstoretest.NewDSN(t)
	db, err := sqlstore.Open(ctx, dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	b.OrgID = org.ID
	brand, err := db.CreateBrand(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	if more != nil {
		more(ctx, db, org.ID, brand.ID)
	}
	return dsn, org.ID, brand.ID
}

// ingestWorld creates a brand with one prompt and returns the DSN and a
// JSONL input of n good records with the bad line at badLine (1-based; 0
// for none).
func ingestWorld(t *testing.T, n, badLine int) (dsn, input string) {
	t.Helper()
	var prompt string
	dsn, _, brandID := brandWorld(t, taskloom, func(ctx context.Context, db *sqlstore.DB, orgID, brandID string) {
		ps, err := db.CreatePrompts(ctx, orgID, brandID, []sightline.PromptCreate{{Text: "best project management tool"}})
		if err != nil {
			t.Fatal(err)
		}
		prompt = ps[0].ID
	})
	var lines []string
	for i := range n {
		r := sightline.RunRecord{
			ID: fmt.Sprintf("00000000-0000-4000-8000-%012d", i), BrandID: brandID, PromptID: prompt,
			Provider: "chatgpt", Region: "us", RanAt: time.Date(2026, 11, 2, 8, i, 0, 0, time.UTC),
			Answer:    "1. **Taskloom** – simple.\n2. **Asana** – powerful.",
			Citations: []sightline.RunCitation{{URL: "https://taskloom.com/pricing"}, {URL: "https://www.reddit.com/r/pm/comments/x/y/"}},
		}
		if i+1 == badLine {
			r.Citations = append(r.Citations, sightline.RunCitation{URL: "ftp://files.example.com/x"})
		}
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(data))
	}
	return dsn, strings.Join(lines, "\n") + "\n"
}

// `sightline ingest` from a file and from standard input: a bad line fails
// the command with its line and field; the good lines are stored, and
// ingesting again changes nothing.
func TestEndToEnd_Ingest(t *testing.T) {
	t.Parallel()
	for _, from := range []string{"file", "stdin"} {
		t.Run(from, func(t *testing.T) {
			t.Parallel()
			dsn, input := ingestWorld(t, 6, 4)
			raw := openRaw(t, dsn)
			args, stdin := []string{"ingest", "--db", dsn, "-"}, input
			if from == "file" {
				path := filepath.Join(t.TempDir(), "runs.jsonl")
				if err := os.WriteFile(path, []byte(input), 0o600); err != nil {
					t.Fatal(err)
				}
				args, stdin = []string{"ingest", "--db", dsn, path}, ""
			}
			out, errOut, err := runWith(t, stdin, args...)
			if err == nil {
				t.Fatalf("ingest with a bad line succeeded:\n%s", out)
			}
			if !strings.Contains(errOut, "line 4: citations[2].url: ") {
				t.Errorf("stderr does not name line 4 and its field:\n%s", errOut)
			}
			if !strings.Contains(errorText(err), "1 bad record") {
				t.Errorf("error %q", errorText(err))
			}
			if !strings.Contains(out, "6 records read: 5 stored, 0 duplicates unchanged, 1 skipped") {
				t.Errorf("summary:\n%s", out)
			}
			once := factCounts(t, raw)
			if !strings.Contains(once, "runs=5 ") {
				t.Errorf("counts after ingest: %s", once)
			}
			out, _, _ = runWith(t, stdin, args...)
			if !strings.Contains(out, "0 stored, 5 duplicates unchanged") {
				t.Errorf("second ingest:\n%s", out)
			}
			if again := factCounts(t, raw); again != once {
				t.Errorf("re-ingest changed the counts:\n%s\n%s", once, again)
			}
		})
	}
}

// `sightline ingest --strict` stores nothing when a line is bad, and
// everything when none is.
func TestEndToEnd_IngestStrict(t *testing.T) {
	t.Parallel()
	dsn, input := ingestWorld(t, 5, 3)
	raw := openRaw(t, dsn)
	before := factCounts(t, raw)
	_, _, err := runWith(t, input, "ingest", "--db", dsn, "--strict", "-")
	if err == nil {
		t.Fatal("strict ingest with a bad line succeeded")
	}
	if msg := errorText(err); !strings.Contains(msg, "nothing was stored") || !strings.Contains(msg, "line 3: citations[2].url") {
		t.Errorf("error %q should say nothing was stored and name line 3", msg)
	}
	if after := factCounts(t, raw); after != before {
		t.Errorf("strict ingest changed the counts:\n%s\n%s", before, after)
	}

	good := strings.Join(append(strings.SplitAfterN(input, "\n", 3)[:2], strings.SplitAfterN(input, "\n", 4)[3]), "")
	out, errOut, err := runWith(t, good, "ingest", "--db", dsn, "--strict", "-")
	if err != nil {
		t.Fatalf("strict ingest of good lines: %v\n%s", err, errOut)
	}
	if !strings.Contains(out, "4 records read: 4 stored") || !strings.Contains(factCounts(t, raw), "runs=4 ") {
		t.Errorf("strict ingest of good lines:\n%s\n%s", out, factCounts(t, raw))
	}
}

// `sightline demo --fixture` loads the data set, writes the fixture whose
// key works, and refuses to load over existing data.
func TestEndToEnd_Demo(t *testing.T) {
	t.Parallel()
	dsn := sqlstoretest.NewDSN(t)
	path := filepath.Join(t.TempDir(), "f.json")
	out := mustCLI(t, "demo", "--db", dsn, "--fixture", path, "--days", "3")
	if !strings.Contains(out, "fixture written to "+path) {
		t.Errorf("demo printed:\n%s", out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		APIKey  string `json:"api_key"`
		OrgID   string `json:"org_id"`
		BrandID string `json:"brand_id"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("fixture: %v\n%s", err, data)
	}
	if !strings.Contains(out, "API key: "+f.APIKey) {
		t.Errorf("demo did not print the fixture's key:\n%s", out)
	}
	raw := openRaw(t, dsn)
	counts := factCounts(t, raw)
	var runs int
	if err := raw.QueryRow("SELECT COUNT(*) FROM runs WHERE brand_id = '" + f.BrandID + "'").Scan(&runs); err != nil || runs == 0 {
		t.Errorf("the fixture's brand has %d runs (%v)", runs, err)
	}

	m, _ := startMain(t, dsn)
	wantBrandsContain(t, m.Addr(), f.APIKey, f.BrandID)

	_, _, err = cli(t, "demo", "--db", dsn, "--days", "3")
	if err == nil || !strings.Contains(err.Error(), "already holds 2 organization(s)") {
		t.Errorf("demo over a loaded database: %v", err)
	}
	if again := factCounts(t, raw); again != counts {
		t.Errorf("the refused demo changed the counts:\n%s\n%s", counts, again)
	}
}

// wantBrandsContain asserts that key lists brandID.
func wantBrandsContain(t *testing.T, addr, key, brandID string) {
	t.Helper()
	status, ids, code := listBrands(t, addr, key)
	if status != 200 {
		t.Fatalf("GET /api/v2/brands with the demo key = %d %s", status, code)
	}
	for _, id := range ids {
		if id == brandID {
			return
		}
	}
	t.Errorf("the demo key lists %v, not the demo brand %s", ids, brandID)
}

var (
	demoKeyRE   = regexp.MustCompile(`(?m)^Demo API key: (slk_\S+)$`)
	demoBrandRE = regexp.MustCompile(`(?m)^Demo brand id: ([0-9a-f-]{36})$`)
	demoCurlRE  = regexp.MustCompile(`(?m)^\s*curl -s -H 'X-API-KEY: (slk_\S+)' (http://\S+)$`)
)

// serveDemo starts the server as `sightline serve --demo --addr
// 127.0.0.1:0` does and returns it with the key and curl URL it printed.
func serveDemo(t *testing.T, dsn string) (m *Main, key, curlURL string) {
	t.Helper()
	cfg := DefaultConfig()
	cfg.DB, cfg.Addr, cfg.AdminToken = dsn, "127.0.0.1:0", ""
	var out lockedBuffer
	m = NewMain(cfg, &out, io.Discard)
	m.Demo = true
	m.DemoDays = 3 // serve --demo-days 3: the default 60 days take minutes under -race
	if err := m.Open(context.Background()); err != nil {
		m.Close()
		t.Fatalf("serve --demo: %v", err)
	}
	served := make(chan error, 1)
	go func() { served <- m.Server.Serve() }()
	t.Cleanup(func() {
		m.Close()
		<-served
	})
	k := demoKeyRE.FindStringSubmatch(out.String())
	c := demoCurlRE.FindStringSubmatch(out.String())
	if k == nil || c == nil {
		t.Fatalf("serve --demo printed no key or curl line:\n%s", out.String())
	}
	if c[1] != k[1] {
		t.Errorf("the curl line uses key %s, the printed key is %s", c[1], k[1])
	}
	// the brand id README's examples need
	if b := demoBrandRE.FindStringSubmatch(out.String()); b == nil {
		t.Errorf("serve --demo printed no brand id:\n%s", out.String())
	} else {
		wantBrandsContain(t, m.Addr(), k[1], b[1])
	}
	return m, k[1], c[2]
}

// curl does what the printed curl line does.
func curl(t *testing.T, key, rawURL string) (int, error) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, rawURL, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("X-API-KEY", key)
	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// `serve --demo` loads the demo into an empty database and prints a key
// and a curl line that work; started again, it prints a new key that
// works too, and loads nothing.
func TestEndToEnd_ServeDemo(t *testing.T) {
	t.Parallel()
	dsn := sqlstoretest.NewDSN(t)
	m, key1, url1 := serveDemo(t, dsn)
	status, ids, code := listBrands(t, m.Addr(), key1)
	if status != http.StatusOK || len(ids) == 0 {
		t.Fatalf("the demo key lists %v (%d %s)", ids, status, code)
	}
	if status, err := curl(t, key1, url1); status != http.StatusOK {
		t.Errorf("the printed curl line (%s) does not work against the server on %s: %d %v", url1, m.Addr(), status, err)
	}
	raw := openRaw(t, dsn)
	counts := factCounts(t, raw)
	m.Close()

	m2, key2, url2 := serveDemo(t, dsn)
	if key2 == key1 {
		t.Errorf("the second start printed the same key")
	}
	for _, k := range []string{key1, key2} {
		if status, got, code := listBrands(t, m2.Addr(), k); status != http.StatusOK || !slices.Equal(got, ids) {
			t.Errorf("key %s… lists %v (%d %s), want %v", k[:8], got, status, code, ids)
		}
	}
	if status, err := curl(t, key2, url2); status != http.StatusOK {
		t.Errorf("the second curl line (%s) does not work against the server on %s: %d %v", url2, m2.Addr(), status, err)
	}
	if again := factCounts(t, raw); again != counts {
		t.Errorf("the second start changed the data:\n%s\n%s", counts, again)
	}
}
