package analyze

import (
	"math"
	"testing"
)

func TestSentiment(t *testing.T) {
	// Bands rather than exact scores: the lexicon will be tuned, the polarity and
	// rough strength of these sentences must not change.
	const (
		neg     = "negative" // < 40
		neutral = "neutral"  // exactly 50
		pos     = "positive" // > 60
		veryPos = "very pos" // > 75
		veryNeg = "very neg" // < 25
		anyPos  = "> 50"
		anyNeg  = "< 50"
	)
	tests := []struct {
		text, want string
	}{
		{"HubSpot is a CRM platform founded in 2006.", neutral},
		{"", neutral},
		{"Notion is great for wikis.", pos},
		{"Notion is excellent, intuitive and extremely powerful.", veryPos},
		{"Salesforce is expensive and clunky.", neg},
		{"The support is terrible and the app is buggy.", veryNeg},
		{"Zendesk is not reliable anymore.", neg},
		{"The mobile app isn't great.", neg},
		{"The mobile app isn’t great.", neg},
		{"This plugin is no longer recommended.", neg},
		{"Honestly, Trello is not bad for small teams.", anyPos},
		{"Pipedrive is not only fast but also intuitive.", pos},
		{"Asana works without issues.", anyPos},
		{"ClickUp is feature-rich, but the interface is confusing.", anyNeg},
		{"The interface is confusing, but ClickUp is powerful and reliable.", pos},
		{"Airtable is very good.", pos},
		{"If you need deep customization, Salesforce is hard to beat.", pos},
		{"The free plan falls short for growing teams.", neg},
		{"Acme is highly rated by small businesses.", pos},
		{"Acme is not highly rated.", anyNeg},
		{"Its app is the gold standard for budgeting.", veryPos},
		{"The camera is underwhelming in low light.", neg},
		{"The boots run small, so size up.", anyNeg},
		{"It is less suited to large teams.", anyNeg},
		{"It is well suited to large teams.", anyPos},
		{"Monday.com lacks robust reporting.", anyNeg},
		{"It doesn't have a steep learning curve.", anyPos},
		{"Loved by teams: user-friendly and a go-to choice.", veryPos},
		{"Pricing is slightly high, but it is a solid pick.", anyPos},
		{"No subscription needed; storage is local.", anyPos},
		{"It avoids monthly fees entirely.", anyPos},
		{"Both insurers often quote lower for young drivers.", anyPos},
		{"Older homes are often quoted higher.", anyNeg},
		{"You get a quote more quickly online.", anyPos},
		{"Ask the agent for a quote.", neutral},
		{"The CRM needs almost no setup.", anyPos},
		{"With this app there is little manual data entry.", anyPos},
		{"It needs little admin work, and the app is free.", anyPos},
		{"It requires far less configuration than its rivals.", anyPos},
		{"The card charges no setup fee.", neutral},
		{"The tool has no configuration options.", neutral},
		{"It leaves you no time for work.", neutral},
		{"It requires little work from the user.", anyPos},
		{"Several teams report surprise invoices.", anyNeg},
		{"Billing is more predictable.", anyPos},
		{"Online prices are usually higher.", anyNeg},
		{"Its fees are lower for small teams.", anyPos},
		{"The store charges extra for delivery.", anyNeg},
		{"The toys rarely last a month.", anyNeg},
		{"The store slows down past a few thousand products.", anyNeg},
		{"It is available in a limited number of states.", neutral},
		{"Availability is limited to some carriers.", neutral},
		{"The policy is not sold in every state.", neutral},
		{"The card isn't available nationwide yet.", neutral},
		{"Its renters cover is not offered in most states.", neutral},
		{"The app is not available on Android.", anyNeg},
		{"The policy isn't offered in most states, and claims are slow.", anyNeg},
		{"Tap to pay isn't supported in most countries.", anyNeg},
		{"The app doesn't work everywhere.", anyNeg},
		{"The app doesn't work in most countries.", anyNeg},
		{"The phone doesn't support most carriers.", anyNeg},
		{"Flood cover is not sold in most states.", neutral},
		{"The free plan has limited storage.", anyNeg},
		{"It comes with a limited lifetime warranty.", neutral},
		{"| Acme | 2.9% + 30¢ | Not supported |", neutral},
		{"Zelle is not supported.", anyNeg},
		{"The insurer no longer writes policies in Florida.", neutral},
		{"The lender stopped making new loans last year.", neutral},
		{"It is no longer the bargain it once was.", anyNeg},
		{"The foam sleeps hot and owners report sagging.", anyNeg},
		{"The ear cushions get hot on long calls.", anyNeg},
		{"A mandatory onboarding fee surprises many small teams.", anyNeg},
	}
	for _, tt := range tests {
		got := Sentiment(tt.text)
		ok := false
		switch tt.want {
		case neg:
			ok = got < 40
		case neutral:
			ok = got == 50
		case pos:
			ok = got > 60
		case veryPos:
			ok = got > 75
		case veryNeg:
			ok = got < 25
		case anyPos:
			ok = got > 50
		case anyNeg:
			ok = got < 50
		}
		if !ok || math.IsNaN(got) || got <= 0 || got >= 100 {
			t.Errorf("Sentiment(%q) = %.1f, want %s", tt.text, got, tt.want)
		}
	}
}

