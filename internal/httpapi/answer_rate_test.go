package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/sightline/sightline"
)

// GET …/share_of_voice, …/topics and …/topics/{id} report meta.answer_rate
// (docs/metrics.md#answer-rate): three Google AI Overviews runs, one
// without an overview, and a ChatGPT run that is no search surface →
// google_ai_overviews 2 of 3 runs; a brand without surface runs gets [].
func TestAnswerRateMeta(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ctx := context.Background()
	org := e.org(t, "Acme")
	b := e.brand(t, org.ID, "Taskloom")
	bare := e.brand(t, org.ID, "Bare")
	_, key := e.key(t, org.ID, nil)
	topics, err := e.db.CreateTopics(ctx, org.ID, b.ID, []sightline.TopicRef{{Name: "Gantt"}})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := e.db.CreatePrompts(ctx, org.ID, b.ID, []sightline.PromptCreate{{Text: "best gantt tool", TopicID: topics[0].ID}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.db.IngestRuns(ctx, func(yield func(*sightline.AnalyzedRun, error) bool) {
		for i, shown := range []bool{true, false, true, true} {
			r := &sightline.AnalyzedRun{ID: uuid.NewString(), BrandID: b.ID, PromptID: ps[0].ID, TopicID: topics[0].ID,
				Provider: "google_ai_overviews", Source: "serpapi", Region: "us", RanAt: t0.Add(-time.Duration(i+1) * time.Hour),
				AnswerShown: shown}
			if i == 3 {
				r.Provider, r.Source = "chatgpt", ""
			}
			if shown {
				r.Answer = "Taskloom draws gantt charts."
			}
			if !yield(r, nil) {
				return
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	type meta struct {
		AnswerRate []sightline.AnswerRate `json:"answer_rate"`
	}
	get := func(path string) []sightline.AnswerRate {
		t.Helper()
		r := e.do(t, http.MethodGet, path, key)
		if r.status != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, r.status, r.body)
		}
		var env struct {
			Meta *meta `json:"meta"`
		}
		if err := json.Unmarshal(r.body, &env); err != nil {
			t.Fatal(err)
		}
		if env.Meta == nil || env.Meta.AnswerRate == nil {
			t.Fatalf("GET %s: no meta.answer_rate in %s", path, r.body)
		}
		return env.Meta.AnswerRate
	}
	base := "/api/v2/brands/" + b.ID
	for _, path := range []string{base + "/share_of_voice", base + "/topics", base + "/topics/" + topics[0].ID} {
		got := get(path)
		if len(got) != 1 || got[0].Provider != "google_ai_overviews" || got[0].Runs != 3 || got[0].AnsweredRuns != 2 ||
			got[0].AnswerRate < 66.666 || got[0].AnswerRate > 66.667 || !sightline.IsUUID(got[0].ProviderID) {
			t.Errorf("GET %s: answer_rate %+v, want google_ai_overviews 2 of 3", path, got)
		}
	}
	if got := get("/api/v2/brands/" + bare.ID + "/share_of_voice"); len(got) != 0 {
		t.Errorf("a brand without surface runs: %+v, want []", got)
	}
}
