package analyze

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A name read from an answer is often a brand run together with its product
// line: "MSR Hubba Hubba 2", "Rab Downpour Eco", "Gregory Focal 48". The
// reader sees the brand, so the name is cut back to it
// (docs/ingest.md#brand-mentions) when the words after the brand name a model:
// a number ("2", "UL2", "ATH-M50x"), a model word ("Pro", "Max", "Eco", "II"),
// letters in capitals ("OSMO", "LT") or a word with a capital inside
// ("AirPods", "OpenRun"). A brand followed by ordinary words ("Google Drive",
// "Zoho Desk", "Salesforce Commerce Cloud") names a product the reader calls
// by that name, and stays whole.
//
// Where the brand ends is read, first, from the answer itself: the longest
// head of the name that the answer writes alone ("Rab's", "MSR makes") or
// that another name shares ("Big Agnes Copper Spur UL2" and "Big Agnes Fly
// Creek" share "Big Agnes"). Failing that, a brand is one word, or two when its
// first word is an ordinary word and no proper noun ("Outdoor Research",
// "Mountain Hardwear"), after "The" and around a connector ("The North Face",
// "Sea to Summit").

// modelWords name a model inside a product line.
var modelWords = set(`pro max plus mini ultra lite eco air se xl xs xt lt ul gt gtx nx hv
	ii iii iv vi vii viii ix xi xii luxe deluxe flex hybrid elite sport premier signature
	starter growth premium business enterprise standard basic essentials professional advanced unlimited free`)

// categoryAcronyms are capitals that name a kind of product or a technology
// (a network protocol too: "DNS", "SSL"), not a model or a brand: "Zoho
// CRM" is a product of Zoho the reader calls by its full name, and "ANC
// works well" names no brand.
var categoryAcronyms = set(`crm erp pos api ai hr cms seo sms sdk ats hcm cx bi rpa llc inc
	usa us uk eu atm apy apr hsa ira fdic peo gps usb nfc oled lcd led anc lte ui ux kpi roi
	faq saas smb sku ach iot esg pto ssd hdr dac ipx mfa sso vpn pdf csv nps cpa cpc ctr
	dns ssl tls`)

