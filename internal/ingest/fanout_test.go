package ingest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

// TestFanOutAndSources_RoundTrip stores a run's search queries and
// retrieved sources, reads them back as GET …/runs shows them (null, []
// and a list kept apart), and ingests the exported lines again under new
// ids unchanged (docs/ingest.md#fan-out-and-sources).
func TestFanOutAndSources_RoundTrip(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	org := w.scalar(t, `SELECT org_id FROM brands WHERE id = '`+w.brand+`'`)
	day := func(s string) *string { return &s }
	base := sightline.RunRecord{BrandID: w.brand, PromptID: w.prompts[0], Provider: "claude", Region: "us", RanAt: t0, Answer: "Taskloom leads."}
	listed := base
	listed.ID = "11111111-1111-4111-8111-111111111111"
	// Spacing collapsed, the repeat dropped.
	listed.SearchQueries = []string{"best  project tools 2026", "taskloom vs asana", "best project tools 2026"}
	listed.Sources = []sightline.RunSource{
		{URL: "https://www.taskloom.com/blog/vs-asana?utm_source=x", Title: " Taskloom vs Asana ", PublishedAt: day("2026-10-02"), Cited: true},
		{URL: "https://www.g2.com/categories/project-management", Title: "G2"},
		{URL: "https://taskloom.com/blog/vs-asana"}, // the same page again: one source, cited
	}
	none := base
	none.ID, none.RanAt = "22222222-2222-4222-8222-222222222222", t0.Add(-time.Hour)
	none.SearchQueries = []string{}
	unknown := base
	unknown.ID, unknown.RanAt, unknown.Provider = "33333333-3333-4333-8333-333333333333", t0.Add(-2*time.Hour), "perplexity"
	var in bytes.Buffer
	for _, r := range []sightline.RunRecord{listed, none, unknown} {
		line, _ := json.Marshal(r)
		in.Write(append(line, '\n'))
	}
	if res := w.mustIngest(t, in.String(), ingest.Options{Strict: true}); res.Inserted != 3 {
		t.Fatalf("ingest: %+v", res)
	}
	export := func() (map[string]sightline.Run, []byte) {
		var buf bytes.Buffer
		f := sightline.RunFilter{Scope: sightline.Scope{BrandID: w.brand, Window: sightline.Window{Start: t0.AddDate(0, 0, -1), End: t0.AddDate(0, 0, 1)}}}
		if _, err := ingest.WriteNDJSON(ctx, w.db, org, f, &buf); err != nil {
			t.Fatal(err)
		}
		out := map[string]sightline.Run{}
		for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
			var r sightline.Run
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			out[r.ID] = r
		}
		return out, buf.Bytes()
	}
	runs, lines := export()
	wantEqual(t, "listed queries", runs[listed.ID].SearchQueries, []string{"best project tools 2026", "taskloom vs asana"})
	wantEqual(t, "listed sources", runs[listed.ID].Sources, []sightline.RunSourceView{
		{URL: "https://www.taskloom.com/blog/vs-asana?utm_source=x", Page: "https://taskloom.com/blog/vs-asana", Domain: "taskloom.com",
			Title: "Taskloom vs Asana", PublishedAt: day("2026-10-02"), Cited: true},
		{URL: "https://www.g2.com/categories/project-management", Page: "https://g2.com/categories/project-management", Domain: "g2.com", Title: "G2"},
	})
	if q := runs[none.ID].SearchQueries; q == nil || len(q) != 0 {
		t.Errorf("searched nothing: search_queries = %#v, want []", q)
	}
	if q := runs[unknown.ID].SearchQueries; q != nil {
		t.Errorf("not reported: search_queries = %#v, want null", q)
	}
	for _, want := range []string{`"search_queries":[]`, `"search_queries":null`, `"sources":[]`} {
		if !bytes.Contains(lines, []byte(want)) {
			t.Errorf("the export has no %s", want)
		}
	}

	// Every exported line, under a new id, gives the same queries and
	// sources.
	var again bytes.Buffer
	ids := map[string]string{}
	for i, r := range []sightline.Run{runs[listed.ID], runs[none.ID], runs[unknown.ID]} {
		old := r.ID
		r.ID = fmt.Sprintf("4444444%d-4444-4444-8444-444444444444", i)
		r.RanAt = r.RanAt.Add(-time.Hour / 2)
		ids[r.ID] = old
		line, _ := json.Marshal(r)
		again.Write(append(line, '\n'))
	}
	if res := w.mustIngest(t, again.String(), ingest.Options{Strict: true}); res.Inserted != 3 {
		t.Fatalf("ingest the exported lines: %+v", res)
	}
	after, _ := export()
	for id, old := range ids {
		got, want := after[id], runs[old]
		if !cmp.Equal(got.SearchQueries, want.SearchQueries) || (got.SearchQueries == nil) != (want.SearchQueries == nil) {
			t.Errorf("run %s: search_queries %#v, want %#v", id, got.SearchQueries, want.SearchQueries)
		}
		wantEqual(t, "sources of "+id, got.Sources, want.Sources)
	}
}

// TestFanOutAndSources_Errors: a record over a cap or with a bad value is
// refused with an error naming the field.
func TestFanOutAndSources_Errors(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	many := make([]string, sightline.MaxSearchQueries+1)
	for i := range many {
		many[i] = fmt.Sprintf("q%d", i)
	}
	manySources := make([]map[string]any, sightline.MaxRunSources+1)
	for i := range manySources {
		manySources[i] = map[string]any{"url": fmt.Sprintf("https://example.org/%d", i)}
	}
	for field, extra := range map[string]map[string]any{
		"search_queries":          {"search_queries": many},
		"search_queries[0]":       {"search_queries": []string{strings.Repeat("x", sightline.MaxShortTextBytes+1)}},
		"search_queries[1]":       {"search_queries": []string{"a", "  "}},
		"sources":                 {"sources": manySources},
		"sources[0].url":          {"sources": []map[string]any{{"url": "ftp://example.org/x"}}},
		"sources[0].published_at": {"sources": []map[string]any{{"url": "https://example.org/x", "published_at": "3 days ago"}}},
		"sources[0].title":        {"sources": []map[string]any{{"url": "https://example.org/x", "title": strings.Repeat("t", sightline.MaxTitleBytes+1)}}},
	} {
		rec := map[string]any{"brand_id": w.brand, "prompt_id": w.prompts[0], "provider": "chatgpt", "region": "us", "ran_at": t0, "answer": "Taskloom."}
		for k, v := range extra {
			rec[k] = v
		}
		line, _ := json.Marshal(rec)
		res, err := w.ingest(t, string(line), ingest.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Inserted != 0 || len(res.Errors) != 1 || res.Errors[0].Field != field {
			t.Errorf("%s: inserted %d, errors %+v", field, res.Inserted, res.Errors)
		}
	}
}

func wantEqual(t *testing.T, what string, got, want any) {
	t.Helper()
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", what, diff)
	}
}
