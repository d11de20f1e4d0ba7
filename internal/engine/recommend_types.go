package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/sightline/sightline"
)

// The five builders word a recommendation from its group's evidence.

// refresh: owned pages are cited in the answers where the brand is weak;
// the top one is the page to refresh.
func (b *builder) refresh(r *sightline.Recommendation, g *group) {
	ev := r.Evidence
	year := b.ev.Now.Year()
	pages := pagesOf(g, false, classOwned)
	// A stale year in the title is a refresh signal of its own: such a
	// page counts half again its weak runs when choosing what to refresh.
	refreshScore := func(p *pageAgg) float64 {
		if staleYear(p.Title, year) != "" {
			return 1.5 * float64(p.WeakRuns)
		}
		return float64(p.WeakRuns)
	}
	slices.SortStableFunc(pages, func(a, c *pageAgg) int { return cmp.Compare(refreshScore(c), refreshScore(a)) })
	top := b.pickURL(r.Type, pages)
	brand, c := b.ev.BrandName, ev.ProblemCounts
	for _, p := range pages[:min(len(pages), maxTargetURLs)] {
		r.TargetURLs = append(r.TargetURLs, p.Page)
	}
	for _, p := range pages[:min(len(pages), maxTargetURLs)] {
		if y := staleYear(p.Title, year); y != "" {
			ev.RefreshSignals = append(ev.RefreshSignals, sightline.RefreshSignal{URL: p.Page, Signal: "stale_year",
				Detail: fmt.Sprintf("The title still says %s.", y)})
		}
		ev.RefreshSignals = append(ev.RefreshSignals, sightline.RefreshSignal{URL: p.Page, Signal: "cited_while_weak",
			Detail: fmt.Sprintf("Cited in %d runs; %s is absent or ranked 4th or lower in %d of them (%s).", p.Runs, brand, p.WeakRuns, pct(p.WeakRuns, p.Runs))})
		if names := b.namedOn(p.Domain, p.Page); len(names) > 0 {
			ev.RefreshSignals = append(ev.RefreshSignals, sightline.RefreshSignal{URL: p.Page, Signal: "competitors_named",
				Detail: fmt.Sprintf("Answers citing it name %s instead.", joinAnd(names))})
		}
	}
	ev.Trigger = sightline.EvidenceTrigger{Kind: ruleRefresh, Pages: b.evidencePages(pages),
		Summary: fmt.Sprintf("%d of %s's pages are cited in %d weak runs of %d prompts.", len(pages), brand, c.WeakRuns, c.Prompts)}
	ev.Router.Reason = fmt.Sprintf("Owned pages make %.0f%% of the citations in runs where %s is absent or ranked 4th or lower (rule: at least %.0f%%).",
		100*g.shares[classOwned], brand, 100*RefreshOwnedShare)
	if top == nil {
		return
	}
	if len(pages) > 1 {
		ev.ComplementaryURL = pages[1].Page
		if pages[1].Page == top.Page {
			ev.ComplementaryURL = pages[0].Page
		}
	}
	format := formatOf(top.PageType)
	title := cleanTitle(top.Title)
	if title == "" {
		title = pathOf(top.Page)
	}
	if y := staleYear(title, year); y != "" {
		title = strings.ReplaceAll(title, y, fmt.Sprint(year))
	} else {
		title = fmt.Sprintf("%s (%d update)", title, year)
	}
	r.Format, r.SuggestedTitle, r.TargetWordCount = ptr(format), ptr(title), ptr(wordCounts[format])
	r.SuggestedActionURL = ptr(top.Page)
	r.Action = fmt.Sprintf("Refresh %s so that answers about %s rank %s higher", pathOf(top.Page), strings.ToLower(topicLabel(g)), brand)
	r.Reason = fmt.Sprintf("AI answers to %d %s prompts cite %d of %s's pages, yet %s is absent or ranked 4th or lower in %s of %d runs.",
		c.Prompts, topicLabel(g), len(pages), brand, brand, pct(c.WeakRuns, c.Runs), c.Runs)
	comps := competitorNames(r)
	r.RequiredElements = append(r.RequiredElements, formatElements[format]...)
	r.RequiredElements = append(r.RequiredElements,
		fmt.Sprintf("A visible “Updated %s %d” date and what changed", b.ev.Now.Month(), year),
		"Direct answers to: "+quoteList(promptTexts(g), 3))
	if len(comps) > 0 {
		r.RequiredElements = append(r.RequiredElements, "An honest comparison with "+joinAnd(comps))
	}
	var d strings.Builder
	fmt.Fprintf(&d, "- Update **%s** (%s): it is cited in %d runs where %s is weak.\n", cleanTitle(top.Title), top.Page, top.WeakRuns, brand)
	for _, s := range ev.RefreshSignals {
		if s.URL == top.Page && s.Signal == "stale_year" {
			fmt.Fprintf(&d, "- Replace the stale year: %s\n", s.Detail)
		}
	}
	fmt.Fprintf(&d, "- Answer these prompts in the first 100 words: %s.\n", quoteList(promptTexts(g), 3))
	if len(comps) > 0 {
		fmt.Fprintf(&d, "- Position %s against %s, named in these answers instead.\n", brand, joinAnd(comps))
	}
	if len(r.TargetURLs) > 1 {
		fmt.Fprintf(&d, "- Then refresh %d more cited pages: %s.\n", len(r.TargetURLs)-1, strings.Join(r.TargetURLs[1:], ", "))
	}
	d.WriteString("- Re-check these prompts two weeks after publishing.\n")
	r.Details = ptr(d.String())
}

