package analyze

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// confirmInitial drops the occurrences of one-word dictionary names ("Summit",
// "Close", "Nothing") that open a sentence without evidence that they are the
// brand: at the start of a sentence the capital says nothing, so "Summit meetings
// are rare" and "Close the loop" are ordinary words. The evidence that keeps such
// an occurrence (docs/ingest.md#names-that-are-ordinary-words):
//
//   - it is listed: the whole lead of a list item, heading or table cell, or bold
//     text, possibly with a model name ("- **Summit**: …", "### Osprey Exos 58"),
//     or a line of its own ("Linear. It is fast…");
//   - it stands next to another brand ("Summit and Osprey both …", "Notion vs.
//     Evernote");
//   - a product word or a capitalized name follows ("Summit packs", "Apple Watch");
//   - a verb follows, or the name is possessive ("Chime charges …", "Hippo isn't
//     …", "Root's rates"): a bare noun, adjective or imperative does not open a
//     sentence as the subject of a verb. Words that are pronouns in their
//     ordinary reading ("Nothing is perfect") need, besides, the brand named
//     elsewhere in the answer where its capital is not a sentence's.
func confirmInitial(answer string, ms []match) []match {
	initial := make([]bool, len(ms))
	anyInitial := false
	for i, x := range ms {
		if x.word && atSentenceStart(answer, x.start) {
			initial[i], anyInitial = true, true
		}
	}
	if !anyInitial {
		return ms
	}
	standing := map[int]bool{}
	for i, x := range ms {
		if !initial[i] {
			standing[x.brand] = true
		}
	}
	out := make([]match, 0, len(ms))
	for i, x := range ms {
		if initial[i] && !listed(answer, x) && !listedTitle(answer, x) && !nextToBrand(answer, x, ms) && !productFollows(answer, x) &&
			!(verbFollows(answer, x) && (standing[x.brand] || !pronouns[fold(answer[x.start:x.end])])) &&
			!(inflectedVerbFollows(answer, x) && !pronouns[fold(answer[x.start:x.end])]) {
			continue
		}
		out = append(out, x)
	}
	return out
}

// openers are the characters that may stand between a sentence's start and its
// first word: markup, quotes, brackets.
const openers = "*_\"'([“‘"

// atSentenceStart reports whether pos opens a sentence, a line (after any list
// marker, heading marks or quote mark), or a table cell.
func atSentenceStart(s string, pos int) bool {
	ls := strings.LastIndexByte(s[:pos], '\n') + 1
	prefix := s[ls:pos]
	if lineLead(prefix) {
		return true
	}
	before := strings.TrimRight(prefix, openers+" \t")
	if before == "" {
		return true
	}
	switch before[len(before)-1] {
	case '|':
		return true
	case '!', '?':
		return true
	case '.':
		return !isAbbreviation(before[:len(before)-1])
	}
	return false
}

// lineLead reports whether a line's text before a word is only the line's
// lead: indentation, "#" and ">" marks, list markers and enumerators, markup.
func lineLead(prefix string) bool {
	p := strings.TrimLeft(prefix, " \t>#")
	for {
		body, _, ok := cutListMarker(p)
		if !ok {
			break
		}
		p = strings.TrimLeft(body, " \t")
	}
	return strings.Trim(p, openers+" \t") == ""
}

// leadPrefix returns the text of x's line before it, and reports whether
// that opens a bold span (bold), a table cell, or a list item or heading
// (lineLead): whether x stands where a lead does.
func leadPrefix(s string, x match) (prefix string, bold, ok bool) {
	prefix = s[strings.LastIndexByte(s[:x.start], '\n')+1 : x.start]
	bold = strings.HasSuffix(prefix, "**") || strings.HasSuffix(prefix, "__")
	cell := strings.HasSuffix(strings.TrimRight(prefix, openers+" \t"), "|")
	return prefix, bold, bold || cell || lineLead(prefix)
}

