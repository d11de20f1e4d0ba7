package analyze

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// The rules here read what a name taken from an answer is not
// (docs/ingest.md#brand-mentions): a figure ("40,000+"), a brand's name
// joined to an adjective's word ("Twilio-grade"), a feature of a tracked
// brand ("SpotMe"), a label, a description or a feature that leads an item
// ("- Beautiful, clean editor", "Key features include:"), a place, an event,
// an open-source project or a standard; and where a brand of the list or a
// tracked product line's brand ends a name ("Wells Fargo", "Shopify").

// hasLetter reports whether a name has a letter: a figure alone ("40,000+",
// "$29") is no brand's name.
func hasLetter(name string) bool {
	return strings.IndexFunc(name, unicode.IsLetter) >= 0
}

// nameJoiners join a name to a word in one compound: a hyphen, or a dash
// written without spaces ("Gmail—good if…").
var nameJoiners = []string{"-", "—", "–"}

// cutJoinedWord returns a name without the small-letter word joined to its
// last word by a hyphen or a dash: "Twilio-grade", "Zelle-style",
// "Shopify-focused" and "Gmail—good" name Twilio, Zelle, Shopify and Gmail
// as the kind or the host of something else. A name's own parts keep their
// capitals ("Gore-Tex", "T-Mobile", "Chick-fil-A": "fil" is no word), a
// word of the dictionary is one word ("REI Co-op"), and a
// compound of ordinary words ("Headless-ready") stays whole for the rules
// of labels to read.
func cutJoinedWord(name string) string {
	last := name[strings.LastIndexByte(name, ' ')+1:]
	if isDictWord(last) || inSet(companyNouns, last) {
		return name // "Co-op": one word
	}
	for _, j := range nameJoiners {
		i := strings.Index(last, j)
		if i <= 0 {
			continue
		}
		head, tail := last[:i], last[i+len(j):]
		if tail == "" || strings.ToLower(tail) != tail || !isDictWord(tail) {
			return name
		}
		if ordinaryName(head) {
			return name
		}
		return name[:len(name)-len(last)+i]
	}
	return name
}

// itemUnderBrand reports whether pos opens a list item under a heading or
// a line in bold that names a tracked brand: "**Chime**" or "**Where Chime
// has the edge**" over "- SpotMe covers overdrafts" make the items' leads
// that brand's features.
func itemUnderBrand(answer string, pos int, tracked []match) bool {
	ls := strings.LastIndexByte(answer[:pos], '\n') + 1
	if !isListItemAt(answer, pos) || !lineLead(answer[ls:pos]) {
		return false
	}
	for ls > 0 {
		ps := strings.LastIndexByte(answer[:ls-1], '\n') + 1
		line := strings.TrimSpace(answer[ps : ls-1])
		if line == "" {
			return false
		}
		if isListItemAt(answer, ps) {
			ls = ps
			continue
		}
		bold := strings.HasPrefix(line, "**") && strings.HasSuffix(strings.TrimRight(line, ":"), "**")
		if !bold && !strings.HasPrefix(line, "#") {
			return false
		}
		for _, x := range tracked {
			if x.start >= ps && x.end <= ls-1 {
				return true
			}
		}
		return false
	}
	return false
}

// featureShaped reports one word that joins ordinary words with capitals
// ("SpotMe", "SmartRide", "MyPay") and is on no brand list: the shape of a
// brand's feature.
func featureShaped(name string) bool {
	if name == "" || strings.Contains(name, " ") || !innerCapital(name) || brandList()[fold(name)] {
		return false
	}
	from := 0
	for i, r := range name {
		if i > from && unicode.IsUpper(r) {
			if !isDictWord(strings.ToLower(name[from:i])) {
				return false
			}
			from = i
		}
	}
	return isDictWord(strings.ToLower(name[from:]))
}

// accountWords close the name of a bank's account or a secured card.
var accountWords = set("checking savings account secured")

// accountOfListed returns the brand of the list that opens name when the
// words after it are ordinary words, none on the list, closing with a
// kind of account ("Chase Total Checking", "Capital One Platinum
// Secured"): the bank's account, which names the bank as a model names
// its maker; the brand must be a proper noun or no ordinary word, or of
// several words, so that an ordinary word does not make an account's
// name ("Total Checking"). Other names are returned as they are.
func accountOfListed(name string) string {
	ws := strings.Fields(name)
	if len(ws) < 2 || !inSet(accountWords, ws[len(ws)-1]) || brandList()[fold(name)] {
		return name
	}
	for k := len(ws) - 1; k >= 1; k-- {
		head := strings.Join(ws[:k], " ")
		if !brandList()[fold(head)] {
			continue
		}
		if k == 1 && !notCommon(head) {
			return name
		}
		for _, w := range ws[k:] {
			if !startsUpper(w) || !isDictWord(strings.ToLower(w)) {
				return name
			}
		}
		return head
	}
	return name
}

