package analyze

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Untracked brands named in prose (docs/ingest.md#brand-mentions) are read
// where the sentence itself says they are brands:
//
//   - in a list of names joined by commas, "and", "or" ("Salesforce, HubSpot and
//     Pipedrive", "Wix or Shopify") one of which is a brand already found (a
//     tracked brand, or a name from the answer's structure); an aside about a
//     name does not end the list ("Toast, which is built for restaurants, and
//     Clover"; asideEnd); two names joined by
//     a comma join clauses, not names, and a determiner makes the first a common
//     noun ("the POS and Square Online"); an ordinary word joined to a brand's
//     product of several words goes on its name ("SoFi Checking and
//     Savings"), unless the brand list holds it ("Squarespace Payments or
//     Stripe"); an ordinary word of the brand list
//     that opens the sentence as the first name of such a list counts too
//     ("Chase, Wells Fargo and Citi offer");
//   - after a corporate tie ("acquired by", "owned by", "part of", "a brand of",
//     "issued by", "held at", "acquisition of", …, and every name of a list
//     after one), or before an integration word ("Gmail integration") when
//     no ordinary word, after "Its" or "Their" opening the sentence too
//     ("Its Slack integration"), and right after a brand's name or its
//     possessive, the tool it connects to and no model of that brand
//     ("the Linear GitHub integration", "Linear's Slack plugin");
//   - after "such as", "like", "including" when the name is no ordinary word
//     ("apps such as Klaviyo and Recharge": every name of a list where one is);
//     after "like" or "such as" following a noun of a kind of business
//     (businessNouns), every name, ordinary words too ("carriers like Mint
//     Mobile", "brokers like Vanguard and Fidelity"), one ordinary word of
//     the brand list after such a noun in the plural and "and" or "or"
//     ("retailers and Amazon"; joinedToKind), and after "include"
//     following a noun of rivals (rivalNouns: "Alternatives include Birch
//     and Lantern");
//   - opening a sentence as the subject of a verb, or possessive, when it is no
//     ordinary word or a brand of the list ("Wrike offers time tracking",
//     "Shopify's own numbers", "Zoho Desk is", "The North Face sits"), a
//     plural noun of its goods before a plural verb too ("Gregory packs
//     are");
//   - compared with or left for another ("better than Zendesk", "migrating from
//     Jira", "Unlike Zendesk, …"), used as a tool or beside one ("teams that
//     use Google Workspace", "integrates with Gmail", "sold at Walmart"), a
//     partner a product was made with ("tuned with Zeilwerk"), or
//     opening a clause as the subject of a verb ("…, whereas
//     Google's keeps"), when a word of it is no ordinary word or a proper noun
//     (notCommon): these cues are weaker, so a bare ordinary word is not enough;
//   - one ordinary word that the brand list holds ("Stripe", "Zoom", "Amazon")
//     after any of those cues, or after "via", "through", "with" or "from"
//     ("pay via Stripe", "buy from Amazon"), or "on" after no plural noun
//     ("sell on Amazon"; not "quirks on Arm"), or before a noun of what a
//     company issues or runs for its customers ("a Visa debit card", "the
//     Amazon store"), closing a longer run too ("the Credit Builder Visa
//     card"), unless a small word and a capital go on with its
//     name ("Circle to Search");
//   - a name of the list spelt with a small first letter ("eBay",
//     "iCloud") as such an ordinary word, after a cue or beside a name of
//     its list found or of the brand list, no evidence for the names beside
//     it ("iMessage and FaceTime"), no operating system ("iOS"), no
//     line of a tracked name or maker spelt so ("iCloud" beside "iPhone"
//     or with Apple tracked), no example of features or building blocks
//     ("frameworks like jQuery") and none beside a technology ("iBeacon
//     and NFC");
//   - a name after "to" where data or goods are sent, a word of sending or
//     connecting at most two words of small letters before it ("connects
//     directly to Amazon", "syncs listings to Amazon"; not "connects USB-C
//     to Lightning"), ordinary words of the brand list too;
//   - a name no dictionary knows after "from" ("contacts from LinkedIn"),
//     or one of two capitalized words or more after "from" and a word in
//     small letters, one word no ordinary word or goods before "from"
//     ("a tent from Big Agnes"; namesFrom),
//     unless "from" follows a word of making or of rating ("made from
//     Dyneema", "rankings from DxOMark");
//   - one word no dictionary knows after "through" or "via", the service
//     a thing passes through ("print-on-demand through Printful"; not
//     "through ExtraCash", "through OAuth", "via Webhooks"; coinedThrough);
//   - joined by a hyphen to a participle of making or owning, when no
//     ordinary word or a listed one ("Hasselblad-tuned cameras", "the
//     Amazon-owned Blink"); a hyphen and a word such as "based", "style" or
//     "focused" end a name ("Twilio-based telephony" names Twilio);
//   - joined by a hyphen to a word of likeness or focus, one word no
//     ordinary word or a listed one, no tier, place or capitals ("a
//     Notion-like interface", "Google-centric teams", "Zendesk-level");
//   - a word with a capital before "Pay", a payment service ("Lantern Pay";
//     payName), an ordinary word only where the sentence speaks of paying;
//   - right after a noun of a company, or "owner" or "parent" and a comma
//     ("design firm Quiet Harbor", "its owner, Tallgrass,"; companyBefore),
//     one word no ordinary one and no kind of a noun after it (companyNamed);
//   - written as a company's own web address with a capital, with no cue
//     ("pair it with Harbor.io"; siteName);
//   - right before a noun of shops or of a network, a chain ("cash at CVS
//     stores", "the Green Dot network"), unless "a" opens it ("a DTC store")
//     or it is a kind of product, trade, place or technology ("ATM network");
//   - every name of a list after one of those cues, when no ordinary word
//     or a listed one ("connects to Mailchimp and Intercom"), and both of a
//     pair there one of which no dictionary knows ("using Zorvane or
//     Lantern");
//   - every name of a list of two or more right after a cue of comparison,
//     ordinary words too, but plurals, plans, models, places and
//     technologies ("competes with Birch and Lantern"; rivalList); after
//     "than" or "unlike" one name no ordinary word, and no material;
//   - every name of a list that opens a sentence or a clause after a
//     semicolon or a colon before a plural verb (a plural noun of goods between:
//     "Brooks and New Balance stability models are"), one
//     of them no word, an acronym or a brand of the list ("GEICO and State
//     Farm also file", "The North Face and Columbia also make"), or before
//     "are" and a word that weighs them as things to buy ("Grey Owl and Tall
//     Pine are worth a quote"; pickedAfter), the one opening the sentence
//     an ordinary word too, the list its evidence, unless one is a
//     technology, a language, a material or a kind of account ("Merino and
//     Polyester");
//   - every name of a list of three or more where one is a brand of the list
//     ("GitHub, GitLab and Slack"), but a name of several ordinary words;
//   - every word of a list of single words that are each the last word of
//     a brand of the list opening with one same maker's name ("Teams and
//     Outlook" of "Microsoft Teams" and "Microsoft Outlook"; oneMaker), a
//     plural too;
//   - a name that "and others", or "and other" and a noun of a kind of
//     business, follows ("Geico and others reassess", "Chase and other big
//     banks"), where the sentence opens too, when no ordinary word or one
//     of the brand list;
//   - names each given its purpose after "for", two or more, each of the
//     list or no word ("Slack for chat, Loom for async video"), the one
//     opening the sentence too when two inside it are.
//
// A name of the brand list that opens with a figure joined to a word
// ("7-Eleven") is read as a capitalized one. A name that runs a brand and
// its model together in more words than a name has is the brand (longName:
// "the Xiaomi Redmi Note 14 Pro offers" names Xiaomi). Names still have to look like
// names (isBrandish); ordinary capitalized words and labels do not become
// brands.
// proseMarkup drops the emphasis markup of a sentence before its words are
// read.
var proseMarkup = strings.NewReplacer("**", "", "__", "", "`", "")

// integrationWords after a name: "Gmail integration", "a Gmail sidebar".
var integrationWords = set("integration integrations sidebar extension plugin plug-in add-on add-ons")

// partnerWords after a name make it the partner a product was made with:
// "its Hasselblad partnership", "Hasselblad color tuning" (partnerNext).
var partnerWords = set("partnership partnerships tuning")

// partnerNext reports whether the words after run r are a noun of a
// partner's work (partnerWords), "color" or "colour" before "tuning"
// allowed: "Hasselblad colour tuning", "the Apple Card partnership".
func partnerNext(ws []proseWord, r nameRun) bool {
	if r.to >= len(ws) || ws[r.to-1].comma || ws[r.to-1].stop {
		return false
	}
	w := ws[r.to]
	if (w.text == "color" || w.text == "colour") && !w.comma && !w.stop && r.to+1 < len(ws) {
		w = ws[r.to+1]
	}
	return partnerWords[w.text]
}

// listTexts returns the names of a list.
func listTexts(list []nameRun) []string {
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = e.text
	}
	return out
}

// ownerDeterminers open a sentence before what the one just named owns:
// "Its Slack integration", "Their Chrome extension".
var ownerDeterminers = set("its their our your")

// integrationName reports whether a name before an integration word is the
// product connected to: no ordinary word, or one ordinary word of the brand
// list that is no proper noun ("a Chrome extension"; a proper noun such as
// "Google" names a family whose longer names the answer gives).
func integrationName(name string) bool {
	return distinctive(name) || listedWord(name) && !isProperNoun(name)
}

// messagingNouns after a name: what a messaging app carries, which names the
// app as a plugin names its host ("Slack notifications", "a Discord channel").
var messagingNouns = set("notifications messages channel channels")

// connectedTo reports whether name before next is the product connected to:
// before an integration word, an integration's name; before a messaging
// noun, one the brand list also holds, since a person's, a place's or the
// product's own feature's name carries messages too ("the Solent channel").
func connectedTo(name, next string) bool {
	return integrationWords[next] && integrationName(name) ||
		messagingNouns[next] && integrationName(name) && (listedWord(name) || listedBrand(name))
}

// proseWord is one whitespace-separated word of a sentence without the
// punctuation around it.
type proseWord struct {
	text  string
	comma bool // a comma follows it
	stop  bool // other punctuation follows it: a name cannot go on
	open  bool // punctuation opens it ("(free plan)", "[1]"): no name goes on into it
	semi  bool // a semicolon follows it: a clause ends
	colon bool // a colon follows it: a label or an announcement ends
	// closeComma: a comma follows the punctuation that closes it ("(beta),",
	// "[3],"): an aside or a citation ends there
	closeComma bool
	// hyphen: the word was cut before a hyphen and a suffix ("Twilio-based",
	// "purpose-built"); its stop is no punctuation
	hyphen bool
	// maker: a participle of making or owning was joined to it by a hyphen
	// ("Hasselblad-tuned", "Amazon-owned"): the word names who did it
	maker bool
	// like: a word of likeness or of focus was joined to it by a hyphen
	// ("Notion-like", "Google-centric", "Zendesk-level"): the word names
	// what a product is measured by or built around
	like bool
}

// isLineSpace, opensWord and closesWord are the separators and the
// punctuation around a prose word, as functions: a cutset string is turned
// into a set on every call, and proseWords runs on every word.
func isLineSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\r' || r == '\n' }

func opensWord(r rune) bool {
	switch r {
	case '(', '[', '{', '"', '\'', '“', '‘':
		return true
	}
	return false
}

func closesWord(r rune) bool {
	switch r {
	case ',', ';', ':', '.', '!', '?', ')', ']', '}', '"', '\'', '”', '’':
		return true
	}
	return false
}

