package demo

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// largePrompts is the number of prompts per topic of the large scale.
const largePrompts = 20

// entity is a brand that answers can name: entity 0 is the tracked brand,
// 1..nComp its competitors, the rest untracked brands.
type entity struct {
	def    *brandDef
	slug   string
	prices [numRegions]string // "$9 per user per month"
}

// promptKind says how an answer treats the brands the prompt names.
type promptKind uint8

const (
	kindPlain promptKind = iota // focus brands (if any) lead the list
	kindVs                      // "A vs B": both lead the list
	kindAlt                     // "A alternatives": A in the intro only
)

type genPrompt struct {
	id, text, intent string
	topic            int
	role             role
	kind             promptKind
	focus            []int // entity indices named in the prompt, in order
	steps            []string
}

// genTopic is a topic and the pages its answers cite, by kind.
type genTopic struct {
	def   *topicDef
	pools [numKinds][]int32
}

// pairPage is a review page comparing two tracked entities.
type pairPage struct {
	a, b int
	page int32
}

// brandGen holds everything needed to generate one brand's runs.
type brandGen struct {
	ind     *industry
	idx     int // brand index in run hashing
	org     Org
	ents    []entity
	nComp   int
	topics  []genTopic
	prompts []genPrompt
	pages   []page
	byURL   map[string]int32

	compAll, compWin [][]int32   // a competitor's own pages / its "vs" and alternatives pages, by entity
	compBlog         [][][]int32 // a competitor's blog posts, by entity and topic
	reviewBrand      [][]int32   // review pages of one tracked entity
	reviewPairs      []pairPage
}

func newBrandGen(ind *industry, idx int, large bool, ids *idSource, rnd *rand.Rand) *brandGen {
	g := &brandGen{ind: ind, idx: idx, byURL: map[string]int32{}}
	g.org = Org{ID: ids.uuid(), Name: ind.orgName}
	for _, u := range ind.users {
		g.org.Users = append(g.org.Users, User{ID: ids.uuid(), Email: u.email, Name: u.name})
	}
	b := Brand{
		ID: ids.uuid(), Name: ind.brand.name, Domain: ind.brand.domain,
		Domains: append([]string{ind.brand.domain}, ind.brand.domains...),
		Aliases: slices.Clone(ind.brand.aliases),
	}
	g.addEntity(&ind.brand)
	for i := range ind.competitors {
		c := &ind.competitors[i]
		b.Competitors = append(b.Competitors, Competitor{ID: ids.uuid(), Name: c.name, Domain: c.domain, Aliases: slices.Clone(c.aliases)})
		g.addEntity(c)
	}
	g.nComp = len(ind.competitors)
	for i := range ind.untracked {
		g.addEntity(&ind.untracked[i])
	}

	topics := ind.topics[:ind.smallTopics]
	if large {
		topics = ind.topics
	}
	for ti := range topics {
		td := &topics[ti]
		t := Topic{ID: ids.uuid(), Name: td.name}
		defs := td.prompts
		if large {
			defs = expandPrompts(td, ti, ind, largePrompts)
		}
		for _, pd := range defs {
			gp := genPrompt{id: ids.uuid(), text: pd.text, intent: pd.intent, topic: ti, role: td.role, steps: pd.steps}
			if gp.steps == nil {
				gp.steps = td.steps
			}
			g.classify(&gp)
			g.prompts = append(g.prompts, gp)
			t.Prompts = append(t.Prompts, Prompt{ID: gp.id, Text: gp.text, Intent: gp.intent})
		}
		b.Topics = append(b.Topics, t)
		g.topics = append(g.topics, genTopic{def: td})
	}
	g.org.Brands = []Brand{b}

	m := 1
	if large {
		m = 3
	}
	g.buildPages(rnd, m, large)
	g.byURL = nil
	return g
}

func (g *brandGen) addEntity(def *brandDef) {
	e := entity{def: def, slug: slugify(def.name, '-')}
	for ri, reg := range regionDefs {
		price := int(def.price*reg.rate + 0.5)
		e.prices[ri] = reg.currency + strconv.Itoa(price) + " " + g.ind.unit
	}
	g.ents = append(g.ents, e)
}

// classify finds the tracked brands a prompt names and how to answer it.
func (g *brandGen) classify(p *genPrompt) {
	low := strings.ToLower(p.text)
	type hit struct{ at, e int }
	var hits []hit
	for e := 0; e <= g.nComp; e++ {
		def := g.ents[e].def
		at := -1
		for _, n := range append([]string{def.name}, def.aliases...) {
			if i := strings.Index(low, strings.ToLower(n)); i >= 0 && (at < 0 || i < at) {
				at = i
			}
		}
		if at >= 0 {
			hits = append(hits, hit{at, e})
		}
	}
	slices.SortFunc(hits, func(a, b hit) int { return a.at - b.at })
	for i := 0; i < len(hits) && i < 2; i++ {
		p.focus = append(p.focus, hits[i].e)
	}
	switch {
	case len(p.focus) == 0:
	case strings.Contains(low, "alternative") || strings.Contains(low, "switching from"):
		p.kind = kindAlt
		p.focus = p.focus[:1]
	case len(p.focus) == 2:
		p.kind = kindVs
	}
}

// expandPrompts returns n prompts of a topic: the hand-written ones, then
// the topic's templates filled with audiences and competitor names.
func expandPrompts(td *topicDef, ti int, ind *industry, n int) []promptDef {
	out := slices.Clone(td.prompts)
	seen := map[string]bool{}
	for _, p := range out {
		seen[p.text] = true
	}
	nc := len(ind.competitors)
	for round := 0; len(out) < n && round < len(ind.audiences)*2; round++ {
		for tj, tp := range td.templates {
			if len(out) >= n {
				break
			}
			k := round*len(td.templates) + tj
			c := (round + tj) % nc
			d := (c + 1 + round/nc) % nc
			if d == c {
				d = (c + 1) % nc
			}
			text := strings.NewReplacer(
				"{a}", ind.audiences[(k+5*ti)%len(ind.audiences)],
				"{c}", ind.competitors[c].name,
				"{d}", ind.competitors[d].name,
			).Replace(tp.text)
			if !seen[text] {
				seen[text] = true
				out = append(out, promptDef{text: text, intent: tp.intent})
			}
		}
	}
	return out[:min(n, len(out))]
}

// slugify lowercases s and joins its words with sep.
func slugify(s string, sep byte) string {
	var b strings.Builder
	pending := false
	for _, c := range strings.ToLower(s) {
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			if pending && b.Len() > 0 {
				b.WriteByte(sep)
			}
			pending = false
			b.WriteRune(c)
		case c == '\'':
		default:
			pending = true
		}
	}
	return b.String()
}

// titleCase capitalizes the words of s except short joining words.
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		switch w {
		case "a", "an", "and", "for", "of", "the", "to", "with", "in", "on":
			if i > 0 {
				continue
			}
		}
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
