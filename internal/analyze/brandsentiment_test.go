package analyze

import "testing"

// polarities returns each tracked brand's side of 50 (docs/accuracy.md#the-analyzers-score-and-the-labels).
func polarities(answer string, tracked []Tracked) (map[string]string, map[string]float64) {
	got, scores := map[string]string{}, map[string]float64{}
	for _, m := range FindMentions(answer, tracked) {
		pol := "0"
		if m.Sentiment > 55 {
			pol = "+"
		} else if m.Sentiment < 45 {
			pol = "-"
		}
		got[m.Name], scores[m.Name] = pol, m.Sentiment
	}
	return got, scores
}

func checkPolarities(t *testing.T, answer string, tracked []Tracked, want map[string]string) {
	t.Helper()
	got, scores := polarities(answer, tracked)
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: polarity %q (score %.1f), want %q", name, got[name], scores[name], w)
		}
	}
}

// A table whose header makes each row a recommendation (a column of picks
// or of the reasons for them) praises the brand of each row; a table of
// facts, "Best for" column included, does not.
func TestBrandSentimentRecommendationTable(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"a column of picks", "| Need | Best pick | Why |\n|---|---|---|\n| Cold calling | Acme | Power dialer built in |\n| Inbound | Globex | Forms and email in one |",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"a column of reasons", "| Goal | Account | Why |\n|---|---|---|\n| Emergency fund | Acme Savings | Buckets and transfers |",
			map[string]string{"Acme": "+"}},
		{"a recommendation column with a complaint", "| Situation | Recommendation | Reason |\n|---|---|---|\n| Bookings | Acme | Booking built in |\n| Wholesale | Globex | Clunky, buggy and expensive |",
			map[string]string{"Acme": "+", "Globex": "-"}},
		{"a table of facts", "| Tool | Best for | Price |\n|---|---|---|\n| Acme | Cold calling | $49 |\n| Globex | Inbound | $20 |",
			map[string]string{"Acme": "0", "Globex": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// A brand named only as what the sentence's subject is compared with is a
// side of its own: it takes the opposite of the subject's side, and the
// subject, the brand before or none, keeps its opinion.
func TestBrandSentimentComparedOnly(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"the subject is the brand before", "### Acme\nA CRM for agencies. Reporting is clunky compared with Globex.",
			map[string]string{"Acme": "-", "Globex": "+"}},
		{"the subject is no brand", "If you want something simpler than Globex, here are good alternatives:\n\n- Zorbex\n- Initech",
			map[string]string{"Globex": "-"}},
		{"a brand that opens the sentence is its subject", "Globex is better than most tools for agencies.",
			map[string]string{"Globex": "+"}},
		{"next to", "### Acme\nA streaming box for the living room. The menus feel sluggish next to Globex.",
			map[string]string{"Acme": "-", "Globex": "+"}},
		{"next to a place compares nothing", "### Acme\nA streaming box for the living room. It sits next to Globex speakers on the shelf.",
			map[string]string{"Acme": "0", "Globex": "0"}},
		{"next to a place beside a judged subject", "Acme is great, and it's listed next to Globex on most comparison sites.",
			map[string]string{"Acme": "+", "Globex": "0"}},
		{"next to a place after a verb", "Acme has a clean checkout, and its logo appears next to Globex on the checkout page.",
			map[string]string{"Acme": "+", "Globex": "0"}},
		{"next to a place after a copula", "Acme is friendly and fast, and its stand is next to Globex at the airport.",
			map[string]string{"Acme": "+", "Globex": "0"}},
		{"next to after a word of opinion", "Acme's charging is slow next to Globex.",
			map[string]string{"Acme": "-", "Globex": "+"}},
		{"next to after a word that judges only beside another", "Acme's reporting is thin next to Globex.",
			map[string]string{"Acme": "-", "Globex": "+"}},
		{"next to opening the sentence", "Next to Globex, Acme feels clunky.",
			map[string]string{"Acme": "-", "Globex": "+"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// An imperative of choice that opens a clause and names a brand, after
// "the" too, is advice to take it; one whose object is no brand advises
// none.
func TestBrandSentimentImperativeChoice(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"move to", "**Bottom line:** Start small; move to Acme when the team grows past ten people.",
			map[string]string{"Acme": "+"}},
		{"choose the", "**Summary:** Choose the Acme for speed.", map[string]string{"Acme": "+"}},
		{"consider", "Consider Acme if your team works from Gmail.", map[string]string{"Acme": "+"}},
		{"the object is no brand", "To switch, use the Move to iOS app and keep the Acme charged.",
			map[string]string{"Acme": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// A list introduced by a sentence that names no brand and says "better"
// rates up the brands its items open with; an introduction that only ranks
// or names the options lends them nothing.
func TestBrandSentimentBetterList(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"better options", "**Initech** is not the platform I'd pick.\n\nBetter options for an illustrator:\n- **Acme** if you already have a portfolio site.\n- **Globex** if you also sell at markets.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"works better", "What tends to work better at your size:\n\n- **Acme** if you want a visual pipeline.\n- **Globex** if the founders are on the phone a lot.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"a ranking", "Here are the best CRMs for agencies:\n- **Acme** if you already have a portfolio site.\n- **Globex** if you also sell at markets.",
			map[string]string{"Acme": "0", "Globex": "0"}},
		{"a plain list", "Payment options to offer at checkout:\n- **Acme** if you also sell in person.\n- **Globex** for large merchants.",
			map[string]string{"Acme": "0", "Globex": "0"}},
		{"a bold introduction", "**Initech** is not the platform I'd pick.\n\n**Better fits for an illustrator:**\n- **Acme** if you already have a portfolio site.\n- **Globex** if you also sell at markets.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"the items' own complaint", "Better options for an illustrator:\n- **Acme** if you want a shop, though it is clunky, buggy and unreliable.",
			map[string]string{"Acme": "-"}},
		{"a brand that qualifies a noun", "Better options for Initech-based teams:\n- **Acme** if you already have a portfolio site.\n- **Globex** if you also sell at markets.",
			map[string]string{"Acme": "+", "Globex": "+"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// A list introduced by advice to take its items ("For a large catalog,
// consider:", "I'd look at:", "What to use instead:") praises the brands
// its items open with; a list of things "to consider" only names them.
func TestBrandSentimentAdviceList(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"an imperative after a condition", "For a large catalog, consider:\n- **Acme** – bulk editing and product variants.\n- **Globex** – native filtering, with no per-SKU limits.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"an imperative alone", "Consider:\n\n1. **Acme** for joint accounts.\n2. **Globex** for checks.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"after I'd", "For serious hikes, I'd look at:\n- **Acme** Beta AR, a three-layer shell.\n- **Globex** Torrentshell [1].",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"after I would, no comma", "For multichannel sellers I would look at:\n- **Acme** – listings on several marketplaces.",
			map[string]string{"Acme": "+"}},
		{"what to use instead", "**Initech** is not built for this.\n\nWhat to use instead:\n- **Acme** – Gantt view with dependencies.\n- **Globex** – timeline views on paid plans.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"things to consider", "Foldable phones to consider:\n- **Acme** Fold, a book-style foldable.\n- **Globex** Flip, a clamshell.",
			map[string]string{"Acme": "0", "Globex": "0"}},
		{"what it costs", "Here's what to expect from common providers:\n- **Acme** – $30 a month.\n- **Globex** – $45 a month.",
			map[string]string{"Acme": "0", "Globex": "0"}},
		{"the items' own complaint", "For a large catalog, consider:\n- **Acme** if you must, though it is clunky, buggy and unreliable.",
			map[string]string{"Acme": "-"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// A title or a list introduction that names no brand and warns ("### What
// to skip", "Tools to skip if you work offline:") advises against the
// brands each block of its section leads with; a warning of mistakes or
// costs, or one with an object of its own ("How to avoid overdraft
// fees"), names no product to avoid.
func TestBrandSentimentWarningSection(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"a heading and the text under it", "### What to skip\nAcme Online is built for restaurants rather than large catalogs.",
			map[string]string{"Acme": "-"}},
		{"a heading over paragraphs", "## Be cautious with\n\n**Acme** quotes after an inspection of the roof.\n\nGlobex renews policies once a year.",
			map[string]string{"Acme": "-", "Globex": "-"}},
		{"a line in bold", "**Avoid for gaming**\n\nThe Acme 10 has a small screen and a plastic back.",
			map[string]string{"Acme": "-"}},
		{"a list introduction with a condition", "Tools to skip if you work offline:\n- **Acme** syncs only when connected.\n- **Globex** keeps files in the browser.",
			map[string]string{"Acme": "-", "Globex": "-"}},
		{"what not to use", "### What not to use\nAcme stores notes as tasks.",
			map[string]string{"Acme": "-"}},
		{"the section ends at the next heading", "### What to skip\nGlobex is built for restaurants.\n\n### Also good\nAcme is built for retail.",
			map[string]string{"Globex": "-", "Acme": "0"}},
		{"a warning with an object", "## How to avoid overdraft fees\nAcme covers overdrafts up to $200.",
			map[string]string{"Acme": "0"}},
		{"mistakes to avoid", "### Mistakes to avoid\nAcme users often pay for a year up front.",
			map[string]string{"Acme": "0"}},
		{"a title of no warning", "### What to expect\nAcme ships in two days.",
			map[string]string{"Acme": "0"}},
		{"an item led by the brand with an article", "Banks to skip if you travel often:\n- The Acme card is declined at many terminals abroad.\n- Globex charges 3% on purchases abroad.",
			map[string]string{"Acme": "-", "Globex": "-"}},
		{"a brand the section does not lead with", "### What to avoid when choosing a bank\nAvoid accounts with monthly fees. Acme lists every charge in its app.",
			map[string]string{"Acme": "0"}},
		{"an item the brand does not lead", "Here's what to avoid when opening a savings account:\n- Teaser rates that drop after three months. Acme keeps one rate all year.\n- Transfer fees.",
			map[string]string{"Acme": "0"}},
		{"the section ends with its list", "### What to avoid\n- Acme charges a fee on every transfer.\n\nGlobex is my pick for most families.",
			map[string]string{"Acme": "-", "Globex": "+"}},
		{"a question of what can be avoided", "### Which fees can you avoid?\nAcme drops the monthly fee for students.",
			map[string]string{"Acme": "0"}},
		{"not to of no product", "### Deals not to miss\nAcme's spring sale cuts 30% off every plan.",
			map[string]string{"Acme": "0"}},
		{"what I'd skip", "### What I'd skip\nAcme is built for large enterprises.",
			map[string]string{"Acme": "-"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// Two brands joined by "and especially" or "and particularly" are a list,
// the second stressed, and share their sentence's opinion.
func TestBrandSentimentStressedList(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"and especially", "**Acme** and especially **Globex** are clunky for small shops.",
			map[string]string{"Acme": "-", "Globex": "-"}},
		{"and particularly", "**Acme** and particularly **Globex** are excellent for large catalogs.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"under a warning", "Platforms to skip if cost is your main concern:\n- **Acme** and especially **Globex** are built for established brands.",
			map[string]string{"Acme": "-", "Globex": "-"}},
		{"a clause of its own", "**Acme** is fast, and especially **Globex** is slow.",
			map[string]string{"Acme": "+", "Globex": "-"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// An item whose bold lead is followed by another brand's name still takes
// its list's introduction: the other brand is an object of the lead's
// description.
func TestBrandSentimentListToneBoldLead(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"better options", "Better options for a small agency:\n- **Acme** – Initech sync and timeline views.\n- **Globex** – Gantt charts on paid plans.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"advice", "For a household account, consider:\n- **Acme** – joint accounts, checks and Initech transfers.\n- **Globex** – checking and savings in one place.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"a plain list", "Payment options to offer at checkout:\n- **Acme** – Initech sync and timeline views.",
			map[string]string{"Acme": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// A heading that pairs a need with the brand after its colon names the
// brand the pick for that need; a label that judges or warns, or adds the
// brand after the picks ("Also consider:"), does not.
func TestBrandSentimentNeedHeading(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"a need", "### Issue tracking: Acme\n\nSprints, cycles and a Git integration.\n\n### Docs and specs: Globex\n\nPages, databases and templates.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"a condition and a model", "### 2. If planning is mostly documents: Acme Docs 3\n\nPages and databases.",
			map[string]string{"Acme": "+"}},
		{"a warning", "### Avoid: Acme\n\nPages and databases.\n\n### Think twice: Globex\n\nSprints and cycles.",
			map[string]string{"Acme": "0", "Globex": "0"}},
		{"a need that opens with a warning's verb", "### Think small: Acme\n\nSprints, cycles and a Git integration.",
			map[string]string{"Acme": "+"}},
		{"after the picks", "### Also consider: Acme\n\nPages and databases.",
			map[string]string{"Acme": "0"}},
		{"the heading goes on", "### Pricing: Acme from $10 a seat, billed yearly\n\nPages and databases.",
			map[string]string{"Acme": "0"}},
		{"no colon", "### Issue tracking with Acme\n\nSprints and cycles.",
			map[string]string{"Acme": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// A list item of facts, a label and a brand after its colon ("Parent
// company: Globex"), states a fact and praises no one: only a heading
// pairs a need with its pick.
func TestBrandSentimentFactItem(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"where to watch", "- **Where to watch:** Acme", map[string]string{"Acme": "0"}},
		{"parent company", "- **Parent company:** Globex", map[string]string{"Globex": "0"}},
		{"a trip", "- **Outbound flight:** Acme\n- **Hotel:** Globex", map[string]string{"Acme": "0", "Globex": "0"}},
		{"a rival", "- **Main competitor:** Globex", map[string]string{"Globex": "0"}},
		{"users", "- **Used by:** Acme and Globex", map[string]string{"Acme": "0", "Globex": "0"}},
		{"a buyer", "- **Acquired by:** Globex", map[string]string{"Globex": "0"}},
		{"a source", "Sources:\n- **Data:** Acme", map[string]string{"Acme": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// A heading or a line in bold introduces the list after it as a sentence
// ending in a colon does: a title of better options lends its items its
// praise, and a brand's name as a title carries the brand into its items.
func TestBrandSentimentTitleLine(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"better options in bold", "**Better options for the customer-facing part**\n* **Acme** – a shared inbox and knowledge base.\n* **Globex** – email-style collaboration across teams.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"a brand's title in bold", "**Acme**\n- Pickup scheduling is clunky and needs workarounds.\n- Orders get lost and support is slow.\n\n**Globex**\n- Prep times and order-ahead are built in.",
			map[string]string{"Acme": "-", "Globex": "0"}},
		{"a brand's heading", "### Acme\n\n- Renters coverage typically costs more for the same limits.\n- Quotes feel slow and frustrating.",
			map[string]string{"Acme": "-"}},
		{"bold inside a sentence", "Both are sold by **Globex**\n- Pickup scheduling is clunky and needs workarounds.",
			map[string]string{"Globex": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// "Best for" on a heading or a list item praises the brand it names the
// pick for a need; in a table or a paragraph it weighs nothing.
func TestBrandSentimentBestForHeading(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"a heading", "### 2. Acme: Best for Daily Journaling\n\nIt keeps one page per day.",
			map[string]string{"Acme": "+"}},
		{"a heading before the brand", "### Best for rough trips: Acme Wonderboom 4\n\nIt floats and survives drops.",
			map[string]string{"Acme": "+"}},
		{"a list item's second sentence", "1. **Acme** – Best for getting paid early. Direct deposits arrive two days early.",
			map[string]string{"Acme": "+"}},
		{"a table of facts", "| Tool | Best for | Price |\n|---|---|---|\n| Acme | best for cold calling | $49 |",
			map[string]string{"Acme": "0"}},
		{"a paragraph", "Acme is best for teams that sell by phone, and Globex for inbound.",
			map[string]string{"Acme": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// A brand that alternatives would replace takes none of the opinion of
// the sentence that names it so: the praise is the alternatives'.
func TestBrandSentimentReplaced(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"alternatives to", "Good alternatives to Acme, depending on what you use it for:\n\n- **Globex** – the closest match, with no monthly fees.",
			map[string]string{"Acme": "0"}},
		{"alternatives after the name", "The best Acme alternatives are easy to set up.",
			map[string]string{"Acme": "0"}},
		{"an alternative to the brand", "Popular alternatives to the Acme for a great shared inbox.",
			map[string]string{"Acme": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// A stop followed by closing markup ends the sentence, so a bold verdict
// is weighed apart from the contrast of the sentence after it.
func TestBrandSentimentStopInsideMarkup(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	checkPolarities(t, "**I wouldn't pick Acme.** It's easy to set up, but the app is decent.", tracked, map[string]string{"Acme": "-"})
	checkPolarities(t, "Acme is solid (see the e.g.* notes) and fast.", tracked, map[string]string{"Acme": "+"})
}

// A sentence whose every brand stands after a comparison word compares
// them all with its subject, the brand before or none; each takes the
// opposite of the subject's side.
func TestBrandSentimentAllCompared(t *testing.T) {
	tracked := []Tracked{{Name: "Initech"}, {Name: "Acme"}, {Name: "Globex"}, {Name: "Hooli"}}
	checkPolarities(t, "### Initech\n**Compared with others:** it's more capable out of the box than Acme or Globex, and often cheaper than Hooli at scale.",
		tracked, map[string]string{"Initech": "+", "Acme": "-", "Globex": "-", "Hooli": "-"})
}

// A list item's bold lead before a dash or colon is what the item
// describes: the opinion is the lead's, and the brands after it are
// objects of the description; a lead named again is weighed by sides.
func TestBrandSentimentBoldLead(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"an owner in brackets", "Picks:\n\n- **Acme Pro 4** (Initech) – Often cited as the best value, with strong noise cancelling.",
			map[string]string{"Acme": "+"}},
		{"a brand in the description", "Options:\n\n- **Acme** – Packs like the Globex 65 are widely regarded as among the most comfortable.",
			map[string]string{"Acme": "+"}},
		{"best for beside another brand", "Options:\n\n- **Acme** — Best for homeowners in states where Globex has little reach.",
			map[string]string{"Acme": "+"}},
		{"a brand compared in the description", "Costs:\n\n- **Acme**: $25 a year, which makes it cheaper than Globex for small accounts.",
			map[string]string{"Acme": "+", "Globex": "-"}},
		{"a label read as a name", "Better ways to spend it:\n- **Rain jacket:** the Globex Torrentshell 3L or a Columbia Watertight II covers most hiking well.\n- **Midlayer:** a basic fleece from Uniqlo or REI works fine.\n- **Pack:** an **Acme Talon 22** is comfortable, versatile and backed by a lifetime guarantee.",
			map[string]string{"Acme": "+"}},
		{"the lead named again", "Support:\n\n- **Acme**: Acme does not publish a fixed policy, but Globex phones typically get updates.",
			map[string]string{"Acme": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// An answer's opening sentence that judges the one brand it names is the
// answer's verdict: it counts twice, so the concessions after it do not
// outweigh it; a mild fact opening the answer, or a heading, does not.
func TestBrandSentimentLeadVerdict(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"advice against, then concessions", "I wouldn't recommend the Acme Phone as a first smartphone for an older relative, and here's why. It isn't a bad phone: the lights on the back are fun and the software is clean and fast.",
			map[string]string{"Acme": "-"}},
		{"a denied pick, then the other hand", "Acme is not the most reliable choice if security is your top priority.\n\nOn the other hand, Acme cameras are very affordable and the plan is cheap, and setup is easy.",
			map[string]string{"Acme": "-"}},
		{"a recommendation, then a complaint", "For a small team, Acme is often recommended because it's simple to set up. Its reports are slow and its app is clunky.",
			map[string]string{"Acme": "+"}},
		{"a mild fact opens", "Acme's free plan is limited to two teams. Its editor is great.",
			map[string]string{"Acme": "+"}},
		{"a list item opens", "- Acme is not the best choice for large teams.\n- Acme is excellent and reliable for small ones, and easy to use.",
			map[string]string{"Acme": "+"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// A brand named as what a clause's subject uses is its object: the
// clause's opinion is of its subject.
func TestBrandSentimentUsedTool(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}
	checkPolarities(t, "**Acme** is the weakest of the three for most teams: it's nice inside Initech, but reporting is limited, it's awkward if anyone uses Globex, and it gets expensive for what it offers.",
		tracked, map[string]string{"Acme": "-"})
}

// A brand named only as the issuer of what another's product carries ("a
// Visa debit card") takes no side of the sentence: the sentence and those
// after it stay the other brand's.
func TestBrandSentimentCarriedIssuer(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}}
	checkPolarities(t, "Acme offers a teen account with a Visa debit card, instant alerts and parental limits. Parents say it is the easiest way to teach budgeting, and they love it.", tracked, map[string]string{"Acme": "+"})
	checkPolarities(t, "Acme opens accounts in minutes. There are no foreign transaction fees on the Visa debit card. It is an excellent, reliable choice.", tracked, map[string]string{"Acme": "+"})
}

// The network a brand's account carries ("Allpoint ATMs") takes no side:
// the item's verdict after it stays the lead's.
func TestBrandSentimentCarriedNetwork(t *testing.T) {
	checkPolarities(t, "1. **Acme** – No monthly fees and no minimum balance. Checking comes with 40,000+ Allpoint ATMs. Best all-around pick.\n2. **Globex** – A branch in most towns.\n",
		[]Tracked{{Name: "Acme"}, {Name: "Globex"}}, map[string]string{"Acme": "+"})
}

// A brand given as an example of a noun ("brands like Globex", "partners
// such as Globex", "tools including Globex") is an object of the clause
// it stands in: the clause's opinion is of its subject.
func TestBrandSentimentExampleObject(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"like", "Today Acme hosts the shops of labels like Globex and Initech and is praised for its fast checkout.",
			map[string]string{"Acme": "+"}},
		{"such as", "Today Acme bundles sensors from partners such as Globex, and owners praise its quick quotes.",
			map[string]string{"Acme": "+"}},
		{"including", "Today Acme connects to tools including Globex, and its dashboards are excellent.",
			map[string]string{"Acme": "+"}},
		{"like as a verb", "Acme is fine, but I like Globex much better for budgeting.",
			map[string]string{"Globex": "+"}},
		{"like as a verb after a helper", "Acme is fine. You will really like Globex for its clean charts.",
			map[string]string{"Globex": "+"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// What most buyers take is a verdict on it, as advice is; a plan they
// choose, or a product they are said to outgrow, is none.
func TestBrandSentimentCrowdChoice(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"start with", "For a craft shop, most owners start with Acme and add Globex later for wholesale.",
			map[string]string{"Acme": "+"}},
		{"after but", "Both make harnesses, but most climbers after a light rack choose Acme or Globex.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"a plan", "Acme has four plans. Most small teams choose Growth for the automations.",
			map[string]string{"Acme": "0"}},
		{"no crowd", "Shops start with Acme and move on.",
			map[string]string{"Acme": "0"}},
		{"denied", "Most experts would not choose Acme for a family plan.",
			map[string]string{"Acme": "0"}},
		{"the brand qualifies a noun", "Most owners keep Acme cards in their lineup.",
			map[string]string{"Acme": "0"}},
		{"not people", "Most banks keep Acme in their lineup.",
			map[string]string{"Acme": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// Brands joined as a list keep the clause's verdict together when markup
// stands between them ("**Acme** and **Globex**") or when models offered
// as alternatives follow them ("the Acme Trail 40 or Globex Ridge 45");
// two models joined by "and" stay the sides of a comparison.
func TestBrandSentimentListAcrossModels(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"markup", "Over the year, **Acme** and **Globex** were the most dependable, with excellent support.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"models as alternatives", "For weekend trips, the Acme Trail 40 or Globex Ridge 45 both carry a load comfortably.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"models compared", "The Acme Trail 40 and Globex Ridge 45 differ: the Globex is clunky.",
			map[string]string{"Acme": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// A list of pairs of a brand and its purpose ("Acme for engineering and
// Globex for documentation") shares the words that open it; a brand
// joined to a preposition's one-word object stays an object.
func TestBrandSentimentPurposePairs(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"advice", "**My advice:** choose Acme for the shop floor and Globex for the back office.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"a verdict", "At our size, the smoothest setup is Acme for billing and Globex for payroll.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"an object", "Initech is excellent at onboarding through referrals and Globex.",
			map[string]string{"Initech": "+", "Globex": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// A sentence whose one brand stands after a contrast word sets it against
// the brand the sentence before was about: the clause before the contrast
// is that brand's.
func TestBrandSentimentContrastedOnly(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"a pronoun", "The Acme Nova is the flagship's closest rival. Most testers call it the better all-rounder, while Globex is merely fine.",
			map[string]string{"Acme": "+"}},
		{"a paragraph", "Acme is a payroll tool. Setup is clunky and slow, but Globex is simple.",
			map[string]string{"Acme": "-", "Globex": "+"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// Brands after a preposition and "both" or "either" ("syncs with both
// Globex and Initech") are its objects: the sentence is its subject's.
func TestBrandSentimentBothObjects(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}
	checkPolarities(t, "Today Acme syncs with both Globex and Initech, which makes it handy for mixed offices.",
		tracked, map[string]string{"Acme": "+", "Globex": "0", "Initech": "0"})
	checkPolarities(t, "Today Acme plugs into either Globex or Initech, and the setup is excellent.",
		tracked, map[string]string{"Acme": "+"})
}

// The cells of a table column headed "Best for" or "Ideal for" name whom a
// product is for and weigh nothing, but for the writer's verdict words;
// the other cells of the row still do.
func TestBrandSentimentSuitColumn(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"a best-for column", "| Tool | Best for | Price |\n|---|---|---|\n| Acme | Simple, fast invoicing | $12 |\n| Globex | Beauty and fashion brands | $20 |",
			map[string]string{"Acme": "0", "Globex": "0"}},
		{"an ideal-for column beside a rating", "| App | Ideal for | Support |\n|---|---|---|\n| Acme | Great for solo founders | Poor |\n| Globex | Flexible teams | Excellent |",
			map[string]string{"Acme": "-", "Globex": "+"}},
		{"a verdict in the cell", "| Bank | Best for | Drawback |\n|---|---|---|\n| Acme | Excellent mobile app, no fees | Few branches |",
			map[string]string{"Acme": "+"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// A title whose other brands only qualify a noun ("Best for Globex users")
// is the one brand's as if it named no other: the sentences under it go on
// about that brand.
func TestBrandSentimentTitleQualifier(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	checkPolarities(t, "**Best for Globex users: Acme**\nBeautiful, fast and simple, with tags instead of folders.\n\n**Best for outliners: Initech**\nPlain.",
		tracked, map[string]string{"Acme": "+"})
}

// An item nested under a list item about one brand goes on about that
// brand, as the text under a heading does; nested under an item of no
// brand or of several, or indented after a paragraph, it does not, nor
// does a tip to the reader.
func TestBrandSentimentNestedItems(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"nested under a brand", "1. **Acme**\n   * Consistently the highest-rated tool for support.\n   * **Best for:** small teams.\n2. **Globex**\n   * Clunky, and support is slow.\n3. **Initech**\n   * Priced per seat, billed monthly.",
			map[string]string{"Acme": "+", "Globex": "-", "Initech": "0"}},
		{"nested under no brand", "- **Pricing**\n  - Terrible renewals are common in this market.\n- **Acme** has a free plan.",
			map[string]string{"Acme": "0"}},
		{"nested under two brands", "1. **Acme** and **Globex**\n   * Clunky exports are a common complaint.\n2. **Initech**\n   * Excellent support.",
			map[string]string{"Acme": "0", "Globex": "0", "Initech": "+"}},
		{"indented after a paragraph", "Acme is a CRM.\n\n  - Clunky exports are a common complaint.",
			map[string]string{"Acme": "0"}},
		{"a tip nested under a brand", "1. **Acme**\n   * **Tip:** any vendor will raise prices on renewal, so the worst deals go to loyal teams.\n2. **Globex**\n   * Excellent support.",
			map[string]string{"Acme": "0", "Globex": "+"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}

// Brands listed each with an aside of its own, a parenthesis or a
// relative clause, share the words that name them before the list; words
// of a clause of their own before the list do not reach the later brands.
func TestBrandSentimentListWithAsides(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}
	tests := []struct {
		name, answer string
		want         map[string]string
	}{
		{"a parenthesis and a relative clause", "Better fits are Acme (if you sell B2B) or Globex, which handles large catalogs.",
			map[string]string{"Acme": "+", "Globex": "+"}},
		{"after a colon", "Better options for marketing: Acme (timelines), Globex (dashboards), or Initech if you want docs.",
			map[string]string{"Acme": "+", "Globex": "+", "Initech": "+"}},
		{"a warning", "The ones I would not pick for this are Acme (too costly at scale) and Globex, which has thin reporting.",
			map[string]string{"Acme": "-", "Globex": "-"}},
		{"a lead of facts", "Headquartered in the US are Acme (Boston) and Globex, which also has offices in Tallinn.",
			map[string]string{"Acme": "0", "Globex": "0"}},
		{"a clause of its own", "Reviewers hate spreadsheets, so teams move to Acme (for its reports) or Globex, which syncs with Gmail.",
			map[string]string{"Globex": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPolarities(t, tt.answer, tracked, tt.want) })
	}
}
