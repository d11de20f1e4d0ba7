package analyze

import (
	"slices"
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
	prose      bool // read from a sentence, not from the answer's structure
	// group numbers the leads read side by side, one number for the items of
	// one list, the headings of one level, the cells of one table column, the
	// bold leads of paragraphs in a row; 0 for other bold text and prose.
	group int
	// item: the lead of a list item, a numbered heading or a table cell, not
	// of a paragraph
	item bool
	// cued: read in prose by a cue that makes a name of it where it opens
	// the sentence, whose capital is no evidence ("Slack for chat, Loom for
	// async video")
	cued bool
	// loose: a lead that looks no name by its words alone (looseName),
	// kept only beside a tracked brand's lead (looseAmongBrands)
	loose bool
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
// numbered and bulleted list items ("1. **Notion** – …", "- Asana: …"), or the value
// after a label lead ("- Design: Figma"), numbered headings ("### 2. ClickUp") and
// headings at a level where another heading is a tracked brand ("### Shopify Plus",
// "### WooCommerce"), the cells of table rows below a header in the columns
// tableColumns picks (the first, unless the table compares brands by attribute:
// its header's first cell is empty or a label, or its other header cells name
// tracked brands, so the first column is "Weight", "Pricing"), and bold text anywhere outside headings and code. Each is cleaned of
// markup and kept only if it looks like a name (see isBrandish). tracked are the
// tracked brands' matches.
func candidates(s string, tracked []match) []candidate {
	var out []candidate
	lines := splitLines(s)
	brandLevels := brandHeadingLevels(s, lines, tracked)
	pickLevels := pickHeadingLevels(s, lines, tracked)
	pickItems := pickListLines(s, lines, tracked)
	inFence := false
	var cols []int  // the table columns read for names, see tableColumns
	byKind := false // cols are headed by a kind of company: a cell lists names
	groups := 0
	listGroup, tableGroup, boldGroup := 0, 0, 0
	headingGroups := map[int]int{}
	grouped := func(from, g int) {
		for i := from; i < len(out); i++ {
			out[i].group, out[i].item = g, true
		}
	}
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
			level, from := headingLevel(trimmed), len(out)
			newSection(headingGroups, level)
			if headingGroups[level] == 0 {
				groups++
				headingGroups[level] = groups
			}
			if body, n, ok := cutEnumerator(h2); ok {
				if !pickLevels[level] || !strings.Contains(body, ": ") {
					// at a level of picks the words before the colon
					// are the need ("### 2. Best for teams: Zorvane")
					out = appendLead(out, body, hOff+n, tracked)
				}
			} else if brandLevels[level] {
				out = appendLead(out, h2, hOff, tracked)
			}
			if pickLevels[level] {
				out = appendPick(out, h2, hOff)
			}
			grouped(from, headingGroups[level])
			listGroup, boldGroup = 0, 0
			continue
		case trimmed[0] == '|':
			isHeader := li+1 < len(lines) && isTableRule(lines[li+1].text)
			if isHeader {
				cols, byKind = tableColumns(trimmed, isAttributeHeader(s, trimmed, lo, tracked))
				groups++
				from := len(out)
				out = appendBrandHeader(out, trimmed, lo, tracked)
				grouped(from, groups)
				tableGroup = groups
				groups += 100
			}
			if !isHeader && !isTableRule(trimmed) {
				for _, c := range cols {
					from := len(out)
					if byKind {
						out = appendCellNames(out, trimmed, lo, c)
					} else {
						out = appendCell(out, trimmed, lo, c)
					}
					grouped(from, tableGroup+1+c%99)
				}
			}
			listGroup = 0
		default:
			cols = cols[:0]
			if body, n, ok := cutListMarker(trimmed); ok {
				if listGroup == 0 {
					groups++
					listGroup = groups
				}
				from := len(out)
				out = appendLead(out, body, lo+n, tracked)
				out = appendLabelValue(out, body, lo+n)
				grouped(from, listGroup)
				if pickItems[li] {
					// picks in a value are no leads: they make no list of
					// brands of the item's labels
					out = appendPickValues(out, body, lo+n, tracked)
				}
			} else if trimmed == ln.text {
				listGroup = 0 // a paragraph ends the list; an indented line goes on in it
			}
		}
		from := len(out)
		out = appendBold(out, ln.text, ln.off)
		if listGroup == 0 && trimmed[0] != '|' && (strings.HasPrefix(trimmed, "**") || strings.HasPrefix(trimmed, "__")) {
			// paragraphs opened by bold names are items of one list
			if boldGroup == 0 {
				groups++
				boldGroup = groups
			}
			for i := from; i < len(out); i++ {
				if out[i].start == lo+2 {
					out[i].group = boldGroup
				}
			}
		} else if trimmed[0] == '|' || listGroup != 0 {
			boldGroup = 0
		}
	}
	return looseAmongBrands(s, out, tracked)
}