// create: competitor pages win prompts on which the brand has no cited page
// at all; write the page that competes with them.
func (b *builder) create(r *sightline.Recommendation, g *group) {
	ev := r.Evidence
	pages := pagesOf(g, false, classCompetitor)
	brand, c := b.ev.BrandName, ev.ProblemCounts
	for _, p := range pages[:min(len(pages), maxTargetURLs)] {
		r.TargetURLs = append(r.TargetURLs, p.Page)
	}
	ev.Trigger = sightline.EvidenceTrigger{Kind: ruleCreate, Pages: b.evidencePages(pages),
		Summary: fmt.Sprintf("No page of %s is cited in any of the %d runs; %d competitor pages are cited in %d weak runs.", brand, c.Runs, len(pages), c.WeakRuns)}
	ev.Router.Reason = fmt.Sprintf("Competitor pages make %.0f%% of the citations in runs where %s is weak, and no page of %s is ever cited (rule: at least %.0f%%, no owned page).",
		100*g.shares[classCompetitor], brand, brand, 100*CreateCompShare)
	// The format the winning pages share decides what to write.
	typeRuns := map[string]int{}
	for _, p := range pages {
		typeRuns[formatOf(p.PageType)] += p.WeakRuns
	}
	format := "article"
	for _, f := range sightline.ContentFormats {
		if typeRuns[f] > typeRuns[format] {
			format = f
		}
	}
	comps := competitorNames(r)
	year := b.ev.Now.Year()
	var title, section, slug string
	switch {
	case format == "alternative" && len(comps) > 0:
		title = fmt.Sprintf("The Best %s Alternatives in %d (and Why Teams Choose %s)", comps[0], year, brand)
		section, slug = "alternatives", slugify(comps[0])+"-alternatives"
	case format == "comparison" && len(comps) > 0:
		vs := append([]string{brand}, comps[:min(len(comps), 2)]...)
		title = fmt.Sprintf("%s: %s Compared (%d)", strings.Join(vs, " vs "), topicLabel(g), year)
		section, slug = "compare", slugify(strings.Join(vs, " vs "))
	default:
		title = fmt.Sprintf("%s: The Complete Guide (%d)", topicLabel(g), year)
		section, slug = "blog", slugify(topicLabel(g))+"-guide"
	}
	if len(b.ev.Domains) > 0 {
		r.SuggestedActionURL = ptr("https://" + b.ev.Domains[0] + "/" + section + "/" + slug)
	}
	if owned := b.mostCitedOwned(); owned != "" {
		ev.ComplementaryURL = owned
	}
	r.Format, r.SuggestedTitle, r.TargetWordCount = ptr(format), ptr(title), ptr(wordCounts[format])
	r.Action = fmt.Sprintf("Create %s page that competes with %s on %s prompts", formatLabel(format), orNone(joinAnd(comps)), strings.ToLower(topicLabel(g)))
	r.Reason = fmt.Sprintf("%s is absent or ranked 4th or lower in %s of %d runs on %d %s prompts, where answers cite %d competitor pages and never a page of %s.",
		brand, pct(c.WeakRuns, c.Runs), c.Runs, c.Prompts, topicLabel(g), len(pages), brand)
	r.RequiredElements = append(r.RequiredElements, formatElements[format]...)
	r.RequiredElements = append(r.RequiredElements, "Direct answers to: "+quoteList(promptTexts(g), 3))
	if len(comps) > 0 {
		r.RequiredElements = append(r.RequiredElements, "Cover "+joinAnd(comps)+" as fairly as their own pages do")
	}
	var d strings.Builder
	fmt.Fprintf(&d, "- Publish **%s** at %s.\n", title, deref(r.SuggestedActionURL))
	fmt.Fprintf(&d, "- Outrank the competitor pages the answers cite: %s.\n", strings.Join(r.TargetURLs, ", "))
	fmt.Fprintf(&d, "- Answer these prompts explicitly: %s.\n", quoteList(promptTexts(g), 4))
	if ev.ComplementaryURL != "" {
		fmt.Fprintf(&d, "- Link it from %s, the page of %s answers cite most.\n", ev.ComplementaryURL, brand)
	}
	d.WriteString("- Submit the new URL for indexing and re-check these prompts two weeks later.\n")
	r.Details = ptr(d.String())
}

