package demo

import (
	"strconv"
	"strings"
)

// Answer layouts.
const (
	fmtNumbered      = iota // "1. **Name** – …"
	fmtNumberedColon        // "1. **Name**: …"
	fmtDash                 // "- **Name**: …" ("- **Name** — …" for claude)
	fmtStar                 // "* **Name:** …"
	fmtProse                // paragraphs only
	numFormats
)

// fillVars are the values of the answer templates' placeholders (see
// content.go).
type fillVars struct {
	n, f, w, u, p, q, s, r string
	A, B, F, G, U, W       string
}

func (v *fillVars) get(key byte) string {
	switch key {
	case 'n':
		return v.n
	case 'f':
		return v.f
	case 'w':
		return v.w
	case 'u':
		return v.u
	case 'p':
		return v.p
	case 'q':
		return v.q
	case 's':
		return v.s
	case 'r':
		return v.r
	case 'A':
		return v.A
	case 'B':
		return v.B
	case 'F':
		return v.F
	case 'G':
		return v.G
	case 'U':
		return v.U
	case 'W':
		return v.W
	}
	return ""
}

// fill writes tmpl with its placeholders replaced; a value that starts the
// template is capitalized.
func fill(sb *strings.Builder, tmpl string, v *fillVars) {
	for first := true; ; first = false {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 || i+2 >= len(tmpl) || tmpl[i+2] != '}' {
			sb.WriteString(tmpl)
			return
		}
		sb.WriteString(tmpl[:i])
		val := v.get(tmpl[i+1])
		if first && i == 0 && val != "" && val[0] >= 'a' && val[0] <= 'z' {
			sb.WriteByte(val[0] - 'a' + 'A')
			val = val[1:]
		}
		sb.WriteString(val)
		tmpl = tmpl[i+3:]
	}
}

func (st *runState) pickS(list []string) string { return list[st.r.IntN(len(list))] }

// answer writes the markdown answer around the picked items.
func (st *runState) answer(g *brandGen, p *genPrompt, prov *providerDef, ri, nCites int) string {
	r := st.r
	ind := g.ind
	td := g.topics[p.topic].def
	sb := &st.sb
	sb.Reset()
	sb.Grow(2048)
	v := &st.v
	*v = fillVars{s: td.subject, r: regionDefs[ri].priceNote}
	short := prov.short()
	format := st.pickFormat(prov)

	tmpl := st.intro(g, p, short)
	lead := strings.HasSuffix(tmpl, ":")
	if format == fmtProse && p.intent != "I" && lead {
		// Prose has no list to lead into: drop the lead-in sentence.
		if i := strings.LastIndex(tmpl, ". "); i > 0 {
			tmpl = tmpl[:i+1]
		} else {
			tmpl = tmpl[:len(tmpl)-1] + "."
		}
		lead = false
	}
	fill(sb, tmpl, v)
	if !lead {
		st.marker(prov, nCites)
	}
	sb.WriteString("\n\n")

	switch {
	case p.intent == "I":
		steps := p.steps
		if short {
			steps = steps[:min(4, len(steps))]
		}
		for i, s := range steps {
			sb.WriteString(strconv.Itoa(i + 1))
			sb.WriteString(". ")
			sb.WriteString(s)
			sb.WriteByte('\n')
		}
		sb.WriteByte('\n')
		sb.WriteString(st.pickS(stepsLead))
		sb.WriteByte('\n')
		if format != fmtStar {
			format = fmtDash
		}
		st.writeList(g, p, prov, ri, format, nCites)
	case format == fmtProse:
		st.writeProse(g, p, prov, ri, nCites)
	default:
		st.writeList(g, p, prov, ri, format, nCites)
	}
	if note := ind.regionNotes[ri]; note != "" && p.intent != "I" && r.IntN(100) < 35 {
		sb.WriteString(note)
		sb.WriteString("\n\n")
	}
	// Short answers get the features section too, to read like a full answer.
	if p.intent != "I" && (!short && r.IntN(100) < 35 || sb.Len() < 650) {
		sb.WriteString(st.pickS(ind.featuresHeading))
		sb.WriteByte('\n')
		tips := td.tips
		start := r.IntN(len(tips))
		for j := range 3 {
			sb.WriteString("- ")
			sb.WriteString(tips[(start+j)%len(tips)])
			sb.WriteByte('\n')
		}
		sb.WriteByte('\n')
	}
	if !short && (p.intent == "T" && r.IntN(100) < 60 || p.intent == "C" && r.IntN(100) < 12) {
		sb.WriteString(st.pickS(pricingHead))
		sb.WriteByte('\n')
		for _, it := range st.items[:min(4, len(st.items))] {
			sb.WriteString("- ")
			sb.WriteString(g.ents[it.e].def.name)
			sb.WriteString(": from ")
			sb.WriteString(g.ents[it.e].prices[ri])
			sb.WriteByte('\n')
		}
		sb.WriteByte('\n')
	}
	st.closing(g, prov)
	return strings.TrimRight(sb.String(), "\n")
}

func (st *runState) pickFormat(prov *providerDef) int {
	total := 0.0
	for _, w := range prov.formats {
		total += w
	}
	x := st.r.Float64() * total
	for f, w := range prov.formats {
		if x < w {
			return f
		}
		x -= w
	}
	return fmtNumbered
}

