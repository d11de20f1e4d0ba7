package analyze

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tracked is a brand the customer tracks (its own brand or a competitor).
type Tracked struct {
	Name    string   // canonical display name, e.g. "HubSpot"
	Aliases []string // other spellings, e.g. "Hubspot CRM", "HS"
}

// Mention is one brand found in an answer.
type Mention struct {
	Name      string  // Tracked.Name for tracked brands; the name as written (cleaned of markup) for others
	Tracked   int     // index into the tracked slice, or -1 for an untracked brand
	Position  int     // 1-based order of first appearance among all brands found in the answer
	Count     int     // number of times named in the answer (>= 1)
	Sentiment float64 // 0–100, 50 neutral: the score of the text about the brand (docs/ingest.md#sentiment)
	Spans     []Span  // every occurrence counted in Count, as byte offsets into the answer, in order
}

// Span is a half-open byte range [Start, End) of an answer.
type Span struct{ Start, End int }

// Matcher finds brands in answers for one set of tracked brands. Build it once per
// brand and competitor set and reuse it: Find does no per-call setup beyond the
// answer itself. A Matcher is safe for concurrent use.
type Matcher struct {
	names    []string // Tracked.Name by index, copied so callers may reuse their slice
	patterns []pattern
	known    map[string]int // folded name or alias → tracked index
}

// pattern is one spelling of a brand to look for.
type pattern struct {
	text    string // folded, or verbatim when exact
	brand   int    // tracked index, or -1-k for the k-th untracked name of one answer
	exact   bool   // short names ("HS", "Box") match case-sensitively
	capital bool   // common-word names ("Slack", "Notion") must start with a capital
	// word: the spelling is one ordinary English word ("Summit", "Box"), so
	// a capital that only opens a sentence is no evidence of the brand.
	word bool
	// caps: a spelling of several ordinary words ("State Farm", "The North
	// Face") must keep the capitals of its words after the first.
	caps string
}

// NewMatcher prepares the tracked names and aliases for matching. Matching is
// case-insensitive on word boundaries, and a possessive counts ("Acme's" names Acme;
// "Acmeville" does not). Exceptions keep ordinary words from counting as brands
// (docs/ingest.md#names-that-are-ordinary-words): names of at most three characters match with their
// exact case; a one-word name that is an English dictionary word must be written
// with a capital, and at the start of a sentence counts only with evidence that it
// is the brand (see confirmInitial); a name of several dictionary words keeps the
// capitals of its words after the first ("State Farm", not "state farm"). When two
// brands share a spelling, the first one listed owns it.
func NewMatcher(tracked []Tracked) *Matcher {
	m := &Matcher{names: make([]string, len(tracked)), known: make(map[string]int)}
	for i, t := range tracked {
		m.names[i] = t.Name
		for _, name := range withApostropheSpellings(append([]string{t.Name}, t.Aliases...)) {
			name = strings.Join(strings.Fields(name), " ")
			if name == "" {
				continue
			}
			f := fold(name)
			if _, dup := m.known[f]; dup {
				continue
			}
			m.known[f] = i
			m.patterns = append(m.patterns, newPattern(name, i))
		}
	}
	return m
}

func newPattern(name string, brand int) pattern {
	f := fold(name)
	if utf8.RuneCountInString(name) <= 3 {
		return pattern{text: name, brand: brand, exact: true, word: hasReading(f)}
	}
	if !strings.Contains(f, " ") {
		p := pattern{text: f, brand: brand, capital: isGenericWord(f), word: hasReading(f)}
		if p.capital && !startsUpper(name) {
			// "iPhone", "eBay": the brand's own capitals mark it
			p.capital, p.caps = false, name
		}
		return p
	}
	p := pattern{text: f, brand: brand}
	ws := strings.Fields(f)
	for _, w := range ws {
		if !isDictWord(w) && !connectors[w] {
			return p
		}
	}
	if ws[0] == "the" {
		// "the North Face" mid-sentence is the brand: the article keeps no capital.
		p.caps = "the" + name[3:]
	} else {
		p.caps = name
	}
	return p
}

// FindMentions finds the tracked brands and the untracked brands named in an answer,
// ordered by first appearance. It is NewMatcher(tracked).Find(answer); callers that
// analyze many answers for the same brands should keep the Matcher.
func FindMentions(answer string, tracked []Tracked) []Mention {
	return NewMatcher(tracked).Find(answer)
}

// match is one occurrence of a brand in the answer.
type match struct {
	start, end, brand int
	word              bool // the spelling is one ordinary English word
}