func TestSentimentNegationScope(t *testing.T) {
	// Negation ends at the clause: "not" in the first clause must not flip "great".
	a := Sentiment("It is not cheap, great support though.")
	b := Sentiment("Great support though.")
	if a <= 50 || math.Abs(a-b) > 15 {
		t.Errorf("clause-scoped negation: got %.1f, want close to %.1f", a, b)
	}
}

func TestSentimentIntensity(t *testing.T) {
	// Intensifiers and dampeners order the same opinion by strength.
	texts := []string{
		"Airtable is extremely bad.", "Airtable is bad.", "Airtable is slightly bad.",
		"Airtable is okay.", "Airtable is somewhat good.", "Airtable is good.", "Airtable is very good.",
	}
	for i := 1; i < len(texts); i++ {
		lo, hi := Sentiment(texts[i-1]), Sentiment(texts[i])
		if lo >= hi {
			t.Errorf("Sentiment(%q) = %.1f, not below Sentiment(%q) = %.1f", texts[i-1], lo, texts[i], hi)
		}
	}
}

// Product praise and complaints the lexicon knows (docs/ingest.md#sentiment),
// with the negation, intensity and contrast rules kept.
func TestSentimentProductLanguage(t *testing.T) {
	tests := []struct {
		text     string
		positive bool
	}{
		{"It handles the import well.", true},
		{"It is the fastest tracker available today.", true},
		{"The hip belt is comfortable and very durable.", true},
		{"Setup is painless, and the app is slick.", true},
		{"It is a pain to set up.", false},
		{"The interface feels cluttered once projects grow.", false},
		{"Its reporting is rarely worth the cost.", false},
		{"The theme editor is less intuitive.", false},
		{"The Starter plan lacks time tracking.", false},
		{"The foam in the hip belt wears out faster.", false},
		{"The stakes bend easily, and customers report leaking seams.", false},
		{"I'd choose it for a parent who wants a simple phone.", true},
		{"I wouldn't recommend it for a large team wiki.", false},
		{"You won't regret this headlamp.", true},
		{"It has no hidden fees.", true},
		{"Inventory tools are too basic for this size.", false},
		{"It is too simple for large teams.", false},
		{"It ranked first among direct banks.", true},
		{"It syncs files consistently across devices.", true},
		{"The policy has very low premiums for new drivers.", true},
		{"Expect higher fees on international wires.", false},
		{"The card is suitable for frequent travellers.", true},
		{"Members saw rate hikes after the merger.", false},
		{"The basic plan doesn't include phone support.", false},
		{"Many drivers find the app's monitoring intrusive.", false},
		{"The monitoring is not intrusive.", true},
		{"Setup is fiddly on older routers.", false},
		{"The app feels janky on older phones.", false},
		{"The bank nickel-and-dimes you with small fees.", false},
		{"The app only supports two currencies.", false},
		{"Coverage is sold in only a few states.", false},
		{"Teams avoid paying for a separate dialer.", true},
		{"Avoid this card if you carry a balance.", false},
		{"Online-first banks avoid most of those fees.", true},
		{"I would avoid it for a new store.", false},
		{"Merchants should avoid Bolt for now.", false},
		{"The new sync engine reduces errors.", true},
		{"Buying refurbished there is lower risk.", true},
		{"The card offers higher limits for startups.", true},
		{"Its savings account pays a lower APY.", false},
		{"The card requires no personal guarantee.", true},
		{"I'd skip this blender for smoothies.", false},
		{"I wouldn't count on the cashback program.", false},
		{"Don't move to this tool just because the free plan looks generous.", false},
		{"We would never buy it again.", false},
		{"I'd lean toward the cheaper kettle.", true},
		{"I'd stick with the older model.", true},
		{"The kettle costs a lot more than the others.", false},
		{"Its daypacks cost less.", true},
		{"The premium plan covers more.", true},
		{"The basic policy covers less.", false},
		{"The speaker is the practical choice for the beach.", true},
		{"The database comes with a usable free tier.", true},
		{"It is a steadier choice for savings.", true},
		{"Recording a short video beats scheduling another meeting.", true},
		{"Users report issues with the sync.", false},
		{"If rate is all that matters, look at Ally or SoFi.", true},
		{"It is the most complete option for call coaching.", true},
		{"Both have higher deposit limits and phone support.", true},
		{"It had some of the highest average premiums in the survey.", false},
		{"Its calling features are basic.", false},
		{"Its database features are still basic.", false},
		{"For phone-heavy teams, it usually pays for itself.", true},
		{"The returns app pays for itself on apparel.", true},
		{"The most common recommendation for companies your size.", true},
		{"It is a reasonable choice if you want early pay.", true},
		{"The default choice for most runners.", true},
		{"It is not the right choice for a small team.", false},
		{"It isn't the best choice for large teams, though its boards are polished.", false},
		{"It is not recommended for handmade sellers, though its fees are low.", false},
		{"Its down quality is hard to fault.", true},
		{"The outlet sells used gear at steep discounts.", true},
		{"Two brands dominate here.", true},
		{"A plush hipbelt for heavier loads.", true},
		{"No fees and excellent 24/7 US-based support.", true},
		{"There are no hidden fees and no surprises.", true},
		{"It gets expensive fast once you add seats.", false},
		{"The per-seat pricing adds up quickly.", false},
		{"Costs escalate quickly for larger teams.", false},
		{"New reps pick it up quickly.", true},
	}
	for _, tt := range tests {
		got := Sentiment(tt.text)
		if tt.positive && got <= 55 || !tt.positive && got >= 45 {
			t.Errorf("Sentiment(%q) = %.1f, want %s", tt.text, got, map[bool]string{true: "> 55", false: "< 45"}[tt.positive])
		}
	}
	// "issue tracking" and "learning curve" are topics, not complaints, and
	// "engagement" a kind of product ("sales engagement platform"), not praise
	// and a condition or purpose that opens a sentence says whom the advice is
	// for, not how good the brand is; what a product does or whom it serves
	// ("pay in four", "won deals", "a dedicated success manager", "smart
	// devices", "spam calls", "defects" a warranty covers) is its topic, not
	// an opinion of it, "low" is judged by its noun ("low fees"), and
	// counted issues are a plan's allowance; advice names a product
	// ("look at Ally"), not a kind of one; and what a product is built to
	// be ("customizable", "lightweight") describes it; a fee is a fact of
	// pricing until its size or a word says otherwise
	for _, text := range []string{"Best for issue tracking.", "It has a learning curve of a week.",
		"It is a customer engagement platform based in Ohio.",
		"Pay in four interest-free installments.", "The integration posts won deals to a channel.",
		"A dedicated success manager handles onboarding for freelancers.",
		"It offers discounts for installing smart devices.", "Call Screen helps filter spam calls.",
		"The warranty covers repairs for damage or defects.", "Deposits can be as low as $49 for some applicants.",
		"The free plan allows up to 250 issues.", "Business adds unlimited issues per team.",
		"If a doorbell is what you're after, look at doorbell cameras separately.",
		"Customizable boards with many column types.", "It combines docs and lightweight task databases.",
		"A scalable platform for large catalogs.", "Best for: flexibility.",
		"It charges a variable fee from about 0.33%, plus a fixed fee per transfer.",
		"The app does not charge monthly maintenance fees, overdraft fees or foreign transaction fees.",
		"For expensive purchases, the card spreads payments.", "If you hate spreadsheets, this tool fits.",
		"It is a basic plan for two users.", "Transition gradually to avoid blisters.",
		"It takes more than a week to set up.", "It is more of a contact manager than a CRM.",
		"Customers pay for it monthly.", "It is another choice in the same price range.",
		"The first choice to make is the plan.", "It is a plain choice for a dorm.",
		"14-day free trial, no card required.", "Before the transfer, make sure the old phone is charged."} {
		if got := Sentiment(text); got != 50 {
			t.Errorf("Sentiment(%q) = %.1f, want 50", text, got)
		}
	}
}

