package sqlstore_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"

	"github.com/sightline/sightline"
)

// metricsSnapshot reads every metric of the golden brand over W.
func metricsSnapshot(t *testing.T, g *golden) map[string]any {
	t.Helper()
	ctx := context.Background()
	db := g.db
	out := map[string]any{}
	must := func(name string, v any, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = v
	}
	topics, _, err := db.FindTopics(ctx, gOrgA, gBrandA, sightline.TopicFilter{Scope: g.scope(), PageRequest: gPage1})
	must("topics", topics, err)
	// retrieved_count is null over pruned days (TestGolden_Retrieved);
	// the citation numbers are what must stay
	noRetrieved := func(rows []*sightline.CitationRow) []*sightline.CitationRow {
		for _, r := range rows {
			r.RetrievedCount = nil
		}
		return rows
	}
	pages, _, err := db.FindCitationPages(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: gPage1})
	must("pages", noRetrieved(pages), err)
	domains, _, err := db.FindCitationDomains(ctx, gOrgA, sightline.CitationFilter{Scope: g.scope(), PageRequest: gPage1})
	must("domains", noRetrieved(domains), err)
	ov, err := db.CitationsOverview(ctx, gOrgA, g.scope())
	must("overview", ov, err)
	dov, err := db.DomainsOverview(ctx, gOrgA, g.scope(), "day")
	must("domains overview", dov, err)
	sum, err := db.CitationSummary(ctx, gOrgA, g.scope())
	must("summary", sum, err)
	sov, _, err := db.FindShareOfVoice(ctx, gOrgA, sightline.SOVFilter{Scope: g.scope(), Granularity: "day", PageRequest: gPage1})
	must("share of voice", sov, err)
	comps, _, err := db.FindCompetitors(ctx, gOrgA, sightline.CompetitorFilter{Scope: g.scope(), PageRequest: gPage1})
	must("competitors", comps, err)
	share, err := db.MentionShare(ctx, gOrgA, g.scope(), "day")
	must("mention share", share, err)
	return out
}

// sameOnRollupsAndFacts checks that the rollups still add up to what the
// fact tables say, endpoint by endpoint.
func sameOnRollupsAndFacts(t *testing.T, g *golden, when string) map[string]any {
	t.Helper()
	g.db.NoRollups = false
	rolled := metricsSnapshot(t, g)
	g.db.NoRollups = true
	raw := metricsSnapshot(t, g)
	g.db.NoRollups = false
	for name := range raw {
		if d := cmp.Diff(raw[name], rolled[name], gCmpOpts...); d != "" {
			t.Errorf("%s: %s from the rollups differs from the facts (-facts +rollups):\n%s", when, name, d)
		}
	}
	return rolled
}

