package analyze

import (
	_ "embed"
	"math"
	"strconv"
	"strings"
)

// Sentiment scores text from 0 (very negative) to 100 (very positive); 50 is neutral,
// including text with no opinion words (docs/ingest.md#sentiment).
//
// Words of a lexicon carry weights (VADER's, about -4 to +4, under a product
// lexicon of -3 to +3). A negator ("not", "no", "never", "without", "rarely",
// "lacks", any "n't") flips and damps the next three words ("not reliable",
// "isn't great", "no longer recommended"; "not bad" is mildly positive), up to
// the end of the clause; "not only" is not a negation; "less" turns only the
// next word, and a lack is a complaint of itself, as is a negated verb of
// having ("doesn't include") that turns no opinion, and "only" before a verb
// of what a product does. Intensifiers ("very",
// "extremely") and dampeners ("somewhat", "slightly") scale the next opinion
// word. After "but" or "however" the text before counts half and the text after
// one and a half times, since that is where the writer lands. The sum s maps to
// 50 + 50·s/√(s²+15), the normalization VADER uses, so scores never reach the ends.
func Sentiment(text string) float64 {
	return score(valence(text))
}

// score maps a sum of word weights to 0–100 as VADER does.
func score(total float64) float64 {
	return 50 + 50*total/math.Sqrt(total*total+15)
}

// valence is the sum of the weights of text's opinion words after negation,
// intensity and contrast (see Sentiment).
func valence(text string) float64 {
	var (
		tooNext bool // the word before was "too": "too basic" is a complaint
		total   float64
		negLeft int   // words still under a negation
		boost   = 1.0 // pending intensifier factor
		weight  = 1.0 // clause weight after "but"
		prevNot bool  // previous word was "not" (for "not only")
		lack    bool  // a negated having verb ("doesn't include"): a complaint unless an opinion is turned
		// a negation of the clause's verb ("not", "n't"), the weight it has
		// turned so far, and whether an article has come since: "isn't the
		// best choice" denies the writer's pick
		denial, denialArticle bool
		denied                float64
		// the negation was "no", a determiner: it turns its own noun
		// phrase only ("No fees and excellent support")
		noun bool
		// what the word before was, kept as flags so no word outlives its turn
		prevNeed, prevInTo, prevCount, prevComplaint, prevCopula bool
		// opening: no word yet since the text or a clause began, so a capital
		// is the sentence's, not a name's
		opening = true
		buf     [32]byte
	)
	// addWeighed adds a phrase's fixed weight v as a word's would be: with
	// the pending intensifier and the clause's weight, turned by a negation
	addWeighed := func(v float64) {
		v *= boost * weight
		if negLeft > 0 {
			v *= -0.75
		}
		total += v
		boost = 1
	}
	endLack := func() {
		if lack {
			total -= weight
			lack = false
		}
	}
	text = skipCondition(text)
	for i := 0; i < len(text); {
		c := text[i]
		if !isTokenByte(c) {
			if strings.IndexByte(".,;:!?()[]|\n", c) >= 0 || strings.HasPrefix(text[i:], "–") || strings.HasPrefix(text[i:], "—") {
				endLack()
				negLeft, boost, prevNot, tooNext = 0, 1, false, false
				opening = c != ','
			}
			i++
			continue
		}
		j := i
		n := 0
		for j < len(text) && isTokenByte(text[j]) {
			if n < len(buf) {
				b := text[j]
				if 'A' <= b && b <= 'Z' {
					b += 'a' - 'A'
				}
				buf[n] = b
				n++
			}
			j++
		}
		// Normalize a curly apostrophe (’ is 3 bytes: e2 80 99) inside a word.
		if j+3 < len(text) && text[j] == 0xe2 && text[j+1] == 0x80 && text[j+2] == 0x99 && isTokenByte(text[j+3]) {
			if n < len(buf)-1 {
				buf[n] = '\''
				n++
			}
			j += 3
			for j < len(text) && isTokenByte(text[j]) {
				if n < len(buf) {
					buf[n] = text[j] | 0x20
					n++
				}
				j++
			}
		}
		// A word written with a capital inside a sentence is part of a name
		// ("Triumph 22", "Fresh Foam", "the Secure plan"), not an opinion.
		// So is a capitalized word that a number or another capitalized word
		// follows, wherever it stands ("Smart Grinder Pro", "Triumph 22").
		named := 'A' <= c && c <= 'Z' && j-i > 1 && 'a' <= text[i+1] && text[i+1] <= 'z' &&
			(!opening || nameGoesOn(text[j:]))
		wasOpening := opening
		opening = false
		i = j
		if ws := wordStartOf(text, i); !wasOpening && crowdVerbs[string(buf[:n])] {
			if n := crowdChoiceAt(text[ws:]); n > 0 && crowdSubject(text[:ws]) {
				// "most teams start with Acme": the crowd's pick
				total += 2 * weight
				boost, negLeft = 1, 0
				i = ws + n
				continue
			}
		}
		if ws := wordStartOf(text, i); wasOpening || ws >= 2 && text[ws-2] == ',' && afterCondition(text[:ws]) {
			if n := imperativeAdviceAt(text[ws:]); n > 0 {
				// "go with Acme", "look at Acme or Globex": advice to the reader
				total += 2 * weight
				boost, negLeft = 1, 0
				i = ws + n
				continue
			}
		}
		if named {
			boost = 1
			continue
		}
		a := 0
		for a < n && (buf[a] == '\'' || buf[a] == '-') {
			a++
		}
		for n > a && (buf[n-1] == '\'' || buf[n-1] == '-') {
			n--
		}
		w := string(buf[a:n])
		if w == "" {
			continue
		}
		info := sentimentWords[w]
		known := info.weighed()
		if !known && strings.HasSuffix(w, "n't") {
			info, known = wordInfo{kind: negator, traits: info.traits}, true
		}
		afterNeed, afterInTo, afterCount, afterComplaint, afterCopula := prevNeed, prevInTo, prevCount, prevComplaint, prevCopula
		prevCopula = info.has(copulaWord) || strings.HasSuffix(w, "'s")
		prevComplaint = false
		if afterComplaint && speedWords[w] {
			// "gets expensive fast", "clunky quickly": how soon a complaint
			// comes is no praise
			boost = 1
			continue
		}
		if afterComplaint && pickNouns[w] && negLeft == 0 {
			// "a poor fit", "a frustrating pick": the complaint is the
			// verdict on the pick, which is no praise of itself
			boost = 1
			continue
		}
		prevNeed, prevInTo, prevCount = info.has(needVerb), w == "in" || w == "to", info.has(countWord) || isNumeric(w)
		if afterCount && info.has(countedNoun) {
			// "250 issues", "unlimited issues": a plan's allowance of the
			// product's own objects, not a complaint
			boost = 1
			continue
		}
		if (w == "limited" || w == "capped") && yesQualifier(text[:wordStartOf(text, i)]) {
			// "| Yes (limited minutes) |", "Yes (capped issues)": a table
			// cell that says a feature is there, with its allowance in
			// brackets, states the plan's terms, not a complaint
			boost, prevCount = 1, true
			continue
		}
		if info.has(strictWord) && !strictRule(text[i:]) {
			// "a strict no-logs policy", "strict quality control": what
			// the brand holds itself to, not a rule the customer must meet
			boost = 1
			continue
		}
		if w == "better" {
			if n := usesComparedAt(text[i:]); n >= 0 {
				// "better suited to team docs than personal notes", "better
				// for in-person sales than online": which use a product
				// fits is a fact of it, not a verdict
				boost = 1
				i += n
				continue
			}
		}
		if info.has(countedNoun) && handledObject(text[:wordStartOf(text, i)], text[i:]) {
			// "log bugs", "organizes work into issues", "issue status",
			// "issues close automatically": the objects a tracker handles,
			// not a complaint of the product
			boost = 1
			continue
		}
		if info.has(sizeComparative) && info.kind == plain && thanAhead(text[i:]) {
			// "longer financing terms than Globex", "far more drivers than
			// Globex": more of what the customer gets is praise, and the
			// side compared with takes the opposite (brandSentiment)
			addWeighed(1.0)
			continue
		}
		if fewWords[w] {
			if n := sparedEffortAt(text[i:]); n > 0 {
				// "almost no data entry", "needs little setup", "with
				// minimal effort": the work a product spares its user
				addWeighed(spared)
				i += n
				continue
			}
		}
		if w == "fewer" && fewerThan(text[i:]) {
			// "fewer integrations than Globex", "fewer than Globex
			// offers": less of what the customer gets is a complaint, and
			// the side compared with takes the opposite (brandSentiment)
			addWeighed(-1.0)
			continue
		}
		if v, n := priceMoveAt(w, text[i:]); n > 0 {
			// "can cut premiums", "lowering your rate", "raised premiums",
			// "won't increase your premium": a price moved down is praise,
			// moved up a complaint, and a rise denied praise
			if v < 0 && eventRise(text[:wordStartOf(text, i)]) {
				// "An at-fault accident can raise your rate": what any
				// customer's event does to a price is a fact, no complaint
				v = 0
			}
			addWeighed(v)
			negLeft, lack = 0, false
			i += n
			continue
		}
		switch info.kind {
		case negator:
			if adviceNegators[w] {
				if n := adviceAt(text[i:]); n > 0 {
					// "I wouldn't pick it", "don't move to it": advice against
					endLack()
					total -= 4.5 * boost * weight
					negLeft, boost, prevNot = 0, 1, false
					i += n
					continue
				}
			}
			endLack()
			negLeft, prevNot = 3, w == "not"
			denial, denialArticle, denied = w == "not" || strings.HasSuffix(w, "n't"), false, 0
			noun = w == "no"
			next := nextToken(text[i:])
			// "doesn't include flood cover", "isn't available": what is not
			// there is a complaint of itself, unless the negation turns an
			// opinion ("has no hidden fees"); what a brand no longer sells
			// ("no longer offers student loans", "stopped making earbuds")
			// is news of its lineup, not a verdict on it
			lack = haveVerbs[next] && !cellOfAbsence(text, wordStartOf(text, i), i+1+len(next)) &&
				!(sellVerbs[next] && reachAhead(text[i+1+len(next):]))
			switch w {
			case "no":
				if afterNeed || spareVerbs[secondToken(text[i:])] && costNouns[next] {
					// "requires no personal guarantee", "no subscription needed":
					// a requirement or a cost spared; "no card required" for
					// a trial is a fact of signing up
					negLeft, lack = 0, false
					total += boost * weight
					boost = 1
					continue
				}
			case "less":
				// "less intuitive": only the next word is turned
				negLeft = 1
			case "avoid", "avoids", "avoiding":
				// "avoid paying for a tool", "avoid most of those fees" spare
				// a cost; "avoid Acme", "avoid it", "avoid this card" warn
				// against a product; what else is avoided ("avoid calf
				// strain", "avoid blisters") is no verdict on the brand
				v := 0.0
				switch {
				case strings.HasSuffix(next, "ing") || costAhead(text[i:], 4):
					v = 1
				case avoidedProduct(text[i:]) || wasOpening && (next == "if" || next == "unless"):
					// "Avoid if you won't pay monthly: Acme, Globex…": a
					// warning whom the product after it does not suit,
					// when "Avoid" opens the clause, item or label ("Mistakes
					// to avoid if you're new" warns of no product)
					v = lexicon["avoid"]
				}
				negLeft, lack = 0, false
				total += v * boost * weight
				boost = 1
				continue
			case "reduce", "reduces", "reduced", "reducing", "cut", "cuts", "cutting", "eliminate",
				"eliminates", "eliminating", "minimize", "minimizes", "fewer":
				// "reduces churn", "fewer bugs": only the next words are turned
				negLeft = 2
			case "lacks", "lack", "lacking":
				// a lack is a complaint even of a plain feature ("lacks time tracking")
				total += -1 * boost * weight
				boost = 1
			}
			continue
		case contrast:
			total *= 0.5
			weight = 1.5
			negLeft, boost, prevNot = 0, 1, false
			continue
		case intensifier:
			prevNot = false
			if w == "highly" && acclaimVerbs[nextToken(text[i:])] {
				// "highly rated", "highly regarded": praise, not a size
				v := 2.0
				if negLeft > 0 {
					v = -1 // "not highly rated": flipped and damped, as a negated opinion
				}
				total += v * weight
				continue
			}
			if w == "most" && afterThe(text[:wordStartOf(text, i)]) && rankedQuality(text[:wordStartOf(text, i)], text[i:]) &&
				sentimentWords[secondToken(text[i:])].kind != opinion {
				// "the most customizable platform", "one of the most
				// widely used": a product ranked first on a quality of no
				// weight of itself is praised; "the most reliable" weighs
				// its word, "the most fees" its price, and "the most
				// common complaint" the opinion it ranks
				addWeighed(mostRank)
				continue
			}
			boost *= info.value
			tooNext = w == "too"
			continue
		}
		if negLeft > 0 && denial && (denialArticle && pickNouns[w] || deniedVerdicts[w] || w == "worth" && priceAhead(text[i:])) {
			// "is not the best choice", "isn't the right fit": the writer's
			// pick denied is advice against the brand, as "not the one I'd
			// pick" is, in place of the damped words before it
			endLack()
			total -= denied + 4.5*weight
			negLeft, boost, prevNot, denial = 0, 1, false, false
			continue
		}
		if info.has(spareWord) && sparedPurchase(text[:wordStartOf(text, i)], negLeft > 0 && !lack) && !costAhead(text[i:], 2) {
			// "without extra tools", "skip a separate dialer", "you don't
			// need a separate phone system": the product spares the
			// customer another purchase; a cost spared ("no extra fee")
			// is a fact of pricing, and "doesn't include a separate…" a
			// lack
			total += spared * weight
			negLeft, boost = 0, 1
			continue
		}
		rv, n := rankAmongAt(w, text[i:])
		if rv == 0 {
			if av, m := averageAt(w, text[i:]); av != 0 && !cellOfAbsence(text, wordStartOf(text, i), i+m) {
				rv, n = av, m
			}
		}
		if rv != 0 {
			// a rank against the market: "one of the largest available",
			// "among the highest for checking", "scores above average for
			// claims satisfaction"; ranking what the customer pays or
			// suffers ("premiums are among the highest", "its complaint
			// ratio is above average") is a complaint, and a rate alone
			// ranks nothing; a table cell of its own ("| Above average |")
			// is a fact of the table, as a cell that marks a feature absent is
			if burden, rate := burdenBefore(text[:wordStartOf(text, i)]); burden {
				rv = -rv
			} else if rate {
				rv = 0
			}
			addWeighed(rv)
			i += n
			continue
		}
		if w == "plus" && plusNoun(text[:wordStartOf(text, i)], text[i:]) {
			// "is a plus", "a genuine plus for stability": an advantage,
			// not the word that joins a list ("fees plus taxes")
			addWeighed(plusWeight)
			continue
		}
		if negLeft > 0 && noun && (w == "and" || w == "plus") {
			// "No fees and excellent 24/7 support": the next item of the
			// list is not under "no"
			endLack()
			negLeft = 0
			continue
		}
		if negLeft > 0 && (w == "the" || w == "a" || w == "an") {
			denialArticle = true
		}
		if w == "limited" && warrantyTerms[nextToken(text[i:])] {
			// "Limited lifetime", "a limited warranty": the name of a
			// kind of warranty, not a limit of the product
			boost = 1
			continue
		}
		if w == "limited" && placesAhead(text[i:]) {
			// "available in a limited number of states", "limited to some
			// carriers": where a product is sold is a fact of its reach,
			// not a verdict on it
			boost = 1
			continue
		}
		if info.has(likeVerb) && peopleBefore(text[:wordStartOf(text, i)]) && likedProduct(w, text[i:]) {
			// "reviewers like its teen accounts", "many shoppers prefer
			// it": what the product's users like is praise of it
			addWeighed(1.5)
			continue
		}
		if customaryPick(w, text[:wordStartOf(text, i)], text[i:]) {
			// "the usual answer", "a safe bet", "is the standard for
			// Shopify brands", "a classic for trail and town": the pick
			// most buyers are pointed to is a verdict, as "choice" is
			addWeighed(1)
			negLeft = 0
			continue
		}
		if w == "choice" && namedChoice(text[:wordStartOf(text, i)]) {
			// "a sensible choice", "the default choice": naming the brand
			// as a choice is a verdict, whatever word says which
			total += boost * weight
			boost = 1
			continue
		}
		if w == "only" && prevNot {
			negLeft, prevNot = 0, false
			continue
		}
		if w == "only" && (limitVerbs[nextToken(text[i:])] || afterInTo) {
			// "only splits purchases into four", "sold in only 35 states": a limit
			total -= boost * weight
			boost = 1
			continue
		}
		prevNot = false
		v, ok := info.value, info.kind == opinion
		if tooNext {
			// "too basic", "too simple": excess is a complaint; "too slow" stays one
			tooNext = false
			switch {
			case !ok:
				v, ok = -1/boost, true
			case v > 0:
				v = -0.5 * v / boost
			}
		}
		phrased := false
		if info.phrase {
			if p, n := phraseAt(w, text[i:]); n > 0 && (w != "for" || lessPrice(text[i+n:])) &&
				!(shareWords[w] && otherSeller(text[:wordStartOf(text, i)], text[i+n:])) &&
				(!leadWords[w] || leadHolds(w, text[:wordStartOf(text, i)], text[i:i+n], text[i+n:])) &&
				(w != "best" || bestHowHolds(text[:wordStartOf(text, i)], text[i:i+n])) &&
				(w != "i'd" || pointHolds(text[i:i+n], text[i+n:]) && hesitantHolds(text[i:i+n], text[i+n:])) &&
				(w != "a" || p != 0 || !afterCopula) &&
				(w != "quote" || !quoteNoun(text[:wordStartOf(text, i)])) &&
				(w != "pile" && w != "piles" || costPilesBefore(text[:wordStartOf(text, i)])) {
				v, ok, phrased = p, true, true
				i += n
				if w == "i'd" && p >= 1.5 && negLeft > 0 {
					// "not the brand I'd pick", "isn't the one I'd go
					// with": the writer's pick denied is advice against it,
					// as "I wouldn't pick it" is
					endLack()
					total -= 4.5 * boost * weight
					negLeft, boost, prevNot = 0, 1, false
					continue
				}
			} else if p, n := sizedNounAt(w, text[i:]); n > 0 {
				v, ok, phrased = p, true, true
				i += n
			}
		}
		if !phrased && info.has(addsUpWord) && nextToken(text[i:]) == "up" && costBefore(text[:wordStartOf(text, i)], 3) {
			// "the fees add up", "per-seat pricing adds up for large
			// teams": a cost that grows is a complaint
			v, ok = addUpWeight, true
			i += 3
		}
		if e, n := effortAt(w, text[i:]); n > 0 && !phrased {
			// "harder to cancel", "hard to love": the effort is the
			// verdict, whatever the verb after it weighs
			v, ok, known = e, true, true
			i += n
		}
		if !known {
			// an adverb weighs as its adjective: "consistently", "easily"
			if a, isAdverb := adverbBase(w); isAdverb {
				v, ok = lexicon[a], true
			} else if c, isGraded := gradedBase(w); isGraded {
				// "clunkier", "the priciest": a degree of its adjective
				v, ok = c, true
			}
		}
		if !known && strings.IndexByte(w, '-') >= 0 {
			for rest := w; rest != ""; {
				var part string
				part, rest, _ = strings.Cut(rest, "-")
				v += lexicon[part]
			}
			ok = v != 0
		}
		if ok {
			v *= boost * weight
			if negLeft > 0 {
				v *= -0.75
				lack = false
				denied += v
			}
			total += v
			prevComplaint = v < 0
		}
		boost = 1
		if negLeft > 0 {
			negLeft--
			if negLeft == 0 {
				endLack()
			}
		}
	}
	endLack()
	return total
}