// tracks reports whether name is a tracked brand's name or alias.
func (m *Matcher) tracks(name string) bool {
	_, ok := m.known[fold(name)]
	return ok
}

// Find returns the brands named in answer, ordered by Position.
//
// Tracked brands are found by their names and aliases (see NewMatcher). Untracked
// brands are read from the answer's markdown structure (list item leads, numbered
// headings, first table cells, bold text) and kept when they look like names rather
// than labels ("**Pricing:**", "Step 1", "Key Features"); every later plain-text
// occurrence counts toward them too. A candidate that is, or overlaps, a tracked
// brand's name is that tracked brand. Where spellings overlap, the longer one wins
// ("HubSpot CRM" is one occurrence, not two).
func (m *Matcher) Find(answer string) []Mention {
	if strings.TrimSpace(answer) == "" {
		return nil
	}
	folded := fold(answer)
	var ms []match
	for _, p := range m.patterns {
		ms = appendMatches(ms, answer, folded, p)
	}

	spelled := ms // every tracked spelling, counted or not: none is an opinion
	ms = confirmInitial(answer, ms)
	ms = dropPlaceReadings(answer, ms)
	ms = dropDayReadings(answer, ms)
	ms = dropRegionReadings(answer, ms)
	cands := candidates(answer, ms)
	sents := sentenceSpans(answer)
	cands = append(cands, m.proseCandidates(answer, sents, ms, cands)...)
	untracked, models := m.untracked(answer, sents, cands, ms)
	for _, name := range joinedNames(answer, spelled) {
		// "Sea to Summit": the longer name a tracked one ends is a company
		// of its own (dropPlaceReadings dropped the tracked reading)
		f := fold(name)
		if _, ok := m.known[f]; ok || slices.ContainsFunc(untracked, func(u string) bool { return fold(u) == f }) {
			continue
		}
		untracked = append(untracked, name)
	}
	for k, name := range untracked {
		ms = appendMatches(ms, answer, folded, pattern{
			text: fold(name), brand: -1 - k, capital: startsUpper(name),
		})
	}
	// A tracked brand's model ("Nano Puff" of "Patagonia Nano Puff") is no
	// brand of the answer, but the text about it stays its own: it is weighed
	// as a name of its own and not given to the brand beside it.
	silent := -1 - len(untracked)
	for k, name := range models {
		ms = appendMatches(ms, answer, folded, pattern{
			text: fold(name), brand: silent - k, capital: startsUpper(name),
		})
	}
	ms = dropInURLs(answer, ms)
	if len(ms) == 0 {
		return nil
	}
	ms = resolveOverlaps(answer, ms)

	// ms is in answer order now, so brands are met in order of first appearance.
	type tally struct {
		brand, count int
		spans        []Span
	}
	var tallies []*tally
	byBrand := make(map[int]*tally)
	for _, x := range ms {
		if x.brand <= silent {
			continue
		}
		t := byBrand[x.brand]
		if t == nil {
			t = &tally{brand: x.brand}
			byBrand[x.brand] = t
			tallies = append(tallies, t)
		}
		t.count++
		t.spans = append(t.spans, Span{x.start, x.end})
	}

	scores := brandSentiment(answer, sents, ms, spelled)
	out := make([]Mention, len(tallies))
	for i, t := range tallies {
		mn := Mention{Tracked: t.brand, Position: i + 1, Count: t.count, Sentiment: 50, Spans: t.spans}
		if t.brand >= 0 {
			mn.Name = m.names[t.brand]
		} else {
			mn.Name, mn.Tracked = untracked[-t.brand-1], -1
		}
		if v, ok := scores[t.brand]; ok {
			mn.Sentiment = v
		}
		out[i] = mn
	}
	return out
}

