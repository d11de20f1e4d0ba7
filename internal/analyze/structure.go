package analyze

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// candidate is a possible untracked brand read from the answer's markdown structure.
// start and end delimit the raw markup it came from, to test overlap with tracked
// brand matches.
type candidate struct {
	name       string
	start, end int
}

// line is one line of the answer and its byte offset.
type line struct {
	text string
	off  int
}

func splitLines(s string) []line {
	lines := make([]line, 0, strings.Count(s, "\n")+1)
	off := 0
	for {
		i := strings.IndexByte(s[off:], '\n')
		if i < 0 {
			lines = append(lines, line{s[off:], off})
			return lines
		}
		lines = append(lines, line{strings.TrimSuffix(s[off:off+i], "\r"), off})
		off += i + 1
	}
}

// candidates reads untracked brand names from where answers put them: the lead of
// numbered and bulleted list items ("1. **Notion** – …", "- Asana: …"), numbered
// headings ("### 2. ClickUp"), the first cell of table rows below a header, and bold
// text anywhere outside headings and code. Each is cleaned of markup and kept only if
// it looks like a name (see isBrandish).
func candidates(s string) []candidate {
	var out []candidate
	lines := splitLines(s)
	inFence := false
	for li, ln := range lines {
		trimmed := strings.TrimLeft(ln.text, " \t>")
		lo := ln.off + len(ln.text) - len(trimmed)
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			inFence = !inFence
			continue
		}
		if inFence || trimmed == "" {
			continue
		}
		switch {
		case trimmed[0] == '#':
			// Headings are labels ("## Conclusion"), except numbered ones, which
			// are list items written as headings ("### 1. Notion").
			// Emoji and markup may precede the number ("### 🏆 1. Asana").
			h2 := strings.TrimLeftFunc(trimmed, func(r rune) bool {
				return !unicode.IsLetter(r) && !unicode.IsDigit(r)
			})
			hOff := lo + len(trimmed) - len(h2)
			if body, n, ok := cutEnumerator(h2); ok {
				out = appendLead(out, body, hOff+n)
			}
			continue
		case trimmed[0] == '|':
			isHeader := li+1 < len(lines) && isTableRule(lines[li+1].text)
			if !isHeader && !isTableRule(trimmed) {
				out = appendCell(out, trimmed, lo)
			}
		default:
			if body, n, ok := cutListMarker(trimmed); ok {
				out = appendLead(out, body, lo+n)
			}
		}
		out = appendBold(out, ln.text, ln.off)
	}
	return out
}

var listMarkers = []string{"- ", "* ", "+ ", "• ", "– ", "· "}

// cutListMarker strips "- ", "* ", "+ ", "• " or an enumerator from a list item.
func cutListMarker(s string) (string, int, bool) {
	for _, m := range listMarkers {
		if strings.HasPrefix(s, m) {
			return s[len(m):], len(m), true
		}
	}
	return cutEnumerator(s)
}

// cutEnumerator strips "1. ", "12) " from s.
func cutEnumerator(s string) (string, int, bool) {
	i := 0
	for i < len(s) && i < 3 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i+1 >= len(s) || (s[i] != '.' && s[i] != ')') || (s[i+1] != ' ' && s[i+1] != '\t') {
		return s, 0, false
	}
	return s[i+2:], i + 2, true
}

// isTableRule reports whether a line is a markdown table separator ("|---|:--:|").
func isTableRule(s string) bool {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "|") || !strings.Contains(s, "-") {
		return false
	}
	return strings.Trim(s, "|-: \t") == ""
}

// appendCell adds the first cell of a table row.
func appendCell(out []candidate, row string, off int) []candidate {
	cells := strings.Split(row[1:], "|")
	if len(cells) == 0 {
		return out
	}
	cell := cells[0]
	lead := len(cell) - len(strings.TrimLeft(cell, " \t"))
	return appendName(out, strings.TrimSpace(cell), off+1+lead)
}

// appendLead adds the name that opens a list item: bold or linked text at its start,
// else the text up to the first separator (":", " – ", " (", ",", ". ", …).
func appendLead(out []candidate, body string, off int) []candidate {
	switch {
	case strings.HasPrefix(body, "**"), strings.HasPrefix(body, "__"):
		if j := strings.Index(body[2:], body[:2]); j > 0 {
			return appendName(out, body[2:2+j], off+2)
		}
		return out
	case strings.HasPrefix(body, "["):
		if j := strings.Index(body, "]("); j > 1 {
			return appendName(out, body[1:j], off+1)
		}
		return out
	}
	end := len(body)
	for _, sep := range leadSeparators {
		if j := strings.Index(body[:end], sep); j >= 0 {
			end = j
		}
	}
	return appendName(out, body[:end], off)
}

