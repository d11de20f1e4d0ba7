package analyze

import (
	"math"
	"slices"
	"strings"
)

// brandSentiment scores each brand of the answer on the text about it
// (docs/ingest.md#sentiment), not on whole sentences:
//
//   - A sentence that names one brand (or several joined as a list, "Acme and
//     Globex") is about it.
//   - A sentence that names several brands is cut into one side per brand at
//     the contrast or comparison word between them ("while", "whereas", "but",
//     "unlike", "compared with", "than", …) or else at the last comma between
//     them; each brand takes its own side. A side that compares ("than Globex",
//     "Unlike Globex,") and has no opinion of its own takes the opposite of the
//     side it is compared with: in "Acme is better than Globex" Globex is
//     rated down.
//   - Sentences that name no brand continue the brand of the sentence before
//     them in the same block — list item, heading with its text, paragraph,
//     table row — when that sentence is about one brand ("Linear. It is fast.").
//     A sentence opened by a pronoun ("It is…") takes up the brand that opened
//     the sentence before when that one names several brands, and the brand
//     of a sentence about one when its own brands are all objects of a
//     preposition ("Acme. It integrates with Globex.").
//
// A brand's score is the sum of the weights of its text, mapped to 0–100 as
// Sentiment does; 50 when nothing about it carries an opinion.
func brandSentiment(answer string, sents []span, ms, spelled []match) map[int]float64 {
	// Brand names are not opinions ("Wise", "Progressive", "Nimble"): they are
	// blanked before weighing, and so is a tracked brand's spelling that is not
	// counted as a mention ("Outreach to EMEA prospects"), since which reading
	// it has is not known.
	b := []byte(answer)
	for _, x := range spelled {
		for i := x.start; i < x.end; i++ {
			b[i] = ' '
		}
	}
	for _, x := range ms {
		// a counted mention stands as a word of no weight, so a capitalized
		// word after it is read inside the sentence ("Casper Original")
		for i := x.start; i < x.end; i++ {
			b[i] = ' '
		}
		if x.end-x.start >= 2 {
			b[x.start], b[x.start+1] = 'x', 'x'
		}
	}
	blankSuitCells(b, ms)
	answer = string(b)
	sum := map[int]float64{}
	seen := map[int]bool{}
	byBrand := func(b int, v float64) {
		sum[b] += v
		seen[b] = true
	}
	blocks := blockStarts(answer)
	sents = splitAfterMarkup(answer, sents)
	subject, hasSubject := 0, false
	opener, hasOpener := 0, false           // the brand that opened a sentence naming several ("Acme is …; its data sits with Globex")
	listSubject, hasListSubject := 0, false // a brand that introduced a list ("Why merchants choose Acme:")
	var pair []int                          // brands named together by the sentence before ("Acme or Globex.")
	listTone := 0.0                         // the opinion of a list's introduction that names no brand ("Better options:")
	itemTone := 0.0                         // listTone, for the list item's first brands
	sectionTone := 0.0                      // the opinion of a title that names no brand and warns ("### What to skip")
	listWarns := false                      // listTone is a warning's ("Platforms to skip:")
	itemWarns := false                      // itemTone is a warning's: it reaches only a brand that opens its line
	inList := false                         // the block before was a list item
	k := 0                                  // index into ms
	headed := false                         // the block opened with a heading or a list item: its lead is its topic
	var nest struct {                       // a list item about one brand, and its indentation: it leads the items nested under it
		brand, indent int
		ok            bool
	}
	indent := 0 // the indentation of the block before's list item
	for _, sn := range sents {
		if blocks.startsBefore(sn.start) {
			if !(inList && nest.ok && indent > nest.indent) {
				nest.brand, nest.indent, nest.ok = subject, indent, inList && hasSubject
			}
			hasSubject, hasOpener = false, false
			headed = isListItemAt(answer, sn.start) || isHeadingAt(answer, sn.start)
			if hasListSubject && isListItemAt(answer, sn.start) {
				subject, hasSubject = listSubject, true
			} else {
				hasListSubject = false
			}
			itemTone, itemWarns = 0, false
			item := isListItemAt(answer, sn.start)
			if item {
				itemTone, itemWarns = listTone, listWarns
			} else {
				listTone, listWarns = 0, false
			}
			if isHeadingAt(answer, sn.start) || titleLine(answer, sn) || inList && !item {
				// a warning's section ends at the next title, or where the
				// list it opens with ends
				sectionTone = 0
			} else if itemTone == 0 {
				itemTone, itemWarns = sectionTone, sectionTone != 0
			}
			inList = item
			if item {
				indent = itemIndent(answer, sn.start)
				if nest.ok && indent > nest.indent && !tipItemAt(answer, sn.start) {
					// "1. **Acme**" over "   * Consistently the highest
					// rated": a nested item goes on about the brand of the
					// item it is nested under, as the text under a heading
					subject, hasSubject = nest.brand, true
				}
			}
		}
		var in []match
		for k < len(ms) && ms[k].start < sn.end {
			if ms[k].start >= sn.start {
				in = append(in, ms[k])
			}
			k++
		}
		if len(in) > 0 && introducesList(answer, sn) && comparesUp(answer[sn.start:sn.end]) && allAttributive(answer, groupMatches(answer, sn.start, in)) {
			// "Better options for Outlook-based teams:": a brand that only
			// qualifies a noun leaves the introduction one of no brand
			in = nil
		}
		together := pair
		pair = nil
		if len(in) == 0 {
			if len(together) > 1 && opensWithPlural(answer[sn.start:sn.end]) {
				// "…on Spirit or Frontier. Both charge for carry-ons…"
				v := valence(answer[sn.start:sn.end])
				for _, b := range together {
					byBrand(b, v)
				}
				pair = together
				continue
			}
			if hasSubject {
				byBrand(subject, valence(answer[sn.start:sn.end])+bestFor(answer, sn))
				if introducesList(answer, sn) {
					listSubject, hasListSubject = subject, true
				}
			} else if hasOpener && opensWithPronoun(answer[sn.start:sn.end]) {
				byBrand(opener, valence(answer[sn.start:sn.end]))
				subject, hasSubject = opener, true
			} else if introducesList(answer, sn) && comparesUp(answer[sn.start:sn.end]) {
				// "Better options for an illustrator:" sets the brands its
				// items lead with above one judged before; "The best
				// CRMs:" and "Payment options:" only list them
				listTone, listWarns = valence(answer[sn.start:sn.end]), false
			} else if titleLine(answer, sn) && warnsTitle(answer[sn.start:sn.end]) {
				// "### What to skip", "**Avoid for gaming**": the brands
				// each block of the section leads with are advised
				// against, the text under the title included
				sectionTone, itemTone, itemWarns = -adviceWeight, -adviceWeight, true
			} else if introducesList(answer, sn) && warnsTitle(answer[sn.start:sn.end]) {
				// "Platforms to skip if cost is your main concern:"
				listTone, listWarns = -adviceWeight, true
			} else if introducesList(answer, sn) && advisesList(answer[sn.start:sn.end]) {
				// "For a large catalog, consider:", "I'd look at:": the
				// items are what the reader is told to take, as much as
				// advice naming a brand in a sentence
				listTone, listWarns = adviceWeight, false
			}
			hasOpener = false
			continue
		}
		topic, hasTopic := subject, hasSubject
		if !hasSubject && hasOpener {
			// "Acme is a CRM built for Globex.": the brand that opened the
			// sentence before is its paragraph's topic
			topic, hasTopic = opener, true
		}
		hasOpener = false
		all := groupMatches(answer, sn.start, in)
		if kept := dropCarried(answer, all); len(kept) == 0 && hasSubject {
			// "There are no fees on the Visa debit card.": what the
			// brand before carries, a sentence about it
			byBrand(subject, valence(answer[sn.start:sn.end]))
			continue
		} else if len(kept) > 0 {
			all = kept
		}
		if hasSubject && (headed || opensWithPronoun(answer[sn.start:sn.end]) || pronounAfterClause(answer[sn.start:sn.end])) && allObjects(answer, sn.start, all) {
			// "Acme. It is fast and integrates with Globex.": the pronoun
			// takes up the brand before, the others are objects of its clause
			byBrand(subject, valence(answer[sn.start:sn.end])+bestFor(answer, sn))
			continue
		}
		if hasTopic && !headed && namesAsObjects(answer, sn.start, all) && takesUpTopic(answer, sn, all) {
			// "Acme is a CRM built for Gmail. Reviewers praise how quickly
			// it syncs with Slack and Zoom.":
			// in a paragraph, a sentence that names untracked brands only
			// as objects or examples and takes its topic up with "it"
			// goes on about that brand, and so do the sentences after it
			byBrand(topic, valence(answer[sn.start:sn.end]))
			subject, hasSubject = topic, true
			continue
		}
		groups := subjects(answer, sn.start, all)
		// a row of a table that recommends by row ("| Need | Best pick |
		// Why |") praises the brand it names
		picked := 0.0
		if recommendsByRow(answer, sn.start) {
			picked = rowPick
		}
		tone := itemTone // the list introduction's weight, for this sentence only
		if itemWarns && !opensLine(answer, groups[0]) {
			// "### What to avoid when choosing a bank\nAvoid monthly fees.
			// Acme charges none.": a brand the section does not lead with
			// is no product it warns of
			tone = 0
		}
		if len(groups) == 1 {
			picked += tone + bestFor(answer, sn) + needPick(answer, sn, groups[0])
		}
		itemTone = 0
		if len(groups) > 1 && len(groups) == len(all) && allCompared(answer, sn.start, groups) {
			// "Compared with others: more capable than Acme or Globex, and
			// cheaper than Initech": every brand is what the sentence's
			// subject, the brand before or none, is compared with
			var lead []int
			if hasSubject {
				lead = []int{subject}
			}
			for _, p := range sides(answer, sn, append([]group{{start: sn.start, end: sn.start, brands: lead}}, groups...)) {
				for _, b := range p.brands {
					byBrand(b, p.value+picked)
				}
			}
			continue
		}
		if len(groups) == 1 && len(all) == 1 && comparedOnly(answer, sn.start, groups[0]) {
			// "Reporting is thin compared with Globex": the brand is what
			// the sentence's subject, the brand before or none, is
			// compared with, a side of its own
			var lead []int
			if hasSubject {
				lead = []int{subject}
			}
			for _, p := range sides(answer, sn, []group{{start: sn.start, end: sn.start, brands: lead}, groups[0]}) {
				for _, b := range p.brands {
					byBrand(b, p.value+picked)
				}
			}
			continue
		}
		if len(groups) == 1 && len(all) == 1 && contrastedOnly(answer, sn.start, groups[0]) && (hasSubject || semicolonTurn(answer, sn, groups[0])) {
			// "Acme is a payroll tool. Setup is clunky, but Globex is
			// simple.": the clause before the contrast is the sentence's
			// subject's, the brand before; the brand after it has its own
			// side. With no brand before, a clause a semicolon ends is
			// no brand's when the clause after it turns its tone ("Setup
			// is clunky; Globex is simple.").
			var lead []int
			if hasSubject {
				lead = []int{subject}
			}
			for _, p := range sides(answer, sn, []group{{start: sn.start, end: sn.start, brands: lead}, groups[0]}) {
				for _, b := range p.brands {
					byBrand(b, p.value+picked)
				}
			}
			continue
		}
		if len(groups) == 1 && len(all) == 1 && replaced(answer, groups[0]) {
			// "Good alternatives to Acme:", "The best Acme alternatives":
			// the sentence's opinion is of what would replace the brand
			for _, b := range groups[0].brands {
				byBrand(b, 0)
			}
			hasSubject = false
			continue
		}
		if len(groups) == 1 && len(all) == 1 {
			v := valence(answer[sn.start:sn.end]) + picked
			if sn.start == sents[0].start && leadVerdict(answer, sn, v) {
				// "I wouldn't recommend the Acme Phone for an older
				// relative." opening the answer is its verdict, which the
				// concessions after it ("It isn't a bad phone, but…") do
				// not undo
				v *= 2
			}
			for _, b := range groups[0].brands {
				byBrand(b, v)
			}
			subject, hasSubject = groups[0].brands[0], len(groups[0].brands) == 1
			pair = groups[0].brands
			if hasSubject && introducesList(answer, sn) {
				listSubject, hasListSubject = subject, true
			}
			continue
		}
		if headed && len(groups) > 1 && groups[0].start == all[0].start && boldLead(answer, sn.start, groups[0]) && allTracked(groups[0]) && !namedAgain(groups) {
			// "**Acme** (Globex) – best value, with Initech support": a
			// bold lead before a dash or colon is what its item or heading
			// describes; the brands after it are objects of that
			// description
			v := valence(answer[sn.start:sn.end]) + picked + tone + bestFor(answer, sn)
			for _, b := range groups[0].brands {
				byBrand(b, v)
			}
			// a brand the description compares the lead with ("cheaper
			// than Globex") keeps its side
			for _, p := range sides(answer, sn, groups)[1:] {
				if p.compare {
					for _, b := range p.brands {
						byBrand(b, p.value)
					}
				}
			}
			subject, hasSubject = groups[0].brands[0], len(groups[0].brands) == 1
			continue
		}
		hasSubject = false
		if len(all[0].brands) == 1 && strings.Trim(answer[sn.start:all[0].start], openers+" \t") == "" {
			opener, hasOpener = all[0].brands[0], true
		}
		if len(groups) == 1 {
			// the other brands are objects: the sentence is this one's, and
			// in a block its lead opens, so are the sentences after it
			// ("1. Acme — a CRM that lives inside Globex. Perfect for
			// email-heavy teams.")
			v := valence(answer[sn.start:sn.end]) + picked
			for _, b := range groups[0].brands {
				byBrand(b, v)
			}
			// in a title whose other brands only qualify a noun ("**Best
			// for Apple users: Acme**"), the title is this one's as if it
			// named no other, and so are the sentences under it
			subject, hasSubject = groups[0].brands[0], (headed || titleLine(answer, sn) && onlyQualified(answer, groups[0], all)) && len(groups[0].brands) == 1
			continue
		}
		for _, p := range sides(answer, sn, groups) {
			for _, b := range p.brands {
				byBrand(b, p.value+picked)
			}
		}
	}
	out := make(map[int]float64, len(seen))
	for b := range seen {
		out[b] = score(sum[b])
	}
	return out
}