// newSection ends the heading groups below level: a heading of a higher
// level opens a section whose headings are read apart from the last one's
// ("## What else to weigh" after "## Top picks").
func newSection(headingGroups map[int]int, level int) {
	for l := range headingGroups {
		if l > level {
			delete(headingGroups, l)
		}
	}
}

// looseAmongBrands keeps a loose lead (looseName) only where it leads an
// item of a list, a heading or a cell of a column beside one, at the same
// indent, that a tracked brand leads: in a lineup of brands, a name of
// ordinary words or small letters is a brand as its neighbours are ("3.
// **Less Annoying CRM** –", "4. **commercetools** –"); elsewhere it is a
// label, and so is one whose item speaks of brands (topicItem).
func looseAmongBrands(s string, out []candidate, tracked []match) []candidate {
	if !slices.ContainsFunc(out, func(c candidate) bool { return c.loose }) {
		return out
	}
	type lineup struct{ group, indent int }
	lineups := map[lineup]bool{}
	for _, d := range out {
		if d.group != 0 && d.item && !d.loose && overlaps(tracked, d.start, d.end) {
			lineups[lineup{d.group, lineIndent(s, d.start)}] = true
		}
	}
	keep := make([]candidate, 0, len(out))
	for _, c := range out {
		if c.loose && !(c.item && c.group != 0 && lineups[lineup{c.group, lineIndent(s, c.start)}] && !topicItem(s, c, tracked)) {
			continue
		}
		c.loose = false
		keep = append(keep, c)
	}
	return keep
}

// topicItem reports whether the line a loose lead opens names a tracked
// brand or speaks of several ("both", "either", "each", "all"): its lead is
// a topic the brands are judged on ("- **Customer Service** – both are
// slow"), no brand of the lineup.
func topicItem(s string, c candidate, tracked []match) bool {
	a := strings.LastIndexByte(s[:c.start], '\n') + 1
	b := strings.IndexByte(s[c.end:], '\n')
	if b < 0 {
		b = len(s)
	} else {
		b += c.end
	}
	if overlaps(tracked, a, b) {
		return true
	}
	for _, w := range strings.FieldsFunc(lowerASCII(s[c.end:b]), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if severalWords[w] {
			return true
		}
	}
	return false
}

// severalWords speak of the brands together.
var severalWords = set("both either each all")