// mostCitedOwned is the brand's most cited page over every prompt.
func (b *builder) mostCitedOwned() string {
	runs := map[string]int{}
	best := ""
	for _, p := range b.ev.Pages {
		if p.Ownership == sightline.ClassOwned {
			runs[p.Page] += p.Runs
			if runs[p.Page] > runs[best] || runs[p.Page] == runs[best] && p.Page < best {
				best = p.Page
			}
		}
	}
	return best
}

// channelAgg is an outlet or platform summed over the group's pages.
type channelAgg struct {
	key, domain, platform, name, url string
	citations, weak                  int
	pages                            []*pageAgg
}

// channelsOf groups pages by key (domain, or platform) ranked by weak
// citations.
func channelsOf(pages []*pageAgg, keyOf func(*pageAgg) string) []*channelAgg {
	by := map[string]*channelAgg{}
	var order []*channelAgg
	for _, p := range pages {
		k := keyOf(p)
		ch := by[k]
		if ch == nil {
			ch = &channelAgg{key: k, domain: p.Domain, platform: sightline.PlatformOf(p.Domain)}
			by[k] = ch
			order = append(order, ch)
		}
		ch.citations += p.Runs
		ch.weak += p.WeakRuns
		ch.pages = append(ch.pages, p)
	}
	slices.SortStableFunc(order, func(a, c *channelAgg) int {
		if d := cmp.Compare(c.weak, a.weak); d != 0 {
			return d
		}
		return cmp.Compare(a.key, c.key)
	})
	return order
}