func TestBrandEdits_KeepRollupsExact(t *testing.T) {
	ctx := context.Background()
	g := seedGolden(t)
	before := sameOnRollupsAndFacts(t, g, "as loaded")

	// Globex stops being tracked: its found brand stays, untracked.
	if err := g.db.DeleteCompetitor(ctx, gOrgA, gBrandA, gGlobex); err != nil {
		t.Fatal(err)
	}
	gWantCode(t, "delete again", g.db.DeleteCompetitor(ctx, gOrgA, gBrandA, gGlobex), sightline.ENOTFOUND)
	gWantCode(t, "delete from another organization", g.db.DeleteCompetitor(ctx, gOrgB, gBrandA, gInitech), sightline.ENOTFOUND)
	after := sameOnRollupsAndFacts(t, g, "after deleting Globex")
	if cmp.Equal(before["summary"], after["summary"], gCmpOpts...) {
		t.Error("the citation summary did not change when Globex stopped being tracked")
	}
	comps := after["competitors"].([]*sightline.Competitor)
	if len(comps) != 1 || comps[0].Name != "Initech" {
		t.Errorf("competitors after the delete = %v", comps)
	}

	// Tracking it again (as answers named it) gives back the first numbers.
	c, err := g.db.CreateCompetitor(ctx, gOrgA, gBrandA, sightline.CompetitorCreate{Name: "Globex", Domain: "globex.com", Aliases: []string{"Globex Corp"}}, g.scope())
	if err != nil {
		t.Fatal(err)
	}
	if c.Visibility != 50 {
		t.Errorf("Globex's visibility = %v, want 50 (5 of 10 runs)", c.Visibility)
	}
	again := sameOnRollupsAndFacts(t, g, "after tracking Globex again")
	for _, name := range []string{"summary", "pages", "domains", "overview", "topics"} {
		if d := cmp.Diff(before[name], again[name], gCmpOpts...); d != "" {
			t.Errorf("%s differs from the first load (-first +again):\n%s", name, d)
		}
	}
	_, err = g.db.CreateCompetitor(ctx, gOrgA, gBrandA, sightline.CompetitorCreate{Name: "globex"}, g.scope())
	gWantCode(t, "a second Globex", err, sightline.ECONFLICT)
	_, err = g.db.CreateCompetitor(ctx, gOrgA, gBrandA, sightline.CompetitorCreate{Name: "ACME"}, g.scope())
	gWantCode(t, "the brand itself", err, sightline.ECONFLICT)

	// acme.io is no longer owned: owned citations drop on every path.
	b, err := g.db.UpdateBrand(ctx, gOrgA, gBrandA, sightline.BrandInput{Domains: &[]string{"acme.com"}})
	if err != nil {
		t.Fatal(err)
	}
	if b.Domain != "acme.com" || len(b.Domains) != 1 {
		t.Errorf("brand after the update = %+v", b)
	}
	owned := sameOnRollupsAndFacts(t, g, "after dropping acme.io")
	if cmp.Equal(before["topics"], owned["topics"], gCmpOpts...) {
		t.Error("topic citation shares did not change when acme.io stopped being owned")
	}

	// A rename keeps the brand's mentions under the new name.
	if _, err := g.db.UpdateBrand(ctx, gOrgA, gBrandA, sightline.BrandInput{Name: ptr("Acme Corp")}); err != nil {
		t.Fatal(err)
	}
	renamed := sameOnRollupsAndFacts(t, g, "after the rename")
	var own *sightline.SOVRow
	for _, r := range renamed["share of voice"].([]*sightline.SOVRow) {
		if r.Kind == sightline.FoundBrandOwn {
			own = r
		}
	}
	if own == nil || own.Name != "Acme Corp" || own.AggregateMetrics.Visibility == 0 {
		t.Errorf("own row after the rename = %+v", own)
	}
	_, err = g.db.UpdateBrand(ctx, gOrgB, gBrandA, sightline.BrandInput{Name: ptr("Stolen")})
	gWantCode(t, "rename from another organization", err, sightline.ENOTFOUND)
	_, err = g.db.UpdateBrand(ctx, gOrgA, gBrandA, sightline.BrandInput{Domains: &[]string{"not a domain"}})
	gWantCode(t, "a bad domain", err, sightline.EVALIDATION)
}