// untracked returns the distinct untracked brand names read from the answer's
// structure, given the tracked matches. A candidate that is a tracked spelling or
// overlaps a tracked match is that tracked brand. A brand run together with its
// product line is the brand (cutProductLine); in an answer that lists
// products by brand and model (modelLeads), every lead is read so. When one name extends another by
// whole words ("HubSpot CRM" and "HubSpot", "Zoho CRM" and "Zoho"), the shorter is
// the brand and the longer one of its products, so only the shorter is kept,
// unless the shorter is the name of a family of brands (listedProperHead:
// "Google" and "Google Calendar" are both brands a reader sees).
// The rules that turn a name down are the tables of namecheck.go: notALead
// for what is read, noBrandName and productOfBrand for the name cut from it.
func (m *Matcher) untracked(answer string, sents []span, cands []candidate, tracked []match) (names, models []string) {
	var raw []string
	var lead, inner []bool
	x := &nameContext{answer: answer, sents: sents, tracked: tracked, cands: cands}
	// groups of leads where one is a brand: a tracked one, a name with a word
	// no dictionary knows that is no place, specification or contraction, or
	// one of ordinary words that the answer names inside a sentence
	brandGroups := map[int]bool{}
	for _, c := range cands {
		if c.group != 0 && !brandGroups[c.group] && !titleLabel(x, c) && (overlaps(tracked, c.start, c.end) ||
			!isPlace(c.name) && !specName(c.name) && !contraction(c.name) && !kindPlural(c.name) &&
				(distinctive(c.name) || ordinaryName(c.name) && namedInSentence(answer, c.name))) {
			brandGroups[c.group] = true
		}
	}
	// leads of a list, headings or a table column that holds a tracked brand
	// or a brand of the list: a person's name there is a brand's
	// (personName)
	x.brandRow = map[string]bool{}
	rowGroups := map[int]bool{}
	for _, c := range cands {
		if c.group != 0 && (overlaps(tracked, c.start, c.end) || listedBrand(c.name)) {
			rowGroups[c.group] = true
		}
	}
	for _, c := range cands {
		if rowGroups[c.group] {
			x.brandRow[fold(c.name)] = true
		}
	}
	// folded names read as leads beside a tracked brand, or as the lead of an
	// item that is no label before a colon: evidence of a name, where
	// capitals are not (ordinaryName)
	amongBrands := map[string]bool{}
	lineups := lineupGroups(answer, cands, tracked)
	lineup := map[string]bool{} // the leads of a brand's lineup
	for _, c := range cands {
		if lineups[c.group] {
			lineup[c.name] = true
		}
	}
	// ordinary words that lead an item or a row naming a tracked brand:
	// the kind of thing the brand is picked for ("- **Boots** – Acme's…")
	kindLeads := map[string]bool{}
	for _, c := range cands {
		if !c.prose && c.item && !brandGroups[c.group] && ordinaryName(c.name) && lineNamesTracked(answer, c.end, tracked) {
			kindLeads[fold(c.name)] = true
		}
	}
	modelGroups := modelLeadGroups(answer, cands, tracked)
	var byGroup []bool // the name leads a group of modelGroups
	var branded []bool // the name is read from prose or leads a group of brandGroups
	var ends []int     // where the name read ends
	for _, c := range cands {
		if brandGroups[c.group] || c.item && !labelLead(answer, c) || c.cued {
			amongBrands[fold(c.name)] = true
			if a, b, _, ok := leadPair(c.name, c.start, tracked); ok && !c.prose {
				// "#### LendingClub and Upstart": a lead that joins two
				// brands leads with each of them
				amongBrands[fold(a)], amongBrands[fold(b)] = true, true
			}
		}
		if !holds(x, notALead, c) {
			raw, lead = append(raw, c.name), append(lead, !c.prose)
			branded = append(branded, c.prose || brandGroups[c.group])
			ends = append(ends, c.end)
			byGroup = append(byGroup, modelGroups[c.group])
			inner = append(inner, c.prose && !opensSentence(sents, c.start))
		}
	}
	byModel := modelLeads(answer, tracked)
	x.raw = raw
	var folded []string
	for i, name := range raw {
		whole := name
		bare := cutJoinedWord(name)
		name = listedHead(bare, cutProductLine(answer, bare, raw, (byModel || byGroup[i] && !listedProduct(bare)) && lead[i]))
		name = accountOfListed(name)
		name = kindOfListed(name)
		if name = dropDeterminer(dropQualifier(dropOrdinaryLead(name))); name == "" {
			continue // "Its Omni-Heat": the owner's feature
		}
		if name == bare && runsOn(answer, ends[i]) {
			name = dropOpener(name)
		}
		if name = m.lineOwner(answer, name); inner[i] {
			name = listedOwner(name)
		}
		// a model cut off the name ("Black Diamond Spot 400", "Capital One
		// 360") is evidence too: labels have no models; but not where the cut
		// leaves one ordinary word ("Alpha SV:", "Reconnect GitHub"), which a
		// label or a verb before a name leaves as often
		listedAmongBrands := amongBrands[fold(whole)] || whole != name && !plainWord(name)
		if name = givenPossessive(x, name); name == "" {
			continue // "Tom's Guide": a person's publication
		}
		f := fold(name)
		if _, ok := m.known[f]; ok || slices.Contains(folded, f) || verbBeforeName(whole, name) || m.trackedDomain(f) {
			continue
		}
		if holds(x, noBrandName, name) || (termsName(whole) || priceTopic(whole)) && !coined(name) && !listedBrand(name) {
			continue // "Lifetime All Mighty Guarantee", "Sleeping Pad Prices": the terms or topic, whole
		}
		if lineup[whole] || holds(x, productOfBrand, name) {
			if !slices.Contains(models, name) {
				models = append(models, name)
			}
			continue
		}
		if !branded[i] && whole == name && runsOn(answer, ends[i]) && topicPlural(answer, name) {
			continue // "- **Permissions** get messy": the topic of a list
		}
		if ordinaryName(name) && (kindLeads[f] || !listedAmongBrands && !amongBrands[f]) && !namedInSentence(answer, name) && !listedBrand(name) && !listedProperHead(name) {
			// capitals that only open a heading, a label or a sentence are no
			// evidence of a name ("**Battery Life:**", "### Refresh Rate");
			// a brand of the list is a name however written ("Western Union")
			continue
		}
		names, folded = append(names, name), append(folded, f)
	}
	out := names[:0]
	for i, name := range names {
		extends := false
		for j, g := range folded {
			if j != i && strings.HasPrefix(folded[i], g+" ") && !listedProperHead(names[j]) {
				extends = true
				break
			}
		}
		if !extends {
			out = append(out, name)
		}
	}
	return out, models
}