func proseWords(out []proseWord, text string) []proseWord {
	for rest := text; ; {
		rest = strings.TrimLeftFunc(rest, isLineSpace)
		if rest == "" {
			return out
		}
		end := strings.IndexFunc(rest, isLineSpace)
		if end < 0 {
			end = len(rest)
		}
		f := rest[:end]
		rest = rest[end:]
		w := proseWord{}
		t := strings.TrimLeftFunc(f, opensWord)
		w.open = len(t) < len(f)
		trimmed := strings.TrimRightFunc(t, closesWord)
		if tail := t[len(trimmed):]; tail != "" {
			w.comma = tail[0] == ','
			w.stop = !w.comma
			w.semi = tail[0] == ';'
			w.colon = tail[0] == ':'
			w.closeComma = w.stop && strings.HasSuffix(tail, ",")
		}
		if name, suffix, ok := cutLastHyphen(trimmed); ok && name != "" && !hyphenPrefix(name) && (inSet(hyphenSuffixes, suffix) || inSet(likeSuffixes, suffix)) {
			// "Twilio-based telephony", "Hasselblad-tuned cameras": the
			// name ends at the hyphen
			trimmed, w.stop, w.maker, w.hyphen = name, true, inSet(makerSuffixes, suffix), true
			w.like = inSet(likeSuffixes, suffix)
		}
		if c := citationEnd(trimmed); c < len(trimmed) {
			// "owned by Atlassian[2]": a citation ends the word, as
			// punctuation does
			trimmed, w.stop = trimmed[:c], true
		}
		w.text = trimmed
		out = append(out, w)
	}
}

// bangInName reports whether an exclamation mark at pos belongs to the name
// before it ("Aha!", "Yahoo!"): the sentence goes on after it in small
// letters.
func bangInName(answer string, pos int) bool {
	rest, ok := strings.CutPrefix(answer[pos:], "! ")
	return ok && unicode.IsLower(firstRune(rest))
}

// capitalAfterFirstWord reports whether a word after the first starts with a
// capital letter.
func capitalAfterFirstWord(s string) bool {
	i := strings.IndexByte(s, ' ')
	if i < 0 {
		return false
	}
	for i++; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' && !isWordRune(rune(s[i-1])) {
			return true
		}
	}
	return false
}

// capitalized reports words that can be, or go on, a name: a capital first
// ("Klaviyo", "AT&T", "Apollo.io").
func capitalized(w string) bool {
	return w != "" && 'A' <= w[0] && w[0] <= 'Z'
}

// nameRun is a run of words that reads as one name: capitalized words, model
// numbers after them, "of" or "&" between two of them ("Bank of America"); a
// possessive ends it.
type nameRun struct {
	from, to int // words [from, to)
	text     string
}

func nameRuns(ws []proseWord) []nameRun {
	var out []nameRun
	for i := 0; i < len(ws); {
		if !capitalized(ws[i].text) && !smallCapListed(ws[i].text) && !figureName(ws[i].text) {
			i++
			continue
		}
		j := i + 1
		for j < len(ws) && !ws[j-1].comma && !ws[j-1].stop && !ws[j].open && !possessive(ws[j-1].text) {
			w := ws[j].text
			switch {
			case capitalized(w), w != "" && '0' <= w[0] && w[0] <= '9':
				j++
				continue
			case (w == "of" || w == "&") && j+1 < len(ws) && !ws[j].comma && !ws[j].stop && capitalized(ws[j+1].text):
				j += 2
				continue
			}
			break
		}
		parts := make([]string, 0, j-i)
		for _, w := range ws[i:j] {
			parts = append(parts, w.text)
		}
		out = append(out, nameRun{from: i, to: j, text: strings.Join(parts, " ")})
		i = j
	}
	return out
}

// possessive reports a word that ends in "'s": a name ends there
// ("DigitalOcean's App Platform" names DigitalOcean).
func possessive(w string) bool {
	return strings.HasSuffix(w, "'s") || strings.HasSuffix(w, "’s")
}

// phraseTable is a set of phrases of words that wordsBefore looks for
// before a word, indexed by each phrase's last word in lowercase, so that
// a lookup checks only the phrases that end in the word before it.
type phraseTable struct {
	all    [][]string
	byLast map[string][][]string
}

// maxPhraseWord bounds the length of a phraseTable's words (foldShort's
// buffer).
const maxPhraseWord = 32

// phrasesBefore makes a phraseTable of phrases, each written as its words
// in lowercase ASCII separated by spaces.
func phrasesBefore(phrases ...string) *phraseTable {
	t := &phraseTable{all: phraseWords(phrases...), byLast: map[string][][]string{}}
	for _, ps := range t.all {
		last := ps[len(ps)-1]
		if len(last) > maxPhraseWord || strings.IndexFunc(last, func(r rune) bool { return r >= utf8.RuneSelf || unicode.IsUpper(r) }) >= 0 {
			panic("analyze: a phrase's last word is no short lowercase ASCII word: " + last)
		}
		t.byLast[last] = append(t.byLast[last], ps)
	}
	return t
}

// ending returns the phrases of t that may end in word w: those whose last
// word is w in lowercase, or, for a word with letters outside ASCII, which
// strings.EqualFold may fold onto ASCII ones (the Kelvin sign onto "k"),
// or longer than any of its words, every phrase.
func (t *phraseTable) ending(w string) [][]string {
	var buf [maxPhraseWord]byte
	folded, ascii, ok := foldShort(&buf, w)
	if !ok || !ascii {
		return t.all
	}
	return t.byLast[string(folded)]
}

// wordsBefore reports whether the words right before index i, lowercased, are one
// of the phrases of t.
func wordsBefore(ws []proseWord, i int, t *phraseTable) bool {
	if i == 0 {
		return false
	}
	for _, ps := range t.ending(ws[i-1].text) {
		if i >= len(ps) && phraseBefore(ws, i, ps) {
			return true
		}
	}
	return false
}

// phraseBefore reports whether the words right before index i are the
// phrase ps, none of them ending a sentence and none but the last followed
// by a comma.
func phraseBefore(ws []proseWord, i int, ps []string) bool {
	for k, w := range ps {
		pw := ws[i-len(ps)+k]
		if !strings.EqualFold(pw.text, w) || pw.stop || pw.comma && k < len(ps)-1 {
			return false
		}
	}
	return true
}

var (
	// lists introduced this way name examples of a kind: brands, when no ordinary word
	introPhrases = phrasesBefore("such as", "like", "including", "e.g")
	// corporate ties name a company: "acquired by Apple", "owned by Amer Sports"
	tiePhrases = phrasesBefore("acquired by", "owned by", "part of", "a brand of", "a subsidiary of", "a division of", "backed by", "spun off from",
		"held at", "held by", "issued by", "underwritten by", "powered by", "provided by", "operated by", "made by", "sold by", "built by", "run by",
		"owns", "owned", "acquired", "acquires", "bought", "buys", "merged with", "partnered with", "partners with", "spun off", "parent company",
		"acquisition of", "merger with")
	// a company's end names the company where the name ends its phrase:
	// "the collapse of Synapse, a fintech" (endedCompany)
	endPhrases = phrasesBefore("collapse of", "bankruptcy of")
	// a company's acquisition by another names the buyer: "after its
	// acquisition by Bending Spoons, prices rose" (acquiredBy)
	acquiredPhrases = phrasesBefore("its acquisition by", "the acquisition by", "their acquisition by")
	// a determiner makes a capitalized word a common noun: "the POS and Square Online"
	determiners = phrasesBefore("the", "a", "an", "your", "its", "their", "our", "this", "that")
	// a name compared with, or left for, another names a product: "better than
	// Zendesk", "teams migrating from Jira"
	comparePhrases = phrasesBefore("than", "instead of", "alternative to", "alternatives to",
		"migrating from", "migrate from", "migrated from", "switching from", "switch from",
		"switched from", "moving from", "move from", "moved from", "coming from", "replacing", "replaces",
		"moving off", "move off", "moved off", "leaving", "compared to", "compared with", "unlike", "versus",
		"vs", "competes with", "compete with", "competing with", "rivals")
	// a name used as a tool names a product: "teams that use Google Workspace"
	usePhrases = phrasesBefore("use", "uses", "using", "used", "live in", "lives in", "built around",
		"built into", "built on", "switch to", "switching to", "moved to", "move to", "migrate to",
		"integrates with", "integrate with", "integration with", "syncs with", "sync with", "connects to",
		"connect to", "connects with", "works with", "work with", "plugs into", "pairs with", "pair with",
		"alongside", "compatible with", "available at", "sold at", "sold through", "shop at", "inside",
		"relies on", "rely on", "relying on", "pairs well with", "pair well with", "pair it with", "pairs it with", "pair them with",
		"built for", "built specifically for", "living in", "works in", "work in",
		// a partner a product was made with: "a camera tuned with Hasselblad"
		"tuned with", "co-tuned with", "co-developed with", "co-engineered with", "co-designed with",
		"partnership with", "collaboration with")
	// prepositions of the means or the source a product is: "pay via
	// Stripe", "deposit cash through Green Dot", "pair it with Zoom", "buy
	// from Amazon" (with a listed ordinary word only: "to" names ports as
	// often, "USB-C to Lightning"; "on" counts by onPlatform)
	meansPhrases = phrasesBefore("via", "through", "with", "from")
	// words that open a clause inside a sentence: "…, and Google Drive works"
	clauseWords = set("and but whereas while although though yet so")
)

// businessNouns name a kind of business or of product a company sells: the
// examples "like" or "such as" gives of one are its brands, ordinary words or
// not ("prepaid carriers like Mint Mobile", "brokers like Vanguard and
// Fidelity", "a budgeting app such as YNAB"). Nouns of features, methods or
// technologies ("features like Smart Compose") are no such kind.
var businessNouns = set("brand brands company companies competitor competitors rival rivals " +
	"carrier carriers insurer insurers broker brokers brokerage brokerages bank banks lender lenders " +
	"retailer retailers store stores marketplace marketplaces site sites service services " +
	"app apps provider providers vendor vendors maker makers manufacturer manufacturers " +
	"platform platforms")

// kindExamples reports whether the words before word i are "like" or "such
// as" after a noun of businessNouns ("carriers like Mint Mobile").
func kindExamples(ws []proseWord, i int) bool {
	j := exampleNoun(ws, i)
	if j < 0 {
		return false
	}
	w := ws[j]
	return !w.comma && !w.stop && !w.semi && lowerIn(businessNouns, w.text)
}

// exampleNoun returns the index of the word before "like" or "such as"
// when those words stand right before word i, or -1.
func exampleNoun(ws []proseWord, i int) int {
	switch {
	case i >= 2 && wordsBefore(ws, i, likePhrase):
		return i - 2
	case i >= 3 && wordsBefore(ws, i, suchAsPhrase):
		return i - 3
	}
	return -1
}

var likePhrase, suchAsPhrase = phrasesBefore("like"), phrasesBefore("such as")

// joinedToKind reports whether run r follows a plural noun of a kind of
// business and "and" or "or" ("outdoor retailers and Amazon", "carriers
// and Amazon"): a business of that kind, named beside the rest of it.
func joinedToKind(ws []proseWord, r nameRun) bool {
	if r.from < 2 {
		return false
	}
	j, k := ws[r.from-1], ws[r.from-2]
	if j.text != "and" && j.text != "or" || j.comma || j.stop || k.comma || k.stop || k.semi {
		return false
	}
	return strings.HasSuffix(k.text, "s") && businessNouns[k.text]
}

// rivalNouns name the products weighed against the subject: what "include"
// lists after one is its brands, ordinary words too ("Alternatives
// include Birch and Lantern", "Other options include Meadow"; "options"
// only after a word of rivalOptions).
var rivalNouns = set("alternatives options competitors rivals contenders")

// rivalExamples reports whether the words before word i are "include" or
// "includes" after a noun of rivalNouns.
func rivalExamples(ws []proseWord, i int) bool {
	if i < 2 {
		return false
	}
	v, n := ws[i-1], ws[i-2]
	if v.comma || v.stop || n.comma || n.stop || !strings.EqualFold(v.text, "include") && !strings.EqualFold(v.text, "includes") {
		return false
	}
	noun := strings.ToLower(n.text)
	if noun == "options" {
		// "options" alone may be a product's own settings or kinds
		// ("Delivery options include Standard and Express"): only other or
		// top options are rivals
		return i >= 3 && !ws[i-3].comma && !ws[i-3].stop && lowerIn(rivalOptions, ws[i-3].text)
	}
	return rivalNouns[noun]
}

// joinsList reports whether w joins the names of a list: "and", "or", "nor"
// with no punctuation after it.
func joinsList(w proseWord) bool {
	return !w.comma && !w.stop && (w.text == "and" || w.text == "or" || w.text == "nor")
}

