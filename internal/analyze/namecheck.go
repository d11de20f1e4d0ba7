package analyze

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
	alone(isPlace),          // "Texas"
	inAnswer(townOfPlace),   // a town before its state: "Cortez, Colorado"
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
	alone(phraseName),       // "No Windows", "In Progress"
	inAnswer(planName),      // "Commerce Basic" beside "Personal"
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
	func(x *nameContext, name string) bool { return featureExample(x.answer, name) },
	func(x *nameContext, name string) bool { return ownedInParens(x.answer, name) },
	func(x *nameContext, name string) bool { return productOfListed(x.answer, name) },
}

// notALead holds what a candidate can be other than an untracked brand's
// name: a tracked brand's spelling, a standard named as such, a label
// whose value is a tracked brand ("- **Sequences:** Outreach"), a
// description leading an item ("- Beautiful, clean editor"), a list of
// features ("Key features include:"), a label in a list of labels
// ("- **Pack:**" beside "- **Rain jacket:**") and a label in a list of
// one-word labels ("- **Soundbars:**" beside "- **Streaming:**").
var notALead = []leadCheck{
	func(x *nameContext, c candidate) bool { return overlaps(x.tracked, c.start, c.end) },
	func(x *nameContext, c candidate) bool { return standardNamed(x.answer, c) },
	func(x *nameContext, c candidate) bool { return labelOfBrand(x.answer, c, x.tracked) },
	func(x *nameContext, c candidate) bool { return describingLead(x.answer, c) },
	func(x *nameContext, c candidate) bool { return featureListLead(x.answer, c) },
	func(x *nameContext, c candidate) bool { return labelOfLabels(x.answer, c) },
	func(x *nameContext, c candidate) bool { return wordLabel(x.answer, c, x.cands, x.tracked) },
}
