package analyze

import "testing"

// A thing said to take effort ("harder to cancel", "the hardest to
// repair") is a complaint, and the verb after "to" does not turn it ("hard
// to love" is no praise); "hard to beat", "harder to match", "the hardest
// to beat" stay praise.
func TestSentimentEffort(t *testing.T) {
	checkSides(t, []sideCase{
		{"The annual plan is harder to cancel than the monthly one.", "-"},
		{"Of the four laptops, this one is the hardest to repair.", "-"},
		{"The new design is hard to love.", "-"},
		{"Its battery life is hard to beat.", "+"},
		{"The bass hits harder than its size suggests.", "0"},
		{"The Pro model is harder to beat on battery.", "+"},
		{"Of the three, the Pro is the hardest to beat.", "+"},
		{"Its warranty is hard to match.", "+"},
	})
}

// What a product accepts (cards, applicants, deposits) is a fact of it,
// accepted or not; a carrier that stopped accepting applications has left
// a market, which stays a complaint.
func TestSentimentAccepts(t *testing.T) {
	checkSides(t, []sideCase{
		{"The app accepts cash deposits at retail stores.", "0"},
		{"Its card is accepted at most merchants in the country.", "0"},
		{"Cash deposits are not accepted.", "0"},
		{"It stopped accepting new applications in Florida last year.", "-"},
	})
}

// A cost said to add up is a complaint, "quickly" or not; what else adds
// up is no verdict.
func TestSentimentCostAddsUp(t *testing.T) {
	checkSides(t, []sideCase{
		{"The monthly membership and the transfer fees can add up.", "-"},
		{"Per-seat pricing adds up for a team of forty.", "-"},
		{"Its subscription adds up to $180 a year.", "-"},
		{"The two halves of the report add up to one story.", "0"},
		{"You can add upsells at checkout.", "0"},
		{"With no annual fee, the cash back adds up.", "0"},
		{"Because there is no monthly fee, the savings add up over a year.", "0"},
		{"There is no setup fee and the reward points add up.", "0"},
	})
}

// A pick noun takes its verdict from the word before it: after a
// complaint it adds no praise ("a bulky fit"), and denied it is advice
// against the product ("not the answer", "isn't a serious contender").
func TestSentimentPickNounVerdict(t *testing.T) {
	checkSides(t, []sideCase{
		{"It is a bulky fit for small ears.", "-"},
		{"This camera is not the answer for wildlife shooters.", "-"},
		{"It isn't a serious contender at this price.", "-"},
		{"It is a good fit for small teams.", "+"},
		{"The answer is in the settings menu.", "0"},
	})
}

// "Avoid if …" and "Avoid unless …" warn that the product they are said
// of does not suit some readers; what else is avoided is no verdict.
func TestSentimentAvoidIf(t *testing.T) {
	checkSides(t, []sideCase{
		{"Avoid if you need offline maps: it keeps them behind a paid plan.", "-"},
		{"Avoid unless you already own the hub.", "-"},
		{"To avoid blisters, size up half a size.", "0"},
		{"### Steps to avoid if you're new to budgeting", "0"},
		{"Here are the traps to avoid if you are switching banks.", "0"},
	})
	checkPolarities(t, "**Avoid if you won't pay monthly:** Acme and Globex keep clips behind a plan.",
		[]Tracked{{Name: "Acme"}, {Name: "Globex"}}, map[string]string{"Acme": "-", "Globex": "-"})
}

// Paying a premium for something is a complaint of the price.
func TestSentimentPayingPremium(t *testing.T) {
	checkSides(t, []sideCase{
		{"It is light and well made, but you're paying a big premium for the badge.", "-"},
		{"You pay a premium for the name.", "-"},
		{"The premium trim adds leather seats.", "0"},
		{"Healthy drivers pay a premium of about $90 a month.", "0"},
		{"You pay a premium every month, and the policy covers hospital stays.", "0"},
		{"It is worth paying a premium for the waterproofing.", "+"},
		{"Buyers pay a hefty premium.", "-"},
	})
}