// leadSeparators end the name at the start of a plain list item.
var leadSeparators = []string{":", " – ", " — ", " - ", " (", ",", ". ", " | ", "! ", "? ", ";"}

// appendBold adds every **bold** and __bold__ span of a line.
func appendBold(out []candidate, text string, off int) []candidate {
	for _, mark := range []string{"**", "__"} {
		for i := 0; ; {
			a := strings.Index(text[i:], mark)
			if a < 0 {
				break
			}
			a += i + len(mark)
			b := strings.Index(text[a:], mark)
			if b < 0 {
				break
			}
			out = appendName(out, text[a:a+b], off+a)
			i = a + b + len(mark)
		}
	}
	return out
}

// appendName cleans raw and adds it when it looks like a brand.
func appendName(out []candidate, raw string, off int) []candidate {
	if name := cleanName(raw); name != "" && isBrandish(name) {
		out = append(out, candidate{name: name, start: off, end: off + len(raw)})
	}
	return out
}

// nameCutters end a name inside bold or link text: "**Notion (free plan)**",
// "**Asana – best for teams**", "**Trello:**".
var nameCutters = []string{" (", ":", " – ", " — ", " - ", " | ", ", "}

var markupRemover = strings.NewReplacer("**", "", "__", "", "`", "", "[", "", "]", "")

// cleanName strips markup, enumerators, labels after a separator, and surrounding
// punctuation, quotes and emoji from a candidate. Questions yield "".
func cleanName(raw string) string {
	s := strings.TrimSpace(raw)
	if strings.HasPrefix(strings.TrimLeft(s, "*_"), "[") {
		if j := strings.Index(s, "]("); j > 0 {
			s = s[:j]
		}
	}
	if strings.ContainsAny(s, "*_`[]") {
		s = markupRemover.Replace(s)
	}
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "?") {
		return ""
	}
	if body, _, ok := cutEnumerator(s); ok {
		s = body
	}
	for _, c := range nameCutters {
		if j := strings.Index(s, c); j >= 0 {
			s = s[:j]
		}
	}
	s = strings.TrimFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '+' && r != '@'
	})
	s = strings.TrimSuffix(strings.TrimSuffix(s, "'s"), "’s")
	return strings.Join(strings.Fields(s), " ")
}

// isBrandish applies the simple rules that tell a name from a label or a sentence:
// at most four words and 40 bytes, every word capitalized (or with a capital, digit
// or dot inside: "eBay", "n8n", "monday.com") apart from connectors ("of", "&"), not
// opened by an imperative verb, and not made only of stop words, opinion words of
// the sentiment lexicon ("- Fast", "- Pricey" in a pros and cons list) and numbers.
func isBrandish(name string) bool {
	if len(name) < 2 || len(name) > 40 || strings.ContainsAny(name, "!?;=<>{}/$%") {
		return false
	}
	ws := strings.Fields(name)
	if len(ws) > 4 {
		return false
	}
	generic := true
	for i, w := range ws {
		lw := strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"))
		if connectors[lw] {
			if i == 0 && lw != "the" || i == len(ws)-1 {
				return false
			}
			continue
		}
		if !looksProper(w) || i == 0 && leadVerbs[lw] {
			return false
		}
		if i > 0 && len(lw) > 4 && strings.HasSuffix(lw, "ly") {
			return false // "Exercise Regularly", "Works Seamlessly": advice, not a name
		}
		if !stopWords[lw] && lexicon[lw] == 0 && !isNumeric(lw) && utf8.RuneCountInString(lw) > 1 {
			generic = false
		}
	}
	return !generic
}

// isNumeric reports numbers, versions, prices and percentages ("3.12", "$10", "50%").
func isNumeric(w string) bool {
	digits := false
	for _, r := range w {
		switch {
		case '0' <= r && r <= '9':
			digits = true
		case strings.ContainsRune(".,%$€£+-x", r):
		default:
			return false
		}
	}
	return digits
}

// looksProper reports whether a word is written like part of a name.
func looksProper(w string) bool {
	for i, r := range w {
		switch {
		case unicode.IsUpper(r), unicode.IsDigit(r):
			return true
		case r == '.' && i > 0 && i < len(w)-1:
			return true // monday.com, Customer.io
		}
	}
	return false
}