// listedHead returns the brand of name, which cutProductLine cut to cut: the
// longest head of name, longer than cut, that is on the brand list, or cut.
// The list knows where a brand's name ends better than the shape of its
// words: "Wells Fargo Active Cash" names Wells Fargo, "Bottega Veneta
// Andiamo" Bottega Veneta, and "Cash App" and "Google Pay" stay whole; a
// coined word no longer name of the list opens stays cut ("Kelty" of "Kelty
// Redwing 50").
func listedHead(name, cut string) string {
	if cut == name {
		return cut
	}
	ws := strings.Fields(name)
	for k := len(ws); k > len(strings.Fields(cut)); k-- {
		if head := strings.Join(ws[:k], " "); listedBrand(head) {
			return head
		}
	}
	return cut
}

// lineOwner returns the brand whose product line is tracked, for a name of
// that brand's other products: with "Shopify Plus" tracked, "Shopify
// Payments", "Shopify Flow" and "Standard Shopify" name the untracked brand
// Shopify (docs/accuracy.md#tracked-brands-and-their-occurrences: a plain
// "Shopify" is that brand), as a reader names the company of a product
// ("Zoho" of "Zoho CRM"). A brand word that is itself tracked, or a tracked
// spelling, stays as it is. Other names are returned as they are.
func (m *Matcher) lineOwner(answer, name string) string {
	ws := strings.Fields(name)
	if len(ws) < 2 {
		return name
	}
	if _, ok := m.known[fold(name)]; ok {
		return name
	}
	for f := range m.known {
		head, _, ok := strings.Cut(f, " ")
		if !ok {
			continue
		}
		if _, tracked := m.known[head]; tracked || isDictWord(head) {
			continue
		}
		if fold(ws[0]) == head && namedAlone(answer, ws[0]) {
			return ws[0]
		}
		if last := ws[len(ws)-1]; fold(last) == head && namedAlone(answer, last) && ordinaryName(strings.Join(ws[:len(ws)-1], " ")) {
			return last // "Standard Shopify": that brand's plain plan
		}
	}
	return name
}

// describingLead reports whether a lead of the answer's structure, of
// ordinary words, opens a run of words in small letters after a comma:
// "- Beautiful, clean editor", "- Bigger, brighter display", "- Checking,
// savings, investing and loans" describe, as a list of adjectives or
// nouns, and name nothing. A name's appositive opens with a determiner
// or a label's word ("- **Toast**, a POS for restaurants", "Toast, best
// for cafés").
func describingLead(answer string, c candidate) bool {
	if c.prose || c.end > len(answer) || !ordinaryName(c.name) {
		return false
	}
	rest, ok := strings.CutPrefix(strings.TrimLeft(answer[c.end:], "*_"), ", ")
	if !ok {
		return false
	}
	w, _ := cutWord(rest)
	if w == "" || strings.ToLower(w) != w || stopWords[w] || w == "a" || w == "an" {
		return false
	}
	for _, p := range strings.Split(w, "-") {
		if !isDictWord(p) {
			return false // "drag-and-drop": each part a word
		}
	}
	return true
}

// endsLongerName reports whether the word at pos goes on a name that a
// capitalized word before it opens inside a sentence: "Photos" of "Google
// Photos", "Zoom" of "Super Res Zoom" are words of those names, no evidence
// that the word alone is one ("- **Photos:** export…"). A capital that only
// opens the sentence ("Unlike Zoom, …") opens no name.
func endsLongerName(answer string, pos int) bool {
	w := wordBefore(answer, pos)
	if w == "" || !startsUpper(w) {
		return false
	}
	return !atSentenceStart(answer, pos-1-len(w))
}

// featureListNouns head the line that introduces a list of one product's
// features.
var featureListNouns = set(`features feature strengths capabilities highlights`)

