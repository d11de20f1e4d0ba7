package analyze

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The checks below turn down a name read from an answer's structure
// (docs/ingest.md#brand-mentions). Each is one rule of that page; a name
// is turned down when any holds, and they are tried in the order written.

// nameContext is what a check sees besides the name: the answer, its
// sentences, the tracked brands' matches and every name read from it.
type nameContext struct {
	answer  string
	sents   []span
	tracked []match
	raw     []string
	cands   []candidate
	marked  []int // where the answer's words with a capital or a digit start
	buf     []int // starts' buffer

	wordLabels []string // the leads of lists of one-word labels (wordLabel)
	labelsRead bool     // wordLabels is read

	groupLeads map[int][3]int  // per group, its leads, its brands' and its coined names' (brandLeads)
	brandRow   map[string]bool // folded leads of lists or columns that hold a brand
}

// starts returns where name is written whole in the answer, as
// wholeWords finds it, in a buffer the next call reuses. A name whose first
// word has a capital or a digit is looked up among the places such words
// start (marked once per answer), so the checks that look at every place a
// name is written need no scan of the answer per name.
func (x *nameContext) starts(name string) []int {
	x.buf = x.buf[:0]
	k := strings.IndexFunc(name, notWordRune)
	if k < 0 {
		k = len(name)
	}
	if k == 0 || !markedWord(name[:k]) {
		for start := range wholeWords(x.answer, name) {
			x.buf = append(x.buf, start)
		}
		return x.buf
	}
	if x.marked == nil {
		x.marked = markedStarts(x.answer)
	}
	for _, start := range x.marked {
		if strings.HasPrefix(x.answer[start:], name) && boundaryAfter(x.answer, start+len(name), name) {
			x.buf = append(x.buf, start)
		}
	}
	return x.buf
}

func notWordRune(r rune) bool { return !isWordRune(r) }

// markedWord reports a word with a capital or a digit in it.
func markedWord(w string) bool {
	return strings.ContainsFunc(w, upperOrDigit)
}

// upperOrDigit reports a capital or a digit; it is small enough to be
// inlined where it is called for every letter.
func upperOrDigit(r rune) bool {
	if r < utf8.RuneSelf {
		return uint32(r-'A') < 26 || uint32(r-'0') < 10
	}
	return isWideUpperOrDigit(r)
}

// isWideUpperOrDigit is upperOrDigit beyond ASCII.
func isWideUpperOrDigit(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsDigit(r)
}

// markedStarts returns where the words of s that have a capital or a
// digit start.
func markedStarts(s string) []int {
	out := make([]int, 0, 64)
	start, marked := -1, false
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		switch {
		case isWordRune(r):
			if start < 0 {
				start, marked = i, false
			}
			marked = marked || upperOrDigit(r)
		case start >= 0:
			if marked {
				out = append(out, start)
			}
			start = -1
		}
		i += size
	}
	if start >= 0 && marked {
		out = append(out, start)
	}
	return out
}

// nameCheck reports whether a name holds for one rule; leadCheck whether a
// lead or a name of prose does, before a name is cut from it.
type (
	nameCheck = func(x *nameContext, name string) bool
	leadCheck = func(x *nameContext, c candidate) bool
)

// holds reports whether one of checks holds for v.
func holds[T any](x *nameContext, checks []func(*nameContext, T) bool, v T) bool {
	for _, is := range checks {
		if is(x, v) {
			return true
		}
	}
	return false
}

// alone adapts a test of the name alone.
func alone(is func(name string) bool) nameCheck {
	return func(_ *nameContext, name string) bool { return is(name) }
}

// inAnswer adapts a test of the name in the answer's text.
func inAnswer(is func(answer, name string) bool) nameCheck {
	return func(x *nameContext, name string) bool { return is(x.answer, name) }
}

// noBrandName holds the kinds of names that are no brand's:
// "Texas", "Wi-Fi 7", "Don't", "Friday", "CDs".
var noBrandName = []nameCheck{
	alone(func(name string) bool { return !hasLetter(name) }), // a figure: "40,000+"
	inAnswer(placeNamed),    // "Texas", "Chicago"
	inAnswer(nationality),   // "Italian-made"
	alone(rateTerm),         // "Intro APR", "Free ATM"
	alone(legalSuffix),      // "N.A", "Co"
	brandlessPerson,         // "Jess Sims"
	townOfPlace,             // a town before its state: "Cortez, Colorado"
	inAnswer(partOfPlace),   // "the summit of Rainier"
	alone(openStandard),     // "Git", "Markdown"
	alone(eventName),        // "Black Friday", "Cyber Monday"
	alone(termsName),        // "Ironclad Guarantee"
	alone(specName),         // "Wi-Fi 7", "USB-C"
	alone(contraction),      // "Don't"
	alone(calendarName),     // "Friday", "March"
	inAnswer(citedAsSource), // a review site cited as a source
	alone(kindPlural),       // "CDs"
	alone(tradeTerm),        // "B2B", "B2B Edition"
	inAnswer(layoutName),    // "Gantt charts", "Scrum boards"
	alone(methodName),       // "Kanban", "Scrum"
	inAnswer(partName),      // "the LeadBooster add-on", "SmartMiles programs"
	calledPart,              // "SmartRide and SmartMiles, usage-based programs"
	alone(phraseName),       // "No Windows", "In Progress"
	inAnswer(planName),      // "Commerce Basic" beside "Personal"
	alone(planPair),         // "Enterprise and Enterprise+"
}

// productOfBrand holds the names that are a brand's product, model,
// add-on, feature or other name rather than a brand of their own: "Nano
// Puff" of "Patagonia Nano Puff", "add-ons such as LeadBooster". Such
// names are kept apart as models.
var productOfBrand = []nameCheck{
	func(x *nameContext, name string) bool { return modelOfTracked(x.answer, name, x.tracked) },
	func(x *nameContext, name string) bool { return otherNameOf(x.answer, name, x.raw, x.tracked) },
	func(x *nameContext, name string) bool { return addOnNamed(x.answer, name, x.sents) },
	func(x *nameContext, name string) bool { return featureOfBrand(x.answer, name, x.sents, x.tracked) },
	func(x *nameContext, name string) bool { return modelAfterBrand(x.answer, name, x.sents, x.tracked) },
	featureExample,
	ownedInParens,
	productOfListed,
	modelPair,
	rowOfTracked,
}

// notALead holds what a candidate can be other than an untracked brand's
// name: a tracked brand's spelling, a standard named as such, a label
// whose value is a tracked brand ("- **Sequences:** Outreach"), a
// description leading an item ("- Beautiful, clean editor"), a list of
// features ("Key features include:"), a label in a list of labels
// ("- **Pack:**" beside "- **Rain jacket:**") and a label in a list of
// one-word labels ("- **Soundbars:**" beside "- **Streaming:**") and a
// kind before names in parentheses ("- Stove (Jetboil or MSR)").
var notALead = []leadCheck{
	func(x *nameContext, c candidate) bool { return overlaps(x.tracked, c.start, c.end) },
	func(x *nameContext, c candidate) bool { return standardNamed(x.answer, c) },
	func(x *nameContext, c candidate) bool { return labelOfBrand(x.answer, c, x.tracked) },
	func(x *nameContext, c candidate) bool { return describingLead(x.answer, c) },
	func(x *nameContext, c candidate) bool { return featureListLead(x.answer, c) },
	func(x *nameContext, c candidate) bool { return labelOfLabels(x.answer, c) },
	wordLabel,
	titleLabel,
	kindBeforeNames,
	attributeOfBrand,
}
