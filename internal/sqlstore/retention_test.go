package sqlstore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

// Pruning the facts before 1 March keeps every whole-day metric over the
// golden window W as it was (the rollups answer), refuses what needs the
// deleted facts with INVALID_PARAMETER, lists no run before that day, and
// still knows a pruned run id when it is ingested again.
func TestPruneFacts(t *testing.T) {
	g := seedGolden(t)
	ctx := context.Background()
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	// a window cut inside days whose previous period starts after the day
	// too (2 March 16:00)
	after := sightline.Window{Start: time.Date(2026, 3, 6, 12, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 10, 8, 0, 0, 0, time.UTC)}
	// lists: the pages and domains lists too, whose brands named next to
	// each row come from the facts under a topic or provider filter
	metrics := func(t *testing.T, s sightline.Scope, lists bool) (map[string]any, error) {
		t.Helper()
		out := map[string]any{}
		var err error
		put := func(name string, v any, e error) {
			if e != nil && err == nil {
				err = e
			}
			out[name] = v
		}
		topics, _, e := g.db.FindTopics(ctx, gOrgA, gBrandA, sightline.TopicFilter{Scope: s, PageRequest: gPage1})
		put("topics", topics, e)
		sov, _, e := g.db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: s, Granularity: "day", PageRequest: gPage1})
		put("share_of_voice", sov, e)
		ms, e := g.db.MentionShare(ctx, gOrgA, s, "week")
		put("mention_share", ms, e)
		if lists {
			// retrieved_count is null over pruned days, whose retrieved
			// sources are gone (TestGolden_Retrieved): the citation
			// numbers are what stays
			noRetrieved := func(rows []*sightline.CitationRow) []*sightline.CitationRow {
				for _, r := range rows {
					r.RetrievedCount = nil
				}
				return rows
			}
			pages, _, e := g.db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: s, PageRequest: gPage1})
			put("pages", noRetrieved(pages), e)
			domains, _, e := g.db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: s, PageRequest: gPage1})
			put("domains", noRetrieved(domains), e)
		}
		sum, e := g.db.CitationSummary(ctx, gOrgA, s)
		put("summary", sum, e)
		ov, e := g.db.CitationsOverview(ctx, gOrgA, s)
		put("overview", ov, e)
		do, e := g.db.DomainsOverview(ctx, gOrgA, s, "day")
		put("domains overview", do, e)
		comps, _, e := g.db.FindCompetitors(ctx, gOrgA, sightline.CompetitorFilter{Scope: s, PageRequest: gPage1})
		put("competitors", comps, e)
		return out, err
	}
	topicProvider := g.scope(func(s *sightline.Scope) { s.TopicIDs, s.ProviderIDs = []string{gT1}, []string{g.chatgpt} })
	kept := []struct {
		name  string
		scope sightline.Scope
		lists bool
	}{
		{"W", g.scope(), true},
		{"W topic+provider", topicProvider, false},
		{"cut window after the day", g.scope(func(s *sightline.Scope) { s.Window = after }), true},
		{"prompt filter after the day", g.scope(func(s *sightline.Scope) { s.Window, s.PromptIDs = after, []string{gP1} }), true},
	}
	before := map[string]map[string]any{}
	for _, k := range kept {
		m, err := metrics(t, k.scope, k.lists)
		if err != nil {
			t.Fatalf("%s before pruning: %v", k.name, err)
		}
		before[k.name] = m
	}
	runsBefore, totalBefore, err := g.db.FindRuns(ctx, gOrgA, sightline.RunFilter{Scope: g.scope(), PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
	if err != nil {
		t.Fatal(err)
	}

	// refused: not a midnight, or fewer than 90 days kept
	g.db.Now = func() time.Time { return time.Date(2026, 5, 29, 12, 0, 0, 0, time.UTC) }
	for _, bad := range []time.Time{day.Add(time.Hour), day} {
		if _, err := g.db.PruneFacts(ctx, bad, nil); sightline.ErrorCode(err) != sightline.EINVALIDPARAM {
			t.Errorf("PruneFacts(%s) with today 2026-05-29: %v, want INVALID_PARAMETER", bad, err)
		}
	}
	g.db.Now = func() time.Time { return time.Date(2026, 5, 30, 12, 0, 0, 0, time.UTC) } // 1 March + 90 days
	var days []string
	res, err := g.db.PruneFacts(ctx, day, func(p sightline.FactPruneProgress) { days = append(days, p.Day.Format("01-02")) })
	if err != nil {
		t.Fatal(err)
	}
	// Acme's runs from 10 February (the previous period of W) on, one day
	// at a time; Umbrella has none before March
	if res.Brands != 1 || res.Answers == 0 || res.Mentions == 0 || res.Citations == 0 || len(days) != 19 || days[0] != "02-10" || days[18] != "02-28" {
		t.Errorf("PruneFacts: %+v, days %v", res, days)
	}

	for _, k := range kept {
		m, err := metrics(t, k.scope, k.lists)
		if err != nil {
			t.Fatalf("%s after pruning: %v", k.name, err)
		}
		for name, v := range before[k.name] {
			gDiff(t, k.name+": "+name, v, m[name], gTopicCm)
		}
	}
	for _, r := range []struct {
		name  string
		scope sightline.Scope
		lists bool
	}{
		{"window cut inside a pruned day", g.scope(func(s *sightline.Scope) { s.Window = gCutM }), false},
		{"prompt filter over pruned days", g.scope(func(s *sightline.Scope) { s.PromptIDs = []string{gP1} }), false},
		{"region filter over pruned days", g.scope(func(s *sightline.Scope) { s.RegionIDs = []string{g.us} }), false},
		{"brand_ids over pruned days", g.scope(func(s *sightline.Scope) { s.FoundBrandIDs = g.ids("Globex") }), false},
		{"lists with topic+provider over pruned days", topicProvider, true},
	} {
		_, err := metrics(t, r.scope, r.lists)
		var e *sightline.Error
		if sightline.ErrorCode(err) != sightline.EINVALIDPARAM || !errors.As(err, &e) || len(e.Details) != 1 ||
			e.Details[0].Field == nil || *e.Details[0].Field != "filter[ran_at_start]" {
			t.Errorf("%s: %v, want INVALID_PARAMETER on filter[ran_at_start]", r.name, err)
		}
	}

	runsAfter, totalAfter, err := g.db.FindRuns(ctx, gOrgA, sightline.RunFilter{Scope: g.scope(), PageRequest: sightline.PageRequest{Page: 1, PageSize: 100}})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	var pruned string
	for _, r := range runsBefore {
		if r.RanAt.Before(day) {
			pruned = r.ID
			continue
		}
		want = append(want, r.ID)
	}
	var got []string
	for _, r := range runsAfter {
		got = append(got, r.ID)
	}
	gDiff(t, "runs after pruning", want, got)
	if totalAfter != len(want) || totalAfter >= totalBefore || pruned == "" {
		t.Errorf("runs: %d after, %d before, want %d after", totalAfter, totalBefore, len(want))
	}
	if _, err := g.db.FindRunByID(ctx, gOrgA, gBrandA, pruned); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("pruned run %s: %v, want NOT_FOUND", pruned, err)
	}

	// the golden records again: every one is a duplicate, nothing moves
	var in bytes.Buffer
	for _, r := range gRecords() {
		line, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		in.Write(append(line, '\n'))
	}
	ing, err := ingest.New(g.db).Ingest(ctx, &in, ingest.Options{})
	if err != nil || ing.Inserted != 0 || ing.Duplicates != len(gRecords()) {
		t.Fatalf("ingest again: %+v, %v", ing, err)
	}
	m, err := metrics(t, g.scope(), true)
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range before["W"] {
		gDiff(t, "W after ingesting again: "+name, v, m[name], gTopicCm)
	}
}