// featureListLead reports whether a lead of the answer's structure opens an
// item of a list that a short label of features introduces ("Key features
// include:", "**Notable features**", "Key strengths:", "### Main AI
// features"): the items are a product's features, no brands ("- **Packs**:
// integrations…", "- **B2B Edition** for wholesale pricing").
func featureListLead(answer string, c candidate) bool {
	if c.prose || c.end > len(answer) || !isListItemAt(answer, c.start) {
		return false
	}
	ls := strings.LastIndexByte(answer[:c.start], '\n') + 1
	if !lineLead(answer[ls:c.start]) {
		return false
	}
	blank := false
	for ls > 0 {
		ps := strings.LastIndexByte(answer[:ls-1], '\n') + 1
		line := strings.TrimSpace(answer[ps : ls-1])
		switch {
		case line == "" && !blank:
			blank = true
		case line == "":
			return false
		case isListItemAt(answer, ps):
			if blank {
				return false
			}
		default:
			return featureLabel(line)
		}
		ls = ps
	}
	return false
}

// featureLabel reports whether the last sentence of a line is a short label
// of features: at most four words, ending in a feature noun, with
// "include" after it allowed.
func featureLabel(line string) bool {
	if i := strings.LastIndex(line, ". "); i >= 0 {
		line = line[i+2:]
	}
	if !strings.Contains(line, "eature") && !strings.Contains(line, "trength") &&
		!strings.Contains(line, "apabilit") && !strings.Contains(line, "ighlight") {
		return false // no feature noun, in either case: no need to read the words
	}
	line = strings.Trim(markupRemover.Replace(line), "#*_: \t")
	ws := strings.Fields(strings.ToLower(line))
	if n := len(ws); n > 1 && (ws[n-1] == "include" || ws[n-1] == "includes") {
		ws = ws[:n-1]
	}
	return len(ws) > 0 && len(ws) <= 4 && featureListNouns[ws[len(ws)-1]]
}

// townOfPlace reports whether every occurrence of name is followed by a
// comma and a place's name (isPlace): "moved to Cortez, Colorado", "based
// in Ventura, California" name a town. A tracked brand is no place there
// ("Ryobi, Milwaukee" with Milwaukee Tool tracked), nor a city that opens a
// longer capitalised name that is none ("WiiM, Cambridge Audio"; but
// "Brooklyn, New York City"): cityPlace.
func townOfPlace(x *nameContext, name string) bool {
	answer := x.answer
	found := false
	for _, end := range wholeWords(answer, name) {
		rest, ok := strings.CutPrefix(answer[end:], ", ")
		if !ok {
			return false
		}
		at := end + 2 + len(rest) - len(strings.TrimLeft(rest, "*_`[(\"'"))
		if slices.ContainsFunc(x.tracked, func(m match) bool { return m.start == at }) {
			return false
		}
		if !cityPlace(proseWords(nil, firstLine(rest)), 3) {
			return false
		}
		found = true
	}
	return found
}

// cityPlace reports whether the capitalised words that open ws, up to max,
// are a place's name (isPlace). A city that opens a longer capitalised name
// is part of that name, a place only if that name is one: "Cambridge Audio"
// and "Boston Scientific" are none, "New York City" is one.
func cityPlace(ws []proseWord, max int) bool {
	for n := 1; n <= max && n <= len(ws); n++ {
		if !startsUpper(ws[n-1].text) {
			break
		}
		parts := make([]string, n)
		for i := range parts {
			parts[i] = ws[i].text
		}
		joined := strings.Join(parts, " ")
		if isPlace(joined) {
			key := strings.ReplaceAll(joined, " ", "\x00")
			if !cities()[key] || places()[key] || ws[n-1].comma || ws[n-1].stop || n == len(ws) || !startsUpper(ws[n].text) {
				return true
			}
		}
		if ws[n-1].comma || ws[n-1].stop {
			break
		}
	}
	return false
}

// firstLine returns s up to its first line break.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// standards.txt lists the open-source projects and standards of
// simple-icons (CC0-1.0; brands.LICENSE): the icons whose logo the package
// carries under an open licence of its own, which genbrands leaves out of
// the brand list. internal/analyze/internal/genbrands -standards generates it.
//
//go:embed standards.txt
var standardsTxt string

var standards = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, ln := range strings.Split(standardsTxt, "\n") {
		if ln != "" {
			m[fold(ln)] = true
		}
	}
	return m
})

// openStandard reports whether a name is an open-source project's or a
// standard's of standards.txt ("Git", "Android", "Markdown"): no company's
// product, so no brand (docs/accuracy.md#untracked-brands: "iOS",
// "Android" are technologies).
func openStandard(name string) bool {
	return standards()[fold(name)]
}

