package ingest_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

// Re-ingesting the same input changes no count: not runs, not the fact
// rows, not the found brands and advertisers created on first sight.
func TestIngest_Idempotent(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		strip bool // records without id: the id is derived from the content
	}{{"WithID", false}, {"WithoutID", true}} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			lines := w.records(40)
			if tt.strip {
				for i, l := range lines {
					lines[i] = withRecord(t, l.(sightline.RunRecord), map[string]any{"id": nil})
				}
			}
			input := jsonl(t, lines...)
			before := w.counts(t)
			res := w.mustIngest(t, input, ingest.Options{BatchSize: 7})
			if diff := cmp.Diff(ingest.Result{Records: 40, Inserted: 40}, res, cmpopts.IgnoreFields(ingest.Result{}, "Elapsed")); diff != "" {
				t.Errorf("first ingest (-want +got):\n%s", diff)
			}
			once := w.counts(t)
			want := before
			want.Runs, want.Answers, want.Mentions, want.Citations, want.Ads = 40, 40, 3*40, 3*40, 14
			want.FoundBrands++ // Wrike, untracked
			want.Advertisers, want.Providers, want.Regions = 1, 2, 3
			if diff := cmp.Diff(want, once); diff != "" {
				t.Errorf("counts after the first ingest (-want +got):\n%s", diff)
			}

			for _, opts := range []ingest.Options{{}, {BatchSize: 3}, {Strict: true}} {
				res := w.mustIngest(t, input, opts)
				if diff := cmp.Diff(ingest.Result{Records: 40, Duplicates: 40}, res, cmpopts.IgnoreFields(ingest.Result{}, "Elapsed")); diff != "" {
					t.Errorf("re-ingest %+v (-want +got):\n%s", opts, diff)
				}
				if diff := cmp.Diff(once, w.counts(t)); diff != "" {
					t.Errorf("counts after re-ingest %+v (-want +got):\n%s", opts, diff)
				}
			}
		})
	}
}

// The same run twice in one input is stored once.
func TestIngest_DuplicateInInput(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.record(1)
	res := w.mustIngest(t, jsonl(t, r, w.record(2), r), ingest.Options{})
	if res.Inserted != 2 || res.Duplicates != 1 {
		t.Errorf("result %+v, want 2 inserted and 1 duplicate", res)
	}
	if c := w.counts(t); c.Runs != 2 || c.Citations != 6 || c.Mentions != 6 {
		t.Errorf("counts %+v, want 2 runs with 3 citations and 3 mentions each", c)
	}
}

// badLines are records that fail validation, each with the problem it
// must be reported with.
func badLines(t *testing.T, w *world) []struct {
	line string
	want []ingest.LineError // Line filled in by the caller
} {
	r := w.record(100)
	badURL := r
	badURL.Citations = []sightline.RunCitation{r.Citations[0], {URL: "not a url"}}
	badType := r
	badType.Citations = []sightline.RunCitation{{URL: "https://asana.com", Type: "footnote"}}
	badAd := r
	badAd.Ads = []sightline.RunAd{{Advertiser: "Nobody", Domain: ""}}
	s150 := 150.0
	badMention := r
	badMention.Mentions = []sightline.RunMention{{Name: "Taskloom", Position: 1}, {Name: "Asana", Position: 2, Sentiment: &s150}}
	// one past each per-record cap (docs/api.md#limits)
	manyCites, manyAds, manyMentions := r, r, r
	manyCites.Citations = nil
	for i := range sightline.MaxRunCitations + 1 {
		manyCites.Citations = append(manyCites.Citations, sightline.RunCitation{URL: fmt.Sprintf("https://example.com/%d", i)})
	}
	for i := range sightline.MaxRunAds + 1 {
		manyAds.Ads = append(manyAds.Ads, sightline.RunAd{Advertiser: "Ad", Domain: fmt.Sprintf("ad%d.com", i)})
	}
	for i := range sightline.MaxRunMentions + 1 {
		manyMentions.Mentions = append(manyMentions.Mentions, sightline.RunMention{Name: fmt.Sprintf("Brand %d", i), Position: i + 1})
	}
	longTitle, longName := r, r
	longTitle.Citations = []sightline.RunCitation{r.Citations[0], {URL: "https://asana.com", Title: strings.Repeat("é", sightline.MaxTitleBytes/2+1)}}
	longName.Mentions = []sightline.RunMention{{Name: strings.Repeat("x", sightline.MaxShortTextBytes+1), Position: 1}}
	le := func(field, code string) []ingest.LineError { return []ingest.LineError{{Field: field, Code: code}} }
	return []struct {
		line string
		want []ingest.LineError
	}{
		{jsonl(t, badURL), le("citations[1].url", "invalid")},
		{withRecord(t, r, map[string]any{"ran_at": "yesterday"}), le("ran_at", "invalid")},
		{withRecord(t, r, map[string]any{"ran_at": nil}), le("ran_at", "required")},
		{withRecord(t, r, map[string]any{"prompt_id": w.otherPrompt}), le("prompt_id", "not_found")},
		{withRecord(t, r, map[string]any{"brand_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7"}), le("brand_id", "not_found")},
		{withRecord(t, r, map[string]any{"provider": "Chat GPT"}), le("provider", "invalid")},
		{withRecord(t, r, map[string]any{"id": "run-1"}), le("id", "invalid")},
		{withRecord(t, r, map[string]any{"answer": " "}), le("answer", "required")},
		{jsonl(t, badType), le("citations[0].type", "invalid")},
		{jsonl(t, badAd), le("ads[0].domain", "invalid")},
		{jsonl(t, badMention), le("mentions[1].sentiment", "invalid")},
		{withRecord(t, r, map[string]any{"answer": strings.Repeat("a", sightline.MaxAnswerBytes+1)}), le("answer", "too_long")},
		{withRecord(t, r, map[string]any{"model": strings.Repeat("m", sightline.MaxShortTextBytes+1)}), le("model", "too_long")},
		{jsonl(t, manyCites), le("citations", "too_many")},
		{jsonl(t, longTitle), le("citations[1].title", "too_long")},
		{jsonl(t, manyAds), le("ads", "too_many")},
		{jsonl(t, manyMentions), le("mentions", "too_many")},
		{jsonl(t, longName), le("mentions[0].name", "too_long")},
		{`{"brand_id": "` + w.brand + `", "prompt_id": `, le("", "invalid_json")},
		// every problem of a record is reported
		{withRecord(t, r, map[string]any{"prompt_id": nil, "region": "U.S."}), []ingest.LineError{{Field: "prompt_id", Code: "required"}, {Field: "region", Code: "invalid"}}},
	}
}