// asideWords open a relative clause about the name before them.
var asideWords = set("which who")

// asideEnd returns the index of the word after an aside about run a, or
// -1: a relative clause set off by commas ("Toast, which is built for
// restaurants, and Clover") or words in parentheses ("Zoho CRM (free for
// three users) and Freshsales"), at most asideLen words, that a name of
// the list goes on after.
func asideEnd(ws []proseWord, a nameRun) int {
	last := ws[a.to-1]
	if a.to >= len(ws) || last.stop {
		return -1
	}
	first := ws[a.to]
	paren := !last.comma && first.open && !first.comma && !first.stop
	if !paren && !(last.comma && lowerIn(asideWords, first.text)) {
		return -1
	}
	for k := a.to; k < len(ws) && k < a.to+asideLen; k++ {
		w := ws[k]
		switch {
		case w.hyphen && !w.comma:
			// "purpose-built": the aside goes on
		case paren && w.stop && !w.semi && !w.closeComma, !paren && (w.comma || w.closeComma):
			return k + 1
		case w.stop || w.comma:
			return -1
		}
	}
	return -1
}

// asideLen bounds an aside inside a list: a longer one is a clause of its
// own.
const asideLen = 12

// rivalOptions, before "options", make them rivals ("Other options include").
var rivalOptions = set("other top alternative competing rival")

// clauseOpens reports whether word i opens a clause inside a sentence: it
// follows a comma, a semicolon or dash, or a conjunction after a comma
// ("Among banks, Chase scored", "…, whereas Google's keeps").
func clauseOpens(ws []proseWord, i int) bool {
	p := ws[i-1]
	if p.comma || p.semi || p.text == "–" || p.text == "—" || p.text == "-" {
		return true
	}
	return lowerIn(clauseWords, p.text) && !p.stop && (i < 2 || ws[i-2].comma || strings.ToLower(p.text) != "and")
}

// subjectRun reports whether a run of words is the subject of the verb after
// it, or possessive ("Evernote's strength").
func subjectRun(text string, ws []proseWord, r nameRun) bool {
	if strings.HasSuffix(r.text, "'s") || strings.HasSuffix(r.text, "’s") {
		return true
	}
	end := wordEnd(text, ws, r.to-1)
	at := match{start: end, end: end}
	return nameVerbFollows(text, at) || coined(r.text) && pastTenseFollows(text, at)
}

// wordEnd returns the offset in text where word i ends, its trailing
// punctuation excluded.
func wordEnd(text string, ws []proseWord, i int) int {
	off := 0
	for k := 0; k <= i; k++ {
		j := strings.Index(text[off:], ws[k].text)
		if j < 0 {
			return len(text)
		}
		off += j + len(ws[k].text)
	}
	return off
}

func phraseWords(phrases ...string) [][]string {
	out := make([][]string, len(phrases))
	for i, p := range phrases {
		out[i] = strings.Fields(p)
	}
	return out
}