// eventName reports a name of several words that ends in a day's or a
// month's name or in "Sale": a day or an event ("Black Friday", "Cyber
// Monday", "the REI Anniversary Sale"), no brand.
func eventName(name string) bool {
	i := strings.LastIndexByte(name, ' ')
	if i < 0 {
		return false
	}
	last := name[i+1:]
	return calendarName(last) || strings.EqualFold(last, "sale")
}

// lineLedByBrand reports whether the line of pos, an item or a paragraph,
// opens with a tracked brand before pos: "4. **Chime** – Best for getting
// paid early. … SpotMe covers small overdrafts" speaks of Chime.
func lineLedByBrand(answer string, pos int, tracked []match) bool {
	ls := strings.LastIndexByte(answer[:pos], '\n') + 1
	for _, x := range tracked {
		if x.start >= ls && x.end <= pos && lineLead(answer[ls:x.start]) {
			return true
		}
	}
	return false
}

// clauseSubject reports whether the name at [start, end) opens a clause
// (a sentence, or after "and" or "but") and a verb in the third person
// follows it: "SpotMe covers small overdrafts", "and SpotMe lets you…".
// A name after a preposition ("pulls contacts from LinkedIn") is none.
func clauseSubject(answer string, start, end int) bool {
	if w := wordBefore(answer, start); w != "and" && w != "but" && !atSentenceStart(answer, start) {
		return false
	}
	w, _ := cutWord(answer[end:])
	return len(w) > 2 && strings.ToLower(w) == w && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss")
}

// sideNouns name a part of a mountain, a lake or a river: "the north face
// of the Eiger", "the summit of Rainier", "the banks of the Thames"; not
// "top" or "base", which any thing has ("on top of Google Calendar").
var sideNouns = set(`face faces summit summits peak slope slopes flank flanks ridge shore shores
	banks`)

// partOfPlace reports whether every occurrence of name follows a part of a
// place and "of" ("the north face of the Eiger", "the summit of Rainier"):
// a mountain's or a river's name, no brand.
func partOfPlace(answer, name string) bool {
	found := false
	for start := range wholeWords(answer, name) {
		before := strings.TrimSuffix(answer[:start], "the ")
		before = strings.TrimSuffix(before, "The ")
		if !strings.HasSuffix(before, " of ") {
			return false
		}
		if w := wordBefore(before, len(before)-3); !inSet(sideNouns, w) {
			return false
		}
		found = true
	}
	return found
}

// termsNouns name the terms a brand offers its customers: a promise, a
// policy's part, a scheme.
var termsNouns = set(`guarantee guarantees warranty warranties deductible deductibles program
	programs programme policy`)

// termsName reports a name of several words that ends in a terms noun: a
// brand's guarantee or scheme ("Ironclad Guarantee", "Vanishing
// Deductible"), no brand.
func termsName(name string) bool {
	i := strings.LastIndexByte(name, ' ')
	return i > 0 && inSet(termsNouns, name[i+1:])
}

// tradeTerm reports a name that an abbreviation of who sells to whom
// opens, a capital, "2" and a capital ("B2B", "D2C", "P2P"): a kind of
// trade or a product's edition for it ("B2B Edition", "B2B features"),
// no brand. A brand of the list so written ("G2A") stays a brand.
func tradeTerm(name string) bool {
	w, _, _ := strings.Cut(name, " ")
	return len(w) == 3 && w[1] == '2' && 'A' <= w[0] && w[0] <= 'Z' && 'A' <= w[2] && w[2] <= 'Z' && !brandList()[fold(w)]
}

// viewNouns name a way of laying out work or data: "Gantt charts",
// "Kanban boards", "a Gantt view".
var viewNouns = set(`board boards chart charts view views diagram diagrams`)

// layoutName reports whether every occurrence of name comes before a view
// noun, directly or after "and" or "or" and another name ("Kanban and
// Scrum boards"), apart from compounds joined by a hyphen ("Gantt-first"),
// and one does: a kind of chart or method, no brand ("true Gantt charts").
// A brand of the list is a brand wherever it stands.
func layoutName(answer, name string) bool {
	return onlyBefore(answer, name, viewNouns, true)
}

// workMethods are ways of organizing work that tools support, no
// company's product: "teams using Scrum", "a classic Kanban tool".
var workMethods = set(`kanban scrum scrumban agile waterfall`)

// methodName reports whether a name is a way of organizing work
// (workMethods): no brand.
func methodName(name string) bool {
	return lowerIn(workMethods, name)
}