// mostRank is the weight of a product ranked first on a quality the
// lexicon does not weigh ("the most customizable").
const mostRank = 1.5

// afterThe reports whether before ends with the article "the".
func afterThe(before string) bool {
	t := strings.TrimRight(before, " ")
	return len(t) >= 3 && strings.EqualFold(t[len(t)-3:], "the") && (len(t) == 3 || !isTokenByte(t[len(t)-4]))
}

// rankedWord reports whether "the most" before w ranks a product on a
// quality of no weight of itself: not an opinion word (weighed as itself,
// "the most reliable"), nor what a customer pays or spends ("the most
// fees", "the most time"), nor a number.
func rankedWord(w string) bool {
	return w != "" && sentimentWords[w].kind == plain && !priceNoun[w] && !costNouns[w] && !effortNouns[w] && !isNumeric(w)
}

// rankedQuality reports whether "the most" between before and rest ranks
// a product first on a quality (rankedWord): "the most customizable", "the
// most value", or an adverb and the word it qualifies ("the most widely
// used"). What a product uses or puts in front of the user is no merit
// ("uses the most data", "shows the most ads"), nor are recency,
// likelihood or being known ("the most recent version", "the most likely
// to crack", "the most widely known").
func rankedQuality(before, rest string) bool {
	if f := lastWords(before, 2); len(f) == 2 && consumeVerbs[f[1]] {
		return false
	}
	w := nextToken(rest)
	if !rankedWord(w) || unrankedWords[w] {
		return false
	}
	if len(w) > 4 && strings.HasSuffix(w, "ly") {
		p := secondToken(rest)
		return !unrankedWords[p]
	}
	return true
}

// unrankedWords after "the most" rank no merit: recency, likelihood,
// being known.
var unrankedWords = set("recent current latest likely unlikely probable known well-known")

// consumeVerbs before "the most" say what a product uses or puts in front
// of the user: "uses the most data", "shows the most ads".
var consumeVerbs = set(`use uses used using consume consumes consumed consuming show shows showed showing
	display displays serve serves send sends drain drains eat eats collect collects collected
	need needs needed require requires required take takes took`)

// plusWeight is the weight of "a plus", an advantage.
const plusWeight = 1.5

// plusNoun reports whether "plus" between before and rest is a noun, an
// advantage: "a plus" or "a" and a word of size or truth ("a big plus", "a
// genuine plus"), with the clause ending after it or going on with "for",
// "if", "here", "too" ("a real plus for beginners"). "a fee plus interest",
// "$12 a month plus tax", "a phone plus a case" join a list.
func plusNoun(before, rest string) bool {
	f := lastWords(before, 2)
	if len(f) == 0 || !(f[0] == "a" || len(f) == 2 && f[1] == "a" && plusSizes[f[0]]) {
		return false
	}
	if plusGoesOn[nextToken(rest)] {
		return true
	}
	t := strings.TrimLeft(rest, " ")
	return t == "" || !isTokenByte(t[0])
}

// plusSizes size or vouch for "a plus": "a big plus", "a genuine plus".
var plusSizes = set("big real genuine nice huge major definite clear great definitely welcome small minor")

// plusGoesOn may follow "a plus" that ends a clause: "a plus for
// beginners", "a plus if you travel", "a plus here".
var plusGoesOn = set("for if here there too though especially when")

// spareWords name another purchase: spared ("without extra tools", "skip a
// separate dialer") they are praise of the product that spares it.
var spareWords = set("separate extra additional another")

// spared is the weight of another purchase spared.
const spared = 1.5

// sparedPurchase reports whether the words before another purchase spare
// it: "skip" or "without" ("skip a separate dialer", "without extra
// tools"), or, negated, a verb of needing, buying or paying ("don't need a
// separate phone system", "no need for another app", "won't pay for extra
// storage"). Other verbs negated deny the product something ("doesn't
// allow additional users", "can't add another user"), and "no" alone
// lacks it ("no additional support").
func sparedPurchase(before string, negated bool) bool {
	f := lastWords(before, 3)
	if len(f) > 0 && articles[f[0]] {
		f = f[1:]
	}
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "skip", "skips", "skipping", "without":
		return true
	case "for":
		return negated && len(f) > 1 && spareNeedVerbs[f[1]]
	}
	return negated && spareNeedVerbs[f[0]]
}

// spareNeedVerbs say the customer needs, buys or pays for something.
var spareNeedVerbs = set("need needs needed needing buy buys buying bought purchase purchasing pay pays paying")

// articles are the words that open a noun phrase before its noun.
var articles = set("a an the any")

// quoteNoun reports whether "quote" after before is the noun, a price
// asked for ("get a quote more quickly", "your free quote"), not the
// verb of pricing ("insurers quote lower").
func quoteNoun(before string) bool {
	f := lastWords(before, 1)
	return len(f) == 1 && (articles[f[0]] || quoteQualifiers[f[0]])
}

// quoteQualifiers stand before "quote" as a noun.
var quoteQualifiers = set("your my our their its free instant online first new")

// lastWords returns up to n words at the end of before, last first and
// lower-cased, stopping at punctuation. It reads only the end of before,
// not the whole clause.
func lastWords(before string, n int) []string {
	var out []string
	end := len(before)
	for len(out) < n {
		j := end
		for j > 0 && before[j-1] == ' ' {
			j--
		}
		if j == 0 || !isTokenByte(before[j-1]) {
			break
		}
		k := wordStartOf(before, j)
		out = append(out, strings.ToLower(before[k:j]))
		end = k
	}
	return out
}

// likeVerbs say people like or prefer something; after the people who use
// a product (peopleBefore) they praise it.
var likeVerbs = set("like likes liked prefer prefers preferred")

// likedProduct reports whether what people like or prefer, rest, is the
// product: a pronoun of it ("reviewers like its teen accounts", "shoppers
// prefer it") or, after "prefer", a brand's mention or a name ("owners
// prefer Acme"). "like" before a name or a person gives an example
// ("testers like Globex", "buyers like you"), and anything else liked is
// not the product ("prefer other tools", "prefer to buy in store").
func likedProduct(verb, rest string) bool {
	switch nextToken(rest) {
	case "it", "its", "them", "this":
		return true
	}
	if strings.HasPrefix(verb, "lik") {
		return false
	}
	t := strings.TrimLeft(rest, " *_")
	return strings.HasPrefix(t, "xx") || t != "" && 'A' <= t[0] && t[0] <= 'Z'
}

// peopleNouns are the people whose liking praises a product.
var peopleNouns = set(`reviewers users customers owners testers critics people shoppers merchants buyers
	members readers riders hikers drivers parents families developers designers fans travelers
	travellers sellers policyholders homeowners students founders teams experts pros agencies
	businesses`)

// peopleNoun reports whether w names people who use or pick a product: a
// noun of peopleNouns or a plural of a doer ("climbers", "skiers").
func peopleNoun(w string) bool {
	return peopleNouns[w] || len(w) > 5 && strings.HasSuffix(w, "ers")
}

// peopleBefore reports whether before ends with a noun of people, and an
// adverb at most ("reviewers", "many users often", "climbers generally").
// It reads the last two
// words only.
func peopleBefore(before string) bool {
	f := lastWords(before, 2)
	if len(f) == 0 {
		return false
	}
	if peopleNoun(f[0]) {
		return true
	}
	return len(f) == 2 && peopleNoun(f[1]) && (strings.HasSuffix(f[0], "ly") || f[0] == "often" || f[0] == "still" || f[0] == "also")
}