// proseCandidates reads untracked brands from the answer's sentences, given the
// tracked matches and the candidates from its structure.
func (m *Matcher) proseCandidates(answer string, sents []span, tracked []match, structural []candidate) []candidate {
	known := map[string]bool{}
	for _, c := range structural {
		known[fold(c.name)] = true
	}
	isKnown := func(name string, sn span) bool {
		f := fold(name)
		if known[f] {
			return true
		}
		if _, ok := m.known[f]; ok {
			return true
		}
		// a run that holds a tracked match ("Squarespace Payments")
		_, inTracked := freeNameAt(answer, sn, name, tracked)
		return inTracked
	}
	var out []candidate
	var ws []proseWord
	scheme := trackedSchemes(answer, tracked, m.names)
	// made: the name is one of a maker's products named together
	// (oneMaker), a name though its word is an ordinary one ("Teams")
	made := false
	add := func(name string, sn span) {
		name = cleanName(name)
		if first, rest, ok := strings.Cut(name, " "); ok && lowerIn(leadVerbs, first) {
			name = rest // "Shortlist Plannery and Kanbanzo": advice about a name
		}
		if !isBrandish(name) {
			// "the Xiaomi Redmi Note 14 Pro offers": a brand and a model of
			// more words than a name has, read as the brand
			if brand := longName(name); brand != "" {
				name = brand
			}
		}
		if name == "" || !isBrandish(name) && !made || isKnown(name, sn) || isPlaceName(name) || scheme[name[0]] && smallCapital(name) {
			return
		}
		start := sn.start
		if i, inTracked := freeNameAt(answer, sn, name, tracked); i >= 0 {
			if inTracked {
				return
			}
			start = i
			if bangInName(answer, start+len(name)) {
				name += "!" // "Productboard and Aha! are worth a look"
			}
		}
		known[fold(name)] = true
		out = append(out, candidate{name: name, start: start, end: start + len(name), prose: true})
	}
	// addSmalls adds the names of small first letter of a list, read apart
	// from the rest of it, after a cue before the list or beside a name of
	// the rest found or of the brand list ("Amazon, eBay and Walmart
	// Marketplace", "through Dropbox or iCloud")
	addSmalls := func(smalls, rest []nameRun, cue bool, sn span) {
		if len(smalls) == 0 {
			return
		}
		for _, e := range rest {
			if techRun(e) {
				return // a technology beside it: "with iBeacon and NFC"
			}
			if _, ok := listedRun(e); ok || isKnown(e.text, sn) {
				cue = true
			}
		}
		if !cue || len(smalls) > 0 && techExamples(ws, smalls[0].from) {
			return
		}
		for _, e := range smalls {
			if listedWord(e.text) {
				add(strings.TrimSuffix(strings.TrimSuffix(e.text, "'s"), "’s"), sn)
			}
		}
	}
	// addCued adds a name that a cue of its sentence makes one where it
	// opens the sentence (candidate.cued)
	addCued := func(name string, sn span) {
		n := len(out)
		add(name, sn)
		if len(out) > n {
			out[n].cued = true
		}
	}
	// addOthers adds a name that others of its kind follow ("Geico and
	// others reassess rates", "Chase and other big banks"): those words are
	// its evidence where its capital opens the sentence
	addOthers := func(name string, sn span) {
		if listedWord(name) {
			addCued(name, sn)
		} else {
			add(name, sn)
		}
	}
	for _, sn := range sents {
		text := answer[sn.start:sn.end]
		if !capitalAfterFirstWord(text) && !smallCapitalIn(text) {
			// a capital opens the sentence and nothing else: only the subject rule
			// can find a name here
			if end := strings.IndexAny(text, " ,;:.!?'’"); end > 0 {
				name := text[:end]
				at := match{start: sn.start, end: sn.start + len(name)}
				if capitalized(name) && (distinctive(name) || acronymName(name) || listedProperHead(name)) &&
					(nameVerbFollows(answer, at) || goodsVerbFollows(answer, at) || coined(name) && pastTenseFollows(answer, at)) {
					add(name, sn)
				} else if capitalized(name) && strings.Contains(text, " other") {
					// "Geico and others reassess rates"
					ws = proseWords(ws[:0], proseMarkup.Replace(text))
					if r := (nameRun{from: 0, to: 1, text: name}); len(ws) > 1 && ws[0].text == name && othersName(ws, r) {
						addOthers(r.text, sn)
					}
				}
			}
			continue
		}
		if strings.ContainsAny(text, "*_`") {
			text = proseMarkup.Replace(text)
		}
		ws = proseWords(ws[:0], text)
		runs := nameRuns(ws)
		// lists of names: runs joined by ", ", "and", "or", "nor", ", and", ", or"
		for k := 0; k < len(runs); {
			list := []nameRun{runs[k]}
			commaFirst := false
			for k+1 < len(runs) {
				a, b := runs[k], runs[k+1]
				last := ws[a.to-1]
				// an article may open an entry: "the Hario V60, the Kalita Wave
				// and the Chemex"
				bFrom := b.from
				if bFrom > a.to && strings.EqualFold(ws[bFrom-1].text, "the") && !ws[bFrom-1].comma && !ws[bFrom-1].stop {
					bFrom--
				}
				joined := bFrom == a.to && last.comma
				if !joined && bFrom == a.to+1 && !last.stop {
					joined = joinsList(ws[a.to])
				}
				// "Toast, which is built for restaurants, and Clover": an
				// aside about a name does not end the list
				aside := !joined && bFrom > a.to+1 && asideEnd(ws, a) == bFrom-1 && joinsList(ws[bFrom-1])
				if !joined && !aside {
					break
				}
				if len(list) == 1 {
					commaFirst = last.comma && !aside
				}
				list = append(list, b)
				k++
			}
			k++
			if len(list) < 2 || len(list) == 2 && commaFirst {
				// "…Jimmy Iovine, and Globex is based…": two clauses, not a list
				continue
			}
			intro := wordsBefore(ws, list[0].from, introPhrases) || wordsBefore(ws, list[0].from, tiePhrases)
			if wordsBefore(ws, list[0].from, determiners) && !wordsBefore(ws, list[1].from, determiners) {
				list = list[1:]
			}
			// names of small first letter (smallCapitalRun) are no evidence
			// for the names beside them: the list is read without them, and
			// they count after its cue or beside a name of it found or of
			// the list
			var smalls []nameRun
			smallCue := false
			if slices.ContainsFunc(list, smallCapitalRun) {
				smallCue = intro || cuedList(ws, list) || kindExamples(ws, list[0].from)
				var rest []nameRun
				for _, e := range list {
					if smallCapitalRun(e) {
						smalls = append(smalls, e)
					} else {
						rest = append(rest, e)
					}
				}
				list = rest
				if len(list) < 2 || len(list) == 2 && commaFirst {
					addSmalls(smalls, list, smallCue, sn)
					continue
				}
			}
			anyKnown, anyDistinctive := false, false
			// a list of three names or more where one is a brand of the list
			// (listedRun) is a list of brands, a feature of ordinary words
			// excepted ("Gemini, Magic Editor and Call Screen"): a brand of
			// such words would be on the list itself
			byList, anyListed := false, false
			// onlyProducts: every known name is a known brand and more
			// words ("Notion AI"), so the list is that brand's features
			onlyProducts := true
			for _, e := range list {
				if isKnown(e.text, sn) {
					anyKnown = true
					first, _, ok := strings.Cut(e.text, " ")
					onlyProducts = onlyProducts && ok && isKnown(first, sn)
				} else if _, ok := listedRun(e); ok {
					byList = byList || len(list) >= 3
					anyListed = true
				}
				anyDistinctive = anyDistinctive || distinctive(e.text)
			}
			// names no dictionary knows, joined as a list, are names of one kind
			// ("De'Longhi and Gaggia", "Garmin or Coros"); a person's name is not
			// ("Dr. Dre and Jimmy Iovine")
			anyCoined, person := false, false
			for _, e := range list {
				anyCoined = anyCoined || coined(e.text)
				person = person || personName(ws, e)
				if specName(e.text) || isPlace(e.text) && !m.tracks(e.text) {
					// "Qi2 and MagSafe", "Texas, Ohio and Utah": names of one
					// kind with a technology or a place are technologies or
					// places; a tracked brand is no place ("Makita, Hilti and
					// Milwaukee" with Milwaukee Tool tracked)
					anyKnown, anyDistinctive, byList, person = false, false, false, true
					break
				}
			}
			allCoined := anyCoined && !person
			// a brand of the list that counts with no cue makes an ordinary
			// word of the list joined to it a name ("at Best Buy and
			// Amazon", "trails Visa and Mastercard")
			anyListed = anyListed && !person
			// among three names or more, two no dictionary knows make an
			// ordinary word a name too ("Slack, Gmail, Zoom and HubSpot")
			ofCoined := 0
			for _, e := range list {
				if coined(e.text) {
					ofCoined++
				}
			}
			manyCoined := allCoined && len(list) >= 3 && ofCoined >= 2
			// names that open a sentence as the subject of a plural verb,
			// one of them no word or a brand of the list, are names of one
			// kind ("New Balance and Oboz both offer", "Happy Money and Best
			// Egg are")
			subjectList := !person && listSubject(text, ws, list)
			// two names that end their clause, one coined: the ordinary word
			// is a name of one kind with it ("Gmail and Outlook."), not a
			// plural or a word that a noun after the pair makes an adjective
			// ("PreCip and Minimalist jackets")
			end := list[len(list)-1].to
			pairEnds := len(list) == 2 && ofCoined == 1 &&
				(end == len(ws) || ws[end-1].comma || ws[end-1].stop || ws[end-1].semi)
			for _, e := range list {
				pairEnds = pairEnds && !strings.HasSuffix(e.text, "s")
			}
			for k, e := range list {
				add := add
				// "Todoist or Things 3": a brand of the list called by its
				// number is a name beside a name no dictionary knows
				made = anyDistinctive && numberedListed(e.text)
				if e.from == 0 && (listedWord(e.text) || listedBrand(e.text)) {
					// the list is the evidence for a name of the brand list
					// whose capital opens the sentence ("Chase, Wells Fargo
					// and Citi offer"), where an ordinary word that is none
					// opens it as often ("Otherwise, Progressive or State
					// Farm", "Reconnect GitHub or GitLab")
					add = addCued
				}
				switch {
				case intro && anyDistinctive, allCoined && (!plainWord(e.text) || manyCoined || pairEnds),
					kindExamples(ws, list[0].from) && !person,
					rivalExamples(ws, list[0].from) && !person && rivalName(e.text):
					// "apps such as Klaviyo and Recharge": examples of one kind
					add(e.text, sn)
				case subjectList && !(k > 0 && plainWord(e.text) && strings.Contains(list[k-1].text, " ") && isKnown(list[k-1].text, sn)):
					addCued(e.text, sn)
				case rivalList(ws, list):
					// "compete with Toast and Clover": rivals named together
					add(e.text, sn)
				case cuedPair(ws, list, ofCoined) && !person && !strings.HasSuffix(e.text, "s"):
					// "use Salesloft or Outreach": a pair after a cue of use,
					// one no dictionary knows, names two tools
					add(e.text, sn)
				case k > 0 && cuedList(ws, list) && (notCommon(e.text) || listedWord(e.text)):
					// "connects to Mailchimp and Intercom": the cue before a
					// list is every name's
					add(e.text, sn)
				case anyListed && listedWord(e.text):
					add(e.text, sn)
				case !person && oneMaker(listTexts(list)):
					// "Teams and Outlook": one maker's products
					made = true
					addCued(e.text, sn)
					made = false
				case byList && !anyKnown && !(strings.Contains(e.text, " ") && ordinaryName(e.text)):
					add(e.text, sn)
				case anyKnown && onlyProducts && pluralWord(e.text):
					// "Wikis, Databases and Notion AI": a brand's features
				case anyKnown && !(k > 0 && plainWord(e.text) && !listedProductWord(e.text) && strings.Contains(list[k-1].text, " ") && isKnown(list[k-1].text, sn)):
					// "SoFi Checking and Savings": an ordinary word joined to a
					// brand's product of several words goes on its name,
					// unless the brand list holds it ("Squarespace Payments
					// or Stripe")
					add(e.text, sn)
				}
			}
			made = false
			addSmalls(smalls, list, smallCue, sn)
		}
		if purposeRuns(ws, runs, nil) >= 2 {
			// "Slack for chat, Loom for async video": tools each given its
			// purpose are names of one kind
			purposeRuns(ws, runs, func(name string) { addCued(name, sn) })
		}
		if len(runs) > 0 && runs[0].from == 0 && runs[0].to > 1 && strings.EqualFold(ws[0].text, "unlike") {
			// "Unlike Zendesk, …": the capital opens the sentence, the name follows it
			if name := strings.TrimSpace(runs[0].text[len(ws[0].text):]); notCommon(name) {
				add(strings.TrimSuffix(strings.TrimSuffix(name, "'s"), "’s"), sn)
			}
		}
		for _, r := range runs {
			if smallCapitalRun(r) && (techExamples(ws, r.from) || techBeside(runs, r)) {
				continue // "frameworks like jQuery", "iBeacon and NFC"
			}
			next := ""
			if r.to < len(ws) && !ws[r.to-1].stop && !ws[r.to-1].comma {
				next = ws[r.to].text
			}
			if r.to-r.from >= 2 && integrationWords[next] && integrationName(ws[r.to-1].text) &&
				isKnown(strings.TrimPrefix(strings.Join(strings.Fields(r.text)[:r.to-r.from-1], " "), "The "), sn) {
				// "the Linear GitHub integration": a brand's name run
				// together with the tool it connects to; the cue is the
				// evidence where capitals before it are
				addCued(ws[r.to-1].text, sn)
				continue
			}
			switch {
			case wordsBefore(ws, r.from, introPhrases) && (distinctive(r.text) || listedWord(r.text) && !nameRunsOn(ws, r)),
				kindExamples(ws, r.from) && !isPlace(r.text) && !personName(ws, r),
				rivalExamples(ws, r.from) && rivalName(r.text) && !personName(ws, r),
				wordsBefore(ws, r.from, tiePhrases),
				acquiredBy(ws, r),
				endedCompany(ws, r),
				r.from > 0 && byOwner(ws, r),

				r.from > 1 && wordsBefore(ws, r.from, comparePhrases) && (notCommon(r.text) || listedWord(r.text) && !nameRunsOn(ws, r)),
				r.from > 3 && soldThrough(ws, r),
				r.from > 0 && wordsBefore(ws, r.from, usePhrases) && (notCommon(r.text) || listedWord(r.text) && !nameRunsOn(ws, r)) && !ordinaryPlural(r.text) && !materialName(r.text),
				r.from > 0 && (wordsBefore(ws, r.from, meansPhrases) || onPlatform(ws, r.from)) && listedWord(r.text) && !nameRunsOn(ws, r),
				sentTo(ws, r.from) && (notCommon(r.text) || listedWord(r.text)) && !nameRunsOn(ws, r),
				r.from > 1 && coinedFrom(ws, r),
				r.from > 1 && coinedThrough(ws, r),
				r.from > 1 && namesFrom(ws, r) && !isPlace(r.text) && !personName(ws, r),
				r.from > 0 && clauseOpens(ws, r.from) && notCommon(r.text) && !smallCapitalRun(r) && subjectRun(text, ws, r),
				r.from > 0 && next != "" && listedIssued(ws, r),
				r.from > 0 && companyName(r.text) && !isPlaceName(r.text),
				notCommon(r.text) && appositiveCompany(ws, r),
				r.from > 0 && retailNouns[next] && retailName(ws, r),
				r.from > 0 && siteName(r.text),
				payName(ws, r),
				r.from > 0 && companyBefore(ws, r.from) && companyNamed(ws, r) && !isPlace(r.text) && !personName(ws, r),
				r.from > 0 && next != "" && !smallCapitalRun(r) && ownerName(ws, r):
				add(strings.TrimSuffix(strings.TrimSuffix(r.text, "'s"), "’s"), sn)
			case joinedToKind(ws, r) && listedWord(r.text) && !nameRunsOn(ws, r):
				// "outdoor retailers and Amazon": the kind is the evidence
				addCued(r.text, sn)
			case partnerNext(ws, r) && partnerName(partnerRun(r), r.from > 0):
				// "its Hasselblad colour tuning", "the Apple Card
				// partnership": the partner a product was made with
				addCued(partnerRun(r), sn)
			case r.from > 0 && connectedTo(r.text, next):
				// "a Slack integration", "Linear's Slack integration": the
				// cue is the evidence where a capital before it is
				addCued(r.text, sn)
			case r.from == 0 && r.to-r.from >= 2 && lowerIn(ownerDeterminers, ws[0].text) &&
				connectedTo(strings.Join(strings.Fields(r.text)[1:], " "), next):
				// "Its Slack integration": the capital of "Its" opens the
				// sentence, the name after it is the tool connected to
				add(strings.Join(strings.Fields(r.text)[1:], " "), sn)
			case othersName(ws, r):
				addOthers(r.text, sn)
			case r.from > 0 && ws[r.to-1].like && likeName(r.text):
				// "a clean, Notion-like interface", "Google-centric teams"
				add(r.text, sn)
			case ws[r.to-1].maker:
				// "Hasselblad-tuned": the maker, the words that open the
				// run before it left out ("Great Hasselblad-tuned color")
				if name := makerName(ws, r); name != "" {
					add(name, sn)
				}
			default:
				// a brand of the list needs no cue inside a sentence
				if name, ok := listedRun(r); ok {
					add(name, sn)
				} else if r.to-r.from >= 2 && next != "" && listedIssued(ws, lastWordRun(ws, r)) {
					// "the Credit Builder Visa card": the card's network
					// closes the name of the product it runs; the noun
					// after it is the evidence where capitals before it are
					addCued(ws[r.to-1].text, sn)
				}
			}
		}
		// a sentence opened by a name that is no ordinary word, as a verb's subject
		if len(runs) > 0 && runs[0].from == 0 {
			name := strings.TrimSuffix(strings.TrimSuffix(runs[0].text, "'s"), "’s")
			at := match{start: sn.start, end: sn.start + len(name)}
			if (distinctive(name) || acronymName(name) || listedBrand(name) || listedProperHead(name)) && !smallCapital(name) && strings.HasPrefix(answer[sn.start:], name) &&
				(nameVerbFollows(answer, at) || goodsVerbFollows(answer, at) || coined(name) && pastTenseFollows(answer, at)) {
				add(name, sn)
			}
		}
	}
	return out
}

// retailVerbs sell a product through a channel: "sold through its own
// store and Amazon" (soldThrough); not "available", which support and
// cover are through channels as often ("available through your employer
// or Marketplace").
var retailVerbs = set("sold sells sell unlocked buy bought")

// soldThrough reports whether r closes a list of channels after "through"
// or "via" that a verb of selling comes before in its sentence (at most
// ten words before "through"), joined by "and" or "or" to what comes
// before it: "sold unlocked through OnePlus's own store and Amazon",
// "available unlocked through a US beta program and Amazon"; the name one
// word that is no ordinary word or an ordinary word of the brand list, or
// a brand of the list of several words, and no place or person: a shop
// the product is sold through. The channel before it is a store, a site,
// an app or a program (channelNouns), and the name ends its phrase: after
// "agents" or "pharmacies" it is a program or a payer as often ("sold via
// agents and Marketplace"), and a noun after it makes it a kind ("its
// site and GoodRx coupons").
func soldThrough(ws []proseWord, r nameRun) bool {
	j := strings.ToLower(ws[r.from-1].text)
	if j != "and" && j != "or" || ws[r.from-2].comma && j == "or" {
		return false
	}
	if possessive(r.text) || isPlace(r.text) || personName(ws, r) || !(notCommon(r.text) || listedWord(r.text) && !nameRunsOn(ws, r)) {
		return false
	}
	if r.to-r.from > 1 && !listedBrand(r.text) {
		return false // "sold through its website and John Smith": a seller, a person as often
	}
	if !channelNouns[strings.ToLower(ws[r.from-2].text)] || ws[r.from-2].comma || !endsPhrase(ws, r) {
		return false // "sold via agents and Marketplace", "sold through pharmacies and GoodRx coupons"
	}
	for k := r.from - 2; k >= 1 && k >= r.from-8; k-- {
		if ws[k].stop || ws[k].semi || ws[k].colon {
			return false
		}
		if t := strings.ToLower(ws[k].text); t == "through" || t == "via" {
			for m := k - 1; m >= 0 && m >= k-10; m-- {
				if ws[m].stop || ws[m].semi {
					break
				}
				if retailVerbs[strings.ToLower(ws[m].text)] {
					return true
				}
			}
			return false
		}
	}
	return false
}

// channelNouns are the channels a shop closing a list of them is joined
// to: "through its own store and Amazon", "a US beta program and Amazon"
// (soldThrough).
var channelNouns = set("store stores shop shops site website app program")

// endsPhrase reports whether run r ends its phrase: at punctuation, at
// the end of the text, or before "and" or "or".
func endsPhrase(ws []proseWord, r nameRun) bool {
	last := ws[r.to-1]
	if last.comma || last.stop || last.semi || last.colon || r.to == len(ws) {
		return true
	}
	next := strings.ToLower(ws[r.to].text)
	return next == "and" || next == "or"
}

