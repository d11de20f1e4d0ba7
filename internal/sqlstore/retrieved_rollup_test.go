package sqlstore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

// seedDailySources adds two runs with retrieved sources on each day from
// 2026-02-14 to 2026-03-11 (ids 45–96), at hours spread over the day,
// cycling prompts, providers, regions and sources: some runs retrieve
// two pages of one domain (a run counts once per domain; ingest keeps a
// page listed twice once), most retrieve pages the golden runs cite, so
// that every
// window of a test has retrieved pages of its rows in whole weeks, whole
// days and the cut parts of its edge days.
func seedDailySources(t *testing.T, g *golden) {
	t.Helper()
	prompts := []string{gP1, gP2, gP3, gP4}
	providers := []string{"chatgpt", "perplexity"}
	regions := []string{"us", "gb", "us"}
	src := func(url string, cited bool) sightline.RunSource {
		return sightline.RunSource{URL: url, Title: "t", Cited: cited}
	}
	sources := [][]sightline.RunSource{
		{src(gAP, true), src(gDocs, false), src(gG2, false)},
		{src(gAB, false), src(gAB, false), src(gWeekly, false)},
		{src(gTC, false), src(gCompare, false), src(gFacts, true)},
		{src(gAI, false), src(gAP, false), src(gDocs, false), src(gG2, false)},
		{},
	}
	var recs []gSourceRecord
	n := 45
	for day := time.Date(2026, 2, 14, 0, 0, 0, 0, time.UTC); day.Before(time.Date(2026, 3, 12, 0, 0, 0, 0, time.UTC)); day = day.AddDate(0, 0, 1) {
		for _, h := range []int{3, 15} {
			i := n + h
			ranAt := day.Add(time.Duration((n*7+h)%24)*time.Hour + 40*time.Minute)
			recs = append(recs, gSourceRecord{gRecord: gRecord{ID: gRunID(n), BrandID: gBrandA, PromptID: prompts[i%len(prompts)],
				Provider: providers[n%len(providers)], Region: regions[i%len(regions)], RanAt: ranAt.Format(time.RFC3339),
				Answer: "answer", Mentions: gM("Acme", 60), Citations: []gCite{gS(gAP)}}, Sources: sources[n%len(sources)]})
			n++
		}
	}
	var in bytes.Buffer
	for _, r := range recs {
		line, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		in.Write(line)
		in.WriteByte('\n')
	}
	res, err := ingest.New(g.db).Ingest(context.Background(), &in, ingest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Inserted != len(recs) || len(res.Errors) != 0 {
		t.Fatalf("ingest: %+v", res)
	}
}

// TestRetrievedCountsRollupsEqualFacts asks retrieved_count of the pages
// and domains lists over windows of whole days, whole weeks and cut days,
// with each run filter, once with the retrieved-source rollups and once
// from the facts only: every row's count must be the same
// (docs/metrics.md#rollups). Each window longer than a day has rows
// retrieved by some run.
func TestRetrievedCountsRollupsEqualFacts(t *testing.T) {
	g := seedGolden(t)
	seedSources(t, g)
	seedDailySources(t, g)
	ctx := context.Background()
	at := func(d, h int) time.Time { return time.Date(2026, 2, d, h, 0, 0, 0, time.UTC) } // day 29 = March 1
	windows := []sightline.Window{
		{Start: at(25, 0), End: at(39, 0)},  // W: whole days, a whole week inside
		{Start: at(14, 0), End: at(40, 0)},  // three whole ISO weeks and days around them
		{Start: at(26, 11), End: at(37, 9)}, // both edges cut
		{Start: at(26, 0), End: at(26, 23)}, // inside one day
		{Start: at(16, 0), End: at(30, 0)},  // exactly two ISO weeks
		{Start: at(17, 5), End: at(41, 0)},  // cut start, midnight end
	}
	filters := []struct {
		name string
		mod  func(*sightline.Scope)
	}{
		{"default", func(*sightline.Scope) {}},
		{"topic+provider", func(s *sightline.Scope) { s.TopicIDs, s.ProviderIDs = []string{gT1}, []string{g.chatgpt} }},
		{"region", func(s *sightline.Scope) { s.RegionIDs = []string{g.gb} }},
		{"prompts", func(s *sightline.Scope) { s.PromptIDs = []string{gP1, gP3} }},
	}
	lists := []struct {
		name string
		find func(context.Context, string, sightline.CitationFilter) ([]*sightline.CitationRow, int, error)
		key  func(*sightline.CitationRow) string
	}{
		{"pages", g.db.FindCitationPages, func(r *sightline.CitationRow) string { return r.Page }},
		{"domains", g.db.FindCitationDomains, func(r *sightline.CitationRow) string { return r.Domain }},
	}
	for _, w := range windows {
		for _, f := range filters {
			for _, l := range lists {
				name := fmt.Sprintf("%s..%s/%s/%s", w.Start.Format("01-02T15"), w.End.Format("01-02T15"), f.name, l.name)
				t.Run(name, func(t *testing.T) {
					cf := sightline.CitationFilter{Scope: g.scope(func(s *sightline.Scope) { s.Window = w }, f.mod), PageRequest: gPage1}
					counts := func(noRollups bool) map[string]int {
						g.db.NoRollups = noRollups
						defer func() { g.db.NoRollups = false }()
						rows, _, err := l.find(ctx, gOrgA, cf)
						if err != nil {
							t.Fatal(err)
						}
						out := map[string]int{}
						for _, r := range rows {
							if r.RetrievedCount == nil {
								t.Fatalf("%s: retrieved_count null", l.key(r))
							}
							out[l.key(r)] = *r.RetrievedCount
						}
						return out
					}
					rolled, facts := counts(false), counts(true)
					gDiff(t, "retrieved_count", facts, rolled)
					some := 0
					for _, n := range facts {
						some += n
					}
					if some == 0 && w.End.Sub(w.Start) > 24*time.Hour {
						t.Error("no row retrieved by any run: the test data should have some")
					}
				})
			}
		}
	}
}

// TestRetrievedRollups_IngestRebuildPrune checks the retrieved-source
// rollups row by row against the retrieved sources, counted here in Go
// (per brand, page or domain, UTC day or ISO week, topic, provider and
// region, and per day without those three: the distinct runs): as ingest added them up, after a brand's
// rebuild (a change of its domains), after a reanalysis, and after
// prune, which keeps every rollup row, so that a rebuild then counts
// again only the days from the pruned day on (docs/metrics.md#rollups).
func TestRetrievedRollups_IngestRebuildPrune(t *testing.T) {
	g := seedGolden(t)
	seedSources(t, g)
	seedDailySources(t, g)
	ctx := context.Background()
	tables := []string{"daily_retrieved_pages", "weekly_retrieved_pages", "daily_retrieved_domains", "weekly_retrieved_domains",
		"daily_retrieved_page_totals", "daily_retrieved_domain_totals"}
	read := func() map[string]map[string]string {
		t.Helper()
		out := map[string]map[string]string{}
		for _, table := range tables {
			lines, err := g.db.TableLines(table)
			if err != nil {
				t.Fatal(err)
			}
			rows := map[string]string{}
			for _, l := range lines {
				// brand_id|key|ran_at|topic_id|provider_id|region_id|runs,
				// the totals brand_id|page or domain|ran_at|runs
				f := strings.Split(l, "|")
				f[2] = lineTime(t, f[2]).Format(time.DateOnly)
				rows[strings.Join(f[:len(f)-1], "|")] = f[len(f)-1]
			}
			out[table] = rows
		}
		return out
	}
	// fromFacts counts the sources of the days from since on as the
	// rollups should hold them
	fromFacts := func(since time.Time) map[string]map[string]string {
		t.Helper()
		lines, err := g.db.TableLines("run_sources")
		if err != nil {
			t.Fatal(err)
		}
		runs := map[string]map[string]bool{}
		for _, l := range lines {
			// brand_id|ran_at|run_seq|ord|prompt_id|topic_id|provider_id|region_id|page|domain|…
			f := strings.Split(l, "|")
			ranAt := lineTime(t, f[1])
			if ranAt.Before(since) {
				continue
			}
			day := sightline.StartOfDay(ranAt)
			for _, c := range []struct {
				table, key string
				at         time.Time
				dims       []string
			}{
				{"daily_retrieved_pages", f[8], day, f[5:8]}, {"weekly_retrieved_pages", f[8], sightline.BucketStart(day, "week"), f[5:8]},
				{"daily_retrieved_domains", f[9], day, f[5:8]}, {"weekly_retrieved_domains", f[9], sightline.BucketStart(day, "week"), f[5:8]},
				{"daily_retrieved_page_totals", f[8], day, nil},
				{"daily_retrieved_domain_totals", f[9], day, nil},
			} {
				k := c.table + "\x00" + strings.Join(append([]string{f[0], c.key, c.at.Format(time.DateOnly)}, c.dims...), "|")
				if runs[k] == nil {
					runs[k] = map[string]bool{}
				}
				runs[k][f[2]] = true
			}
		}
		out := map[string]map[string]string{}
		for _, table := range tables {
			out[table] = map[string]string{}
		}
		for k, seqs := range runs {
			table, row, _ := strings.Cut(k, "\x00")
			out[table][row] = strconv.Itoa(len(seqs))
		}
		return out
	}
	ingested := read()
	gDiff(t, "as ingested", fromFacts(time.Time{}), ingested)
	for _, table := range tables {
		if len(ingested[table]) < 20 {
			t.Fatalf("%s: only %d rows; the data should fill more", table, len(ingested[table]))
		}
	}
	if _, err := g.db.UpdateBrand(ctx, gOrgA, gBrandA, sightline.BrandInput{Domains: &[]string{"acme.com"}}); err != nil {
		t.Fatal(err)
	}
	gDiff(t, "after a rebuild", ingested, read())
	if _, err := g.db.ReanalyzeBrand(ctx, gBrandA, time.Time{},
		func(string) []sightline.AnalyzedMention { return nil }, nil); err != nil {
		t.Fatal(err)
	}
	gDiff(t, "after a reanalysis", ingested, read())

	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC) // a Sunday: its week straddles the pruned day
	g.db.Now = func() time.Time { return time.Date(2026, 5, 30, 12, 0, 0, 0, time.UTC) }
	if _, err := g.db.PruneFacts(ctx, day, nil); err != nil {
		t.Fatal(err)
	}
	gDiff(t, "after prune", ingested, read())
	if _, err := g.db.UpdateBrand(ctx, gOrgA, gBrandA, sightline.BrandInput{Domains: &[]string{"acme.com", "acme.io"}}); err != nil {
		t.Fatal(err)
	}
	rebuilt := read()
	gDiff(t, "rebuilt after prune", ingested, rebuilt)
	// the days from the pruned day on are counted from the facts left
	facts := fromFacts(day)
	for _, table := range []string{"daily_retrieved_pages", "daily_retrieved_domains", "daily_retrieved_page_totals", "daily_retrieved_domain_totals"} {
		for k, n := range facts[table] {
			if rebuilt[table][k] != n {
				t.Errorf("%s %s: %s runs after the rebuild, %s in the facts", table, k, rebuilt[table][k], n)
			}
		}
	}
}

// lineTime parses a time of TableLines: SQLite's text, or PostgreSQL's
// time.Time as fmt prints it.
func lineTime(t *testing.T, s string) time.Time {
	t.Helper()
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999 -0700 MST", "2006-01-02 15:04:05.999999999 -0700 -0700"} {
		if v, err := time.Parse(layout, s); err == nil {
			return v.UTC()
		}
	}
	t.Fatalf("time %q", s)
	return time.Time{}
}