// leadVerdict reports whether sn, the answer's first sentence, is a
// paragraph's (not a heading, list item or table row) and judges its brand
// with weight v of at least a verdict's ("not the most reliable choice",
// "I wouldn't buy", "often recommended because it's simple"), not one mild
// word of a description ("limited to two teams"): a reader takes the
// answer's opening judgement for its summary of the brand.
func leadVerdict(s string, sn span, v float64) bool {
	if math.Abs(v) < 2 || isHeadingAt(s, sn.start) || isListItemAt(s, sn.start) {
		return false
	}
	ls := strings.LastIndexByte(s[:sn.start], '\n') + 1
	return !strings.HasPrefix(strings.TrimLeft(s[ls:sn.end], " \t"), "|")
}

// bestFor weighs "best for" on a heading or list item ("### Acme: best
// for integrations", "4. **Acme** – Best for getting paid early."): there
// it names the brand the pick for a need, as much as "top pick"; in a
// table or a paragraph it says what a product suits and weighs nothing.
func bestFor(s string, sn span) float64 {
	if !isHeadingAt(s, sn.start) && !isListItemAt(s, sn.start) {
		return 0
	}
	t := lowerASCII(s[sn.start:sn.end])
	for i := 0; ; {
		j := strings.Index(t[i:], "best for ")
		if j < 0 {
			return 0
		}
		if i+j == 0 || !isWordByte(t[i+j-1]) {
			return rowPick
		}
		i += j + 1
	}
}