// acquiredBy reports whether r names the buyer after "its acquisition by"
// (acquiredPhrases), the name ending its phrase: punctuation after it, or
// "and", "or" or "in" ("Since its acquisition by Vista Equity Partners and
// the merger with Clari"); a noun in small letters after it makes the
// name a kind of buyer ("its acquisition by Private Equity investors"), and
// "acquisition by" with no determiner is a measure of growth as often
// ("customer acquisition by Channel"). A person or a place is no buyer's
// name there ("its acquisition by Jeff Bezos", "by Texas"); one ordinary
// word is, a company named so ("its acquisition by Employ").
func acquiredBy(ws []proseWord, r nameRun) bool {
	if r.from < 3 || !wordsBefore(ws, r.from, acquiredPhrases) {
		return false
	}
	if isPlace(r.text) || personName(ws, r) {
		return false
	}
	last := ws[r.to-1]
	if last.comma || last.stop || last.semi || r.to == len(ws) {
		return true
	}
	next := strings.ToLower(ws[r.to].text)
	return next == "and" || next == "or" || next == "in"
}

// endedCompany reports whether r names the company after "collapse of" or
// "bankruptcy of" (endPhrases), the name ending its phrase: punctuation
// after it, "and", "or" or "in", or a verb of what followed ("the
// collapse of Synapse froze accounts", "Lehman Brothers started"); a noun
// in small letters after it makes the name an era's or a market's ("the
// collapse of Bronze Age trade", "of Bitcoin prices", a verb's "-s" form
// read as a plural), and a place or a person is no company's name there
// ("the collapse of Rome").
func endedCompany(ws []proseWord, r nameRun) bool {
	if r.from < 2 || !wordsBefore(ws, r.from, endPhrases) || isPlace(r.text) || personName(ws, r) || fullPersonName(r.text) {
		return false
	}
	last := ws[r.to-1]
	if last.comma || last.stop || last.semi || r.to == len(ws) {
		return true
	}
	next := strings.ToLower(ws[r.to].text)
	return next == "and" || next == "or" || next == "in" || endVerbs[next] || pastVerb(next) ||
		subjectVerbs[next] && !pluralRead(next)
}

// pluralRead reports whether a subject verb w reads as a plural noun after
// a name: an "-s" form other than "is", "was" and "has" ("Bitcoin prices",
// "cod stocks").
func pluralRead(w string) bool {
	return strings.HasSuffix(w, "s") && !copulas[w] && w != "has"
}

// endVerbs are pasts of what a company's end did, most of them no "-ed"
// form (pastVerb): "the collapse of Synapse froze accounts".
var endVerbs = set("froze left hit cost sent shook led took cut put wiped")

// pastVerb reports whether w is a dictionary word that is a verb's "-ed"
// past ("started", "closed"), a verb after a name ending its phrase.
func pastVerb(w string) bool {
	stem, ok := strings.CutSuffix(w, "ed")
	return ok && len(stem) > 1 && isDictWord(w) && (isDictWord(stem) || isDictWord(stem+"e"))
}

// partnerRun returns the name of run r before a noun of a partner's work,
// an ordinary word that opens it before a coined word left off, whose
// capital opens a sentence or a cell ("| Via Trupanion partnership |"
// names Trupanion).
func partnerRun(r nameRun) string {
	first, rest, ok := strings.Cut(r.text, " ")
	if ok && isDictWord(strings.ToLower(first)) && !isProperNoun(first) && !listedBrand(first) && distinctive(rest) {
		return rest
	}
	return r.text
}

// partnerName reports whether name can name a partner before a noun of a
// partner's work (partnerNext): a word no dictionary knows, a brand of the
// list, or a name that opens with one that is a proper noun ("Apple
// Card"); and no acronym, place or standard ("a Strategic partnership",
// "a NASA partnership", "the Texas partnership" name none), no proper
// noun of the word list off the brand list, a town as often ("a
// Frankfurt partnership"), and no word with a capital inside off the
// brand list, a product's format or feature as often ("ProRes color
// tuning"). Where a sentence opens, its capital is no evidence: only a
// coined word counts.
func partnerName(name string, inside bool) bool {
	if allUpper(name) || isPlace(name) || specName(name) {
		return false
	}
	if !listedBrand(name) && (!strings.Contains(name, " ") && isProperNoun(name) || innerCapital(name)) {
		return false
	}
	if !inside {
		return distinctive(name)
	}
	first, _, _ := strings.Cut(name, " ")
	return distinctive(name) || listedBrand(name) || first != name && listedBrand(first) && notCommon(first)
}

// freeNameAt returns where name is written in sentence sn as a word of its
// own outside a tracked match, and false; or, when every such spelling is
// inside a tracked match, the first and true ("Shopify" of "Shopify POS":
// "Shopify POS is for retail, or run a Shopify store" names Shopify
// after); -1 when none is found.
func freeNameAt(answer string, sn span, name string, tracked []match) (int, bool) {
	first := -1
	for from := sn.start; from < sn.end; {
		i := strings.Index(answer[from:sn.end], name)
		if i < 0 {
			break
		}
		at := from + i
		from = at + len(name)
		if !boundaryBefore(answer, at, name) || !boundaryAfter(answer, at+len(name), name) {
			continue
		}
		if !overlaps(tracked, at, at+len(name)) {
			return at, false
		}
		if first < 0 {
			first = at
		}
	}
	return first, first >= 0
}

// companyKindNouns name a company, not a product: the name written right
// after one is that company's ("design firm Teenage Engineering", "the
// insurer Lemonade"); ownerNouns do so across a comma ("its owner, Acorns,
// offers"). "startup" and "bank" are left out, written as often before a
// kind of team or a bank's legal suffix ("a startup SDR team", "Stride
// Bank, N.A.").
var companyKindNouns = set("firm company insurer retailer lender brokerage carrier maker manufacturer competitor rival")

var ownerNouns = set("owner parent")

// companyNamed reports whether run r, after a noun of a company, is the
// company's name rather than what the company has: one word right after
// the noun ("a company Wiki", "the manufacturer Warranty", "the company
// Christmas party") must be no ordinary word, or a listed one, and no
// noun written small may follow it; a name of several words, or one after
// "owner" and a comma ("its owner, Acorns,"), is the company's.
func companyNamed(ws []proseWord, r nameRun) bool {
	if strings.Contains(r.text, " ") || ws[r.from-1].comma {
		return true
	}
	if !notCommon(r.text) && !listedWord(r.text) {
		return false
	}
	last := ws[r.to-1]
	if r.to >= len(ws) || last.comma || last.stop {
		return true
	}
	next := ws[r.to].text
	low := strings.ToLower(next)
	return next != low || stopWords[low] || subjectVerbs[low] || subjectAdverbs[low] || !isDictWord(low)
}

// companyBefore reports whether word i follows a noun of companyKindNouns,
// or one of ownerNouns and a comma ("its owner, Acorns").
func companyBefore(ws []proseWord, i int) bool {
	p := ws[i-1]
	if p.stop || p.semi {
		return false
	}
	w := strings.ToLower(p.text)
	return companyKindNouns[w] && !p.comma || ownerNouns[w] && p.comma
}

// payName reports whether run r is a payment service's name: a word with
// a capital and "Pay", alone or with more capitalized words ("Shop Pay",
// "Shop Pay Installments"), as a maker names its wallet ("Apple Pay");
// "Pay" after a determiner or an ordinary word that is no noun of a name
// ("Best Pay-Per-Mile" in a heading) is no such name, and after a brand of
// the list it is that brand's plan ("PayPal Pay in 4"), the brand list
// holding the wallets of its brands whole.
func payName(ws []proseWord, r nameRun) bool {
	if r.to-r.from < 2 || ws[r.from+1].text != "Pay" || ws[r.from].comma || ws[r.from].stop {
		return false
	}
	first := strings.ToLower(ws[r.from].text)
	if stopWords[first] || leadVerbs[first] || lexicon[first] != 0 || listedBrand(ws[r.from].text) {
		return false
	}
	if !ordinaryWords(first) || r.to-r.from > 2 {
		return true // a plan of the service after "Pay": "Shop Pay Installments"
	}
	// an ordinary word before "Pay" names a kind of wages as often
	// ("Overtime Pay", "Net Pay", "Take-Home Pay"): the sentence must speak
	// of paying with it
	for _, w := range ws {
		if lowerIn(payCues, w.text) {
			return true
		}
	}
	return false
}

// ordinaryPlural reports whether a name of several words is ordinary
// words ending in a plural ("Local Banks", "Credit Unions"): a kind of
// company, which a capital only stresses, not a name.
func ordinaryPlural(name string) bool {
	ws := strings.Fields(name)
	if len(ws) < 2 || !pluralWord(ws[len(ws)-1]) || listedBrand(name) {
		return false
	}
	for _, w := range ws {
		if !isDictWord(w) {
			return false
		}
	}
	return true
}

// payCues, in a sentence, show a name before "Pay" is a way to pay.
var payCues = set(`with via accepts accept accepted supports support checkout offer offers
	through using wallet wallets`)

// ordinaryWords reports whether a lowercase word, or each part of a
// hyphenated one, is an ordinary word ("overtime", "take-home").
func ordinaryWords(w string) bool {
	for _, p := range strings.Split(w, "-") {
		if !isDictWord(p) {
			return false
		}
	}
	return true
}

// siteDomains end a name written as a company's own web address.
var siteDomains = set("com io ai co app")

// siteName reports whether a name is one word written as a company's own
// web address with a capital, no path after it ("Apollo.io", "Teamwork.com"):
// the name a company trades under, which no ordinary word or feature is.
func siteName(name string) bool {
	if strings.ContainsAny(name, " /") || !capitalized(name) {
		return false
	}
	i := strings.LastIndexByte(name, '.')
	return i > 1 && isLetters(name[:i]) && inSet(siteDomains, name[i+1:])
}

// retailNouns after a name make it a chain whose shops or network a reader
// can walk into: "cash deposits at CVS stores", "Green Dot retail
// locations", "the Green Dot network".
var retailNouns = set("store stores location locations retail branch branches outlet outlets network")

// retailName reports whether run r, before retailNouns, is a chain's name:
// not one ordinary word, which forms a kind with the noun ("the Guest
// network"), unless a proper noun or listed; not one store of a kind after "a" or "an" ("a DTC store"), nor capitals
// that spell an ordinary word ("an online POD store": an abbreviation of
// a kind of shop), not an ordinary word whose capital only opens a clause after a
// colon ("- **No Git workflow:** Linking branches…"), and no kind of
// product ("ATM network"), trade ("B2B stores"), place ("Texas locations")
// or technology ("Wi-Fi network").
func retailName(ws []proseWord, r nameRun) bool {
	p := ws[r.from-1]
	if strings.EqualFold(p.text, "a") || strings.EqualFold(p.text, "an") || p.stop && !notCommon(r.text) {
		return false
	}
	name := r.text
	if allUpper(name) && isDictWord(name) {
		return false
	}
	if !strings.Contains(name, " ") && !allUpper(name) && !notCommon(name) && !listedWord(name) {
		// one ordinary word forms a kind of network or shop with the noun
		// ("the Guest network", "the Downtown locations")
		return false
	}
	return !inSet(categoryAcronyms, name) && !tradeTerm(name) && !specName(name) && !isPlace(name) && !isPlaceName(name)
}

// ownerName reports whether run r is one word, no ordinary word, place or
// person, written as the owner of what follows ("Atlassian's tracker",
// "took over Metromile's customers"): what a company owns names it.
func ownerName(ws []proseWord, r nameRun) bool {
	if r.to-r.from != 1 || !possessive(r.text) || ws[r.from].stop || personName(ws, r) {
		return false
	}
	name := strings.TrimSuffix(strings.TrimSuffix(r.text, "'s"), "’s")
	return (distinctive(name) || listedProperHead(name)) && !isPlaceName(name)
}

