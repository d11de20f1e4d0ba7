package sqlstore_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// answer_rate (docs/metrics.md#answer-rate) against a hand count. Runs in
// the window W = [Nov 10, Nov 17):
//
//	google_ai_overviews us, topic Gantt: shown, not shown, shown
//	google_ai_overviews de, topic Gantt: not shown
//	google_ai_mode      us, topic CRM:   shown
//	chatgpt             us, topic Gantt: (a direct API, no surface row)
//
// and outside W one google_ai_overviews run (not shown, Nov 5).
// → overviews 2 of 4 (50 %), AI Mode 1 of 1 (100 %); region us: overviews
// 2 of 3; topic CRM: AI Mode only; provider chatgpt: none.
func TestFindAnswerRates_Golden(t *testing.T) {
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
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Taskloom"})
	if err != nil {
		t.Fatal(err)
	}
	topics, err := db.CreateTopics(ctx, org.ID, b.ID, []sightline.TopicRef{{Name: "Gantt"}, {Name: "CRM"}})
	if err != nil {
		t.Fatal(err)
	}
	gantt, crm := topics[0].ID, topics[1].ID
	ps, err := db.CreatePrompts(ctx, org.ID, b.ID, []sightline.PromptCreate{
		{Text: "best gantt tool", TopicID: gantt}, {Text: "best crm", TopicID: crm}})
	if err != nil {
		t.Fatal(err)
	}
	day := func(d int) time.Time { return time.Date(2026, 11, d, 8, 0, 0, 0, time.UTC) }
	run := func(prompt, topic, provider, region string, at time.Time, shown bool) *sightline.AnalyzedRun {
		r := &sightline.AnalyzedRun{ID: uuid.NewString(), BrandID: b.ID, PromptID: prompt, TopicID: topic,
			Provider: provider, Region: region, RanAt: at, AnswerShown: shown}
		if shown {
			r.Answer = "Taskloom is a tool."
		}
		if provider != "chatgpt" {
			r.Source = "serpapi"
		}
		return r
	}
	runs := []*sightline.AnalyzedRun{
		run(ps[0].ID, gantt, "google_ai_overviews", "us", day(10), true),
		run(ps[0].ID, gantt, "google_ai_overviews", "us", day(11), false),
		run(ps[0].ID, gantt, "google_ai_overviews", "us", day(12), true),
		run(ps[0].ID, gantt, "google_ai_overviews", "de", day(13), false),
		run(ps[1].ID, crm, "google_ai_mode", "us", day(14), true),
		run(ps[0].ID, gantt, "chatgpt", "us", day(15), true),
		run(ps[0].ID, gantt, "google_ai_overviews", "us", day(5), false),
	}
	if _, err := db.IngestRuns(ctx, runsOfAll(runs)); err != nil {
		t.Fatal(err)
	}
	raw := sqlstoretest.OpenRaw(t, dsn)
	idOf := func(table, code string) string { // codes are constants of this test
		var id string
		if err := raw.QueryRowContext(ctx, `SELECT id FROM `+table+` WHERE code = '`+code+`'`).Scan(&id); err != nil {
			t.Fatalf("%s %s: %v", table, code, err)
		}
		return id
	}
	providerID := func(code string) string { return idOf("providers", code) }
	us := idOf("regions", "us")

	w := sightline.Window{Start: day(10).Add(-8 * time.Hour), End: day(17).Add(-8 * time.Hour)}
	overviews := func(runs, answered int, rate float64) sightline.AnswerRate {
		return sightline.AnswerRate{ProviderID: providerID("google_ai_overviews"), Provider: "google_ai_overviews",
			AnswerRate: rate, Runs: runs, AnsweredRuns: answered}
	}
	aiMode := sightline.AnswerRate{ProviderID: providerID("google_ai_mode"), Provider: "google_ai_mode",
		AnswerRate: 100, Runs: 1, AnsweredRuns: 1}
	for _, c := range []struct {
		name  string
		scope sightline.Scope
		want  []sightline.AnswerRate
	}{
		{"window", sightline.Scope{}, []sightline.AnswerRate{aiMode, overviews(4, 2, 50)}},
		{"region us", sightline.Scope{RegionIDs: []string{us}}, []sightline.AnswerRate{aiMode, overviews(3, 2, 200.0/3)}},
		{"topic CRM", sightline.Scope{TopicIDs: []string{crm}}, []sightline.AnswerRate{aiMode}},
		{"provider chatgpt", sightline.Scope{ProviderIDs: []string{providerID("chatgpt")}}, []sightline.AnswerRate{}},
		{"previous week", sightline.Scope{Window: w.Previous()}, []sightline.AnswerRate{overviews(1, 0, 0)}},
		// Monday to Monday: the ISO week's row
		{"whole week", sightline.Scope{Window: sightline.Window{Start: day(9).Add(-8 * time.Hour), End: day(16).Add(-8 * time.Hour)}},
			[]sightline.AnswerRate{aiMode, overviews(4, 2, 50)}},
		// from Nov 10 noon: the run of Nov 10, 8:00 is out
		{"cut window", sightline.Scope{Window: sightline.Window{Start: day(10).Add(4 * time.Hour), End: w.End}},
			[]sightline.AnswerRate{aiMode, overviews(3, 1, 100.0/3)}},
		// the rollups keep no prompt: the facts answer
		{"prompt", sightline.Scope{PromptIDs: []string{ps[1].ID}}, []sightline.AnswerRate{aiMode}},
	} {
		// the rollups where they answer, and the facts alone
		for _, facts := range []bool{false, true} {
			name := c.name
			if facts {
				name += " facts"
			}
			t.Run(name, func(t *testing.T) {
				db.NoRollups = facts
				defer func() { db.NoRollups = false }()
				c.scope.BrandID = b.ID
				if c.scope.Window == (sightline.Window{}) {
					c.scope.Window = w
				}
				got, err := db.FindAnswerRates(ctx, org.ID, c.scope)
				if err != nil {
					t.Fatal(err)
				}
				if got == nil || len(got) != len(c.want) {
					t.Fatalf("got %+v, want %+v", got, c.want)
				}
				for i := range got {
					g, x := got[i], c.want[i]
					if g.ProviderID != x.ProviderID || g.Provider != x.Provider || g.Runs != x.Runs ||
						g.AnsweredRuns != x.AnsweredRuns || math.Abs(g.AnswerRate-x.AnswerRate) > 1e-9 {
						t.Errorf("row %d: got %+v, want %+v", i, g, x)
					}
				}
			})
		}
	}
	if _, err := db.FindAnswerRates(ctx, uuid.NewString(), sightline.Scope{BrandID: b.ID, Window: w}); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("another organization: %v, want NOT_FOUND", err)
	}
}

func runsOfAll(runs []*sightline.AnalyzedRun) func(func(*sightline.AnalyzedRun, error) bool) {
	return func(yield func(*sightline.AnalyzedRun, error) bool) {
		for _, r := range runs {
			if !yield(r, nil) {
				return
			}
		}
	}
}