// intro picks the opening template and sets the values it needs.
func (st *runState) intro(g *brandGen, p *genPrompt, short bool) string {
	ind := g.ind
	v := &st.v
	switch {
	case p.intent == "I":
		return st.pickS(ind.introI)
	case p.kind == kindAlt:
		def := g.ents[p.focus[0]].def
		v.A, v.W = def.name, def.weaknesses[st.r.IntN(len(def.weaknesses))]
		return st.pickS(ind.introAlt)
	case p.kind == kindVs:
		v.A, v.B = g.ents[p.focus[0]].def.name, g.ents[p.focus[1]].def.name
		return st.pickS(ind.introVs)
	case len(p.focus) > 0:
		v.A, v.q = g.ents[p.focus[0]].def.name, g.ents[p.focus[0]].def.pitch
		return st.pickS(ind.introN)
	case short:
		return st.pickS(ind.introAIO)
	case p.intent == "T":
		return st.pickS(ind.introT)
	}
	return st.pickS(ind.introC)
}

// writeList writes the items as a markdown list, each led by the brand in
// bold.
func (st *runState) writeList(g *brandGen, p *genPrompt, prov *providerDef, ri, format, nCites int) {
	sb := &st.sb
	for i := range st.items {
		it := &st.items[i]
		if p.kind == kindVs && i == 2 && p.intent != "I" {
			sb.WriteByte('\n')
			sb.WriteString(st.pickS(otherLead))
			sb.WriteByte('\n')
			if format == fmtNumbered || format == fmtNumberedColon {
				format = fmtDash
			}
		}
		switch format {
		case fmtNumbered, fmtNumberedColon:
			sb.WriteString(strconv.Itoa(i + 1))
			sb.WriteString(". **")
			sb.WriteString(it.display)
			if format == fmtNumbered {
				sb.WriteString("** – ")
			} else {
				sb.WriteString("**: ")
			}
		case fmtStar:
			sb.WriteString("* **")
			sb.WriteString(it.display)
			sb.WriteString(":** ")
		default:
			sb.WriteString("- **")
			sb.WriteString(it.display)
			if prov.code == "claude" {
				sb.WriteString("** — ")
			} else {
				sb.WriteString("**: ")
			}
		}
		st.describe(g, it, ri, prov.short(), true)
		st.marker(prov, nCites)
		sb.WriteByte('\n')
	}
	sb.WriteByte('\n')
}

// writeProse writes the items as paragraphs without list markup.
func (st *runState) writeProse(g *brandGen, p *genPrompt, prov *providerDef, ri, nCites int) {
	sb := &st.sb
	off := st.r.IntN(len(proseOther))
	for i := range st.items {
		it := &st.items[i]
		if i > 0 {
			if i%2 == 0 {
				sb.WriteString("\n\n")
			} else {
				sb.WriteByte(' ')
			}
		}
		lead := proseOther[(off+i)%len(proseOther)]
		switch {
		case i == 0 && p.kind != kindAlt:
			lead = st.pickS(proseFirst)
		case i == 1:
			lead = st.pickS(proseSecond)
		}
		st.v.n = it.display
		fill(sb, lead, &st.v)
		sb.WriteByte(' ')
		st.describe(g, it, ri, true, false)
		st.marker(prov, nCites)
	}
	sb.WriteString("\n\n")
}

// describe writes one item's description: an optional tagline, a sentence
// in the item's wording and optional price and feature sentences.
func (st *runState) describe(g *brandGen, it *item, ri int, short, tagline bool) {
	r := st.r
	sb := &st.sb
	v := &st.v
	e := &g.ents[it.e]
	def := e.def
	v.n = it.display
	v.f = def.strengths[r.IntN(len(def.strengths))]
	v.w = def.weaknesses[r.IntN(len(def.weaknesses))]
	v.u = def.bestFor[r.IntN(len(def.bestFor))]
	v.p = e.prices[ri]
	if tagline && !short && r.IntN(100) < 40 {
		fill(sb, st.pickS(taglines), v)
		sb.WriteByte(' ')
	}
	sents := sentNeutral
	switch it.sent {
	case 1:
		sents = sentPos
	case -1:
		sents = sentNeg
	}
	sent := st.pickS(sents)
	fill(sb, sent, v)
	if short {
		return
	}
	if r.IntN(100) < 30 && !strings.Contains(sent, "{p}") {
		sb.WriteString(" Prices start at ")
		sb.WriteString(v.p)
		sb.WriteByte('.')
	}
	if len(def.strengths) > 1 && r.IntN(100) < 30 {
		if f := def.strengths[r.IntN(len(def.strengths))]; f != v.f {
			sb.WriteString(" It also offers ")
			sb.WriteString(f)
			sb.WriteByte('.')
		}
	}
}

// marker writes Perplexity-style citation markers.
func (st *runState) marker(prov *providerDef, nCites int) {
	if !prov.markers || nCites == 0 {
		return
	}
	for k := range 1 + st.r.IntN(2) {
		if k == 0 {
			st.sb.WriteByte(' ')
		}
		st.sb.WriteByte('[')
		st.sb.WriteString(strconv.Itoa(1 + st.r.IntN(nCites)))
		st.sb.WriteByte(']')
	}
}

// closing writes the closing paragraph, which names the first two items
// again.
func (st *runState) closing(g *brandGen, prov *providerDef) {
	r := st.r
	ind := g.ind
	if prov.short() {
		if r.IntN(100) < 60 {
			st.sb.WriteString(st.pickS(ind.closingsShort))
		}
		return
	}
	a, b := g.ents[st.items[0].e].def, g.ents[st.items[1].e].def
	v := &st.v
	v.A, v.B = a.name, b.name
	v.F = a.strengths[r.IntN(len(a.strengths))]
	v.G = b.strengths[r.IntN(len(b.strengths))]
	v.U = b.bestFor[r.IntN(len(b.bestFor))]
	fill(&st.sb, ind.closings[prov.closings[r.IntN(len(prov.closings))]%len(ind.closings)], v)
}