// distinctive reports whether a name has a word that is no ordinary English
// word in lowercase ("Klaviyo", "Jira", "PayPal"; not "Screen Time").
func distinctive(name string) bool {
	for rest := name; rest != ""; {
		var w string
		w, rest, _ = strings.Cut(rest, " ")
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		if len(w) > 1 && !isDictWord(w) && !lowerIn(stopWords, w) && !isNumeric(w) && strings.ToUpper(w) != w {
			return true
		}
	}
	return false
}

// appositives after a name and a comma say it is a company: "Anker, its
// parent company, …", "Amer Sports, the owner of …".
var appositives = phraseWords("its parent company", "the parent company", "its parent", "its owner",
	"the owner of", "the maker of", "the company behind", "a subsidiary of", "the brand behind")

// appositiveCompany reports whether run r is followed by a comma and an
// appositive that says it is a company.
func appositiveCompany(ws []proseWord, r nameRun) bool {
	if r.to >= len(ws) || !ws[r.to-1].comma {
		return false
	}
	for _, ps := range appositives {
		if r.to+len(ps) > len(ws) {
			continue
		}
		ok := true
		for k, w := range ps {
			if !strings.EqualFold(ws[r.to+k].text, w) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// acronymName reports a name of three to five capitals that is no word and
// no acronym of a kind of product or a technology ("USAA", "JBL"; not "ANC",
// "FDIC", "GPS").
func acronymName(name string) bool {
	if len(name) < 3 || len(name) > 5 || inSet(categoryAcronyms, name) || hasReading(name) {
		return false
	}
	for i := 0; i < len(name); i++ {
		if name[i] < 'A' || name[i] > 'Z' {
			return false
		}
	}
	return true
}

// companyNouns end a company's name: "Hawaiian Airlines", "Topo Athletic".
var companyNouns = set(`airlines airways bank insurance labs laboratories technologies motors
	inc corp corporation llc ltd group holdings brands athletic outfitters apparel
	electronics software systems studios games foods pharmaceuticals financial
	co-op cooperative mountaineering equipment gear`)

// companyName reports a name of several words whose last is a company noun,
// one of them no ordinary word ("Hawaiian Airlines", "Topo Athletic"; not
// "Federal Reserve Bank").
func companyName(name string) bool {
	i := strings.LastIndexByte(name, ' ')
	return i > 0 && inSet(companyNouns, name[i+1:]) && notCommon(name[:i])
}

// pastTenseFollows reports whether the word after x is a verb in the past
// tense ("PlanetScale dropped its free tier"): a word of the word list ending
// in "ed" whose stem is a word too ("drop", "raise", "launch").
func pastTenseFollows(s string, x match) bool {
	w := nextWord(s, x)
	if len(w) < 4 || !strings.HasSuffix(w, "ed") || !isDictWord(w) {
		return false
	}
	stem := w[:len(w)-2]
	return isDictWord(stem) || isDictWord(stem+"e") || len(stem) > 2 && stem[len(stem)-1] == stem[len(stem)-2] && isDictWord(stem[:len(stem)-1])
}

// coined reports whether a name has a word that no dictionary knows, as an
// ordinary word or a proper noun ("Gaggia", "Strava", "GitHub"; not
// "Oregon", "Washington", "Neon"), apart from capitals ("CRM").
func coined(name string) bool {
	for rest := name; rest != ""; {
		var w string
		w, rest, _ = strings.Cut(rest, " ")
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		if len(w) > 1 && !hasReading(w) && !isNumeric(w) && !allUpper(w) {
			return true
		}
	}
	return false
}

// allUpper reports a word with no small ASCII letter ("CRM", "AT&T").
func allUpper(w string) bool {
	for i := 0; i < len(w); i++ {
		if 'a' <= w[i] && w[i] <= 'z' {
			return false
		}
	}
	return true
}

// titles before a name make it a person's: "Dr. Dre", "Mr. Smith".
var titles = set("dr mr mrs ms sir dame prof")

// personName reports whether run e of a sentence reads as a person's name: a
// title before it or in it, or a first name of the word list before another
// word that is no ordinary word or number ("Jimmy Iovine"; not "Microsoft
// Teams", "Google Workspace", "Microsoft 365").
func personName(ws []proseWord, e nameRun) bool {
	if e.from > 0 && inSet(titles, ws[e.from-1].text) || inSet(titles, ws[e.from].text) {
		return true
	}
	if e.to-e.from != 2 {
		return false
	}
	first, last := ws[e.from].text, ws[e.from+1].text
	return isProperNoun(first) && !isDictWord(first) && !coined(first) && !plainWord(last) && !isNumeric(last)
}

// notCommon reports whether a name has a word that is no ordinary English word
// in lowercase, or is a proper noun ("Zendesk", "Google Drive", "Help Scout";
// not "Screen Time", "Key Features").
func notCommon(name string) bool {
	for rest := name; rest != ""; {
		var w string
		w, rest, _ = strings.Cut(rest, " ")
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		if len(w) > 1 && !lowerIn(stopWords, w) && !isNumeric(w) && strings.ToUpper(w) != w &&
			(!isDictWord(w) || isProperNoun(w)) {
			return true
		}
	}
	return false
}

// plainWord reports whether a name is one ordinary English word and no proper
// noun ("Savings", "Payments").
func plainWord(name string) bool {
	return !strings.Contains(name, " ") && isDictWord(name) && !isProperNoun(name)
}

// isPlaceName reports whether a name reads as a place's or an institution's: a
// noun of places after a word ("Columbia University", "Columbia River"), or a
// direction before a proper noun ("British Columbia", "New York"; not "New
// Balance").
func isPlaceName(name string) bool {
	ws := strings.Fields(name)
	if len(ws) < 2 {
		return false
	}
	if lowerIn(placeNouns, ws[len(ws)-1]) {
		return true
	}
	return len(ws) == 2 && placePrefixes[ws[0]] && isProperNoun(ws[1]) && !isDictWord(ws[1])
}

// nameRunsOn reports whether run r goes on across a small word in small
// letters to a capital ("Circle to Search", "Square for Restaurants"): the
// run is the start of a longer name, not a name of its own.
func nameRunsOn(ws []proseWord, r nameRun) bool {
	if r.to+1 >= len(ws) || ws[r.to-1].comma || ws[r.to-1].stop || ws[r.to].comma || ws[r.to].stop {
		return false
	}
	w := ws[r.to].text
	return w != "and" && w != "or" && w != "nor" && len(w) <= 3 && !capitalized(w) && capitalized(ws[r.to+1].text)
}

// madeOf are the words before "from" that make what follows a material:
// "made from Dyneema".
var madeOf = set("made built woven cut sewn crafted constructed")

// coinedFrom reports whether run r, a name no dictionary knows, follows
// "from" as the source of data, contacts or a product ("contacts from
// LinkedIn", "tasks from Todoist"), not as a material ("made from Dyneema")
// or as the source of a rating ("rankings from DxOMark", citedAsSource's).
func coinedFrom(ws []proseWord, r nameRun) bool {
	if !strings.EqualFold(ws[r.from-1].text, "from") || ws[r.from-1].comma || ws[r.from-1].stop {
		return false
	}
	before := strings.ToLower(ws[r.from-2].text)
	if madeOf[before] || inSet(sourceAfter, before) {
		return false
	}
	return coined(r.text) && !specName(r.text) && !nameRunsOn(ws, r)
}

// passWords before a name make it the service a thing passes through:
// "print-on-demand through Printful", "screen applicants via ChexSystems".
var passWords = set("through via")

// coinedThrough reports whether run r is one word no dictionary knows after
// "through" or "via", the service a thing passes through ("print-on-demand
// through Printful"), not a brand's feature of joined ordinary words
// ("advances through ExtraCash"; featureShaped), a technology opening
// with an acronym's two capitals ("sign in through OAuth") or a plural
// with no capital inside, a kind of thing ("data flows via Webhooks").
func coinedThrough(ws []proseWord, r nameRun) bool {
	p := ws[r.from-1]
	if r.to-r.from != 1 || !lowerIn(passWords, p.text) || p.comma || p.stop {
		return false
	}
	name := strings.TrimSuffix(strings.TrimSuffix(r.text, "'s"), "’s")
	if len(name) > 1 && unicode.IsUpper(rune(name[0])) && unicode.IsUpper(rune(name[1])) ||
		strings.HasSuffix(name, "s") && !innerCapital(name) {
		return false
	}
	return coined(name) && !featureShaped(name) && !builtOfWords(name) && !specName(name) && !nameRunsOn(ws, r)
}

// wordSuffixes derive an ordinary word from another: "reservable",
// "paperlessly", "autopayment".
var wordSuffixes = []string{"able", "ible", "less", "ness", "ment", "ly", "ish"}

// wordPrefixes of degree derive a word from another: "ultralight".
var wordPrefixes = []string{"ultra", "multi", "semi", "hyper"}

// builtOfWords reports whether a word with no capital after its first
// letter, off the brand list, is made of ordinary words: derived from one
// (derivedWord) or two joined ("Handoff", "Gravityflow"). After "through"
// it names a feature, where a coined name has a part no dictionary knows
// ("Printful", "Zorvique").
func builtOfWords(name string) bool {
	if derivedWord(name) {
		return true
	}
	if !lowerTailWord(name) {
		return false
	}
	w := strings.ToLower(name)
	for i := 3; i <= len(w)-3; i++ {
		if isDictWord(w[:i]) && isDictWord(w[i:]) {
			return true
		}
	}
	return false
}

// derivedWord reports whether a word with no capital after its first
// letter, off the brand list and no ordinary word itself, is one with a
// suffix or a prefix of degree that derives a word from it ("Reservable",
// "Paperlessly", "Frameless", "Ultralight"): it describes, where a brand
// made of two words ("Harborline") names.
func derivedWord(name string) bool {
	w := strings.ToLower(name)
	return lowerTailWord(name) && !isDictWord(w) && derivedFrom(w, 2)
}

// lowerTailWord reports a word of six letters or more in small letters after
// its capital that the brand list lacks ("Handoff"; not "Dropbox").
func lowerTailWord(name string) bool {
	return len(name) >= 6 && strings.ToLower(name[1:]) == name[1:] && !brandList()[fold(name)]
}

// derivedFrom reports whether a lowercase word is an ordinary word, or,
// within depth steps, one with a suffix of wordSuffixes or a prefix of
// wordPrefixes.
func derivedFrom(w string, depth int) bool {
	if isDictWord(w) {
		return true
	}
	if depth == 0 {
		return false
	}
	for _, suf := range wordSuffixes {
		if stem, ok := strings.CutSuffix(w, suf); ok && len(stem) >= 3 &&
			(derivedFrom(stem, depth-1) || isDictWord(stem+"e")) {
			return true
		}
	}
	for _, pre := range wordPrefixes {
		if rest, ok := strings.CutPrefix(w, pre); ok && len(rest) >= 3 && derivedFrom(rest, depth-1) {
			return true
		}
	}
	return false
}

// namesFrom reports whether run r, a name of two words or more with
// capitals, follows "from" after a word in small letters that is no word
// of making or of rating ("a tent from Big Agnes", "a quote from Healthy
// Paws"; not "made from Recycled Nylon", "ratings from Consumer Reports"):
// the maker or seller of what comes before it. A name of ordinary words
// only needs goods before "from" (productNouns, goodsFrom): "a text from
// Fraud Alerts" is the brand's feature.
func namesFrom(ws []proseWord, r nameRun) bool {
	if r.to-r.from < 2 || !strings.EqualFold(ws[r.from-1].text, "from") || ws[r.from-1].comma || ws[r.from-1].stop {
		return false
	}
	before := ws[r.from-2]
	if before.comma || before.stop || capitalized(before.text) {
		return false
	}
	b := strings.ToLower(before.text)
	if madeOf[b] || inSet(sourceAfter, b) || specName(r.text) || nameRunsOn(ws, r) {
		return false
	}
	if productNouns[b] || goodsFrom[b] {
		return true
	}
	for _, w := range ws[r.from:r.to] {
		if !isDictWord(strings.ToLower(w.text)) {
			return true
		}
	}
	return false // ordinary words only, after no goods: a feature ("a text from Fraud Alerts")
}

// goodsFrom are things bought or ordered from a seller, beside productNouns,
// that make a name of ordinary words after "from" the seller: "a quilt from
// Grey Heron Works", "a quote from Healthy Paws", and "one" standing for
// goods named before it ("a bag from Acme and one from Grey Heron Works").
var goodsFrom = set(`bag bags order orders quilt quilts quote quotes boot boots
	bottle bottles stove stoves one`)

// pluralVerbs follow names joined as the subject of their sentence: "Chase
// and Citi offer", "Allstate and Farmers have", "Marker and ATK also make".
var pluralVerbs = set(`are were have offer make provide include charge support sell write
	file run rank remain both also all each tend`)

// listSubject reports whether list opens the sentence text, is followed by a
// plural verb, and has a name that no dictionary knows or that the brand
// list holds, or is followed by "are" and a word that weighs its names as
// things to buy (pickedAfter).
func listSubject(text string, ws []proseWord, list []nameRun) bool {
	afterColon := list[0].from != 0 && ws[list[0].from-1].colon
	if list[0].from != 0 && !ws[list[0].from-1].semi && !afterColon || len(list) < 2 {
		// a sentence opens with it, or a clause after a semicolon, or
		// after a colon ("Other options: Marker and ATK also make")
		return false
	}
	last := list[len(list)-1]
	verb := last.to
	if !ws[last.to-1].comma && !ws[last.to-1].stop {
		// "Brooks and New Balance stability models are": the makers of
		// the goods, one word in small letters before their noun
		if verb+1 < len(ws) && goodsWord(ws[verb]) {
			verb++
		} else if verb+2 < len(ws) && isLowerWord(ws[verb].text) && !ws[verb].comma && !ws[verb].stop && goodsWord(ws[verb+1]) {
			verb += 2
		}
	}
	if verb >= len(ws) || ws[verb-1].comma || ws[verb-1].stop || !lowerIn(pluralVerbs, ws[verb].text) {
		return false
	}
	// materials, technologies and kinds of account are weighed as brands
	// are ("Merino and Polyester are popular", "Roth and Traditional are
	// both worth a look", "Python and JavaScript are popular"): a list with
	// one of them is none of brands
	// after a colon, a plural of an ordinary word is a feature the label
	// announces ("**Coda**: Packs and Automations run on a schedule")
	for _, e := range list {
		if specName(e.text) || materialName(e.text) || lowerIn(languageWords, e.text) || afterColon && pluralWord(e.text) {
			return false
		}
	}
	// before a noun of goods a word made of ordinary words is a kind of
	// them ("Midrange and Flagship models"), no coined name
	kinds := verb != last.to
	for _, e := range list {
		if coined(e.text) && !(kinds && builtOfWords(e.text)) || listedBrand(e.text) || acronymName(e.text) {
			return true
		}
	}
	// ordinary words before a noun of goods are kinds of the goods, which
	// words of picking weigh as they weigh brands ("Refurbished and
	// Certified phones are worth a look"): only a name above counts there
	return verb == last.to && pickedAfter(ws, verb)
}

// goodsWord reports a plural noun of what a brand sells, in small letters
// ("packs", "poles"): names right before it are its makers.
func goodsWord(w proseWord) bool {
	return !w.comma && !w.stop && isGoods(w.text)
}

// isGoods reports a plural noun of what a brand sells ("packs", "socks").
func isGoods(w string) bool {
	return strings.HasSuffix(w, "s") && (productNouns[w] || goodsFrom[w])
}

// goodsVerbFollows reports whether a plural noun of goods and a verb with
// them for its subject follow x ("Gregory packs are a good alternative"):
// the name opening the sentence is the goods' maker. A word derived from
// an ordinary word describes the goods instead ("Ultralight packs are
// lighter"; derivedWord).
func goodsVerbFollows(s string, x match) bool {
	w := nextWord(s, x)
	if !isGoods(w) || derivedWord(s[x.start:x.end]) {
		return false
	}
	x.end += 1 + len(w)
	return lowerIn(pluralVerbs, nextWord(s, x))
}

// languageWords are programming languages: technologies a product is built
// with, not brands ("Python and JavaScript are popular choices").
var languageWords = set(`python javascript typescript java ruby rust php perl kotlin swift
	scala haskell elixir erlang golang lua julia fortran cobol`)

// pickAdverbs may stand between "are" and what it says of names that open a
// sentence: "Kin and Openly are also worth a quote".
var pickAdverbs = set("also both often too still")

// pickWords, after "are", say the names before it are things to buy or to
// weigh against each other: "… are worth comparing", "… are also popular
// for consolidation", "… are other popular apps", "… are alternatives".
// What a feature is said to be ("Call Screen and Magic Eraser are useful")
// is no such word.
var pickWords = set("worth popular alternatives options other contenders")

// pickedAfter reports whether the words from i are "are", at most two
// pickAdverbs and one of pickWords.
func pickedAfter(ws []proseWord, i int) bool {
	if i >= len(ws) || !strings.EqualFold(ws[i].text, "are") || ws[i].stop || ws[i].comma {
		return false
	}
	for k := i + 1; k < len(ws) && k <= i+3; k++ {
		w := strings.ToLower(ws[k].text)
		if pickWords[w] {
			return true
		}
		if !pickAdverbs[w] || ws[k].stop || ws[k].comma {
			return false
		}
	}
	return false
}

// rivalList reports whether list, two names or more, follows a cue of
// comparison (comparePhrases: "compete with", "compared with", "unlike")
// and each of its names reads as a product's: no plural ("Payments"), no
// plan's or model's word ("than Basic and Plus"), no place and no
// technology ("unlike iOS and Android"). Names compared together with the
// subject are its rivals, ordinary words too ("compete with Toast and
// Clover").
func rivalList(ws []proseWord, list []nameRun) bool {
	if len(list) < 2 || list[0].from < 2 || !wordsBefore(ws, list[0].from, comparePhrases) {
		return false
	}
	// after "than" or "unlike" a trait is compared as often as a rival
	// ("cheaper than Gold and Platinum", "warmer than Merino and Fleece"):
	// a name that is no ordinary word, or a listed one, must show brands
	cue := strings.ToLower(ws[list[0].from-1].text)
	trait := cue == "than" || cue == "unlike"
	for _, e := range list {
		if !rivalName(e.text) || trait && materialName(e.text) {
			return false
		}
		if notCommon(e.text) || listedWord(e.text) {
			trait = false
		}
	}
	return !trait
}

// materialWords name what a product is made of, a grade of plan or a kind
// of retirement account or life policy, not a brand: "warmer than Merino
// and Fleece", "cheaper than Gold and Platinum", "Roth and Traditional".
var materialWords = set(`merino wool fleece polyester nylon cotton down leather canvas silk
	cashmere linen denim polypropylene acrylic gold platinum silver bronze titanium
	diamond steel aluminum aluminium carbon roth traditional term whole universal`)

// materialName reports whether a name has a word of materialWords.
func materialName(name string) bool {
	for _, w := range strings.Fields(name) {
		if inSet(materialWords, w) {
			return true
		}
	}
	return false
}

// rivalName reports whether a name of a list compared with the subject reads
// as a product's (rivalList).
func rivalName(name string) bool {
	if specName(name) || isPlace(name) || isPlaceName(name) || openStandard(name) {
		return false
	}
	for _, w := range strings.Fields(name) {
		if inSet(planWords, w) || inSet(modelWords, w) || plainWord(w) && pluralWord(w) {
			return false
		}
	}
	return true
}

// citationEnd returns where a citation marker written onto the end of a
// word ("Atlassian[2", its "]" trimmed, or "Clover[3][4") begins, or
// len(w) when there is none.
func citationEnd(w string) int {
	i := strings.IndexByte(w, '[')
	if i <= 0 {
		return len(w)
	}
	for _, c := range w[i:] {
		if c != '[' && c != ']' && (c < '0' || c > '9') {
			return len(w)
		}
	}
	return i
}

// cuedPair reports whether list is two names after a cue of use or
// comparison (cuedList), one of them, and only one, a word no dictionary
// knows (ofCoined): "teams already using Salesloft or Outreach".
func cuedPair(ws []proseWord, list []nameRun, ofCoined int) bool {
	return len(list) == 2 && ofCoined == 1 && cuedList(ws, list)
}

// cuedList reports whether a cue that a product follows stands before the
// first name of a list (usePhrases, meansPhrases, comparePhrases): the list
// is the cue's object, every name of it.
func cuedList(ws []proseWord, list []nameRun) bool {
	from := list[0].from
	return from > 0 && (wordsBefore(ws, from, usePhrases) || wordsBefore(ws, from, meansPhrases) || onPlatform(ws, from)) || from > 1 && wordsBefore(ws, from, comparePhrases) ||
		sentTo(ws, from)
}

// channelWords say that data or goods go out to a product: "connects
// directly to Amazon", "syncs listings to Amazon", "native ties to Slack",
// "notifications to Slack", "multichannel selling to Amazon".
var channelWords = set(`connects connect connected connecting syncs sync synced syncing ties links
	posts pushes sends exports notifications alerts selling sells listings publishes`)

// sentTo reports whether word i follows "to" after a word of channelWords,
// at most two words of small letters before it and in the same clause
// ("connects directly to", "syncs listings to"): the name after it is
// where data or goods go, a product, where "to" alone names ports and
// places as often ("USB-C to Lightning", "connects USB-C to Lightning").
func sentTo(ws []proseWord, i int) bool {
	if i < 2 || !strings.EqualFold(ws[i-1].text, "to") || ws[i-1].comma || ws[i-1].stop {
		return false
	}
	for k := i - 2; k >= 0 && k >= i-4; k-- {
		w := ws[k]
		if w.comma || w.stop || w.semi {
			return false
		}
		if lowerIn(channelWords, w.text) {
			return true
		}
		if !isLowerWord(w.text) {
			// "connects USB-C to Lightning": what is connected is named,
			// and "to" joins two of a kind, ports as often as products
			return false
		}
	}
	return false
}

// isLowerWord reports a word of small letters only ("directly", "listings").
func isLowerWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return w != ""
}

// onPlatform reports whether word i follows "on" where what is sold, run or
// used stands on a product ("sell on Amazon", "runs on Stripe", "if your
// team is on Outlook"), not after a plural noun, where "on" names the
// platform a thing happens on ("quirks on Arm", "problems on Linux").
func onPlatform(ws []proseWord, i int) bool {
	if i < 2 || ws[i-1].text != "on" || ws[i-1].comma || ws[i-1].stop {
		return false
	}
	p := ws[i-2]
	return !p.comma && !p.stop && !pluralWord(p.text)
}

// hyphenSuffixes joined to a name make a word of it that is no part of the
// name: "Twilio-based", "Slack-style", "Shopify-focused".
var hyphenSuffixes = set(`based style like grade focused friendly first heavy native only specific
	owned backed made tuned powered built designed branded compatible certified approved`)

// hyphenPrefix reports whether the word before a hyphen is a prefix of
// two letters, no acronym ("Co-tuned", "Re-designed"): the hyphen joins
// one word, and no name ends there ("LG-tuned" does).
func hyphenPrefix(w string) bool {
	return len(w) <= 2 && !allUpper(w)
}

// makerSuffixes say the name before them made, tuned or owns what follows:
// "Hasselblad-tuned cameras", "the Amazon-owned Blink".
var makerSuffixes = set("owned backed made tuned powered built designed branded")

// cutLastHyphen splits s around its last hyphen.
func cutLastHyphen(s string) (before, after string, found bool) {
	if i := strings.LastIndexByte(s, '-'); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

// makerName returns the name that a participle joined by a hyphen makes a
// maker of (makerSuffixes): the last word of the run, or the words from the
// first that is no ordinary word, when no ordinary word or a listed one.
func makerName(ws []proseWord, r nameRun) string {
	from := r.from
	for from < r.to-1 && plainWord(ws[from].text) {
		from++
	}
	parts := make([]string, 0, r.to-from)
	for _, w := range ws[from:r.to] {
		parts = append(parts, w.text)
	}
	name := strings.Join(parts, " ")
	if notCommon(name) || listedWord(name) {
		return name
	}
	return ""
}

// purposeRuns counts the names of a sentence each followed by "for" and
// its purpose ("Slack for chat, Loom for async video, and Google Drive for
// files"), passing each to add when add is not nil, or returns 0 unless
// every one of them is a brand of the list, one ordinary word of it or a
// word no dictionary knows, and none a plan's word ("Plus for teams"); a
// verb of advice that opens the sentence is no part of its name ("Use Slack
// for quick decisions").
func purposeRuns(ws []proseWord, runs []nameRun, add func(string)) int {
	n := 0
	opening := "" // the name that opens the sentence, with no verb before it
	for _, r := range runs {
		if r.to >= len(ws) || ws[r.to-1].comma || ws[r.to-1].stop || !strings.EqualFold(ws[r.to].text, "for") {
			continue
		}
		name := r.text
		if r.from == 0 {
			first, rest, ok := strings.Cut(name, " ")
			if !ok || !lowerIn(leadVerbs, first) {
				opening = strings.TrimSuffix(strings.TrimSuffix(name, "'s"), "’s")
				continue
			}
			name = rest
		}
		name = strings.TrimSuffix(strings.TrimSuffix(name, "'s"), "’s")
		if !purposeName(name) {
			return 0
		}
		if add != nil {
			add(name)
		}
		n++
	}
	if n >= 2 && opening != "" && purposeName(opening) {
		// "Slack for chat, Loom for async video, and Google Drive for
		// files": beside two names given their purposes inside the
		// sentence, the one opening it is one of them
		if add != nil {
			add(opening)
		}
		n++
	}
	return n
}

// purposeName reports whether a name given its purpose after "for" reads
// as a product's: a brand of the list, one ordinary word of it or a word no
// dictionary knows, and no plan's or model's word ("Plus for teams") and
// no technology or programming language ("Python for scripts").
func purposeName(name string) bool {
	return !inSet(planWords, name) && !inSet(modelWords, name) && !lowerIn(languageWords, name) && !specName(name) &&
		(listedBrand(name) || listedWord(name) || coined(name))
}

// listedIssued reports whether run r is one ordinary word that the brand
// list holds, written with its capital inside a sentence before a noun of
// what a company issues or runs for its customers (issuedNouns), or a kind
// before a card, an account or a policy (coverNouns): "a Visa debit card",
// "the Visa network", "the Amazon store", "a Notion template". A word that
// only stresses a thing is no such owner ("a Flat fee", "the Beta jacket").
func listedIssued(ws []proseWord, r nameRun) bool {
	if r.to-r.from != 1 || r.to >= len(ws) || possessive(r.text) || ws[r.from].comma || ws[r.from].stop {
		return false
	}
	w := ws[r.to]
	if clientNouns[w.text] {
		// "Apple users", "Apple devices": the people and the goods of a
		// maker, a brand of the list that opens three names of it or more
		// (its line of products); an ordinary word with no reading as a
		// name forms a kind of user with it ("Power users"), and a town
		// or a person's name on the list opens fewer ("Phoenix customers",
		// "Hudson customers")
		f := fold(r.text)
		return brandList()[f] && familyHeads()[f] >= 3 && notCommon(r.text) && !isPlace(r.text)
	}
	if !issuedNouns[w.text] && (w.comma || w.stop || r.to+1 >= len(ws) || !coverNouns[ws[r.to+1].text]) {
		return false
	}
	// an ordinary word with no reading as a name forms a kind of card with
	// it ("a Smart card", as "a gift card"): before a card only a proper
	// noun or a word no dictionary knows shows the issuer ("a Visa card")
	card := w.text == "card" || w.text == "cards"
	return listedWord(r.text) && (!card || notCommon(r.text))
}

// byOwner reports whether run r follows "by" opening a parenthesis, the
// owner or maker of the name before it ("**Chorus** (by ZoomInfo)"): a
// name with a word no dictionary knows or a proper noun, and no person's,
// that punctuation ends: one joined to more by "and" or "or" is a
// breakdown ("(by Rep and Hour)", as "by country and region").
func byOwner(ws []proseWord, r nameRun) bool {
	b, last := ws[r.from-1], ws[r.to-1]
	return b.open && !b.comma && !b.stop && strings.EqualFold(b.text, "by") && (last.stop || last.comma) &&
		notCommon(r.text) && !personName(ws, r)
}

// lastWordRun returns the last word of run r as a run of its own.
func lastWordRun(ws []proseWord, r nameRun) nameRun {
	return nameRun{from: r.to - 1, to: r.to, text: ws[r.to-1].text}
}

// issuedNouns name what a company issues or runs for its customers: after a
// brand's name they make it the owner ("a Visa card", "the Amazon store",
// "Allpoint ATMs").
var issuedNouns = set("card cards network store template templates database databases atm atms")

// clientNouns name a company's customers and the goods they hold: after a
// brand's name that is a proper noun or no ordinary word they make it the
// company ("Apple users", "Apple devices", "Chase customers").
var clientNouns = set("users customers devices")

// smallCapital reports a word written with a small first letter and a
// capital after it ("eBay", "iCloud"), whose spelling carries its capital.
func smallCapital(w string) bool {
	return len(w) >= 3 && 'a' <= w[0] && w[0] <= 'z' && 'A' <= w[1] && w[1] <= 'Z'
}

// smallCapListed reports a word of the brand list written with a small
// first letter and a capital after it ("eBay", "iCloud"), possessive cut:
// it may open a name as a capital does. An operating system ("iOS",
// "iPadOS"; techTerms) is a platform, no brand.
func smallCapListed(w string) bool {
	if !smallCapital(w) {
		return false
	}
	w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
	return !lowerIn(techTerms, w) && brandList()[fold(w)]
}

// smallCapitalRun reports a run that opens with a word of small first
// letter (smallCapListed): such a name counts only after a cue or joined to
// a name found, since the list holds a brand's features spelt so
// ("iMessage"); it is no evidence for the names beside it either.
func smallCapitalRun(r nameRun) bool {
	return smallCapital(r.text)
}

// smallCapitalIn reports whether a sentence has a word written with a small
// first letter and a capital after it that the brand list holds
// (smallCapListed).
func smallCapitalIn(text string) bool {
	for i := 0; i+2 < len(text); i++ {
		if 'a' <= text[i] && text[i] <= 'z' && 'A' <= text[i+1] && text[i+1] <= 'Z' && (i == 0 || !isWordRune(rune(text[i-1]))) {
			end := i + strings.IndexFunc(text[i:]+" ", func(r rune) bool { return !isWordRune(r) })
			if smallCapListed(text[i:end]) {
				return true
			}
		}
	}
	return false
}

// techExampleNouns name features and building blocks of software, not
// kinds of business: names of small first letter given as their examples
// are technologies or features ("frameworks like jQuery and tRPC",
// "features such as iMessage").
var techExampleNouns = set("feature features framework frameworks library libraries " +
	"technology technologies protocol protocols standard standards perks extras")

// techExamples reports whether the words before word i are "like" or "such
// as" after a noun of techExampleNouns.
func techExamples(ws []proseWord, i int) bool {
	j := exampleNoun(ws, i)
	return j >= 0 && lowerIn(techExampleNouns, ws[j].text)
}

// techRun reports a run that is a technology or standard (techTerms,
// categoryAcronyms): the names of small first letter beside it are
// technologies too ("iBeacon and NFC").
func techRun(r nameRun) bool {
	w := strings.ToLower(r.text)
	return techTerms[w] || categoryAcronyms[w]
}

// techBeside reports whether a run one word from r ("and", "or") is a
// technology (techRun).
func techBeside(runs []nameRun, r nameRun) bool {
	for _, e := range runs {
		if (e.from == r.to+1 || e.to+1 == r.from) && techRun(e) {
			return true
		}
	}
	return false
}

// makerSchemes are the small first letters a maker spells its line with
// ("iCloud", "iMessage" of Apple): with the maker tracked, such names are
// its products, not brands beside it.
var makerSchemes = map[string]byte{"apple": 'i'}

// trackedSchemes returns the small first letters of the tracked names of
// the answer written with a small first letter and a capital after it
// ("iPhone"), and of the schemes of tracked makers (makerSchemes): names
// spelt the same way ("iCloud", "iMessage") are that brand's line, as a
// reader takes them.
func trackedSchemes(answer string, tracked []match, names []string) [256]bool {
	var out [256]bool
	for _, n := range names {
		if c, ok := makerSchemes[fold(n)]; ok {
			out[c] = true
		}
	}
	for _, t := range tracked {
		if w := answer[t.start:t.end]; smallCapital(w) || len(w) == 2 && 'a' <= w[0] && w[0] <= 'z' && 'A' <= w[1] && w[1] <= 'Z' {
			out[w[0]] = true
		}
	}
	return out
}

// othersName reports whether run r is a name that others of its kind
// follow (othersFollow): no ordinary word, or one of the brand list, or an
// acronym that names no kind of product, and no place or person.
func othersName(ws []proseWord, r nameRun) bool {
	return othersFollow(ws, r) && (notCommon(r.text) || listedWord(r.text) || acronymName(r.text)) && !isPlace(r.text) && !personName(ws, r)
}

// othersFollow reports whether run r is followed by "and others", "or
// others", or "and other", "or another" before a noun of a kind of
// business within three words ("Geico and others", "Chase and other big
// banks", "Stripe or another supported provider"): the name is one of a
// kind of business, where "Summit and other peaks" is not.
func othersFollow(ws []proseWord, r nameRun) bool {
	if r.to+1 >= len(ws) || possessive(r.text) {
		return false
	}
	if j := ws[r.to-1]; j.comma || j.stop || j.semi {
		return false
	}
	if c := ws[r.to]; c.comma || c.stop || c.text != "and" && c.text != "or" {
		return false
	}
	switch o := ws[r.to+1]; o.text {
	case "others":
		return true
	case "other", "another":
		for k := r.to + 2; k < len(ws) && k <= r.to+4; k++ {
			if lowerIn(businessNouns, ws[k].text) {
				return true
			}
			if ws[k].comma || ws[k].stop || ws[k].semi {
				break
			}
		}
	}
	return false
}

// likeSuffixes joined to a name by a hyphen make it what a product is
// likened to, measured by or built around: "Notion-like", "Slack-style",
// "Google-centric", "Zendesk-level".
var likeSuffixes = set("like style centric level focused first friendly specific compatible heavy only")

// likeName reports whether a name that a word of likeSuffixes follows,
// inside a sentence, is a product's: one word, no ordinary word, or one of
// the brand list, and no plan's or model's word ("Plus-level", "Pro-level"
// name a tier) and no place ("US-based", "California-based").
func likeName(name string) bool {
	if strings.Contains(name, " ") || inSet(planWords, name) || inSet(modelWords, name) || isPlace(name) || allUpper(name) {
		return false
	}
	return distinctive(name) || listedProperHead(name) || listedWord(name)
}

// figureName reports a word of the brand list that opens with a figure
// joined to a word with a capital and small letters ("7-Eleven",
// "1Password"): a name, where a figure with a unit or a capital alone is a
// specification ("5G", "4K", "3M").
func figureName(w string) bool {
	if w == "" || w[0] < '0' || w[0] > '9' {
		return false
	}
	i := 0
	for i < len(w) && '0' <= w[i] && w[i] <= '9' {
		i++
	}
	if i < len(w) && w[i] == '-' {
		i++
	}
	if i+1 >= len(w) || w[i] < 'A' || w[i] > 'Z' || w[i+1] < 'a' || w[i+1] > 'z' {
		return false
	}
	return brandList()[fold(strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"))]
}

// listedProductWord reports one ordinary word of the brand list that is no
// plan's or model's word ("Stripe"; not "Plus"): a product of its own
// beside another brand's product, where "Savings" of "SoFi Checking and
// Savings" goes on that product's name.
func listedProductWord(name string) bool {
	return listedWord(name) && !inSet(planWords, name) && !inSet(modelWords, name)
}

// numberedListed reports whether name is one word of the brand list that is
// no plan's or model's word (listedProductWord) and a number, the name a
// reader calls such a product by ("Things 3"; not "Plus 1").
func numberedListed(name string) bool {
	ws := strings.Fields(name)
	return numberAfter(ws, 1) && listedProductWord(ws[0])
}