// partNouns name a part of a product sold or switched on with it: "the
// Acme add-on", "Zorbex and Quillon programs", "a Zorbex feature".
var partNouns = set(`add-on add-ons addon addons feature features program programs`)

// partName reports whether every occurrence of name comes directly before
// a noun of a product's parts ("the Zorbex add-on", "SafeMiles programs"):
// a feature, add-on or programme of the brand that sells it, no brand. A
// name joined by "and" to such a noun's name is left alone ("Zorbex Flow
// and B2B features" names a brand and a kind of feature). A brand of the
// list is a brand wherever it stands.
func partName(answer, name string) bool {
	return onlyBefore(answer, name, partNouns, false)
}

// calledPart reports whether every occurrence of name, on no brand list,
// is called a part of a product by an appositive after it and a comma,
// alone or with a name joined to it by "and" or "or": a noun of parts
// after at most two words in small letters ("SafeRide and SafeMiles,
// usage-based programs that…", "FlexPay, a feature of…").
func calledPart(x *nameContext, name string) bool {
	starts := x.starts(name)
	for _, start := range starts {
		rest := strings.TrimLeft(x.answer[start+len(name):], "*_")
		if w, more := cutWord(rest); w == "and" || w == "or" {
			if w, more = cutWord(more); !startsUpper(w) {
				return false
			}
			rest = strings.TrimLeft(more, "*_")
		}
		rest, ok := strings.CutPrefix(rest, ",")
		if !ok {
			return false
		}
		part := false
		for k := 0; k < 3 && !part; k++ {
			var w string
			if w, rest = cutWord(rest); w == "" || w == "," || strings.IndexFunc(w, unicode.IsUpper) >= 0 {
				break
			}
			part = partNouns[w]
		}
		if !part {
			return false
		}
	}
	return len(starts) > 0 && !listedBrand(name)
}

// onlyBefore reports whether every occurrence of name comes before a noun
// of nouns, directly or, where joined, after "and" or "or" and another name,
// apart from compounds joined by a hyphen, and one does; never for a brand
// of the list.
func onlyBefore(answer, name string, nouns map[string]bool, joined bool) bool {
	if listedBrand(name) {
		return false
	}
	found := false
	for _, end := range wholeWords(answer, name) {
		rest := answer[end:]
		if strings.HasPrefix(rest, "-") {
			continue // a compound ("Gantt-first", "Apple-owned") says neither
		}
		w, more := cutWord(rest)
		if joined && (w == "and" || w == "or") {
			if w, more = cutWord(more); !startsUpper(w) {
				return false
			}
			w, _ = cutWord(more)
		}
		if !nouns[w] {
			return false
		}
		found = true
	}
	return found
}

// phraseOpeners open a phrase, never a name: a negation, a preposition, a
// question word and the indefinite article. A name whose second word is
// coined ("On Cloudmonster") is a name all the same.
var phraseOpeners = set(`no not in on at with from into without how what why when where which who a an`)

// phraseName reports a name of several words that a phrase's opening word
// opens ("No Windows", "In Progress", "How Cash Out", "An Atom Hoody"), or
// that an ordinary word opens before "the" in small letters ("Calculate
// the Real Cost", "Outside the US"): a verb or a preposition before its
// object, written with the capitals of a heading, a bold lead or a
// sentence's opening, no brand, unless the brand list holds the name whole
// ("Save the Children").
func phraseName(name string) bool {
	first, rest, ok := strings.Cut(name, " ")
	second, tail, _ := strings.Cut(rest, " ")
	if !ok || brandList()[fold(name)] {
		return false
	}
	if inSet(phraseOpeners, first) {
		return !coined(second)
	}
	// a phrase's object runs on ("the Real Cost") or is in capitals ("the
	// US"); one ordinary word after "the" is a brand's as often ("Rent the
	// Runway", "Off the Grid")
	return second == "the" && tail != "" && ordinaryName(first) && !coined(tail) &&
		(strings.Contains(tail, " ") || allUpper(tail))
}

// planName reports whether a name is one ordinary word (plainWord), or one
// and plan words, whose every occurrence in the answer comes before a plan
// word or "plan", "plans", "tier" or "tiers", in an answer that lists
// plans: an item leads with plan words alone ("* **Personal** – $16",
// "- Business: $23/mo"). The word names a plan of the product the answer
// prices ("Commerce Basic", "Commerce Advanced", "on Commerce plans"), no
// brand.
func planName(answer, name string) bool {
	first, rest, _ := strings.Cut(name, " ")
	if !plainWord(first) || rest != "" && !allPlanWords(strings.Fields(rest)) {
		return false
	}
	found := false
	for _, end := range wholeWords(answer, first) {
		w, _ := cutWord(strings.TrimLeft(answer[end:], "*_"))
		if w = strings.TrimRight(w, "*_"); !inSet(planWords, w) && !inSet(planNouns, w) {
			return false
		}
		found = true
	}
	return found && listsPlans(answer)
}