// namedChoice reports whether the text before "choice" ends with an
// article and a word that is no opinion of itself ("a sensible", "the
// default"; not "the best", which weighs as itself, nor "another", nor
// "a plain choice", which says it is unremarkable).
func namedChoice(before string) bool {
	f := strings.Fields(strings.ToLower(strings.TrimRight(before, " ")))
	if len(f) < 2 {
		return false
	}
	adj, art := f[len(f)-1], f[len(f)-2]
	if art != "a" && art != "an" && art != "the" {
		return false
	}
	switch adj {
	case "first", "second", "third", "last", "other", "only", "personal", "common", "plain", "basic":
		return false
	}
	return sentimentWords[adj].kind == plain && !isNumeric(adj)
}

// warrantyTerms after "limited" name a kind of warranty.
var warrantyTerms = set("lifetime warranty")

// reachWords name where a product is sold.
const reachWords = "states state countries regions markets areas cities carriers provinces territories"

var (
	reachNouns = set(reachWords)
	// reachEnds close what a negated verb of selling is said of: the
	// places, or all of them at once ("not offered nationwide")
	reachEnds = set(reachWords, "nationwide everywhere")
)

// reachAhead reports whether the words after a negated verb of selling
// name the places it is said of ("isn't sold in every state", "not
// available in most states", "not offered nationwide"): where a product
// is sold is a fact of its reach, not a lack of the product.
func reachAhead(rest string) bool { return endsWithin(rest, 5, reachEnds, reachFillers) }

// endsWithin reports whether a word of ends comes within the next n words
// of rest, past words of fill only.
func endsWithin(rest string, n int, ends, fill map[string]bool) bool {
	t := rest
	for k := 0; k < n; k++ {
		w := nextToken(t)
		switch {
		case ends[w]:
			return true
		case fill[w]:
			t = t[1+len(w):]
		default:
			return false
		}
	}
	return false
}

// sellVerbs say where a product is sold: not said of every place, they
// give its reach. Other verbs of having keep their lack there ("isn't
// accepted everywhere", "doesn't work in most countries", "doesn't support
// most carriers").
var sellVerbs = set("sold available offered")

// reachFillers may stand between a verb of selling and the places it is
// said of: "in every state", "yet in all markets", "officially in most
// countries".
var reachFillers = set("in every all most many some the each officially yet currently widely")

// placesAhead reports whether the words after "limited" name the places
// it is said of ("a limited number of states", "limited states",
// "limited to some carriers").
func placesAhead(rest string) bool { return endsWithin(rest, 4, reachNouns, limitFillers) }

// limitFillers may stand between "limited" and the places it is said of.
var limitFillers = set("number set of to some certain a")

// speedWords say how soon something happens: after a complaint they are
// no praise ("gets expensive fast").
var speedWords = set("fast quickly quick rapidly")

// deniedVerdicts under "not" are the writer's verdict against the brand:
// "not recommended", "isn't worth the cost".
var deniedVerdicts = set("recommended")

// priceAhead reports whether a price comes within the next four words of
// the clause after "worth" ("isn't worth the cost", "not worth its $799
// launch price", "not worth the money"): denied, such worth is the
// writer's verdict against the product, while "not worth it" is as often
// said of an upgrade or a plan.
func priceAhead(rest string) bool {
	if k := strings.IndexAny(rest, ".;:!?\n"); k >= 0 {
		rest = rest[:k]
	}
	f := strings.Fields(strings.ToLower(rest))
	for k := 0; k < len(f) && k < 4; k++ {
		w := strings.Trim(f[k], "*_,()\"'")
		if costNouns[w] || priceNoun[w] || w == "money" {
			return true
		}
	}
	return false
}

// pickNouns name the writer's pick: "the best choice", "the right fit",
// "not the answer", "a serious contender". The word before one gives the
// verdict: denied, the pick is advice against the product; after a
// complaint ("a poor fit"), the noun adds no praise.
var pickNouns = set("choice pick fit answer contender")

// countWords before a noun count it: "unlimited issues", "250 active
// issues".
var countWords = set("unlimited active open")

// countedNouns are complaints unless counted: an issue tracker's plan allows
// "250 issues".
var countedNouns = set("issue issues bug bugs")

// strictWords say a rule is strict: a complaint when it is a rule the
// customer must meet (strictRule).
var strictWords = set("strict stricter strictest")

// ruleNouns are rules a customer must meet: "strict underwriting",
// "stricter eligibility requirements".
var ruleNouns = set(`underwriting eligibility requirement requirements approval approvals limit limits
	credit lending condition conditions criteria rules qualification qualifications`)

// strictRule reports whether "strict" before rest is said of a rule the
// customer must meet: said of the brand or of a rule named before it, the
// clause ends or goes on with a word that is no noun ("approvals have
// become stricter", "strict about roof age", "the strictest of the four"),
// or a rule noun follows it ("strict underwriting", "strict credit
// limits"). Before another noun it is what the brand holds itself to ("a
// strict no-logs policy", "strict quality control").
func strictRule(rest string) bool {
	w := nextToken(rest)
	if w == "" || strictGoesOn[w] || ruleNouns[w] {
		return true
	}
	return ruleNouns[secondToken(rest)]
}

// strictGoesOn may follow "strict" said of the brand or a rule: "strict
// about", "stricter than", "the strictest of".
var strictGoesOn = set("about with on than of in for to at when if and or but so now this these enough")

// handleVerbs before an issue or a bug make it an object the product
// handles ("log bugs", "pulls issues", "into issues"). Only forms that
// read as the verb of the noun: a gerund or a bare word that is also a
// noun ("tracking issues", "update issues", "import issues") names a kind
// of problem instead.
var handleVerbs = set(`log logs logged files filed create creates close closes closed
	assign assigns assigned triage triages triaged tracks resolve resolves resolved
	imports pulls moves links routes into onto unfinished incoming`)

// handleNouns after an issue or a bug make it an object the product
// handles ("issue status", "issues close automatically", "issues roll over").
var handleNouns = set(`status statuses field fields hierarchy hierarchies creation close closes
	update updates move moves roll rolls automatically`)

// handledObject reports whether the issue or bug between before and rest
// is an object a tracker handles: a handling verb or preposition right
// before it, or a handling noun or verb right after it.
func handledObject(before, rest string) bool {
	t := strings.TrimRight(before, " ")
	if len(t) < len(before)-1 || len(t) == len(before) {
		return handleNouns[nextToken(rest)] // not one space away: only what follows tells
	}
	return lowerIn(handleVerbs, t[wordStartOf(t, len(t)):]) || handleNouns[nextToken(rest)]
}

// imperativeAdvice opens a clause that tells the reader which product to
// take: "go with Acme", "look at Acme or Globex", "start with Acme", "use
// Acme's import tool", "Acme. Use it for specs", "move to Acme when…",
// "Choose the Acme for speed".
var imperativeAdvice = phraseWords("go with", "look at", "start with", "stick with", "switch to", "try", "use",
	"choose", "pick", "consider", "opt for", "go for", "check out", "move to")

// pronounObject reports whether text opens with a pronoun that takes up
// the brand of the sentence before ("Notion. Use it for specs."): the
// advice is about it.
func pronounObject(text string) bool {
	for _, p := range []string{"it ", "it.", "them ", "them."} {
		if len(text) >= len(p) && strings.EqualFold(text[:len(p)], p) {
			return true
		}
	}
	return false
}

// wordsAhead reports whether text opens with the words of ps, each a
// whole word, spaces before them allowed, and how many bytes they take.
func wordsAhead(text string, ps []string) (int, bool) {
	t, n := text, 0
	for _, w := range ps {
		trimmed := strings.TrimLeft(t, " ")
		if len(trimmed) < len(w) || !strings.EqualFold(trimmed[:len(w)], w) ||
			len(trimmed) > len(w) && isTokenByte(trimmed[len(w)]) {
			return 0, false
		}
		n += len(t) - len(trimmed) + len(w)
		t = trimmed[len(w):]
	}
	return n, true
}

// imperativeAdviceAt returns the bytes of text an imperative advice covers
// when a name follows it (a capitalized word, or a brand's blanked
// mention, also after "the") or a pronoun that takes one up, or 0: "look
// at doorbell cameras" and "use the Move to iOS app" advise no product.
func imperativeAdviceAt(text string) int {
	for _, ps := range imperativeAdvice {
		n, ok := wordsAhead(text, ps)
		if !ok {
			continue
		}
		rest := strings.TrimLeft(text[n:], " *_")
		if len(rest) > 4 && strings.EqualFold(rest[:4], "the ") && strings.HasPrefix(strings.TrimLeft(rest[4:], " *_"), "xx") {
			// "choose the Acme for speed": a brand's blanked mention after
			// the article ("use the Move to iOS app" advises no brand)
			return n
		}
		if pronounObject(rest) || strings.HasPrefix(rest, "xx") || rest != "" && 'A' <= rest[0] && rest[0] <= 'Z' {
			return n
		}
	}
	return 0
}

// crowdSubject reports whether the clause before a verb is "most" and
// the people it counts ("most teams", "but most skiers looking for a top
// shell"): what most buyers take ("most teams start with Acme") is a
// verdict, as advice is.
func crowdSubject(before string) bool {
	t := before
	if c := strings.LastIndexAny(t, ".,;:!?(\n"); c >= 0 {
		t = t[c+1:]
	}
	f := strings.Fields(strings.ToLower(strings.Trim(t, " \t*_")))
	if len(f) > 0 && (f[0] == "but" || f[0] == "and" || f[0] == "so") {
		f = f[1:]
	}
	if len(f) < 2 || len(f) > 7 || f[0] != "most" || !(peopleNoun(f[1]) || len(f) > 2 && peopleNoun(f[2])) {
		return false
	}
	for _, w := range f[2:] {
		if w == "not" || w == "never" || strings.HasSuffix(w, "n't") {
			return false // "most experts would not choose Acme"
		}
	}
	return true
}

// crowdChoice are what most buyers do with the product they take: "most
// teams start with Acme", "most skiers choose Acme".
var crowdChoice = phraseWords("choose", "pick", "start with", "go with", "stick with", "prefer",
	"end up with", "opt for", "keep")

// crowdVerbs are the first words of crowdChoice.
var crowdVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, ps := range crowdChoice {
		m[ps[0]] = true
	}
	return m
}()

// crowdChoiceAt returns the bytes of text a crowd's choice covers when a
// brand's mention follows it ("start with Acme"), or 0: a plan or anything
// else the crowd takes ("choose Advanced") is no verdict on the brand.
func crowdChoiceAt(text string) int {
	for _, ps := range crowdChoice {
		n, ok := wordsAhead(text, ps)
		if !ok {
			continue
		}
		rest := strings.TrimLeft(text[n:], " *_")
		if len(rest) > 4 && strings.EqualFold(rest[:4], "the ") {
			rest = strings.TrimLeft(rest[4:], " *_")
		}
		if strings.HasPrefix(rest, "xx") && !qualifiesNoun(rest[2:]) {
			return n
		}
	}
	return 0
}

// qualifiesNoun reports whether the text after a brand's mention goes on
// with a noun the brand only qualifies ("keep Acme cards in their
// lineup"): a lower-case word that is no joining word or preposition.
// Then the crowd's pick is the thing, not the brand.
func qualifiesNoun(rest string) bool {
	t := strings.TrimLeft(rest, " *_")
	if t == "" || !('a' <= t[0] && t[0] <= 'z') {
		return false
	}
	e := 0
	for e < len(t) && isTokenByte(t[e]) {
		e++
	}
	return !afterBrandWords[t[:e]]
}

// afterBrandWords may follow a brand that is the object of a verb itself:
// "choose Acme for a family plan", "start with Acme and add Globex".
var afterBrandWords = set(`and or plus for over as because when if to in on at with since instead first too then
	but so after before from which by than even anyway again now today`)

// afterCondition reports whether before is a leading condition and its
// comma ("If rate is all that matters, "): the clause after it opens.
func afterCondition(before string) bool {
	t := strings.TrimLeft(before, " \t*_\"'([")
	w, _, _ := strings.Cut(t, " ")
	switch strings.ToLower(w) {
	case "if", "when", "unless", "for":
	default:
		return false
	}
	c := strings.IndexByte(t, ',')
	return c > 0 && strings.TrimSpace(t[c+1:]) == "" && !strings.ContainsAny(t[:c], ".;:!?")
}

// wordStartOf returns where the word that ends at end starts.
func wordStartOf(text string, end int) int {
	i := end
	for i > 0 && isTokenByte(text[i-1]) {
		i--
	}
	return i
}

// adviceNegators turn the writer's advice: "I wouldn't pick", "don't buy".
var adviceNegators = set("wouldn't wouldnt don't dont shouldn't shouldnt never")

// adviceVerbs are what a writer advises doing with a product. Negated
// (adviceNegators) they advise against it: the writer's verdict, which
// outweighs the good parts the answer concedes ("I wouldn't pick it. It's
// not a bad product…"), not a damped opinion word.
var adviceVerbs = phraseWords("pick", "choose", "recommend", "suggest", "buy", "use", "get",
	"go with", "count on", "rely on", "move to", "switch to", "sign up", "bother with", "trust",
	"start with", "pay for", "settle for", "expect much from")

// adviceAt returns the bytes of rest (the text after a negator) an advice
// verb covers, or 0.
func adviceAt(rest string) int {
	for _, ps := range adviceVerbs {
		t, n := rest, 0
		ok := true
		for _, w := range ps {
			trimmed := strings.TrimLeft(t, " ")
			if len(trimmed) == len(t) || len(trimmed) < len(w) || !strings.EqualFold(trimmed[:len(w)], w) ||
				len(trimmed) > len(w) && isTokenByte(trimmed[len(w)]) {
				ok = false
				break
			}
			n += len(t) - len(trimmed) + len(w)
			t = trimmed[len(w):]
		}
		if ok {
			return n
		}
	}
	return 0
}

// haveVerbs say what a product has, where it is sold or that it lasts;
// negated, they state a lack ("doesn't include", "isn't available", "aren't
// sold", "rarely last", "doesn't work").
var haveVerbs = set(`include includes included offer offers offered support supports supported
	have has provide provides cover covers covered allow allows accept accepts available sold
	last lasts work works hold holds survive survives`)