// A comparative or superlative of a product-lexicon adjective in -y weighs
// as its adjective; a word that only ends like one weighs nothing.
func TestSentimentGradedAdjective(t *testing.T) {
	checkSides(t, []sideCase{
		{"Sequences make it the priciest of the four.", "-"},
		{"The mobile app is clunkier than it used to be.", "-"},
		{"This release is the buggiest yet.", "-"},
		{"The carrier ships it from the frontier.", "0"},
	})
}

// The writer's own pick inside a negation's reach is advice against the
// brand, which outweighs a word of praise the answer concedes.
func TestSentimentDeniedPick(t *testing.T) {
	checkSides(t, []sideCase{
		{"It is not the brand I'd choose for technical hiking. It makes affordable clothing for easy trails.", "-"},
		{"It isn't the brand I'd point you to for serious skiing, though it's a reasonable pick for a few days a year.", "-"},
		{"For serious skiing, this is the brand I'd point you to.", "+"},
		{"It is not cheap, but it is the one I'd pick.", "+"},
	})
}

// An endorsement said to be hard is a complaint, whatever opinion word
// ("excellent", "lovely") the sentence grants before it.
func TestSentimentHardToEndorse(t *testing.T) {
	checkSides(t, []sideCase{
		{"It is hard to recommend over the alternatives at this price.", "-"},
		{"The picture processing is excellent, but it's hard to recommend at this price.", "-"},
		{"It is lovely, but at $80 it is difficult to justify on a student budget.", "-"},
		{"Its battery life is hard to beat.", "+"},
	})
}

