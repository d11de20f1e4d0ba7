package engine

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/sightline/sightline"
)

// BriefGenerator names the generator in brief metadata.
const BriefGenerator = "sightline-engine/1"

// Bounds of a generated outline.
const (
	maxSections        = 10
	maxPointsPerPart   = 5
	maxQuestions       = 10
	maxCompetitorPages = 8
	minLineRepeats     = 2 // an answer line must recur to count as what "the answers cover"
)

var (
	boldHeadingRE = regexp.MustCompile(`^\*\*([^*]{3,80}?):?\*\*:?\s*$`)
	stepRE        = regexp.MustCompile(`^\d{1,2}[.)]\s+(.{10,200})$`)
	itemRE        = regexp.MustCompile(`^[-*•]\s+\*\*([^*]{2,60}?)\*\*:?\s*(.*)$`)
)

// answerFacts is what a set of answers says, by frequency.
type answerFacts struct {
	headings []string            // bold section headings
	steps    []string            // numbered steps
	claims   map[string][]string // per brand name: what the answers say about it
}

// readAnswers extracts the recurring structure of answers: headings,
// numbered steps and the sentence next to each brand in lists.
func readAnswers(answers []string) answerFacts {
	headings, steps := map[string]int{}, map[string]int{}
	claims := map[string]map[string]int{}
	for _, a := range answers {
		for _, line := range strings.Split(a, "\n") {
			line = strings.TrimSpace(line)
			switch {
			case boldHeadingRE.MatchString(line):
				headings[strings.TrimSuffix(boldHeadingRE.FindStringSubmatch(line)[1], ":")]++
			case stepRE.MatchString(line):
				steps[stepRE.FindStringSubmatch(line)[1]]++
			case itemRE.MatchString(line):
				m := itemRE.FindStringSubmatch(line)
				name, claim := strings.TrimSuffix(strings.TrimSpace(m[1]), ":"), strings.TrimSpace(m[2])
				if claim != "" {
					if claims[name] == nil {
						claims[name] = map[string]int{}
					}
					claims[name][claim]++
				}
			}
		}
	}
	f := answerFacts{headings: byCount(headings, minLineRepeats), steps: byCount(steps, minLineRepeats), claims: map[string][]string{}}
	for name, cs := range claims {
		f.claims[name] = byCount(cs, 1)
	}
	return f
}

// byCount returns the keys seen at least min times, most frequent first.
func byCount(m map[string]int, min int) []string {
	var out []string
	for k, n := range m {
		if n >= min {
			out = append(out, k)
		}
	}
	slices.SortFunc(out, func(a, b string) int {
		if d := cmp.Compare(m[b], m[a]); d != 0 {
			return d
		}
		return cmp.Compare(a, b)
	})
	return out
}

// formatSections are the sections every piece of a format needs, before
// those the answers suggest.
var formatSections = map[string][]string{
	"comparison":        {"At a glance: comparison table", "Pricing per seat", "Where each option wins", "Verdict: which one for which team"},
	"alternative":       {"Why teams switch", "The alternatives, ranked", "How to migrate"},
	"how_to_guide":      {"The short answer", "Step by step", "Tools that make it easier", "FAQ"},
	"listicle":          {"How we picked", "The list", "Comparison table", "FAQ"},
	"earned_pitch":      {"Subject line", "Why your readers need this now", "Proof points", "The offer"},
	"social_post":       {"Hook", "The answer", "Where the product fits", "Disclosure"},
	"pricing_breakdown": {"Plans at a glance", "What each plan includes", "Total cost by team size"},
	"features":          {"What it does", "How teams use it", "How it compares"},
	"documentation":     {"Before you start", "Steps", "Examples", "Troubleshooting"},
}