// A brand that was never pruned has every fact it had: a window from year
// 1 (whose previous period, as long as a Duration goes, starts before it)
// or from 1999 reads them and is never refused as pruned
// (docs/retention.md); and the window from 1999 counts the golden answers
// a window from 2020 counts.
func TestNeverPrunedEarlyWindows(t *testing.T) {
	g := seedGolden(t)
	ctx := context.Background()
	yearOne := sightline.Window{Start: time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), End: gW.End}
	early := sightline.Window{Start: time.Date(1999, 12, 31, 6, 0, 0, 0, time.UTC), End: gW.End}
	from2020 := sightline.Window{Start: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC), End: gW.End}
	for _, w := range []sightline.Window{yearOne, early} {
		s := g.scope(func(s *sightline.Scope) { s.Window = w })
		name := w.Start.Format(time.RFC3339)
		check := func(what string, err error) {
			t.Helper()
			if err != nil {
				t.Errorf("%s from %s on a never-pruned brand: %v", what, name, err)
			}
		}
		_, _, err := g.db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: s, PageRequest: gPage1})
		check("pages", err)
		_, _, err = g.db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: s, PageRequest: gPage1})
		check("domains", err)
		_, _, err = g.db.FindTopics(ctx, gOrgA, gBrandA, sightline.TopicFilter{Scope: s, PageRequest: gPage1})
		check("topics", err)
		_, _, err = g.db.FindCompetitors(ctx, gOrgA, sightline.CompetitorFilter{Scope: s, PageRequest: gPage1})
		check("competitors", err)
		_, err = g.db.CitationSummary(ctx, gOrgA, s)
		check("citation summary", err)
		if w == yearOne {
			continue // more than 1,000 buckets of any granularity: no series
		}
		_, _, err = g.db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: s, Granularity: "month", PageRequest: gPage1})
		check("share of voice", err)
		_, err = g.db.DomainsOverview(ctx, gOrgA, s, "month")
		check("domains overview", err)
		ms, err := g.db.MentionShare(ctx, gOrgA, s, "month")
		check("mention share", err)
		if err != nil {
			continue
		}
		in2020, err := g.db.MentionShare(ctx, gOrgA, g.scope(func(s *sightline.Scope) { s.Window = from2020 }), "month")
		if err != nil {
			t.Fatal(err)
		}
		total := func(s *sightline.ShareSeries) (n int) {
			for _, p := range s.DataPoints {
				n += p.Total
			}
			return n
		}
		if total(ms) != total(in2020) || total(in2020) == 0 {
			t.Errorf("mention share from 1999 counts %d runs, from 2020 %d", total(ms), total(in2020))
		}
	}
}
