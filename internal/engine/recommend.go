package engine

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/sightline/sightline"
)

// Router thresholds (docs/engines.md). A prompt is judged only with
// MinPromptRuns runs; the brand leads it when named first in LeadFirstRate
// of its runs, and it is a problem when the brand is weak (absent or named
// 4th or lower) in WeakRateMin of its runs. A problem prompt goes to the
// first rule whose citation share (over the citations of its weak runs)
// clears the bar.
const (
	MinPromptRuns     = 6
	LeadFirstRate     = 0.5
	WeakRateMin       = 0.4
	RefreshOwnedShare = 0.12 // owned pages are cited while the brand is weak
	CreateCompShare   = 0.25 // competitor pages win and no owned page is ever cited
	EarnedOutletShare = 0.30 // editorial/review outlets carry the answers
	SocialShare       = 0.30 // reddit/youtube/linkedin/x threads carry the answers
	maxTargetURLs     = 5
	maxTopCompetitors = 3
	maxEvidenceItems  = 8
)

// Router rules, recorded in evidence.router.rule.
const (
	ruleLeads   = "brand_leads"
	ruleRefresh = "owned_pages_cited_while_weak"
	ruleCreate  = "competitor_pages_win_no_owned_page"
	ruleEarned  = "outlets_cite_competitors"
	ruleSocial  = "social_threads_cited_while_absent"
)

// route is the router's decision for one prompt.
type route struct {
	recType string
	rule    string
	shares  map[string]float64 // citation class shares of the weak runs
}

// promptView is a prompt with its pages.
type promptView struct {
	*sightline.PromptFacts
	pages []*sightline.PageFacts
}

// routePrompt decides which recommendation type, if any, a prompt calls
// for.
func routePrompt(p promptView) (route, bool) {
	if p.Runs < MinPromptRuns {
		return route{}, false
	}
	if ratio(p.FirstRuns, p.Runs) >= LeadFirstRate {
		return route{recType: sightline.RecNoAction, rule: ruleLeads, shares: classShares(p.pages, false)}, true
	}
	if ratio(p.WeakRuns, p.Runs) < WeakRateMin {
		return route{}, false
	}
	sh := classShares(p.pages, true)
	ownedEver := false
	for _, pg := range p.pages {
		if classOf(pg) == classOwned && pg.Runs > 0 {
			ownedEver = true
		}
	}
	r := route{shares: sh}
	switch {
	case sh[classOwned] >= RefreshOwnedShare:
		r.recType, r.rule = sightline.RecOwnedRefresh, ruleRefresh
	case !ownedEver && sh[classCompetitor] >= CreateCompShare:
		r.recType, r.rule = sightline.RecOwnedCreate, ruleCreate
	case sh[classOutlet] >= EarnedOutletShare && sh[classOutlet] >= sh[classSocial]:
		r.recType, r.rule = sightline.RecEarned, ruleEarned
	case sh[classSocial] >= SocialShare:
		r.recType, r.rule = sightline.RecSocialPost, ruleSocial
	default:
		return route{}, false
	}
	return r, true
}

// classShares returns each class's share of the citations, counting only
// weak runs when weak is set.
func classShares(pages []*sightline.PageFacts, weak bool) map[string]float64 {
	counts := map[string]int{}
	total := 0
	for _, pg := range pages {
		n := pg.Runs
		if weak {
			n = pg.WeakRuns
		}
		counts[classOf(pg)] += n
		total += n
	}
	out := make(map[string]float64, len(classes))
	for _, c := range classes {
		out[c] = round3(ratio(counts[c], total))
	}
	return out
}

// group is the prompts of one topic routed to one type: one recommendation.
type group struct {
	recType string
	rule    string
	topicID string
	topic   string
	prompts []promptView
	shares  map[string]float64 // mean of the prompts' class shares
}

// key is the stable upsert key: "<type>:<topic id>" ("none" without a
// topic). A topic gets at most one recommendation of each type, so no two
// live recommendations share a type and target.
func (g *group) key() string {
	t := g.topicID
	if t == "" {
		t = "none"
	}
	return g.recType + ":" + t
}

