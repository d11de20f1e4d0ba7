package sightline

import (
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Names (a brand, alias, competitor, topic, organization, user, API key,
// webhook description) and prompt text are stored trimmed and in Unicode
// normalization form C, so that one name has one spelling; and they may
// not hold a character that is invisible or turns the direction of the
// text around it (docs/api.md#names): such a character lets one name pass
// for another in the dashboard and in exports ("Acme\u202Eemca" shows as
// "Acmeacme"). Those are the format characters (Unicode category Cf): the
// bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
// U+061C), the zero-width characters (U+200B, U+200C, U+200D, U+2060,
// U+FEFF), the soft hyphen and the rest of the category. Emoji sequences
// keep theirs: a zero-width joiner between two symbols (👨‍👩‍👧) and the tag
// characters of a flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿). Prompt text is prose: it also keeps the
// joiners U+200C and U+200D, which Persian and Indic scripts write with.

// formatNames names the format characters a refusal most often meets.
var formatNames = map[rune]string{
	0x00AD: "SOFT HYPHEN", 0x061C: "ARABIC LETTER MARK",
	0x200B: "ZERO WIDTH SPACE", 0x200C: "ZERO WIDTH NON-JOINER", 0x200D: "ZERO WIDTH JOINER",
	0x200E: "LEFT-TO-RIGHT MARK", 0x200F: "RIGHT-TO-LEFT MARK",
	0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
	0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE",
	0x2060: "WORD JOINER", 0x2066: "LEFT-TO-RIGHT ISOLATE", 0x2067: "RIGHT-TO-LEFT ISOLATE",
	0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE", 0xFEFF: "ZERO WIDTH NO-BREAK SPACE",
}

const (
	zwnj      = 0x200C
	zwj       = 0x200D
	blackFlag = 0x1F3F4 // 🏴, the base of the flag tag sequences
)

// CleanName returns name trimmed of white space and in NFC, and, when it
// holds a character a name may not hold, why (else "").
func CleanName(name string) (string, string) { return clean(name, false) }

// CleanText is CleanName for prose (prompt text): the joiners U+200C and
// U+200D are kept anywhere.
func CleanText(text string) (string, string) { return clean(text, true) }

func clean(s string, prose bool) (string, string) {
	s = norm.NFC.String(strings.TrimSpace(s))
	rs := []rune(s)
	for i, r := range rs {
		if !unicode.Is(unicode.Cf, r) || prose && (r == zwnj || r == zwj) || r == zwj && emojiJoiner(rs, i) || isTag(r) && flagTag(rs, i) {
			continue
		}
		what := formatNames[r]
		if what == "" {
			what = "an invisible format character"
		}
		return s, fmt.Sprintf("holds U+%04X (%s) at character %d: names and prompt text may not hold direction controls, zero-width or other invisible format characters (docs/api.md#names)", r, what, i+1)
	}
	return s, ""
}

// emojiJoiner reports whether the zero-width joiner at rs[i] joins two
// emoji: a symbol before it (past a variation selector or skin-tone
// modifier) and a symbol after it.
func emojiJoiner(rs []rune, i int) bool {
	j := i - 1
	for j >= 0 && (rs[j] == 0xFE0F || rs[j] >= 0x1F3FB && rs[j] <= 0x1F3FF) {
		j--
	}
	return j >= 0 && unicode.Is(unicode.So, rs[j]) && i+1 < len(rs) && unicode.Is(unicode.So, rs[i+1])
}

// isTag reports whether r is a tag character (U+E0020–U+E007F).
func isTag(r rune) bool { return r >= 0xE0020 && r <= 0xE007F }

// flagTag reports whether the tag character at rs[i] belongs to a flag
// sequence: 🏴 followed by tags.
func flagTag(rs []rune, i int) bool {
	j := i - 1
	for j >= 0 && isTag(rs[j]) {
		j--
	}
	return j >= 0 && rs[j] == blackFlag
}

// cleanName cleans *name in place (CleanName) and records on v why it
// is refused, if it is; it reports whether the name passed. Callers check
// blank and length on the cleaned name.
func cleanName(v *ValidationErrors, field string, name *string) bool {
	return cleanField(v, field, name, false)
}

// cleanText is cleanName for prose (CleanText).
func cleanText(v *ValidationErrors, field string, text *string) bool {
	return cleanField(v, field, text, true)
}

func cleanField(v *ValidationErrors, field string, s *string, prose bool) bool {
	c, why := clean(*s, prose)
	*s = c
	if why != "" {
		v.Add(field, "invisible", "%s %s", field, why)
		return false
	}
	return true
}
