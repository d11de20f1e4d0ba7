package demo

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// roleParam shifts probabilities for the prompts of one role.
type roleParam struct {
	off, slopeOff float64 // main brand: chance to be named, and its trend
	compOff       float64 // competitors: chance to be named
	pos, neg      float64 // main brand: wording
	lead          float64 // main brand: chance to be named first when named
	minComp       int     // competitors named at least
	weakPos       bool    // main brand named low in the list (4th or later)
}

var roleParams = [numRoles]roleParam{
	roleGeneral: {},
	roleLeader:  {off: 0.48, slopeOff: -0.18, compOff: -0.1, pos: 0.35, neg: -0.08, lead: 0.88},
	roleRefresh: {off: -0.02, slopeOff: -0.05, pos: -0.15, neg: 0.1, weakPos: true},
	roleCreate:  {off: -0.26, slopeOff: -0.22, compOff: 0.25, minComp: 2},
	roleEarned:  {off: -0.10, compOff: 0.1, minComp: 1},
	roleSocial:  {off: -0.20, slopeOff: -0.08, compOff: 0.05, minComp: 1},
}

// citeWeights weighs the kinds of cited pages by role, without and with the
// main brand named in the answer.
var citeWeights = [numRoles][2][numKinds]float64{
	//            owned comp edit review reddit yt  li   x    ref  blog
	roleGeneral: {{0.2, 2, 2, 1.5, 1, 0.7, 0.2, 0.2, 0.6, 1}, {2, 1.5, 2, 1.5, 1, 0.7, 0.2, 0.2, 0.6, 1}},
	roleLeader:  {{1, 1.5, 1.5, 1.5, 0.7, 0.5, 0.2, 0.2, 0.5, 0.8}, {4, 0.5, 1.5, 2, 0.7, 0.5, 0.2, 0.2, 0.5, 0.5}},
	roleRefresh: {{3, 1, 1.5, 1, 0.6, 0.8, 0.2, 0.2, 1, 1}, {3, 1, 1.5, 1, 0.6, 0.8, 0.2, 0.2, 1, 1}},
	roleCreate:  {{0, 5, 1.5, 2, 1, 1, 0.2, 0.2, 0.3, 1}, {0, 5, 1.5, 2, 1, 1, 0.2, 0.2, 0.3, 1}},
	roleEarned:  {{0, 1, 4, 3.5, 0.5, 0.3, 0.1, 0.1, 0.4, 1}, {1.5, 1, 2, 2, 0.5, 0.4, 0.1, 0.1, 0.4, 0.8}},
	roleSocial:  {{0, 0.8, 0.7, 0.5, 4, 2.5, 1, 1, 0.3, 0.7}, {1.5, 0.8, 1, 0.8, 2, 1.5, 0.5, 0.5, 0.3, 0.7}},
}

// item is one brand an answer names, in list order.
type item struct {
	e       int
	score   float64
	sent    int8 // -1 unfavourable, 0 neutral, 1 favourable
	display string
}

// runState is the scratch space of one generating goroutine.
type runState struct {
	pcg   *rand.PCG
	r     *rand.Rand
	items []item
	named []bool
	seen  []int32
	cands []int32
	sb    strings.Builder
	v     fillVars
}

func newRunState() *runState {
	pcg := rand.NewPCG(0, 0)
	return &runState{pcg: pcg, r: rand.New(pcg), named: make([]bool, 32)}
}

// Runs emits every prompt run of every brand in a deterministic order
// (organization, day, prompt, provider, region), stopping at the first error
// emit returns and returning it unchanged. Records are generated lazily.
func (d *Dataset) Runs(emit func(sightline.RunRecord) error) error {
	st := newRunState()
	for _, g := range d.gens {
		for day := range d.days {
			for pi := range g.prompts {
				for vi := range d.providers {
					for ri := range regionDefs {
						if d.providers[vi].usOnly && ri != 0 {
							continue
						}
						if err := emit(d.run(st, g, pi, vi, ri, day)); err != nil {
							return err
						}
					}
				}
			}
		}
	}
	return nil
}