// listed reports whether x is the whole lead of a list item, heading or table
// cell, or a bold span, possibly followed by a model name or number.
func listed(s string, x match) bool {
	prefix, bold, ok := leadPrefix(s, x)
	if !ok {
		return false
	}
	rest := s[x.end:]
	if strings.TrimSpace(prefix) == "" && !bold {
		// a line of its own: "Linear." under a heading
		return rest == "" || strings.HasPrefix(rest, ".\n") || strings.HasPrefix(rest, ". ") || rest == "." || rest[0] == '\n'
	}
	rest = strings.TrimPrefix(strings.TrimPrefix(rest, "'s"), "’s")
	if rest == "" || rest[0] == '\n' || rest[0] == '\r' || strings.IndexByte(":*_]|,(", rest[0]) >= 0 {
		return true
	}
	for _, sep := range []string{" –", " —", " - ", " (", " |", " ("} {
		if strings.HasPrefix(rest, sep) {
			return true
		}
	}
	if rest[0] == ' ' {
		r, _ := utf8.DecodeRuneInString(rest[1:])
		return unicode.IsUpper(r) || unicode.IsDigit(r)
	}
	return false
}

// nextToBrand reports whether another brand follows x, joined only by a list
// connector ("Summit and Osprey", "Linear vs. Jira", "Chase, Ally").
func nextToBrand(s string, x match, ms []match) bool {
	for _, y := range ms {
		if y.start < x.end || y.start-x.end > 12 {
			continue
		}
		gap := strings.ToLower(strings.TrimSpace(s[x.end:y.start]))
		gap = strings.TrimPrefix(strings.TrimPrefix(gap, "'s"), "’s")
		switch strings.TrimSpace(gap) {
		case ",", "and", "or", "&", "/", "vs", "vs.", "versus", ", and", ", or", "nor":
			return true
		}
	}
	return false
}

// nextWord returns the word right after x (one space away, past a
// trademark sign), or "".
func nextWord(s string, x match) string {
	rest := strings.TrimLeft(s[x.end:], trademarkSigns) // "Discover® Cashback Debit"
	if !strings.HasPrefix(rest, " ") {
		return ""
	}
	rest = rest[1:]
	end := strings.IndexFunc(rest, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’' && r != '-'
	})
	if end < 0 {
		end = len(rest)
	}
	return rest[:end]
}

// trademarkSigns may stand right after a name, as no part of it.
const trademarkSigns = "®™℠"

// productFollows reports whether a product word or a capitalized name follows
// x ("Summit packs", "Apple Watch", "Nothing Phone", "Discover customers").
func productFollows(s string, x match) bool {
	w := nextWord(s, x)
	if w == "" || w == "I" {
		return false
	}
	if w == "vs" || w == "versus" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(w)
	if unicode.IsUpper(r) || unicode.IsDigit(r) {
		return true
	}
	if productNouns[w] {
		return true
	}
	// a kind of policy, card or account between: "Nationwide pet insurance",
	// "Discover credit cards"
	return coverNouns[nextWord(s, match{start: x.end, end: x.end + 1 + len(w)})]
}

// coverNouns are products named with a kind before them ("pet insurance",
// "credit card", "checking account").
var coverNouns = set(`insurance card cards account accounts policy policies loan loans`)

// verbFollows reports whether the word after x is a verb that has x for its
// subject ("Chime charges", "Linear is"), or x is possessive. Up to two adverbs
// may stand between ("Jira only makes sense", "Acme no longer writes
// policies").
func verbFollows(s string, x match) bool {
	return subjectVerbAfter(s, x) != ""
}

// nameVerbFollows is verbFollows for a name not yet known as a brand: a
// verb of sourceVerbs has a publication or an adviser for its subject as
// often as a company ("Wirecutter recommends it", "Morningstar reports
// higher fees"), so it shows only that a known brand is meant.
func nameVerbFollows(s string, x match) bool {
	v := subjectVerbAfter(s, x)
	return v != "" && !sourceVerbs[v]
}

// sourceVerbs are the subject verbs a source shares with a company.
var sourceVerbs = set(`recommends reports`)

// subjectVerbAfter returns the verb after x that has x for its subject
// (verbFollows), "'s" when x is possessive, or "".
func subjectVerbAfter(s string, x match) string {
	rest := s[x.end:]
	if strings.HasPrefix(rest, "'s ") || strings.HasPrefix(rest, "’s ") {
		return "'s"
	}
	for range 3 {
		w := strings.ToLower(nextWord(s, x))
		if subjectVerbs[w] {
			return w
		}
		if !subjectAdverbs[w] {
			return ""
		}
		x.end += 1 + len(w)
	}
	return ""
}