// planNouns name a plan as such.
var planNouns = set(`plan plans tier tiers`)

// listsPlans reports whether an item of the answer leads with plan words
// alone, in bold or before a colon or a dash: "* **Personal** – $16/month",
// "- Business: $23/mo".
func listsPlans(answer string) bool {
	for _, ln := range splitLines(answer) {
		body, _, ok := cutListMarker(strings.TrimLeft(ln.text, " \t"))
		if !ok {
			continue
		}
		body = strings.TrimLeft(body, "*_ ")
		if i := strings.IndexAny(body, ":*–—(-"); i > 0 {
			body = body[:i]
		}
		if ws := strings.Fields(body); allPlanWords(ws) {
			return true
		}
	}
	return false
}

// planPair reports whether a name is a plan word closed by "+" for its
// higher edition ("Enterprise+"), or plan words so closed or not joined by
// "and", "&" or "or" ("Enterprise and Enterprise+", "Standard or
// Premium"): plans priced together, no brand, as a plan word alone is none.
func planPair(name string) bool {
	if !strings.HasSuffix(name, "+") && !strings.Contains(name, " and ") && !strings.Contains(name, " & ") && !strings.Contains(name, " or ") {
		return false
	}
	ws := strings.Fields(name)
	if len(ws)%2 == 0 || len(ws) == 1 && !strings.HasSuffix(name, "+") {
		return false
	}
	for i, w := range ws {
		if i%2 == 1 {
			if w != "and" && w != "&" && w != "or" {
				return false
			}
		} else if !inSet(planWords, strings.TrimRight(w, "+")) {
			return false
		}
	}
	return true
}

// allPlanWords reports whether ws has words and every one names a plan
// (planWords).
func allPlanWords(ws []string) bool {
	for _, w := range ws {
		if !inSet(planWords, w) {
			return false
		}
	}
	return len(ws) > 0
}

// modelPair reports whether name, one word no dictionary knows and on no
// brand list, is written only joined by "and" or "or" to a capitalized
// ordinary word, neither on a brand list nor tracked, the pair right after
// a tracked brand or its possessive (modelPairLead: "an Osprey Talon or
// Stratos", "Osprey's newer Atmos and Aura models"): the ordinary word
// with a capital is a model's name, so the pair names two models of that
// brand, no brand of its own.
func modelPair(x *nameContext, name string) bool {
	if strings.Contains(name, " ") || !coined(name) || brandList()[fold(name)] {
		return false
	}
	found := false
	for _, start := range x.starts(name) {
		end := start + len(name)
		first, partner := start, ""
		if w, rest := cutWord(x.answer[end:]); w == "and" || w == "or" {
			rest = strings.TrimLeft(rest, " \t")
			partner, _ = cutWord(rest)
			if ps := len(x.answer) - len(rest); overlaps(x.tracked, ps, ps+len(partner)) {
				return false
			}
		} else if before := strings.TrimRight(x.answer[:start], " "); trailingWord(before) == "and" || trailingWord(before) == "or" {
			before = strings.TrimRight(before[:len(before)-len(trailingWord(before))], " ")
			partner = trailingWord(before)
			first = len(before) - len(partner)
			if overlaps(x.tracked, first, len(before)) {
				return false
			}
		}
		if !capitalized(partner) || !isDictWord(strings.ToLower(partner)) || brandList()[fold(partner)] ||
			!modelPairLead(x, first) {
			return false
		}
		found = true
	}
	return found
}

// modelPairLead reports whether the pair of names at pos follows a tracked
// brand right away ("an Osprey Talon or Stratos") or its possessive, one
// word in small letters between allowed ("Osprey's newer Atmos and Aura"):
// a pair farther off, past "but" or "the popular", may be the brand's
// rivals ("Chime is a solid pick, but the popular Varo and Current apps").
func modelPairLead(x *nameContext, pos int) bool {
	before := strings.TrimRight(x.answer[:pos], " ")
	if w := trailingWord(before); w != "" && w == strings.ToLower(w) {
		before = strings.TrimRight(before[:len(before)-len(w)], " ")
		if !strings.HasSuffix(before, "'s") && !strings.HasSuffix(before, "’s") {
			return false
		}
	}
	for _, m := range x.tracked {
		if m.end == len(before) || m.end < len(before) && possessed(x.answer[m.end:len(before)]+" ") &&
			len(strings.TrimSpace(x.answer[m.end:len(before)])) <= len("’s") {
			return true
		}
	}
	return false
}