// trackedDomain reports whether a folded name is a domain whose name is
// a tracked brand's spelling and whose ending is letters ("samsung.com"):
// the brand's own shop, named as the brand is.
func (m *Matcher) trackedDomain(f string) bool {
	i := strings.IndexByte(f, '.')
	if i <= 0 || strings.Contains(f, " ") || !isLetters(strings.ReplaceAll(f[i+1:], ".", "")) {
		return false
	}
	_, ok := m.known[f[:i]]
	return ok
}

// lineNamesTracked reports whether a tracked match starts on the line that
// runs on from pos.
func lineNamesTracked(answer string, pos int, tracked []match) bool {
	end := len(answer)
	if k := strings.IndexByte(answer[pos:], '\n'); k >= 0 {
		end = pos + k
	}
	for _, x := range tracked {
		if x.start >= pos && x.start < end {
			return true
		}
	}
	return false
}

// labelOfBrand reports whether a lead read from the answer's structure is a
// label whose value is a tracked brand: "- **Sequences:** Outreach or
// Salesloft" names the kind of tool, and the brands after the colon.
func labelOfBrand(answer string, c candidate, tracked []match) bool {
	if c.prose || c.end > len(answer) {
		return false
	}
	raw := strings.TrimRight(answer[c.start:c.end], "*_ ")
	rest := answer[c.end:]
	if !strings.HasSuffix(raw, ":") {
		rest = strings.TrimLeft(rest, "*_")
		if !strings.HasPrefix(rest, ":") {
			return false
		}
		rest = rest[1:]
	}
	at := c.end + len(answer[c.end:]) - len(strings.TrimLeft(rest, "*_ \t"))
	for _, x := range tracked {
		if x.start == at {
			return true
		}
	}
	return false
}

// appendMatches adds every occurrence of p in the answer that sits on word
// boundaries and satisfies the pattern's case rule.
func appendMatches(ms []match, answer, folded string, p pattern) []match {
	hay := folded
	if p.exact {
		hay = answer
	}
	for i := 0; i <= len(hay)-len(p.text); {
		j := strings.Index(hay[i:], p.text)
		if j < 0 {
			break
		}
		start, end := i+j, i+j+len(p.text)
		i = start + 1
		if !boundaryBefore(answer, start, p.text) || !boundaryAfter(answer, end, p.text) && !pluralOfName(answer, start, end, p) {
			continue
		}
		if p.capital && !startsUpper(answer[start:]) && !smallProperName(answer, match{start: start, end: end, brand: p.brand}, p) {
			continue
		}
		if p.caps != "" && !sameCapitals(answer[start:end], p.caps) {
			continue
		}
		ms = append(ms, match{start: start, end: end, brand: p.brand, word: p.word})
	}
	return ms
}

// boundaryBefore reports whether a match of name at start does not continue a word.
// Names that begin with a symbol ("@handle", ".NET") need no boundary.
func boundaryBefore(s string, start int, name string) bool {
	if start == 0 || !isWordRune(firstRune(name)) {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(s[:start])
	return !isWordRune(r)
}

// boundaryAfter is boundaryBefore's counterpart. An apostrophe is a boundary, so
// possessives ("Notion's") match.
func boundaryAfter(s string, end int, name string) bool {
	if end >= len(s) {
		return true
	}
	if last, _ := utf8.DecodeLastRuneInString(name); !isWordRune(last) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[end:])
	return !isWordRune(r)
}

