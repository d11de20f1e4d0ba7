package ingest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

// TestWriteNDJSON_RoundTrip exports a run whose answer holds multi-byte
// characters: spans count characters, not bytes, and point at the names;
// citations carry their ownership class; and the line, ingested again
// under another id, gives a run with the same mentions, citations and ads.
func TestWriteNDJSON_RoundTrip(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	org := w.scalar(t, `SELECT org_id FROM brands WHERE id = '`+w.brand+`'`)
	answer := "Über-Tools für 2026 — **Taskloom** führt; café-Nutzer mögen Task Loom. Asana's API ist gut, 日本では Trello."
	rec := sightline.RunRecord{ID: "11111111-1111-4111-8111-111111111111", BrandID: w.brand, PromptID: w.prompts[0], Provider: "chatgpt", Region: "de",
		RanAt: t0, Model: "gpt-x", Answer: answer,
		Citations: []sightline.RunCitation{{URL: "https://www.taskloom.com/pricing?utm_source=x", Title: "Pricing"},
			{URL: "https://asana.com/guide", Type: "inline"}, {URL: "https://www.g2.com/categories/project-management", Author: "G2"}},
		Ads: []sightline.RunAd{{Advertiser: "Monday", Domain: "monday.com", Text: "Try it"}}}
	line, _ := json.Marshal(rec)
	if res, err := w.ingest(t, string(line), ingest.Options{Strict: true}); err != nil || res.Inserted != 1 {
		t.Fatalf("ingest: %v %+v", err, res)
	}
	export := func() []sightline.Run {
		var buf bytes.Buffer
		f := sightline.RunFilter{Scope: sightline.Scope{BrandID: w.brand, Window: sightline.Window{Start: t0.AddDate(0, 0, -1), End: t0.AddDate(0, 0, 1)}}}
		if _, err := ingest.WriteNDJSON(ctx, w.db, org, f, &buf); err != nil {
			t.Fatal(err)
		}
		var out []sightline.Run
		for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
			var r sightline.Run
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
		}
		return out
	}
	runs := export()
	if len(runs) != 1 {
		t.Fatalf("%d runs", len(runs))
	}
	r := runs[0]
	texts := map[string][]string{}
	chars := []rune(r.Answer)
	for _, m := range r.Mentions {
		for _, sp := range m.Spans {
			texts[m.Name] = append(texts[m.Name], string(chars[sp.Start:sp.End]))
		}
	}
	want := map[string][]string{"Taskloom": {"Taskloom", "Task Loom"}, "Asana": {"Asana"}, "Trello": {"Trello"}}
	if diff := cmp.Diff(want, texts); diff != "" {
		t.Errorf("span texts (-want +got):\n%s", diff)
	}
	owner := map[string]string{}
	for _, c := range r.Citations {
		owner[c.Domain] = c.Ownership
	}
	if diff := cmp.Diff(map[string]string{"taskloom.com": "owned", "asana.com": "competitor_owned", "g2.com": "earned"}, owner); diff != "" {
		t.Errorf("ownership (-want +got):\n%s", diff)
	}
	if r.Prompt.ID != w.prompts[0] || r.Topic == nil || r.Provider.Code != "chatgpt" || r.Region.Code != "de" || r.Model != "gpt-x" ||
		len(r.Ads) != 1 || r.Ads[0].Domain != "monday.com" || r.Citations[1].Ordinal != 2 || r.Citations[1].Type != "inline" {
		t.Errorf("run %+v", r)
	}

	// The line as exported, under a new id, is a record ingest accepts.
	r.ID = "22222222-2222-4222-8222-222222222222"
	again, _ := json.Marshal(r)
	if res, err := w.ingest(t, string(again), ingest.Options{Strict: true}); err != nil || res.Inserted != 1 {
		t.Fatalf("ingest the exported line: %v %+v", err, res)
	}
	runs = export()
	if len(runs) != 2 {
		t.Fatalf("%d runs after the round trip", len(runs))
	}
	ignore := cmpopts.IgnoreFields(sightline.Run{}, "ID", "Seq")
	if diff := cmp.Diff(runs[1], runs[0], ignore); diff != "" {
		t.Errorf("the re-ingested run differs (-original +copy):\n%s", diff)
	}
}

// TestWriteNDJSON_Batches exports more runs than one batch of the store,
// all at the same instant: the keyset continues on storage order, so every
// run comes exactly once.
func TestWriteNDJSON_Batches(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	org := w.scalar(t, `SELECT org_id FROM brands WHERE id = '`+w.brand+`'`)
	const n = 1234
	var in strings.Builder
	for i := range n {
		rec := sightline.RunRecord{BrandID: w.brand, PromptID: w.prompts[i%3], Provider: "perplexity", Region: "us", RanAt: t0,
			Answer: "Taskloom and Asana, take " + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + " " + strconv.Itoa(i)}
		b, _ := json.Marshal(rec)
		in.Write(b)
		in.WriteByte('\n')
	}
	if res, err := w.ingest(t, in.String(), ingest.Options{Strict: true}); err != nil || res.Inserted != n {
		t.Fatalf("ingest: %v %+v", err, res)
	}
	var buf bytes.Buffer
	f := sightline.RunFilter{Scope: sightline.Scope{BrandID: w.brand, Window: sightline.Window{Start: t0, End: t0.AddDate(0, 0, 1)}}}
	got, err := ingest.WriteNDJSON(ctx, w.db, org, f, &buf)
	if err != nil || got != n {
		t.Fatalf("wrote %d runs (%v), want %d", got, err, n)
	}
	seen := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var r sightline.Run
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if seen[r.ID] {
			t.Fatalf("run %s twice", r.ID)
		}
		seen[r.ID] = true
		if len(r.Mentions) != 2 {
			t.Fatalf("run %s: %d mentions, want Taskloom and Asana", r.ID, len(r.Mentions))
		}
	}
	if len(seen) != n {
		t.Errorf("%d distinct runs, want %d", len(seen), n)
	}
	// Another organization reads nothing of it.
	other := w.scalar(t, `SELECT org_id FROM brands WHERE id = '`+w.other+`'`)
	if _, err := ingest.WriteNDJSON(ctx, w.db, other, f, &bytes.Buffer{}); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("another organization's export: %v, want NOT_FOUND", err)
	}
}