// lineIndent returns the spaces, tabs and quote marks that open the line
// holding pos.
func lineIndent(s string, pos int) int {
	i := strings.LastIndexByte(s[:pos], '\n') + 1
	n := 0
	for i+n < len(s) && (s[i+n] == ' ' || s[i+n] == '\t' || s[i+n] == '>') {
		n++
	}
	return n
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

// headingLevel is the number of "#" that open a heading line.
func headingLevel(s string) int {
	return len(s) - len(strings.TrimLeft(s, "#"))
}

// brandHeadingLevels returns the heading levels at which some heading is a
// tracked brand: its text opens with a tracked match followed by nothing, a
// model name or a separator ("### Shopify Plus", "### Osprey Talon 22").
func brandHeadingLevels(s string, lines []line, tracked []match) map[int]bool {
	out := map[int]bool{}
	for _, ln := range lines {
		t := strings.TrimLeft(ln.text, " \t>")
		if !strings.HasPrefix(t, "#") {
			continue
		}
		for _, x := range tracked {
			if x.start >= ln.off && x.end <= ln.off+len(ln.text) && listed(s, x) &&
				strings.Trim(s[ln.off:x.start], "#*_ \t>") == "" {
				out[headingLevel(t)] = true
			}
		}
	}
	return out
}

// pickHeadingLevels returns the heading levels at which some heading names
// a tracked brand as the pick of a need: a label, a colon and the brand
// ("### Best overall: Acme Pro", "### Email: Acme"). The headings of such a
// level are picks of one kind.
func pickHeadingLevels(s string, lines []line, tracked []match) map[int]bool {
	out := map[int]bool{}
	for _, ln := range lines {
		t := strings.TrimLeft(ln.text, " \t>")
		if !strings.HasPrefix(t, "#") {
			continue
		}
		for _, x := range tracked {
			if x.start < ln.off || x.end > ln.off+len(ln.text) {
				continue
			}
			before := strings.TrimRight(s[ln.off:x.start], "*_ \t")
			if strings.HasSuffix(before, ":") && strings.Trim(before, "#*_ \t>:") != "" {
				out[headingLevel(t)] = true
			}
		}
	}
	return out
}

// appendPick adds the name after the label and colon of a heading at a
// level of picks (pickHeadingLevels): "### Best for lifetime coverage:
// Zorvane" names Zorvane, the pick of that need; two names joined by "and"
// or "or" are two picks.
func appendPick(out []candidate, h string, off int) []candidate {
	i := strings.Index(h, ": ")
	if i <= 0 {
		return out
	}
	rest := h[i+2:]
	end := len(rest)
	for _, sep := range leadSeparators {
		if j := strings.Index(rest[:end], sep); j >= 0 {
			end = j
		}
	}
	value, at := strings.TrimRight(rest[:end], "*_ ."), off+i+2
	for _, sep := range []string{" and ", " or "} {
		// "### Good value: Zorvane and Carter Ridge": two picks
		if a, b, ok := strings.Cut(value, sep); ok && !strings.Contains(b, sep) {
			out = appendPickName(out, a, at)
			return appendPickName(out, b, at+len(a)+len(sep))
		}
	}
	return appendPickName(out, value, at)
}

// appendPickName adds a name a pick reader found (appendPick,
// appendPickValues) unless it is no pick but the kind picked or a trait of
// it (kindValue).
func appendPickName(out []candidate, raw string, off int) []candidate {
	if kindValue(cleanName(raw)) {
		return out
	}
	return appendName(out, raw, off)
}

// kindValue reports whether the value of a pick is no product's name but
// what a label of needs or traits holds: a plural of an ordinary word ("Tents
// and Tarps", "Index Funds", "Beginners and Families"), a kind of account
// or product written as a capital ("Roth IRA"), a colour ("Black, Navy and
// Olive"), or a label itself ("Best for Solo Users"). A brand of the list
// is a pick however written.
func kindValue(name string) bool {
	ws := strings.Fields(name)
	if len(ws) == 0 || listedBrand(name) {
		return false
	}
	last := ws[len(ws)-1]
	if i := strings.LastIndexByte(last, '-'); i >= 0 {
		last = last[i+1:]
	}
	low := strings.ToLower(last)
	if strings.EqualFold(ws[0], "best") || categoryAcronyms[low] || colourWords[low] && len(ws) == 1 {
		return true
	}
	if s, ok := strings.CutSuffix(low, "ies"); ok && isDictWord(s+"y") {
		return true // "Families"
	}
	return pluralWord(last)
}

// colourWords are the colours a product comes in.
var colourWords = set(`black white grey gray silver gold navy blue red green olive khaki
	tan beige brown orange yellow purple pink teal charcoal graphite midnight`)

// pickListLines returns the lines of the lists one of whose items pairs a
// label in bold with a tracked brand right after its colon ("- **Pack:**
// Acme Ridge 58 – $220", "- **Pack:** the Acme Ridge 58"): a list of picks
// by need.
func pickListLines(s string, lines []line, tracked []match) map[int]bool {
	out := map[int]bool{}
	from, picked := -1, false
	flush := func(to int) {
		if picked {
			for k := from; k < to; k++ {
				out[k] = true
			}
		}
		from, picked = -1, false
	}
	for li, ln := range lines {
		trimmed := strings.TrimLeft(ln.text, " \t>")
		body, n, ok := cutListMarker(trimmed)
		if !ok {
			if trimmed != "" {
				flush(li)
			}
			continue
		}
		if from < 0 {
			from = li
		}
		if j := strings.Index(body, ":**"); !picked && strings.HasPrefix(body, "**") && j > 2 {
			at := ln.off + len(ln.text) - len(trimmed) + n + j + 3
			rest := s[at:]
			v := strings.TrimLeft(rest, " ")
			for _, art := range []string{"the ", "an ", "a "} {
				v = strings.TrimPrefix(v, art)
			}
			at += len(rest) - len(v)
			for _, x := range tracked {
				picked = picked || x.start == at
			}
		}
	}
	flush(len(lines))
	return out
}

// appendPickValues adds the picks an item of a list of picks
// (pickListLines) names after its bold label, when its value is nothing
// but names, each with a price or a note after a dash, joined by ";", ","
// "and" or "or" ("- **Tent:** Zorvane Ridge 2 – $500; Carter Dome 3 –
// $550"); a value that is a sentence ("- **Cameras:** Roughly a tie")
// names none.
func appendPickValues(out []candidate, body string, off int, tracked []match) []candidate {
	j := strings.Index(body, ":**")
	if !strings.HasPrefix(body, "**") || j <= 2 {
		return out
	}
	type pick struct {
		name string
		at   int
	}
	var picks []pick
	at := j + 3
	for at < len(body) {
		end := len(body)
		for _, sep := range []string{"; ", ", ", " and ", " or "} {
			if k := strings.Index(body[at:end], sep); k >= 0 {
				end = at + k
			}
		}
		part := body[at:end]
		lead := len(part) - len(strings.TrimLeft(part, " "))
		part = strings.TrimRight(part[lead:], ". ")
		for _, sep := range []string{" – ", " — ", " - ", " ("} {
			if k := strings.Index(part, sep); k >= 0 {
				part = part[:k]
			}
		}
		for _, w := range strings.Fields(part) {
			if !capitalized(w) && !isNumeric(w) {
				return out // a sentence, not a list of names
			}
		}
		if part == "" {
			return out
		}
		picks = append(picks, pick{part, off + at + lead})
		if end == len(body) {
			break
		}
		at = end + 1
		for at < len(body) && body[at] != ' ' {
			at++ // the separator's word ("and", "or")
		}
	}
	for _, p := range picks {
		if !overlaps(tracked, p.at, p.at+len(p.name)) {
			out = appendPickName(out, p.name, p.at) // a tracked pick is read as tracked
		}
	}
	return out
}

// isAttributeHeader reports whether a table header row opens a table that
// compares brands by attribute: its first cell is empty or a label ("Feature",
// "Spec"), or another of its cells names a tracked brand.
func isAttributeHeader(s, row string, off int, tracked []match) bool {
	cells := strings.Split(strings.Trim(strings.TrimSpace(row), "|"), "|")
	if len(cells) == 0 {
		return false
	}
	first := cleanName(cells[0])
	if first == "" || lowerIn(attributeLabels, first) {
		return true
	}
	firstEnd := off + strings.Index(row, "|") + 1 + len(cells[0])
	for _, x := range tracked {
		if x.start >= firstEnd && x.end <= off+len(row) {
			return true
		}
	}
	return false
}

// attributeLabels head the first column of a table of attributes, or of
// one product's plans ("| Plan | Price |").
var attributeLabels = set(`feature features spec specs specification specifications
	attribute attributes aspect aspects criterion criteria category categories metric
	metrics factor factors detail details item items plan plans tier tiers`)

// appendLabelValue adds the name after a label lead: "- Design: Figma",
// "- Chat: Slack". The label must not look like a name itself.
func appendLabelValue(out []candidate, body string, off int) []candidate {
	i := strings.Index(body, ": ")
	if i <= 0 || strings.HasPrefix(body, "**") && strings.Index(body[2:], "**") < i-2 {
		return out
	}
	label := cleanName(body[:i])
	if label == "" || isBrandish(label) {
		return out
	}
	rest := body[i+2:]
	end := len(rest)
	for _, sep := range leadSeparators {
		if j := strings.Index(rest[:end], sep); j >= 0 {
			end = j
		}
	}
	if strings.HasSuffix(rest[:end], ".") {
		end--
	}
	return appendName(out, rest[:end], off+i+2)
}

// isTableRule reports whether a line is a markdown table separator ("|---|:--:|").
func isTableRule(s string) bool {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "|") || !strings.Contains(s, "-") {
		return false
	}
	return strings.Trim(s, "|-: \t") == ""
}