// GenerateBrief writes the brief of a recommendation from the evidence of
// its prompts: an outline (sections with talking points, the questions the
// answers cover, the competitor pages to beat), the target prompts with
// their countries, and the brief text in markdown.
func GenerateBrief(in *sightline.BriefInput) (*sightline.BriefResult, error) {
	if in == nil || in.Brief == nil || in.Recommendation == nil {
		return nil, errors.New("generate brief: missing brief or recommendation")
	}
	b, rec := in.Brief, in.Recommendation
	facts := readAnswers(in.Answers)
	res := &sightline.BriefResult{Title: b.Title, Format: b.Format, TargetWordCount: b.TargetWordCount}
	if res.Title == "" {
		res.Title = deref(rec.SuggestedTitle)
	}
	if res.Format == "" {
		res.Format = "article"
	}
	if res.TargetWordCount == 0 {
		res.TargetWordCount = wordCounts[res.Format]
	}
	for _, p := range in.Prompts {
		bp := sightline.BriefPrompt{PromptID: p.ID, Prompt: p.Text, CountryCodes: []string{}}
		for _, r := range p.Regions {
			bp.CountryCodes = append(bp.CountryCodes, strings.ToUpper(r))
		}
		res.TargetPrompts = append(res.TargetPrompts, bp)
	}
	comps := competitorNames(rec)
	res.Outline = sightline.BriefOutline{
		Sections:        briefSections(in, res.Format, facts, comps),
		Questions:       briefQuestions(in),
		CompetitorPages: competitorPages(in),
	}
	res.Metadata = sightline.BriefMetadata{
		Generator: BriefGenerator, RecommendationType: rec.Type, Severity: rec.Severity,
		AnswersRead: len(in.Answers), PagesRead: len(in.Pages), RequiredElements: rec.RequiredElements, Competitors: comps,
	}
	res.BriefText = briefText(in, res)
	return res, nil
}

func briefSections(in *sightline.BriefInput, format string, facts answerFacts, comps []string) []sightline.BriefSection {
	rec := in.Recommendation
	var out []sightline.BriefSection
	add := func(heading string, points ...string) {
		if len(out) < maxSections && !slices.ContainsFunc(out, func(s sightline.BriefSection) bool { return strings.EqualFold(s.Heading, heading) }) {
			out = append(out, sightline.BriefSection{Heading: heading, Points: nonNil(points[:min(len(points), maxPointsPerPart)])})
		}
	}
	var prompts []string
	for _, p := range in.Prompts {
		prompts = append(prompts, p.Text)
	}
	add("Answer first", append([]string{"Answer the main question in the first 100 words."}, prompts...)...)
	for _, h := range formatSections[format] {
		switch {
		case strings.HasPrefix(h, "Step") && len(facts.steps) > 0:
			add(h, facts.steps...)
		case strings.Contains(h, "compar") || strings.Contains(h, "ranked") || strings.Contains(h, "list"):
			add(h, competitorPoints(in.BrandName, comps)...)
		default:
			add(h)
		}
	}
	if len(rec.RequiredElements) > 0 {
		add("Must include", rec.RequiredElements...)
	}
	// Sections the answers themselves use, with what they say there.
	for _, h := range facts.headings {
		add(h)
	}
	if len(facts.steps) > 0 {
		add("Points every answer makes", facts.steps...)
	}
	for _, c := range comps {
		if cl := facts.claims[c]; len(cl) > 0 {
			add("What answers say about "+c, cl...)
		}
	}
	if cl := facts.claims[in.BrandName]; len(cl) > 0 {
		add("How answers describe "+in.BrandName+" today (improve on it)", cl...)
	}
	return out
}

func competitorPoints(brand string, comps []string) []string {
	out := []string{brand}
	return append(out, comps...)
}

func nonNil(ss []string) []string {
	if ss == nil {
		return []string{}
	}
	return ss
}