// GenerateRecommendations routes every prompt of the evidence, groups the
// prompts by type and topic, and builds one recommendation per group with
// its Key set. The result is sorted by severity, highest first.
func GenerateRecommendations(ev *sightline.BrandEvidence) ([]*sightline.Recommendation, error) {
	pagesByPrompt := map[string][]*sightline.PageFacts{}
	for _, pg := range ev.Pages {
		pagesByPrompt[pg.PromptID] = append(pagesByPrompt[pg.PromptID], pg)
	}
	groups := map[string]*group{}
	var order []*group
	for _, p := range ev.Prompts {
		pv := promptView{PromptFacts: p, pages: pagesByPrompt[p.ID]}
		r, ok := routePrompt(pv)
		if !ok {
			continue
		}
		g := &group{recType: r.recType, rule: r.rule, topicID: p.TopicID, topic: p.TopicName}
		if have, ok := groups[g.key()]; ok {
			g = have
		} else {
			groups[g.key()] = g
			order = append(order, g)
			g.shares = map[string]float64{}
		}
		g.prompts = append(g.prompts, pv)
		for c, v := range r.shares {
			g.shares[c] += v
		}
	}
	b := &builder{ev: ev, median: medianRuns(ev.Prompts), usedURLs: map[string]bool{}, named: namedIndex(ev)}
	var recs []*sightline.Recommendation
	for _, g := range order {
		for c := range g.shares {
			g.shares[c] = round3(g.shares[c] / float64(len(g.prompts)))
		}
		slices.SortStableFunc(g.prompts, func(a, c promptView) int {
			if g.recType == sightline.RecNoAction {
				return cmp.Compare(c.FirstRuns, a.FirstRuns)
			}
			return cmp.Compare(c.WeakRuns, a.WeakRuns)
		})
		recs = append(recs, b.base(g))
	}
	// Severity order also decides which recommendation gets a contested
	// suggested URL, so that two live ones of a type never point at the
	// same page.
	slices.SortStableFunc(recs, func(a, c *sightline.Recommendation) int {
		if d := cmp.Compare(*c.Severity, *a.Severity); d != 0 {
			return d
		}
		return cmp.Compare(a.Key, c.Key)
	})
	for _, r := range recs {
		if err := b.finish(r, groups[r.Key]); err != nil {
			return nil, err
		}
	}
	return recs, nil
}

// builder builds recommendations from groups.
type builder struct {
	ev       *sightline.BrandEvidence
	median   int
	usedURLs map[string]bool // suggested action URLs taken, by type
	named    map[string][]*sightline.NamedFacts
}

// namedIndex indexes the named facts by page ("p:" + page) and domain
// ("d:" + domain).
func namedIndex(ev *sightline.BrandEvidence) map[string][]*sightline.NamedFacts {
	idx := map[string][]*sightline.NamedFacts{}
	for _, n := range ev.Named {
		k := "d:" + n.Domain
		if n.Page != "" {
			k = "p:" + n.Page
		}
		idx[k] = append(idx[k], n)
	}
	return idx
}

// counts sums the problem counts of a group.
func (b *builder) counts(g *group) sightline.EvidenceCounts {
	c := sightline.EvidenceCounts{Prompts: len(g.prompts), TotalBrandRuns: b.ev.TotalRuns}
	for _, p := range g.prompts {
		c.Runs += p.Runs
		c.BrandRuns += p.BrandRuns
		c.BrandFirstRuns += p.FirstRuns
		c.WeakRuns += p.WeakRuns
		c.AbsentRuns += p.Runs - p.BrandRuns
	}
	c.LowRankRuns = c.WeakRuns - c.AbsentRuns
	c.WeakRate = round3(ratio(c.WeakRuns, c.Runs))
	return c
}

// base fills what every type shares: counts, severity, prompts, intent,
// competitors, landscape and the router's evidence.
func (b *builder) base(g *group) *sightline.Recommendation {
	c := b.counts(g)
	vol := volumeFactor(c.Runs, b.median)
	sev := round3(c.WeakRate * vol)
	if g.recType == sightline.RecNoAction {
		// Urgency of a lead is the risk of losing it, and it is low.
		sev = round3(0.5 * (1 - ratio(c.BrandFirstRuns, c.Runs)) * vol)
	}
	r := &sightline.Recommendation{
		Key: g.key(), BrandID: b.ev.BrandID, Type: g.recType, State: sightline.RecStateNew,
		LegacyType: ptr(sightline.LegacyTypeOf(g.recType)), Severity: ptr(sev), Impact: ptr(sightline.ImpactOf(sev)),
		RequiredElements: []string{}, TargetURLs: []string{}, TargetPromptIDs: []string{}, TargetPrompts: []sightline.TargetPrompt{},
		TopCompetitors: b.topCompetitors(g, c.Runs),
	}
	if g.topicID != "" {
		r.TopicID, r.TopicName = ptr(g.topicID), ptr(g.topic)
	}
	if in := dominantIntent(g.prompts); in != "" {
		r.Intent = ptr(in)
	}
	ev := &sightline.RecommendationEvidence{
		ProblemCounts: c,
		Window:        sightline.EvidenceWindow{Start: b.ev.Window.Start, End: b.ev.Window.End},
		Router:        sightline.EvidenceRouter{Rule: g.rule, Shares: g.shares},
	}
	for _, p := range g.prompts {
		r.TargetPromptIDs = append(r.TargetPromptIDs, p.ID)
		r.TargetPrompts = append(r.TargetPrompts, sightline.TargetPrompt{ID: p.ID, Text: ptr(p.Text)})
		ev.Router.Prompts = append(ev.Router.Prompts, sightline.RoutedPrompt{
			ID: p.ID, Text: p.Text, Runs: p.Runs, WeakRuns: p.WeakRuns, FirstRuns: p.FirstRuns, WeakRate: round3(ratio(p.WeakRuns, p.Runs)),
		})
	}
	ev.CitationLandscape = b.landscape(g)
	r.Evidence = ev
	return r
}