// cellOfAbsence reports whether the words from start to end fill a table
// cell on their own ("| Not supported |", "| Not available |"): a table
// that compares features marks one absent as a fact of the comparison,
// as it marks one present with "Yes".
func cellOfAbsence(text string, start, end int) bool {
	if end > len(text) {
		return false
	}
	return strings.HasSuffix(strings.TrimRight(text[:start], " \t"), "|") &&
		strings.HasPrefix(strings.TrimLeft(text[end:], " \t"), "|")
}

// costAhead reports whether a cost (a cost noun or a price noun) comes
// within the next n words of the clause ("avoid most of those fees",
// "avoids monthly fees", "extra gateway fees").
func costAhead(rest string, n int) bool {
	t := rest
	for k := 0; k < n; k++ {
		w := nextToken(t)
		if w == "" {
			return false
		}
		if costNouns[w] || priceNoun[w] {
			return true
		}
		t = t[1+len(w):]
	}
	return false
}

// sizeComparatives say there is more of something: before "than" they
// compare what the customer gets.
var sizeComparatives = set("more longer larger bigger greater")

// effortNouns are what a customer spends, like a price: "more time than
// Globex", "more steps than" compare a cost, not what the customer gets.
var effortNouns = set("time effort work steps clicks setup maintenance configuration")

// thanAhead reports whether "than" comes within the next five words of the
// clause, with no price noun before it (a price compared is weighed by
// its size: "higher fees than") and no opinion word right after the
// comparative, which it only strengthens ("more reliable than").
func thanAhead(rest string) bool {
	t := rest
	for k := 0; k < 5; k++ {
		w := nextToken(t)
		switch {
		case w == "":
			return false
		case w == "than":
			return k > 0
		case k == 0 && (w == "of" || sentimentWords[w].kind != plain),
			priceNoun[w] || costNouns[w] || effortNouns[w]:
			return false
		}
		t = t[1+len(w):]
	}
	return false
}

// fewerThan reports whether "fewer" at the end of a clause's words
// compares a product with another: "than" and a name right after it
// ("fewer than Globex offers"), or "than" within five words after a noun
// of what the customer gets ("fewer integrations than"). How many places
// sell a product is its reach, a fact ("available in fewer states than"),
// and a count ("fewer than 20 users") compares nothing.
func fewerThan(rest string) bool {
	if nextToken(rest) == "than" {
		return nameAhead(strings.TrimLeft(rest, " ")[len("than"):])
	}
	return thanAhead(rest) && !placesAhead(rest) && !burdenAhead(rest)
}

// burdenAhead reports whether one of the next two words of rest names
// what a customer bears: having fewer of it is no complaint ("fewer ads
// than Globex", "fewer pop-up ads than").
func burdenAhead(rest string) bool {
	w := nextToken(rest)
	if burdenNouns[w] || borneNouns[w] {
		return true
	}
	next := ""
	if w != "" {
		next = nextToken(rest[1+len(w):])
	}
	return burdenNouns[next] || borneNouns[next]
}

// borneNouns name what a customer bears rather than gets, besides the
// burdenNouns.
var borneNouns = set(`ads ad notifications popups pop-ups restrictions limits limitations errors
	delays interruptions upsells hoops`)

// fewWords say how little of something there is: before an effort they
// spare it ("little setup", "no manual entry").
var fewWords = set("no little less minimal without near-zero zero")

// spentEffort are the efforts a product can spare its user, besides the
// effortNouns; "entry" only as "data entry" or "manual entry".
var spentEffort = set("admin busywork upkeep")

// sparedEffortAt returns the bytes of rest that name an effort after a
// word of how little there is ("no" in "no manual data entry", "little"
// in "little admin work"), past "any", "extra", "manual" and "data", or
// 0. The effort must end its noun phrase: before another noun it names a
// thing ("no setup fee" is a fact of pricing, "no configuration options"
// a lack, "no work from home policy" an arrangement), and a count of time
// is no effort ("no time for").
func sparedEffortAt(rest string) int {
	t, found := rest, false
	for k := 0; k < 5; k++ {
		w := nextToken(t)
		effort := w == "entry" && k > 0 || w != "time" && effortNouns[w] || spentEffort[w]
		switch {
		case effort:
			found = true
		case found:
			if w != "" && !effortEnds[w] || w == "from" && nextToken(strings.TrimLeft(t, " ")[len(w):]) == "home" {
				// "no work from home policy" names an arrangement
				return 0
			}
			return len(rest) - len(t)
		case w != "any" && w != "extra" && w != "manual" && w != "data":
			return 0
		}
		t = strings.TrimLeft(t, " ")[len(w):]
	}
	return 0
}

// effortEnds may follow an effort that ends its noun phrase: "little
// setup and no code", "how little admin it needs", "less configuration
// than".
var effortEnds = set("and or than it is are was needs need needed required for to on in with from at so because when once compared")

// nameAhead reports whether rest opens with a brand's blanked mention or
// a capitalized name, past spaces and markup.
func nameAhead(rest string) bool {
	t := strings.TrimLeft(rest, " *_")
	return strings.HasPrefix(t, "xx") || t != "" && 'A' <= t[0] && t[0] <= 'Z'
}

// avoidedProduct reports whether what "avoid" turns on is a product: a
// brand's blanked mention or a capitalized name ("avoid Bolt"), or a
// pronoun or demonstrative that points at one ("avoid it", "avoid this
// card").
func avoidedProduct(rest string) bool {
	if nameAhead(rest) {
		return true
	}
	switch nextToken(rest) {
	case "it", "them", "this", "these", "that", "those":
		return true
	}
	return false
}

// costNouns after "avoid" make it a cost spared ("avoids monthly fees").
var costNouns = set("fee fees cost costs charge charges subscription subscriptions markup markups surcharge surcharges")

// spareVerbs after "no" and a cost noun spare the customer a cost ("no
// subscription needed"); after another noun they state a fact ("no card
// required" for a trial).
var spareVerbs = set("needed required necessary")

// needVerbs before "no" spare the customer a requirement ("requires no
// deposit", "needs no setup").
var needVerbs = set("requires require required needs need needed")

// limitVerbs after "only" make a limit of what a product does ("only splits",
// "only supports", "only works").
var limitVerbs = set(`splits supports works covers offers runs syncs ships includes allows accepts
	handles integrates lets available`)

// secondToken returns the word after the next one, lowercased: "" unless
// each is one space away.
func secondToken(text string) string {
	next := nextToken(text)
	if next == "" {
		return ""
	}
	return nextToken(text[1+len(next):])
}

// nameGoesOn reports whether the text after a word goes on with a name: a
// space and a capitalized word, or a model number that no word in lowercase
// follows ("Triumph 22 |"; not a measure: "Outstanding 60-hour battery",
// "Excellent 30 hours").
func nameGoesOn(rest string) bool {
	if len(rest) < 2 || rest[0] != ' ' {
		return false
	}
	c := rest[1]
	if 'A' <= c && c <= 'Z' {
		return len(rest) > 2 && 'a' <= rest[2] && rest[2] <= 'z'
	}
	if c < '0' || c > '9' {
		return false
	}
	i := 1
	for i < len(rest) && '0' <= rest[i] && rest[i] <= '9' {
		i++
	}
	if i < len(rest) && rest[i] != ' ' && rest[i] != '|' && rest[i] != ',' && rest[i] != '*' {
		return false // "60-hour", "4K", "3.5"
	}
	next := strings.TrimLeft(rest[i:], " ")
	return next == "" || next[0] < 'a' || next[0] > 'z'
}

// nextToken returns the next word of text, lowercased.
func nextToken(text string) string {
	t := strings.TrimLeft(text, " ")
	if len(t) < len(text)-1 || len(t) == len(text) {
		return "" // not one space away, or punctuation between
	}
	end := 0
	for end < len(t) && isTokenByte(t[end]) {
		end++
	}
	w := t[:end]
	for i := 0; i < len(w); i++ {
		if 'A' <= w[i] && w[i] <= 'Z' {
			return strings.ToLower(w)
		}
	}
	return w
}

// skipCondition drops a leading condition or purpose up to its comma ("For
// expensive items, …", "If you care about accuracy, …"): it says whom the
// advice is for, not how good the brand is.
func skipCondition(text string) string {
	t := strings.TrimLeft(text, " \t*_\"'([")
	if !(len(t) > 4 && strings.EqualFold(t[:4], "for ")) && !(len(t) > 6 && strings.EqualFold(t[:6], "if you")) {
		return text // "If I had to pick one, …" is advice, not a condition
	}
	c := strings.IndexByte(t, ',')
	if c < 0 || strings.ContainsAny(t[:c], ".;:!?") || mainClauseIn(t[:c]) {
		return text
	}
	return t[c+1:]
}

// mainClauseIn reports whether a leading "For …" phrase runs into a
// main clause before its comma ("For most people this is the best
// value, …", "For 20 reps you'd be better served by Acme, …"): the
// verdict is the sentence's own, not a condition's. A verb after a
// relative pronoun ("For teams that are remote, …") is the phrase's.
func mainClauseIn(cond string) bool {
	if len(cond) < 4 || !strings.EqualFold(cond[:4], "for ") {
		return false
	}
	for _, f := range strings.Fields(strings.ToLower(cond)) {
		switch {
		case relativeWords[f]:
			return false
		case mainVerbs[f]:
			return true
		}
	}
	return false
}

var (
	relativeWords = set("that who whose which where whom")
	mainVerbs     = set(`is are was were will can could should would may might it's that's this's there's
		you'd i'd we'd you'll it'll they'd they're you're`)
)

// adverbBase returns the adjective of the product lexicon an adverb is made
// from ("consistently" → "consistent", "easily" → "easy", "reliably" →
// "reliable").
func adverbBase(w string) (string, bool) {
	if len(w) < 5 || !strings.HasSuffix(w, "ly") {
		return "", false
	}
	stem := w[:len(w)-2]
	for _, a := range []string{stem, strings.TrimSuffix(stem, "i") + "y", stem + "e"} {
		if _, ok := lexicon[a]; ok {
			return a, true
		}
	}
	return "", false
}

// gradedBase weighs a comparative or superlative of an adjective in -y
// that the product lexicon has and does not list in that degree itself
// ("clunkier", "buggiest", "priciest" of "pricey"): a comparative at
// four fifths of its adjective, as "pricier" is of "pricey", a superlative
// as much as it.
func gradedBase(w string) (float64, bool) {
	stem, factor := "", 0.0
	switch {
	case len(w) >= 7 && strings.HasSuffix(w, "iest"):
		stem, factor = w[:len(w)-4], 1
	case len(w) >= 6 && strings.HasSuffix(w, "ier"):
		stem, factor = w[:len(w)-3], 0.8
	default:
		return 0, false
	}
	for _, a := range []string{stem + "y", stem + "ey"} {
		if v, ok := lexicon[a]; ok {
			return factor * v, true
		}
	}
	return 0, false
}

// isTokenByte reports bytes that belong to a word: ASCII letters and digits, the
// apostrophe and the hyphen ("isn't", "user-friendly").
func isTokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '\'' || c == '-'
}

// wordKind is the role of a word in Sentiment.
type wordKind uint8

const (
	plain wordKind = iota
	opinion
	negator
	intensifier
	contrast
)

// wordInfo is what Sentiment knows of one word.
type wordInfo struct {
	kind   wordKind
	value  float64   // opinion weight or intensifier factor
	phrase bool      // the word may open one of phrases
	traits wordTrait // the sets of valenceTraits the word is in
}

// weighed reports whether the word tables weigh the word or open a phrase
// with it, not only mark its traits.
func (info wordInfo) weighed() bool { return info.kind != plain || info.phrase }

// has reports whether the word has trait t.
func (info wordInfo) has(t wordTrait) bool { return info.traits&t != 0 }

// wordTrait marks a word of a set that valence asks about for every word,
// so that it asks the word's one lookup of sentimentWords instead.
type wordTrait uint16

const (
	copulaWord wordTrait = 1 << iota
	needVerb
	countWord
	countedNoun
	strictWord
	sizeComparative
	spareWord
	likeVerb
	addsUpWord
)

// valenceTraits are the sets behind the traits.
var valenceTraits = []struct {
	trait wordTrait
	words map[string]bool
}{
	{copulaWord, copulas}, {needVerb, needVerbs}, {countWord, countWords}, {countedNoun, countedNouns},
	{strictWord, strictWords}, {sizeComparative, sizeComparatives}, {spareWord, spareWords},
	{likeVerb, likeVerbs}, {addsUpWord, addsUp},
}

// lexicon_vader.txt is the base lexicon: VADER's words and their mean
// valence (-4 to +4), without the words that are topics rather than opinions
// in product answers; its source, licence and generator are in
// lexicon_vader.LICENSE.
//
//go:embed lexicon_vader.txt
var vaderText string

// sentimentWords merges the word tables below, and the traits of
// valenceTraits, so Sentiment does one lookup a word.
// The product lexicon overrides VADER's weight of a word.
var sentimentWords = func() map[string]wordInfo {
	m := make(map[string]wordInfo, 7200+len(lexicon)+len(intensifiers)+len(negators)+8)
	for _, ln := range strings.Split(vaderText, "\n") {
		w, v, ok := strings.Cut(ln, "\t")
		if !ok || strings.HasPrefix(ln, "#") {
			continue
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			panic("analyze: lexicon_vader.txt: " + ln)
		}
		m[w] = wordInfo{kind: opinion, value: f}
	}
	for w, v := range lexicon {
		m[w] = wordInfo{kind: opinion, value: v}
	}
	for w, f := range intensifiers {
		m[w] = wordInfo{kind: intensifier, value: f}
	}
	for w := range negators {
		m[w] = wordInfo{kind: negator}
	}
	for _, w := range []string{"but", "however", "yet"} {
		m[w] = wordInfo{kind: contrast}
	}
	for w := range phrases {
		info := m[w]
		info.phrase = true
		m[w] = info
	}
	for _, vt := range valenceTraits {
		for w := range vt.words {
			info := m[w]
			info.traits |= vt.trait
			m[w] = info
		}
	}
	return m
}()