// needPick weighs a heading that pairs a need with the brand after its
// colon ("### Issue tracking: Acme", "### If planning is mostly documents:
// Acme Docs"): it names the brand the pick for that need, as much as "top
// pick". A label with an opinion of its own ("### Not ideal: Acme") or
// that warns ("### Avoid: Acme", "### Think twice: Acme") is weighed by its
// words instead, and one opened by "also"
// ("### Also consider: Acme") adds a brand after the picks, which readers
// take for a plain entry.
func needPick(s string, sn span, g group) float64 {
	if !isHeadingAt(s, sn.start) || bestFor(s, sn) != 0 {
		return 0
	}
	ls := strings.LastIndexByte(s[:sn.start], '\n') + 1
	if pre := strings.TrimLeft(s[ls:sn.start], "# \t"); pre != "" {
		if rest, _, ok := cutEnumerator(pre); !ok || strings.TrimSpace(rest) != "" {
			return 0 // the heading's second sentence
		}
	}
	label, ok := strings.CutSuffix(strings.TrimRight(s[sn.start:g.start], " \t*_"), ":")
	if !ok {
		return 0
	}
	label = strings.Trim(label, "# \t*_")
	if rest, _, ok := cutEnumerator(label); ok {
		label = strings.TrimLeft(rest, " \t*_")
	}
	lower := lowerASCII(label)
	first, _, _ := strings.Cut(lower, " ")
	if label == "" || first == "also" || warnVerbs[first] || strings.HasPrefix(lower, "think twice") || valence(label) != 0 {
		return 0
	}
	end := strings.IndexByte(s[g.end:], '\n')
	if end < 0 {
		end = len(s) - g.end
	}
	if strings.ContainsAny(s[g.end:g.end+end], ",:;.?!") || strings.Contains(s[g.end:g.end+end], " – ") || strings.Contains(s[g.end:g.end+end], " — ") {
		return 0 // the heading goes on past the brand and its model
	}
	return rowPick
}

// warnVerbs open a label that warns against what follows ("Avoid:", "Skip:",
// "Reconsider:"), whose words weigh nothing without their object; so does
// "Think twice".
var warnVerbs = set("avoid skip reconsider beware")

// boldLead reports whether group g opens the sentence at start as the bold
// lead of a list item or heading, closed by its markup and followed by a
// dash or colon: "**Acme** – …", "**Acme Pro** (Globex): …", "**Acme:** …".
func boldLead(s string, start int, g group) bool {
	pre := s[start:g.start]
	if !strings.HasPrefix(strings.TrimLeft(pre, " \t"), "**") || strings.Trim(pre, openers+" \t") != "" {
		return false
	}
	rest := s[g.end:]
	close := strings.Index(rest, "**")
	if close < 0 || strings.ContainsAny(rest[:close], ".;!?\n") {
		return false
	}
	after := strings.TrimLeft(rest[close+2:], " \t")
	if strings.HasSuffix(strings.TrimRight(rest[:close], " \t"), ":") {
		return true
	}
	if strings.HasPrefix(after, "(") {
		// an owner or note in brackets after the lead: "(Anker)"
		end := strings.IndexByte(after, ')')
		if end < 0 {
			return false
		}
		after = strings.TrimLeft(after[end+1:], " \t")
	}
	for _, sep := range []string{"–", "—", "-", ":"} {
		if strings.HasPrefix(after, sep) {
			return true
		}
	}
	return false
}

// allTracked reports whether every brand of g is a tracked one. A lead read
// as an untracked name may be a label ("**Pack:** an **Acme Talon**"),
// whose item is about the brand it introduces.
func allTracked(g group) bool {
	for _, b := range g.brands {
		if b < 0 {
			return false
		}
	}
	return true
}

// namedAgain reports whether a later group names a brand of the first: the
// lead's brand is then the subject of a clause of its own ("**Acme**: Acme
// does not publish…, but…"), which the sides weigh.
func namedAgain(groups []group) bool {
	for _, g := range groups[1:] {
		for _, b := range g.brands {
			if containsInt(groups[0].brands, b) {
				return true
			}
		}
	}
	return false
}

// splitAfterMarkup ends a sentence where its stop is followed by closing
// markup and a space ("**Acme isn't the best choice for a casual
// hiker.** The quality is excellent…"): the bold verdict is a sentence of
// its own, as it would be without the markup.
func splitAfterMarkup(s string, sents []span) []span {
	var out []span
	for _, sn := range sents {
		start := sn.start
		for j := sn.start; j < sn.end; j++ {
			c := s[j]
			if c != '.' && c != '!' && c != '?' {
				continue
			}
			k := j + 1
			for k < sn.end && strings.IndexByte("*_\")'", s[k]) >= 0 {
				k++
			}
			if k == j+1 || k >= sn.end || s[k] != ' ' || c == '.' && isAbbreviation(s[start:j]) {
				continue
			}
			out = append(out, span{start, k})
			start = k
			for start < sn.end && s[start] == ' ' {
				start++
			}
		}
		if start < sn.end {
			out = append(out, span{start, sn.end})
		}
	}
	return out
}

// replaced reports whether a group names the brand that alternatives
// would replace: after "alternative(s) to" ("Good alternatives to Acme",
// "a cheaper alternative to the Acme") or before "alternatives" ("The
// best Acme alternatives").
func replaced(s string, g group) bool {
	from := max(0, g.start-40) // the words just before the name
	before := strings.TrimSuffix(lowerASCII(strings.TrimRight(s[from:g.start], " \t*_[\"'(“‘")), " the")
	if strings.HasSuffix(before, "alternatives to") || strings.HasSuffix(before, "alternative to") {
		return true
	}
	after := strings.TrimLeft(s[g.end:], " \t*_]\"')”’")
	return len(after) >= 11 && strings.EqualFold(after[:11], "alternative")
}

// adviceWeight is the weight of advice to take a product: "go with Acme",
// or an item of a list the reader is told to take.
const adviceWeight = 2

// advisesList reports whether a list's introduction ends by telling the
// reader to take what follows: an imperative advice that opens the
// sentence or the clause after a leading condition ("Consider:", "For a
// large catalog, consider:", "If gaming matters most, look at:"), the same
// advice after "I'd" or "I would" ("For serious hikes, I'd look at:"), or
// what to take instead ("What to use instead:", "What I'd suggest
// instead:"). A list of things "to consider" or "also" considered only
// names them, and readers take its plain entries for neutral.
func advisesList(text string) bool {
	t := strings.TrimRight(text, " \t*_:")
	for strings.HasSuffix(t, "]") {
		// citation marks before the colon: "consider [1][2]"
		i := strings.LastIndexByte(t, '[')
		if i < 0 {
			break
		}
		t = strings.TrimRight(t[:i], " \t")
	}
	ws := strings.Fields(strings.TrimLeft(t, openers+" \t"))
	n := len(ws)
	instead := n > 0 && strings.EqualFold(ws[n-1], "instead")
	if instead {
		n--
	}
	for _, p := range listAdvice {
		k := len(p)
		if n < k || !slices.EqualFunc(ws[n-k:n], p, strings.EqualFold) {
			continue
		}
		before := ws[:n-k]
		m := len(before)
		switch {
		case m == 0:
			return true
		case strings.HasSuffix(before[m-1], ","):
			// the clause after a leading condition: "For a large catalog,"
			return afterCondition(strings.Join(before, " ") + " ")
		case strings.EqualFold(before[m-1], "i'd") || strings.EqualFold(before[m-1], "i’d") ||
			m >= 2 && strings.EqualFold(before[m-2], "i") && strings.EqualFold(before[m-1], "would"):
			return true
		case instead && m >= 2 && strings.EqualFold(before[m-2], "what") && strings.EqualFold(before[m-1], "to"):
			return true
		}
	}
	return false
}

// warnsTitle reports whether a title or a list introduction that names no
// brand tells the reader to keep away from what follows: a warning verb
// that ends it or a condition or purpose after it ("What to avoid", "Worth
// skipping", "Platforms to skip if cost is your main concern:", "Avoid for
// gaming", "Be cautious with", "What not to use"). What is avoided before
// it, a mistake or a cost ("Mistakes to avoid", "Fees to avoid"), is no
// product. It reads every word of the sentence: callers test the
// sentence's place (a title's line, a list's introduction) first.
func warnsTitle(text string) bool {
	ws := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !('a' <= r && r <= 'z' || r == '\'' || r == '’') })
	for i, w := range ws {
		k := 0
		switch {
		case (warnVerbs[w] || w == "avoiding" || w == "skipping") && (i == 0 || warnLeads[ws[i-1]]):
			k = 1
		case i+1 < len(ws) && (w == "cautious" || w == "careful") && ws[i+1] == "with",
			i+1 < len(ws) && w == "think" && ws[i+1] == "twice",
			i+1 < len(ws) && w == "steer" && ws[i+1] == "clear":
			k = 2
		case i+2 < len(ws) && w == "not" && ws[i+1] == "to" && takeVerbs[ws[i+2]]:
			k = 3 // "What not to use"
		}
		if k == 0 || i+k < len(ws) && !titleConditions[ws[i+k]] {
			continue
		}
		return !(i >= 2 && ws[i-1] == "to" && avoidedThings[ws[i-2]])
	}
	return false
}

