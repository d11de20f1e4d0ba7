package engine

import (
	"slices"
	"strings"
	"testing"

	"github.com/sightline/sightline"
)

func TestGenerateBrief(t *testing.T) {
	recs, err := GenerateRecommendations(fiveTypes())
	if err != nil {
		t.Fatal(err)
	}
	var rec *sightline.Recommendation
	for _, r := range recs {
		if r.Type == sightline.RecOwnedRefresh {
			rec = r
		}
	}
	topic := "Refresh"
	in := &sightline.BriefInput{
		Brief: &sightline.Brief{Title: *rec.SuggestedTitle, Format: *rec.Format, Mode: sightline.BriefModeRefresh,
			SourceURL: *rec.SuggestedActionURL, TopicName: &topic, TargetWordCount: *rec.TargetWordCount, AdditionalInstructions: "Use British spelling."},
		Recommendation: rec, BrandName: "Acme", BrandDomain: "acme.com",
		Prompts: []sightline.PromptFacts{{ID: "p-ref", Text: "How do I build a gantt chart?", Regions: []string{"us", "gb"}}},
		Pages: []*sightline.PageFacts{
			{Page: "https://rival.io/gantt", Domain: "rival.io", Title: "Gantt charts | Rival", Ownership: sightline.ClassCompetitorOwned, Citations: 40},
			{Page: "https://www.g2.com/categories/gantt", Domain: "g2.com", StaticType: "review", Title: "Best Gantt Software | G2", Citations: 30},
			{Page: "https://acme.com/blog/gantt-guide", Domain: "acme.com", Ownership: sightline.ClassOwned, Citations: 20},
			{Page: "https://www.reddit.com/r/pm/comments/1/x", Domain: "reddit.com", Title: "Which gantt tool handles dependencies? : r/pm", Citations: 10},
		},
		Answers: []string{
			"Here is how:\n\n1. List every task with an owner.\n2. Link tasks with dependencies.\n\n**Tools that help:**\n- **Rival**: Rival is known for detailed charts.\n- **Acme**: A solid option with automation.",
			"Steps:\n\n1. List every task with an owner.\n2. Link tasks with dependencies.\n\n**Tools that help:**\n- **Rival**: Rival is known for detailed charts.",
		},
	}
	res, err := GenerateBrief(in)
	if err != nil {
		t.Fatal(err)
	}
	if res.Title != *rec.SuggestedTitle || res.Format != "how_to_guide" || res.TargetWordCount != 1800 {
		t.Errorf("title %q format %s words %d", res.Title, res.Format, res.TargetWordCount)
	}
	if len(res.TargetPrompts) != 1 || !slices.Equal(res.TargetPrompts[0].CountryCodes, []string{"US", "GB"}) {
		t.Errorf("target prompts %+v", res.TargetPrompts)
	}
	var headings []string
	var steps []string
	for _, s := range res.Outline.Sections {
		headings = append(headings, s.Heading)
		if s.Heading == "Step by step" {
			steps = s.Points
		}
	}
	for _, h := range []string{"Answer first", "Step by step", "Tools that help", "What answers say about Rival", "Must include"} {
		if !slices.Contains(headings, h) {
			t.Errorf("no section %q in %v", h, headings)
		}
	}
	if !slices.Equal(steps, []string{"Link tasks with dependencies.", "List every task with an owner."}) {
		t.Errorf("steps = %v", steps)
	}
	if !slices.Equal(res.Outline.Questions, []string{"How do I build a gantt chart?", "Which gantt tool handles dependencies?"}) {
		t.Errorf("questions = %v", res.Outline.Questions)
	}
	if len(res.Outline.CompetitorPages) != 3 || res.Outline.CompetitorPages[0].URL != "https://rival.io/gantt" {
		t.Errorf("competitor pages = %+v", res.Outline.CompetitorPages)
	}
	for _, s := range []string{"# How to Build a Gantt Chart (2026 Guide)", "## Target prompts", "(US, GB)", "## Outline", "## Pages to beat",
		"## Questions to answer", "## Next steps", "## Additional instructions", "Use British spelling."} {
		if !strings.Contains(res.BriefText, s) {
			t.Errorf("brief text lacks %q", s)
		}
	}
	if res.Metadata.Generator != BriefGenerator || res.Metadata.AnswersRead != 2 || res.Metadata.RecommendationType != sightline.RecOwnedRefresh {
		t.Errorf("metadata %+v", res.Metadata)
	}
	if _, err := GenerateBrief(&sightline.BriefInput{}); err == nil {
		t.Error("no error without a recommendation")
	}
}