// Steering the reader away from a product, or telling them to be careful
// with it, is advice against it, which outweighs a word of praise.
func TestSentimentSteerAway(t *testing.T) {
	checkSides(t, []sideCase{
		{"I'd steer you away from it for this use case. It's built for high-volume prospecting.", "-"},
		{"I'd steer away from it for this use. The bass is punchy.", "-"},
		{"I'd be more careful with it. The monthly fees sound small and the app is easy.", "-"},
		{"I'd steer new teams toward it.", "0"},
	})
}

// More of the writer's own picks: "I'd shortlist", "I'd point most
// people to", "I'd rely on", "the one I'd try first"; "I'd point out" is
// no pick.
func TestSentimentWritersPick(t *testing.T) {
	checkSides(t, []sideCase{
		{"For a family of four, I'd shortlist it.", "+"},
		{"It is where I'd point most first-time buyers.", "+"},
		{"It isn't a sync I'd rely on abroad.", "-"},
		{"It is the one I'd try first.", "+"},
		{"I'd point out that it ships in May.", "0"},
		{"I'd point to its slow claims handling as the main weakness.", "-"},
		{"I'd point to its claims handling as the part to read closely.", "0"},
		{"For travel, I'd point you to this one.", "+"},
	})
}

// A product ranked first on a quality of no weight of itself is praised;
// "the most" before an opinion, a price or an effort weighs that word.
func TestSentimentRankedFirst(t *testing.T) {
	checkSides(t, []sideCase{
		{"It is the most configurable tracker of the group.", "+"},
		{"Reviewers call it one of the most widely stocked tents.", "+"},
		{"It isn't the most configurable tracker.", "-"},
		{"It charges the most fees of the four.", "0"},
		{"Migrations take the most time.", "0"},
		{"Sync is the most common complaint.", "-"},
		{"The interface is the most cluttered of the three.", "-"},
		{"Acme's app uses the most data of any banking app we tested.", "0"},
		{"The free tier shows the most ads.", "0"},
		{"The Acme plan is the most recent version of the policy.", "0"},
		{"The Acme Pro is the most likely of the four to crack when dropped.", "-"},
		{"Acme is the most widely known option.", "0"},
		{"Acme is well known in the region.", "0"},
		{"Acme is a well-known name in lending.", "0"},
		{"It gives small clients more attention than the big agencies do.", "+"},
		{"It gives you the most value for the money.", "+"},
	})
}