// A bad line is reported with its line number and field; by default the
// other records are stored.
func TestIngest_BadLine(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i, bad := range badLines(t, w) {
		t.Run(bad.want[0].Field+"/"+bad.want[0].Code, func(t *testing.T) {
			// A fresh run id per case: good records must be new each time.
			good := []any{w.record(1000 + 10*i), w.record(1001 + 10*i), w.record(1002 + 10*i)}
			input := jsonl(t, good[0], good[1], strings.TrimSuffix(bad.line, "\n"), good[2])
			before := w.counts(t)
			res, err := w.ingest(t, input, ingest.Options{})
			if err != nil {
				t.Fatalf("ingest: %v", err)
			}
			want := slices.Clone(bad.want)
			for j := range want {
				want[j].Line = 3
			}
			if diff := cmp.Diff(want, res.Errors, cmpopts.IgnoreFields(ingest.LineError{}, "Message")); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
			for _, e := range res.Errors {
				if e.Message == "" || !strings.HasPrefix(e.String(), "line 3: ") {
					t.Errorf("error %+v: empty message or %q does not start with the line", e, e.String())
				}
			}
			if res.Records != 4 || res.Inserted != 3 || res.Skipped != 1 {
				t.Errorf("result %+v, want 4 records, 3 inserted, 1 skipped", res)
			}
			if got := w.counts(t).Runs - before.Runs; got != 3 {
				t.Errorf("%d runs stored, want 3", got)
			}
		})
	}
}

// With Strict, one bad record leaves the database as it was, and the error
// lists every bad line.
func TestIngest_Strict(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.mustIngest(t, jsonl(t, w.records(5)...), ingest.Options{}) // something already there
	var lines []any
	var want []ingest.LineError
	for i, bad := range badLines(t, w) {
		lines = append(lines, w.record(200+i), strings.TrimSuffix(bad.line, "\n"))
		for _, e := range bad.want {
			e.Line = len(lines)
			want = append(want, e)
		}
	}
	lines = append(lines, w.record(300))
	before := w.counts(t)
	for _, batch := range []int{0, 2} {
		res, err := w.ingest(t, jsonl(t, lines...), ingest.Options{Strict: true, BatchSize: batch})
		var e *sightline.Error
		if !errors.As(err, &e) || e.Code != sightline.EVALIDATION {
			t.Fatalf("err = %v, want VALIDATION_FAILED", err)
		}
		if diff := cmp.Diff(before, w.counts(t)); diff != "" {
			t.Errorf("strict ingest changed the database (-before +after):\n%s", diff)
		}
		if res.Inserted != 0 || res.Records != len(lines) || res.Skipped != len(lines) {
			t.Errorf("result %+v, want nothing inserted, %d records read and skipped", res, len(lines))
		}
		if diff := cmp.Diff(want, res.Errors, cmpopts.IgnoreFields(ingest.LineError{}, "Message")); diff != "" {
			t.Errorf("result errors (-want +got):\n%s", diff)
		}
		// the error itself lists every bad line, field and message
		if len(e.Details) != len(want) {
			t.Fatalf("error has %d details, want %d: %v", len(e.Details), len(want), e.Details)
		}
		for i, d := range e.Details {
			if d.Field != nil && *d.Field != want[i].Field || d.Field == nil && want[i].Field != "" || d.Code != want[i].Code {
				t.Errorf("detail %d = %+v, want field %q code %q", i, d, want[i].Field, want[i].Code)
			}
			if prefix := "line " + strconv.Itoa(want[i].Line) + ": "; !strings.HasPrefix(d.Message, prefix) {
				t.Errorf("detail %d message %q, want it to start with %q", i, d.Message, prefix)
			}
		}
		if !strings.Contains(e.Message, "nothing was stored") || !strings.Contains(e.Message, "line 2: citations[1].url") {
			t.Errorf("message %q should say nothing was stored and name the first bad line", e.Message)
		}
	}

	// Good input in strict mode is stored in one go.
	res := w.mustIngest(t, jsonl(t, w.record(400), w.record(401)), ingest.Options{Strict: true})
	if res.Inserted != 2 {
		t.Errorf("strict ingest of good records: %+v", res)
	}
}