// dominantIntent is the intent of the prompts with the most runs.
func dominantIntent(prompts []promptView) string {
	runs := map[string]int{}
	for _, p := range prompts {
		if p.Intent != "" {
			runs[p.Intent] += p.Runs
		}
	}
	best := ""
	for _, in := range sightline.Intents {
		if runs[in] > runs[best] {
			best = in
		}
	}
	return best
}

// topCompetitors lists the competitors the group's answers name most.
func (b *builder) topCompetitors(g *group, runs int) []sightline.CompetitorShare {
	byID := map[string]*sightline.CompetitorShare{}
	var order []*sightline.CompetitorShare
	posSum := map[string]float64{}
	for _, p := range g.prompts {
		for _, pc := range p.Competitors {
			cs := byID[pc.ID]
			if cs == nil {
				cs = &sightline.CompetitorShare{ID: pc.ID, Name: pc.Name, Domain: pc.Domain}
				byID[pc.ID] = cs
				order = append(order, cs)
			}
			cs.Runs += pc.Runs
			cs.WeakRuns += pc.WeakRuns
			posSum[pc.ID] += pc.AvgPosition * float64(pc.Runs)
		}
	}
	slices.SortStableFunc(order, func(a, c *sightline.CompetitorShare) int {
		if d := cmp.Compare(c.Runs, a.Runs); d != 0 {
			return d
		}
		return cmp.Compare(a.Name, c.Name)
	})
	out := []sightline.CompetitorShare{}
	for _, cs := range order[:min(len(order), maxTopCompetitors)] {
		cs.SharePct = round3(100 * ratio(cs.Runs, runs))
		cs.AvgPosition = round3(posSum[cs.ID] / float64(max(cs.Runs, 1)))
		out = append(out, *cs)
	}
	return out
}

// landscape sums what the group's answers cite, by class and domain: the
// weak runs' citations, or every run's for no_action.
func (b *builder) landscape(g *group) sightline.EvidenceLandscape {
	weak := g.recType != sightline.RecNoAction
	l := sightline.EvidenceLandscape{Scope: "weak_runs", ByClass: map[string]int{}, Shares: map[string]float64{}, TopDomains: []sightline.LandscapeDomain{}}
	if !weak {
		l.Scope = "all_runs"
	}
	byDomain := map[string]*sightline.LandscapeDomain{}
	var order []*sightline.LandscapeDomain
	for _, p := range g.prompts {
		for _, pg := range p.pages {
			n := pg.Runs
			if weak {
				n = pg.WeakRuns
			}
			if n == 0 {
				continue
			}
			cl := classOf(pg)
			l.ByClass[cl] += n
			l.Citations += n
			d := byDomain[pg.Domain]
			if d == nil {
				d = &sightline.LandscapeDomain{Domain: pg.Domain, Class: cl}
				byDomain[pg.Domain] = d
				order = append(order, d)
			}
			d.Citations += n
		}
	}
	for _, c := range classes {
		l.Shares[c] = round3(ratio(l.ByClass[c], l.Citations))
	}
	slices.SortStableFunc(order, func(a, c *sightline.LandscapeDomain) int {
		if d := cmp.Compare(c.Citations, a.Citations); d != 0 {
			return d
		}
		return cmp.Compare(a.Domain, c.Domain)
	})
	for _, d := range order[:min(len(order), maxEvidenceItems)] {
		l.TopDomains = append(l.TopDomains, *d)
	}
	return l
}

// pageAgg is a page summed over the group's prompts.
type pageAgg struct {
	sightline.PageFacts
	class string
}