var negators = set(`not no never without lacks lack lacking neither nor hardly barely rarely seldom less
	stopped ceased avoid avoids avoiding reduce reduces reduced reducing cut cuts cutting
	eliminate eliminates eliminating minimize minimizes fewer
	isnt arent wasnt werent doesnt dont didnt cant couldnt wont wouldnt shouldnt hasnt havent cannot`)

var intensifiers = map[string]float64{
	"very": 1.5, "extremely": 1.75, "really": 1.3, "highly": 1.5, "super": 1.4,
	"incredibly": 1.75, "exceptionally": 1.75, "particularly": 1.3, "especially": 1.3,
	"truly": 1.3, "remarkably": 1.5, "most": 1.3, "so": 1.2, "too": 1.3,
	"somewhat": 0.6, "slightly": 0.5, "fairly": 0.7, "relatively": 0.7, "rather": 0.8,
	"bit": 0.6, "little": 0.6, "mostly": 0.8, "generally": 0.9,
}

// lexicon weighs opinion words as they read in product answers: "expensive" and
// "limited" are complaints there, "popular" and "leading" praise. Words that
// say what a product is built to be ("lightweight", "customizable",
// "scalable", "flexibility") weigh nothing: readers take them for the facts
// of a description, not a verdict.
var lexicon = map[string]float64{
	// positive
	"excellent": 3, "outstanding": 3, "exceptional": 3, "superb": 3, "fantastic": 3,
	"amazing": 3, "awesome": 3, "perfect": 3, "love": 3, "loved": 3, "loves": 3, "great": 3,
	"best": 3, "go-to": 2, "no-brainer": 2.5, "top-notch": 3, "best-in-class": 3, "world-class": 3,
	"good": 2, "solid": 2, "strong": 1.5, "reliable": 2, "robust": 2, "powerful": 2,
	"intuitive": 2, "easy": 2, "user-friendly": 2, "easy-to-use": 2, "seamless": 2,
	"seamlessly": 2, "flexible": 1.5, "versatile": 2, "efficient": 2, "effective": 2,
	"helpful": 2, "recommend": 2, "recommended": 2, "recommends": 2, "favorite": 2,
	"favourite": 2, "impressive": 2, "innovative": 2, "comprehensive": 2, "ideal": 2,
	"affordable": 2, "trusted": 2, "standout": 2, "superior": 2, "well-designed": 2,
	"feature-rich": 2, "polished": 2, "praised": 2, "winner": 2, "leader": 1.5,
	"leading": 1.5, "popular": 1, "simple": 1, "fast": 1.5, "quick": 1, "smooth": 1.5,
	"clean": 1, "secure": 1.5, "responsive": 1, "decent": 1, "nice": 1.5,
	"valuable": 2, "worth": 1.5, "improved": 1, "better": 1.5, "benefit": 1, "benefits": 1,
	"advantage": 1, "excels": 2, "shines": 2, "enjoy": 2, "happy": 2, "satisfied": 2,
	"stable": 1.5, "generous": 1.5, "accurate": 1.5, "capable": 1.5, "convenient": 1.5,
	// negative
	"terrible": -3, "awful": -3, "horrible": -3, "worst": -3, "hate": -3, "hated": -3,
	"scam": -3, "useless": -3, "fraud": -3, "disaster": -3,
	"bad": -2, "poor": -2, "poorly": -2, "clunky": -2, "buggy": -2, "glitchy": -2,
	"unreliable": -2, "frustrating": -2, "confusing": -2, "disappointing": -2,
	"disappointed": -2, "overpriced": -2, "outdated": -2, "bloated": -2, "crashes": -2,
	"crash": -2, "broken": -2, "avoid": -2, "downtime": -2, "unresponsive": -2,
	"lawsuit": -2, "breach": -2, "complaints": -1.5, "complaint": -1.5, "annoying": -2,
	"expensive": -1.5, "pricey": -1.5, "costly": -1.5, "limited": -1.5, "lacklustre": -2,
	"lackluster": -2, "mediocre": -1.5, "slow": -1.5, "sluggish": -1.5, "difficult": -1.5,
	"hard": -1, "complicated": -1.5, "complex": -1, "steep": -1, "weak": -1.5,
	"issues": -1, "issue": -1, "problems": -1.5, "problem": -1.5, "bugs": -1.5, "bug": -1.5,
	"drawback": -1, "drawbacks": -1, "downside": -1, "downsides": -1, "lags": -1.5,
	"lagging": -1.5, "inconsistent": -1.5, "cumbersome": -2, "discontinued": -2,
	"deprecated": -1, "risky": -1.5, "hidden": -1, "worse": -1.5, "inferior": -2,
	"struggles": -1.5, "struggle": -1.5, "fails": -2, "failed": -2, "unfortunately": -1,
	"concern": -1, "concerns": -1, "criticized": -1.5, "overwhelming": -1.5,

	// product praise: comparatives and superlatives, build and design, ease
	"faster": 1.2, "fastest": 2, "quicker": 1, "quickest": 1.5, "smoother": 1.2, "smoothest": 2,
	"easier": 1.5, "easiest": 2, "simpler": 1.2, "simplest": 1.5, "cleaner": 1.2, "cleanest": 1.5,
	"lighter": 1, "lightest": 1.5, "cheaper": 1.2, "cheapest": 1.5, "cheap": 1, "inexpensive": 1.5,
	"budget-friendly": 1.5, "stronger": 1.2, "strongest": 2, "safer": 1.5, "smartest": 2,
	"warmest": 1.5, "tougher": 1.2, "durable": 1.5, "sturdy": 1.5, "rugged": 1.5, "bombproof": 2,
	"comfortable": 1.5, "comfy": 1.5, "roomy": 1.5, "spacious": 1.5,
	"breathable": 1, "sleek": 1.5, "slick": 1.5, "refined": 1.5, "thoughtful": 1.5,
	"thoughtfully": 1.5, "painless": 2, "hassle-free": 2, "effortless": 2, "frictionless": 1.5,
	"handy": 1.5, "useful": 1.5, "competitive": 1, "transparent": 1.5, "trustworthy": 2,
	"dependable": 2, "consistent": 1.5, "crisp": 1, "detailed": 1, "vivid": 1, "praise": 1.5,
	"praises": 1.5, "rave": 2, "acclaimed": 2, "award-winning": 2, "top-rated": 2,
	"highest-rated": 2, "best-rated": 2, "benchmark": 1.5, "unmatched": 2, "unbeatable": 2.5,
	"thrives": 1.5, "nails": 1.5, "wins": 1.5, "pick": 1, "suggest": 1, "appreciate": 1.5,
	"worthwhile": 1.5, "reliably": 1.5, "well": 1, "well-known": 0, "well-rounded": 1.5, "polish": 1,
	// product complaints
	"clumsy": -2, "cluttered": -2, "messy": -1.5, "convoluted": -2, "overkill": -1.5,
	"bloatware": -2, "bloat": -1.5, "laggy": -2, "slower": -1.2, "slowest": -1.5, "heavier": -1,
	"bulky": -1.5, "flimsy": -2, "fragile": -1.5, "weaker": -1.2, "weakest": -1.5, "dated": -1.5,
	"unstable": -2, "inaccurate": -1.5, "noisy": -1.5, "leaking": -2, "leaks": -2, "leaky": -2,
	"leak": -1.5, "snag": -1.5, "snags": -1.5, "breaks": -1.5, "cracked": -1.5, "throttles": -1.5,
	"throttling": -1.5, "overheats": -2, "overheating": -2, "drains": -1.5, "pricier": -1.2,
	"costlier": -1.2, "steeply": -1, "hassle": -1.5, "headache": -2, "tedious": -1.5,
	"limits": -1, "limiting": -1, "restrictive": -1.5, "shallow": -1, "unavailable": -1,
	"criticism": -1.5, "regret": -2, "sadly": -1, "dropped": -1.5, "declined": -1.5,
	"slipped": -1.5, "worsened": -2, "penalizes": -1.5, "penalize": -1.5, "denies": -1.5,
	"deny": -1.5, "delays": -1.5, "delay": -1, "frozen": -1.5, "outgrow": -1, "outgrew": -1,
	"plasticky": -2, "over-processed": -1.5, "elsewhere": -1, "missing": -1,
	"intrusive": -1.5, "fiddly": -1.5, "janky": -2, "nickel-and-dimes": -2,
	"nickel-and-dime": -2, "nickel-and-dimed": -2,
	"clearest": 1.5, "tidy": 1, "modern": 1, "enterprise-grade": 1.5, "industry-leading": 2,
	"wider": 1, "broader": 1,
	"sagging": -2, "sags": -2, "predictable": 1, "surprise": -1, "surprises": -1, "surprised": -1, "mandatory": -1,
	"suitable": 1.5, "unsuitable": -1.5, "hikes": -1.5, "hike": -1.5, "surcharge": -1, "surcharges": -1,
	// reviewers' words for products that VADER lacks: "well suited" praise
	// and "less suited" a complaint, like "suitable"
	"suited": 1, "punchy": 1, "underwhelming": -2, "finicky": -1.5, "unintuitive": -2, "subpar": -2,
	"underpowered": -1.5,
	// rules a customer must meet, said of the brand: "approvals have
	// become stricter", "the conditions are strict" (strictRule)
	"strict": -1, "stricter": -0.8, "strictest": -1,
	// what readers take for praise in answers: "the practical choice", "a
	// usable free tier", "a steadier choice", "beats scheduling a meeting"
	"practical": 1.5, "usable": 1, "steadier": 1.2, "beats": 1.5,
	// "the more complete bank of the two", "the most complete option"
	"complete": 1,
	// the writer's verdict as a noun: "the most common recommendation",
	// "Our recommendation: Acme"
	"recommendation": 2,
	// the market's leaders: "Dynafit and ATK dominate here", "a plush
	// hipbelt"
	"dominate": 1.5, "dominates": 1.5, "plush": 1.5,
	// what few products offer sets this one apart: "pays interest on
	// checking, which is rare", "a unique transparent design"
	"rare": 1.5, "unique": 1.5,
	// a product within the customer's reach: "one of the more accessible
	// insurers for high-risk drivers", "resale makes it accessible"
	"accessible": 1.5, "inaccessible": -1.5,
}

