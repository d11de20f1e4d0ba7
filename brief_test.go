package sightline

import "testing"

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
