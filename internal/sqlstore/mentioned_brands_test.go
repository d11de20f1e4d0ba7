package sqlstore_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// TestCitationRows_MentionedBrands checks the brands named next to the
// rows of the pages and domains lists, from the rollups (whole days, no
// filter) and from the facts (a topic filter): sorted names, and an empty
// array, never null, for a row whose answers name no brand.
func TestCitationRows_MentionedBrands(t *testing.T) {
	ctx := context.Background()
	f := newEngineFixture(t)
	f.ingest(t, "best", 2, 2*time.Hour, 0, false, g2Gantt)  // names nobody
	f.ingest(t, "best", 1, 3*time.Hour, 1, true, capGantt)  // names Acme and Rival
	f.ingest(t, "howto", 1, 4*time.Hour, 0, true, capGantt) // names Rival only
	today := f.now.UTC().Truncate(24 * time.Hour)
	window := sightline.Window{Start: today.AddDate(0, 0, -1), End: today.AddDate(0, 0, 1)}
	want := map[string][]string{"g2.com": {}, "capterra.com": {"Acme", "Rival"}}
	for _, sc := range []struct {
		name  string
		scope sightline.Scope
	}{
		{"rollups", sightline.Scope{BrandID: f.brand.ID, Window: window}},
		{"facts", sightline.Scope{BrandID: f.brand.ID, Window: window, TopicIDs: []string{f.topics["Gantt"]}}},
	} {
		filter := sightline.CitationFilter{Scope: sc.scope, PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}}
		pages, _, err := f.db.FindCitationPages(ctx, f.orgID, filter)
		if err != nil {
			t.Fatal(err)
		}
		domains, _, err := f.db.FindCitationDomains(ctx, f.orgID, filter)
		if err != nil {
			t.Fatal(err)
		}
		for list, rows := range map[string][]*sightline.CitationRow{"pages": pages, "domains": domains} {
			if len(rows) != len(want) {
				t.Fatalf("%s %s: %d rows, want %d", sc.name, list, len(rows), len(want))
			}
			for _, r := range rows {
				w, ok := want[r.Domain]
				if !ok || !slices.Equal(r.MentionedBrands, w) {
					t.Errorf("%s %s: %s names %q, want %q", sc.name, list, r.Domain, r.MentionedBrands, w)
				}
				if b, _ := json.Marshal(r.MentionedBrands); len(w) == 0 && string(b) != "[]" {
					t.Errorf("%s %s: %s mentioned_brands is %s, want []", sc.name, list, r.Domain, b)
				}
			}
		}
	}
}