// earned: editorial and review outlets carry the answers and name
// competitors there; pitch the top outlet.
func (b *builder) earned(r *sightline.Recommendation, g *group) {
	ev := r.Evidence
	pages := pagesOf(g, false, classOutlet)
	brand, c := b.ev.BrandName, ev.ProblemCounts
	outlets := channelsOf(pages, func(p *pageAgg) string { return p.Domain })
	for _, o := range outlets[:min(len(outlets), maxEvidenceItems)] {
		ev.Trigger.Channels = append(ev.Trigger.Channels, sightline.EvidenceChannel{
			Domain: o.domain, Platform: o.platform, Name: o.domain, Citations: o.citations, WeakCitations: o.weak,
			BrandRuns: b.brandRunsOn(o.domain), Competitors: b.namedOn(o.domain, ""),
		})
	}
	ev.Trigger.Kind = ruleEarned
	ev.Trigger.Pages = b.evidencePages(pages)
	ev.Trigger.Summary = fmt.Sprintf("%d editorial and review outlets are cited %d times in runs where %s is weak.", len(outlets), sumWeak(outlets), brand)
	ev.Router.Reason = fmt.Sprintf("Editorial and review outlets make %.0f%% of the citations in runs where %s is weak (rule: at least %.0f%% and more than social).",
		100*g.shares[classOutlet], brand, 100*EarnedOutletShare)
	for _, p := range pages[:min(len(pages), maxTargetURLs)] {
		r.TargetURLs = append(r.TargetURLs, p.Page)
	}
	var top *channelAgg
	for _, o := range outlets { // the strongest outlet not pitched by another earned recommendation
		if !b.usedURLs[r.Type+" "+o.domain] {
			top = o
			break
		}
	}
	if top == nil && len(outlets) > 0 {
		top = outlets[0]
	}
	if top == nil {
		return
	}
	b.usedURLs[r.Type+" "+top.domain] = true
	comps := b.namedOn(top.domain, "")
	if len(comps) == 0 {
		comps = competitorNames(r)
	}
	page := top.pages[0]
	r.Channel = &sightline.Channel{Platform: top.platform, Name: top.domain, URL: "https://" + top.domain}
	r.SuggestedActionURL = ptr(page.Page)
	r.Format, r.TargetWordCount = ptr("earned_pitch"), ptr(wordCounts["earned_pitch"])
	r.SuggestedTitle = ptr(fmt.Sprintf("Pitch %s: add %s to “%s”", top.domain, brand, cleanTitle(page.Title)))
	ev.ComplementaryURL = b.mostCitedOwned()
	r.Action = fmt.Sprintf("Pitch %s to include %s in its %s coverage", top.domain, brand, strings.ToLower(topicLabel(g)))
	r.Reason = fmt.Sprintf("%s is cited %d times in runs on %d %s prompts where %s is absent or ranked 4th or lower (%s of %d runs); the answers citing it name %s.",
		top.domain, top.weak, c.Prompts, topicLabel(g), brand, pct(c.WeakRuns, c.Runs), c.Runs, orNone(joinAnd(comps)))
	r.RequiredElements = append(r.RequiredElements, formatElements["earned_pitch"]...)
	if len(comps) > 0 {
		r.RequiredElements = append(r.RequiredElements, "Why "+brand+" belongs next to "+joinAnd(comps))
	}
	var d strings.Builder
	fmt.Fprintf(&d, "- Find the author of **%s** (%s) and pitch an update that includes %s.\n", cleanTitle(page.Title), page.Page, brand)
	if len(comps) > 0 {
		fmt.Fprintf(&d, "- Lead with what %s does better than %s, with proof.\n", brand, joinAnd(comps))
	}
	if ev.ComplementaryURL != "" {
		fmt.Fprintf(&d, "- Point to %s as the reference page.\n", ev.ComplementaryURL)
	}
	if len(outlets) > 1 {
		var next []string
		for _, o := range outlets[1:min(len(outlets), 4)] {
			next = append(next, o.domain)
		}
		fmt.Fprintf(&d, "- Next outlets on the list: %s.\n", strings.Join(next, ", "))
	}
	d.WriteString("- Track the outlet in the watch list once pitched.\n")
	r.Details = ptr(d.String())
}

func sumWeak(chs []*channelAgg) int {
	n := 0
	for _, c := range chs {
		n += c.weak
	}
	return n
}

