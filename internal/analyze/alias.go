package analyze

import "strings"

// otherNameOf reports whether the answer writes name in parentheses right
// after another name it reads, untracked (others) or tracked ("Adobe
// Commerce (Magento)", "Meta (Facebook)"): the brand's other or former
// name, which names no brand of its own. The text about it stays the
// brand's own. One ordinary word before the parentheses is a kind or a
// label that the brand fills ("Auto (Geico)"), not another name.
func otherNameOf(answer, name string, others []string, tracked []match) bool {
	paren := "(" + name + ")"
	for i := 0; ; {
		j := strings.Index(answer[i:], paren)
		if j < 0 {
			return false
		}
		at := i + j
		i = at + len(paren)
		before := strings.TrimRight(answer[:at], " ")
		before = strings.TrimRight(before, "*_")
		for _, o := range others {
			if o != name && (strings.Contains(o, " ") || !isDictWord(o)) && strings.HasSuffix(before, o) && boundaryBefore(before, len(before)-len(o), o) {
				return true
			}
		}
		for _, x := range tracked {
			if x.end == len(before) {
				return true
			}
		}
	}
}

// withApostropheSpellings returns names with, after each name written with
// an apostrophe inside a word ("Arc'teryx"), the same name with a
// typographic apostrophe ("Arc’teryx") and, when it makes no word of the
// word list, without one ("Arcteryx"): writers and their editors spell such
// names all three ways, and each names the brand. A name without an
// apostrophe inside a word is returned as it is.
func withApostropheSpellings(names []string) []string {
	out := names
	for _, name := range names {
		i := strings.IndexByte(name, '\'')
		if i <= 0 || i == len(name)-1 || name[i-1] == ' ' || name[i+1] == ' ' {
			continue
		}
		if len(out) == len(names) {
			out = append([]string(nil), names...)
		}
		out = append(out, strings.ReplaceAll(name, "'", "’"))
		if bare := strings.ReplaceAll(name, "'", ""); !hasReading(fold(bare)) {
			out = append(out, bare)
		}
	}
	return out
}

// pluralOfName reports whether a match of p at [start, end) goes on with
// a plural "s" and ends there ("iPhones", "Chromebooks"): the name of a
// product counted in the plural is the product. The name must be written
// with a capital ("asanas" is no Asana), and neither a name that is an
// ordinary word ("Summits", "Notions") nor one whose plural spells a word,
// a place or another brand ("Canvas", "Vegas") is read so.
func pluralOfName(s string, start, end int, p pattern) bool {
	if p.exact || end >= len(s) || s[end] != 's' || isDictWord(p.text) ||
		strings.ToLower(s[start:end]) == s[start:end] {
		return false
	}
	plural := s[start : end+1]
	if isDictWord(strings.ToLower(plural)) || isProperNoun(plural) || brandList()[fold(plural)] {
		return false
	}
	return boundaryAfter(s, end+1, p.text)
}

// smallProperName reports whether x, a one-word name that reads only as a
// proper noun of the word list ("Monday"), written in small letters, is
// the brand's own styling ("monday CRM", "monday sells seats"): the word
// list's reading takes its capital, so in small letters it is the brand's
// where the evidence of a sentence's first word shows a subject or a
// product ("every monday" still is none).
func smallProperName(s string, x match, p pattern) bool {
	if strings.Contains(p.text, " ") || isDictWord(p.text) {
		return false
	}
	return productFollows(s, x) || verbFollows(s, x) || inflectedVerbFollows(s, x)
}