// subjectAdverbs may stand between a subject and its verb.
var subjectAdverbs = set(`only also still now already usually often generally typically
	just even recently currently no longer rarely sometimes mostly mainly finally quietly itself
	frequently regularly`)

// productNouns name what a brand sells or who buys it; after a one-word name at
// a sentence's start they show the name is the brand's.
var productNouns = set(`app apps account accounts card cards checking savings plan plans
	pricing phone phones pack packs backpack backpacks tent tents jacket jackets shell shells
	headphones earbuds speaker speakers insurance policy policies bank platform software
	customers users members shoppers merchants subscribers cardholders policyholders stock
	renters homeowners flagship flagships amplifier amplifiers model models lineup devices
	laptop laptops tablet tablets watch watches earphones database databases template templates
	integrations dashboards camera cameras mattress mattresses shoes stores gear branding`)

// pronouns are words whose ordinary reading is itself the subject of a verb.
var pronouns = set(`nothing something everything anything none nobody everyone someone`)

// subjectVerbs are verbs that follow a brand as the subject of its sentence.
var subjectVerbs = set(`is was has had does offers offer provides lets allows includes
	supports charges costs works integrates gives makes ranks sells uses remains keeps adds
	also doesn't isn't can can't could will won't would should may might requires focuses
	comes feels looks shines excels wins pays undercuts handles syncs covers insures
	lacks needs runs ships sits leads remains completed acquired launched raised
	announced reported scored ranked topped introduced released acquires
	prices writes stopped started targets serves specializes caters delivers
	earns lags trails struggles suits outperforms outshines discounts recommends reports partners
	carries stocks`)

// sameCapitals reports whether text has a capital wherever caps has one
// (text and caps fold to the same string).
func sameCapitals(text, caps string) bool {
	for len(text) > 0 && len(caps) > 0 {
		a, na := utf8.DecodeRuneInString(text)
		b, nb := utf8.DecodeRuneInString(caps)
		if unicode.IsUpper(b) && !unicode.IsUpper(a) {
			return false
		}
		text, caps = text[na:], caps[nb:]
	}
	return true
}

// dropPlaceReadings drops the occurrences of one-word names that have a
// reading as a word or proper noun ("Columbia", "Apollo", "Summit") where they
// are part of a place or institution's name
// (docs/ingest.md#names-that-are-ordinary-words): a direction or "New"
// before them ("British Columbia", "North Summit"), or a noun of places and
// institutions after them ("Columbia River", "Columbia University", "the Apollo
// program").
func dropPlaceReadings(answer string, ms []match) []match {
	return dropMatches(ms, func(x match) bool {
		return x.word && (lowerIn(placeNouns, nextWord(answer, x)) || placePrefixes[wordBefore(answer, x.start)] ||
			joinedName(answer, x) && !rangeOfNames(answer, x))
	})
}

// dropMatches returns ms without the matches drop reports, ms itself when
// it drops none (the usual case, so nothing is allocated).
func dropMatches(ms []match, drop func(match) bool) []match {
	var out []match // allocated on the first drop
	for i, x := range ms {
		if drop(x) {
			if out == nil {
				out = append(make([]match, 0, len(ms)), ms[:i]...)
			}
			continue
		}
		if out != nil {
			out = append(out, x)
		}
	}
	if out == nil {
		return ms
	}
	return out
}

// joinedName reports whether a name ends a longer name joined by "to"
// ("Sea to Summit"): a capitalized noun, "to", then the name. Words that
// take "to" after them ("Similar to Ramp", "Switch to Linear") join no
// name.
func joinedName(answer string, x match) bool {
	if wordBefore(answer, x.start) != "to" {
		return false
	}
	w := wordBefore(answer, x.start-3)
	return w != "" && 'A' <= w[0] && w[0] <= 'Z' && !lowerIn(toGovernors, w)
}

// joinedOpening returns the first word of the longer name a joined name
// ends ("Sea" of "Sea to Summit") and where it starts.
func joinedOpening(answer string, x match) (string, int) {
	first := wordBefore(answer, x.start-3)
	return first, x.start - 4 - len(first)
}