// A price cut to a share of another's is praise, as "costs less" is;
// "for less" before what is not money sizes something else.
func TestSentimentShareOfPrice(t *testing.T) {
	checkSides(t, []sideCase{
		{"It covers the same ground at a fraction of the cost.", "+"},
		{"The tent sleeps two for about a third of the price.", "+"},
		{"You get nearly the same screen for less.", "+"},
		{"It gives similar grip for far less money than the flagship.", "+"},
		{"The sack packs a quilt for less weight.", "0"},
		{"Members can often buy it for less on sale days.", "0"},
		{"Acme's plan is fine, but rivals offer the same coverage for less.", "0"},
		{"You can find the same jacket elsewhere for less.", "-"},
		{"Competing stores sell this lamp at a fraction of the price.", "0"},
		{"It does the same job for less than other tools.", "+"},
	})
}

// Another purchase spared is praise of the product that spares it; a cost
// spared is a fact of pricing, and another thing not included a lack.
func TestSentimentPurchaseSpared(t *testing.T) {
	checkSides(t, []sideCase{
		{"Invoices go out without extra plugins.", "+"},
		{"Shops can skip a separate booking service.", "+"},
		{"With the dialer built in, you won't need another calling app.", "+"},
		{"There is no extra platform fee.", "0"},
		{"The plan doesn't include a separate staging site.", "-"},
		{"The free plan doesn't allow additional users.", "-"},
		{"You can't add another user without upgrading to Pro.", "0"},
		{"There's no additional support for older devices.", "0"},
		{"With shared folders there's no need for another sync tool.", "+"},
		{"With booking built in, you won't buy a separate scheduler.", "+"},
	})
}

// "a plus" is an advantage; "plus" that joins a list weighs nothing.
func TestSentimentPlusNoun(t *testing.T) {
	checkSides(t, []sideCase{
		{"The roll-top closure is a plus.", "+"},
		{"Free returns are a real plus for first-time buyers.", "+"},
		{"The filter isn't a plus here.", "-"},
		{"It charges a monthly fee plus tax.", "0"},
		{"Buyers get the Plus tier after a year.", "0"},
		{"You pay a fee plus interest on the balance.", "0"},
		{"The service runs $12 a month plus tax.", "0"},
		{"The box holds a phone plus a case.", "0"},
		{"The quiet fan is a big plus if you work at night.", "+"},
	})
}