// phrases are idioms whose words mislead one by one ("hard to beat" is praise),
// keyed by their first word.
var phrases = withHesitantPhrases(withWorthDoing(withRarePhrases(withBestParticiples(withPremiumPhrases(withHardToPhrases(withBasicPhrases(withPricePhrases(map[string][]phrase{
	"issue":  {{"tracking", 0}, {"tracker", 0}, {"trackers", 0}},
	"best":   {{"for", 0}},
	"ranked": {{"first", 2}, {"highest", 2}, {"top", 2}, {"higher", 1.5}, {"lower", -1.5}, {"ahead of schedule", 0}, {"ahead of time", 0}, {"ahead", 2}},
	"ranks":  {{"first", 2}, {"highest", 2}, {"top", 2}, {"higher", 1.5}, {"lower", -1.5}, {"ahead of schedule", 0}, {"ahead of time", 0}, {"ahead", 2}},
	"scored": {{"highest", 2}, {"higher", 1.5}, {"lower", -1.5}, {"lowest", -2}},
	"scores": {{"highest", 2}, {"higher", 1.5}, {"lower", -1.5}, {"lowest", -2}},
	"rated":  {{"higher", 1.5}, {"lower", -1.5}, {"ahead of schedule", 0}, {"ahead of time", 0}, {"ahead", 2}},
	"lasts":  {{"longer", 1.5}},
	"last":   {{"longer", 1.5}},
	// a ceiling is a fact, a figure the words around it judge, not the
	// praise "tops" weighs alone: "charging tops out at 45W", "storage
	// tops out at 512GB", "prices top out at $300"
	"tops":    {{"out", 0}},
	"topped":  {{"out", 0}},
	"topping": {{"out", 0}},
	"slows":   {{"down", -1.5}},
	"slow":    {{"down", -1.5}},
	"clean":   {{"up", 0}},
	// being known is no merit of itself, however widely ("well known",
	// "widely known"; "best known" and "the most widely known" alike)
	"well":   {{"known", 0}},
	"widely": {{"known", 0}},
	"as":     {{"well", 0}},
	"i'd": {{"choose", 2}, {"pick", 2}, {"go with", 2}, {"point you to", 2}, {"suggest", 2}, {"recommend", 2}, {"look at", 1.5}, {"start with", 1.5}, {"build", 1},
		{"lean toward", 2}, {"lean towards", 2}, {"stick with", 2},
		{"point out", 0}, {"point", 2}, {"shortlist", 2}, {"rely on", 2}, {"try first", 2}, {"look first at", 2}, {"skip", -4.5}, {"avoid", -4.5}, {"pass on", -4.5},
		{"hold off", -3.5}, {"be cautious", -3.5}, {"be more cautious", -3.5},
		{"steer you away", -4.5}, {"steer away", -4.5}, {"steer clear", -4.5}, {"be careful", -3.5}, {"be more careful", -3.5}, {"rule it out", -4.5}, {"look elsewhere", -3.5}},
	"top":       {{"pick", 2}, {"choice", 2}, {"rated", 2}, {"out", 0}},
	"wears":     {{"out faster", -2.5}, {"out", -2}},
	"runs":      {{"hot", -1.5}, {"small", -1}, {"large", -1}},
	"run":       {{"hot", -1.5}, {"small", -1}, {"large", -1}},
	"gold":      {{"standard", 2.5}},
	"sleeps":    {{"hot", -1.5}},
	"sleep":     {{"hot", -1.5}},
	"get":       {{"hot", -1.5}},
	"gets":      {{"hot", -1.5}},
	"wear":      {{"out", -2}},
	"look":      {{"elsewhere", -1.5}},
	"learning":  {{"curve", 0}},
	"hard":      {{"to beat", 2.5}, {"to fault", 2.5}},
	"tough":     {{"to beat", 2.5}, {"to fault", 2.5}},
	"difficult": {{"to fault", 2.5}},
	// a price cut deep is praise: "offers lightly used gear at steep
	// discounts"
	"steep":  {{"discounts", 1.5}, {"discount", 1.5}},
	"stands": {{"out", 2}},
	"stand":  {{"out", 2}},
	"falls":  {{"short", -2}},
	"fall":   {{"short", -2}},
	"second": {{"to none", 3}},
	"waste":  {{"of money", -2.5}, {"of time", -2.5}},
	// what a product earns back is praise: "it pays for itself on apparel"
	// an instruction to the reader, no verdict: "make sure the old phone
	// is charged"
	"make": {{"sure", 0}},
	// a cost that rises fast is a complaint: "the fees add up quickly",
	// "pricing climbs quickly", "add-ons pile up quickly"
	"add":       {{"up quickly", -1.5}, {"up fast", -1.5}},
	"adds":      {{"up quickly", -1.5}, {"up fast", -1.5}},
	"pile":      {{"up quickly", -1.5}, {"up fast", -1.5}},
	"piles":     {{"up quickly", -1.5}, {"up fast", -1.5}},
	"climbs":    {{"quickly", -1.5}, {"fast", -1.5}},
	"climb":     {{"quickly", -1.5}, {"fast", -1.5}},
	"escalate":  {{"quickly", -1.5}, {"fast", -1.5}},
	"escalates": {{"quickly", -1.5}, {"fast", -1.5}},
	"rises":     {{"quickly", -1.5}, {"fast", -1.5}},
	"rise":      {{"quickly", -1.5}, {"fast", -1.5}},
	"pays":      {{"for itself", 2}, {"for themselves", 2}},
	"pay":       {{"for itself", 2}, {"for themselves", 2}},
	// a lead over the others is praise: "comes out ahead", "has the
	// edge", "leads in video", "edges ahead on blocking rumble"
	"comes":   {{"out ahead", 2}},
	"come":    {{"out ahead", 2}},
	"pulls":   {{"ahead", 2}},
	"pull":    {{"ahead", 2}},
	"edges":   {{"ahead", 2}, {"out", 2}},
	"far":     {{"ahead", 2}},
	"clearly": {{"ahead", 2}},
	"has":     {{"the edge", 2}, {"an edge", 2}},
	"have":    {{"the edge", 2}, {"an edge", 2}},
	"leads":   {{"in", 2}, {"on", 2}, {"the industry", 2}, {"the market", 2}, {"the category", 2}, {"the pack", 2}, {"the field", 2}},
	"lead":    {{"the industry", 2}, {"the market", 2}, {"the category", 2}, {"the pack", 2}, {"the field", 2}},
	// a price cut to a share of another's is praise, as "costs less" is:
	// "at a fraction of the cost", "about a third of the price", "for
	// less" (not "for less weight": lessPrice)
	// a price class named after an article describes the product ("a
	// budget-friendly pack"); said of it, "budget-friendly" is praise, as
	// it is after "is a" or "'s a" ("it is a budget-friendly option":
	// copulas)
	// "a liability" with its article is a fault ("the buckle is a
	// liability"); "liability" alone is insurance a policy sells
	"a": {{"budget-friendly", 0}, {"liability", -0.8}, {"real liability", -0.8}, {"big liability", -0.8},
		{"major liability", -0.8}},
	"the":      {{"budget-friendly", 0}},
	"fraction": {{"of the cost", 1.5}, {"of the price", 1.5}},
	"third":    {{"of the cost", 1.5}, {"of the price", 1.5}},
	"half":     {{"the cost", 1.5}, {"the price", 1.5}, {"of the cost", 1.5}, {"of the price", 1.5}},
	"for": {{"less", 1.5}, {"much less", 1.5}, {"far less", 1.5}, {"a lot less", 1.5},
		{"a fraction of the cost", 1.5}, {"a fraction of the price", 1.5}},
}))))))))

// pointHolds reports whether "I'd point" is the writer's pick: people
// follow it ("I'd point you to it", "where I'd point most first-time
// buyers"), not a thing pointed to ("I'd point to its slow claims handling
// as the main weakness"). Other picks of "I'd" hold as they are.
func pointHolds(phrase, rest string) bool {
	if !strings.EqualFold(strings.TrimSpace(phrase), "point") {
		return true
	}
	switch w := nextToken(rest); w {
	case "you", "them", "most", "anyone", "everyone", "people", "new", "first-time":
		return true
	default:
		return peopleNoun(w)
	}
}

// bestHowHolds reports whether "best" and a participle (withBestParticiples)
// say how a product is taken: said of it ("is best treated as a fallback",
// "best avoided"), not after a determiner, where "best" ranks the noun
// ("the best kept secret"). Being known weighs nothing either way ("the
// best known CRM", "best known among small shops").
func bestHowHolds(before, phrase string) bool {
	p := strings.ToLower(strings.TrimSpace(phrase))
	if p == "for" || p == "known" {
		return true
	}
	f := lastWords(before, 1)
	return len(f) == 0 || !rankDeterminers[f[0]]
}

// rankDeterminers open a noun phrase: "best" after one ranks its noun.
var rankDeterminers = set("the a an its their our your his her this that these those")

// leadWords open a phrase of a lead over the others that needs more than
// its words (leadHolds).
var leadWords = set("far clearly has have leads lead")

// leadNounBefore are the words that make "lead" the noun after them ("a
// lead", "every lead", "new lead"), not the verb of being ahead.
var leadNounBefore = set("a an the every each this that one any no new your their our its his her hot warm cold qualified")

// leadHolds reports whether a lead phrase found between before and rest
// is a lead over the others: "far ahead" and "clearly ahead" after a verb
// of being or moving ahead ("is far ahead", "pulls clearly ahead"; not
// "book far ahead"), "leads in" not before a complaint ("leads in video";
// not "leads in customer complaints"), "has an edge" or "has the edge"
// where the clause ends or "over", "if", "on"… follows (not "has an edge
// that dulls"), and "lead" as a verb ("carriers lead the market"), not a
// noun after a determiner ("every lead the market sends").
func leadHolds(w, before, phrase, rest string) bool {
	switch w {
	case "far", "clearly":
		f := lastWords(before, 1)
		return len(f) == 1 && aheadVerbs[f[0]]
	case "has", "have":
		t := strings.TrimLeft(rest, " ")
		return t == "" || !isTokenByte(t[0]) || edgeGoesOn[nextToken(rest)]
	case "lead":
		f := lastWords(before, 1)
		return len(f) == 0 || !leadNounBefore[f[0]]
	case "leads":
		if !strings.EqualFold(strings.TrimSpace(phrase), "in") && !strings.EqualFold(strings.TrimSpace(phrase), "on") {
			return true
		}
		for t, k := rest, 0; k < 3; k++ {
			x := nextToken(t)
			if x == "" {
				break
			}
			if sentimentWords[x].value < 0 && sentimentWords[x].kind == opinion || costNouns[x] || priceNoun[x] {
				return false
			}
			t = t[1+len(x):]
		}
	}
	return true
}

// edgeGoesOn may follow "has the edge" of a lead: "over rivals", "if
// you want branches", "on price"; "an edge that dulls" is a blade's.
var edgeGoesOn = set("over if when for in on here there because")

// aheadVerbs say a product is or moves ahead: "is far ahead", "pulls
// clearly ahead".
var aheadVerbs = set(`is are was were be stays stay remains remain sits sit runs run pulls pull pulled
	moves moved gets got finishes finished comes came it's`)

// shareWords open a price cut to a share of another's ("for less", "a
// fraction of the cost", "half the price").
var shareWords = set("for fraction third half")

// otherSellers are sellers other than the product: a price cut they offer
// ("rivals offer the same for less", "elsewhere for less") is no praise of
// it.
var otherSellers = set("elsewhere rival rivals competitor competitors competing other others")

// otherSeller reports whether the clause around a price cut, before it or
// after it, names another seller; "for less than other plans" compares the
// product with them instead.
func otherSeller(before, rest string) bool {
	k := len(before)
	for k > 0 && strings.IndexByte(".,;:!?()[]|\n", before[k-1]) < 0 {
		k--
	}
	if hasWordOf(before[k:], otherSellers) {
		return true
	}
	if nextToken(rest) == "than" {
		return false
	}
	e := 0
	for e < len(rest) && strings.IndexByte(".,;:!?()[]|\n", rest[e]) < 0 {
		e++
	}
	return hasWordOf(rest[:e], otherSellers)
}

