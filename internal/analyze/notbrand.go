package analyze

import (
	"strings"
	"unicode"
)

// The rules here read what a name taken from an answer is not
// (docs/ingest.md#brand-mentions).

// hasLetter reports whether a name has a letter: a figure alone ("40,000+",
// "$29") is no brand's name.
func hasLetter(name string) bool {
	return strings.IndexFunc(name, unicode.IsLetter) >= 0
}