// kindBeforeNames reports a lead of the answer's structure written right
// before a parenthesis that opens with a brand, tracked or of the brand
// list: the lead is the kind of thing the brand is ("**Auto (Geico):**",
// "**Renters (Acme):**"), when it is one ordinary word off the brand list
// and no other lead of its list is a brand alone. A coined word or
// a name of several words before a parenthesis is as often a brand before
// its models or its owner ("Petzl (Actik or Swift RL)", "Adobe Commerce
// (Magento)"), and so is an ordinary word before a name no list holds
// ("Nest (Google)") or in a list of brands ("- **Honey (PayPal):**" beside
// "- **Acme:**", "- **Meta (Facebook):**" beside "- **Pinterest:**").
func kindBeforeNames(x *nameContext, c candidate) bool {
	if c.prose || !plainWord(c.name) || listedBrand(c.name) {
		return false
	}
	line := x.answer[c.start:]
	if k := strings.IndexByte(line, '\n'); k >= 0 {
		line = line[:k]
	}
	i := strings.Index(line, c.name)
	if i < 0 {
		return false
	}
	rest := strings.TrimLeft(line[i+len(c.name):], "*_")
	if !strings.HasPrefix(rest, " (") {
		return false
	}
	inner, _, ok := strings.Cut(rest[2:], ")")
	first, _, _ := strings.Cut(choiceSplitter.Replace(inner), "\x00")
	first = strings.TrimSpace(first)
	at := c.start + len(line) - len(rest) + 2
	if !ok || !startsUpper(first) || !listedBrand(first) && !overlaps(x.tracked, at, at+len(first)) {
		return false
	}
	return !brandLeadBeside(x, c)
}

// brandLeadBeside reports whether another lead of c's list is a brand
// alone, tracked or with a word no dictionary knows, no kind before a
// parenthesis ("- **Acme:**", "- **Pinterest:**"): the list's leads are
// brands.
func brandLeadBeside(x *nameContext, c candidate) bool {
	for _, d := range x.cands {
		if c.group != 0 && d.group == c.group && d.start != c.start && !d.prose &&
			(overlaps(x.tracked, d.start, d.end) || distinctive(d.name)) && !strings.Contains(x.answer[d.start:d.end], "(") {
			return true
		}
	}
	return false
}

// choiceSplitter marks where the names of a list of choices part.
var choiceSplitter = strings.NewReplacer(", or ", "\x00", ", ", "\x00", " or ", "\x00")

// topicPlural reports whether a name, read whole as a lead of a group of
// leads none of which is a brand, is one ordinary word in the plural, off
// the brand list, that the answer names nowhere inside a sentence: the
// topic its item covers ("- **Permissions** get messy fast", "* **Buckets**
// to split savings by goal"), since a list of brands has a name of its own
// among its leads ("- **Travelers**" beside "- **Amica**"). The caller
// asks too that the lead runs on in small letters, as a subject or a topic
// does; a lead closed by a dash or a colon ("- **Pages** – Apple's word
// processor") is how a list of brands names each.
func topicPlural(answer, name string) bool {
	return !strings.Contains(name, " ") && ordinaryName(name) && pluralWord(name) && !listedWord(name) &&
		!namedInSentence(answer, name)
}

// runsOn reports whether the sentence runs on past a name that ends at
// end, markup aside: a comma, a possessive or a word in small letters
// follows it ("With Shopify Payments, …", "A Shopify or …"), where a lead
// that is a name as a whole ends at its line, a dash, a colon or a cell's
// bar ("- **On Cloudmonster** –").
func runsOn(answer string, end int) bool {
	rest := strings.TrimLeft(answer[min(end, len(answer)):], "*_")
	if strings.HasPrefix(rest, ",") || strings.HasPrefix(rest, "'s") || strings.HasPrefix(rest, "’s") {
		return true
	}
	w, _ := cutWord(strings.TrimLeft(rest, " "))
	return len(rest) > 0 && rest[0] == ' ' && w != "" && unicode.IsLower(firstRune(w))
}