// hasWordOf reports whether text holds a word of the set, lower-cased.
func hasWordOf(text string, words map[string]bool) bool {
	for i := 0; i < len(text); {
		if !isTokenByte(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isTokenByte(text[j]) {
			j++
		}
		if lowerIn(words, text[i:j]) {
			return true
		}
		i = j
	}
	return false
}

// lessPrice reports whether "for less" ends at rest as a price: the
// clause ends, or money or a comparison follows ("for less money", "for
// less than Globex"); "for less weight" sizes something else.
func lessPrice(rest string) bool {
	switch nextToken(rest) {
	case "money", "cash", "than":
		return true
	case "":
		t := strings.TrimLeft(rest, " ")
		return t == "" || !isTokenByte(t[0])
	}
	return false
}

// acclaimVerbs after "highly" are praise: "highly rated".
var acclaimVerbs = set("rated regarded reviewed praised acclaimed")

// phrase is the rest of an idiom after its first word, and its weight.
type phrase struct {
	rest   string
	weight float64
}

// priceNouns name what a customer pays: low ones are praise, high ones a
// complaint ("low fees", "higher premiums"). Rates are left out: a high savings
// rate is good, a high loan rate bad.
var priceNouns = []string{"fees", "fee", "prices", "price", "premiums", "premium", "costs", "cost", "pricing",
	"markups", "markup", "risk", "risks", "deductibles", "deductible"}

// benefitNouns name what a customer gets: high ones are praise, low ones a
// complaint ("higher limits", "lower APY").
var benefitNouns = []string{"limits", "limit", "rewards", "coverage", "cashback", "apy", "yield", "yields", "returns"}

// sizes weigh a price noun after them; a benefit noun takes the opposite.
var sizes = map[string]float64{"low": 1.5, "lower": 1.2, "lowest": 2, "high": -1.5, "higher": -1.2, "highest": -2}

// sizedNounAt weighs a size whose price or benefit noun comes one word
// later ("higher deposit limits", "the highest average premiums"; not
// "higher fees", a phrase of its own): the word between names what is
// sized. It returns the weight and the bytes of rest it covers, or 0, 0.
func sizedNounAt(w, rest string) (float64, int) {
	size, ok := sizes[w]
	if !ok {
		return 0, 0
	}
	mid := nextToken(rest)
	if mid == "" || sentimentWords[mid].kind != plain || isNumeric(mid) {
		return 0, 0
	}
	after := rest[1+len(mid):]
	noun := nextToken(after)
	n := 1 + len(mid) + 1 + len(noun)
	switch {
	case noun == "" || len(after) < 1+len(noun) || isTokenByte(byteAt(after, 1+len(noun))):
		return 0, 0
	case priceNoun[noun]:
		return size, n
	case benefitNoun[noun]:
		return -size, n
	}
	return 0, 0
}

func byteAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

var priceNoun, benefitNoun = set(strings.Join(priceNouns, " ")), set(strings.Join(benefitNouns, " "))

func withPricePhrases(m map[string][]phrase) map[string][]phrase {
	for adj, v := range sizes {
		for _, n := range priceNouns {
			m[adj] = append(m[adj], phrase{n, v})
		}
		for _, n := range benefitNouns {
			m[adj] = append(m[adj], phrase{n, -v})
		}
	}
	// the size said of the noun: "online prices are usually higher", "fees
	// run lower"
	for _, adj := range []string{"low", "lower", "high", "higher"} {
		for _, verb := range []string{"is", "are", "run", "was", "were"} {
			for _, adv := range []string{"", "usually ", "often ", "much ", "generally ", "slightly ", "a bit ", "typically "} {
				for _, n := range priceNouns {
					m[n] = append(m[n], phrase{verb + " " + adv + adj, sizes[adj]})
				}
				for _, n := range benefitNouns {
					m[n] = append(m[n], phrase{verb + " " + adv + adj, -sizes[adj]})
				}
			}
		}
	}
	// a charge on top of the price: "charges extra for delivery"
	for _, w := range []string{"charge", "charges", "charged", "cost", "costs", "pay", "pays"} {
		m[w] = append(m[w], phrase{"extra", -1.5})
	}
	// a price compared: "costs more than", "cost less", "is priced higher",
	// "quotes lower" (what an insurer asks is its price)
	// (docs/accuracy.md#polarity), and what the customer gets compared:
	// "covers more"; the side compared with takes the opposite
	// (brandSentiment). "pays more" is left out: a bank that pays more
	// interest is praised, a customer who pays more is not.
	for _, adv := range []string{"", "a lot ", "much ", "far ", "a bit ", "slightly ", "somewhat ", "considerably "} {
		for _, w := range []string{"charge", "charges", "cost", "costs", "costing", "priced", "quote", "quotes", "quoted"} {
			m[w] = append(m[w], phrase{adv + "more", -1.5}, phrase{adv + "less", 1.5},
				phrase{adv + "higher", -1.5}, phrase{adv + "lower", 1.5})
		}
		for _, w := range []string{"cover", "covers", "includes", "include", "offers", "offer"} {
			m[w] = append(m[w], phrase{adv + "more", 1.5}, phrase{adv + "less", -1.5})
		}
		for _, w := range []string{"give", "gives"} {
			m[w] = append(m[w], phrase{"you " + adv + "more", 1.5}, phrase{adv + "more", 1.5})
		}
	}
	return m
}

// addsUp are the forms of "add" that, with "up" after them and a cost
// before them in the clause, say the cost grows ("the fees add up",
// "the $5 membership plus express fees can add up").
var addsUp = set("add adds adding")

// addUpWeight is what a growing cost weighs: a complaint, less than one
// that rises fast ("adds up quickly", a phrase of its own).
const addUpWeight = -1

// rankAmongAt weighs "one of the" or "among the" and a superlative of
// size at word w, rest the text after it: praise of a rank at the top
// ("one of the largest", "among the highest"), a complaint at the bottom
// ("among the lowest"). It returns the weight and the bytes of rest it
// covers, or 0, 0.
func rankAmongAt(w, rest string) (float64, int) {
	skip := 0
	switch w {
	case "one":
		if !strings.HasPrefix(rest, " of the ") {
			return 0, 0
		}
		skip = len(" of the")
	case "among":
		if !strings.HasPrefix(rest, " the ") {
			return 0, 0
		}
		skip = len(" the")
	default:
		return 0, 0
	}
	sup := nextToken(rest[skip:])
	v, ok := rankSizes[sup]
	if !ok || !rankEnds[nextToken(rest[skip+1+len(sup):])] {
		return 0, 0
	}
	return v, skip + 1 + len(sup)
}

// rankEnds may follow the superlative of a rank of what the clause named
// before ("one of the largest available", "among the highest for
// checking"); a noun after it names a class the brand belongs to ("one
// of the largest digital banks"), a fact of its size.
var rankEnds = set("available anywhere around in for of on at among if with")

func init() { rankEnds[""] = true }

// rankSizes are the superlatives of size that rank a product among the
// others after "one of the" or "among the".
var rankSizes = map[string]float64{"highest": 1.5, "largest": 1.5, "biggest": 1.5, "lowest": -1.5}

// averageAt weighs "above average" and "below average" (or
// "above-average") at word w, rest the text after it: praise and a
// complaint of what they rank. It returns the weight and the bytes of
// rest it covers, or 0, 0.
func averageAt(w, rest string) (float64, int) {
	switch w {
	case "above-average":
		return averageWeight, 0
	case "below-average":
		return -averageWeight, 0
	case "above", "below":
		if nextToken(rest) != "average" {
			return 0, 0
		}
		if w == "below" {
			return -averageWeight, 1 + len("average")
		}
		return averageWeight, 1 + len("average")
	}
	return 0, 0
}

// averageWeight is what a rank above the average weighs.
const averageWeight = 1.5

// burdenNouns name what a customer suffers: a rank of them above the
// others is a complaint ("the complaint ratio is above average", "its
// outage count was among the highest"), and so is a rank of a rate of
// them ("the claim denial rate is among the highest").
var burdenNouns = set("complaint complaints outage outages denial denials failure failures churn")

// rateNouns name a rate, which alone says nothing of its side: a high
// deposit rate is good, a high loan rate bad; a rate of what the
// customer gets (a benefit noun, "savings": "the cashback rate is among
// the highest") ranks as the benefit does.
var rateNouns = set("rate rates")

// costBefore reports whether a cost (a cost noun or a price noun) is
// one of the last n words of the clause before: the subject of "add up"
// with up to two words between ("the fees can add up", "per-seat pricing
// adds up"), not a cost named earlier ("with no annual fee, the cash back
// adds up"). Brands the subject is said of are part of it: "the fees at
// Acme and Globex add up".
func costBefore(before string, n int) bool {
	f := lastWords(before, n+6)
	k := 0
	for k < len(f) && (f[k] == "xx" || f[k] == "and" || f[k] == "or") {
		k++
	}
	if k > 0 && k < len(f) && (f[k] == "at" || f[k] == "of" || f[k] == "from" || f[k] == "with") {
		f = f[k+1:]
	}
	for _, w := range f[:min(n, len(f))] {
		if priceNoun[w] || costNouns[w] {
			return true
		}
	}
	return false
}

// burdenBefore reads the clause that before ends, its stretch after the
// last stop, comma or line break: burden reports that it names a cost (a price noun,
// "fees", "subscription"…) or a burden ("complaints", "outages", a
// "denial rate"), rate that it names a rate of neither a burden nor a
// benefit, a rank of which weighs nothing.
func burdenBefore(before string) (burden, rate bool) {
	gain := false
	start := strings.LastIndexAny(before, ".;:!?\n,")
	for t := before[start+1:]; t != ""; {
		k := 0
		for k < len(t) && !isTokenByte(t[k]) {
			k++
		}
		e := k
		for e < len(t) && isTokenByte(t[e]) {
			e++
		}
		w := strings.ToLower(t[k:e])
		if priceNoun[w] || costNouns[w] || burdenNouns[w] {
			return true, false
		}
		rate = rate || rateNouns[w]
		gain = gain || benefitNoun[w] || w == "savings"
		t = t[e:]
	}
	return false, rate && !gain
}

// hardToWords say a thing takes effort when "to" and a verb follow them
// ("harder to cancel", "the hardest to repair", "hard to love"): a
// complaint of the effort, which the verb's own weight does not turn
// ("love" is no praise there). A comparative weighs four fifths of its
// adjective, a superlative as much, as gradedBase weighs them.
var hardToWords = map[string]float64{"hard": -1, "harder": -0.8, "hardest": -1, "difficult": -1.5}

// unbeatenVerbs after "hard to" say no rival does better: "hard to beat",
// "harder to match", "the hardest to fault" are praise in every form.
var unbeatenVerbs = set("beat match top fault outdo surpass")

// unbeaten is the weight of a product hard to beat, as the phrase "hard to
// beat" weighs.
const unbeaten = 2.5

// effortAt weighs an effort word w that "to" and a verb follow in rest,
// the text right after w; it returns the weight and the bytes of rest it
// covers ("to" and the verb), or 0, 0. A verb of rivals doing better
// makes it praise ("harder to beat", "the hardest to match").
func effortAt(w, rest string) (float64, int) {
	e, ok := hardToWords[w]
	if !ok || nextToken(rest) != "to" {
		return 0, 0
	}
	verb := nextToken(rest[3:])
	if verb == "" || isNumeric(verb) {
		return 0, 0
	}
	if unbeatenVerbs[verb] {
		return unbeaten, 3 + 1 + len(verb)
	}
	return e, 3 + 1 + len(verb)
}

// withBestParticiples adds "best" before a participle of how a product
// is taken or kept, which says how to use it, not how good it is: "best
// known among smaller teams", "best treated as a fallback", "best left to
// specialists" weigh nothing, and "best avoided", "best skipped" warn.
// ("the best designed hood" stays praise.)
func withBestParticiples(m map[string][]phrase) map[string][]phrase {
	for _, p := range []string{"known", "treated", "served", "left", "kept", "reserved", "used", "prevented", "thought of", "seen as", "viewed as"} {
		m["best"] = append(m["best"], phrase{p, 0})
	}
	for _, p := range []string{"avoided", "skipped"} {
		m["best"] = append(m["best"], phrase{p, -2})
	}
	return m
}

// withWorthDoing adds "worth" before a verb of finding out ("worth
// knowing", "worth checking whether", "worth keeping an eye on") as no
// praise: it tells the reader what to look into and judges no product.
// "Worth checking out" and "worth" before a verb that takes the product
// ("worth considering", "worth watching", "worth reading", "worth
// keeping") stay praise; what is worth weighing before a purchase is a
// point to look into.
func withWorthDoing(m map[string][]phrase) map[string][]phrase {
	m["worth"] = append(m["worth"], phrase{"checking out", lexicon["worth"]},
		phrase{"keeping an eye", 0}, phrase{"keeping in mind", 0}, phrase{"weighing before", 0})
	for _, v := range strings.Fields(`knowing noting checking double-checking confirming verifying
		understanding asking remembering mentioning being re-quoting re-shopping shopping writing`) {
		m["worth"] = append(m["worth"], phrase{v, 0})
	}
	return m
}

// withPremiumPhrases adds paying a premium for something as a complaint of
// the price, as a charge on top is: "you pay a premium for the name", "a
// hefty premium". A premium with no "for" and no word of size is what an
// insurance policy costs ("pay a premium of $90 a month", "pay a premium
// every month"), and "worth paying a premium for" keeps its praise.
func withPremiumPhrases(m map[string][]phrase) map[string][]phrase {
	for _, verb := range []string{"pay", "pays", "paying", "paid"} {
		m[verb] = append(m[verb], phrase{"a premium for", -1.5})
		for _, adj := range []string{"big", "large", "hefty", "heavy", "steep", "huge", "real", "significant", "serious"} {
			m[verb] = append(m[verb], phrase{"a " + adj + " premium", -1.5})
		}
	}
	m["worth"] = append(m["worth"], phrase{"paying a premium for", lexicon["worth"]})
	return m
}

// withHesitantPhrases adds the writer's hesitation as advice against the
// brand, as "I'd be cautious" is: "I'd be hesitant to recommend it", "I'd
// be a little wary of it", "I'd hesitate to call it the right purchase".
func withHesitantPhrases(m map[string][]phrase) map[string][]phrase {
	for _, deg := range []string{"", "a little ", "a bit ", "somewhat ", "slightly ", "more ", "a little more ", "a bit more "} {
		for _, adj := range []string{"hesitant", "wary", "cautious"} {
			m["i'd"] = append(m["i'd"], phrase{"be " + deg + adj + " to recommend", -hesitantWeight},
				phrase{"be " + deg + adj, -hesitantWeight})
		}
	}
	m["i'd"] = append(m["i'd"], phrase{"hesitate to recommend", -hesitantWeight}, phrase{"hesitate", -hesitantWeight})
	return m
}

// hesitantHolds reports whether the writer's hesitation matched as phrase
// (withHesitantPhrases) is over a product: a name or a pronoun of one in
// its clause ("I'd be a little wary of it", "hesitant to keep all your
// savings in Acme", "cautious about budget tents, including Acme's"), or
// the clause ending or turning to a condition with it ("I'd be a bit
// cautious.", "wary if you need SSO"); not what the reader would do with
// no product named ("wary of managing your own server, and Acme handles
// it"), leaving a product ("I'd hesitate to cancel Acme") or using
// anything but it ("hesitant to use anything but Acme"). The older "be
// cautious" and "be more cautious" are left as they were.
func hesitantHolds(phrase, rest string) bool {
	p := strings.ToLower(strings.TrimSpace(phrase))
	if !strings.Contains(p, "hesita") && !strings.Contains(p, "wary") &&
		(p == "be cautious" || p == "be more cautious" || !strings.Contains(p, "cautious")) {
		return true
	}
	if strings.HasSuffix(p, " to recommend") {
		return true
	}
	switch next := nextToken(rest); next {
	case "", "if", "unless", "here", "though":
		return true
	case "to":
		t := rest[1+len(next):]
		if leaveVerbs[nextToken(t)] || otherObjects[secondToken(t)] {
			return false
		}
	}
	clause := rest
	if k := strings.IndexAny(clause, ".;:!?\n"); k >= 0 {
		clause = clause[:k]
	}
	for _, turn := range []string{", and ", ", but ", ", so ", ", while ", " and ", " but ", " - ", " — "} {
		if k := strings.Index(clause, turn); k >= 0 {
			clause = clause[:k]
		}
	}
	for _, x := range strings.Fields(clause) {
		x = strings.Trim(x, "*_,\"'()")
		// a blanked mention, a capitalized name ("Acme's"; not an
		// acronym such as "VPS"), or a pronoun of the product
		if strings.HasPrefix(x, "xx") || len(x) > 1 && 'A' <= x[0] && x[0] <= 'Z' && 'a' <= x[1] && x[1] <= 'z' ||
			hesitantObjects[strings.ToLower(x)] {
			return true
		}
	}
	return false
}

// hesitantObjects point at the product the writer hesitates over: "wary of
// it", "cautious about this plan".
var hesitantObjects = set("it it's its them their this these those")

// leaveVerbs after "hesitate to" leave the product: "I'd hesitate to cancel
// it" is loyalty, not a warning.
var leaveVerbs = set("cancel leave switch drop quit abandon ditch replace downgrade")

// otherObjects after such a verb turn the hesitation away from the
// product: "hesitant to use anything but Acme".
var otherObjects = set("anything any another anyone others")

// hesitantWeight is the weight of the writer's hesitation over a brand,
// as much as "I'd be cautious".
const hesitantWeight = 3.5

// withHardToPhrases adds an endorsement said to be hard as a complaint:
// "hard to justify at that price", "difficult to recommend over the
// alternatives" ("hard to beat" is praise, a phrase of its own).
func withHardToPhrases(m map[string][]phrase) map[string][]phrase {
	for _, adj := range []string{"hard", "harder", "difficult", "tough"} {
		for _, verb := range []string{"justify", "recommend"} {
			m[adj] = append(m[adj], phrase{"to " + verb, -2.5})
		}
	}
	return m
}

// withBasicPhrases adds a feature said to be basic as a complaint
// ("reporting is basic", "its task features are still basic"): "basic"
// alone is no opinion, since it names a tier ("the basic plan"). So are
// reviews said to be mixed ("claims reviews are mixed", "mixed reviews")
// and a feature said to be thin, a noun of thinFeatures before the verb
// ("reporting is thin", "its integrations feel thin"), "thin on" ("thin
// on marketing features") or thin for a customer ("it will feel thin for
// a larger team"); said of anything else "thin" is a fact of its size
// ("the phone is thin and light"), and "thin" and "mixed" before
// another noun name a kind ("thin credit files", "mixed teams") and
// weigh nothing.
func withBasicPhrases(m map[string][]phrase) map[string][]phrase {
	for _, verb := range basicVerbs {
		for _, adv := range basicAdverbs {
			for _, adj := range []string{"basic", "mixed", "thin for"} {
				m[verb] = append(m[verb], phrase{adv + adj, -1})
			}
		}
	}
	for _, noun := range thinFeatures {
		for _, verb := range basicVerbs {
			for _, adv := range basicAdverbs {
				m[noun] = append(m[noun], phrase{verb + " " + adv + "thin", -1})
			}
		}
	}
	m["thin"] = append(m["thin"], phrase{"on", -1})
	for _, noun := range []string{"reviews", "reputation", "ratings", "feedback"} {
		m["mixed"] = append(m["mixed"], phrase{noun, -1})
	}
	return m
}

// withRarePhrases adds the uses of "unique" and "rare" that set nothing
// apart, phrases of weight 0: "unique" before an identifier ("a unique
// ID", "a unique link", "a unique referral code") names a technical property, and "rare" said of
// discounts, sales, deals, promotions or availability ("discounts are
// rare", "rare sales") a fact of pricing or stock.
func withRarePhrases(m map[string][]phrase) map[string][]phrase {
	for _, n := range []string{"id", "ids", "identifier", "identifiers", "code", "codes", "key", "keys",
		"link", "links", "url", "urls", "number", "numbers"} {
		m["unique"] = append(m["unique"], phrase{n, 0})
		for _, kind := range []string{"tracking", "referral", "promo", "discount", "order", "account", "customer", "user", "api", "invite"} {
			m["unique"] = append(m["unique"], phrase{kind + " " + n, 0})
		}
	}
	for _, n := range []string{"discounts", "discount", "sales", "sale", "deals", "deal", "promotions",
		"promotion", "promos", "promo", "availability"} {
		m["rare"] = append(m["rare"], phrase{n, 0})
		for _, verb := range []string{"is", "are", "was", "were", "remain", "remains"} {
			for _, adv := range []string{"", "very ", "fairly ", "pretty ", "quite ", "rather ", "still "} {
				m[n] = append(m[n], phrase{verb + " " + adv + "rare", 0})
			}
		}
	}
	return m
}

// copulas before "a" and a price class say it of the product ("it is a
// budget-friendly option"), as a word ending in "'s" does ("it's a").
var copulas = set("is are was were")

// basicVerbs and basicAdverbs say what a feature is or feels like
// ("reporting is still basic").
var basicVerbs = []string{"is", "are", "was", "were", "remains", "remain", "feels", "feel"}
var basicAdverbs = []string{"", "still ", "fairly ", "pretty ", "quite ", "very ", "rather ", "a bit ", "somewhat "}

// thinFeatures are the features of a product that can be thin, too few
// or too shallow for its customers.
var thinFeatures = []string{"reporting", "reports", "analytics", "automation", "features", "integrations",
	"support", "documentation", "docs", "ecosystem", "marketplace", "catalog", "catalogue", "library",
	"templates", "options", "selection", "tooling", "module", "modules", "customization", "coverage", "network", "management", "content"}

// phraseAt matches a phrase that starts with word w and continues in rest (the text
// right after w), returning its weight and the bytes of rest it covers.
func phraseAt(w, rest string) (float64, int) {
	ps, ok := phrases[w]
	if !ok {
		return 0, 0
	}
	trimmed := strings.TrimLeft(rest, " ")
	skip := len(rest) - len(trimmed)
	for _, p := range ps {
		n := len(p.rest)
		if len(trimmed) >= n && strings.EqualFold(trimmed[:n], p.rest) &&
			(len(trimmed) == n || !isTokenByte(trimmed[n])) {
			return p.weight, skip + n
		}
	}
	return 0, 0
}

// span is a byte range of the answer.
type span struct{ start, end int }

// sentenceSpans splits an answer into sentences: every line is at least one (list
// items, table rows and headings are units of their own), and inside a line a
// sentence ends at ".", "!" or "?" followed by a space, except after a few
// abbreviations ("e.g.", "vs.", "Inc."). List markers are left out of the span.
func sentenceSpans(s string) []span {
	var out []span
	add := func(a, b int) {
		for a < b && (s[a] == ' ' || s[a] == '\t') {
			a++
		}
		for b > a && (s[b-1] == ' ' || s[b-1] == '\t' || s[b-1] == '\r') {
			b--
		}
		if a < b {
			out = append(out, span{a, b})
		}
	}
	for _, ln := range splitLines(s) {
		text := strings.TrimLeft(ln.text, " \t>#")
		if body, _, ok := cutListMarker(text); ok {
			text = body
		}
		start := ln.off + len(ln.text) - len(text)
		end := ln.off + len(ln.text)
		for j := start; j < end; j++ {
			c := s[j]
			if (c != '.' && c != '!' && c != '?') || (j+1 < end && s[j+1] != ' ' && s[j+1] != '\t') {
				continue
			}
			if c == '.' && isAbbreviation(s[start:j]) {
				continue
			}
			add(start, j+1)
			start = j + 1
		}
		add(start, end)
	}
	return out
}

var abbreviations = set("e.g i.e vs inc ltd co corp mr mrs ms dr st approx")

// isAbbreviation reports whether the text before a period ends with an abbreviation.
func isAbbreviation(before string) bool {
	w := before[strings.LastIndexAny(before, " \t(")+1:]
	return lowerIn(abbreviations, w)
}

// priceMoves are the verbs that move a price: down is praise, up a
// complaint.
var priceMoves = map[string]float64{
	"lower": 1.5, "lowers": 1.5, "lowered": 1.5, "lowering": 1.5,
	"cut": 1.5, "cuts": 1.5, "cutting": 1.5,
	"reduce": 1.5, "reduces": 1.5, "reduced": 1.5, "reducing": 1.5,
	"raise": -1.5, "raises": -1.5, "raised": -1.5, "raising": -1.5,
	"increase": -1.5, "increases": -1.5, "increased": -1.5, "increasing": -1.5,
}

// movedPrices are what a customer keeps paying, as the object of a verb
// that moves it; a rate counts only as the one a customer is charged
// ("your rate", "rates for safe drivers"), not a bank's ("cut its savings
// rate"); a product's price cut by a deal ("trade-in credit can reduce
// the price") is a fact of shopping, and a deductible the customer
// chooses is advice ("raise your deductible").
var movedPrices = set("fee fees premium premiums cost costs bill bills")

// movedFillers may stand between the verb and its price: "lowers your
// monthly premium", "cut the cost".
var movedFillers = set("your the its their monthly annual overall total")

// priceMoveAt weighs a verb w that moves a price when one follows it
// within three words ("can cut premiums", "raise your rate", "lowers the
// cost"). It returns the weight and the bytes of rest it covers, or 0, 0.
func priceMoveAt(w, rest string) (float64, int) {
	v, ok := priceMoves[w]
	if !ok {
		return 0, 0
	}
	t, prev := rest, ""
	for k := 0; k < 3; k++ {
		x := nextToken(t)
		if x == "" || len(t) < 1+len(x) || t[0] != ' ' {
			return 0, 0
		}
		t = t[1+len(x):]
		switch {
		case movedPrices[x], (x == "rate" || x == "rates") && (prev == "your" || nextToken(t) == "for"):
			return v, len(rest) - len(t)
		case !movedFillers[x]:
			return 0, 0
		}
		prev = x
	}
	return 0, 0
}

// riseModals stand between an event and the rise it may cause: "an
// accident can raise your rate".
var riseModals = set("can could may might will would")

// eventRise reports whether before, the clause before a verb that raises
// a price, is an event any customer may cause and a modal: an indefinite
// or gerund subject ("An at-fault accident can", "Adding a teen driver
// will", "Filing a claim may") with no brand, name or pronoun of a
// product in it ("Snapshot can raise your rate" stays a complaint).
func eventRise(before string) bool {
	clause := before[strings.LastIndexAny(before, ".;:!?\n")+1:]
	f := strings.Fields(clause)
	if len(f) < 3 || !riseModals[strings.ToLower(f[len(f)-1])] {
		return false
	}
	first := strings.ToLower(strings.Trim(f[0], "*_\"'"))
	if first != "a" && first != "an" && (len(first) < 5 || !strings.HasSuffix(first, "ing")) {
		return false
	}
	for _, x := range f[1 : len(f)-1] {
		x = strings.Trim(x, "*_,\"'()")
		switch {
		case strings.HasPrefix(x, "xx"), x != "" && 'A' <= x[0] && x[0] <= 'Z':
			return false
		}
		switch strings.ToLower(x) {
		case "it", "its", "they", "their", "this":
			return false
		}
	}
	return true
}

// customaryNouns name the pick most buyers are pointed to when a word of
// custom qualifies them ("the usual answer", "a safe bet", "the obvious
// default"); standardNouns do so of themselves, as nouns ("the standard
// for Shopify brands", "the car-camping classic").
var (
	customaryNouns = set("answer bet default")
	customaryWords = set("usual obvious natural safe standard default typical")
	standardNouns  = set("standard classic")
	// standardEnds may follow "the standard" or "a classic" used as a
	// noun; a noun after it makes it an adjective ("the standard plan")
	standardEnds = set("for among in on with that since")
	// pickOpeners may stand before the article: a verb of being, or
	// nothing when the phrase opens its clause ("A classic that works
	// on and off the trail")
	pickOpeners = set("is are was remains remain becomes still 's isn't aren't")
)

// customaryPick reports whether w, with before and rest the text around
// it, is a customary pick said of the brand: "is the usual answer", "a
// safe bet", "remains the standard for large teams", "A classic for
// trail and town".
func customaryPick(w, before, rest string) bool {
	switch {
	case customaryNouns[w]:
		f := lastWords(before, 3)
		return len(f) == 3 && customaryWords[f[0]] && articles[f[1]] && f[1] != "any" && (pickOpeners[f[2]] || strings.HasSuffix(f[2], "'s"))
	case standardNouns[w]:
		if x := nextToken(rest); x != "" {
			if !standardEnds[x] {
				return false
			}
			// "which is the standard for Acme and Globex alike": the
			// brands after it are what the standard is for, not the pick
			t := strings.TrimLeft(strings.TrimLeft(rest, " *_")[len(x):], " *_")
			if strings.HasPrefix(t, "xx") && !qualifiesNoun(t[2:]) {
				return false
			}
		}
		f := lastWords(before, 3)
		if len(f) > 0 && !articles[f[0]] {
			if strings.IndexByte(f[0], '-') < 0 || sentimentWords[f[0]].kind != plain {
				return false // "the car-camping classic", not "the industry standard"
			}
			f = f[1:]
		}
		if len(f) == 0 || f[0] != "the" && f[0] != "a" {
			return false
		}
		// "a" opens its clause ("A classic for trail and town", "Acme, a
		// classic for…"), or the article follows a verb of being; "The
		// standard for comparison is Acme" names a yardstick, no verdict
		return len(f) == 1 && f[0] == "a" || len(f) > 1 && (pickOpeners[f[1]] || strings.HasSuffix(f[1], "'s"))
	}
	return false
}

// yesQualifier reports whether before ends inside a bracket that follows
// a table cell's "Yes": "| Yes (limited", "| Yes (individuals; limited".
//
// An intensifier right before the word ("Yes (very limited)", "Yes
// (severely limited storage)") sizes the limit: that is a complaint.
func yesQualifier(before string) bool {
	k := strings.LastIndexByte(before, '(')
	if k < 0 || strings.ContainsAny(before[k:], ")|") {
		return false
	}
	if f := lastWords(before, 1); len(f) == 1 && sentimentWords[f[0]].kind == intensifier {
		return false
	}
	t := strings.TrimRight(before[:k], " ")
	if len(t) < 3 || !strings.EqualFold(t[len(t)-3:], "yes") {
		return false
	}
	t = strings.TrimRight(t[:len(t)-3], " *_")
	return t == "" || strings.HasSuffix(t, "|")
}

// paidExtras are charges on top of a plan, as a subject that piles up.
var paidExtras = set("add-ons addons extras upgrades surcharges")

// costPilesBefore reports whether what piles up, the last words of
// before, is a cost ("add-ons pile up quickly", "the fees pile up fast"):
// only a cost that piles up fast is a complaint, not orders, reviews,
// subscribers or points piling up.
func costPilesBefore(before string) bool {
	if costBefore(before, 3) {
		return true
	}
	f := lastWords(before, 1)
	return len(f) == 1 && paidExtras[f[0]]
}

// fitWords may follow "better" before the use it names: "better suited to".
var fitWords = set("suited fit placed")

// useWords open the use a product is said to fit: "for", "to", "as".
var useWords = set("for to as at in with")

// rivalWords after "than" name other products, not a use: "than the
// others", "than most", "than it", "than any other card", "than anything
// else", "than their competitors", "than similar apps", "than many
// alternatives", "than last year's model"; or the product's own past or
// what was expected of it: "than before", "than ever", "than expected".
var rivalWords = set(`the other others most it its competitors rivals
	any anything another many all every their similar comparable competing alternatives
	last previous older before ever expected advertised`)

// usesComparedAt reports, for the text after "better", whether it compares
// two uses rather than two products: "suited to teams than to solo users",
// "for wikis than task tracking", a use after "than" and no name. It
// returns the bytes of a fit word to skip ("suited"), or -1.
func usesComparedAt(rest string) int {
	skip := 0
	if w := nextToken(rest); fitWords[w] {
		skip = 1 + len(w)
	}
	t := rest[skip:]
	if !useWords[nextToken(t)] {
		return -1
	}
	for k := 0; k < 12; k++ {
		w := nextToken(t)
		if w == "" {
			return -1
		}
		t = t[1+len(w):]
		if w == "than" && k > 1 {
			if u := nextToken(t); useWords[u] || u == "a" || u == "an" {
				t = t[1+len(u):]
			}
			if u := nextToken(t); u == "" || rivalWords[u] || nameAhead(t) {
				return -1
			}
			return skip
		}
	}
	return -1
}