// JSONL may have blank lines and CRLF line ends, and the input may be a
// JSON array instead; line numbers (array positions) stay right.
func TestIngest_Formats(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	bad := withRecord(t, w.record(0), map[string]any{"ran_at": "2026-13-01"})
	rec := func(i int) string { return strings.TrimSpace(jsonl(t, w.record(i))) }
	for _, tt := range []struct {
		name  string
		input string
		line  int // of the bad record
		good  int
	}{
		{"BlankLines", "\n\n" + rec(1) + "\n   \n\t\n" + bad + "\n\n" + rec(2) + "\n\n", 6, 2},
		{"CRLF", "\r\n" + rec(3) + "\r\n\r\n" + bad + "\r\n" + rec(4), 4, 2},
		{"NoFinalNewline", rec(5) + "\n" + bad, 2, 1},
		{"ByteOrderMark", "\ufeff" + rec(6) + "\n" + bad + "\n", 2, 1},
		{"Array", "[\n  " + rec(7) + ",\n  " + bad + ",\n  " + rec(8) + "\n]\n", 2, 2},
		{"ArrayOneLine", "  [" + bad + "," + rec(9) + "]", 1, 1},
		{"ArrayEmpty", "[]", 0, 0},
		{"Empty", "", 0, 0},
		{"OnlyBlank", "\n \r\n\n", 0, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := w.ingest(t, tt.input, ingest.Options{})
			if err != nil {
				t.Fatalf("ingest: %v", err)
			}
			var lines []int
			for _, e := range res.Errors {
				lines = append(lines, e.Line)
				if e.Field != "ran_at" {
					t.Errorf("error %+v, want field ran_at", e)
				}
			}
			var want []int
			if tt.line > 0 {
				want = []int{tt.line}
			}
			if diff := cmp.Diff(want, lines); diff != "" {
				t.Errorf("error lines (-want +got):\n%s", diff)
			}
			if res.Inserted != tt.good {
				t.Errorf("inserted %d, want %d", res.Inserted, tt.good)
			}
		})
	}
	t.Run("ArrayMalformed", func(t *testing.T) {
		for _, input := range []string{"[" + rec(10) + ",", "[" + rec(10) + " " + rec(11) + "]", "[{"} {
			_, err := w.ingest(t, input, ingest.Options{})
			if code := sightline.ErrorCode(err); code != sightline.EINVALIDBODY {
				t.Errorf("ingest %q: err %v (%s), want INVALID_BODY", input, err, code)
			}
		}
	})
}