// tableColumns returns the columns of a table whose cells are read for names,
// given its header row: every column headed by a kind of company ("Brand",
// "Bank", "ATM network"), and the first column unless the table compares brands
// by attribute or another column is headed by a kind of company while the first
// is not ("| Gear | Brand | Weight |" has "Tent" and "Pack" in its first
// column, and the brands in its second). byKind reports columns headed by a
// kind of company.
func tableColumns(header string, attr bool) (cols []int, byKind bool) {
	cells := strings.Split(strings.Trim(strings.TrimSpace(header), "|"), "|")
	for i, c := range cells {
		ws := strings.Fields(strings.ToLower(cleanName(c)))
		if len(ws) > 0 && len(ws) <= 3 && companyKinds[ws[len(ws)-1]] {
			cols = append(cols, i)
		}
	}
	if len(cols) == 0 && !attr {
		return []int{0}, false
	}
	return cols, len(cols) > 0
}

// appendBrandHeader adds the cells after the first of a table's header row
// when one of them is a tracked brand: a table that compares brands by
// attribute heads its columns with brands of one kind ("| Feature | Acme |
// ClickUp |"), so the other headers are brands too.
func appendBrandHeader(out []candidate, row string, off int, tracked []match) []candidate {
	cells := strings.Split(row[1:], "|")
	at := off + 1 + len(cells[0]) + 1
	named := false
	for _, x := range tracked {
		if x.start >= at && x.end <= off+len(row) {
			named = true
			break
		}
	}
	if !named {
		return out
	}
	for col := 1; col < len(cells); col++ {
		out = appendCell(out, row, off, col)
	}
	return out
}

