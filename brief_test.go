package sightline

import (
	"reflect"
	"testing"
)

func TestNewBriefDraft(t *testing.T) {
	s := func(v string) *string { return &v }
	n := func(v int) *int { return &v }
	full := func(typ string) *Recommendation {
		return &Recommendation{Type: typ, SuggestedTitle: s("Gantt Charts: The Complete Guide (2026)"), Format: s("how_to_guide"),
			TargetWordCount: n(1800), SuggestedActionURL: s("https://acme.com/blog/gantt")}
	}
	for _, tt := range []struct {
		name string
		rec  *Recommendation
		c    BriefCreate
		want BriefDraft
	}{
		{
			name: "owned_refresh defaults to refresh, everything from the recommendation",
			rec:  full(RecOwnedRefresh),
			want: BriefDraft{Mode: BriefModeRefresh, Title: "Gantt Charts: The Complete Guide (2026)", Format: "how_to_guide",
				TargetWordCount: 1800, SourceURL: "https://acme.com/blog/gantt"},
		},
		{
			name: "other types default to create",
			rec:  full(RecOwnedCreate),
			want: BriefDraft{Mode: BriefModeCreate, Title: "Gantt Charts: The Complete Guide (2026)", Format: "how_to_guide",
				TargetWordCount: 1800, SourceURL: "https://acme.com/blog/gantt"},
		},
		{
			name: "earned defaults to create",
			rec:  &Recommendation{Type: RecEarned, Format: s("earned_pitch")},
			want: BriefDraft{Mode: BriefModeCreate, Format: "earned_pitch"},
		},
		{
			name: "social defaults to create",
			rec:  &Recommendation{Type: RecSocialPost, Format: s("social_post")},
			want: BriefDraft{Mode: BriefModeCreate, Format: "social_post"},
		},
		{
			name: "the caller's mode wins over refresh",
			rec:  full(RecOwnedRefresh),
			c:    BriefCreate{Mode: s(BriefModeCreate)},
			want: BriefDraft{Mode: BriefModeCreate, Title: "Gantt Charts: The Complete Guide (2026)", Format: "how_to_guide",
				TargetWordCount: 1800, SourceURL: "https://acme.com/blog/gantt"},
		},
		{
			name: "the caller's mode wins over create",
			rec:  full(RecOwnedCreate),
			c:    BriefCreate{Mode: s(BriefModeRefresh)},
			want: BriefDraft{Mode: BriefModeRefresh, Title: "Gantt Charts: The Complete Guide (2026)", Format: "how_to_guide",
				TargetWordCount: 1800, SourceURL: "https://acme.com/blog/gantt"},
		},
		{
			name: "the caller's title wins, trimmed; instructions kept as given",
			rec:  full(RecOwnedCreate),
			c:    BriefCreate{Title: s("  My title \n"), AdditionalInstructions: s(" Mention pricing. ")},
			want: BriefDraft{Mode: BriefModeCreate, Title: "My title", Format: "how_to_guide",
				TargetWordCount: 1800, SourceURL: "https://acme.com/blog/gantt", AdditionalInstructions: " Mention pricing. "},
		},
		{
			name: "the suggested title is taken as it is",
			rec:  &Recommendation{Type: RecOwnedCreate, SuggestedTitle: s(" Spaced ")},
			want: BriefDraft{Mode: BriefModeCreate, Title: " Spaced ", Format: "article"},
		},
		{
			name: "no format, word count, title or URL: article, 0, empty",
			rec:  &Recommendation{Type: RecOwnedCreate},
			want: BriefDraft{Mode: BriefModeCreate, Format: "article"},
		},
		{
			name: "an empty format is article",
			rec:  &Recommendation{Type: RecOwnedRefresh, Format: s(""), TargetWordCount: n(0)},
			want: BriefDraft{Mode: BriefModeRefresh, Format: "article"},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewBriefDraft(tt.rec, tt.c)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("draft\n%+v, want\n%+v", got, tt.want)
			}
		})
	}
}

func TestNewBriefDraft_NoAction(t *testing.T) {
	title := "Keep leading"
	_, err := NewBriefDraft(&Recommendation{Type: RecNoAction, SuggestedTitle: &title}, BriefCreate{Title: &title})
	e, ok := err.(*Error)
	if !ok || e.Code != EVALIDATION || len(e.Details) != 1 || *e.Details[0].Field != "recommendation_id" ||
		e.Details[0].Code != "no_action" || e.Details[0].Message != "A no_action recommendation has no content to brief." {
		t.Fatalf("error %#v, want VALIDATION_FAILED no_action on recommendation_id", err)
	}
}

func TestNewBriefPrompts(t *testing.T) {
	got := NewBriefPrompts([]PromptFacts{
		{ID: "p2", Text: "best crm", Regions: []string{"us", "gb"}},
		{ID: "p1", Text: "crm for startups", Regions: []string{}},
	})
	want := []BriefPrompt{
		{PromptID: "p2", Prompt: "best crm", CountryCodes: []string{"US", "GB"}},
		{PromptID: "p1", Prompt: "crm for startups", CountryCodes: []string{}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if got := NewBriefPrompts(nil); got == nil || len(got) != 0 {
		t.Errorf("no prompts: %#v, want an empty list", got)
	}
}

func TestBriefStateOfJob(t *testing.T) {
	for _, tt := range []struct {
		status        string
		err           *JobError
		state, genErr string
		ok            bool
	}{
		{JobQueued, nil, BriefNew, "", true},
		{JobFailed, &JobError{Class: "permanent", Message: "The model refused."}, BriefFailed, "The model refused.", true},
		{JobFailed, nil, BriefFailed, "Generation failed.", true},
		{JobRunning, nil, "", "", false},
		{JobCompleted, nil, "", "", false},
	} {
		state, genErr, ok := BriefStateOfJob(tt.status, tt.err)
		if state != tt.state || genErr != tt.genErr || ok != tt.ok {
			t.Errorf("%s: %q %q %v, want %q %q %v", tt.status, state, genErr, ok, tt.state, tt.genErr, tt.ok)
		}
	}
}

func TestBriefProgress(t *testing.T) {
	tests := []struct{ pct, want float64 }{
		{-5, 0},
		{0, 0},
		{BriefStartProgress, BriefStartProgress},
		{40, 40},
		{99.5, 99.5},
		{100, 100},
		{250, 100},
	}
	for _, tt := range tests {
		if got := BriefProgress(tt.pct); got != tt.want {
			t.Errorf("BriefProgress(%v) = %v, want %v", tt.pct, got, tt.want)
		}
	}
}