// Mentions given in the record are used as they are: names that are the
// brand or a competitor (by name or alias, any case) map to them, others
// become untracked found brands; the answer is not searched.
func TestIngest_GivenMentions(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s80, s10 := 80.0, 10.0
	r := w.record(1)
	r.Answer = "Trello is the best. Taskloom and Asana follow." // not analyzed
	r.Mentions = []sightline.RunMention{
		{Name: "task loom", Position: 2, Sentiment: &s80, Count: 3}, // alias of the brand
		{Name: "ASANA INC", Position: 1, Sentiment: &s10},           // alias of a competitor
		{Name: "Basecamp", Position: 3},                             // untracked
		{Name: "TaskLoom", Position: 4},                             // the brand again: one mention per answer
	}
	// present but empty: no mentions at all (RunRecord would omit it)
	empty := withRecord(t, w.record(2), map[string]any{"mentions": []any{}})
	w.mustIngest(t, jsonl(t, r, empty), ingest.Options{})

	rows, err := w.raw.Query(`SELECT f.name, f.is_self, COALESCE(CAST(f.competitor_id AS TEXT), ''), m.position, m.mention_count, m.sentiment
		FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id ORDER BY m.position`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	type mention struct {
		Name       string
		Self       bool
		Competitor string
		Position   int
		Count      int
		Sentiment  float64
	}
	var got []mention
	for rows.Next() {
		var m mention
		var self any
		if err := rows.Scan(&m.Name, &self, &m.Competitor, &m.Position, &m.Count, &m.Sentiment); err != nil {
			t.Fatal(err)
		}
		m.Self = self == true || self == int64(1)
		got = append(got, m)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	want := []mention{
		{Name: "Asana", Competitor: w.asana, Position: 1, Count: 1, Sentiment: 10},
		{Name: "Taskloom", Self: true, Position: 2, Count: 3, Sentiment: 80},
		{Name: "Basecamp", Position: 3, Count: 1, Sentiment: 50},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stored mentions (-want +got):\n%s", diff)
	}
}

// A page cited twice in one answer (however the URL is spelled) is one
// citation; the first spelling is kept.
func TestIngest_DuplicateCitation(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.record(1)
	r.Citations = []sightline.RunCitation{
		{URL: "https://www.Asana.com/pricing/?utm_source=chatgpt.com#plans", Title: "Pricing"},
		{URL: "https://trello.com/", Title: "Trello"},
		{URL: "https://asana.com/pricing", Title: "Asana pricing", Type: "inline"},
	}
	w.mustIngest(t, jsonl(t, r), ingest.Options{})
	rows, err := w.raw.Query(`SELECT ord, page, domain, url, citation_type FROM citations ORDER BY ord`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got [][5]string
	for rows.Next() {
		var c [5]string
		if err := rows.Scan(&c[0], &c[1], &c[2], &c[3], &c[4]); err != nil {
			t.Fatal(err)
		}
		got = append(got, c)
	}
	want := [][5]string{
		{"0", "https://asana.com/pricing", "asana.com", "https://www.Asana.com/pricing/?utm_source=chatgpt.com#plans", "source"},
		{"1", "https://trello.com", "trello.com", "https://trello.com/", "source"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("citations (-want +got):\n%s", diff)
	}

	// long lists too: 30 URLs, 10 distinct pages
	long := w.record(2)
	long.Citations = nil
	for i := range 30 {
		long.Citations = append(long.Citations, sightline.RunCitation{URL: fmt.Sprintf("https://example.org/p%d?utm_medium=x%d", i%10, i)})
	}
	w.mustIngest(t, jsonl(t, long), ingest.Options{})
	if n := w.counts(t).Citations; n != 2+10 {
		t.Errorf("%d citations, want 12", n)
	}
}

// Providers and regions are created on first sight, by code, with their
// display names; later runs reuse them.
func TestIngest_ProvidersAndRegions(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	if ps, _ := w.db.FindProviders(ctx); len(ps) != 0 {
		t.Fatalf("a fresh database has providers: %v", ps)
	}
	a, b, c := w.record(1), w.record(2), w.record(3)
	a.Provider, a.Region = "claude", "fr"
	b.Provider, b.Region = "Copilot", " GB " // codes are case- and space-insensitive
	c.Provider, c.Region = "acme_bot", "zz"
	w.mustIngest(t, jsonl(t, a, b, c), ingest.Options{})
	d := w.record(4)
	d.Provider, d.Region = "chatgpt", "us"
	w.mustIngest(t, jsonl(t, d), ingest.Options{})
	ps, err := w.db.FindProviders(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := w.db.FindRegions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range ps {
		got["provider "+p.Code] = p.Name
	}
	for _, r := range rs {
		got["region "+r.Code] = r.Name
	}
	want := map[string]string{
		"provider claude": "Claude", "provider copilot": "Copilot", "provider acme_bot": "Acme Bot", "provider chatgpt": "ChatGPT",
		"region fr": "France", "region gb": "United Kingdom", "region zz": "ZZ", "region us": "United States",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("providers and regions (-want +got):\n%s", diff)
	}
	// re-seeing a code creates nothing
	before := w.counts(t)
	e := w.record(5)
	e.Provider, e.Region = "claude", "fr"
	w.mustIngest(t, jsonl(t, e), ingest.Options{})
	if after := w.counts(t); after.Providers != before.Providers || after.Regions != before.Regions {
		t.Errorf("providers/regions %d/%d -> %d/%d", before.Providers, before.Regions, after.Providers, after.Regions)
	}
}

// In default mode each batch is its own transaction: when Progress reports
// a batch, its runs are committed (a second connection sees them).
func TestIngest_BatchesCommitIndependently(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	lines := w.records(10)
	lines[4] = withRecord(t, lines[4].(sightline.RunRecord), map[string]any{"region": "?"})
	var seen []int
	var progress []ingest.Result
	res := w.mustIngest(t, jsonl(t, lines...), ingest.Options{BatchSize: 3, Progress: func(r ingest.Result) {
		progress = append(progress, r)
		seen = append(seen, w.counts(t).Runs)
	}})
	if res.Inserted != 9 || res.Skipped != 1 {
		t.Errorf("result %+v", res)
	}
	// batches: 1-3, 4-6 (5 bad), 7-9, 10
	if diff := cmp.Diff([]int{3, 5, 8, 9}, seen); diff != "" {
		t.Errorf("committed runs at each progress call (-want +got):\n%s", diff)
	}
	var records []int
	for _, p := range progress {
		records = append(records, p.Records)
	}
	if diff := cmp.Diff([]int{3, 6, 9, 10}, records); diff != "" {
		t.Errorf("records at each progress call (-want +got):\n%s", diff)
	}
}

// failingStore cancels the context its IngestRuns hands to the database
// after failAfter runs in all, so that storage fails in the middle of a
// transaction.
type failingStore struct {
	ingest.Store
	failAfter int

	mu      sync.Mutex
	yielded int
}

func (f *failingStore) IngestRuns(ctx context.Context, runs iter.Seq2[*sightline.AnalyzedRun, error]) (sightline.IngestStats, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	return f.Store.IngestRuns(ctx, func(yield func(*sightline.AnalyzedRun, error) bool) {
		for r, err := range runs {
			f.mu.Lock()
			if f.yielded == f.failAfter {
				cancel()
			}
			f.yielded++
			f.mu.Unlock()
			if !yield(r, err) {
				return
			}
		}
	})
}

// A storage failure in the middle of a batch rolls the whole batch back:
// earlier batches stay, complete, and no run is ever half-written.
// Ingesting again completes the data.
func TestIngest_StorageFailure(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		opts   ingest.Options
		stored int
	}{
		// the second batch fails after 200 of its runs, past a first
		// multi-row chunk of runs, citations and mentions
		{"Batches", ingest.Options{BatchSize: 300}, 300},
		{"Strict", ingest.Options{Strict: true}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			input := jsonl(t, w.records(700)...)
			fs := &failingStore{Store: w.db, failAfter: 500}
			if _, err := ingest.New(fs).Ingest(context.Background(), strings.NewReader(input), tt.opts); err == nil {
				t.Fatal("ingest succeeded, want the storage failure")
			}
			w.wantComplete(t, tt.stored)

			res := w.mustIngest(t, input, ingest.Options{})
			if res.Inserted != 700-tt.stored || res.Duplicates != tt.stored {
				t.Errorf("second ingest %+v", res)
			}
			w.wantComplete(t, 700)
		})
	}
}

// Cancelling the caller's context stops the ingest after the batch being
// stored; what was committed is complete.
func TestIngest_Cancel(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := ingest.New(w.db).Ingest(ctx, strings.NewReader(jsonl(t, w.records(50)...)), ingest.Options{
		BatchSize: 20, Progress: func(r ingest.Result) {
			if r.Records == 20 {
				cancel()
			}
		},
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("ingest = %v, want context.Canceled", err)
	}
	w.wantComplete(t, 20)
}

// wantComplete asserts that exactly n runs are stored and that each has its
// answer, its three mentions and three citations, and its ad when it has one.
func (w *world) wantComplete(t *testing.T, n int) {
	t.Helper()
	c := w.counts(t)
	if c.Runs != n || c.Answers != n || c.Mentions != 3*n || c.Citations != 3*n {
		t.Errorf("counts %+v, want %d complete runs", c, n)
	}
	var partial int
	err := w.raw.QueryRow(`SELECT COUNT(*) FROM runs r
		LEFT JOIN (SELECT run_seq, COUNT(*) AS n FROM mentions GROUP BY run_seq) m ON m.run_seq = r.seq
		LEFT JOIN (SELECT run_seq, COUNT(*) AS n FROM citations GROUP BY run_seq) c ON c.run_seq = r.seq
		LEFT JOIN run_answers a ON a.run_seq = r.seq
		WHERE COALESCE(m.n, 0) <> 3 OR COALESCE(c.n, 0) <> 3 OR a.run_seq IS NULL`).Scan(&partial)
	if err != nil {
		t.Fatal(err)
	}
	if partial != 0 {
		t.Errorf("%d runs are half-written", partial)
	}
	// ads: every third record has one
	var wantAds, gotAds int
	rows, err := w.raw.Query(`SELECT id FROM runs`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		var i int
		for j := len(id) - 12; j < len(id); j++ {
			i = 10*i + int(id[j]-'0')
		}
		if i%3 == 0 {
			wantAds++
		}
	}
	gotAds = c.Ads
	if gotAds != wantAds {
		t.Errorf("%d ads, want %d", gotAds, wantAds)
	}
}

// A request bound to one brand (the internal endpoint) stamps records
// without brand_id with it and rejects records of another brand.
func TestIngest_BrandOption(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	noBrand := withRecord(t, w.record(1), map[string]any{"brand_id": nil})
	otherBrand := withRecord(t, w.record(2), map[string]any{"brand_id": w.other, "prompt_id": w.otherPrompt})
	res := w.mustIngest(t, jsonl(t, noBrand, otherBrand, w.record(3)), ingest.Options{BrandID: strings.ToUpper(w.brand)})
	if res.Inserted != 2 || len(res.Errors) != 1 || res.Errors[0].Line != 2 || res.Errors[0].Field != "brand_id" || res.Errors[0].Code != "mismatch" {
		t.Errorf("result %+v", res)
	}
	// without the option, brand_id is required
	res = w.mustIngest(t, jsonl(t, withRecord(t, w.record(4), map[string]any{"brand_id": nil})), ingest.Options{})
	if len(res.Errors) != 1 || res.Errors[0].Field != "brand_id" || res.Errors[0].Code != "required" {
		t.Errorf("result %+v", res)
	}
}

// The daily rollups ingest keeps are what the fact tables add up to, after
// several batches that fill the same days, duplicates, given and found
// mentions, runs without mentions or topic.
func TestIngest_Rollups(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var lines []any
	s70 := 70.0
	for i := range 60 {
		r := w.record(i)
		r.RanAt = t0.Add(time.Duration(i*197) * time.Minute) // over eight days: two ISO weeks
		// fan-out queries, two spellings of one in a run, one that folds to nothing
		r.SearchQueries = [][]string{{"Best PM tool", "best  pm\ttool"}, {"asana pricing", " \t"}, {}, {"Asana Pricing", "taskloom review"}}[i%4]
		switch i % 5 {
		case 1:
			r.Mentions = []sightline.RunMention{{Name: "Basecamp", Position: 1, Sentiment: &s70}, {Name: "taskloom", Position: 2}}
		case 2:
			lines = append(lines, withRecord(t, r, map[string]any{"mentions": []any{}}))
			continue
		case 3:
			r.Citations[1].Title = "Compare Asana plans and pricing" // same page, other title
		case 4: // two ads of one advertiser in one answer, and a second advertiser
			r.Ads = []sightline.RunAd{{Advertiser: "Monday.com", Domain: "monday.com", Text: "Work management"},
				{Advertiser: "HubSpot", Domain: "hubspot.com", Text: "CRM"}, {Advertiser: "Monday.com", Domain: "monday.com", Text: "Free trial"}}
		}
		// search-surface runs: one that showed an answer, one that did not
		switch i % 6 {
		case 0:
			r.Provider, r.Source = "google_ai_overviews", "serpapi"
		case 3:
			shown := false
			r.Provider, r.Source, r.AnswerShown = "google_ai_overviews", "serpapi", &shown
			r.Answer, r.Mentions, r.Citations, r.Ads = "", nil, nil, nil
		}
		lines = append(lines, r)
	}
	w.mustIngest(t, jsonl(t, lines[:25]...), ingest.Options{BatchSize: 7})
	w.mustIngest(t, jsonl(t, lines...), ingest.Options{BatchSize: 11}) // the first 25 again: duplicates

	day := func(col string) string {
		if w.db.Engine() == "postgres" {
			return "to_char(" + col + " AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
		}
		return "substr(" + col + ", 1, 10)"
	}
	half := func(col string) string { // the first day of the half week: Monday to Wednesday, Thursday to Sunday
		if w.db.Engine() == "postgres" {
			return "to_char(date_trunc('week', " + col + " AT TIME ZONE 'UTC') + CASE WHEN EXTRACT(ISODOW FROM " + col + " AT TIME ZONE 'UTC') > 3 THEN INTERVAL '3 days' ELSE INTERVAL '0 days' END, 'YYYY-MM-DD')"
		}
		return "date(" + col + ", '-6 days', 'weekday 1', CASE WHEN strftime('%w', " + col + ") IN ('1', '2', '3') THEN '+0 days' ELSE '+3 days' END)"
	}
	week := func(col string) string {
		if w.db.Engine() == "postgres" {
			return "to_char(date_trunc('week', " + col + " AT TIME ZONE 'UTC'), 'YYYY-MM-DD')"
		}
		return "date(" + col + ", '-6 days', 'weekday 1')"
	}
	topic := "COALESCE(CAST(r.topic_id AS TEXT), '00000000-0000-0000-0000-000000000000')"
	yes := "1" // how the engine stores true
	if w.db.Engine() == "postgres" {
		yes = "TRUE"
	}
	for _, tt := range []struct {
		table, got, want string
	}{
		{"daily_runs",
			`SELECT brand_id, ` + day("ran_at") + `, topic_id, provider_id, region_id, runs, citations, owned_citations,
				surface_runs, answered_runs FROM daily_runs`,
			`SELECT r.brand_id, ` + day("r.ran_at") + `, ` + topic + `, r.provider_id, r.region_id, COUNT(*),
				CAST(SUM((SELECT COUNT(*) FROM citations c WHERE c.run_seq = r.seq)) AS BIGINT),
				CAST(SUM((SELECT COUNT(*) FROM citations c WHERE c.run_seq = r.seq AND c.domain IN (SELECT domain FROM brand_domains d WHERE d.brand_id = r.brand_id))) AS BIGINT),
				CAST(SUM((SELECT COUNT(*) FROM run_surfaces s WHERE s.run_seq = r.seq)) AS BIGINT),
				CAST(SUM((SELECT COUNT(*) FROM run_surfaces s WHERE s.run_seq = r.seq AND s.answer_shown = ` + yes + `)) AS BIGINT)
			FROM runs r GROUP BY r.brand_id, ` + day("r.ran_at") + `, ` + topic + `, r.provider_id, r.region_id`},
		{"daily_mentions",
			`SELECT brand_id, ` + day("ran_at") + `, topic_id, provider_id, region_id, found_brand_id, mentions, sentiment_sum FROM daily_mentions`,
			`SELECT m.brand_id, ` + day("m.ran_at") + `, ` + strings.ReplaceAll(topic, "r.", "m.") + `, m.provider_id, m.region_id, m.found_brand_id, COUNT(*), SUM(m.sentiment)
			FROM mentions m GROUP BY m.brand_id, ` + day("m.ran_at") + `, ` + strings.ReplaceAll(topic, "r.", "m.") + `, m.provider_id, m.region_id, m.found_brand_id`},
		{"daily_topic_mentions",
			`SELECT brand_id, ` + day("ran_at") + `, topic_id, found_brand_id, mentions, sentiment_sum FROM daily_topic_mentions`,
			`SELECT m.brand_id, ` + day("m.ran_at") + `, m.topic_id, m.found_brand_id, COUNT(*), SUM(m.sentiment)
			FROM mentions m GROUP BY m.brand_id, ` + day("m.ran_at") + `, m.topic_id, m.found_brand_id`},
		{"daily_pages",
			`SELECT brand_id, ` + day("ran_at") + `, page, domain, page_type, domain_type, subreddit, has_source, has_inline, citations, named, comp_only FROM daily_pages`,
			`SELECT c.brand_id, ` + day("c.ran_at") + `, c.page, MIN(c.domain), MIN(c.page_type), MIN(c.domain_type), MIN(c.subreddit),
				MAX(CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END), MAX(CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END),
				COUNT(*), CAST(SUM(COALESCE((SELECT MAX(CASE WHEN f.is_self THEN 1 ELSE 0 END) FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id WHERE m.run_seq = c.run_seq), 0)) AS BIGINT),
				CAST(SUM(CASE WHEN COALESCE((SELECT MAX(CASE WHEN f.is_self THEN 1 ELSE 0 END) FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id WHERE m.run_seq = c.run_seq), 0) = 0 AND COALESCE((SELECT MAX(CASE WHEN f.competitor_id IS NOT NULL THEN 1 ELSE 0 END) FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id WHERE m.run_seq = c.run_seq), 0) = 1 THEN 1 ELSE 0 END) AS BIGINT)
			FROM citations c GROUP BY c.brand_id, ` + day("c.ran_at") + `, c.page`},
		{"daily_topic_pages",
			`SELECT brand_id, topic_id, provider_id, ` + day("ran_at") + `, page, domain, page_type, domain_type, subreddit, has_source, has_inline, citations, named, comp_only FROM daily_topic_pages`,
			`SELECT c.brand_id, c.topic_id, c.provider_id, ` + day("c.ran_at") + `, c.page, MIN(c.domain), MIN(c.page_type), MIN(c.domain_type), MIN(c.subreddit),
				MAX(CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END), MAX(CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END),
				COUNT(*), CAST(SUM(COALESCE((SELECT MAX(CASE WHEN f.is_self THEN 1 ELSE 0 END) FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id WHERE m.run_seq = c.run_seq), 0)) AS BIGINT),
				CAST(SUM(CASE WHEN COALESCE((SELECT MAX(CASE WHEN f.is_self THEN 1 ELSE 0 END) FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id WHERE m.run_seq = c.run_seq), 0) = 0 AND COALESCE((SELECT MAX(CASE WHEN f.competitor_id IS NOT NULL THEN 1 ELSE 0 END) FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id WHERE m.run_seq = c.run_seq), 0) = 1 THEN 1 ELSE 0 END) AS BIGINT)
			FROM citations c GROUP BY c.brand_id, c.topic_id, c.provider_id, ` + day("c.ran_at") + `, c.page`},
		{"weekly_runs", // the daily rows of each ISO week added up
			`SELECT brand_id, ` + day("ran_at") + `, topic_id, provider_id, region_id, runs, citations, owned_citations,
				surface_runs, answered_runs FROM weekly_runs`,
			`SELECT brand_id, ` + week("ran_at") + `, topic_id, provider_id, region_id,
				CAST(SUM(runs) AS BIGINT), CAST(SUM(citations) AS BIGINT), CAST(SUM(owned_citations) AS BIGINT),
				CAST(SUM(surface_runs) AS BIGINT), CAST(SUM(answered_runs) AS BIGINT)
			FROM daily_runs GROUP BY brand_id, ` + week("ran_at") + `, topic_id, provider_id, region_id`},
		{"weekly_topic_mentions", // the daily rows of each ISO week added up
			`SELECT brand_id, ` + day("ran_at") + `, topic_id, found_brand_id, mentions, sentiment_sum FROM weekly_topic_mentions`,
			`SELECT brand_id, ` + week("ran_at") + `, topic_id, found_brand_id, CAST(SUM(mentions) AS BIGINT), SUM(sentiment_sum)
			FROM daily_topic_mentions GROUP BY brand_id, ` + week("ran_at") + `, topic_id, found_brand_id`},
		{"weekly_pages", // the daily rows of each ISO week added up
			`SELECT brand_id, ` + day("ran_at") + `, page, domain, page_type, domain_type, subreddit, has_source, has_inline, citations, named, comp_only FROM weekly_pages`,
			`SELECT brand_id, ` + week("ran_at") + `, page, MIN(domain), MIN(page_type), MIN(domain_type), MIN(subreddit), MAX(has_source), MAX(has_inline),
				CAST(SUM(citations) AS BIGINT), CAST(SUM(named) AS BIGINT), CAST(SUM(comp_only) AS BIGINT)
			FROM daily_pages GROUP BY brand_id, ` + week("ran_at") + `, page`},
		{"half_week_pages", // the daily rows of each half week added up
			`SELECT brand_id, ` + day("ran_at") + `, page, domain, page_type, domain_type, subreddit, has_source, has_inline, citations, named, comp_only FROM half_week_pages`,
			`SELECT brand_id, ` + half("ran_at") + `, page, MIN(domain), MIN(page_type), MIN(domain_type), MIN(subreddit), MAX(has_source), MAX(has_inline),
				CAST(SUM(citations) AS BIGINT), CAST(SUM(named) AS BIGINT), CAST(SUM(comp_only) AS BIGINT)
			FROM daily_pages GROUP BY brand_id, ` + half("ran_at") + `, page`},
		{"daily_domains",
			`SELECT brand_id, ` + day("ran_at") + `, domain, domain_type, has_source, has_inline, citations, named, comp_only FROM daily_domains`,
			`SELECT c.brand_id, ` + day("c.ran_at") + `, c.domain, MIN(c.domain_type),
				MAX(CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END), MAX(CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END),
				COUNT(*), CAST(SUM(COALESCE((SELECT MAX(CASE WHEN f.is_self THEN 1 ELSE 0 END) FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id WHERE m.run_seq = c.run_seq), 0)) AS BIGINT),
				CAST(SUM(CASE WHEN COALESCE((SELECT MAX(CASE WHEN f.is_self THEN 1 ELSE 0 END) FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id WHERE m.run_seq = c.run_seq), 0) = 0 AND COALESCE((SELECT MAX(CASE WHEN f.competitor_id IS NOT NULL THEN 1 ELSE 0 END) FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id WHERE m.run_seq = c.run_seq), 0) = 1 THEN 1 ELSE 0 END) AS BIGINT)
			FROM citations c GROUP BY c.brand_id, ` + day("c.ran_at") + `, c.domain`},
		{"daily_page_brands",
			`SELECT brand_id, domain, page, ` + day("ran_at") + `, found_brand_id, citations FROM daily_page_brands`,
			`SELECT c.brand_id, c.domain, c.page, ` + day("c.ran_at") + `, m.found_brand_id, COUNT(*)
			FROM citations c JOIN mentions m ON m.run_seq = c.run_seq GROUP BY c.brand_id, c.domain, c.page, ` + day("c.ran_at") + `, m.found_brand_id`},
		{"daily_domain_brands",
			`SELECT brand_id, domain, ` + day("ran_at") + `, found_brand_id, citations FROM daily_domain_brands`,
			`SELECT c.brand_id, c.domain, ` + day("c.ran_at") + `, m.found_brand_id, COUNT(DISTINCT c.run_seq)
			FROM citations c JOIN mentions m ON m.run_seq = c.run_seq GROUP BY c.brand_id, c.domain, ` + day("c.ran_at") + `, m.found_brand_id`},
		{"daily_search_queries", // each run once per folded query, which only the test data's spellings vary
			`SELECT brand_id, ` + day("ran_at") + `, topic_id, provider_id, prompt_id, query_key, runs, self_runs, owned_citations
			FROM daily_search_queries`,
			`SELECT q.brand_id, ` + day("q.ran_at") + `, q.topic_id, q.provider_id, q.prompt_id, q.query_key, COUNT(*),
				CAST(SUM(COALESCE((SELECT MAX(CASE WHEN f.is_self THEN 1 ELSE 0 END) FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id WHERE m.run_seq = q.run_seq), 0)) AS BIGINT),
				CAST(SUM((SELECT COUNT(*) FROM citations c WHERE c.run_seq = q.run_seq AND c.domain IN (SELECT domain FROM brand_domains d WHERE d.brand_id = q.brand_id))) AS BIGINT)
			FROM (SELECT DISTINCT brand_id, ran_at, topic_id, provider_id, prompt_id, run_seq,
				lower(replace(replace(query, '  ', ' '), '	', ' ')) AS query_key
				FROM run_search_queries WHERE trim(query, ' 	') <> '') q
			GROUP BY q.brand_id, ` + day("q.ran_at") + `, q.topic_id, q.provider_id, q.prompt_id, q.query_key`},
		{"weekly_search_queries", // the daily rows of each ISO week added up
			`SELECT brand_id, ` + day("ran_at") + `, topic_id, provider_id, prompt_id, query_key, runs, self_runs, owned_citations
			FROM weekly_search_queries`,
			`SELECT brand_id, ` + week("ran_at") + `, topic_id, provider_id, prompt_id, query_key,
				CAST(SUM(runs) AS BIGINT), CAST(SUM(self_runs) AS BIGINT), CAST(SUM(owned_citations) AS BIGINT)
			FROM daily_search_queries GROUP BY brand_id, ` + week("ran_at") + `, topic_id, provider_id, prompt_id, query_key`},
		{"daily_search_query_regions", // as daily_search_queries, per region
			`SELECT brand_id, region_id, ` + day("ran_at") + `, topic_id, provider_id, prompt_id, query_key, runs, self_runs, owned_citations
			FROM daily_search_query_regions`,
			`SELECT q.brand_id, q.region_id, ` + day("q.ran_at") + `, q.topic_id, q.provider_id, q.prompt_id, q.query_key, COUNT(*),
				CAST(SUM(COALESCE((SELECT MAX(CASE WHEN f.is_self THEN 1 ELSE 0 END) FROM mentions m JOIN found_brands f ON f.id = m.found_brand_id WHERE m.run_seq = q.run_seq), 0)) AS BIGINT),
				CAST(SUM((SELECT COUNT(*) FROM citations c WHERE c.run_seq = q.run_seq AND c.domain IN (SELECT domain FROM brand_domains d WHERE d.brand_id = q.brand_id))) AS BIGINT)
			FROM (SELECT DISTINCT brand_id, region_id, ran_at, topic_id, provider_id, prompt_id, run_seq,
				lower(replace(replace(query, '  ', ' '), '	', ' ')) AS query_key
				FROM run_search_queries WHERE trim(query, ' 	') <> '') q
			GROUP BY q.brand_id, q.region_id, ` + day("q.ran_at") + `, q.topic_id, q.provider_id, q.prompt_id, q.query_key`},
		{"weekly_search_query_regions", // the daily rows of each ISO week added up
			`SELECT brand_id, region_id, ` + day("ran_at") + `, topic_id, provider_id, prompt_id, query_key, runs, self_runs, owned_citations
			FROM weekly_search_query_regions`,
			`SELECT brand_id, region_id, ` + week("ran_at") + `, topic_id, provider_id, prompt_id, query_key,
				CAST(SUM(runs) AS BIGINT), CAST(SUM(self_runs) AS BIGINT), CAST(SUM(owned_citations) AS BIGINT)
			FROM daily_search_query_regions GROUP BY brand_id, region_id, ` + week("ran_at") + `, topic_id, provider_id, prompt_id, query_key`},
		{"daily_ads",
			`SELECT brand_id, ` + day("ran_at") + `, advertiser_id, provider_id, ads, appearances FROM daily_ads`,
			`SELECT a.brand_id, ` + day("a.ran_at") + `, a.advertiser_id, a.provider_id, COUNT(*), COUNT(DISTINCT a.run_seq)
			FROM ads a GROUP BY a.brand_id, ` + day("a.ran_at") + `, a.advertiser_id, a.provider_id`},
	} {
		got, want := w.lines(t, tt.got), w.lines(t, tt.want)
		if len(want) < 10 {
			t.Errorf("%s: only %d rows; the data should fill more", tt.table, len(want))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s differs from the facts (-facts +rollup):\n%s", tt.table, diff)
		}
	}
}

// lines runs q and returns its rows as sorted "a|b|c" lines, numbers in one
// format whatever the engine, floats to six decimals.
func (w *world) lines(t *testing.T, q string) []string {
	t.Helper()
	rows, err := w.raw.Query(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		fields := make([]string, len(vals))
		for i, v := range vals {
			switch x := v.(type) {
			case []byte:
				fields[i] = string(x)
			case float64:
				fields[i] = strconv.FormatFloat(x, 'f', 6, 64)
			case bool:
				fields[i] = map[bool]string{true: "1", false: "0"}[x]
			default:
				fields[i] = fmt.Sprint(x)
			}
		}
		out = append(out, strings.Join(fields, "|"))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// errAfter reads r, then fails with err.
type errAfter struct {
	r   io.Reader
	err error
}

func (e *errAfter) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		return n, e.err
	}
	return n, err
}

// A failure to read the input (a dropped connection, a body over its
// limit) stops the ingest with that error, which callers can tell apart:
// committed batches stay, the batch being read is dropped, and strict mode
// stores nothing.
func TestIngest_ReadError(t *testing.T) {
	t.Parallel()
	boom := errors.New("connection reset")
	for _, tt := range []struct {
		name   string
		array  bool
		opts   ingest.Options
		stored int
	}{
		{"JSONL", false, ingest.Options{BatchSize: 2}, 4}, // records 1-4 in two batches; 5 was being read
		{"JSONLStrict", false, ingest.Options{BatchSize: 2, Strict: true}, 0},
		{"Array", true, ingest.Options{BatchSize: 2}, 4},
		{"ArrayStrict", true, ingest.Options{Strict: true}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			var input string
			if tt.array {
				var recs []string
				for _, r := range w.records(5) {
					recs = append(recs, strings.TrimSpace(jsonl(t, r)))
				}
				input = "[" + strings.Join(recs, ",") + ","
			} else {
				input = jsonl(t, w.records(5)...)
			}
			_, err := ingest.New(w.db).Ingest(context.Background(), &errAfter{strings.NewReader(input), boom}, tt.opts)
			if !errors.Is(err, boom) {
				t.Fatalf("ingest = %v, want the read error", err)
			}
			w.wantComplete(t, tt.stored)
		})
	}
}

// TestIngest_QueuesDetection checks that a batch with new runs queues change
// detection for its brand in the same transaction, and that one storing
// only duplicates leaves the request as it was.
func TestIngest_QueuesDetection(t *testing.T) {
	w := newWorld(t)
	state := func() (jobs int, requested string) {
		t.Helper()
		if err := w.raw.QueryRow(`SELECT (SELECT COUNT(*) FROM jobs WHERE brand_id = $1 AND kind = $2 AND status = $3),
			COALESCE((SELECT CAST(requested_at AS TEXT) FROM signal_requests WHERE brand_id = $1), '')`,
			w.brand, sightline.JobKindSignals, sightline.JobQueued).Scan(&jobs, &requested); err != nil {
			t.Fatal(err)
		}
		return jobs, requested
	}
	if jobs, requested := state(); jobs != 0 || requested != "" {
		t.Fatalf("before ingest: %d detection jobs, request %q; want none", jobs, requested)
	}
	lines := []any{w.record(0), w.record(1), w.record(2)}
	w.db.Now = func() time.Time { return t0.Add(time.Hour) }
	w.mustIngest(t, jsonl(t, lines...), ingest.Options{BatchSize: 2})
	jobs, first := state()
	if jobs != 1 || first == "" {
		t.Fatalf("after ingest: %d queued detection jobs, request %q; want 1 and a request", jobs, first)
	}
	w.db.Now = func() time.Time { return t0.Add(2 * time.Hour) }
	w.mustIngest(t, jsonl(t, lines...), ingest.Options{BatchSize: 2}) // duplicates only
	if jobs, again := state(); jobs != 1 || again != first {
		t.Errorf("after a duplicate ingest: %d queued detection jobs, request %q; want 1 and %q as before", jobs, again, first)
	}
	w.mustIngest(t, jsonl(t, w.record(3)), ingest.Options{}) // one new run
	if jobs, again := state(); jobs != 1 || again == first {
		t.Errorf("after a new run: %d queued detection jobs, request %q; want 1 and a later request than %q", jobs, again, first)
	}
}