// TestBrandEdits_KeepPrunedDays: an edit that rebuilds a brand's rollups
// after a prune counts again the days that still have facts and keeps the
// pruned days' rows, so whole-day metrics over pruned days keep their
// numbers (docs/retention.md#what-still-answers).
func TestBrandEdits_KeepPrunedDays(t *testing.T) {
	ctx := context.Background()
	g := seedGolden(t)
	before := metricsSnapshot(t, g)
	later := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	g.db.Now = func() time.Time { return later }
	// a Wednesday inside W: the pruned days end in the middle of a week
	// and of its first half week
	res, err := g.db.PruneFacts(ctx, time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Mentions == 0 || res.Citations == 0 {
		t.Fatalf("prune deleted nothing: %+v", res)
	}
	compare := func(when string, got map[string]any) {
		t.Helper()
		for _, name := range []string{"summary", "pages", "domains", "overview", "topics", "mention share", "domains overview"} {
			if d := cmp.Diff(before[name], got[name], gCmpOpts...); d != "" {
				t.Errorf("%s: %s differs from before the prune (-before +after):\n%s", when, name, d)
			}
		}
	}
	compare("after the prune", metricsSnapshot(t, g))

	if err := g.db.DeleteCompetitor(ctx, gOrgA, gBrandA, gGlobex); err != nil {
		t.Fatal(err)
	}
	if _, err := g.db.CreateCompetitor(ctx, gOrgA, gBrandA, sightline.CompetitorCreate{Name: "Globex", Domain: "globex.com", Aliases: []string{"Globex Corp"}}, g.scope()); err != nil {
		t.Fatal(err)
	}
	compare("after untracking and tracking Globex again", metricsSnapshot(t, g))

	for _, domains := range [][]string{{"acme.com"}, {"acme.com", "acme.io"}} {
		if _, err := g.db.UpdateBrand(ctx, gOrgA, gBrandA, sightline.BrandInput{Domains: &domains}); err != nil {
			t.Fatal(err)
		}
	}
	compare("after dropping and adding back acme.io", metricsSnapshot(t, g))
}

func TestPromptStore_CreateAndUpdate(t *testing.T) {
	ctx := context.Background()
	db, _ := mustOpenDB(t)
	org := mustCreateOrg(t, db, "Org")
	brand := mustCreateBrand(t, db, sightline.BrandCreate{OrgID: org.ID, Name: "Acme"})
	topics, err := db.CreateTopics(ctx, org.ID, brand.ID, []sightline.TopicRef{{Name: "One"}, {Name: "Two"}})
	if err != nil {
		t.Fatal(err)
	}
	one, two := topics[0].ID, topics[1].ID
	ps, err := db.CreatePrompts(ctx, org.ID, brand.ID, []sightline.PromptCreate{
		{TopicID: one, Text: "Best CRM", Regions: []string{"US", "gb", "us"}},
		{TopicID: two, Text: "best  crm"}, // same text, other topic: fine
	})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"us", "gb"}, ps[0].Regions); d != "" {
		t.Errorf("regions (-want +got):\n%s", d)
	}
	_, err = db.CreatePrompts(ctx, org.ID, brand.ID, []sightline.PromptCreate{{TopicID: two, Text: "fresh"}, {TopicID: one, Text: "  best   CRM "}})
	gWantCode(t, "an active prompt's text", err, sightline.ECONFLICT)
	var conflict *sightline.Error
	if !errors.As(err, &conflict) || len(conflict.Details) != 1 || *conflict.Details[0].Field != "prompts[1].text" {
		t.Errorf("conflict = %+v, want it to name prompts[1].text", conflict)
	}
	_, err = db.CreatePrompts(ctx, org.ID, brand.ID, []sightline.PromptCreate{{TopicID: two, Text: "dup"}, {TopicID: two, Text: "DUP"}})
	gWantCode(t, "twice in one batch", err, sightline.ECONFLICT)
	_, err = db.CreatePrompts(ctx, org.ID, brand.ID, []sightline.PromptCreate{{TopicID: one, Text: "x", Regions: []string{"usa"}}})
	gWantCode(t, "a bad region", err, sightline.EVALIDATION)
	if f := detailFields(t, err); len(f) != 1 || f[0] != "prompts[0].regions[0]" {
		t.Errorf("validation names %v", f)
	}
	_, total, err := db.FindPrompts(ctx, org.ID, brand.ID, sightline.PromptFilter{PageRequest: gPage1})
	if err != nil || total != 2 {
		t.Fatalf("%d prompts after the refused batches (%v), want 2", total, err)
	}

	// Deactivating frees the text; editing into a duplicate is refused.
	p, err := db.UpdatePrompt(ctx, org.ID, brand.ID, ps[0].ID, sightline.PromptUpdate{Active: ptr(false)})
	if err != nil || p.Active {
		t.Fatalf("deactivate: %+v, %v", p, err)
	}
	again, err := db.CreatePrompts(ctx, org.ID, brand.ID, []sightline.PromptCreate{{TopicID: one, Text: "best crm"}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.UpdatePrompt(ctx, org.ID, brand.ID, ps[0].ID, sightline.PromptUpdate{Active: ptr(true)})
	gWantCode(t, "reactivating a duplicate", err, sightline.ECONFLICT)
	p, err = db.UpdatePrompt(ctx, org.ID, brand.ID, again[0].ID, sightline.PromptUpdate{Text: ptr("best crm 2026"), Regions: &[]string{"DE"}})
	if err != nil || p.Text != "best crm 2026" || len(p.Regions) != 1 || p.Regions[0] != "de" {
		t.Fatalf("edit: %+v, %v", p, err)
	}
	_, err = db.UpdatePrompt(ctx, org.ID, brand.ID, again[0].ID, sightline.PromptUpdate{})
	gWantCode(t, "an empty update", err, sightline.EVALIDATION)
	other := mustCreateOrg(t, db, "Other")
	_, err = db.UpdatePrompt(ctx, other.ID, brand.ID, again[0].ID, sightline.PromptUpdate{Active: ptr(false)})
	gWantCode(t, "another organization", err, sightline.ENOTFOUND)

	// A prompt of a deleted topic cannot be switched back on alone.
	if err := db.DeleteTopic(ctx, org.ID, brand.ID, two); err != nil {
		t.Fatal(err)
	}
	_, err = db.UpdatePrompt(ctx, org.ID, brand.ID, ps[1].ID, sightline.PromptUpdate{Active: ptr(true)})
	gWantCode(t, "a deleted topic's prompt", err, sightline.ECONFLICT)
}

func TestCollectionSettings(t *testing.T) {
	ctx := context.Background()
	db, _ := mustOpenDB(t)
	org := mustCreateOrg(t, db, "Org")
	brand := mustCreateBrand(t, db, sightline.BrandCreate{OrgID: org.ID, Name: "Acme"})
	s, err := db.FindCollectionSettings(ctx, org.ID, brand.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(sightline.DefaultCollectionSettings(), *s); d != "" {
		t.Errorf("defaults (-want +got):\n%s", d)
	}
	_, err = db.UpdateCollectionSettings(ctx, org.ID, brand.ID, sightline.CollectionUpdate{Enabled: ptr(true)})
	gWantCode(t, "enabled without providers", err, sightline.EVALIDATION)
	_, err = db.UpdateCollectionSettings(ctx, org.ID, brand.ID, sightline.CollectionUpdate{Providers: &[]string{"chatgpt", "bard"}, Samples: ptr(0)})
	gWantCode(t, "a bad provider and samples", err, sightline.EVALIDATION)
	if f := detailFields(t, err); len(f) != 2 || f[0] != "providers[1]" || f[1] != "samples" {
		t.Errorf("fields %v", f)
	}
	s, err = db.UpdateCollectionSettings(ctx, org.ID, brand.ID, sightline.CollectionUpdate{Providers: &[]string{"Claude", "chatgpt"}, Regions: &[]string{"GB"}, Enabled: ptr(true), CadenceHours: ptr(12)})
	if err != nil {
		t.Fatal(err)
	}
	s2, err := db.FindCollectionSettings(ctx, org.ID, brand.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := sightline.CollectionSettings{Providers: []string{"claude", "chatgpt"}, Regions: []string{"gb"}, CadenceHours: 12, Samples: 3, Enabled: true, UpdatedAt: s.UpdatedAt}
	if d := cmp.Diff(want, *s2); d != "" {
		t.Errorf("saved settings (-want +got):\n%s", d)
	}
	ids, err := db.FindCollectingBrands(ctx)
	if err != nil || len(ids) != 1 || ids[0] != brand.ID {
		t.Errorf("collecting brands = %v (%v)", ids, err)
	}
	other := mustCreateOrg(t, db, "Other")
	_, err = db.FindCollectionSettings(ctx, other.ID, brand.ID)
	gWantCode(t, "another organization", err, sightline.ENOTFOUND)
}

// TestRecordCollectionAttempt_LeavesDetectionToTheJob: a collected sample
// is stored with its run, but change detection is asked for by the
// collection job once it is done (internal/collect), not once per sample,
// unlike a bulk ingest (TestIngest_QueuesDetection).
func TestRecordCollectionAttempt_LeavesDetectionToTheJob(t *testing.T) {
	f := newEngineFixture(t)
	ctx := context.Background()
	ran := f.now.Add(-time.Hour)
	run := &sightline.AnalyzedRun{ID: uuid.NewString(), BrandID: f.brand.ID, PromptID: f.prompts["best"], TopicID: f.topics["Gantt"],
		Provider: "chatgpt", Region: "us", RanAt: ran, Answer: "Acme and Rival."}
	a := &sightline.CollectionAttempt{OrgID: f.orgID, BrandID: f.brand.ID, PromptID: run.PromptID, Provider: "chatgpt", Region: "us",
		Slot: ran.Truncate(24 * time.Hour), Status: sightline.AttemptOK, RunID: &run.ID, Model: "m", Tries: 1, StartedAt: ran, FinishedAt: ran}
	if err := f.db.RecordCollectionAttempt(ctx, a, run); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.FindRunByID(ctx, f.orgID, f.brand.ID, run.ID); err != nil {
		t.Fatalf("the collected run was not stored: %v", err)
	}
	jobs, err := f.db.FindJobsOfKind(ctx, f.brand.ID, sightline.JobKindSignals)
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 0 {
		t.Errorf("a collected sample queued %d detection jobs, want none (the collection job asks once it is done)", len(jobs))
	}
}