// briefQuestions are the target prompts, then the questions the cited
// discussions ask.
func briefQuestions(in *sightline.BriefInput) []string {
	var out []string
	seen := map[string]bool{}
	add := func(q string) {
		k := strings.ToLower(strings.TrimSpace(q))
		if k != "" && !seen[k] && len(out) < maxQuestions {
			seen[k] = true
			out = append(out, strings.TrimSpace(q))
		}
	}
	for _, p := range in.Prompts {
		add(p.Text)
	}
	for _, p := range in.Pages {
		if t := cleanTitle(subredRE.ReplaceAllString(p.Title, "")); strings.HasSuffix(t, "?") {
			add(t)
		}
	}
	return out
}

// competitorPages are the pages to beat: competitors' own pages first,
// then the other non-owned pages the answers cite most.
func competitorPages(in *sightline.BriefInput) []sightline.BriefPage {
	var comp, other []sightline.BriefPage
	for _, p := range in.Pages {
		if p.Ownership == sightline.ClassOwned {
			continue
		}
		bp := sightline.BriefPage{URL: p.Page, Title: p.Title, Domain: p.Domain, Class: classOf(p), Citations: p.Citations}
		if p.Ownership == sightline.ClassCompetitorOwned {
			comp = append(comp, bp)
		} else if bp.Class == classOutlet || bp.Class == classSocial {
			other = append(other, bp)
		}
	}
	out := append(comp, other...)
	return out[:min(len(out), maxCompetitorPages)]
}

// briefText renders the brief as markdown.
func briefText(in *sightline.BriefInput, res *sightline.BriefResult) string {
	b, rec := in.Brief, in.Recommendation
	var t strings.Builder
	fmt.Fprintf(&t, "# %s\n\n", res.Title)
	fmt.Fprintf(&t, "**Format:** %s · **Mode:** %s · **Target length:** %d words\n", strings.ReplaceAll(res.Format, "_", " "), b.Mode, res.TargetWordCount)
	if b.SourceURL != "" {
		fmt.Fprintf(&t, "**Source URL:** %s\n", b.SourceURL)
	}
	if b.TopicName != nil {
		fmt.Fprintf(&t, "**Topic:** %s\n", *b.TopicName)
	}
	if b.AudienceName != nil {
		fmt.Fprintf(&t, "**Audience:** %s\n", *b.AudienceName)
	}
	fmt.Fprintf(&t, "\n## Goal\n\n%s\n\n%s\n", rec.Action, rec.Reason)
	if len(res.TargetPrompts) > 0 {
		t.WriteString("\n## Target prompts\n\n")
		for _, p := range res.TargetPrompts {
			fmt.Fprintf(&t, "- “%s” (%s)\n", p.Prompt, strings.Join(p.CountryCodes, ", "))
		}
	}
	t.WriteString("\n## Outline\n")
	for _, s := range res.Outline.Sections {
		fmt.Fprintf(&t, "\n### %s\n\n", s.Heading)
		for _, p := range s.Points {
			fmt.Fprintf(&t, "- %s\n", p)
		}
	}
	if len(res.Outline.Questions) > 0 {
		t.WriteString("\n## Questions to answer\n\n")
		for _, q := range res.Outline.Questions {
			fmt.Fprintf(&t, "- %s\n", q)
		}
	}
	if len(res.Outline.CompetitorPages) > 0 {
		t.WriteString("\n## Pages to beat\n\n")
		for _, p := range res.Outline.CompetitorPages {
			title := p.Title
			if title == "" {
				title = p.URL
			}
			fmt.Fprintf(&t, "- [%s](%s) — %s, cited %d times\n", title, p.URL, p.Domain, p.Citations)
		}
	}
	if rec.Details != nil {
		fmt.Fprintf(&t, "\n## Next steps\n\n%s", *rec.Details)
	}
	if strings.TrimSpace(b.AdditionalInstructions) != "" {
		fmt.Fprintf(&t, "\n## Additional instructions\n\n%s\n", strings.TrimSpace(b.AdditionalInstructions))
	}
	return t.String()
}