// companyKinds head a table column of company or product names: the kinds of
// company, "Integration", whose rows are the products integrated, and the
// picks of a table of recommendations ("| Need | Best pick |", "| Top pick
// | Runner-up |"), whose rows are the products picked ("Recommendation" may
// head a kind of account or a step, so it does not).
var companyKinds = set(`integration integrations
	brand brands company companies maker makers manufacturer
	manufacturers provider providers vendor vendors bank banks insurer insurers
	carrier carriers network networks retailer retailers lender lenders issuer
	issuers processor processors platform platforms
	pick picks runner-up`)

// appendCell adds cell col of a table row.
func appendCell(out []candidate, row string, off, col int) []candidate {
	cell, at := tableCell(row, off, col)
	return appendName(out, cell, at)
}

// tableCell returns cell col of a table row, trimmed, and its offset; ""
// past the row's last cell.
func tableCell(row string, off, col int) (string, int) {
	cells := strings.Split(row[1:], "|")
	if col >= len(cells) {
		return "", off
	}
	at := off + 1
	for _, c := range cells[:col] {
		at += len(c) + 1
	}
	cell := cells[col]
	lead := len(cell) - len(strings.TrimLeft(cell, " \t"))
	return strings.TrimSpace(cell), at + lead
}

// cellListSeparators join the names of a cell in a column of companies;
// "and" may join the words of one product ("SoFi Checking and Savings").
var cellListSeparators = []string{", ", "; ", " / "}

// appendCellNames adds the names of cell col of a table row whose column is
// headed by a kind of company ("| Example brands |"): a cell there lists
// names, each one of that kind ("La Sportiva, Scarpa"), but for a remark
// in small letters ("Ally, e.g. Online Savings": cellRemark).
func appendCellNames(out []candidate, row string, off, col int) []candidate {
	cell, at := tableCell(row, off, col)
	for cell != "" {
		end, next := len(cell), len(cell)
		for _, sep := range cellListSeparators {
			if k := strings.Index(cell[:end], sep); k >= 0 {
				end, next = k, k+len(sep)
			}
		}
		if !cellRemark(cell[:end]) {
			out = appendName(out, cell[:end], at)
		}
		cell, at = cell[next:], at+next
	}
	return out
}

// cellRemark reports whether an entry of a cell of names opens with a small
// letter and no capital after it ("e.g. Online Savings", "see notes"): a
// remark on the names, none of them; "eBay" keeps its reading.
func cellRemark(entry string) bool {
	return entry != "" && 'a' <= entry[0] && entry[0] <= 'z' && !smallCapital(entry)
}