// run generates one record. Its randomness comes only from the seed and
// (brand, prompt, provider, region, calendar day), never from the order of
// generation.
func (d *Dataset) run(st *runState, g *brandGen, pi, vi, ri, day int) sightline.RunRecord {
	p := &g.prompts[pi]
	prov := d.providers[vi]
	reg := &regionDefs[ri]
	date := d.firstDay.AddDate(0, 0, day)
	h1 := mix(d.seed ^ 0x6a09e667f3bcc909)
	h1 = mix(h1 ^ uint64(g.idx)<<56 ^ uint64(pi)<<24 ^ uint64(providerIndex(prov))<<16 ^ uint64(ri)<<8)
	h1 = mix(h1 ^ uint64(date.Unix()/86400))
	h2 := mix(h1 ^ 0xbb67ae8584caa73b)
	st.pcg.Seed(h1, h2)
	t := 1.0
	if d.days > 1 {
		t = float64(day) / float64(d.days-1)
	}

	rec := sightline.RunRecord{
		ID:       formatUUID(mix(h1^0x3c6ef372fe94f82b), mix(h2^0xa54ff53a5f1d36f1)),
		BrandID:  g.org.Brands[0].ID,
		PromptID: p.id,
		Provider: prov.code,
		Region:   reg.code,
		RanAt:    d.ranAt(st.r, date),
		Model:    prov.model,
	}
	st.pickItems(g, p, prov, reg, t)
	rec.Citations = st.cite(g, p, prov)
	rec.Answer = st.answer(g, p, prov, ri, len(rec.Citations))
	rec.Ads = st.ads(g, p, prov)
	rec.Source = prov.source
	// A search surface shows no AI answer for a share of queries: the run
	// is what collection stores then, an empty answer without citations
	// (the page's ads are still shown). Drawn from its own hash, so the
	// runs that show one are unchanged.
	if prov.noAnswer > 0 && float64(mix(h2^0x510e527fade682d1)%1000) < prov.noAnswer*1000 {
		shown := false
		rec.AnswerShown, rec.Answer, rec.Citations = &shown, "", nil
	}
	// Drawn last, so the fields above stay what they were before the
	// demo carried fan-out (every metric's golden numbers).
	rec.SearchQueries, rec.Sources = st.fanOut(g, p, prov, date, rec.Citations)
	return rec
}

// fanOut makes the searches and the retrieved pages of a run
// (docs/collect.md#fan-out-and-sources): a few queries derived from the
// prompt and its topic, null for providers that do not expose them; every
// cited page (cited when inline) and one to three pages read but not
// cited, about half of them dated.
func (st *runState) fanOut(g *brandGen, p *genPrompt, prov *providerDef, date time.Time, cites []sightline.RunCitation) ([]string, []sightline.RunSource) {
	r := st.r
	var queries []string
	if prov.code != "perplexity" && prov.code != "google_ai_overviews" {
		t := g.topics[p.topic].def
		queries = []string{strings.ToLower(p.text)}
		if r.IntN(10) < 6 {
			queries = append(queries, "best "+t.subject+" "+strconv.Itoa(date.Year()))
		}
		if len(t.keywords) > 0 && r.IntN(10) < 4 {
			queries = append(queries, t.keywords[r.IntN(len(t.keywords))]+" reviews")
		}
	}
	dated := func() *string {
		if r.IntN(2) == 0 {
			return nil
		}
		d := date.AddDate(0, 0, -1-r.IntN(400)).Format(time.DateOnly)
		return &d
	}
	sources := make([]sightline.RunSource, 0, len(cites)+3)
	for _, c := range cites {
		sources = append(sources, sightline.RunSource{URL: c.URL, Title: c.Title, PublishedAt: dated(), Cited: c.Type == sightline.CitationInline})
	}
	for n := 1 + r.IntN(3); n > 0; n-- {
		pi := st.pickPage(g, p, pageKind(r.IntN(int(numKinds))))
		if pi < 0 || slices.Contains(st.seen, pi) {
			continue
		}
		st.seen = append(st.seen, pi)
		pg := &g.pages[pi]
		sources = append(sources, sightline.RunSource{URL: pg.urls[0], Title: pg.title, PublishedAt: dated()})
	}
	if len(sources)%3 == 0 {
		// the brand's guide to the topic: read, never cited by any
		// answer (no citation picks it), so the retrieved-only list has the
		// content gap to show (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).
		// Decided without drawing from r, so every other number of the
		// data set stays as it was.
		t := g.topics[p.topic].def
		url := "https://" + g.ind.brand.domain + "/guides/" + t.key
		sources = append(sources, sightline.RunSource{URL: url, Title: "A guide to " + t.subject})
	}
	return queries, sources
}