// A lead over the others is praise.
func TestSentimentLeadOverOthers(t *testing.T) {
	checkSides(t, []sideCase{
		{"For long weekends, the 40-liter pack comes out ahead.", "+"},
		{"On zoom, this camera has the edge.", "+"},
		{"The brand leads in low-light video.", "+"},
		{"It edges ahead on battery life.", "+"},
		{"Plan your route ahead of time.", "0"},
		{"Book far ahead if you travel in summer.", "0"},
		{"Acme leads in customer complaints filed with the regulator.", "-"},
		{"The chef's knife has an edge that dulls within weeks.", "-"},
		{"On battery life the phone is far ahead.", "+"},
		{"The sedan has an edge over its rivals.", "+"},
		{"The smaller bank has the edge if you want branches.", "+"},
		{"The platform is generally rated ahead for its app ecosystem.", "+"},
		{"In most surveys the bank ranks ahead on mobile deposits.", "+"},
		{"The payment was rated ahead of schedule.", "0"},
		{"For hotel loyalty, the two big chains lead the industry.", "+"},
		{"Reps follow up on every lead the market sends them.", "0"},
		{"Acme routes web leads here.", "0"},
		{"Acme's sales lead here told us the price.", "0"},
	})
}

// Giving the customer more is praise, as covering more is.
func TestSentimentGivesMore(t *testing.T) {
	checkSides(t, []sideCase{
		{"The larger kit gives you more control over the grind.", "+"},
		{"At this budget the second tent gives more.", "+"},
		{"It gives you the same two rooms.", "0"},
	})
}

// An issue or a bug next to a verb or noun of handling it is an object a
// tracker handles, not a complaint; problems said of the product stay
// complaints.
func TestSentimentHandledIssues(t *testing.T) {
	checkSides(t, []sideCase{
		{"Designers log bugs from a sidebar.", "0"},
		{"The board groups work into issues and cycles.", "0"},
		{"Merged branches change the issue status.", "0"},
		{"Stale issues roll over to the next sprint.", "0"},
		{"Users report sync issues on Android.", "-"},
		{"The beta still has bugs.", "-"},
		{"Some users report linking issues with their bank accounts.", "-"},
		{"The watch has GPS tracking issues in dense forest.", "-"},
		{"Owners mention update issues after every firmware release.", "-"},
		{"Several users hit filing issues with state returns.", "-"},
		{"Import issues with large CSV files are common.", "-"},
		{"The team triages issues every morning.", "0"},
	})
}

// What a product's users like or prefer is praise of it; "like" before a
// name or a person gives an example.
func TestSentimentPeopleLike(t *testing.T) {
	checkSides(t, []sideCase{
		{"Testers like its roll-top closure.", "+"},
		{"Many buyers prefer it for gifts.", "+"},
		{"Owners generally prefer Acme.", "+"},
		{"Reviewers like Globex tested it in May.", "0"},
		{"It suits buyers like you.", "0"},
		{"Power users prefer other tools for reporting.", "0"},
		{"Many shoppers prefer to buy in store instead.", "0"},
		{"Most readers like this one.", "+"},
		{"Small teams often prefer it.", "+"},
		{"Weekend climbers prefer it.", "+"},
	})
}

// A feature said to be rare or unique sets the product apart: praise.
func TestSentimentRareFeature(t *testing.T) {
	checkSides(t, []sideCase{
		{"The card earns points on rent, which is rare for a debit card.", "+"},
		{"A rare option among budget tents: two vestibules.", "+"},
		{"The hinge design is unique.", "+"},
		{"The rewards are nice, but they aren't unique.", "-"},
		{"Each order gets a unique tracking number.", "0"},
		{"The app creates a unique link for every guest.", "0"},
		{"Promotions are rare, so plan on the list price.", "0"},
		{"Sales are rare on this model.", "0"},
		{"You get a unique ID and a unique referral code.", "0"},
	})
}

// "above average" ranks a product up and "below average" down, unless
// what is ranked is a cost or a burden; a table cell of its own is a fact.
func TestSentimentAboveAverage(t *testing.T) {
	checkSides(t, []sideCase{
		{"The insurer scores above average for roadside help.", "+"},
		{"It has an above-average mobile app.", "+"},
		{"Repair turnaround is below average.", "-"},
		{"Its fees for new drivers are well above average.", "-"},
		{"The complaint ratio sits above average.", "-"},
		{"Globex's savings rate sits above average.", "+"},
		{"Its loan rates run above average.", "0"},
		{"The claim denial rate is below average.", "+"},
		{"| Roadside help | Above average |", "0"},
	})
}