// appendLead adds the name that opens a list item: bold or linked text at its start,
// else the text up to the first separator (":", " – ", " (", ",", ". ", …).
func appendLead(out []candidate, body string, off int, tracked []match) []candidate {
	switch {
	case strings.HasPrefix(body, "**"), strings.HasPrefix(body, "__"):
		if j := strings.Index(body[2:], body[:2]); j > 0 {
			a := body[2 : 2+j]
			out = appendLeadName(out, a, off+2, tracked)
			// "- **Fidelity** and **Vanguard**:": two bold names joined
			// by "and" or "or" are a pair of the lead as in one span
			rest := body[2+j+2:]
			for _, sep := range []string{" and ", " or "} {
				if k := len(sep) + 2; strings.HasPrefix(rest, sep+body[:2]) {
					if e := strings.Index(rest[k:], body[:2]); e > 0 && brandPair(a, rest[k:k+e], off+2, off+2+j+2+k, tracked, true) {
						out = appendName(out, rest[k:k+e], off+2+j+2+k)
					}
				}
			}
			return out
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
	return appendLeadName(out, body[:end], off, tracked)
}

// appendLeadName adds the name of a lead; a lead that is no name as a
// whole but two brands joined by "and" or "or", one of them coined or a
// brand of the list (pairEvidence), names both ("**Allstate or Travelers** —",
// "#### Farmers Insurance and Liberty Mutual"; not "**Morning or
// Evening**", nor two products of a tracked brand, "**Osprey Exos or
// Kestrel Pack**").
func appendLeadName(out []candidate, raw string, off int, tracked []match) []candidate {
	clean := cleanName(raw)
	if joinedTopics(clean) {
		return out
	}
	n := len(out)
	if out = appendCleanName(out, clean, raw, off); len(out) > n {
		return out
	}
	if a, b, offB, ok := leadPair(raw, off, tracked); ok {
		out = appendName(out, a, off)
		return appendName(out, b, offB)
	}
	return out
}

// joinedTopics reports whether a lead is two ordinary words joined by "and"
// or "or", one of them plural ("**Checking and Savings**", "**Sprints and
// Cycles**"): the topics the item covers, no name; a brand of that shape
// joins two singulars ("Crate and Barrel"). It takes the lead cleaned
// (cleanName), its words one space apart.
func joinedTopics(name string) bool {
	if strings.Count(name, " ") != 2 {
		return false
	}
	ws := strings.Fields(name)
	if len(ws) != 3 || (ws[1] != "and" && ws[1] != "or") || listedBrand(name) {
		return false
	}
	return isDictWord(strings.ToLower(ws[0])) && isDictWord(strings.ToLower(ws[2])) &&
		(pluralWord(ws[0]) || pluralWord(ws[2]))
}

// leadPair returns the two names that raw at off joins by "and" or "or"
// and the offset of the second, when they are two brands (brandPair).
func leadPair(raw string, off int, tracked []match) (a, b string, offB int, ok bool) {
	for _, sep := range []string{" and ", " or "} {
		a, b, ok := strings.Cut(raw, sep)
		if offB := off + len(a) + len(sep); ok && !strings.Contains(b, sep) && brandPair(a, b, off, offB, tracked, false) {
			return a, b, offB, true
		}
	}
	return "", "", 0, false
}

// brandPair reports whether a at offA and b at offB, two names joined in a
// lead by "and" or "or", are two brands: each a brand as a whole, neither a
// product of a tracked brand, and one of them coined or a brand of the
// list (pairEvidence), or each set off in bold of its own (marked) with no plural,
// a kind, second ("**Fidelity** and **Vanguard**"; not "**Checking** or
// **Savings**"), and neither a word derived from an ordinary word, which
// describes a kind ("**Frameless or Framed**"; derivedWord).
func brandPair(a, b string, offA, offB int, tracked []match, marked bool) bool {
	return brandAlone(a) && brandAlone(b) && !derivedWord(cleanName(a)) && !derivedWord(cleanName(b)) &&
		(marked && !pluralWord(b) || pairEvidence(a) || pairEvidence(b)) &&
		!trackedProduct(tracked, a, offA) && !trackedProduct(tracked, b, offB)
}

// brandAlone reports whether raw is a name that is a brand as a whole, no
// brand and a model of it ("Patagonia Jackson Glacier"): two models of one
// brand joined by "or" are no two brands.
func brandAlone(raw string) bool {
	name := cleanName(raw)
	return isBrandish(name) && brandHead(strings.Fields(name)) == len(strings.Fields(name))
}

// trackedProduct reports whether raw at off holds a tracked brand and more
// words: a product of that brand ("Osprey Exos"), no brand of its own.
func trackedProduct(tracked []match, raw string, off int) bool {
	for _, x := range tracked {
		if x.start < off+len(raw) && off < x.end && x.end-x.start < len(cleanName(raw)) {
			return true
		}
	}
	return false
}

// pairEvidence reports whether raw, one of two names joined in a lead, is
// coined or a brand of the list; a proper noun is not evidence, since two
// joined may be places, languages or people ("Paris or Rome", "Python or
// Rust").
func pairEvidence(raw string) bool {
	name := cleanName(raw)
	return coined(name) || listedBrand(name)
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

// slashVersion writes a model's version joined to its last word by a slash
// as a word of its own ("Ghost Whisperer/2" → "Ghost Whisperer 2"), so that
// the model is read, and cut, as one written with a space; a slash between
// two words ("Pro/Max") or after a figure ("24/7") is left.
func slashVersion(name string) string {
	i := strings.LastIndexByte(name, '/')
	if i <= 0 || i == len(name)-1 || !unicode.IsLetter(rune(name[i-1])) || strings.IndexByte(name[:i], '/') >= 0 {
		return name
	}
	if !isNumeric(name[i+1:]) {
		return name
	}
	return name[:i] + " " + name[i+1:]
}

// appendName cleans raw and adds it when it looks like a brand. A name too long
// for one that runs a brand and its model together ("Big Agnes Copper Spur
// HV UL2") keeps what is read as the brand's words with the model after them
// (longName), for untracked to cut back.
func appendName(out []candidate, raw string, off int) []candidate {
	return appendCleanName(out, cleanName(raw), raw, off)
}

// appendCleanName is appendName of raw already cleaned (cleanName).
func appendCleanName(out []candidate, clean, raw string, off int) []candidate {
	name := slashVersion(clean)
	shape, generic := brandShape(name)
	ok := name != "" && shape && !generic
	whole := name
	if name != "" && !ok {
		name = longName(name)
		ok = name != "" && isBrandish(name)
	}
	if ok {
		out = append(out, candidate{name: name, start: off, end: off + headEnd(raw, name, whole)})
	} else if looseName(whole, shape, generic) {
		out = append(out, candidate{name: whole, start: off, end: off + len(raw), loose: true})
	}
	return out
}

// headEnd returns where, in raw, the name read from it ends: at the end of
// raw, or after the brand a name too long for one was cut to, so that a
// tracked name among the model's words ("The North Face Summit Breithorn"
// with Summit tracked) is no part of the brand read.
func headEnd(raw, name, whole string) int {
	if name != whole {
		if i := strings.Index(raw, name); i >= 0 {
			return i + len(name)
		}
	}
	return len(raw)
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
	if singleSpaced(s) {
		return s // as strings.Join(strings.Fields(s), " ") is, without copying
	}
	return strings.Join(strings.Fields(s), " ")
}

// singleSpaced reports whether s is its words (strings.Fields) joined by
// one space: no space at either end, no two in a row, none but " ".
func singleSpaced(s string) bool {
	space := true // before the first word
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c == ' ' {
				if space {
					return false
				}
				space = true
			} else if asciiSpace[c] {
				return false
			} else {
				space = false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			return false
		}
		space = false
		i += size
	}
	return !space || s == ""
}

// asciiSpace marks the ASCII bytes strings.Fields splits at.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// isBrandish applies the simple rules that tell a name from a label or a sentence:
// at most four words and 40 bytes, every word capitalized (or with a capital, digit
// or dot inside: "eBay", "n8n", "monday.com") apart from connectors ("of", "&"), not
// opened by an imperative verb, and not made only of stop words, opinion words of
// the sentiment lexicon ("- Fast", "- Pricey" in a pros and cons list) and numbers.
func isBrandish(name string) bool {
	shape, generic := brandShape(name)
	return shape && !generic
}

// looseName reports a name that isBrandish turns down for its words alone
// (shape and generic are its brandShape):
// two capitalized words or more that are all a label's or the lexicon's,
// not all of answer structure, evaluation or pricing ("Less Annoying CRM",
// "The General"; not "Bottom Line"), or a name opening in small letters, one
// word no dictionary knows or words with a capital among them
// ("commercetools", "monday sales CRM"). Such a name needs a lineup of
// brands beside it (looseAmongBrands).
func looseName(name string, shape, generic bool) bool {
	if shape {
		return generic && strings.Contains(name, " ") && !strings.ContainsFunc(name, unicode.IsDigit) &&
			!strings.Contains(name, "-") && !labelPhrase(name)
	}
	ws := strings.Fields(name)
	if len(ws) == 0 || len(ws) > 4 || len(name) > 40 || !isLowerWord(ws[0]) || leadVerbs[ws[0]] || stopWords[ws[0]] {
		return false
	}
	if len(ws) == 1 {
		return len(ws[0]) > 2 && !commonWord(ws[0])
	}
	capital := false
	for _, w := range ws[1:] {
		switch {
		case connectors[w] || prepositions[w]:
			return false // "syncs with Google Drive": a phrase, not a name
		case looksProper(w):
			capital = true
		case !isLowerWord(w):
			return false
		}
	}
	return capital
}

// commonWord reports a lowercase word of the dictionary, or one with the
// prefix "e" of the electronic kind of a dictionary word ("ebooks",
// "ecommerce"): a common noun, no name.
func commonWord(w string) bool {
	return isDictWord(w) || len(w) > 4 && w[0] == 'e' && isDictWord(w[1:])
}

// labelPhrase reports a name whose words are all labelWords or connectors
// ("Bottom Line", "Key Features", "Free Plan").
func labelPhrase(name string) bool {
	for _, w := range strings.Fields(strings.ToLower(name)) {
		if !labelWords[w] && !connectors[w] {
			return false
		}
	}
	return true
}

// brandShape reports whether name is written as a name (shape) and whether
// its words are all generic: stop words, opinion words and numbers.
func brandShape(name string) (shape, generic bool) {
	if len(name) < 2 || len(name) > 40 || strings.ContainsAny(name, "!?;=<>{}/$%") {
		return false, false
	}
	ws := strings.Fields(name)
	if len(ws) > 4 {
		return false, false
	}
	generic = true
	for i, w := range ws {
		lw := strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"))
		if connectors[lw] {
			if i == 0 && lw != "the" || i == len(ws)-1 {
				return false, false
			}
			continue
		}
		if !looksProper(w) || i == 0 && leadVerbs[lw] {
			return false, false
		}
		if i == 0 && isPlainCompound(w) {
			continue // "Headless-ready": a sentence-case compound of ordinary words
		}
		if i > 0 && len(lw) > 4 && strings.HasSuffix(lw, "ly") {
			return false, false // "Exercise Regularly", "Works Seamlessly": advice, not a name
		}
		if !stopWords[lw] && lexicon[lw] == 0 && !isNumeric(lw) && utf8.RuneCountInString(lw) > 1 {
			generic = false
		}
	}
	return true, generic
}

// isPlainCompound reports a hyphenated word of ordinary words with no capital
// but its first letter ("Headless-ready", "Multi-storefront"), or one that
// ends in an ordinary word in small letters after acronyms ("API-first",
// "FDIC-insured"): a compound adjective, where a name's parts keep their
// capitals ("Gore-Tex", "Wi-Fi").
func isPlainCompound(w string) bool {
	parts := strings.Split(w, "-")
	if len(parts) < 2 {
		return false
	}
	if last := parts[len(parts)-1]; strings.ToLower(w[1:]) != w[1:] {
		if last == "" || strings.ToLower(last) != last || !isDictWord(last) {
			return false
		}
		for _, p := range parts[:len(parts)-1] {
			if p == "" {
				return false
			}
			if !allUpper(p) && (strings.ToLower(p[1:]) != p[1:] || !isDictWord(p) && !lowerIn(stopWords, p)) {
				return false
			}
		}
		return true
	}
	for _, p := range strings.Split(strings.ToLower(w), "-") {
		if p != "" && !isDictWord(p) && !stopWords[p] {
			return false
		}
	}
	return true
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
