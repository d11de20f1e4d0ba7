package engine

import (
	"cmp"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/sightline/sightline"
)

// Opportunity thresholds and weights (docs/engines.md).
const (
	MaxOpportunities = 50
	minPhrasePages   = 2   // a context hint recurs across pages
	minPhraseDomains = 2   // … of different sites, not one site's title template
	minPhraseWeak    = 0.4 // the brand is weak in at least this share of its citations
	minPhraseWords   = 2
	minTopicalShare  = 0.5 // share of a phrase's words that tracked prompts use
	maxPhraseWords   = 4
	subsumedShare    = 0.8 // a phrase inside a longer one with this much of its support is dropped
	weightVolume     = 0.35
	weightGap        = 0.35
	weightRelevance  = 0.15
	weightEase       = 0.15
)

// edgeWords may not start or end a phrase: they make fragments, not
// queries.
var edgeWords = setOf("a", "an", "and", "or", "of", "for", "to", "in", "on", "with", "by", "at", "from", "your", "our", "you",
	"we", "is", "are", "it", "its", "how", "what", "why", "which", "who", "vs", "versus", "the", "that", "this", "do", "does",
	"can", "should", "i", "my", "me", "be", "as", "up", "out", "than", "then", "so", "if", "just", "really", "actually",
	"complete", "ultimate", "tested", "ranked", "rated", "expert", "reviewed", "year", "anyone", "else", "finally", "found",
	"thread", "discussion", "lessons", "learned", "most", "more", "every", "keep", "compared", "inside", "works", "work", "working",
	"when", "where", "after", "before", "one", "about", "without", "into", "over", "use", "using", "used", "make", "need", "people",
	"things", "thing", "way", "ways", "here", "there", "now", "new", "get", "got", "still", "we've", "i've", "you're", "they",
	"right", "winner", "smart", "practical", "really", "ever", "all", "any", "some", "choosing", "choose", "pick", "picking", "moving", "wins")

// stopWords never count toward similarity.
var stopWords = setOf("a", "an", "and", "or", "of", "for", "to", "in", "on", "with", "by", "at", "from", "the", "is", "are",
	"how", "what", "why", "which", "who", "do", "does", "i", "my", "me", "we", "our", "your", "you", "it", "its", "be", "can",
	"should", "that", "this", "vs", "versus", "as", "than")

func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

var (
	parenRE    = regexp.MustCompile(`\([^)]*\)|\[[^\]]*\]`)
	subredRE   = regexp.MustCompile(`\s*:\s*r/\S+\s*$`)
	onSocialRE = regexp.MustCompile(`^.{1,60}? on (?:LinkedIn|X|Twitter):\s*`)
	wordRE     = regexp.MustCompile(`[\p{L}\p{N}]+(?:['’][\p{L}]+)?`)
)

// titleWords returns the lower-case words of a page title without its site
// name, parenthesized asides and social-post framing.
func titleWords(title string) []string {
	t := onSocialRE.ReplaceAllString(title, "")
	t = subredRE.ReplaceAllString(t, "")
	t = cleanTitle(t)
	t = parenRE.ReplaceAllString(t, " ")
	return wordRE.FindAllString(strings.ToLower(t), -1)
}