var (
	titleConditions = set("if unless when for")
	// warnLeads put a warning verb to the reader ("What to skip", "Worth
	// skipping", "What I'd avoid"); "Which fees can you avoid?" and "Who
	// should skip" ask or describe
	warnLeads = set("to worth i'd i’d")
	// takeVerbs are what "not to" warns from taking ("What not to buy");
	// "Deals not to miss" and "Where not to save" warn of no product
	takeVerbs = set("use buy get choose pick try install")
	// avoidedThings are what a title warns of that is no product
	avoidedThings = set("mistakes pitfalls traps errors fees costs charges scams habits")
)

// opensLine reports whether group g opens its line, after a list marker,
// markup or "The" ("**Acme**'s shells…", "- The Acme card…"): a brand a
// warning's section leads with.
func opensLine(s string, g group) bool {
	prefix := s[strings.LastIndexByte(s[:g.start], '\n')+1 : g.start]
	return lineLead(strings.TrimSuffix(prefix, "The "))
}

// listAdvice tells the reader which product to take: the imperative advice
// of a sentence, and "suggest", "recommend" and "get", alone ("Get:") or
// after "I'd" or "I would".
var listAdvice = append(phraseWords("suggest", "recommend", "get"), imperativeAdvice...)

// comparesUp reports whether text says something is better than another
// ("Better options:", "What tends to work better at your size:").
func comparesUp(text string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !('a' <= r && r <= 'z') }) {
		if w == "better" {
			return true
		}
	}
	return false
}

// comparedOnly reports whether a sentence's one group stands after a
// comparison word and not at the sentence's start ("the list is smaller
// than Globex's"): the sentence's subject is something else.
func comparedOnly(s string, start int, g group) bool {
	before := s[start:g.start]
	if strings.Trim(before, openers+" \t") == "" {
		return false
	}
	_, kind := lastMarker(before)
	return kind == markCompare
}

// contrastedOnly reports whether a sentence's one group stands after a
// contrast word ("while", "but", "whereas", a semicolon) that a clause
// with a word of its own opens the sentence before: the clause before it
// is about something else, the subject the sentence before named.
func contrastedOnly(s string, start int, g group) bool {
	before := s[start:g.start]
	j, kind := lastMarker(before)
	return kind == markContrast && j > 0 && strings.Trim(before[:j], openers+" \t,") != ""
}

// semicolonTurn reports whether the last side marker before a sentence's
// one group is a semicolon that sets the brand apart from the clause
// before it: the clauses take opposite tones ("Not the cheapest; Globex
// costs less"), or the clause before takes up something else with a
// pronoun ("it's less compelling; pair it with an account at Globex").
// In "Superb noise cancelling; Globex leads here" the clause after goes
// on about what the clause before judged.
func semicolonTurn(s string, sn span, g group) bool {
	before := s[sn.start:g.start]
	j, _ := lastMarker(before)
	if j < 0 || before[j] != ';' {
		return false
	}
	if hasWordOf(before[:j], subjectPronouns) {
		return true
	}
	ps := sides(s, sn, []group{{start: sn.start, end: sn.start}, g})
	return len(ps) == 2 && ps[0].value*ps[1].value < 0
}

// allCompared reports whether every group of a sentence stands after a
// comparison word, the first not at the sentence's start ("more capable
// than Acme, and cheaper than Globex").
func allCompared(s string, start int, groups []group) bool {
	if !comparedOnly(s, start, groups[0]) {
		return false
	}
	for i := 1; i < len(groups); i++ {
		if _, kind := lastMarker(s[groups[i-1].end:groups[i].start]); kind != markCompare {
			return false
		}
	}
	return true
}

// rowPick is the weight of a brand's row in a table that recommends by
// row, as much as "top pick".
const rowPick = 2

// recommendsByRow reports whether pos is on a body row of a table whose
// header says each row is a recommendation: a column headed by the pick
// ("Pick", "Best pick", "Recommendation") or by the reason for it ("Why",
// "Reason", "Why we like it"). A table of facts ("| Bank | APY | Best for
// |") recommends nothing.
func recommendsByRow(s string, pos int) bool {
	ls := strings.LastIndexByte(s[:pos], '\n') + 1
	if !strings.HasPrefix(strings.TrimLeft(s[ls:], " \t>"), "|") {
		return false
	}
	for ls > 0 {
		ps := strings.LastIndexByte(s[:ls-1], '\n') + 1
		ln := s[ps : ls-1]
		if !strings.HasPrefix(strings.TrimLeft(ln, " \t>"), "|") {
			return false
		}
		if isTableRule(strings.TrimLeft(ln, " \t>")) {
			if ps == 0 {
				return false
			}
			hs := strings.LastIndexByte(s[:ps-1], '\n') + 1
			return verdictHeader(s[hs : ps-1])
		}
		ls = ps
	}
	return false
}

// verdictHeader reports whether a table's header row has a column of picks
// or of the reasons for them.
func verdictHeader(header string) bool {
	for _, c := range strings.Split(strings.Trim(strings.TrimSpace(header), "|"), "|") {
		if lowerIn(verdictColumns, strings.Trim(c, " \t*_")) {
			return true
		}
	}
	return false
}

// verdictColumns head a column that makes each row of a table a
// recommendation.
var verdictColumns = func() map[string]bool {
	m := map[string]bool{}
	for _, h := range []string{"pick", "best pick", "top pick", "our pick", "recommendation",
		"recommended", "winner", "why", "reason", "why we like it", "why it wins"} {
		m[h] = true
	}
	return m
}()

// opensRelative reports whether text opens with a relative pronoun ("which
// relies…", "who…").
func opensRelative(text string) bool {
	w, _, _ := strings.Cut(strings.TrimLeft(text, " \t"), " ")
	return w == "which" || w == "who" || w == "whose"
}

// opensWithPronoun reports whether a sentence opens with a pronoun that takes
// up the subject of the sentence before ("It is one of…", "Its app…").
func opensWithPronoun(text string) bool {
	w, _, _ := strings.Cut(strings.TrimLeft(text, openers+" \t"), " ")
	return lowerIn(subjectPronouns, w)
}

var subjectPronouns = set("it its it's they their they're")

// pronounAfterClause reports whether a sentence opens with a subordinate
// clause and its main clause with a pronoun ("If your company runs on
// Globex, it simply doesn't work"): the pronoun takes up the subject of the
// sentence before, as at a sentence's start.
func pronounAfterClause(text string) bool {
	t := strings.TrimLeft(text, openers+" \t")
	w, _, _ := strings.Cut(t, " ")
	if !lowerIn(subordinators, w) {
		return false
	}
	_, main, ok := strings.Cut(t, ", ")
	return ok && opensWithPronoun(main)
}

// closesClause reports whether a comma after text closes the subordinate
// clause that opens the sentence ("If you're on Globex, Acme integrates…"):
// a tracked brand after it opens the main clause as its subject, and the
// names on either side of the comma are no list.
func closesClause(text string) bool {
	t := strings.TrimLeft(text, openers+" \t")
	w, _, _ := strings.Cut(t, " ")
	return lowerIn(subordinators, w) && !strings.Contains(t, ",")
}

var subordinators = set("if when unless because since although though while once whether")

// opensWithPlural reports whether a sentence opens with a word that takes up
// several brands named together before ("Both charge…", "They are…").
func opensWithPlural(text string) bool {
	w, _, _ := strings.Cut(strings.TrimLeft(text, openers+" \t"), " ")
	return lowerIn(pluralPronouns, w)
}

var pluralPronouns = set("both they their they're neither each")

// subjects drops from a sentence's groups the brands that stand after a
// preposition ("sold on Globex", "anyone on Globex will find the
// integration frustrating"): they are objects of another brand's clause, not
// a side of their own, and that clause's opinion is not theirs. A group after
// a comparison word ("compared with Globex") stays a side; a sentence whose
// brands all stand after prepositions ("from Acme to Globex") keeps them all.
func subjects(s string, start int, groups []group) []group {
	if len(groups) < 2 {
		return groups
	}
	out := make([]group, 0, len(groups))
	from := start
	for _, g := range groups {
		before := s[from:g.start]
		from = g.end
		if w := lastWordOf(dropBoth(before)); (prepositions[w] || useVerbs[w] || objectAfter(before) && !parallelPurpose(before, s[g.end:]) || attributive(s, g) || exampleOf(before)) && !advisedBefore(before) {
			if _, kind := lastMarker(before); kind != markCompare {
				continue
			}
		}
		out = append(out, g)
	}
	if len(out) == 0 {
		return groups
	}
	return out
}