// dropOpener returns the name after a word that opens a phrase, not a
// name, when a coined word follows it ("A Shopify or Squarespace site",
// "With Shopify Payments, …", "In GSMArena's test") or after an ordinary
// word in its -s form, a verb opening a lead ("Supports Spocket and …"):
// the capital is the phrase's, the name the coined words after it. A name
// the brand list holds whole, or whose opening word it holds ("On
// Cloudmonster"), stays.
func dropOpener(name string) string {
	first, rest, ok := strings.Cut(name, " ")
	if !ok || listedBrand(name) || brandList()[fold(first)] {
		return name
	}
	second, _, _ := strings.Cut(rest, " ")
	if !coined(second) || !(inSet(phraseOpeners, first) || pluralWord(first) && !isProperNoun(first)) {
		return name
	}
	return rest
}

// rateAcronyms name a rate or a network of an account: "APR", "APY",
// "ATM".
var rateAcronyms = set(`apr apy atm`)

// rateTerm reports a name of ordinary words, a hyphen joining some, before
// one of rateAcronyms in capitals ("Intro APR", "Savings APY", "Free ATM",
// "Out-of-network ATM"): a term of an account, no brand. A coined word or
// a proper noun before it names the brand ("Allpoint ATM"), as does a name
// the brand list holds whole.
func rateTerm(name string) bool {
	i := strings.LastIndexByte(name, ' ')
	if i < 0 || !allUpper(name[i+1:]) || !lowerIn(rateAcronyms, name[i+1:]) || listedBrand(name) {
		return false
	}
	for _, w := range strings.FieldsFunc(name[:i], func(r rune) bool { return r == ' ' || r == '-' }) {
		if lw := strings.ToLower(w); !isDictWord(lw) || isProperNoun(w) {
			return false
		}
	}
	return true
}

// legalSuffixes close a company's legal name: "Inc", "LLC", "N.A.".
var legalSuffixes = set(`inc llc ltd corp co plc gmbh n.a n.a.`)

// legalSuffix reports a name that is a legal suffix alone ("Varo Bank,
// N.A.", "Co-tuned"): part of a company's name, or a prefix, no name of
// its own.
func legalSuffix(name string) bool {
	return lowerIn(legalSuffixes, name)
}

// costHeadNouns close a heading about what things cost.
var costHeadNouns = set(`prices costs rates fees`)

// priceTopic reports a name of several words, ordinary words or places,
// that ends in a noun of prices ("Sleeping Pad Prices", "Florida Homeowners
// Insurance Costs"): a heading's topic, no brand. A brand of the list
// opening it names the brand ("State Farm Rates").
func priceTopic(name string) bool {
	i := strings.LastIndexByte(name, ' ')
	if i < 0 || !lowerIn(costHeadNouns, name[i+1:]) {
		return false
	}
	ws := strings.Fields(name[:i])
	for k, w := range ws {
		if !isPlace(w) && !ordinaryName(w) || listedBrand(strings.Join(ws[:k+1], " ")) {
			return false
		}
	}
	return true
}

// attributeOfBrand reports whether a lead is a label before a colon, one
// ordinary word off the brand list, of a list item indented under an item
// that is nothing but a tracked brand's name in bold ("2. **ClickUp**"
// over "   * **Caveat:** …"): an attribute of that brand, no brand. Under
// an item that goes on ("1. **Acme** works with:") the labels may be
// brands.
func attributeOfBrand(x *nameContext, c candidate) bool {
	if c.prose || strings.Contains(c.name, " ") || !ordinaryName(c.name) || listedWord(c.name) || !labelLead(x.answer, c) {
		return false
	}
	ls := strings.LastIndexByte(x.answer[:c.start], '\n') + 1
	indent := len(x.answer[ls:]) - len(strings.TrimLeft(x.answer[ls:], " \t"))
	if indent == 0 || !isListItemAt(x.answer, c.start) {
		return false
	}
	for end := ls - 1; end > 0; {
		ps := strings.LastIndexByte(x.answer[:end], '\n') + 1
		line := x.answer[ps:end]
		if strings.TrimSpace(line) == "" {
			return false
		}
		if in := len(line) - len(strings.TrimLeft(line, " \t")); in < indent {
			body, _, ok := cutListMarker(strings.TrimSpace(line))
			body = strings.TrimSpace(body)
			return ok && strings.HasPrefix(body, "**") && strings.HasSuffix(body, "**") && strings.Count(body, "**") == 2 &&
				lineNamesTracked(x.answer, ps, x.tracked)
		}
		end = ps - 1
	}
	return false
}
