package sqlstore_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"
	"github.com/sightline/sightline"
)

func TestBriefStore(t *testing.T) {
	f := newEngineFixture(t)
	ctx := context.Background()
	f.ingest(t, "howto", 4, time.Hour, 5, true, ownedGuide, rivalVs, g2Gantt)
	gen := &stubRecs{keys: []string{"owned_refresh:a", "no_action:b"}}
	if _, err := f.regenerate(t, gen, 10); err != nil {
		t.Fatal(err)
	}
	recs := f.all(t)
	// The stub gives no prompts; target the howto prompt through a real
	// regeneration-shaped update.
	refresh := recs["owned_refresh:a"]
	gen.keys = []string{"owned_refresh:a"}
	gen2 := func(ev *sightline.BrandEvidence) ([]*sightline.Recommendation, error) {
		rs, _ := gen.generate(ev)
		rs[0].TargetPromptIDs = []string{f.prompts["howto"]}
		rs[0].TopicID, rs[0].Format, rs[0].SuggestedTitle, rs[0].TargetWordCount = ptr(f.topics["Gantt"]), ptr("how_to_guide"), ptr("Gantt guide (2026)"), ptr(1800)
		return rs, nil
	}
	if _, err := f.db.RegenerateRecommendations(ctx, f.orgID, f.brand.ID, sightline.RegenerateOptions{QuotaLimit: 10, Generate: gen2}); err != nil {
		t.Fatal(err)
	}

	t.Run("Validation", func(t *testing.T) {
		for _, tt := range []struct {
			c    sightline.BriefCreate
			want []string
		}{
			{sightline.BriefCreate{}, []string{"recommendation_id"}},
			{sightline.BriefCreate{RecommendationID: ptr("x"), Mode: ptr("rewrite"), Title: ptr(" ")}, []string{"recommendation_id", "title", "mode"}},
			{sightline.BriefCreate{RecommendationID: ptr(uuid.NewString())}, []string{"recommendation_id"}},
			{sightline.BriefCreate{RecommendationID: &recs["no_action:b"].ID}, []string{"recommendation_id"}},
			{sightline.BriefCreate{RecommendationID: &refresh.ID, AudienceID: ptr(uuid.NewString())}, []string{"audience_id"}},
		} {
			_, err := f.db.CreateBrief(ctx, f.orgID, f.brand.ID, tt.c)
			if diff := cmp.Diff(tt.want, detailFields(t, err)); diff != "" {
				t.Errorf("%+v (-want +got):\n%s", tt.c, diff)
			}
		}
		_, err := f.db.CreateBrief(ctx, f.other.OrgID, f.brand.ID, sightline.BriefCreate{RecommendationID: &refresh.ID})
		wantCode(t, err, sightline.ENOTFOUND)
	})

	b, err := f.db.CreateBrief(ctx, f.orgID, f.brand.ID, sightline.BriefCreate{RecommendationID: &refresh.ID, AdditionalInstructions: ptr("Keep it short.")})
	if err != nil {
		t.Fatal(err)
	}
	if b.State != sightline.BriefNew || b.ProgressPct != 0 || b.Mode != sightline.BriefModeRefresh || b.Format != "how_to_guide" || b.Title != "Gantt guide (2026)" ||
		b.SourceURL != "https://acme.com/a" || b.TargetWordCount != 1800 || b.AdditionalInstructions != "Keep it short." {
		t.Errorf("created: %+v", b)
	}
	if b.AudienceName == nil || *b.AudienceName != "General audience" || b.TopicName == nil || *b.TopicName != "Gantt" {
		t.Errorf("audience %v topic %v", b.AudienceName, b.TopicName)
	}
	if b.Recommendation == nil || b.Recommendation.ID != refresh.ID || b.Recommendation.Type != sightline.RecOwnedRefresh {
		t.Errorf("recommendation: %+v", b.Recommendation)
	}
	if b.Article == nil || b.Article.State != sightline.ArticleNew || len(b.TargetPrompts) != 1 || !slices.Equal(b.TargetPrompts[0].CountryCodes, []string{"GB", "US"}) {
		t.Errorf("article %+v target prompts %+v", b.Article, b.TargetPrompts)
	}

	job := f.claim(t, "w", time.Minute)
	if job.Kind != sightline.BriefJobKind(b.ID) {
		t.Fatalf("job kind %s", job.Kind)
	}
	in, err := f.db.StartBriefJob(ctx, job, sightline.DefaultWindow(*f.now, 30))
	if err != nil {
		t.Fatal(err)
	}
	if in.Brief.State != sightline.BriefGenerating || in.Recommendation.ID != refresh.ID || len(in.Answers) != 4 || len(in.Pages) != 3 || in.BrandName != "Acme" {
		t.Errorf("input: brief %s rec %s answers %d pages %d", in.Brief.State, in.Recommendation.ID, len(in.Answers), len(in.Pages))
	}
	owners, ownerIDs := map[string]string{}, map[string]string{}
	for _, p := range in.Pages {
		owners[p.Domain], ownerIDs[p.Domain] = p.Ownership, p.CompetitorID
	}
	if owners["acme.com"] != sightline.ClassOwned || owners["rival.io"] != sightline.ClassCompetitorOwned || owners["g2.com"] != "" {
		t.Errorf("page owners %v", owners)
	}
	if ownerIDs["rival.io"] != f.compID || ownerIDs["acme.com"] != "" || ownerIDs["g2.com"] != "" {
		t.Errorf("page owner ids %v, want rival.io: %s", ownerIDs, f.compID)
	}
	if got, _ := f.db.FindBriefByID(ctx, f.orgID, f.brand.ID, b.ID); got.ProgressPct != sightline.BriefStartProgress {
		t.Errorf("started: progress %v, want %v", got.ProgressPct, sightline.BriefStartProgress)
	}
	for _, tt := range []struct{ pct, want float64 }{{120, 100}, {-1, 0}, {55, 55}} {
		if err := f.db.UpdateBriefProgress(ctx, job, tt.pct); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.db.FindBriefByID(ctx, f.orgID, f.brand.ID, b.ID); got.ProgressPct != tt.want || got.State != sightline.BriefGenerating {
			t.Errorf("progress %v: %v %s, want %v", tt.pct, got.ProgressPct, got.State, tt.want)
		}
	}
	res := &sightline.BriefResult{Title: "T", Format: "how_to_guide", BriefText: "# T\n", TargetWordCount: 1800,
		Outline:       sightline.BriefOutline{Sections: []sightline.BriefSection{{Heading: "H", Points: []string{"p"}}}, Questions: []string{"q?"}},
		Metadata:      sightline.BriefMetadata{Generator: "test"},
		TargetPrompts: []sightline.BriefPrompt{{PromptID: f.prompts["howto"], Prompt: "p", CountryCodes: []string{"US"}}}}
	if err := f.db.CompleteBriefJob(ctx, job, res); err != nil {
		t.Fatal(err)
	}
	got, err := f.db.FindBriefByID(ctx, f.orgID, f.brand.ID, b.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != sightline.BriefReady || got.ProgressPct != 100 || got.BriefText != "# T\n" || got.Outline.Sections[0].Heading != "H" || got.Metadata.Generator != "test" {
		t.Errorf("ready: %+v", got)
	}
	if err := f.db.CompleteBriefJob(ctx, job, res); !errors.Is(err, sightline.ErrJobLost) {
		t.Errorf("second completion: %v", err)
	}

	t.Run("FailureMirrored", func(t *testing.T) {
		b2, err := f.db.CreateBrief(ctx, f.orgID, f.brand.ID, sightline.BriefCreate{RecommendationID: &refresh.ID, Title: ptr("Second")})
		if err != nil {
			t.Fatal(err)
		}
		j := f.claim(t, "w", time.Minute)
		if err := f.db.FailJob(ctx, j, sightline.JobError{Class: sightline.JobErrorInput, Message: "no answers"}, false); err != nil {
			t.Fatal(err)
		}
		got, _ := f.db.FindBriefByID(ctx, f.orgID, f.brand.ID, b2.ID)
		if got.State != sightline.BriefFailed || got.GenerationError != "no answers" {
			t.Errorf("failed brief: %s %q", got.State, got.GenerationError)
		}
	})

	t.Run("List", func(t *testing.T) {
		list, total, err := f.db.FindBriefs(ctx, f.orgID, f.brand.ID, sightline.BriefFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
		if err != nil || total != 2 || len(list) != 2 {
			t.Fatalf("list: %d %d %v", total, len(list), err)
		}
		ready, total, _ := f.db.FindBriefs(ctx, f.orgID, f.brand.ID, sightline.BriefFilter{States: []string{"ready"}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
		if total != 1 || ready[0].ID != b.ID {
			t.Errorf("ready filter: %d", total)
		}
		_, _, err = f.db.FindBriefs(ctx, f.other.OrgID, f.brand.ID, sightline.BriefFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
		wantCode(t, err, sightline.ENOTFOUND)
		_, err = f.db.FindBriefByID(ctx, f.other.OrgID, f.other.ID, b.ID)
		wantCode(t, err, sightline.ENOTFOUND)
	})
}