// exampleOf reports whether a brand after before is an example of the
// noun before it ("brands like Globex and Initech", "partners such as
// Globex", "tools including Globex"): an object of the clause, whose
// opinion is of its subject.
func exampleOf(before string) bool {
	t := strings.TrimRight(before, " \t*_[\"'(“‘")
	for _, w := range [...]string{" like", " such as", " including"} {
		if len(t) >= len(w) && strings.EqualFold(t[len(t)-len(w):], w) {
			if w != " like" {
				return true
			}
			// "like" gives an example after a noun ("labels like
			// Globex"); after a pronoun or a verb's helper it is the verb
			// ("I like Globex", "you'll really like Globex")
			f := lastWords(t[:len(t)-len(w)], 1)
			return len(f) == 1 && !likeSubjects[f[0]] && !strings.HasSuffix(f[0], "ly") && !strings.HasSuffix(f[0], "n't")
		}
	}
	return false
}

// likeSubjects before "like" make it the verb of liking: pronouns and the
// helpers and adverbs between a subject and its verb.
var likeSubjects = set(`i you we they he she it i'd you'd we'd they'd i'll you'll we'll they'll who
	would will do does did also still just really much might may should could to not never
	personally`)

// allObjects reports whether every group of a sentence stands after a
// preposition that is no comparison ("integrates with Globex"; not "compared
// with Globex").
func allObjects(s string, start int, groups []group) bool {
	return objectsOf(s, start, groups, false)
}

// objectsOf reports whether every group stands after a preposition that
// is no comparison or qualifies the noun after it, or, with examples, is
// an example of the noun before it ("partners such as Globex").
func objectsOf(s string, start int, groups []group, examples bool) bool {
	from := start
	for _, g := range groups {
		before := s[from:g.start]
		from = g.end
		if !prepositions[lastWordOf(dropBoth(before))] && !attributive(s, g) && !(examples && exampleOf(before)) {
			return false
		}
		if _, kind := lastMarker(before); kind == markCompare {
			return false
		}
	}
	return len(groups) > 0
}

// namesAsObjects reports whether every group of a sentence holds only
// untracked brands and stands after a preposition, as an example of a
// noun ("partners such as Globex") or to qualify the noun after it: the
// names are objects of the sentence, not what it is about.
func namesAsObjects(s string, start int, groups []group) bool {
	for _, g := range groups {
		for _, b := range g.brands {
			if b >= 0 {
				return false
			}
		}
	}
	return objectsOf(s, start, groups, true)
}

// itPronouns take up the one brand a paragraph is about.
var itPronouns = set("it its it's")

// switchVerbs before "to" send the reader from one product to another.
var switchVerbs = set(`switch switches switched switching move moves moved moving migrate migrates
	migrated migrating upgrade upgrades upgraded upgrading graduate graduates graduated graduating`)

// takesUpTopic reports whether a sentence whose names are objects takes
// its paragraph's topic up with "it" or "its": before its first name ("how
// quickly it syncs with Slack") or after one, inside the clause that
// names it ("teams on Jira love it"). A pronoun that opens a clause after
// a name takes the name up, the nearer one ("move to Zoho because it is
// easier", "leave it for Zoho, and it is easy to see why"), and so does
// "which" or "who" right after a name ("move to Zoho, which is
// excellent"). A name the reader is sent to instead ("teams switching to
// Zoho say it is better") is what the rest is about.
func takesUpTopic(s string, sn span, groups []group) bool {
	for _, g := range groups {
		if w := nextToken(strings.TrimLeft(s[g.end:sn.end], ",")); w == "which" || w == "who" {
			return false
		}
		if f := lastWords(s[sn.start:g.start], 2); len(f) == 2 && f[0] == "to" && switchVerbs[f[1]] {
			return false
		}
	}
	found, prev, broken := false, "", false
	for i := sn.start; i < sn.end; {
		if !isTokenByte(s[i]) {
			broken = broken || strings.IndexByte(",;:()–—", s[i]) >= 0
			i++
			continue
		}
		j := i
		for j < sn.end && isTokenByte(s[j]) {
			j++
		}
		w := strings.ToLower(s[i:j])
		if itPronouns[w] {
			if i > groups[0].start && (broken || subordinators[prev] || clauseWords[prev] || prev == "as") {
				return false
			}
			found = true
		}
		prev, broken, i = w, false, j
	}
	return found
}

// attributive reports whether a group names a brand only to qualify the
// noun after it ("a solid Gmail add-on", "the LinkedIn integration",
// "the smoothest Gmail experience"): the sentence is about the thing
// qualified, whose brand is another (docs/ingest.md#sentiment).
func attributive(s string, g group) bool {
	w := nextToken(s[g.end:])
	if len(g.brands) != 1 {
		// "GitHub and Slack integrations": a list qualifies only what
		// links a product to each of them
		return linkNouns[w] && strings.HasPrefix(s[g.end:], " "+w)
	}
	return attributeNouns[w] && strings.HasPrefix(s[g.end:], " "+w) || hyphenQualifier(s[g.end:])
}

// onlyQualified reports whether every group of all but g only qualifies
// the noun after it (attributive): "Apple" of "Best for Apple users: Acme".
func onlyQualified(s string, g group, all []group) bool {
	for _, o := range all {
		if o.start != g.start && !attributive(s, o) {
			return false
		}
	}
	return true
}

// allAttributive reports whether every group of a sentence only qualifies
// the noun after it (attributive).
func allAttributive(s string, groups []group) bool {
	for _, g := range groups {
		if !attributive(s, g) {
			return false
		}
	}
	return len(groups) > 0
}

// hyphenQualifier reports whether text opens with a hyphen and a word that
// makes the name before it qualify what follows ("Hasselblad-tuned color",
// "Twilio-based telephony").
func hyphenQualifier(text string) bool {
	rest, ok := strings.CutPrefix(text, "-")
	if !ok {
		return false
	}
	end := 0
	for end < len(rest) && isWordByte(rest[end]|0x20) {
		end++
	}
	return lowerIn(hyphenSuffixes, rest[:end])
}

// linkNouns after a list of brands make it a qualifier of what they name:
// the links a product has to each ("GitHub and Slack integrations").
var linkNouns = set("integrations extensions add-ons plugins connectors")

// attributeNouns after a brand make it a qualifier of what they name.
var attributeNouns = set(`integration integrations extension extensions add-on add-ons plugin plugins
	app apps experience account accounts connector connectors sync users user ecosystem inbox
	calendar widget feature features store stores`)

// advisedBefore reports whether text ends with an imperative advice ("go
// with", "look at"): the brand after it is what the reader is told to
// take, a side of its own, not an object.
func advisedBefore(text string) bool {
	t := strings.ToLower(strings.TrimRight(text, " \t*_[\"'(“‘"))
	for _, ps := range imperativeAdvice {
		p := strings.Join(ps, " ")
		if strings.HasSuffix(t, " "+p) || t == p {
			return true
		}
	}
	return false
}

// prepositions before a brand make it an object of the clause.
// useVerbs make the name after them the tool a clause's subject uses: "it's
// awkward if anyone uses Outlook" is no opinion of Outlook.
var useVerbs = set("use uses using used")

var prepositions = set("in on with from into onto via through at for to by of about inside within alongside")

// objectAfter reports whether text ends with "of" and an indefinite article
// ("can't take advantage of an": a thing of the clause's subject), or with a preposition, one word and "and"
// or "or" ("happens through relationships and"): the name after it is the
// preposition's object too.
func objectAfter(text string) bool {
	ws := strings.Fields(strings.ToLower(strings.TrimRight(text, " \t*_[\"'(“‘")))
	n := len(ws)
	switch {
	case n >= 2 && (ws[n-1] == "a" || ws[n-1] == "an"):
		return ws[n-2] == "of"
	case n >= 3 && (ws[n-1] == "and" || ws[n-1] == "or"):
		return prepositions[ws[n-3]] && isLetters(ws[n-2])
	}
	return false
}

