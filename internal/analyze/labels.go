package analyze

import (
	"strings"
)

// ordinaryName reports whether every word of a name is an ordinary English
// word of the word list in small letters and no proper noun ("Battery Life",
// "Snapshot", "Toast", "Granite Gear"; not "MagSafe", "Texas", "Jira"),
// apart from connectors and numbers. Such a name, capitalized where a
// heading, a label or a sentence opens, is read as a name only with evidence
// (docs/ingest.md#brand-mentions).
func ordinaryName(name string) bool {
	ordinary := false
	for _, w := range strings.Fields(name) {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		lw := strings.ToLower(w)
		switch {
		case connectors[lw] || isNumeric(w):
			continue
		case w[1:] != lw[1:] || !isDictWord(lw) || isProperNoun(lw):
			// a capital inside ("MagSafe", "CRM") or a word no dictionary
			// knows in lowercase is written as a name
			return false
		}
		ordinary = true
	}
	return ordinary
}

// namedInSentence reports whether the answer writes name, with its capitals,
// where a capital is a name's: inside a sentence, neither where a sentence,
// line, list item, heading or table cell opens (atSentenceStart) nor in a
// heading, nor as a label before a colon, nor after a possessive, where it
// names what the owner has ("Acme's Snapshot").
func namedInSentence(answer, name string) bool {
	for i := 0; ; {
		j := strings.Index(answer[i:], name)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(name)
		i = start + 1
		if !boundaryBefore(answer, start, name) || !boundaryAfter(answer, end, name) ||
			atSentenceStart(answer, start) || inHeading(answer, start) {
			continue
		}
		if rest := strings.TrimLeft(answer[end:], "*_"); strings.HasPrefix(rest, ":") {
			continue
		}
		if before := answer[:start]; strings.HasSuffix(before, "'s ") || strings.HasSuffix(before, "’s ") {
			continue // "Acme's Snapshot": a name of the owner's, its feature or product
		}
		return true
	}
}

// inHeading reports whether pos lies on a markdown heading line.
func inHeading(s string, pos int) bool {
	ls := strings.LastIndexByte(s[:pos], '\n') + 1
	return strings.HasPrefix(strings.TrimLeft(s[ls:pos], " \t>"), "#")
}

// labelLead reports whether a lead read from the answer's structure is a
// label before a colon: "**Refresh Rate:** 120Hz", "- Display: OLED".
func labelLead(answer string, c candidate) bool {
	if c.prose || c.end > len(answer) {
		return false
	}
	if strings.HasSuffix(strings.TrimRight(answer[c.start:c.end], "*_ \t"), ":") {
		return true
	}
	return strings.HasPrefix(strings.TrimLeft(answer[c.end:], "*_"), ":")
}