// pagesOf sums the group's pages of the given classes, ranked by weak runs
// (by runs when byRuns), then URL.
func pagesOf(g *group, byRuns bool, cls ...string) []*pageAgg {
	byPage := map[string]*pageAgg{}
	var order []*pageAgg
	for _, p := range g.prompts {
		for _, pg := range p.pages {
			cl := classOf(pg)
			if !slices.Contains(cls, cl) {
				continue
			}
			a := byPage[pg.Page]
			if a == nil {
				a = &pageAgg{PageFacts: *pg, class: cl}
				a.PromptID, a.Citations, a.Runs, a.WeakRuns, a.CompWeakRuns = "", 0, 0, 0, 0
				byPage[pg.Page] = a
				order = append(order, a)
			}
			a.Citations += pg.Citations
			a.Runs += pg.Runs
			a.WeakRuns += pg.WeakRuns
			a.CompWeakRuns += pg.CompWeakRuns
		}
	}
	order = slices.DeleteFunc(order, func(a *pageAgg) bool { return (byRuns && a.Runs == 0) || (!byRuns && a.WeakRuns == 0) })
	slices.SortStableFunc(order, func(a, c *pageAgg) int {
		x, y := a.WeakRuns, c.WeakRuns
		if byRuns {
			x, y = a.Runs, c.Runs
		}
		if d := cmp.Compare(y, x); d != 0 {
			return d
		}
		return cmp.Compare(a.Page, c.Page)
	})
	return order
}

// namedOn lists the tracked competitors named in weak runs citing a page
// (or a domain when page is ""), most first.
func (b *builder) namedOn(domain, page string) []string {
	k := "d:" + domain
	if page != "" {
		k = "p:" + page
	}
	ns := slices.Clone(b.named[k])
	ns = slices.DeleteFunc(ns, func(n *sightline.NamedFacts) bool { return n.Self || n.WeakRuns == 0 })
	slices.SortStableFunc(ns, func(a, c *sightline.NamedFacts) int {
		if d := cmp.Compare(c.WeakRuns, a.WeakRuns); d != 0 {
			return d
		}
		return cmp.Compare(a.Name, c.Name)
	})
	var out []string
	for _, n := range ns[:min(len(ns), 4)] {
		out = append(out, n.Name)
	}
	return out
}

// brandRunsOn is the runs citing a domain that name the brand.
func (b *builder) brandRunsOn(domain string) int {
	for _, n := range b.named["d:"+domain] {
		if n.Self {
			return n.Runs
		}
	}
	return 0
}

// evidencePages turns pages into evidence entries.
func (b *builder) evidencePages(pages []*pageAgg) []sightline.EvidencePage {
	var out []sightline.EvidencePage
	for _, p := range pages[:min(len(pages), maxEvidenceItems)] {
		out = append(out, sightline.EvidencePage{
			URL: p.Page, Domain: p.Domain, Title: p.Title, PageType: p.PageType, Class: p.class,
			Runs: p.Runs, WeakRuns: p.WeakRuns, NamedBrands: b.namedOn(p.Domain, p.Page),
		})
	}
	return out
}

// pickURL returns the first page not yet suggested by a recommendation of
// recType, and takes it.
func (b *builder) pickURL(recType string, pages []*pageAgg) *pageAgg {
	for _, p := range pages {
		if !b.usedURLs[recType+" "+p.Page] {
			b.usedURLs[recType+" "+p.Page] = true
			return p
		}
	}
	if len(pages) > 0 {
		return pages[0]
	}
	return nil
}

// finish adds the type-specific fields.
func (b *builder) finish(r *sightline.Recommendation, g *group) error {
	switch r.Type {
	case sightline.RecOwnedRefresh:
		b.refresh(r, g)
	case sightline.RecOwnedCreate:
		b.create(r, g)
	case sightline.RecEarned:
		b.earned(r, g)
	case sightline.RecSocialPost:
		b.social(r, g)
	case sightline.RecNoAction:
		b.noAction(r, g)
	default:
		return fmt.Errorf("unknown recommendation type %q", r.Type)
	}
	return nil
}

// promptTexts returns the texts of the group's prompts.
func promptTexts(g *group) []string {
	out := make([]string, len(g.prompts))
	for i, p := range g.prompts {
		out[i] = p.Text
	}
	return out
}

// competitorNames returns the names of the recommendation's top competitors.
func competitorNames(r *sightline.Recommendation) []string {
	var out []string
	for _, c := range r.TopCompetitors {
		out = append(out, c.Name)
	}
	return out
}

// topicLabel names the group's topic for sentences.
func topicLabel(g *group) string {
	if g.topic == "" {
		return "untopiced"
	}
	return g.topic
}