// A leading "For …" phrase that runs into a main clause before its comma
// is no condition: the verdict after it is weighed.
func TestSentimentForPhraseMainClause(t *testing.T) {
	checkSides(t, []sideCase{
		{"For most hikers this is the best pack, with room to spare.", "+"},
		{"For small shops you'd be better served by the cheaper plan, honestly.", "+"},
		{"For teams that are happy with spreadsheets, the tool adds little.", "0"},
		{"For happy campers, the tent packs small.", "0"},
	})
}

// A product within the customer's reach is praised.
func TestSentimentAccessible(t *testing.T) {
	checkSides(t, []sideCase{
		{"It is one of the more accessible lenders for first-time buyers.", "+"},
		{"The trade-in program makes the phone accessible.", "+"},
		{"The plan is not accessible to most freelancers.", "-"},
	})
}

// A rank near the top of the market, "one of the largest available",
// "among the highest", is praise; of a cost it is a complaint, and a
// class the brand belongs to ("one of the largest banks") is a fact.
func TestSentimentRankAmong(t *testing.T) {
	checkSides(t, []sideCase{
		{"Its referral bonus is one of the largest available.", "+"},
		{"The cashback rate is among the highest for debit cards.", "+"},
		{"Its monthly fees are among the highest in the market.", "-"},
		{"Premiums for new drivers are among the lowest.", "+"},
		{"Globex's savings rates are among the highest around.", "+"},
		{"Its claim denial rate is among the highest in the state.", "-"},
		{"Globex's outage count was among the highest of any provider.", "-"},
		{"It is one of the largest regional lenders.", "0"},
	})
}

// sideCase is a text and the side of 50 its Sentiment falls on: "+", "-"
// or "0" (docs/accuracy.md#the-analyzers-score-and-the-labels).
type sideCase struct{ text, want string }

// checkSides reports each text whose Sentiment falls on another side.
func checkSides(t *testing.T, tests []sideCase) {
	t.Helper()
	for _, tt := range tests {
		s := Sentiment(tt.text)
		got := "0"
		if s > 55 {
			got = "+"
		} else if s < 45 {
			got = "-"
		}
		if got != tt.want {
			t.Errorf("Sentiment(%q) = %.1f (%s), want %s", tt.text, s, got, tt.want)
		}
	}
}

// A word's one lookup of sentimentWords carries the sets of valenceTraits
// it is in, and only those.
func TestWordTraits(t *testing.T) {
	for _, vt := range valenceTraits {
		for w := range vt.words {
			if !sentimentWords[w].has(vt.trait) {
				t.Errorf("%q lacks trait %b", w, vt.trait)
			}
		}
	}
	if info := sentimentWords["is"]; info.traits != copulaWord {
		t.Errorf(`sentimentWords["is"] = %+v, want a copula only`, info)
	}
	if info := sentimentWords["more"]; !info.has(sizeComparative) || info.has(copulaWord) {
		t.Errorf(`sentimentWords["more"] = %+v, want a size comparative`, info)
	}
	if info := sentimentWords["great"]; !info.weighed() || info.traits != 0 {
		t.Errorf(`sentimentWords["great"] = %+v, want weighed, no trait`, info)
	}
}

// An effort spared ends its noun phrase: "work from home" names an
// arrangement, not work spared.
func TestSparedEffortAt(t *testing.T) {
	for rest, spared := range map[string]bool{
		" work from home policy.": false,
		" work from the user.":    true,
		" setup fee.":             false,
		" manual data entry.":     true,
	} {
		if got := sparedEffortAt(rest) > 0; got != spared {
			t.Errorf("sparedEffortAt(%q) > 0 = %v, want %v", rest, got, spared)
		}
	}
}