// What an insurance policy covers or discounts (illnesses, injured pets,
// burglar alarms) is its subject matter, not a complaint.
func TestSentimentInsuranceTopics(t *testing.T) {
	checkSides(t, []sideCase{
		{"The plan covers exam fees for illnesses.", "0"},
		{"Vet bills for injured pets are reimbursed at 90%.", "0"},
		{"It gives discounts for burglar alarms and smoke alarms.", "0"},
		{"Claims are slow and the app is clunky.", "-"},
	})
}

// Liability is a kind of insurance a policy sells, not a complaint.
func TestSentimentLiabilityCover(t *testing.T) {
	checkSides(t, []sideCase{
		{"It sells general liability and professional liability online.", "0"},
		{"The bundle adds liability coverage for your rental.", "0"},
		{"The plastic buckle is a liability on long trips.", "-"},
		{"Its old app has become a real liability.", "-"},
	})
}

// "best" before a participle of how a product is taken says how to use
// it, not how good it is; "best avoided" warns; "the best designed" is
// still praise.
func TestSentimentBestParticiple(t *testing.T) {
	checkSides(t, []sideCase{
		{"It has an enterprise tier, though it is still best known among small shops.", "0"},
		{"It is best treated as a fallback when other carriers decline you.", "0"},
		{"The older model is best avoided.", "-"},
		{"Its hood is one of the best designed anywhere.", "+"},
		{"It is the best kept secret among budget banks.", "+"},
		{"It is the best known CRM among small teams.", "0"},
		{"Its best used feature is the planner.", "+"},
	})
}

// Rules said to be strict are a complaint of the product that sets them.
func TestSentimentStrict(t *testing.T) {
	checkSides(t, []sideCase{
		{"Its card approvals have become stricter this year.", "-"},
		{"The conditions for the bonus rate are strict.", "-"},
		{"It is the strictest of the four about roof age.", "-"},
		{"Lenders here apply strict underwriting.", "-"},
		{"The VPN has a strict no-logs policy, audited yearly.", "0"},
		{"The brand applies strict quality control to every jacket.", "0"},
		{"Staff follow strict hygiene routines.", "0"},
	})
}

// What a product stores, flags or covers (file attachments, urgent
// tickets, valuables) is its subject matter, not praise.
func TestSentimentHandledTopics(t *testing.T) {
	checkSides(t, []sideCase{
		{"The importer copies comments and attachments from the old tracker.", "0"},
		{"Rules route urgent tickets to the on-call agent.", "0"},
		{"Optional riders cover valuables such as jewelry and art.", "0"},
		{"The importer is reliable and the rules are intuitive.", "+"},
	})
}

// The brands a cost is said of belong to the subject that adds up.
func TestBrandSentimentCostAddsUp(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	checkPolarities(t, "Past the free tier, the fees at Acme and Globex add up to $90 a month.", tracked,
		map[string]string{"Acme": "-", "Globex": "-"})
}

// "Worth" before a verb of finding out tells the reader what to look into
// and praises nothing; before taking a product it stays praise.
func TestSentimentWorthFindingOut(t *testing.T) {
	checkSides(t, []sideCase{
		{"Fares change often, so it's worth checking the airline's site before you book.", "0"},
		{"It's worth knowing that the router ships without a stand.", "0"},
		{"If you travel a lot, it's worth keeping an eye on the loyalty terms.", "0"},
		{"The hosting plan is worth considering for a small blog.", "+"},
		{"The streaming bundle is worth checking out.", "+"},
	})
}

// "Worth" before a verb that takes the product as its object ("worth
// watching", "worth reading", "worth keeping") is praise, and a complaint
// when denied; keeping an eye on something, or in mind, is finding out.
func TestSentimentWorthTakingTheProduct(t *testing.T) {
	checkSides(t, []sideCase{
		{"Globex's new docuseries is worth watching.", "+"},
		{"Acme's cooking blog is worth reading.", "+"},
		{"The Acme Prime membership is worth keeping if you order weekly.", "+"},
		{"Globex is worth thinking about for small firms.", "+"},
		{"The Acme plan is worth weighing against Globex.", "+"},
		{"The Acme docuseries isn't worth watching.", "-"},
		{"It's worth keeping in mind that the fare excludes bags.", "0"},
		{"The hotel has a few quirks worth weighing before you book.", "0"},
	})
}