// rangeOfNames reports whether the name before a joined name's "to", of
// one word or two, follows "from" or "between" and is a name of its own:
// "from Notion to Summit", "from Google Docs to Summit", "from Android to
// iPhone" span two names, the tracked one ending the range. A name of its
// own is coined or a brand of the list, or, before a tracked spelling that
// is no ordinary word ("iPhone"), any word no plainOpening; a plain word
// opens a longer name or a path ("bags from Sea to Summit", "went from Base
// to Summit"), a proper noun before an ordinary word may open a place
// ("from Denver to Summit"), and a plan a range of plans ("from Basic to
// Summit").
func rangeOfNames(answer string, x match) bool {
	first, start := joinedOpening(answer, x)
	name := first
	if w := wordBefore(answer, start); startsUpper(w) && !lowerIn(rangeOpeners, w) {
		name, start = w+" "+first, start-1-len(w)
	}
	if !lowerIn(rangeOpeners, wordBefore(answer, start)) || isPlace(name) || lowerIn(planWords, first) {
		return false
	}
	return coined(name) || listedWord(name) || listedBrand(name) ||
		!isDictWord(answer[x.start:x.end]) && !plainOpening(first)
}

// rangeOpeners open a range of two names joined by "to" or "and".
var rangeOpeners = set(`from between`)

// joinedNames returns the longer names that tracked spellings end
// (joinedName: "Sea to Summit"), unless the word that opens one is itself
// a tracked spelling or follows "from" or "between" ("from Wix to
// Square" names two brands), where a plain word after goods or a company
// and "from" opens one name (plainOpening, soldFrom: "dry bags from Sea to
// Summit"; not "went from Base to Summit").
func joinedNames(answer string, spelled []match) []string {
	var out []string
	for _, x := range spelled {
		if !x.word || !joinedName(answer, x) {
			continue
		}
		first, start := joinedOpening(answer, x)
		if start < 0 || overlaps(spelled, start, start+len(first)) {
			continue
		}
		if from := wordBefore(answer, start); lowerIn(rangeOpeners, from) &&
			(!plainOpening(first) || !soldFrom(wordBefore(answer, start-1-len(from)))) {
			continue
		}
		out = append(out, answer[start:x.end])
	}
	return out
}

// plainOpening reports whether w, opening a name joined by "to" to a
// tracked one, is an ordinary word that no brand of the list or proper
// noun spells ("Sea"): after "from" it opens one name, where a name of its
// own would open a range of two ("from Wix to Square", "from Notion").
func plainOpening(w string) bool {
	return isDictWord(w) && !isProperNoun(w) && !listedWord(w)
}

// soldFrom reports whether w, before "from", is goods or a company: what
// "from" and a name then follow is a seller or a maker ("dry bags from",
// "a separate company from"), not a range's start.
func soldFrom(w string) bool {
	w = strings.ToLower(w)
	return productNouns[w] || goodsFrom[w] || companyKindNouns[w]
}

// toGovernors are words that "to" and a name can follow without forming a
// name with them.
var toGovernors = set(`similar compared comparable equal identical close closest next due thanks
	according relative prior switch switching move moving migrate migrating go going come coming
	upgrade upgrading downgrade add adding connect connecting send sending sync export transfer
	listen welcome back return returning subscribe compare refer related nearest answer alternative
	alternatives rival rivals sister successor predecessor home access exclusive limited native available`)

// wordBefore returns the word right before pos (one space away), or "".
func wordBefore(s string, pos int) string {
	if pos < 2 || s[pos-1] != ' ' {
		return ""
	}
	i := pos - 1
	for i > 0 && (unicode.IsLetter(rune(s[i-1])) || s[i-1] == '-') {
		i--
	}
	return s[i : pos-1]
}

// trailingWord returns the word that ends s: wordBefore of s and a space,
// without copying s.
func trailingWord(s string) string {
	i := len(s)
	for i > 0 && (unicode.IsLetter(rune(s[i-1])) || s[i-1] == '-') {
		i--
	}
	return s[i:]
}