// A verb that moves what the customer keeps paying weighs the move: down
// is praise, up a complaint, a rise denied praise; a bank's rate, a
// price cut by a deal and a deductible are left alone, and so is a rise
// an event any customer may cause brings.
func TestSentimentPriceMoved(t *testing.T) {
	checkSides(t, []sideCase{
		{"Snapshot can cut premiums for careful drivers.", "+"},
		{"It lets you ladder coverage down, lowering premiums.", "+"},
		{"SmartRide won't raise your rate.", "+"},
		{"It generally won't increase your premium.", "+"},
		{"The program can lower rates for safe drivers.", "+"},
		{"The insurer raised premiums sharply last year.", "-"},
		{"Snapshot can raise your rate at renewal.", "-"},
		{"Ally cut rates on savings twice this year.", "0"},
		{"Trade-in credit can reduce the price by several hundred dollars.", "0"},
		{"Raise your deductible before you renew.", "0"},
		{"An at-fault accident can raise your rate for three years.", "0"},
		{"Adding a teen driver will increase your premium.", "0"},
	})
}

// The pick most buyers are pointed to, named with a word of custom ("the
// usual answer", "a safe bet") or as "the standard" or "a classic" said
// of the brand, is praise; the same words naming something else are not.
func TestSentimentCustomaryPick(t *testing.T) {
	checkSides(t, []sideCase{
		{"If automation matters, it is the usual answer.", "+"},
		{"For long trips it is a safe bet.", "+"},
		{"For Shopify stores it is the standard; the rest trail.", "+"},
		{"A classic for trail and town.", "+"},
		{"It is the car-camping classic.", "+"},
		{"It isn't a safe bet for teens.", "-"},
		{"It meets the standard for data security.", "0"},
		{"The standard is 30 days.", "0"},
		{"The usual answer is to wait for a sale.", "0"},
		{"The short answer is no.", "0"},
		{"It follows the industry standard for USB-C.", "0"},
		{"The standard for comparison below is the largest vendor.", "0"},
	})
	// the brands after "the standard for" are what it is for, not the pick
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	checkPolarities(t, "The free trial lasts 14 days, which is the standard for Acme and Globex alike.", tracked,
		map[string]string{"Acme": "0", "Globex": "0"})
	checkPolarities(t, "For Shopify stores Acme is the standard for email.", tracked,
		map[string]string{"Acme": "+"})
}

// A table cell that says a feature is there, with its allowance in
// brackets after "Yes", states the plan's terms; "limited" elsewhere in a
// cell or a sentence, or sized by an intensifier, stays a complaint.
func TestSentimentYesQualifier(t *testing.T) {
	checkSides(t, []sideCase{
		{"| Acme | $15 | Yes (limited minutes) |", "0"},
		{"| Acme | Yes (capped issues) | $8 |", "0"},
		{"| Acme | $15 | Limited |", "-"},
		{"| Acme | No (limited trial) |", "-"},
		{"| Acme | Yes (very limited) | No |", "-"},
		{"| Acme | Yes (severely limited storage) | Yes |", "-"},
		{"Free calling is limited to 100 minutes.", "-"},
	})
}

// "Tops out" says where a figure reaches its ceiling, a fact the words
// around it judge; "tops" alone keeps its praise.
func TestSentimentTopsOut(t *testing.T) {
	checkSides(t, []sideCase{
		{"Charging tops out at 45W.", "0"},
		{"Storage tops out at 512GB.", "0"},
		{"The lineup tops out with the Ultra.", "0"},
		{"Charging tops out at 25W, slower than most rivals.", "-"},
		{"It tops out at an impressive 100W.", "+"},
		{"It tops the charts for battery life.", "+"},
		{"Prices top out at $300.", "0"},
		{"Plans top out at $49 a month.", "0"},
	})
}

// Costs that pile up fast and a heavy premium paid for something are
// complaints, as costs that add up fast are; anything else piling up,
// what a customer earns or the orders and reviews a store gets, is not.
func TestSentimentPilesUp(t *testing.T) {
	checkSides(t, []sideCase{
		{"The add-ons pile up quickly.", "-"},
		{"You're paying a heavy premium for the logo.", "-"},
		{"Points pile up quickly on groceries.", "+"},
		{"Transaction fees pile up quickly on the lower plans.", "-"},
		{"Reviews pile up quickly once it starts sending requests.", "+"},
		{"Orders pile up fast during the holidays.", "+"},
		{"It carries a heavy load.", "0"},
	})
}