func orNone(s string) string {
	if s == "" {
		return "no tracked competitor"
	}
	return s
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// social: reddit, youtube, linkedin and x threads carry the answers where
// the brand is absent; join the top community.
func (b *builder) social(r *sightline.Recommendation, g *group) {
	ev := r.Evidence
	pages := pagesOf(g, false, classSocial)
	brand, c := b.ev.BrandName, ev.ProblemCounts
	platforms := channelsOf(pages, func(p *pageAgg) string { return sightline.PlatformOf(p.Domain) })
	for _, pl := range platforms {
		pl.name, pl.url = communityOf(pl)
		ev.Trigger.Channels = append(ev.Trigger.Channels, sightline.EvidenceChannel{
			Domain: pl.domain, Platform: pl.platform, Name: pl.name, Citations: pl.citations, WeakCitations: pl.weak,
			BrandRuns: b.brandRunsOn(pl.domain), Competitors: b.namedOn(pl.domain, ""),
		})
	}
	ev.Trigger.Kind = ruleSocial
	ev.Trigger.Pages = b.evidencePages(pages)
	ev.Trigger.Summary = fmt.Sprintf("Threads on %d platforms are cited %d times in runs where %s is weak.", len(platforms), sumWeak(platforms), brand)
	ev.Router.Reason = fmt.Sprintf("Reddit, YouTube, LinkedIn and X make %.0f%% of the citations in runs where %s is weak (rule: at least %.0f%%).",
		100*g.shares[classSocial], brand, 100*SocialShare)
	for _, p := range pages[:min(len(pages), maxTargetURLs)] {
		r.TargetURLs = append(r.TargetURLs, p.Page)
	}
	if len(platforms) == 0 {
		return
	}
	top := platforms[0]
	// The thread to engage first is the top one of the top community.
	community := slices.DeleteFunc(slices.Clone(top.pages), func(p *pageAgg) bool {
		return (top.platform == "reddit" && "r/"+p.Subreddit != top.name) || (top.platform == "youtube" && p.YouTubeChannel != top.name)
	})
	if len(community) == 0 {
		community = top.pages
	}
	thread := b.pickURL(r.Type, community)
	r.Channel = &sightline.Channel{Platform: top.platform, Name: top.name, URL: top.url}
	r.SuggestedActionURL = ptr(thread.Page)
	r.Format, r.TargetWordCount = ptr("social_post"), ptr(wordCounts["social_post"])
	subject := strings.ToLower(topicLabel(g))
	switch top.platform {
	case "reddit":
		r.SuggestedTitle = ptr(fmt.Sprintf("How our team handles %s (%s, AMA)", subject, brand))
	case "youtube":
		r.SuggestedTitle = ptr(fmt.Sprintf("%s in practice: a 5-minute walkthrough with %s", topicLabel(g), brand))
	default:
		r.SuggestedTitle = ptr(fmt.Sprintf("What we learned about %s building %s", subject, brand))
	}
	r.Action = fmt.Sprintf("Join the %s conversations about %s on %s", top.name, subject, platformName(top.platform))
	r.Reason = fmt.Sprintf("%s threads are cited %d times in runs on %d %s prompts where %s is absent or ranked 4th or lower (%s of %d runs).",
		platformName(top.platform), top.weak, c.Prompts, topicLabel(g), brand, pct(c.WeakRuns, c.Runs), c.Runs)
	r.RequiredElements = append(r.RequiredElements, formatElements["social_post"]...)
	r.RequiredElements = append(r.RequiredElements, "Answer: "+quoteList(promptTexts(g), 2))
	ev.ComplementaryURL = b.mostCitedOwned()
	var d strings.Builder
	fmt.Fprintf(&d, "- Reply in **%s** (%s), starting with the thread cited most: %s.\n", top.name, top.url, thread.Page)
	fmt.Fprintf(&d, "- Answer the question the prompts ask (%s) before mentioning %s.\n", quoteList(promptTexts(g), 2), brand)
	if comps := competitorNames(r); len(comps) > 0 {
		fmt.Fprintf(&d, "- Expect %s to come up; compare honestly.\n", joinAnd(comps))
	}
	if len(platforms) > 1 {
		var next []string
		for _, pl := range platforms[1:] {
			next = append(next, platformName(pl.platform))
		}
		fmt.Fprintf(&d, "- Then post on %s, also cited in these answers.\n", joinAnd(next))
	}
	d.WriteString("- Disclose that you work on " + brand + "; communities remove undisclosed promotion.\n")
	r.Details = ptr(d.String())
}

// communityOf names a platform's top community and its URL: the top
// subreddit, the top YouTube channel, else the platform.
func communityOf(pl *channelAgg) (name, url string) {
	counts := map[string]int{}
	best := ""
	for _, p := range pl.pages {
		k := p.Subreddit
		if pl.platform == "youtube" {
			k = p.YouTubeChannel
		}
		if k == "" {
			continue
		}
		counts[k] += p.WeakRuns
		if counts[k] > counts[best] || counts[k] == counts[best] && k < best {
			best = k
		}
	}
	switch {
	case pl.platform == "reddit" && best != "":
		return "r/" + best, "https://www.reddit.com/r/" + best
	case pl.platform == "youtube" && best != "":
		return best, pl.pages[0].Page
	}
	return platformName(pl.platform), "https://" + pl.domain
}

func platformName(p string) string {
	switch p {
	case "reddit":
		return "Reddit"
	case "youtube":
		return "YouTube"
	case "linkedin":
		return "LinkedIn"
	case "x":
		return "X"
	}
	return "the web"
}

// noAction: the brand leads these prompts; keep the pages that win.
func (b *builder) noAction(r *sightline.Recommendation, g *group) {
	ev := r.Evidence
	pages := pagesOf(g, true, classOwned)
	brand, c := b.ev.BrandName, ev.ProblemCounts
	for _, p := range pages[:min(len(pages), maxTargetURLs)] {
		r.TargetURLs = append(r.TargetURLs, p.Page)
	}
	ev.Trigger = sightline.EvidenceTrigger{Kind: ruleLeads, Pages: b.evidencePages(pages),
		Summary: fmt.Sprintf("%s is named first in %d of %d runs; its pages are cited %d times.", brand, c.BrandFirstRuns, c.Runs, sumRuns(pages))}
	ev.Router.Reason = fmt.Sprintf("%s is named first in %s of the runs of each prompt here (rule: at least %.0f%%).", brand, pct(c.BrandFirstRuns, c.Runs), 100*LeadFirstRate)
	if top := b.pickURL(r.Type, pages); top != nil {
		r.SuggestedActionURL = ptr(top.Page)
	}
	r.Action = fmt.Sprintf("No action needed: %s leads answers about %s", brand, strings.ToLower(topicLabel(g)))
	r.Reason = fmt.Sprintf("%s is named first in %s of %d runs on %d %s prompts.", brand, pct(c.BrandFirstRuns, c.Runs), c.Runs, c.Prompts, topicLabel(g))
	var d strings.Builder
	d.WriteString("- Nothing to do now; keep the pages that win current.\n")
	if len(r.TargetURLs) > 0 {
		fmt.Fprintf(&d, "- Pages the answers cite most: %s.\n", strings.Join(r.TargetURLs, ", "))
	}
	if comps := r.TopCompetitors; len(comps) > 0 {
		fmt.Fprintf(&d, "- Watch %s, named in %.0f%% of these runs.\n", comps[0].Name, comps[0].SharePct)
	}
	r.Details = ptr(d.String())
}

func sumRuns(pages []*pageAgg) int {
	n := 0
	for _, p := range pages {
		n += p.Runs
	}
	return n
}

// formatLabel names a format with its article for sentences.
func formatLabel(format string) string {
	labels := map[string]string{
		"alternative": "an alternatives", "how_to_guide": "a how-to guide", "product_review": "a product review",
		"pricing_breakdown": "a pricing breakdown", "category_page": "a category", "case_study": "a case study",
		"article": "an article", "about": "an about", "earned_pitch": "a pitch", "social_post": "a social post",
	}
	if l, ok := labels[format]; ok {
		return l
	}
	return "a " + format
}
