package sqlstore_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// Two ingests at once that create the same new found brands (and
// advertisers) in opposite orders both succeed, and each name is stored
// once. On PostgreSQL, creating them in arrival order inside the ingest
// transactions deadlocked and one ingest failed.
func TestIngestRuns_ConcurrentNewNames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dsn := sqlstoretest.NewDSN(t)
	db, err := sqlstore.Open(ctx, dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	raw := sqlstoretest.OpenRaw(t, dsn)
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Taskloom"})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := db.CreatePrompts(ctx, org.ID, b.ID, []sightline.PromptCreate{{Text: "a"}})
	if err != nil {
		t.Fatal(err)
	}
	// providers and regions exist already: only the names are new
	warm := &sightline.AnalyzedRun{ID: uuid.NewString(), BrandID: b.ID, PromptID: ps[0].ID, Provider: "chatgpt", Region: "us",
		RanAt: time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC), Answer: "-"}
	if _, err := db.IngestRuns(ctx, func(yield func(*sightline.AnalyzedRun, error) bool) { yield(warm, nil) }); err != nil {
		t.Fatal(err)
	}
	const names = 40
	for round := range 3 {
		// runs mentioning name i (and showing advertiser i), ascending in
		// one batch and descending in the other
		batch := func(desc bool) []*sightline.AnalyzedRun {
			var runs []*sightline.AnalyzedRun
			for i := range names {
				if desc {
					i = names - 1 - i
				}
				name := fmt.Sprintf("Rival %d-%02d", round, i)
				runs = append(runs, &sightline.AnalyzedRun{
					ID: uuid.NewString(), BrandID: b.ID, PromptID: ps[0].ID, Provider: "chatgpt", Region: "us",
					RanAt: time.Date(2026, 11, 2, 8, 0, i, 0, time.UTC), Answer: name,
					Mentions: []sightline.AnalyzedMention{{Name: name, Position: 1, Count: 1, Sentiment: 50}},
					Ads:      []sightline.AnalyzedAd{{Advertiser: name, Domain: fmt.Sprintf("rival%d-%02d.example", round, i), Text: "ad"}},
				})
			}
			return runs
		}
		batches := [][]*sightline.AnalyzedRun{batch(false), batch(true)}
		var wg sync.WaitGroup
		errs := make([]error, len(batches))
		start := make(chan struct{})
		for i, runs := range batches {
			wg.Go(func() {
				<-start
				_, errs[i] = db.IngestRuns(ctx, func(yield func(*sightline.AnalyzedRun, error) bool) {
					for _, r := range runs {
						if !yield(r, nil) {
							return
						}
					}
				})
			})
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("round %d, ingest %d: %v", round, i, err)
			}
		}
	}
	var found, advertisers, runs int
	for q, dst := range map[string]*int{
		`SELECT COUNT(*) FROM found_brands WHERE brand_id = '` + b.ID + `' AND name_key LIKE 'rival %'`: &found,
		`SELECT COUNT(*) FROM advertisers WHERE brand_id = '` + b.ID + `'`:                              &advertisers,
		`SELECT COUNT(*) FROM runs WHERE brand_id = '` + b.ID + `'`:                                     &runs,
	} {
		if err := raw.QueryRowContext(ctx, q).Scan(dst); err != nil {
			t.Fatal(err)
		}
	}
	if found != 3*names || advertisers != 3*names || runs != 2*3*names+1 {
		t.Errorf("%d found brands, %d advertisers, %d runs; want %d, %d, %d", found, advertisers, runs, 3*names, 3*names, 2*3*names+1)
	}
}
