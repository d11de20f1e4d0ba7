// Package engine decides and scores from evidence: content recommendations
// (GenerateRecommendations), opportunities (ComputeOpportunities) and
// content briefs (GenerateBrief). It reads only the facts the store
// computed (sightline.BrandEvidence, sightline.BriefInput) and is pure:
// the same facts always give the same output. docs/engines.md documents the
// rules and formulas.
package engine

import (
	"fmt"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/sightline/sightline"
)

// Citation classes the router compares.
const (
	classOwned      = sightline.ClassOwned           // the brand's domains
	classCompetitor = sightline.ClassCompetitorOwned // a tracked competitor's domain
	classOutlet     = "outlet"                       // editorial and review sites
	classSocial     = "social"                       // reddit, youtube, linkedin, x
	classOther      = "other"
)

var classes = []string{classOwned, classCompetitor, classOutlet, classSocial, classOther}

// classOf puts a cited page in one class: ownership first, then the social
// platforms, then editorial and review outlets.
func classOf(p *sightline.PageFacts) string {
	switch {
	case p.Ownership == sightline.ClassOwned:
		return classOwned
	case p.Ownership == sightline.ClassCompetitorOwned:
		return classCompetitor
	case sightline.PlatformOf(p.Domain) != "web":
		return classSocial
	case p.StaticType == "editorial" || p.StaticType == "review":
		return classOutlet
	}
	return classOther
}

// formatOfPageType maps a page_type to the recommendation format
// vocabulary.
var formatOfPageType = map[string]string{
	"homepage": "homepage", "article": "article", "discussion": "article", "social": "social_post",
	"product_page": "features", "review": "product_review", "comparison": "comparison", "alternative": "alternative",
	"listicle": "listicle", "how_to_guide": "how_to_guide", "category_page": "category_page",
	"documentation": "documentation", "pricing": "pricing_breakdown", "about": "about", "case_study": "case_study",
	"features": "features", "resource": "resource",
}

func formatOf(pageType string) string {
	if f, ok := formatOfPageType[pageType]; ok {
		return f
	}
	return "article"
}

// wordCounts are the target lengths by format.
var wordCounts = map[string]int{
	"listicle": 2200, "how_to_guide": 1800, "comparison": 2000, "product_review": 1500, "alternative": 2200,
	"article": 1500, "case_study": 1200, "pricing_breakdown": 1200, "features": 1000, "documentation": 1200,
	"homepage": 700, "about": 600, "category_page": 900, "resource": 1500, "social_post": 250, "earned_pitch": 400,
}

// formatElements are the elements a piece of each format must have.
var formatElements = map[string][]string{
	"listicle":          {"Ranked list with a one-line verdict per option", "Comparison table: pricing, key features, best for", "How the options were selected"},
	"how_to_guide":      {"Numbered steps", "A worked example with screenshots", "FAQ section"},
	"comparison":        {"Side-by-side comparison table", "Pricing per seat", "Pros and cons of each option", "Verdict: who each option is best for"},
	"alternative":       {"Why teams switch: the pain points", "Ranked alternatives with pricing", "Migration steps"},
	"product_review":    {"Pros and cons", "Pricing", "Verdict"},
	"article":           {"A direct answer in the first paragraph", "Supporting data or examples"},
	"case_study":        {"Customer, challenge, solution", "Results with numbers"},
	"pricing_breakdown": {"Plan-by-plan price table", "What each plan includes", "Total cost at common team sizes"},
	"features":          {"Feature list with screenshots", "Use cases"},
	"documentation":     {"Step-by-step instructions", "Configuration examples"},
	"homepage":          {"One-sentence positioning", "Proof: customers and numbers"},
	"about":             {"Who the product is for", "Proof: customers and numbers"},
	"category_page":     {"Category definition", "Links to the detailed pages"},
	"resource":          {"Downloadable or reusable asset", "How to use it"},
	"social_post":       {"Disclose your affiliation", "Answer the question first, mention the product once", "A concrete example or screenshot"},
	"earned_pitch":      {"The editor or author to contact", "One-paragraph case against the tools they already list", "Proof points: customer story, pricing, differentiators", "An offer: trial account, data or a quote"},
}

// volumeFactor weighs a recommendation by the runs it touches: 1 − e^(−runs
// / (2 × median runs of a prompt)), so one typical prompt counts 0.39, three
// 0.78 and a whole topic close to 1.
func volumeFactor(runs, medianRuns int) float64 {
	if runs <= 0 {
		return 0
	}
	return 1 - math.Exp(-float64(runs)/(2*float64(max(medianRuns, 1))))
}

// medianRuns is the median number of runs of the prompts.
func medianRuns(prompts []*sightline.PromptFacts) int {
	if len(prompts) == 0 {
		return 1
	}
	ns := make([]int, len(prompts))
	for i, p := range prompts {
		ns[i] = p.Runs
	}
	slices.Sort(ns)
	return ns[len(ns)/2]
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

func ratio(a, b int) float64 {
	if b <= 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// pct formats a ratio as a whole percentage.
func pct(a, b int) string { return fmt.Sprintf("%.0f%%", 100*ratio(a, b)) }

// titleSuffix matches the site name after the last separator of a title.
var titleSuffix = regexp.MustCompile(`\s+(?:[|–—]|-\s)\s*[^|–—]*$`)

// cleanTitle removes the site name from a page title.
func cleanTitle(t string) string {
	t = strings.TrimSpace(t)
	if c := titleSuffix.ReplaceAllString(t, ""); len(c) >= 12 {
		return c
	}
	return t
}

var yearRE = regexp.MustCompile(`\b(19|20)\d{2}\b`)

// staleYear returns a year in the title older than year, or "".
func staleYear(title string, year int) string {
	for _, y := range yearRE.FindAllString(title, -1) {
		if y < fmt.Sprint(year) {
			return y
		}
	}
	return ""
}

// slugify lowercases s and joins its words with dashes.
func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		} else if r != '\'' {
			dash = true
		}
	}
	return b.String()
}

// pathOf returns host and path of a URL for display ("taskloom.com/blog/x").
func pathOf(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return u
	}
	return strings.TrimPrefix(p.Host, "www.") + strings.TrimSuffix(p.EscapedPath(), "/")
}

// quoteList renders up to n items as "a", "b" and "c" (+k more).
func quoteList(items []string, n int) string {
	var q []string
	for i, s := range items {
		if i == n {
			q[len(q)-1] += fmt.Sprintf(" (+%d more)", len(items)-n)
			break
		}
		q = append(q, "“"+s+"”")
	}
	return joinAnd(q)
}

// joinAnd joins words as "a", "a and b" or "a, b and c".
func joinAnd(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func ptr[T any](v T) *T { return &v }