// phrasesOf returns the distinct 2–4 word phrases of words that neither
// start nor end with an edge word and hold no number.
func phrasesOf(words []string, skip map[string]bool) []string {
	seen := map[string]bool{}
	var out []string
	for i := range words {
		for n := minPhraseWords; n <= maxPhraseWords && i+n <= len(words); n++ {
			ws := words[i : i+n]
			if edgeWords[ws[0]] || edgeWords[ws[n-1]] || slices.ContainsFunc(ws, func(w string) bool { return skip[w] || isNumber(w) }) {
				continue
			}
			p := strings.Join(ws, " ")
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

func isNumber(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

// phraseAgg is a candidate query with its support.
type phraseAgg struct {
	text      string
	pages     map[string]bool
	domains   map[string]bool
	titles    []string
	citations int
	weak      int
	compWeak  int // weak citations in runs naming a competitor
	compPages int // citations of competitor pages
	byPrompt  map[string]int
	byClass   map[string]int
}

// ComputeOpportunities finds the queries in the answers' context (the
// titles of the pages they cite) where the brand is weak, and scores them.
// The result is sorted by final score, highest first, at most
// MaxOpportunities, each with Key set.
func ComputeOpportunities(ev *sightline.BrandEvidence) []*sightline.Opportunity {
	prompts := map[string]*sightline.PromptFacts{}
	for _, p := range ev.Prompts {
		prompts[p.ID] = p
	}
	// The brand's own name is navigational, not an opportunity.
	skip := map[string]bool{}
	for _, w := range wordRE.FindAllString(strings.ToLower(ev.BrandName), -1) {
		skip[w] = true
	}
	// A query must be about what the brand tracks: most of its words occur
	// in the tracked prompts. One made only of competitor names is
	// navigational for them.
	vocab, compWords := map[string]bool{}, map[string]bool{}
	for _, p := range ev.Prompts {
		for w := range tokenSet(p.Text) {
			vocab[w] = true
		}
	}
	for _, c := range ev.Competitors {
		for w := range tokenSet(c.Name) {
			compWords[w] = true
		}
	}
	topical := map[string]bool{}
	isTopical := func(ph string) bool {
		ok, seen := topical[ph]
		if !seen {
			ws := tokenSet(ph)
			in, comp := 0, 0
			for w := range ws {
				if vocab[w] {
					in++
				}
				if compWords[w] {
					comp++
				}
			}
			ok = comp < len(ws) && ratio(in, len(ws)) >= minTopicalShare
			topical[ph] = ok
		}
		return ok
	}
	cands := map[string]*phraseAgg{}
	for _, pg := range ev.Pages {
		if pg.Title == "" || pg.Ownership == sightline.ClassOwned || prompts[pg.PromptID] == nil {
			continue
		}
		for _, ph := range phrasesOf(titleWords(pg.Title), skip) {
			if !isTopical(ph) {
				continue
			}
			a := cands[ph]
			if a == nil {
				a = &phraseAgg{text: ph, pages: map[string]bool{}, domains: map[string]bool{}, byPrompt: map[string]int{}, byClass: map[string]int{}}
				cands[ph] = a
			}
			a.domains[pg.Domain] = true
			if !a.pages[pg.Page] {
				a.pages[pg.Page] = true
				a.titles = append(a.titles, pg.Title)
			}
			a.citations += pg.Runs
			a.weak += pg.WeakRuns
			a.compWeak += pg.CompWeakRuns
			a.byPrompt[pg.PromptID] += pg.Runs
			a.byClass[classOf(pg)] += pg.Runs
			if pg.Ownership == sightline.ClassCompetitorOwned {
				a.compPages += pg.Runs
			}
		}
	}
	var list []*phraseAgg
	for _, a := range cands {
		if len(a.pages) >= minPhrasePages && len(a.domains) >= minPhraseDomains && ratio(a.weak, a.citations) >= minPhraseWeak {
			list = append(list, a)
		}
	}
	list = dropSubsumed(list)
	weeks := max(ev.Window.End.Sub(ev.Window.Start).Hours()/(24*7), 1.0/7)
	var opps []*sightline.Opportunity
	maxVol := 0.0
	vols := make([]float64, len(list))
	for i, a := range list {
		runs := 0
		for id, n := range a.byPrompt { // a run is counted once per prompt at most
			runs += min(n, prompts[id].Runs)
		}
		vols[i] = float64(runs) / weeks
		maxVol = max(maxVol, vols[i])
	}
	for i, a := range list {
		opps = append(opps, scoreOpportunity(ev, a, vols[i], maxVol, prompts))
	}
	slices.SortStableFunc(opps, func(a, b *sightline.Opportunity) int {
		if d := cmp.Compare(b.FinalScore, a.FinalScore); d != 0 {
			return d
		}
		return cmp.Compare(a.Key, b.Key)
	})
	return opps[:min(len(opps), MaxOpportunities)]
}

// dropSubsumed removes a phrase contained in a longer candidate that has
// most of its support: the longer one is the more specific query.
func dropSubsumed(list []*phraseAgg) []*phraseAgg {
	slices.SortFunc(list, func(a, b *phraseAgg) int {
		if d := cmp.Compare(len(b.text), len(a.text)); d != 0 {
			return d
		}
		return cmp.Compare(a.text, b.text)
	})
	var kept []*phraseAgg
	for _, a := range list {
		sub := false
		for _, k := range kept {
			if strings.Contains(" "+k.text+" ", " "+a.text+" ") && float64(k.citations) >= subsumedShare*float64(a.citations) {
				sub = true
				break
			}
		}
		if !sub {
			kept = append(kept, a)
		}
	}
	return kept
}

// scoreOpportunity scores one candidate.
func scoreOpportunity(ev *sightline.BrandEvidence, a *phraseAgg, vol, maxVol float64, prompts map[string]*sightline.PromptFacts) *sightline.Opportunity {
	gap := ratio(a.weak, a.citations)
	compNamed := ratio(a.compWeak, a.weak)
	compPages := ratio(a.compPages, a.citations)
	difficulty := math.Round(100*(0.6*compNamed+0.4*compPages)*10) / 10
	volScore := 0.0
	if maxVol > 0 {
		volScore = math.Log1p(vol) / math.Log1p(maxVol)
	}
	// Source prompts, most runs first; the closest one is the match.
	var ids []string
	for id := range a.byPrompt {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(x, y string) int {
		if d := cmp.Compare(a.byPrompt[y], a.byPrompt[x]); d != 0 {
			return d
		}
		return cmp.Compare(x, y)
	})
	words := tokenSet(a.text)
	var matched *sightline.PromptFacts
	best := -1.0
	for _, id := range ids {
		if s := jaccard(words, tokenSet(prompts[id].Text)); s > best {
			best, matched = s, prompts[id]
		}
	}
	relevance := math.Max(best, 0)
	final := 100 * (weightVolume*volScore + weightGap*gap + weightRelevance*relevance + weightEase*(1-difficulty/100))
	o := &sightline.Opportunity{
		Key: a.text, BrandID: ev.BrandID, Type: sightline.OpportunityContextHint, Difficulty: difficulty,
		EstVolume: math.Round(vol*10) / 10, EstVolumeUnit: sightline.VolumeUnitRunsPerWeek, VolumeRange: sightline.VolumeRange(vol),
		FinalScore: math.Round(final*10) / 10, ComputedAt: ev.Now,
		Scores: map[string]float64{
			"volume": round3(volScore), "gap": round3(gap), "relevance": round3(relevance), "ease": round3(1 - difficulty/100),
			"competitor_named": round3(compNamed), "competitor_pages": round3(compPages),
		},
		Source:  sightline.OpportunitySource{Kind: sightline.OpportunityContextHint, Text: a.text, PromptIDs: []string{}, Prompts: []sightline.PromptRef{}},
		ListIDs: []string{},
	}
	o.Intent = phraseIntent(a.text, matched)
	if matched != nil {
		o.MatchedPrompt = &sightline.PromptRef{ID: matched.ID, Text: matched.Text}
	}
	topics := map[string]bool{}
	for _, id := range ids {
		p := prompts[id]
		o.Source.PromptIDs = append(o.Source.PromptIDs, id)
		o.Source.Prompts = append(o.Source.Prompts, sightline.PromptRef{ID: id, Text: p.Text})
		if p.TopicID != "" && !topics[p.TopicID] {
			topics[p.TopicID] = true
			o.ListIDs = append(o.ListIDs, p.TopicID)
		}
	}
	slices.Sort(o.ListIDs)
	titles := slices.Clone(a.titles)
	slices.Sort(titles)
	o.Source.Description = fmt.Sprintf("In the titles of %d pages that AI answers cite, e.g. %s.", len(a.pages), quoteList(titles, 2))
	o.ReasoningTags = reasoningTags(o, gap, compNamed, compPages, a.byClass)
	o.Rationale = fmt.Sprintf("“%s” recurs in %d cited pages across %d prompts (about %.0f runs a week); %s is absent or ranked 4th or lower in %.0f%% of those citations and competitors are named in %.0f%% of them.",
		a.text, len(a.pages), len(ids), vol, ev.BrandName, 100*gap, 100*compNamed)
	return o
}

// reasoningTags explain a score in words a UI can filter on.
func reasoningTags(o *sightline.Opportunity, gap, compNamed, compPages float64, byClass map[string]int) []string {
	var tags []string
	if gap >= 0.6 {
		tags = append(tags, "brand_absent")
	} else {
		tags = append(tags, "brand_weak")
	}
	if compNamed >= 0.5 {
		tags = append(tags, "competitors_named")
	}
	if compPages >= 0.15 {
		tags = append(tags, "competitor_pages_cited")
	}
	switch {
	case o.EstVolume >= 50:
		tags = append(tags, "high_volume")
	case o.EstVolume < 10:
		tags = append(tags, "low_volume")
	}
	switch {
	case o.Difficulty < 40:
		tags = append(tags, "low_difficulty")
	case o.Difficulty >= 70:
		tags = append(tags, "high_difficulty")
	}
	tags = append(tags, map[string]string{"T": "transactional", "C": "commercial", "I": "informational", "N": "navigational"}[o.Intent])
	top, n := "", 0
	for _, c := range classes {
		if byClass[c] > n {
			top, n = c, byClass[c]
		}
	}
	if top != "" {
		tags = append(tags, top+"_context")
	}
	return tags
}

var intentWords = []struct {
	intent string
	words  map[string]bool
}{
	{"T", setOf("price", "prices", "pricing", "cost", "costs", "buy", "trial", "cheap", "cheaper", "cheapest", "discount", "plan", "plans", "free")},
	{"C", setOf("best", "top", "vs", "versus", "alternative", "alternatives", "compare", "comparison", "review", "reviews", "software", "tools", "apps", "platforms")},
	{"I", setOf("how", "what", "why", "guide", "template", "templates", "tips", "explained", "checklist", "examples", "planning", "leveling")},
}

// phraseIntent reads the intent from the phrase's words, else from the
// matched prompt, else informational.
func phraseIntent(text string, matched *sightline.PromptFacts) string {
	for _, iw := range intentWords {
		for _, w := range strings.Fields(text) {
			if iw.words[w] {
				return iw.intent
			}
		}
	}
	if matched != nil && matched.Intent != "" {
		return matched.Intent
	}
	return "I"
}

// tokenSet returns the content words of s, crudely singularized.
func tokenSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range wordRE.FindAllString(strings.ToLower(s), -1) {
		if stopWords[w] {
			continue
		}
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = w[:len(w)-1]
		}
		out[w] = true
	}
	return out
}

func jaccard(a, b map[string]bool) float64 {
	inter := 0
	for w := range a {
		if b[w] {
			inter++
		}
	}
	union := len(a) + len(b) - inter
	if union == 0 {
		return 0
	}
	return float64(inter) / float64(union)
}
