package ingest_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// world is a migrated database of the engine under test holding two
// organizations: Acme's brand Taskloom (alias "Task Loom", competitors
// Asana and Trello, three prompts, the last without topic) and Globex's
// brand Brewly (one prompt).
type world struct {
	db  *sqlstore.DB
	raw *sql.DB // a second connection, for counting rows

	brand, other        string // brand ids
	prompts             []string
	otherPrompt         string
	asana, trello       string // competitor ids
	selfFound, asanaFnd string // found-brand ids
}

var t0 = time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)

func newWorld(t *testing.T) *world {
	t.Helper()
	ctx := context.Background()
	dsn := sqlstoretest.NewDSN(t)
	db, err := sqlstore.Open(ctx, dsn, nil)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	w := &world{db: db, raw: openRaw(t, dsn)}

	acme, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: acme.ID, Name: "Taskloom", Domains: []string{"taskloom.com"}, Aliases: []string{"Task Loom"},
		Competitors: []sightline.CompetitorCreate{{Name: "Asana", Domain: "asana.com", Aliases: []string{"Asana Inc"}}, {Name: "Trello", Domain: "trello.com"}}})
	if err != nil {
		t.Fatal(err)
	}
	w.brand = b.ID
	topics, err := db.CreateTopics(ctx, acme.ID, b.ID, []sightline.TopicRef{{Name: "Project management"}})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := db.CreatePrompts(ctx, acme.ID, b.ID, []sightline.PromptCreate{
		{TopicID: topics[0].ID, Text: "best project management tool", Intent: "C"},
		{TopicID: topics[0].ID, Text: "taskloom vs asana", Intent: "C"},
		{Text: "is taskloom free", Intent: "I"}, // no topic
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		w.prompts = append(w.prompts, p.ID)
	}
	w.asana = w.scalar(t, `SELECT id FROM competitors WHERE brand_id = '`+b.ID+`' AND name = 'Asana'`)
	w.trello = w.scalar(t, `SELECT id FROM competitors WHERE brand_id = '`+b.ID+`' AND name = 'Trello'`)
	w.selfFound = w.scalar(t, `SELECT id FROM found_brands WHERE brand_id = '`+b.ID+`' AND name_key = 'taskloom'`)
	w.asanaFnd = w.scalar(t, `SELECT id FROM found_brands WHERE brand_id = '`+b.ID+`' AND name_key = 'asana'`)

	globex, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Globex"})
	if err != nil {
		t.Fatal(err)
	}
	ob, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: globex.ID, Name: "Brewly"})
	if err != nil {
		t.Fatal(err)
	}
	w.other = ob.ID
	ops, err := db.CreatePrompts(ctx, globex.ID, ob.ID, []sightline.PromptCreate{{Text: "best coffee grinder"}})
	if err != nil {
		t.Fatal(err)
	}
	w.otherPrompt = ops[0].ID
	return w
}

// openRaw opens a plain connection to dsn for reading tables.
func openRaw(t testing.TB, dsn string) *sql.DB { return sqlstoretest.OpenRaw(t, dsn) }

func (w *world) scalar(t *testing.T, q string, args ...any) string {
	t.Helper()
	var s sql.NullString
	if err := w.raw.QueryRow(q, args...).Scan(&s); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return s.String
}

// counts are the row counts of everything ingest writes.
type counts struct {
	Runs, Answers, Mentions, Citations, Ads, FoundBrands, Advertisers, Providers, Regions int
}

func (w *world) counts(t *testing.T) counts {
	t.Helper()
	return countRows(t, w.raw)
}

func countRows(t testing.TB, raw *sql.DB) counts {
	t.Helper()
	var c counts
	for _, x := range []struct {
		table string
		n     *int
	}{
		{"runs", &c.Runs}, {"run_answers", &c.Answers}, {"mentions", &c.Mentions}, {"citations", &c.Citations}, {"ads", &c.Ads},
		{"found_brands", &c.FoundBrands}, {"advertisers", &c.Advertisers}, {"providers", &c.Providers}, {"regions", &c.Regions},
	} {
		if err := raw.QueryRow("SELECT COUNT(*) FROM " + x.table).Scan(x.n); err != nil {
			t.Fatalf("count %s: %v", x.table, err)
		}
	}
	return c
}

// ingest runs one ingest of input through a fresh Ingester.
func (w *world) ingest(t *testing.T, input string, opts ingest.Options) (ingest.Result, error) {
	t.Helper()
	return ingest.New(w.db).Ingest(context.Background(), strings.NewReader(input), opts)
}

// mustIngest ingests input and fails the test on an error.
func (w *world) mustIngest(t *testing.T, input string, opts ingest.Options) ingest.Result {
	t.Helper()
	res, err := w.ingest(t, input, opts)
	if err != nil {
		t.Fatalf("ingest: %v", err)
	}
	return res
}

// answer names Taskloom, Asana and the untracked Wrike (in that order).
const answer = `Here are the project management tools teams like most:

1. **Taskloom** – easy to learn and great for small teams.
2. **Asana** – powerful, but it gets expensive.
3. **Wrike** – a solid choice for large enterprises.

Many teams start with Taskloom because the free plan is generous.`

// record is a valid record of Taskloom: three mentions (found by the
// analyzer), three citations, and an ad on every third run.
func (w *world) record(i int) sightline.RunRecord {
	r := sightline.RunRecord{
		ID:       runID(i),
		BrandID:  w.brand,
		PromptID: w.prompts[i%len(w.prompts)],
		Provider: []string{"chatgpt", "perplexity"}[i%2],
		Region:   []string{"us", "gb", "de"}[i%3],
		RanAt:    t0.Add(time.Duration(i) * time.Minute),
		Model:    "gpt-4o",
		Answer:   answer,
		Citations: []sightline.RunCitation{
			{URL: fmt.Sprintf("https://www.taskloom.com/blog/post-%d?utm_source=chatgpt.com", i%5), Title: "Taskloom blog"},
			{URL: "https://asana.com/pricing", Title: "Asana pricing", Type: "inline"},
			{URL: "https://old.reddit.com/r/projectmanagement/comments/abc/best_tool/", Title: "Best tool?"},
		},
	}
	if i%3 == 0 {
		r.Ads = []sightline.RunAd{{Advertiser: "Monday.com", Domain: "monday.com", Text: "Work management"}}
	}
	return r
}

func runID(i int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012d", i) }

// jsonl renders records (RunRecords, other values as JSON, strings as
// they are) one per line.
func jsonl(t *testing.T, lines ...any) string {
	t.Helper()
	var b strings.Builder
	for _, l := range lines {
		if s, ok := l.(string); ok {
			b.WriteString(s)
		} else {
			data, err := json.Marshal(l)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(data)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// records returns n valid records as JSONL lines (any values).
func (w *world) records(n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = w.record(i)
	}
	return out
}

// withRecord returns r's JSON object with the given members replaced
// (a nil value removes the member).
func withRecord(t *testing.T, r sightline.RunRecord, set map[string]any) string {
	t.Helper()
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for k, v := range set {
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