// modelToken reports a word that names a model rather than a brand.
func modelToken(w string) bool {
	if a, b, ok := strings.Cut(w, "-"); ok {
		return modelToken(a) || modelToken(b) // "JX-Pro", "Gel-Nimbus 26"
	}
	if inSet(modelWords, w) {
		return true
	}
	letters, upper := 0, 0
	for _, r := range w {
		switch {
		case unicode.IsDigit(r):
			return true
		case unicode.IsLetter(r):
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	if letters == 0 || inSet(categoryAcronyms, w) {
		return false
	}
	if letters >= 2 && upper == letters {
		return true // "OSMO", "LT": a model's letters
	}
	return innerCapital(w)
}

// innerCapital reports a capital letter after a small one ("AirPods").
func innerCapital(w string) bool {
	lower := false
	for _, r := range w {
		if unicode.IsUpper(r) && lower {
			return true
		}
		lower = unicode.IsLower(r)
	}
	return false
}

// brandHead returns how many words open a name as its brand when the answer
// gives no other evidence: one, or two after an ordinary first word, with a
// leading "The" and connectors inside carried along; an owner's name after
// "by" is carried whole ("Marcus by Goldman Sachs").
func brandHead(ws []string) int {
	i := 0
	if strings.EqualFold(ws[0], "the") {
		i = 1
	}
	if i >= len(ws) {
		return len(ws)
	}
	n := i + 1
	if lw := ws[i]; (i == 1 || isDictWord(lw) && !isProperNoun(lw)) &&
		i+1 < len(ws) && !modelToken(ws[i+1]) {
		n = i + 2 // not "Relay Pro": a model word is no brand's second word
	}
	for n < len(ws)-1 && inSet(connectors, ws[n]) {
		if strings.EqualFold(ws[n], "by") && !productOf(ws[n+1:]) {
			// "Marcus by Goldman Sachs": the owner's name, whole
			return len(ws)
		}
		n += 2 // "Sea to Summit"
	}
	if n+1 < len(ws) && inSet(companyNouns, ws[n+1]) && startsUpper(ws[n]) && !modelToken(ws[n]) {
		n++ // "Hyperlite Mountain Gear": a company noun ends the name two words on
	}
	for n < len(ws) && inSet(companyNouns, ws[n]) {
		n++ // "REI Co-op", "Western Mountaineering": a company noun ends the name
	}
	return min(n, len(ws))
}

// productOf reports whether the words after a brand name a model.
func productOf(rest []string) bool {
	for _, w := range rest {
		if modelToken(w) {
			return true
		}
	}
	return false
}

// cutProductLine returns the brand of a name that runs a brand and its
// product line together, or the name itself. others are the other names read
// from the answer. models says the name leads an entry of a list of products
// by brand and model (modelLeads), so the words after its brand's name a
// model even when none looks like one ("Mountain Hardwear Ghost Whisperer").
func cutProductLine(answer, name string, others []string, models bool) string {
	ws := strings.Fields(name)
	if len(ws) < 2 {
		return name
	}
	if numberedPlan(ws) {
		return ws[0] + " " + ws[1]
	}
	if numberedSuite(ws) {
		return name
	}
	for k := len(ws) - 1; k >= 1; k-- {
		if !productOf(ws[k:]) || numberAfter(ws, k) {
			continue
		}
		head := strings.Join(ws[:k], " ")
		if inSet(stopWords, head) || inSet(connectors, ws[k-1]) {
			continue
		}
		if sharesHead(others, name, head) || namedAlone(answer, head) {
			return head
		}
	}
	if k := brandHead(ws); k < len(ws) && (models || productOf(ws[k:])) && !numberAfter(ws, k) && !(k == 1 && hasReading(ws[0]) && ownerElsewhere(answer, name)) {
		return strings.Join(ws[:k], " ")
	}
	if coinedProduct(ws) {
		return ws[0]
	}
	return name
}

// ownerElsewhere reports whether the answer writes name whole as the owner
// of what follows ("Black Diamond's Distance poles"): a company owns
// things, a model does not, so the name is the brand whole. It is asked
// only where the cut would leave one word that reads as an English word or
// a proper noun ("Black"), the one a model's words are easily taken from.
func ownerElsewhere(answer, name string) bool {
	for _, suffix := range []string{"'s ", "’s "} {
		if strings.Contains(answer, name+suffix) {
			return true
		}
	}
	return false
}

// coinedProduct reports whether ws is a brand written with a capital
// inside and one word after it that no dictionary knows, written with a
// capital only where it opens ("MoneyLion Instacash"): a coined brand's
// coined product, which names the brand, as "AirPods" after "Apple" does.
func coinedProduct(ws []string) bool {
	return len(ws) == 2 && innerCapital(ws[0]) && isLetters(ws[0]) && isLetters(ws[1]) &&
		!innerCapital(ws[1]) && !allUpper(ws[1]) && coined(ws[1])
}

// listedProduct reports whether a name opens with a brand of the brand
// list, as brandHead reads it, followed by ordinary words: a product the
// reader calls by that name ("Salesforce Commerce Cloud").
func listedProduct(name string) bool {
	ws := strings.Fields(name)
	k := brandHead(ws)
	return k < len(ws) && listedBrand(strings.Join(ws[:k], " ")) && ordinaryName(strings.Join(ws[k:], " "))
}

// numberAfter reports whether ws is one word and a number, ws[k] the
// number: "Microsoft 365" and "Things 3" are names the reader calls by their
// number, where a model runs a word and its number after the brand
// ("Gregory Focal 48").
func numberAfter(ws []string, k int) bool {
	if k != 1 || len(ws) != 2 {
		return false
	}
	for _, r := range ws[k] {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// numberedSuite reports whether the words after a brand's name are a
// plural noun and a number, with any words after them ("Microsoft Dynamics
// 365 Sales"): a plural names a suite of products, which the reader calls
// by that name and its number, where a model is one thing's name and its
// size ("Gregory Focal 48").
func numberedSuite(ws []string) bool {
	if len(ws) < 3 || !slices.ContainsFunc(ws[2:], isNumeric) {
		return false
	}
	k := brandHead(ws)
	if k+1 >= len(ws) || !isNumeric(ws[k+1]) {
		return false
	}
	w := ws[k]
	lw := strings.ToLower(w)
	one, ok := strings.CutSuffix(lw, "s")
	return ok && w[1:] == lw[1:] && isDictWord(lw) && isDictWord(one) && !isProperNoun(lw)
}

// planWords name the plans and editions a product is sold in.
var planWords = set(`starter growth premium business enterprise standard basic essentials
	professional advanced unlimited free personal family home team teams`)

// numberedPlan reports whether ws is a name called by its number followed by
// words that name a plan ("Microsoft 365 Business Basic", "Things 3
// Free"): the name is the brand and its number (numberAfter); the plan is
// no model of it. Words of a model's size ("Xiaomi 15 Ultra") are a model.
func numberedPlan(ws []string) bool {
	if len(ws) < 3 || !numberAfter(ws[:2], 1) {
		return false
	}
	for _, w := range ws[2:] {
		if !inSet(planWords, w) {
			return false
		}
	}
	return true
}

// modelLeads reports whether an answer lists products by brand and model: at
// least two leads of list items, headings or table cells are a tracked
// brand's name followed by a model's ("- **Arc'teryx Cerium**", "### Summit
// Ridgeline 55"), a capitalized word or a number that is no label or kind of
// product ("Shopify Plus", "Zoho CRM" are plans and products, not models).
func modelLeads(s string, tracked []match) bool {
	n := 0
	for _, x := range tracked {
		w := nextWord(s, x)
		if w == "" || inSet(stopWords, w) || inSet(categoryAcronyms, w) || !listed(s, x) {
			continue
		}
		if r := firstRune(w); unicode.IsUpper(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n >= 2
}

// modelLeadGroups returns the groups of leads (one list, one table column)
// that list products by brand and model: one of their leads is a tracked
// brand's name followed, inside the lead, by a model's name that holds a
// number or a word no dictionary knows ("* **Summit Pro 2**", "| Summit
// Ridge 2 UL |", "- **Osprey Poco Plus**"). The other leads of such a group
// run a brand and its model together ("Nemo Hornet", "Thule Sapling"),
// where a reader names the brand. A plan or a kind of product after the
// brand ("BigCommerce Enterprise", "Zoho CRM") is no model's name:
// such a list names products, often by their full names.
func modelLeadGroups(answer string, cands []candidate, tracked []match) map[int]bool {
	out := map[int]bool{}
	for _, c := range cands {
		if c.group == 0 || c.prose || out[c.group] {
			continue
		}
		for _, x := range tracked {
			if x.start < c.start || x.end >= c.end {
				continue
			}
			if w := nextWord(answer, x); w == "" || !startsUpper(w) && !unicode.IsDigit(firstRune(w)) {
				continue
			}
			for _, w := range strings.Fields(answer[x.end:c.end]) {
				w = strings.Trim(w, "*_:,.()")
				if w != "" && !inSet(categoryAcronyms, w) && (strings.ContainsFunc(w, unicode.IsDigit) || isLetters(w) && !isDictWord(strings.ToLower(w))) {
					out[c.group] = true
				}
			}
		}
	}
	return out
}

// sharesHead reports whether another name opens with head and goes on
// differently: "Big Agnes Fly Creek" for "Big Agnes Copper Spur UL2".
func sharesHead(others []string, name, head string) bool {
	for _, o := range others {
		if o != name && strings.HasPrefix(o, head+" ") && !strings.HasPrefix(name, o) {
			return true
		}
	}
	return false
}

// namedAlone reports whether the answer writes head, as written, on word
// boundaries and not followed by a capitalized word that would go on its name:
// "Rab's", "from MSR.", "MSR makes".
func namedAlone(answer, head string) bool {
	for i := 0; ; {
		j := strings.Index(answer[i:], head)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(head)
		i = start + 1
		if !boundaryBefore(answer, start, head) || !boundaryAfter(answer, end, head) {
			continue
		}
		rest := answer[end:]
		if strings.HasPrefix(rest, " ") && startsUpper(strings.TrimLeft(rest[1:], "*_[")) {
			continue
		}
		if strings.HasPrefix(rest, " ") {
			next := strings.TrimLeft(rest[1:], "*_[")
			if r := firstRune(next); unicode.IsDigit(r) {
				continue
			}
		}
		return true
	}
}

// longName returns the brand of a name of more than four words whose words
// after the brand name a model ("Big Agnes Copper Spur HV UL2" → "Big
// Agnes"), and "" for other long names, which are sentences or labels: every
// word of a product's name is written like a name's.
func longName(name string) string {
	ws := strings.Fields(name)
	if len(ws) <= 4 || len(ws) > 8 {
		return ""
	}
	for _, w := range ws {
		if !looksProper(w) && !inSet(connectors, w) {
			return "" // "Shopify Plus adds checkout customization": a sentence
		}
	}
	if k := brandHead(ws); productOf(ws[k:]) && !inSet(connectors, ws[k-1]) {
		return strings.Join(ws[:k], " ")
	}
	return listedOpening(ws)
}

// listedOpening returns the longest head of ws, short of the whole, that is
// a brand of the brand list, or "": a product's name of words written like
// a name's after a brand the list holds ("The North Face Alta Vista") names
// that brand, as a model after a brand does. Words after it joined by a
// connector are another name ("Farmers Insurance and Liberty Mutual"). A
// name all of ordinary words, the head's and the rest's, is a label.
func listedOpening(ws []string) string {
	for k := len(ws) - 1; k >= 1; k-- {
		if inSet(connectors, ws[k]) {
			return ""
		}
		if head := strings.Join(ws[:k], " "); listedBrand(head) {
			if !notCommon(head) && !notCommon(strings.Join(ws[k:], " ")) {
				return "" // "Big Market Share Players Today": a label of ordinary words
			}
			return head
		}
	}
	return ""
}

// inSet reports whether w, read in lowercase, is in m, without allocating
// for words of up to 32 bytes (of which only the ASCII letters are lowered).
func inSet(m map[string]bool, w string) bool {
	var buf [32]byte
	if folded, _, ok := foldShort(&buf, w); ok {
		return m[string(folded)]
	}
	return m[strings.ToLower(w)]
}

// lowerIn reports whether m holds s lowercased, as m[strings.ToLower(s)]
// does, without allocating for an ASCII s of up to 32 bytes.
func lowerIn(m map[string]bool, s string) bool {
	var buf [32]byte
	if folded, ascii, ok := foldShort(&buf, s); ok && ascii {
		return m[string(folded)]
	}
	return m[strings.ToLower(s)]
}

// foldShort lowers the ASCII letters of s into buf, leaving other bytes as
// they are; ascii reports that s has no other bytes, and ok is false when s
// is longer than buf.
func foldShort(buf *[32]byte, s string) (folded []byte, ascii, ok bool) {
	if len(s) > len(buf) {
		return nil, false, false
	}
	ascii = true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		ascii = ascii && c < utf8.RuneSelf
		buf[i] = c
	}
	return buf[:len(s)], ascii, true
}

// complianceNouns after a name make it a standard or a regulation: "HIPAA
// requirements", "SOC 2 compliance", "PCI DSS certified".
var complianceNouns = set(`requirements requirement compliance compliant certified certification
	certifications audit audits regulation regulations standard standards rules authorization
	authorized attestation attestations`)

// standardNamed reports whether a candidate names a standard or a regulation
// rather than a brand: a name shaped as an acronym (acronymShaped) that a
// compliance noun follows, alone or at the end of a list of such names
// ("support for HIPAA and FedRAMP requirements", "GDPR, CCPA compliant").
func standardNamed(answer string, c candidate) bool {
	if !acronymShaped(c.name) {
		return false
	}
	i := strings.Index(answer[c.start:], c.name)
	if i < 0 {
		return false
	}
	rest := answer[c.start+i+len(c.name):]
	for {
		rest = strings.TrimLeft(rest, "*_")
		var w string
		w, rest = cutWord(rest)
		switch lw := strings.ToLower(w); {
		case lw == "":
			return false
		case complianceNouns[lw]:
			return true
		case lw == ",", lw == "and", lw == "or", lw == "/", lw == "&", acronymShaped(w), isNumeric(w):
			// another name of the list, or a number of its name ("SOC 2")
		default:
			return false
		}
	}
}

// cutWord returns the first word of s after spaces, a comma on its own, and
// the rest.
func cutWord(s string) (string, string) {
	s = strings.TrimLeft(s, " \t")
	if s == "" {
		return "", ""
	}
	if s[0] == ',' {
		return ",", s[1:]
	}
	end := strings.IndexAny(s, " \t\n,.;:)")
	if end < 0 {
		end = len(s)
	}
	if end == 0 {
		return "", ""
	}
	return s[:end], s[end:]
}

// acronymShaped reports a name whose words are written mostly in capitals
// ("HIPAA", "FedRAMP", "SOC 2", "PCI DSS"), as standards and regulations are.
func acronymShaped(name string) bool {
	for _, w := range strings.Fields(name) {
		if isNumeric(w) {
			continue
		}
		letters, upper := 0, 0
		for _, r := range w {
			if unicode.IsLetter(r) {
				letters++
				if unicode.IsUpper(r) {
					upper++
				}
			}
		}
		if upper < 2 || 2*upper < letters {
			return false
		}
	}
	return true
}

// modelOfTracked reports whether the answer writes name right after a
// tracked brand's name or its possessive ("Patagonia Nano Puff",
// "Nationwide SmartRide", "Ally's No Penalty CD", "Galaxy Z Fold 7"):
// the name is then that brand's model, line or feature wherever it stands
// alone ("the Nano Puff is fine", "- **Beta Jacket:** about $400"), not a
// brand of its own; bold markup after a possessive is no part of the name
// ("Chime's **Credit Builder**"), and the possessive owns the later names
// of the list it opens (laterInList).
func modelOfTracked(answer, name string, tracked []match) bool {
	if !startsUpper(name) {
		return false
	}
	for _, x := range tracked {
		rest, owner := answer[x.end:], false
		if r := strings.TrimPrefix(strings.TrimPrefix(rest, "'s"), "’s"); len(r) < len(rest) {
			rest, owner = r, true
		}
		if !strings.HasPrefix(rest, " ") {
			continue
		}
		rest = rest[1:]
		if owner {
			rest = strings.TrimLeft(rest, "*_")
			if laterInList(rest, name, frontedAt(answer, x.start)) && !listedBrand(name) {
				return true
			}
		}
		if strings.HasPrefix(rest, name) && boundaryAfter(rest, len(name), name) {
			if w, after := cutWord(rest[len(name):]); lowerIn(integrationWords, w) || partnerAfter(w, after) {
				continue // "Linear's GitHub integration": the tool connected to; "Acme's Hasselblad color tuning": the partner
			}
			return true
		}
	}
	return false
}

// laterInList reports whether name is a later entry of the list of names
// that opens s, after a brand's possessive: "Steer Clear and Drive Safe &
// Save" of "Acme's Steer Clear and Drive Safe & Save" is the brand's too.
// The list holds names of capitalized words, set off by commas, "and" or
// "or"; a word in small letters or another owner's possessive ends it, and
// so does a comma when the possessive stands in a phrase fronting its
// sentence ("Unlike Acme's Prime, Zorbex and Quillon charge"). Only an
// entry that is the name makes it the brand's: "Zorbex Venture" in
// "Compare Acme's Skyward, Zorbex Venture and …" is another's.
func laterInList(s, name string, fronted bool) bool {
	for i := 0; ; i++ {
		var entry []string
		rest := s
		for {
			w, after := cutWord(rest)
			w = strings.Trim(w, "*_")
			if !capitalized(w) && (w != "&" || len(entry) == 0) {
				break
			}
			if strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s") {
				return false // "…, and Zorbex's warranty": another owner's
			}
			entry, rest = append(entry, w), after
			if !strings.HasPrefix(strings.TrimLeft(rest, "*_"), " ") {
				break
			}
		}
		if len(entry) == 0 {
			return false
		}
		if i > 0 && strings.Join(entry, " ") == name {
			return true
		}
		rest = strings.TrimLeft(rest, "*_")
		switch {
		case strings.HasPrefix(rest, ", and "), strings.HasPrefix(rest, ", or "):
			rest = rest[strings.IndexByte(rest[2:], ' ')+3:]
		case strings.HasPrefix(rest, " and "), strings.HasPrefix(rest, " or "):
			rest = rest[strings.IndexByte(rest[1:], ' ')+2:]
		case strings.HasPrefix(rest, ", ") && !fronted:
			rest = rest[2:]
		default:
			return false
		}
		s = strings.TrimLeft(rest, "*_")
	}
}

// frontedAt reports whether pos stands in a phrase that opens its sentence
// with a preposition, before any comma ("Unlike Acme's Prime, …", "Besides
// Acme's Snapline, …"): the comma after it closes the phrase, not a list.
func frontedAt(answer string, pos int) bool {
	ls := pos
	for ls > 0 && strings.IndexByte(".!?\n;:,", answer[ls-1]) < 0 {
		ls--
	}
	if ls > 0 && answer[ls-1] == ',' {
		return false
	}
	w, _ := cutWord(strings.TrimLeft(answer[ls:pos], " *_#>-"))
	return frontingWords[strings.ToLower(w)]
}

// frontingWords are prepositions that open a phrase before a sentence's
// subject: "Unlike Acme's Prime, Zorbex charges".
var frontingWords = set(`unlike besides beyond like compared apart aside except instead along alongside
	after before with without against versus`)

// madeBy reports whether text after a name opens with a hyphen and a
// participle of making or owning (makerSuffixes): "-tuned cameras" after
// "its Hasselblad" makes Hasselblad who tuned them.
func madeBy(text string) bool {
	rest, ok := strings.CutPrefix(text, "-")
	if !ok {
		return false
	}
	end := strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) })
	if end < 0 {
		end = len(rest)
	}
	return inSet(makerSuffixes, rest[:end])
}

// partnerAfter reports whether the word w, with the text after it, is a
// noun of a partner's work (partnerWords), "color" or "colour" before
// "tuning" allowed.
func partnerAfter(w, after string) bool {
	if w == "color" || w == "colour" {
		w, _ = cutWord(after)
	}
	return partnerWords[w]
}

// addOnNamed reports whether name is sold as an add-on of a brand: on no
// brand list, it is named in a sentence that calls the names it lists
// add-ons ("Add-ons such as LeadBooster, Web Visitors and Campaigns cost
// extra", "with LeadBooster and Campaigns sold as add-ons"), and is not the
// host an add-on is for ("a solid Gmail add-on").
func addOnNamed(answer, name string, sents []span) bool {
	if brandList()[fold(name)] {
		return false
	}
	for start, end := range wholeWords(answer, name) {
		if w, _ := cutWord(answer[end:]); lowerIn(addOnWords, w) {
			continue // "Gmail add-on": the host
		}
		if addOnInParens(answer, start) {
			return true
		}
		for _, sn := range sents {
			if sn.start <= start && end <= sn.end && hasAddOnWord(answer[sn.start:sn.end]) {
				return true
			}
		}
	}
	return false
}

// addOnInParens reports whether pos stands inside parentheses that follow
// an add-on word, directly or with one word in small letters between
// ("the add-ons (LeadBooster, Campaigns) add up", "its add-on model
// (LeadBooster, Web Visitors)"): the parentheses list what is sold as an
// add-on.
func addOnInParens(answer string, pos int) bool {
	ls := strings.LastIndexByte(answer[:pos], '\n') + 1
	open := strings.LastIndexByte(answer[ls:pos], '(')
	if open < 0 || strings.IndexByte(answer[ls+open:pos], ')') >= 0 {
		return false
	}
	before := strings.TrimRight(answer[ls:ls+open], " ")
	w := trailingWord(before)
	if !lowerIn(addOnWords, w) && w == strings.ToLower(w) && w != "" {
		before = strings.TrimRight(strings.TrimSuffix(before, w), " ")
		w = trailingWord(before)
	}
	return lowerIn(addOnWords, w)
}

// addOnPhrases say that the names of a sentence are sold as add-ons.
var addOnPhrases = []string{"add-ons such as", "add-ons like", "add-ons including", "add-ons include",
	"as add-ons", "as an add-on", "are add-ons", "is an add-on"}

// addOnWords name what is sold on top of a plan.
var addOnWords = set(`add-on add-ons addon addons`)

// hasAddOnWord reports whether a sentence calls the names it lists add-ons
// (addOnPhrases).
func hasAddOnWord(s string) bool {
	s = strings.ToLower(s)
	for _, p := range addOnPhrases {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// featureOfBrand reports whether name is a tracked brand's feature: one
// word joining ordinary words with capitals ("SpotMe", "SmartRide",
// "MyPay"), on no brand list, named only in sentences where a tracked brand
// comes before it ("Chime does this well: … SpotMe covers small
// overdrafts", "**Nationwide** — SmartRide can cut premiums") and never
// joined with another name ("Mailchimp or ActiveCampaign").
func featureOfBrand(answer, name string, sents []span, tracked []match) bool {
	if !featureShaped(name) {
		return false
	}
	seen := false
	for start, end := range wholeWords(answer, name) {
		if joinedWithName(answer, start, end) || exampleOfKind(answer, start) || ownerCueBefore(answer, start, end) {
			return false // "sync with QuickBooks and NetSuite": one of a list of brands
		}
		owned := false
		for _, sn := range sents {
			if sn.start <= start && end <= sn.end {
				for _, x := range tracked {
					if x.start >= sn.start && x.end <= start {
						owned = true
					}
				}
			}
		}
		if !owned && !itemUnderBrand(answer, start, tracked) && !(lineLedByBrand(answer, start, tracked) && clauseSubject(answer, start, end)) {
			return false
		}
		seen = true
	}
	return seen
}

// ownerCues, right before a name, make it a company and never a brand's
// feature: "**Chorus** (by ZoomInfo)", "sold alongside ZoomInfo", "now
// part of ZoomInfo".
var ownerCues = []string{"(by ", "sold alongside ", "part of ", "owned by ", "acquired by "}

// ownerCueBefore reports whether an owner's cue (ownerCues) ends right
// before start, or "backed by" in any case, an owner or an investor
// standing behind a company ("Backed by MassMutual, a mutual insurer"),
// when the name ends at punctuation and no appositive with "its" or
// "their" calls it the brand's own: a feature backs a policy with a noun
// after it or so called ("backed by SmartClaim support", "backed by
// SmartClaim, its repair program").
func ownerCueBefore(s string, start, end int) bool {
	for _, c := range ownerCues {
		if strings.HasSuffix(s[:start], c) {
			return true
		}
	}
	const backed = "backed by "
	if start < len(backed) || !strings.EqualFold(s[start-len(backed):start], backed) {
		return false
	}
	rest := strings.TrimLeft(s[end:], " ")
	if rest == "" || rest[0] == '\n' {
		return true
	}
	switch rest[0] {
	case ';', '.', '|', ')':
		return true
	case ',':
		w, _ := cutWord(strings.TrimLeft(rest[1:], " "))
		return w != "its" && w != "their"
	}
	return false
}

// joinedWithName reports whether the text at [start, end) is joined by
// "and" or "or" to a capitalized name: "QuickBooks and NetSuite",
// "Mailchimp or ActiveCampaign"; another feature is none ("SpotMe and
// MyPay", featureShaped).
func joinedWithName(s string, start, end int) bool {
	before := strings.TrimRight(s[:start], " ")
	if w := trailingWord(before); w == "and" || w == "or" {
		prev := strings.TrimRight(strings.TrimSuffix(before, w), " ,")
		if i := strings.LastIndexAny(prev, " \n(") + 1; i < len(prev) && startsUpper(prev[i:]) && !featureShaped(strings.Trim(prev[i:], "*_")) {
			return true
		}
	}
	w, rest := cutWord(s[end:])
	if w == "and" || w == "or" {
		n, _ := cutWord(rest)
		return startsUpper(n) && !featureShaped(strings.Trim(n, "*_"))
	}
	return false
}

// possessiveDeterminers own what follows: "Its Omni-Heat lining" names the
// brand's feature, as "Columbia's Omni-Heat" does.
var possessiveDeterminers = set(`its our their your my his her`)

// demonstratives open a noun phrase, not a name: "This Pixel".
var demonstratives = set(`this that these those`)

// dropDeterminer returns a name without a leading determiner that is no
// part of it, or "" when the determiner owns it: after a demonstrative
// ("This Xiaomi" is "Xiaomi") or "The" before one word that is no ordinary
// word ("The Xiaomi" of "The Xiaomi 15 Ultra" is "Xiaomi"; "The North Face"
// and "The General" keep it); after a possessive ("Its Omni-Heat") the
// name is the owner's feature, no brand.
func dropDeterminer(name string) string {
	first, rest, ok := strings.Cut(name, " ")
	if !ok || rest == "" {
		return name
	}
	switch {
	case inSet(possessiveDeterminers, first):
		return ""
	case inSet(demonstratives, first),
		strings.EqualFold(first, "the") && !strings.Contains(rest, " ") && !hasReading(strings.ToLower(rest)):
		return rest
	}
	return name
}

// lineupGroups returns the lists that give one tracked brand's lineup: a
// list whose leads are all labels before a colon, two or more sharing a
// first word that is an ordinary word or a last word, no brand of the list
// ("Beta Jacket", "Beta AR", "Alpha SV"; "High Yield CD", "No Penalty CD";
// not "Microsoft Teams", "Microsoft Planner"), after a line that
// names one tracked brand and no other ("Ally Bank's current CD lineup
// includes three types:"). Its leads are that brand's models, no brands.
func lineupGroups(answer string, cands []candidate, tracked []match) map[int]bool {
	leads := map[int][]candidate{}
	var order []int
	for _, c := range cands {
		if c.group == 0 {
			continue
		}
		if _, ok := leads[c.group]; !ok {
			order = append(order, c.group)
		}
		leads[c.group] = append(leads[c.group], c)
	}
	out := map[int]bool{}
	for _, g := range order {
		cs := leads[g]
		if len(cs) < 2 {
			continue
		}
		ok := true
		words := map[string]int{}
		for _, c := range cs {
			if !c.item || !labelLead(answer, c) || overlaps(tracked, c.start, c.end) {
				ok = false
				break
			}
			ws := strings.Fields(c.name)
			if isDictWord(strings.ToLower(ws[0])) {
				words[ws[0]]++ // "Beta", not "Microsoft" of "Microsoft Teams"
			}
			if len(ws) > 1 {
				words[ws[len(ws)-1]+"\x00"]++
			}
		}
		shared := false
		for w, n := range words {
			if n >= 2 && !listedBrand(strings.TrimSuffix(w, "\x00")) {
				shared = true
			}
		}
		if !ok || !shared {
			continue
		}
		// the line before the list
		ls := strings.LastIndexByte(answer[:cs[0].start], '\n')
		prev := strings.TrimRight(answer[:max(ls, 0)], " \t\n")
		ps := strings.LastIndexByte(prev, '\n') + 1
		brand, n := -1, 0
		for _, x := range tracked {
			if x.start >= ps && x.end <= len(prev) {
				if brand != x.brand {
					n++
				}
				brand = x.brand
			}
		}
		if n == 1 {
			out[g] = true
		}
	}
	return out
}

// modelAfterBrand reports whether every occurrence of name reads as a
// brand's model: written after "the" or "its", alone or as a later name of
// a list ("The Triolet and Storm10", "Its Aspire and Microgravity
// shells"), after a tracked brand in its sentence ("Thule makes travel
// bags — the Aion and Subterra lines…") or in a list item that a bold name
// leads ("**Rab** — The Kinetic and Latok lines"). A name of the brand list
// is a brand wherever it stands.
func modelAfterBrand(answer, name string, sents []span, tracked []match) bool {
	first, _, _ := strings.Cut(name, " ")
	last := name[strings.LastIndexByte(name, ' ')+1:]
	if brandList()[fold(name)] || brandList()[fold(first)] || first != name && inSet(companyNouns, last) {
		return false // "the Motorola Edge", "The Bancorp Bank or Stride Bank"
	}
	seen := false
	for start := range wholeWords(answer, name) {
		if madeBy(answer[start+len(name):]) {
			return false // "its Hasselblad-tuned cameras": the maker, no model
		}
		switch afterDeterminer(answer, start, name) {
		case "":
			return false
		case "the":
			if !brandBefore(answer, start, sents, tracked) {
				return false
			}
		case "newer":
			noun := closingPlural(answer[start+len(name):])
			if noun == "" || userNouns[noun] || !brandBefore(answer, start, sents, tracked) ||
				hasWordOf(sentenceBefore(answer, start, sents), rivalCues) || brandOfNoun(answer, start, sents, tracked, noun) {
				return false // "try the latest Trevlo or Quillex", "than newer Zorbex phones", "Acme phones … newer Zorbex phones"
			}
		case "its":
			if w := closingWord(answer[start+len(name):]); lowerIn(integrationWords, w) || lowerIn(ownedCompanies, w) {
				return false // "its Chrome extension": the tool connected to; "its Zorbex and Quillex brands"
			}
			if w, after := cutWord(answer[start+len(name):]); partnerAfter(w, after) {
				return false // "its Hasselblad partnership": the partner
			}
		}
		seen = true
	}
	return seen
}

// afterDeterminer returns the determiner, "the" or "its", that the name at
// start opens with or follows, alone or over the names listed before it,
// "newer" for a word of its generation there ("the newer Atmos and Aura
// models", "recent PreCip jackets"), or "" where none is.
func afterDeterminer(answer string, start int, name string) string {
	if strings.HasPrefix(name, "The ") {
		return "the"
	}
	ls := strings.LastIndexByte(answer[:start], '\n') + 1
	ws := strings.Fields(answer[ls:start])
	for k := len(ws) - 1; k >= 0 && k >= len(ws)-8; k-- {
		w := strings.TrimRight(ws[k], ",")
		if strings.ContainsAny(w, ".:;!?*") {
			return "" // a sentence or a label ends before the name
		}
		switch lw := strings.ToLower(w); {
		case lw == "the" || lw == "its":
			return lw
		case w == lw && inSet(generations, w):
			return "newer" // "the newer Atmos and Aura models", "recent PreCip jackets"
		case lw == "and" || lw == "or" || isNumeric(w) || startsUpper(w):
			continue // "the Atmos AG 65 and Aether 65"
		}
		return ""
	}
	return ""
}

// closingWord returns the word that closes the list of names rest goes
// on ("… and Aura models", "… extension"), "" where none does.
func closingWord(rest string) string {
	for {
		w, after := cutWord(rest)
		switch lw := strings.ToLower(w); {
		case lw == "and" || lw == "or" || w == "," || w != "" && (startsUpper(w) || isNumeric(w)):
			rest = after
			continue
		}
		return w
	}
}

// closingPlural returns the plural noun in small letters that closes the
// list of names rest goes on ("… and Aura models", "… jackets"): the kind
// of product the names are models of; "" where none does.
func closingPlural(rest string) string {
	w := closingWord(rest)
	if w == strings.ToLower(w) && len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w
	}
	return ""
}

// ownedCompanies name what an owner has as companies, not models: "its
// Zorbex and Quillex brands", "its Trevlo subsidiary".
var ownedCompanies = set(`brand brands subsidiary subsidiaries companies labels`)

// brandOfNoun reports whether a tracked brand before pos in its sentence
// is written before the plural noun that closes the names at pos: the
// names are brands of that product beside it ("Acme phones are solid, but
// newer Zorbex phones…").
func brandOfNoun(answer string, pos int, sents []span, tracked []match, noun string) bool {
	from := pos - len(sentenceBefore(answer, pos, sents))
	for _, x := range tracked {
		if x.start >= from && x.end <= pos {
			rest := strings.TrimPrefix(strings.TrimLeft(answer[x.end:pos], "*"), "'s")
			if w, _ := cutWord(rest); strings.Trim(w, "*_") == noun {
				return true
			}
		}
	}
	return false
}

// generations say which of a brand's models are meant by their age:
// "the newer Atmos", "recent PreCip jackets". "current" and "original"
// are left out: they as often say who uses a brand or who made a part
// ("current Zorbex users", "original Zorbex cartridges").
var generations = set(`new newer newest latest recent older`)

// userNouns name the people of a brand, not its models: "new Zorbex
// users".
var userNouns = set(`users customers owners members subscribers buyers fans clients`)

// ownerWords refer back to a brand as the owner of what follows.
var ownerWords = map[string]bool{"its": true}

// rivalCues set what follows beside a brand as its rival.
var rivalCues = map[string]bool{
	"than": true, "unlike": true, "vs": true, "versus": true, "compare": true,
	"compared": true, "with": true, "against": true, "beats": true, "over": true,
}

// sentenceBefore is the part of pos's sentence before pos.
func sentenceBefore(answer string, pos int, sents []span) string {
	for _, sn := range sents {
		if sn.start <= pos && pos < sn.end {
			return answer[sn.start:pos]
		}
	}
	return ""
}

// brandBefore reports whether a tracked brand comes before pos in its
// sentence, or pos stands in a list item led by a bold name or in a
// paragraph led by a tracked brand in bold.
func brandBefore(answer string, pos int, sents []span, tracked []match) bool {
	for _, sn := range sents {
		if sn.start <= pos && pos < sn.end {
			for _, x := range tracked {
				if x.start >= sn.start && x.end <= pos {
					return true
				}
			}
		}
	}
	ls := strings.LastIndexByte(answer[:pos], '\n') + 1
	line := strings.TrimLeft(answer[ls:pos], " \t")
	if rest, ok := strings.CutPrefix(line, "**"); ok {
		// a paragraph that a tracked brand in bold leads is about it
		// when it goes on about the brand's own ("**Acme** is the better
		// pick. Its fleeces, the Vireo…"); a name after a comparison or
		// a paragraph that never says "its" is the brand's rival ("It
		// is lighter than the Birchline", "The Coros is cheaper").
		at := pos - len(rest)
		for _, x := range tracked {
			if x.start == at && strings.HasPrefix(answer[x.end:], "**") {
				return hasWordOf(answer[x.end:pos], ownerWords) && !hasWordOf(sentenceBefore(answer, pos, sents), rivalCues)
			}
		}
	}
	switch {
	case strings.HasPrefix(line, "- "), strings.HasPrefix(line, "* "), strings.HasPrefix(line, "+ "):
		line = line[2:]
	default:
		i := 0
		for i < len(line) && line[i] >= '0' && line[i] <= '9' {
			i++
		}
		if i == 0 || !strings.HasPrefix(line[i:], ". ") {
			return false
		}
		line = line[i+2:]
	}
	rest, ok := strings.CutPrefix(strings.TrimLeft(line, " "), "**")
	return ok && strings.Contains(rest, "**")
}

// exampleOfKind reports whether the name at start follows "like" or "such
// as" after a plural noun other than features ("ERPs like NetSuite",
// "shipping tools such as ShipStation"): an example of a kind of product,
// not a feature of the brand the sentence is about ("perks like SpotMe").
func exampleOfKind(s string, start int) bool {
	before := s[:start]
	var rest string
	switch {
	case strings.HasSuffix(before, " like "):
		rest = strings.TrimSuffix(before, "like ")
	case strings.HasSuffix(before, " such as "):
		rest = strings.TrimSuffix(before, "such as ")
	default:
		return false
	}
	w := strings.ToLower(wordBefore(rest, len(rest)))
	return len(w) > 3 && strings.HasSuffix(w, "s") && !featureNouns[w]
}

// featureExample reports whether every occurrence of name, on no brand
// list, stands in a list of examples after a noun of features ("features
// like AirDrop and Handoff", "perks such as SpotMe"): what a product has,
// not a brand of its own.
func featureExample(x *nameContext, name string) bool {
	starts := x.starts(name)
	for _, start := range starts {
		if !afterFeatureNoun(x.answer, start) || nounAfterExample(x.answer, start+len(name)) {
			return false
		}
	}
	return len(starts) > 0 && !brandList()[fold(name)]
}

// nounAfterExample reports whether one word of small letters follows a
// name at end and ends the example (a comma, a stop, "and" or "or" after
// it): the name is not the whole example but the brand of one ("perks
// such as Zorbly credits and…", "features like Zorbly integration.").
// An adverb ("too", "also", "natively") says nothing of the example.
func nounAfterExample(answer string, end int) bool {
	rest, ok := strings.CutPrefix(answer[end:], " ")
	if !ok {
		return false
	}
	i := 0
	for i < len(rest) && 'a' <= rest[i] && rest[i] <= 'z' {
		i++
	}
	if i < 3 || i < len(rest) && rest[i] == '-' {
		return false
	}
	w, after := rest[:i], rest[i:]
	if w == "and" || w == "or" || w == "too" || w == "also" || strings.HasSuffix(w, "ly") {
		return false
	}
	if after == "" || strings.ContainsRune(",.;:!?)", rune(after[0])) {
		return true
	}
	next, _, _ := strings.Cut(strings.TrimLeft(after, " "), " ")
	return after[0] == ' ' && (next == "and" || next == "or")
}

// afterFeatureNoun reports whether the name at start follows "like",
// "such as" or "including" after a noun of features, alone or over the
// names listed before it.
func afterFeatureNoun(answer string, start int) bool {
	rest := answer[strings.LastIndexByte(answer[:start], '\n')+1 : start]
	var w string
	for n := 0; ; n++ {
		if w, rest = lastField(rest); w == "" || n == 8 {
			return false
		}
		w = strings.TrimRight(w, ",")
		if strings.ContainsAny(w, ".:;!?()") {
			return false
		}
		if w != "and" && w != "or" && !startsUpper(w) {
			break
		}
	}
	prev, rest := lastField(rest)
	switch {
	case strings.EqualFold(w, "like") || strings.EqualFold(w, "including"):
		return inSet(exampleFeatureNouns, prev)
	case strings.EqualFold(w, "as") && strings.EqualFold(prev, "such"):
		noun, _ := lastField(rest)
		return inSet(exampleFeatureNouns, noun)
	}
	return false
}

// lastField returns the last word of s, split at spaces, and what is
// before it.
func lastField(s string) (string, string) {
	s = strings.TrimRight(s, " \t")
	i := strings.LastIndexAny(s, " \t") + 1
	return s[i:], s[:i]
}

// exampleFeatureNouns name the features a product has, whose examples are
// no brands: "features like AirDrop".
var exampleFeatureNouns = set("feature features perks extras")

// ownedInParens reports whether name, on no brand list, is listed in
// parentheses after a noun phrase that a possessive opens ("Its rockered
// midsoles (Clifton, Bondi)", "Acme's ecosystem (AirDrop, Handoff)"):
// examples of what the owner makes or has, not brands of their own. A
// noun of a kind of business or of integrations lists other companies
// ("its rivals (Zorbex, Quillon)", "its integrations (…)").
func ownedInParens(x *nameContext, name string) bool {
	for _, start := range x.starts(name) {
		ls := strings.LastIndexByte(x.answer[:start], '\n') + 1
		open := strings.LastIndexByte(x.answer[ls:start], '(')
		if open < 0 || strings.IndexByte(x.answer[ls+open:start], ')') >= 0 {
			continue
		}
		if possessedPhrase(strings.TrimRight(x.answer[ls:ls+open], " ")) {
			return !brandList()[fold(name)]
		}
	}
	return false
}

// possessedPhrase reports whether s ends in a noun phrase of at most four
// words in small letters that a possessive opens ("Its thick, rockered
// midsoles", "Acme's ecosystem"), whose noun names no kind of business,
// no integration and no rivals ("Its biggest alternatives (…)").
func possessedPhrase(s string) bool {
	noun, _ := lastField(s)
	noun = strings.Trim(noun, "*_,")
	if inSet(businessNouns, noun) || inSet(integrationWords, noun) || inSet(companyKinds, noun) || inSet(rivalNouns, noun) {
		return false
	}
	rest := s
	for n := 0; n < 5; n++ {
		var w string
		if w, rest = lastField(rest); w == "" {
			return false
		}
		w = strings.TrimSuffix(strings.Trim(w, "*_"), ",")
		if n > 0 && (inSet(possessiveDeterminers, w) || strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s")) {
			return true
		}
		if w == "" || strings.IndexFunc(w, func(r rune) bool { return !('a' <= r && r <= 'z' || r == '-') }) >= 0 {
			return false
		}
	}
	return false
}

// productOfListed reports whether name, one word that no dictionary knows
// and on no brand list, is written somewhere right after a name of the
// brand list of one or two words, an ordinary word too ("Nationwide
// SmartMiles", "Allstate Milewise"): that brand's product or programme,
// wherever it stands, as a tracked brand's model is (modelOfTracked).
func productOfListed(x *nameContext, name string) bool {
	if strings.Contains(name, " ") {
		return false
	}
	for _, start := range x.starts(name) {
		if start < 2 || x.answer[start-1] != ' ' {
			continue
		}
		// the one or two words before it on its line, markup and a
		// heading's or an item's marks left off
		head, rest := "", strings.TrimRight(x.answer[strings.LastIndexByte(x.answer[:start], '\n')+1:start-1], " ")
		for n := 0; n < 2 && rest != ""; n++ {
			i := strings.LastIndexByte(rest, ' ') + 1
			w := strings.TrimLeft(rest[i:], "#*_-0123456789.")
			if w == "" {
				break
			}
			if head == "" {
				head = w
			} else {
				head = w + " " + head
			}
			if startsUpper(head) && len(head) >= 3 && brandList()[fold(head)] {
				return coined(name) && !brandList()[fold(name)]
			}
			rest = strings.TrimRight(rest[:i], " ")
		}
	}
	return false
}

// featureNouns name what a brand's own product has: "perks like SpotMe".
var featureNouns = set("features perks extras options benefits programs add-ons")

// rowOfTracked reports whether name is the first cell of table rows,
// alone, whose cell in a column headed by a kind of company (tableColumns)
// other than the first is one tracked brand's name alone in each: under "|
// Program | Insurer |" the row "| Snapshot | Acme |" gives Acme's plan,
// which is Acme's wherever the answer names it; a name beside several
// brands ("| Allpoint | Acme |", "| Allpoint | Zorbex |") is one they share,
// a company of its own, as is one beside another company's name in any
// such column ("| Cashway | Quillon Bank |"), a name of the brand list, or
// one in a first column headed by no kind of product (productKinds): "|
// Restaurant | Delivery platform |" lists companies of their own.
func rowOfTracked(x *nameContext, name string) bool {
	if listedBrand(name) {
		return false
	}
	owner := ""
	for _, start := range x.starts(name) {
		ls := strings.LastIndexByte(x.answer[:start], '\n') + 1
		if !strings.HasPrefix(x.answer[ls:], "|") || strings.Trim(x.answer[ls+1:start], " *_") != "" || overlaps(x.tracked, start, start+len(name)) {
			continue
		}
		row, header := lineAt(x.answer, ls), ""
		if cell, _ := tableCell(row, ls, 0); strings.ContainsAny(cell, ",;/") || smallWordIn(cleanName(cell)) {
			continue // "| MoneyPass, Visa Plus Alliance |": names, each its own; "| Zorbex shop |": a need
		}
		for at := ls; at > 0; {
			prev := strings.LastIndexByte(x.answer[:at-1], '\n') + 1
			if !strings.HasPrefix(x.answer[prev:], "|") {
				break
			}
			header, at = lineAt(x.answer, prev), prev
		}
		cols, byKind := tableColumns(header, false)
		if !byKind || cols[0] == 0 {
			continue
		}
		if first, _ := tableCell(header, 0, 0); !productKinds[strings.ToLower(trailingWord(cleanName(first)))] {
			return false
		}
		for _, c := range cols {
			b := trackedCell(x, row, ls, c)
			if cell, _ := tableCell(row, ls, c); b == "" && !emptyCell(cell) {
				return false // "| Cashway | Quillon Bank |": shared with another company
			}
			if b == "" {
				continue
			}
			if owner != "" && owner != b {
				return false
			}
			owner = b
		}
	}
	return owner != ""
}

// productKinds head a first column that lists a brand's own products.
var productKinds = set(`program programs plan plans card cards account accounts product products
	model models policy policies tier tiers package packages`)

// emptyCell reports a table cell that names nothing: blank, a dash, "n/a".
func emptyCell(cell string) bool {
	c := strings.Trim(cell, " *_-—–")
	return c == "" || strings.EqualFold(c, "n/a")
}

// smallWordIn reports whether s has a word that opens with a small letter.
func smallWordIn(s string) bool {
	for _, w := range strings.Fields(s) {
		if r, _ := utf8.DecodeRuneInString(w); unicode.IsLower(r) {
			return true
		}
	}
	return false
}

// trackedCell returns cell col of a table row when it is a tracked
// brand's name and nothing else, markup aside, or "".
func trackedCell(x *nameContext, row string, off, col int) string {
	cell, at := tableCell(row, off, col)
	for _, m := range x.tracked {
		if m.start >= at && m.end <= at+len(cell) && cleanName(cell) == x.answer[m.start:m.end] {
			return fold(cleanName(cell))
		}
	}
	return ""
}
