package sqlstore_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
)

// TestBrandEvidence checks the counts the engines decide from on
// hand-made runs: presence, rank and weakness per prompt, citations per
// page with ownership, and who the citing answers name.
func TestBrandEvidence(t *testing.T) {
	f := newEngineFixture(t)
	ctx := context.Background()
	// howto: 6 runs, brand ranked 5th (weak) with Rival, citing the owned
	// guide and G2; 4 runs with the brand first and no competitor, citing
	// the guide; 2 runs 40 days ago (outside the window).
	f.ingest(t, "howto", 6, time.Hour, 5, true, ownedGuide, g2Gantt)
	f.ingest(t, "howto", 4, 2*time.Hour, 1, false, ownedGuide)
	f.ingest(t, "howto", 2, 40*24*time.Hour, 0, true, ownedGuide)
	// best: 3 runs without the brand, Rival named, citing Rival's page and
	// two G2/Capterra pages.
	f.ingest(t, "best", 3, 3*time.Hour, 0, true, rivalVs, g2Gantt, capGantt)

	ev, err := f.db.FindBrandEvidence(ctx, f.orgID, f.brand.ID, sightline.DefaultWindow(*f.now, 30))
	if err != nil {
		t.Fatal(err)
	}
	if ev.BrandName != "Acme" || !slices.Equal(ev.Domains, []string{"acme.com"}) || ev.TotalRuns != 13 || len(ev.Competitors) != 1 {
		t.Fatalf("evidence header: %+v", ev)
	}
	prompts := map[string]*sightline.PromptFacts{}
	for _, p := range ev.Prompts {
		prompts[p.ID] = p
	}
	if len(prompts) != 2 {
		t.Fatalf("%d prompts with runs, want 2", len(prompts))
	}
	howto, best := prompts[f.prompts["howto"]], prompts[f.prompts["best"]]
	if howto.Runs != 10 || howto.BrandRuns != 10 || howto.FirstRuns != 4 || howto.WeakRuns != 6 || howto.AvgPosition != 3.4 {
		t.Errorf("howto facts: %+v", howto)
	}
	if howto.TopicName != "Gantt" || howto.Intent != "I" || !slices.Equal(howto.Regions, []string{"gb", "us"}) {
		t.Errorf("howto: topic %q intent %q regions %v", howto.TopicName, howto.Intent, howto.Regions)
	}
	if len(howto.Competitors) != 1 || howto.Competitors[0].Name != "Rival" || howto.Competitors[0].Runs != 6 || howto.Competitors[0].WeakRuns != 6 {
		t.Errorf("howto competitors: %+v", howto.Competitors)
	}
	if best.Runs != 3 || best.BrandRuns != 0 || best.WeakRuns != 3 || best.AvgPosition != 0 {
		t.Errorf("best facts: %+v", best)
	}

	type pageKey struct{ prompt, page string }
	pages := map[pageKey]sightline.PageFacts{}
	for _, p := range ev.Pages {
		pages[pageKey{p.PromptID, p.Page}] = *p
	}
	guide := pages[pageKey{f.prompts["howto"], ownedGuide.page}]
	want := sightline.PageFacts{PromptID: f.prompts["howto"], Page: ownedGuide.page, Domain: "acme.com", PageType: "how_to_guide",
		StaticType: "other", Ownership: sightline.ClassOwned, Title: ownedGuide.title, Citations: 10, Runs: 10, WeakRuns: 6, CompWeakRuns: 6}
	if diff := cmp.Diff(want, guide); diff != "" {
		t.Errorf("owned guide (-want +got):\n%s", diff)
	}
	if rv := pages[pageKey{f.prompts["best"], rivalVs.page}]; rv.Ownership != sightline.ClassCompetitorOwned || rv.CompetitorID != f.compID || rv.WeakRuns != 3 {
		t.Errorf("rival page: %+v", rv)
	}
	if g2 := pages[pageKey{f.prompts["best"], g2Gantt.page}]; g2.Ownership != "" || g2.StaticType != "review" || g2.Runs != 3 {
		t.Errorf("g2 page: %+v", g2)
	}

	named := map[[3]string]sightline.NamedFacts{}
	for _, n := range ev.Named {
		named[[3]string{n.Domain, n.Page, n.Name}] = *n
	}
	// g2.com is cited by 6 howto runs (brand 5th, Rival) and 3 best runs
	// (Rival only); once per run for the domain.
	if n := named[[3]string{"g2.com", "", "Rival"}]; n.Runs != 9 || n.WeakRuns != 9 || n.CompetitorID != f.compID {
		t.Errorf("Rival on g2.com: %+v", n)
	}
	if n := named[[3]string{"g2.com", "", "Acme"}]; n.Runs != 6 || n.WeakRuns != 6 || !n.Self {
		t.Errorf("Acme on g2.com: %+v", n)
	}
	if n := named[[3]string{"acme.com", ownedGuide.page, "Rival"}]; n.WeakRuns != 6 {
		t.Errorf("Rival on the owned guide: %+v", n)
	}
	if _, ok := named[[3]string{"acme.com", "", "Acme"}]; ok {
		t.Error("domain facts for an owned domain: only outlets and social platforms are counted")
	}
	if _, ok := named[[3]string{"capterra.com", "", "Acme"}]; ok {
		t.Error("Acme counted on capterra.com, cited only where it is absent")
	}

	t.Run("ErrOtherOrg", func(t *testing.T) {
		_, err := f.db.FindBrandEvidence(ctx, f.other.OrgID, f.brand.ID, sightline.DefaultWindow(*f.now, 30))
		wantCode(t, err, sightline.ENOTFOUND)
	})
}