// ranAt is a plausible time of day on date, never after now.
func (d *Dataset) ranAt(r *rand.Rand, date time.Time) time.Time {
	secs := 2*3600 + r.IntN(20*3600)
	at := date.Add(time.Duration(secs) * time.Second)
	if at.After(d.now) {
		elapsed := int(d.now.Sub(date) / time.Second)
		at = date.Add(time.Duration(secs%(elapsed+1)) * time.Second)
	}
	return at
}

// pickItems decides which brands the answer names, in which order and how
// favourably.
func (st *runState) pickItems(g *brandGen, p *genPrompt, prov *providerDef, reg *regionDef, t float64) {
	r := st.r
	rp := &roleParams[p.role]
	named := st.named[:len(g.ents)]
	clear(named)
	for _, e := range p.focus {
		named[e] = true
	}
	b := g.ents[0].def
	if r.Float64() < b.base+b.slope*t+rp.off+rp.slopeOff*t+prov.brandOff+reg.brandOff {
		named[0] = true
	}
	nc := 0
	for c := 1; c <= g.nComp; c++ {
		def := g.ents[c].def
		if r.Float64() < def.base+def.slope*t+rp.compOff {
			named[c] = true
		}
		if named[c] {
			nc++
		}
	}
	minComp := rp.minComp
	if named[0] && p.role != roleCreate {
		minComp = 0
	}
	for nc < minComp {
		if c := 1 + r.IntN(g.nComp); !named[c] {
			named[c] = true
			nc++
		}
	}
	first := g.nComp + 1
	for range 1 + r.IntN(3) {
		named[first+r.IntN(len(g.ents)-first)] = true
	}

	items := st.items[:0]
	for e, ok := range named {
		if !ok || p.kind == kindAlt && e == p.focus[0] {
			continue
		}
		it := item{e: e, score: g.ents[e].def.rank + r.Float64()*0.6}
		if e == 0 && rp.lead > 0 && r.Float64() < rp.lead {
			it.score = 9
		}
		if p.kind != kindAlt {
			if i := slices.Index(p.focus, e); i >= 0 {
				it.score = 10 - float64(i)
			}
		}
		items = append(items, it)
	}
	slices.SortStableFunc(items, func(a, b item) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	maxItems := 7
	if p.intent == "I" || prov.short() {
		maxItems = 5
	}
	for len(items) > maxItems {
		items = dropOne(items, p, first)
	}
	minItems := 3
	if rp.weakPos && named[0] {
		minItems = 4 + r.IntN(2)
	}
	nu := len(g.ents) - first
	off := r.IntN(nu)
	for j := 0; len(items) < minItems && j < nu; j++ {
		if u := first + (off+j)%nu; !slices.ContainsFunc(items, func(it item) bool { return it.e == u }) {
			items = append(items, item{e: u})
		}
	}
	if rp.weakPos {
		if i := slices.IndexFunc(items, func(it item) bool { return it.e == 0 }); i >= 0 && i < 3 {
			it := items[i]
			items = slices.Delete(items, i, i+1)
			items = slices.Insert(items, 3+r.IntN(len(items)-2), it)
		}
	}
	for i := range items {
		it := &items[i]
		it.sent = st.sentiment(g, it.e, rp, prov, t)
		def := g.ents[it.e].def
		it.display = def.name
		if len(def.aliases) > 0 && r.IntN(100) < 8 {
			it.display = def.aliases[r.IntN(len(def.aliases))]
		}
	}
	st.items = items
}

// dropOne removes the last untracked item, else the last item that is
// neither the main brand nor named in the prompt.
func dropOne(items []item, p *genPrompt, firstUntracked int) []item {
	for i := len(items) - 1; i >= 0; i-- {
		if items[i].e >= firstUntracked {
			return slices.Delete(items, i, i+1)
		}
	}
	for i := len(items) - 1; i >= 0; i-- {
		if items[i].e != 0 && !slices.Contains(p.focus, items[i].e) {
			return slices.Delete(items, i, i+1)
		}
	}
	return items[:len(items)-1]
}

func (st *runState) sentiment(g *brandGen, e int, rp *roleParam, prov *providerDef, t float64) int8 {
	def := g.ents[e].def
	pos, neg := def.pos, def.neg+def.negSlope*t
	if e == 0 {
		pos += prov.pos + rp.pos
		neg += prov.neg + rp.neg
	} else {
		pos += prov.pos / 2
	}
	x := st.r.Float64()
	switch {
	case x < pos:
		return 1
	case x < pos+neg:
		return -1
	}
	return 0
}

// cite picks the run's citations from the page pools.
func (st *runState) cite(g *brandGen, p *genPrompt, prov *providerDef) []sightline.RunCitation {
	r := st.r
	n := prov.minCite + r.IntN(prov.maxCite-prov.minCite+1)
	named := 0
	if st.has(0) {
		named = 1
	}
	w := &citeWeights[p.role][named]
	total := 0.0
	for _, x := range w {
		total += x
	}
	out := make([]sightline.RunCitation, 0, n)
	st.seen = st.seen[:0]
	for try := 0; len(out) < n && try < 4*n; try++ {
		x := r.Float64() * total
		k := pageKind(0)
		for ; k < numKinds-1 && x >= w[k]; k++ {
			x -= w[k]
		}
		pi := st.pickPage(g, p, k)
		if pi < 0 || slices.Contains(st.seen, pi) {
			continue
		}
		st.seen = append(st.seen, pi)
		pg := &g.pages[pi]
		c := sightline.RunCitation{URL: pg.urls[st.variant(prov)], Title: pg.title, Type: sightline.CitationSource, Author: pg.author}
		if r.Float64() < prov.inline {
			c.Type = sightline.CitationInline
		}
		out = append(out, c)
	}
	return out
}

// variant picks how a citation URL is spelled; most are canonical.
func (st *runState) variant(prov *providerDef) int {
	if st.r.IntN(100) < prov.utm {
		return vUTM
	}
	switch x := st.r.IntN(100); {
	case x < 12:
		return vSpecial
	case x < 85:
		return vCanon
	case x < 89:
		return vFrag
	case x < 93:
		return vSlash
	case x < 97:
		return vWWW
	}
	return vUpper
}

// has reports whether entity e is among the answer's items.
func (st *runState) has(e int) bool {
	for _, it := range st.items {
		if it.e == e {
			return true
		}
	}
	return false
}

// pickPage picks a page of kind k for the run, or -1.
func (st *runState) pickPage(g *brandGen, p *genPrompt, k pageKind) int32 {
	r := st.r
	switch k {
	case kComp:
		c := st.namedComp(g)
		winPct := 30 // "vs" and alternatives pages
		if p.role == roleCreate {
			winPct = 80
		}
		switch x := r.IntN(100); {
		case x < winPct:
			return pick(r, g.compWin[c])
		case x < winPct+(100-winPct)/2:
			return pick(r, g.compBlog[c][p.topic])
		}
		return pick(r, g.compAll[c])
	case kReview:
		switch x := r.IntN(10); {
		case x < 5:
			st.cands = st.cands[:0]
			for _, it := range st.items {
				if it.e <= g.nComp {
					st.cands = append(st.cands, g.reviewBrand[it.e]...)
				}
			}
			if len(st.cands) > 0 {
				return pick(r, st.cands)
			}
		case x < 7:
			st.cands = st.cands[:0]
			for _, pp := range g.reviewPairs {
				if st.has(pp.a) && st.has(pp.b) {
					st.cands = append(st.cands, pp.page)
				}
			}
			if len(st.cands) > 0 {
				return pick(r, st.cands)
			}
		}
	}
	return pick(r, g.topics[p.topic].pools[k])
}

// namedComp returns a competitor the answer names, else any competitor.
func (st *runState) namedComp(g *brandGen) int {
	n := 0
	for _, it := range st.items {
		if it.e >= 1 && it.e <= g.nComp {
			n++
		}
	}
	if n == 0 {
		return 1 + st.r.IntN(g.nComp)
	}
	k := st.r.IntN(n)
	for _, it := range st.items {
		if it.e >= 1 && it.e <= g.nComp {
			if k == 0 {
				return it.e
			}
			k--
		}
	}
	return 1
}

func pick(r *rand.Rand, pool []int32) int32 {
	if len(pool) == 0 {
		return -1
	}
	return pool[r.IntN(len(pool))]
}

// ads shows 1–3 ads on some providers for commercial and transactional
// prompts.
func (st *runState) ads(g *brandGen, p *genPrompt, prov *providerDef) []sightline.RunAd {
	r := st.r
	if prov.ads == 0 || p.intent != "C" && p.intent != "T" || r.Float64() >= prov.ads {
		return nil
	}
	advs := g.ind.advertisers
	k := 1 + r.IntN(3)
	start := r.IntN(len(advs))
	out := make([]sightline.RunAd, 0, k)
	for i := range min(k, len(advs)) {
		a := &advs[(start+i)%len(advs)]
		out = append(out, sightline.RunAd{Advertiser: a.advertiser, Domain: a.domain, Text: a.texts[r.IntN(len(a.texts))]})
	}
	return out
}