// placeNouns after a name make it a place's or an institution's ("Columbia
// River", "Apollo program"), not a brand's.
var placeNouns = set(`river rivers university college lake mountain mountains county valley island
	islands bay gorge canyon creek peninsula province district park airport hospital program forest rainforest
	programme mission basin glacier plateau desert sea ocean strait northwest northeast southwest
	southeast midwest`)

// placePrefixes before a name make it a place's ("British Columbia", "New
// Summit"); they keep their capital.
var placePrefixes = set(`British North South East West Northern Southern Eastern Western Central
	Upper Lower New Greater Mount Lake Fort Port Cape`)

// dropDayReadings drops the occurrences of a name spelt like a day of the
// week ("Monday") where the text reads it as the day
// (docs/ingest.md#names-that-are-ordinary-words): a part of the day or a
// meeting after it ("Monday morning", "Monday stand-up"), or a word that
// picks one day before it ("on Monday", "every Monday", "the first Monday").
// A brand's name does not take either.
func dropDayReadings(answer string, ms []match) []match {
	return dropMatches(ms, func(x match) bool {
		return x.word && weekdays[fold(answer[x.start:x.end])] &&
			(lowerIn(dayParts, nextWord(answer, x)) || lowerIn(dayPickers, wordBefore(answer, x.start)))
	})
}

// weekdays are the days' names.
var weekdays = set(`monday tuesday wednesday thursday friday saturday sunday`)

// dayParts after a day's name make it the day ("Monday mornings").
var dayParts = set(`morning mornings afternoon afternoons evening evenings night nights
	meeting meetings stand-up stand-ups standup standups`)

// dayPickers before a day's name make it the day ("every Monday").
var dayPickers = set(`on every each first last next previous this until by`)

// dropRegionReadings drops the occurrences of a one-word name that reads
// only as a proper noun ("Patagonia") where the text reads it as a place one
// travels in or to (docs/ingest.md#names-that-are-ordinary-words): after
// "in", "across", "around" or "throughout", after "to" that follows a word of
// travel ("a trip to Patagonia"). A product, a capitalized name or a possessive
// after it keeps it ("in Patagonia jackets", "in Patagonia's line"): one
// shops in a brand's goods, never in the brand.
func dropRegionReadings(answer string, ms []match) []match {
	return dropMatches(ms, func(x match) bool { return x.word && regionReading(answer, x) })
}

// regionReading reports whether x, a proper noun of the word list and no
// ordinary word, stands where a place one travels in or to stands.
func regionReading(answer string, x match) bool {
	name := answer[x.start:x.end]
	if isDictWord(strings.ToLower(name)) || !isProperNoun(name) {
		return false
	}
	rest := answer[x.end:]
	if strings.HasPrefix(rest, "'s") || strings.HasPrefix(rest, "’s") || productFollows(answer, x) {
		return false
	}
	if listedBeside(answer, x) {
		return false
	}
	before := strings.ToLower(wordBefore(answer, x.start))
	switch {
	case travelPrepositions[before]:
		return regionNouns[nextWord(answer, x)] || travelBefore(answer, x.start-len(before)-1)
	case before == "to":
		return lowerIn(travelWords, wordBefore(answer, x.start-3))
	}
	return false
}

// listedBeside reports whether a name of the brand list follows x in a
// list ("across Lincoln, Cadillac and Acura"): x is one of the brands.
func listedBeside(answer string, x match) bool {
	rest := strings.TrimLeft(answer[x.end:], " ")
	if !strings.HasPrefix(rest, ",") && !strings.HasPrefix(rest, "and ") && !strings.HasPrefix(rest, "or ") &&
		!strings.HasPrefix(rest, "& ") {
		return false
	}
	rest = strings.TrimLeft(rest, ", &")
	rest = strings.TrimPrefix(strings.TrimPrefix(rest, "and "), "or ")
	w, _ := cutWord(rest)
	return capitalized(w) && brandList()[fold(w)]
}

// travelBefore reports whether a word of travel or of a place's weather
// or seat stands in the sentence before pos ("on a trek, wind howls in
// Patagonia", "the weather in Patagonia", "based in Ventura, not in
// Patagonia"): "in" or "across" a proper noun is a place only so; one
// keeps money "in Marcus" and plans sprints "in Monday".
func travelBefore(answer string, pos int) bool {
	from := max(strings.LastIndexAny(answer[:max(pos, 0)], ".!?\n")+1, 0)
	for _, w := range strings.FieldsFunc(answer[from:max(pos, from)], func(r rune) bool { return !unicode.IsLetter(r) }) {
		if lw := strings.ToLower(w); travelWords[lw] || placeCues[lw] {
			return true
		}
	}
	return false
}