// isWordRune reports letters and digits; "_" is excluded so "_Notion_" matches.
// It is small enough to be inlined where it is called for every byte.
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiWord[r]
	}
	return isWideWordRune(r)
}

// asciiWord marks the ASCII letters and digits.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

// isWideWordRune is isWordRune beyond ASCII.
func isWideWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

func startsUpper(s string) bool {
	return unicode.IsUpper(firstRune(s))
}

// overlaps reports whether [start, end) intersects one of ms.
func overlaps(ms []match, start, end int) bool {
	for _, x := range ms {
		if x.start < end && start < x.end {
			return true
		}
	}
	return false
}

// resolveOverlaps keeps, among overlapping matches, the one that starts first, then
// the longest, then a tracked brand over an untracked one. Adjacent matches of one
// brand separated by spaces are one naming ("Salesforce Sales Cloud" with the alias
// "Sales Cloud").
func resolveOverlaps(answer string, ms []match) []match {
	slices.SortFunc(ms, func(a, b match) int {
		if a.start != b.start {
			return a.start - b.start
		}
		if la, lb := a.end-a.start, b.end-b.start; la != lb {
			return lb - la
		}
		return b.brand - a.brand // tracked indexes are >= 0, untracked < 0
	})
	out := ms[:0]
	end := -1
	for _, x := range ms {
		if x.start < end {
			continue
		}
		if n := len(out); n > 0 && out[n-1].brand == x.brand && isSpaceGap(answer[end:x.start]) {
			out[n-1].end = x.end
		} else {
			out = append(out, x)
		}
		end = x.end
	}
	return out
}

// dropInURLs removes matches inside http(s) URLs and addresses:
// "[HubSpot](https://hubspot.com/crm)" names HubSpot once, not twice, and a cited
// link or an address written as a source ("coda.io/pricing") is not a mention; a
// domain that is the brand's name without a path ("Monday.com") is the name.
func dropInURLs(answer string, ms []match) []match {
	var urls []span
	for i := 0; ; {
		j := strings.Index(answer[i:], "http")
		if j < 0 {
			break
		}
		start := i + j
		rest := answer[start:]
		if !strings.HasPrefix(rest, "https://") && !strings.HasPrefix(rest, "http://") {
			i = start + 4
			continue
		}
		end := strings.IndexAny(rest, " \t\n)>]\"'")
		if end < 0 {
			end = len(rest)
		}
		urls = append(urls, span{start, start + end})
		i = start + end
	}
	urls = appendBareAddresses(urls, answer)
	if len(urls) == 0 {
		return ms
	}
	return slices.DeleteFunc(ms, func(x match) bool {
		for _, u := range urls {
			if x.start < u.end && u.start < x.end {
				return true
			}
		}
		return false
	})
}

// appendBareAddresses adds the addresses written without a scheme: a domain
// with a path ("coda.io/pricing", "notion.so/templates").
func appendBareAddresses(urls []span, s string) []span {
	const ends = " \t\n)]>\"'"
	for i := 0; ; {
		j := strings.IndexByte(s[i:], '/')
		if j < 0 {
			return urls
		}
		slash := i + j
		i = slash + 1
		start := slash
		for start > 0 && isDomainByte(s[start-1]) {
			start--
		}
		host := s[start:slash]
		dot := strings.LastIndexByte(host, '.')
		if dot <= 0 || dot > len(host)-3 || strings.HasPrefix(s[slash:], "//") || !isLetters(host[dot+1:]) {
			continue
		}
		end := slash
		for end < len(s) && strings.IndexByte(ends, s[end]) < 0 {
			end++
		}
		urls = append(urls, span{start, end})
		i = end
	}
}

func isDomainByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.'
}

func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return s != ""
}

// isSpaceGap reports whether two matches are separated by one or two spaces only,
// within a line.
func isSpaceGap(gap string) bool {
	return (gap == " " || gap == "  ")
}

// fold lowercases s without changing byte offsets, so a match in the folded text is
// a match at the same offsets in the original: ASCII letters are lowered, other runes
// only when their lowercase form has the same UTF-8 length.
func fold(s string) string {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, i, len(s))
	copy(b, s[:i])
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b = append(b, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if l := unicode.ToLower(r); r != utf8.RuneError && l != r && utf8.RuneLen(l) == size {
			b = utf8.AppendRune(b, l)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}