// dropBoth cuts a last "both" or "either" off text ("works with both",
// "integrates with either"): the word before it says what the names
// after it are.
func dropBoth(text string) string {
	t := strings.TrimRight(text, " \t*_[\"'(“‘")
	for _, w := range [...]string{"both", "either"} {
		if len(t) > len(w) && strings.EqualFold(t[len(t)-len(w):], w) && t[len(t)-len(w)-1] == ' ' {
			return t[:len(t)-len(w)]
		}
	}
	return text
}

// lastWordOf returns the last word of text in lowercase, markup and spaces
// after it left out.
func lastWordOf(text string) string {
	t := strings.TrimRight(text, " \t*_[\"'(“‘")
	i := len(t)
	for i > 0 && isWordByte(t[i-1]|0x20) {
		i--
	}
	return strings.ToLower(t[i:])
}

// group is a run of brand occurrences joined as a list ("Acme and Globex").
type group struct {
	start, end int
	brands     []int // distinct, in order
}

// groupMatches groups a sentence's matches: neighbours joined only by a list
// connector, or naming the same brand with nothing between them, share a group.
// A comma after a side opened by a comparison or contrast word ends that side
// instead ("Compared with Globex, Acme …").
func groupMatches(s string, start int, in []match) []group {
	var out []group
	for i, x := range in {
		if i > 0 {
			g := &out[len(out)-1]
			from := start
			if len(out) > 1 {
				from = out[len(out)-2].end
			}
			gap := listGap(s[g.end:x.start])
			opened, _ := lastMarker(s[from:g.start])
			if gap == "" || listJoin[gap] && !(gap == "," && (opened >= 0 || x.brand >= 0 && closesClause(s[start:g.start]))) {
				g.end = x.end
				if !containsInt(g.brands, x.brand) {
					g.brands = append(g.brands, x.brand)
				}
				continue
			}
		}
		out = append(out, group{start: x.start, end: x.end, brands: []int{x.brand}})
	}
	return out
}

// listGap returns the words between two brands that may join them as a
// list, in lowercase: markup and a possessive are left out, and so is a
// model after the first brand when "or" follows it, so "**Acme** and
// **Globex**", "Acme Trail 40 or Globex Ridge 45" and "Acme's Shell or
// Globex's" join their brands: models offered as alternatives share the
// clause's verdict. Models joined by "and" are as often the sides of a
// comparison, and stay apart.
func listGap(text string) string {
	if g := strings.ToLower(strings.TrimSpace(text)); g == "" || listJoin[g] {
		return g // the common case: nothing or a list word between
	}
	t := strings.Map(func(r rune) rune {
		if r == '*' || r == '_' {
			return ' '
		}
		return r
	}, text)
	t = strings.TrimSpace(t)
	t = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(t, "'s"), "’s"))
	f := strings.Fields(t)
	k := 0
	for k < len(f) && gapModelWord(f[k]) {
		k++
	}
	if k == len(f) {
		return strings.ToLower(t) // nothing but a model: not a list
	}
	if k > 0 && !strings.EqualFold(f[k], "or") {
		return strings.ToLower(t)
	}
	f = f[k:]
	return strings.ToLower(strings.Join(f, " "))
}