// placeCues are words of a place's weather or of where one is seated.
var placeCues = set(`weather climate wind winds storms rain snow based located headquartered`)

// regionNouns after a proper noun make it a place: "in Patagonia region".
var regionNouns = set(`region regions coast backcountry wilderness`)

// travelPrepositions before a place's name put one inside it.
var travelPrepositions = set(`in across around throughout`)

// travelWords before "to" and a place's name make it a journey's end.
var travelWords = set(`trip trips travel traveling travelling trek treks trekking journey journeys flight
	flights visit visits visiting expedition expeditions tour tours touring hike hikes hiking backpacking
	traveled travelled trekked hiked`)

// inflectedVerbFollows reports whether the word after x, past up to two
// adverbs ("Root automatically sets"), is a verb by its form and by what
// follows it: an ordinary word's form in "-s" or "-ed" ("tends", "relies",
// "pioneered") before a word that opens an object or ends a phrasal verb
// ("Streak turns your inbox", "Openly tends to", "Discover stands out").
// A plural noun opening a sentence ("Summit meetings are rare") takes a
// verb after it, never such a word. A word whose ordinary reading is a
// pronoun ("Nothing beats a phone…") is the subject in that reading, so it
// takes no evidence from this.
func inflectedVerbFollows(s string, x match) bool {
	for range 3 {
		w := strings.ToLower(nextWord(s, x))
		if w == "" {
			return false
		}
		if subjectAdverbs[w] || (strings.HasSuffix(w, "ly") && len(w) > 4) {
			x.end += 1 + len(w)
			continue
		}
		if !inflectedVerb(w) {
			return false
		}
		return lowerIn(objectOpeners, nextWord(s, match{start: x.end, end: x.end + 1 + len(w)}))
	}
	return false
}

// inflectedVerb reports whether w is an ordinary word's form in "-s" or
// "-ed" ("tends", "relies", "bundles", "pioneered").
func inflectedVerb(w string) bool {
	switch {
	case strings.HasSuffix(w, "ss") || len(w) < 4:
		return false
	case strings.HasSuffix(w, "ies"):
		return isDictWord(w[:len(w)-3] + "y")
	case strings.HasSuffix(w, "s"):
		return isDictWord(w[:len(w)-1]) || strings.HasSuffix(w, "es") && isDictWord(w[:len(w)-2])
	case strings.HasSuffix(w, "ied"):
		return isDictWord(w[:len(w)-3] + "y")
	case strings.HasSuffix(w, "ed"):
		return isDictWord(w[:len(w)-2]) || isDictWord(w[:len(w)-1])
	}
	return false
}

// objectOpeners open a verb's object or end a phrasal verb; they do not
// follow a plural noun that opens a sentence.
var objectOpeners = set(`the a an your its their his her our my this that these those every each
	all some most more any both you it them us him me to out down`)

// titleArticles open what a verb leading a title acts on ("## Discover the
// Best Travel Cards"): a verb's object, not a product's title.
var titleArticles = set(`the a an your our my their its`)

// listedTitle reports whether x opens a list item, heading, table cell or
// bold span with a product's title: one small word, then a capitalized
// word ("**Square for Restaurants**", "| Discover it Cash Back |"), the
// small word no article or possessive (titleArticles). A lead is a name,
// and a title's small word joins it to the rest.
func listedTitle(s string, x match) bool {
	if _, _, ok := leadPrefix(s, x); !ok {
		return false
	}
	w := nextWord(s, x)
	if w == "" || len(w) > 4 || strings.ToLower(w) != w || titleArticles[w] {
		return false
	}
	after := strings.TrimLeft(s[x.end:], trademarkSigns)[1+len(w):]
	after = strings.TrimLeft(after, trademarkSigns)
	if !strings.HasPrefix(after, " ") {
		return false
	}
	r, _ := utf8.DecodeRuneInString(after[1:])
	return unicode.IsUpper(r)
}