// gapModelWord reports whether a word of a gap names a model: a word with
// a capital or a digit first ("Trail", "40", "3L").
func gapModelWord(w string) bool {
	c := w[0]
	return 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

var listJoin = set(", and or & / nor both")

func init() {
	for _, j := range []string{", and", ", or", "and/or", "or even", "and especially", "and particularly"} {
		listJoin[j] = true
	}
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// side is the part of a sentence about one group of brands.
type side struct {
	brands  []int
	value   float64
	compare bool // introduced by a comparison word: "than Globex", "Unlike Globex,"
}

// sides cuts a sentence naming several groups into one side per group and
// weighs each.
func sides(s string, sn span, groups []group) []side {
	cuts := make([]int, 0, len(groups)+1)
	compare := make([]bool, len(groups))
	contrasted := false // two sides set against each other by "while", "whereas"
	cuts = append(cuts, sn.start)
	if _, kind := lastMarker(s[sn.start:groups[0].start]); kind == markCompare {
		compare[0] = true
	}
	for i := 1; i < len(groups); i++ {
		a, b := groups[i-1].end, groups[i].start
		cut := b
		if j, kind := lastMarker(s[a:b]); j >= 0 {
			cut = a + j
			if c := clauseBreak(s[a+j : b]); kind == markContrast && c > 0 {
				// "Acme costs more but covers more, and Globex is…": the
				// contrast is inside Acme's clause, Globex's opens after it
				cut, kind = a+j+c, markNone
			}
			compare[i] = kind == markCompare
			contrasted = contrasted || kind == markContrast && isWhereas(s[a+j:b])
		} else if c := strings.LastIndexAny(s[a:b], ",;"); c >= 0 {
			cut = a + c + 1
		}
		cuts = append(cuts, cut)
	}
	cuts = append(cuts, sn.end)
	out := make([]side, len(groups))
	var back []float64     // weight of clauses that return to the side before a comparison
	var relative []float64 // weight of a relative clause about a compared brand
	for i, g := range groups {
		text := s[cuts[i]:cuts[i+1]]
		rest, rel := 0.0, 0.0
		if compare[i] && i > 0 {
			// "than Asana for day-to-day tracking, and its shortcuts make triage
			// quick": the comparison ends with its clause, the rest is the
			// subject's — unless a relative clause goes on about the compared
			// brand ("than Root, which relies on an app"): that is the compared
			// brand's own, beside the comparison
			if c := strings.IndexAny(s[g.end:cuts[i+1]], ",;"); c >= 0 {
				text = s[cuts[i] : g.end+c]
				if opensRelative(s[g.end+c+1 : cuts[i+1]]) {
					rel = valence(s[g.end+c : cuts[i+1]])
				} else {
					rest = valence(s[g.end+c : cuts[i+1]])
				}
			}
		}
		t := dropMarker(text)
		if i > 0 && cuts[i] == g.start && purposePair(s[groups[i-1].end:g.start]) {
			// "Use Acme for engineering and Globex for documentation": a
			// list of pairs of a brand and its purpose shares the words
			// that open it
			if lead := s[sn.start:groups[0].start]; func() bool { j, _ := lastMarker(lead); return j < 0 }() {
				t = lead + " " + t
			}
		}
		if i > 0 && asideGap(s[groups[i-1].end:g.start]) {
			// "Better fits are Acme (if you're large) or Globex, which
			// handles big catalogs": brands listed each with an aside of
			// its own, a parenthesis or a relative clause, share the words
			// that name them ("… are", "…:"); words of a clause of their
			// own ("Reviewers hate spreadsheets, so teams move to") stay
			// the first brand's
			if lead := s[sn.start:groups[0].start]; namesList(lead) && func() bool { j, _ := lastMarker(lead); return j < 0 }() && allAsides(s, groups[:i+1]) {
				t = lead + " " + t
			}
		}
		if i+1 < len(groups) && compare[i+1] && strings.HasPrefix(strings.TrimLeft(s[cuts[i+1]:], " *_"), "than") {
			// the side before "than Globex" keeps the word, so that what it
			// has more of reads as compared ("longer financing terms"), and
			// the brand's blank when the brand follows "than" ("fewer than
			// Globex")
			t = strings.TrimRight(t, " \t*_") + " than"
			if strings.Trim(s[cuts[i+1]:groups[i+1].start], " *_") == "than" {
				t += " xx"
			}
		}
		out[i] = side{brands: g.brands, value: valence(t), compare: compare[i]}
		back = append(back, rest)
		relative = append(relative, rel)
	}
	for i := range out {
		if back[i] != 0 {
			out[i-1].value += back[i]
		}
	}
	for i := range out {
		if !out[i].compare || out[i].value > 0.5 || out[i].value < -0.5 {
			continue
		}
		// the side it is compared with: the one before, or after for a leading
		// "Unlike Globex, Acme …"
		j := i - 1
		for j > 0 && out[j].compare {
			j--
		}
		if j < 0 {
			j = i + 1
		}
		if j < len(out) && !out[j].compare {
			if i == 0 && j == 1 && math.Abs(out[j].value) < 0.3 && opensUnlike(s[sn.start:groups[0].start]) {
				// "Unlike Globex, Acme syncs offline": what sets Acme apart is
				// praise of it, and a lack of Globex's
				out[j].value = 1
			}
			out[i].value = -0.8 * out[j].value
		}
	}
	for i := range out {
		out[i].value += relative[i]
	}
	// "Acme is available in all 50 states, while Globex is sold in only 35":
	// set against a judged side, a side of plain facts reads as its opposite,
	// more weakly than a comparison
	if contrasted && len(out) == 2 {
		for i, j := range []int{1, 0} {
			if v := out[j].value; math.Abs(out[i].value) < 0.3 && math.Abs(v) >= 1 {
				out[i].value = -0.5 * v
			}
		}
	}
	return out
}

// parallelPurpose reports whether a brand after "for engineering and"
// (before) is followed by "for" itself ("… and Globex for documentation"):
// the brands are a list of pairs of a brand and its purpose, not a
// preposition's objects.
func parallelPurpose(before, after string) bool {
	return purposePair(before) && nextToken(strings.TrimLeft(after, "*_")) == "for"
}

// purposePair reports whether the text between two brands is the first
// brand's purpose and a list word ("for engineering and", "for photos
// and the"): the brands are a list of pairs of a brand and what it is for.
func purposePair(gap string) bool {
	f := strings.Fields(strings.ToLower(gap))
	n := len(f)
	if n > 0 && (f[n-1] == "the" || f[n-1] == "a" || f[n-1] == "an") {
		n--
	}
	return n >= 3 && f[0] == "for" && (f[n-1] == "and" || f[n-1] == "or") && !strings.ContainsAny(gap, ",;:")
}

// clauseBreak returns the offset in text after the last comma that ends a
// clause before a conjunction (", and", ", so", ", or", ", then"), or -1.
func clauseBreak(text string) int {
	best := -1
	for _, c := range []string{", and ", ", so ", ", or ", ", then "} {
		if i := strings.LastIndex(text, c); i > 0 && i+1 > best {
			best = i + 1
		}
	}
	return best
}

// opensUnlike reports whether the text before a sentence's first brand ends
// with "unlike" ("Unlike Globex, …").
func opensUnlike(text string) bool {
	t := strings.ToLower(strings.TrimRight(text, " \t*_"))
	return t == "unlike" || strings.HasSuffix(t, " unlike")
}

// isWhereas reports whether a contrast marker is "while" or "whereas", which
// set two sides against each other.
func isWhereas(text string) bool {
	t := strings.TrimLeft(text, " ,")
	return len(t) >= 6 && strings.EqualFold(t[:6], "while ") || len(t) >= 8 && strings.EqualFold(t[:8], "whereas ")
}

type markKind int

const (
	markNone markKind = iota
	markContrast
	markCompare
)

// sideMarkers open the side of another brand: contrast words start a clause
// with its own opinion, comparison words a side judged against the other.
var sideMarkers = map[string]markKind{
	"but": markContrast, "however": markContrast, "whereas": markContrast, "while": markContrast,
	"although": markContrast, "though": markContrast, "yet": markContrast, "meanwhile": markContrast,
	"than": markCompare, "unlike": markCompare, "compared": markCompare, "versus": markCompare,
	"vs": markCompare, "instead": markCompare, "over": markCompare,
}

// lastMarker finds the last side marker in text: its byte offset and kind, or
// -1. A semicolon or a dash between clauses counts as contrast.
func lastMarker(text string) (int, markKind) {
	best, kind := -1, markNone
	// byte for byte: an index in lower is one in text, which
	// strings.ToLower does not keep for text that is not valid UTF-8
	lower := lowerASCII(text)
	for i := 0; i < len(lower); {
		c := lower[i]
		if c == ';' {
			best, kind = i, markContrast
			i++
			continue
		}
		if strings.HasPrefix(lower[i:], " — ") || strings.HasPrefix(lower[i:], " – ") {
			best, kind = i, markContrast
			i += 3
			continue
		}
		if !isWordByte(c) {
			i++
			continue
		}
		j := i
		for j < len(lower) && isWordByte(lower[j]) {
			j++
		}
		if k, ok := sideMarkers[lower[i:j]]; ok {
			best, kind = i, k
		} else if lower[i:j] == "next" && strings.HasPrefix(lower[j:], " to ") && nextToCompares(lower[:i]) {
			best, kind = i, markCompare
		}
		i = j
	}
	return best, kind
}

// nextToCompares reports whether "next to" after before sets one product
// beside another, as "than" does: after a word of opinion or of seeming
// ("slow next to Globex", "feels dated next to", "a little flat next to")
// or opening a sentence or clause ("Next to Globex, …"). After any other
// word it is a place ("listed next to Globex", "its stand is next to").
func nextToCompares(before string) bool {
	t := strings.TrimRight(before, " \t*_")
	if t == "" || strings.IndexByte(",;:(", t[len(t)-1]) >= 0 || strings.HasSuffix(t, "—") || strings.HasSuffix(t, "–") {
		return true
	}
	k := len(t)
	for k > 0 && isWordByte(t[k-1]) {
		k--
	}
	w := t[k:]
	info := sentimentWords[w]
	return info.kind == opinion && info.value != 0 || seemVerbs[w] || besideVerdicts[w]
}

// seemVerbs say how a product comes across, which "next to" another
// measures against it ("feels sluggish next to", "looks dated next to").
var seemVerbs = set("look looks looked feel feels felt seem seems seemed sound sounds")

// besideVerdicts weigh nothing alone but judge a product set beside
// another ("reporting is thin next to Globex", "flat next to the Pixel").
var besideVerdicts = set("thin thinner flat")

func isWordByte(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }

// dropMarker removes a side marker that opens text, so a clause after "but"
// is weighed as itself rather than as the end of a contrast.
func dropMarker(text string) string {
	t := strings.TrimLeft(text, " ,;—–")
	end := 0
	for end < len(t) && isTokenByte(t[end]) {
		end++
	}
	if _, ok := sideMarkers[strings.ToLower(t[:end])]; ok {
		return t[end:]
	}
	return text
}

// introducesList reports whether a sentence ends its line with a colon, or
// a colon inside closing markup, and a list follows: "Why merchants choose
// Acme:", "Acme is a CRM. Key features:", "**Better fits for small teams:**".
func introducesList(s string, sn span) bool {
	t := strings.TrimRight(s[sn.start:sn.end], " \t*_")
	if !strings.HasSuffix(t, ":") && !titleLine(s, sn) {
		return false
	}
	rest := strings.TrimLeft(s[sn.end:], " \t\r\n")
	return isListItemAt(rest, 0)
}

// titleLine reports whether a sentence is a whole line that titles what
// follows: a heading ("### Better options") or a line in bold ("**What to
// use instead**").
func titleLine(s string, sn span) bool {
	ls := strings.LastIndexByte(s[:sn.start], '\n') + 1
	le := strings.IndexByte(s[sn.end:], '\n')
	if le < 0 {
		le = len(s)
	} else {
		le += sn.end
	}
	if strings.TrimSpace(s[sn.end:le]) != "" {
		return false
	}
	line := strings.TrimSpace(s[ls:le])
	if strings.HasPrefix(line, "#") {
		return strings.Trim(s[ls:sn.start], "# \t") == ""
	}
	return strings.TrimSpace(s[ls:sn.start]) == "" && len(line) > 4 && strings.HasPrefix(line, "**") && strings.HasSuffix(line, "**") && !strings.Contains(line[2:len(line)-2], "**")
}

// isListItemAt reports whether a list item starts at pos.
func isListItemAt(s string, pos int) bool {
	ls := strings.LastIndexByte(s[:pos], '\n') + 1
	_, _, ok := cutListMarker(strings.TrimLeft(s[ls:], " \t>"))
	return ok
}

// isHeadingAt reports whether pos is on a heading line ("### Acme").
func isHeadingAt(s string, pos int) bool {
	ls := strings.LastIndexByte(s[:pos], '\n') + 1
	return strings.HasPrefix(strings.TrimLeft(s[ls:], " \t"), "#")
}

// blockSet holds the offsets where blocks start: a line after a blank line,
// a list item, a heading, a table row. Plain lines right after a heading or
// list item continue its block.
type blockSet struct{ starts []int }

func blockStarts(s string) *blockSet {
	bs := &blockSet{}
	prevBlank := true
	for _, ln := range splitLines(s) {
		t := strings.TrimLeft(ln.text, " \t>")
		if strings.TrimSpace(t) == "" {
			prevBlank = true
			continue
		}
		_, _, item := cutListMarker(t)
		if prevBlank || item || t[0] == '#' || t[0] == '|' {
			bs.starts = append(bs.starts, ln.off)
		}
		prevBlank = false
	}
	return bs
}

// startsBefore reports, for increasing positions, whether a block starts at
// or before pos and after the previous position asked about.
func (bs *blockSet) startsBefore(pos int) bool {
	found := false
	for len(bs.starts) > 0 && bs.starts[0] <= pos {
		bs.starts = bs.starts[1:]
		found = true
	}
	return found
}

// lowerASCII lowercases the ASCII letters of s and keeps every other byte,
// so that s and the result have the same length and indices.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// dropCarried leaves out of a sentence's groups those of untracked brands
// only that name what a product carries (carried: "Acme offers a teen
// account with a Visa debit card"): the sentence is about the others, and
// the sentences after it go on about them. It returns no group when every
// group is such a brand.
func dropCarried(s string, groups []group) []group {
	isCarried := func(g group) bool {
		return !slices.ContainsFunc(g.brands, func(b int) bool { return b >= 0 }) && carried(s, g)
	}
	if !slices.ContainsFunc(groups, isCarried) {
		return groups
	}
	var out []group
	for _, g := range groups {
		if !isCarried(g) {
			out = append(out, g)
		}
	}
	return out
}

// carried reports whether a group of one brand names the issuer of a card,
// an account or a network that another brand's product carries: a noun of
// what a company issues (issuedNouns) or a kind before a card, an account
// or a policy (coverNouns) follows it ("a Visa debit card", "the Visa
// network").
func carried(s string, g group) bool {
	if len(g.brands) != 1 {
		return false
	}
	rest := s[g.end:]
	w := nextToken(rest)
	if w == "" || len(rest) <= len(w) || !strings.EqualFold(rest[1:1+len(w)], w) {
		return false
	}
	return issuedNouns[w] || coverNouns[nextToken(s[g.end+1+len(w):])]
}

// suitColumns head the columns of a table that say whom a product is
// for ("| Best for |", "| Ideal for |"): their cells ("Simple pipeline
// management", "Fashion and beauty") name a need, not a verdict on the
// product, as "best for" itself weighs nothing in a table cell; only
// the writer's verdict words in them weigh (cellVerdicts).
var suitColumns = map[string]bool{"best for": true, "ideal for": true, "good for": true, "great for": true,
	"suited to": true, "suited for": true, "best suited for": true, "who it's for": true}

// cellVerdicts are the writer's verdict, not a fact of use: in a "Best
// for" cell they weigh as anywhere ("| Excellent mobile app, no fees |"),
// unless "for" follows them and they restate the column ("| Great for
// solo founders |").
var cellVerdicts = set(`excellent great outstanding superb superior exceptional amazing fantastic
	best good solid strong top poor weak bad terrible awful mediocre clunky buggy unreliable
	reliable`)

// blankSuitCells blanks, in b (an answer whose brand mentions ms are
// already blanked), the cells of every table row that stand under a
// suitColumns header, so the cells weigh nothing; the mentions stay. One
// pass over the answer.
func blankSuitCells(b []byte, ms []match) {
	next := 0       // index into ms
	var suit []bool // the columns of the current table that suitColumns head
	inTable, ruled := false, false
	var header []byte
	for ls := 0; ls < len(b); {
		le := ls
		for le < len(b) && b[le] != '\n' {
			le++
		}
		ln := b[ls:le]
		first := 0
		for first < len(ln) && (ln[first] == ' ' || ln[first] == '\t' || ln[first] == '>') {
			first++
		}
		switch {
		case first == len(ln) || ln[first] != '|':
			inTable, ruled, suit = false, false, nil
		case !inTable:
			inTable, header = true, ln
		case !ruled && isTableRule(string(ln[first:])):
			ruled = true
			suit = nil
			any := false
			for _, c := range strings.Split(strings.Trim(strings.TrimSpace(string(header)), "|"), "|") {
				h := lowerIn(suitColumns, strings.Trim(c, " \t*_:"))
				suit = append(suit, h)
				any = any || h
			}
			if !any {
				suit = nil
			}
		case ruled && suit != nil:
			col := -1
			for k := 0; k < len(ln); k++ {
				if ln[k] == '|' {
					col++
					continue
				}
				at := ls + k
				for next < len(ms) && ms[next].end <= at {
					next++
				}
				if col >= 0 && col < len(suit) && suit[col] && !(next < len(ms) && ms[next].start <= at) {
					if isTokenByte(ln[k]) && (k == 0 || !isTokenByte(ln[k-1])) {
						e := k
						for e < len(ln) && isTokenByte(ln[e]) {
							e++
						}
						if lowerIn(cellVerdicts, string(ln[k:e])) && nextToken(string(ln[e:])) != "for" {
							k = e - 1 // a verdict in the cell weighs as one
							continue
						}
					}
					ln[k] = ' '
				}
			}
		}
		ls = le + 1
	}
}

// tipLabels open advice to the reader, not a word on the product the item
// is nested under ("Tip:", "Pro tip:"); a "Note:" under a product is
// often its caveat ("Note: narrow fit") and goes on about it.
var tipLabels = set("tip tips")

// tipItemAt reports whether the list item on the line of pos opens with
// a tip's label, a word of tipLabels at most three words into the item
// and before a colon: "* **Tip:** any insurer will raise rates after a
// claim" is advice of its own, not about the brand of the item above.
func tipItemAt(s string, pos int) bool {
	ls := strings.LastIndexByte(s[:pos], '\n') + 1
	rest, _, ok := cutListMarker(strings.TrimLeft(s[ls:], " \t>"))
	if !ok {
		return false
	}
	c := strings.IndexByte(rest, ':')
	if c < 0 {
		return false
	}
	f := strings.Fields(strings.ToLower(strings.Trim(rest[:c], " *_")))
	return len(f) > 0 && len(f) <= 3 && tipLabels[strings.Trim(f[len(f)-1], "*_")]
}

// itemIndent is the indentation of the line that holds pos: the spaces
// and tabs before its list marker, a tab counted as four.
func itemIndent(s string, pos int) int {
	n := 0
	for i := strings.LastIndexByte(s[:pos], '\n') + 1; i < len(s); i++ {
		switch s[i] {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return n
}

// asideGap reports whether the text between two brands is an aside about
// the first and a list word: a parenthesis ("(if you sell B2B), or") or a
// relative clause (", which handles large catalogs, and").
func asideGap(gap string) bool {
	g := strings.TrimLeft(gap, " *_")
	var rest string
	switch {
	case strings.HasPrefix(g, "("):
		k := strings.IndexByte(g, ')')
		if k < 0 || strings.ContainsAny(g[:k], ";") {
			return false
		}
		rest = g[k+1:]
	case strings.HasPrefix(g, ","):
		if !opensRelative(g[1:]) {
			return false
		}
		k := strings.LastIndexByte(g, ',')
		if k <= 0 || strings.ContainsAny(g, ";:") {
			return false
		}
		rest = g[k:]
	default:
		return false
	}
	if j, _ := lastMarker(gap); j >= 0 {
		return false
	}
	switch strings.ToLower(strings.Trim(rest, " *_")) {
	case ",", "and", "or", ", and", ", or":
		return true
	}
	return false
}

// allAsides reports whether every gap between the groups is an aside and
// a list word, or a list word alone.
func allAsides(s string, groups []group) bool {
	for i := 1; i < len(groups); i++ {
		gap := s[groups[i-1].end:groups[i].start]
		if !asideGap(gap) && !listJoin[listGap(gap)] {
			return false
		}
	}
	return true
}

// namesList reports whether lead, the text before a sentence's first
// brand, names what the brands after it are: a clause with no comma that
// ends with a colon or with "is", "are" or "include" ("Better options for
// marketing:", "Better fits are").
func namesList(lead string) bool {
	t := strings.TrimRight(lead, " \t*_")
	if t == "" || strings.ContainsAny(t, ",;") {
		return false
	}
	if strings.HasSuffix(t, ":") {
		return true
	}
	switch lastWordOf(strings.ToLower(t)) {
	case "is", "are", "include":
		return true
	}
	return false
}
