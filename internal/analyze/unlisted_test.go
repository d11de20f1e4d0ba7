package analyze

import "testing"

// A name right before a noun of shops or a network is a chain a reader can
// walk into; one shop of a kind, an abbreviation of a kind and an ordinary
// word opening a clause are not.
func TestFindMentions_UntrackedRetailChain(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. You can pay in cash at Blue Lantern stores near you.", []string{"Blue Lantern"}, nil},
		{"Acme is fine. Deposits go through the Red Kite network, for a small fee.", []string{"Red Kite"}, nil},
		{"Acme is fine. Bills can be paid at QMX locations and online.", []string{"QMX"}, nil},
		{"Acme is fine. It also helps if you run a DTC store on the side.", nil, []string{"DTC"}},
		{"Acme is fine. For a purely online POD store, look elsewhere.", nil, []string{"POD"}},
		{"Acme is fine. Withdrawals are free in the ATM network.", nil, []string{"ATM"}},
		{"Acme is fine.\n\n- **No native sync:** Linking branches requires a plugin.", nil, []string{"Linking"}},
		{"Acme is fine. Acme opened new Texas locations this year.", nil, []string{"Texas"}},
		{"Acme is fine. Set up the Guest network on the router.", nil, []string{"Guest"}},
		{"Acme is fine. Check the Downtown locations for hours.", nil, []string{"Downtown"}},
		{"Acme is fine. Keep visitors on the Visitor network at home.", nil, []string{"Visitor"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Names that open a sentence before "are" and a word that weighs them as
// things to buy ("worth", "popular", "alternatives", "options", "other")
// are brands, ordinary words too, where their capital is evidence; what a
// feature is said to be is no such word.
func TestFindMentions_UntrackedPickedSubjects(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Blue Heron and Red Finch are also worth a quote.", []string{"Red Finch"}, nil},
		{"Acme is fine. Grey Owl and Tall Pine are popular for small loans.", []string{"Tall Pine"}, nil},
		{"Acme is fine. Zorvane and Gladly are worth comparing too.", []string{"Zorvane", "Gladly"}, nil},
		{"Acme is fine. Quick Sync and Smart Reply are genuinely useful.", nil, []string{"Smart Reply"}},
		{"Acme is fine. Calling and Texting are included on all plans.", nil, []string{"Texting"}},
		{"Merino and Polyester are popular options for base layers.", nil, []string{"Polyester"}},
		{"Roth and Traditional are both worth a look.", nil, []string{"Roth", "Traditional"}},
		{"Term and Whole Life are popular options.", nil, []string{"Whole Life"}},
		{"Acme is fine. Python and JavaScript are popular choices.", nil, []string{"Python"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Two names or more compared together with the subject are its rivals,
// ordinary words too; plans, models, plurals and places are not.
func TestFindMentions_UntrackedRivalList(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Its ordering tools compete with Birch and Lantern for cafés.", []string{"Birch", "Lantern"}, nil},
		{"Acme is fine. Compared with Harbor or Meadow, Acme sets up faster.", []string{"Meadow"}, nil},
		{"Acme is fine. It costs less than Basic and Plus on most rivals.", nil, []string{"Basic", "Plus"}},
		{"Acme is fine. It is cheaper than Payments and Invoices elsewhere.", nil, []string{"Payments", "Invoices"}},
		{"Acme is fine. Rates are lower than Texas and Ohio on average.", nil, []string{"Texas", "Ohio"}},
		{"Acme is cheaper than Gold and Platinum.", nil, []string{"Gold", "Platinum"}},
		{"Acme is warmer than Merino and Fleece.", nil, []string{"Fleece"}},
		{"Acme is fine. It is lighter than Copper and Slate on most hikes.", nil, []string{"Copper", "Slate"}},
		{"Acme is fine. It is cheaper than Zorbly and Lantern for cafés.", []string{"Zorbly", "Lantern"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// What "include" lists after a noun of rivals ("alternatives", "options")
// is brands, ordinary words too; plans and features are not.
func TestFindMentions_UntrackedRivalExamples(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Alternatives include Birch and Lantern, both cheaper.", []string{"Birch", "Lantern"}, nil},
		{"Acme is fine. Other options include Meadow, which suits bakeries.", []string{"Meadow"}, nil},
		{"Acme is fine. Its options include Basic and Plus at lower prices.", nil, []string{"Basic", "Plus"}},
		{"Acme is fine. Its perks include Quick Pay and Round Ups.", nil, []string{"Quick Pay", "Round Ups"}},
		{"Acme is fine. Options include Night Theme and Saved Drafts.", nil, []string{"Night Theme", "Saved Drafts"}},
		{"Acme is fine. Finish options include Dusk, Harbor and Slate Grey.", nil, []string{"Dusk", "Harbor", "Slate Grey"}},
		{"Acme is fine. Shipping options include Economy, Priority and Next Day.", nil, []string{"Economy", "Priority", "Next Day"}},
		{"Acme is fine. Policy options include Level Term and Universal Life.", nil, []string{"Level Term", "Universal Life"}},
		{"Options include Dark Mode and Offline Access.", nil, []string{"Dark Mode", "Offline Access"}},
		{"Color options include Midnight, Starlight and Sierra Blue.", nil, []string{"Midnight", "Starlight", "Sierra Blue"}},
		{"Delivery options include Standard, Express and Overnight.", nil, []string{"Standard", "Express", "Overnight"}},
		{"Coverage options include Term and Whole Life.", nil, []string{"Term", "Whole Life"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name written as a company's own web address with a capital is the name
// it trades under; a file name is not.
func TestFindMentions_UntrackedSiteName(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Many teams pair it with Harbor.io for lead data.", []string{"Harbor.io"}, nil},
		{"Acme is fine. Book a demo, or compare quotes on Meadow.com first.", []string{"Meadow.com"}, nil},
		{"Acme is fine. It imports Settings.json files from old tools.", nil, []string{"Settings.json"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A word with a capital before "Pay" names a payment service; an ordinary
// adjective before "Pay" does not, nor an ordinary word in a sentence that
// speaks of no paying with it (a kind of wages).
func TestFindMentions_UntrackedPayName(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Many stores now offer Lantern Pay at checkout.", []string{"Lantern Pay"}, nil},
		{"Acme is fine. It also supports Lantern Pay Later for big orders.", []string{"Lantern Pay Later"}, nil},
		{"Acme is fine. Checkout is quick, and Lantern Pay converts well on mobile.", []string{"Lantern Pay"}, nil},
		{"Acme is fine. Workers get Great Pay and benefits.", nil, []string{"Great Pay"}},
		{"Acme handles Overtime Pay and Holiday Pay automatically.", nil, []string{"Overtime Pay", "Holiday Pay"}},
		{"Acme tracks Gross Pay, Net Pay and Sick Pay.", nil, []string{"Gross Pay", "Net Pay", "Sick Pay"}},
		{"Acme shows Take-Home Pay on every stub.", nil, []string{"Take-Home Pay"}},
		{"Acme is fine. Its loans back Lantern Pay Installments.", []string{"Lantern Pay Installments"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A partner a product was tuned or developed with is a company; a material
// a product is made with is not.
func TestFindMentions_UntrackedPartner(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Its cameras are tuned with Zeilwerk for natural colour.", []string{"Zeilwerk"}, nil},
		{"Acme is fine. The lens was co-developed with Optrava last year.", []string{"Optrava"}, nil},
		{"Acme is fine. The shell is made with Texlon for rain.", nil, []string{"Texlon"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A model's version joined by a slash ("Cloud Runner/3") is read as one
// written with a space, and cut off the brand.
func TestFindMentions_UntrackedSlashVersion(t *testing.T) {
	answer := "Here's how they compare:\n\n| Jacket | Fill | Price |\n|---|---|---|\n" +
		"| Acme Ridge 20 | 700 | $275 |\n| Acme Pro 2 | 800 | $279 |\n" +
		"| Granite Peak Cloud Runner/3 | 800 | $350 |\n| Acme Trail 24/7 | 850 | $390 |\n"
	checkUntracked(t, answer, []Tracked{{Name: "Acme"}}, []string{"Granite Peak"}, nil)
}

// The cells of a column of picks in a table of recommendations are the
// products picked; the first column's needs are not.
func TestFindMentions_UntrackedPickColumn(t *testing.T) {
	answer := "A kit, category by category:\n\n| Category | Top pick | Runner-up |\n|---|---|---|\n" +
		"| Tent | Granite Peak Ridge 2 | Acme Pro 2 |\n| Stove | Acme Flame 1 | Zorvane Jet 3 |\n"
	checkUntracked(t, answer, []Tracked{{Name: "Acme"}}, []string{"Granite Peak", "Zorvane"}, []string{"Tent", "Stove"})
}

// A cell of a column headed by a kind of company lists names of that kind,
// each one a name; "and" inside a cell may join the words of one product,
// and a cell of words in small letters names none.
func TestFindMentions_UntrackedCellList(t *testing.T) {
	answer := "Costs, item by item:\n\n| Item | Budget | Example brands |\n|---|---|---|\n" +
		"| Shoes | $90 | Zorvane, Granite Peak |\n| Harness | $55 | Acme, Tallwood |\n" +
		"| Rope | $150 | Kestrel Ropes; Ridgeline |\n| Chalk | $20 | Any, see notes |\n" +
		"| Belay | $30 | Bellwether Checking and Savings |\n| Bag | $40 | Quarrix, e.g. Online Haulers |\n"
	checkUntracked(t, answer, []Tracked{{Name: "Acme"}},
		[]string{"Zorvane", "Granite Peak", "Tallwood", "Ridgeline", "Quarrix"},
		[]string{"Any", "Savings", "e.g. Online Haulers", "Online Haulers"})
}

// A lead of a list or a heading of a level of brands that is no name as a
// whole but two brands joined by "and" or "or", one no ordinary word or of
// the brand list, names both; two ordinary words, or two products of a
// tracked brand, do not.
func TestFindMentions_UntrackedLeadPair(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Other insurers:\n\n- **Acme** — online-first.\n- **Harborline or Wayfarers** — traditional insurers with agents.\n",
			[]string{"Harborline", "Wayfarers"}, nil},
		{"## Insurers for bundling\n\n#### Acme\nLarge discounts.\n\n#### Quarrix Insurance and Meadow Mutual\nBoth offer bundles.\n",
			[]string{"Quarrix Insurance", "Meadow Mutual"}, nil},
		{"Tips:\n\n- **Acme** — online-first.\n- **Morning or Evening** — hike early.\n",
			nil, []string{"Morning", "Evening"}},
		{"Packs:\n\n- **Acme** — light.\n- **Frameless or Framed** — depends on base weight.\n",
			nil, []string{"Framed"}},
		{"Cover:\n\n- **Acme** — online.\n- **Paperless or Printable** — how you get documents.\n",
			nil, []string{"Printable"}},
		{"Stacks:\n\n- **Acme** — hosted.\n- **Python or Rust** — languages.\n- **Paris or Rome** — cities.\n",
			nil, []string{"Python", "Rust", "Paris", "Rome"}},
		{"Packs:\n\n- **Acme** — light.\n- **Acme Exos or Kestrel Pack** — two of its models.\n- **Weight and Fit** — what matters.\n",
			nil, []string{"Weight and"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A brand of the list inside a sentence, run together with a model of more
// words than a name has, names the brand; a long run of capitals that no
// brand opens names nothing.
func TestFindMentions_UntrackedLongModelRun(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Budget pick: the Xiaomi Redmi Note 14 Pro offers a lot for $300.", []string{"Xiaomi"}, nil},
		{"Acme is fine. It runs on a Qualcomm Snapdragon 7s Gen 3 chip.", []string{"Qualcomm"}, nil},
		{"Acme is fine. It pairs well with a Garmin Forerunner 965 Music Edition watch.", []string{"Garmin"}, nil},
		{"Acme is fine. We read the Consumer Reports Auto Reliability Survey 2025 first.", nil, []string{"Consumer Reports", "Consumer"}},
		{"Acme is fine. The Chapter Seven Section 12 Rules apply to every claim.", nil, []string{"Chapter Seven", "Chapter"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// What a company acquired, merged with or saw collapse is a company, where
// its name ends its phrase; what is bought ("the purchase of") may be any
// product, and what collapses before a noun an era or a market.
func TestFindMentions_UntrackedAcquisition(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Its acquisition of Harbor Labs added feed tools.", []string{"Harbor Labs"}, nil},
		{"Acme is fine. It pays 3% back on the purchase of Gift Cards.", nil, []string{"Gift Cards"}},
		{"Acme is fine. It waives fees on the purchase of Travel Insurance.", nil, []string{"Travel Insurance"}},
		{"Acme is fine. Since its merger with Tallgrass, rates rose.", []string{"Tallgrass"}, nil},
		{"Acme is fine. After the collapse of Quillfin, its users waited months for their money.", []string{"Quillfin"}, nil},
		{"Acme is fine. The bankruptcy of Tallow Lending froze its loans.", []string{"Tallow Lending"}, nil},
		{"Acme is fine. Historians still argue about the collapse of Rome.", nil, []string{"Rome"}},
		{"Acme is fine. The collapse of Quillfin, a lender, hurt savers, and the bankruptcy of Norvane Travel left tourists stranded.", []string{"Quillfin", "Norvane Travel"}, nil},
		{"Acme is fine. The bankruptcy of Harbor Brothers started a panic, and the collapse of Vellum Pay is a warning.", []string{"Harbor Brothers", "Vellum Pay"}, nil},
		{"Acme is fine. The collapse of Iron Age trade and of Soviet Union airlines is old news.", nil, []string{"Iron Age", "Soviet Union"}},
		{"Acme is fine. The collapse of Pacific cod stocks, of Roman rule and of Wall Street confidence, and the collapse of Bitcoin prices, came later.", nil, []string{"Pacific", "Roman", "Wall Street", "Bitcoin"}},
		{"Acme is fine. The bankruptcy of Donald Trump's casinos made news.", nil, []string{"Donald Trump"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Headings of one level that pair a need with a pick, one of them a tracked
// brand, name the other picks too; a pick written elsewhere as an owner is
// a brand whole, not cut to its first word.
func TestFindMentions_UntrackedPickHeadings(t *testing.T) {
	answer := "## Best tents\n\n### Best overall: Acme Pro 2\nLight and roomy.\n\n" +
		"### Best for storms: Zorvane Gale 3\nStrong poles.\n\n" +
		"### Trekking poles: Carter Ridge\nCarter Ridge's Feather poles fold small.\n\n" +
		"### Budget option: Acme Lite 1\nCheap.\n\n### Accessories\nA stuff sack.\n"
	checkUntracked(t, answer, []Tracked{{Name: "Acme"}}, []string{"Zorvane", "Carter Ridge"}, []string{"Carter", "Accessories"})
}

// Two names joined by "and" or "or" after a pick heading's colon are two
// picks.
func TestFindMentions_UntrackedPickHeadingPair(t *testing.T) {
	answer := "## Best cover\n\n### Best overall: Acme Plus\nBroad cover.\n\n" +
		"### Good value: Zorvane and Lantern Mutual\nCheap plans.\n\n### Also good: Acme Basic\nFine.\n"
	checkUntracked(t, answer, []Tracked{{Name: "Acme"}}, []string{"Zorvane", "Lantern Mutual"}, nil)
}

// In a list of picks by need, one of whose values is a tracked brand after
// a bold label, a value that is nothing but names names picks; a value that
// is a sentence names none, and a list comparing tracked brands by
// attribute gives its labels no brand.
func TestFindMentions_UntrackedPickListValues(t *testing.T) {
	answer := "A starter kit:\n\n- **Pack:** Acme Ridge 58 – $220.\n" +
		"- **Tent:** Zorvane Dome 2 – $500; MXR Hubba 2 – $550.\n" +
		"- **Stove:** Roughly any canister stove works.\n"
	checkUntracked(t, answer, []Tracked{{Name: "Acme"}}, []string{"Zorvane", "MXR"}, []string{"Roughly", "Tent", "Stove"})
	attrs := "How they compare:\n\n* **Comfort:** The mesh back breathes best.\n" +
		"* **Weight:** Acme Alpine 65 — about 3 lb; Globex Atmos 65 — about 4 lb.\n"
	checkUntracked(t, attrs, []Tracked{{Name: "Acme"}, {Name: "Globex"}}, nil, []string{"Comfort", "Weight"})
}

// A product relied on or paired with is used as a tool.
func TestFindMentions_UntrackedReliedOn(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Our shop relies on Zorvane for email flows.", []string{"Zorvane"}, nil},
		{"Acme is fine. Pair it with Quillmark for notes.", []string{"Quillmark"}, nil},
		{"Acme is fine. It pairs well with Tessaly for invoicing.", []string{"Tessaly"}, nil},
		{"Acme is fine. It works in partnership with Local Banks.", nil, []string{"Local Banks"}},
		{"Acme is fine. It was built in collaboration with Credit Unions.", nil, []string{"Credit Unions"}},
		{"Pair it with Merino socks and Acme boots.", nil, []string{"Merino"}},
		{"Acme is fine. Pair the boots with Merino liners on cold days.", nil, []string{"Merino"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Two names after a cue of use, one no dictionary knows, name two tools,
// an ordinary word too; a plural is a kind of data, no tool.
func TestFindMentions_UntrackedCuedPair(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Teams already using Zorvane or Lantern may find overlap.", []string{"Zorvane", "Lantern"}, nil},
		{"Acme is fine. If you already use Lantern or Zorvane for outreach, skip it.", []string{"Lantern", "Zorvane"}, nil},
		{"Acme is fine. It syncs with Zorvane and Contacts overnight.", nil, []string{"Contacts"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name right after a noun of a company ("design firm", "the insurer"), or
// after "owner" or "parent" and a comma, is that company's; "startup" and
// "bank" before a name are not read so.
func TestFindMentions_UntrackedCompanyNoun(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. It worked with design firm Quiet Harbor on the case.", []string{"Quiet Harbor"}, nil},
		{"Acme is fine. It has no investing, although its owner, Tallgrass, offers it.", []string{"Tallgrass"}, nil},
		{"Acme is fine. For a startup SDR team, it is the better fit.", nil, []string{"SDR"}},
		{"Acme is fine. Deposits sit at Fernhill Bank, N.A. and are insured.", nil, []string{"N.A"}},
		{"Acme plans the company Christmas party.", nil, []string{"Christmas"}},
		{"Set up a company Wiki with Acme.", nil, []string{"Wiki"}},
		{"Acme honors the manufacturer Warranty for two years.", nil, []string{"Warranty"}},
		{"Acme is fine. The insurer Zorbly offers it too.", []string{"Zorbly"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name after "Its" or "Their" opening a sentence, before an integration
// word, is the tool the product connects to; an ordinary word that is no
// brand there is the product's own feature.
func TestFindMentions_UntrackedOwnedIntegration(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Its Slack integration sends a digest every morning.", []string{"Slack"}, nil},
		{"Acme is fine. Their Zorvane plugin files receipts for you.", []string{"Zorvane"}, nil},
		{"Acme is fine. Its Chrome extension clips pages in one click.", []string{"Chrome"}, nil},
		{"Acme is fine. Its Calendar integration is basic.", nil, []string{"Calendar", "Its Calendar"}},
		{"Acme is fine. Its Google integration is basic.", nil, []string{"Google", "Its Google"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name right after a tracked brand, or its possessive, before an
// integration word is the tool the brand connects to, not its model; a
// name after the brand elsewhere stays its model.
func TestFindMentions_UntrackedBrandIntegration(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Acme's Zorvane integration files every receipt.", []string{"Zorvane"}, nil},
		{"Acme is fine. Tickets close through the Acme GitHub integration.", []string{"GitHub"}, nil},
		{"Acme is fine. The Acme Slack plugin is free.", []string{"Slack"}, nil},
		{"Acme is fine. Acme's Slack plugin posts a summary.", []string{"Slack"}, nil},
		{"Acme is fine. Acme's Quickpost mode saves time.", nil, []string{"Quickpost"}},
		{"Acme is fine. The Acme Calendar integration is basic.", nil, []string{"Calendar"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Single words joined as a list, each a product of one maker of the brand
// list with the maker's name left off ("Microsoft Teams", "Microsoft
// Outlook"), are those products, an ordinary plural too; words that share
// no maker are not.
func TestFindMentions_UntrackedOneMaker(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Reminders show up in Teams and Outlook alike.", []string{"Teams", "Outlook"}, nil},
		{"Acme is fine. You can attach files from Docs and Sheets.", []string{"Docs", "Sheets"}, nil},
		{"Acme is fine. Upgrades to Plus and Pro cost extra.", nil, []string{"Plus", "Pro"}},
		{"Acme is fine. It pairs Sales and Marketing views.", nil, []string{"Sales", "Marketing"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// "Gear" is a company noun: it ends a brand's name, the word before it
// too, where a model follows the name ("Hyperlite Mountain Gear Southwest").
func TestFindMentions_UntrackedGearCompany(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine.\n\n1. **Quillfeather Mountain Gear Ridgeline 40** – Light but pricey.\n2. **Zorvane Trail 40** – Cheap.",
			[]string{"Quillfeather Mountain Gear", "Zorvane"}, []string{"Quillfeather"}},
		{"Acme is fine.\n\n1. **Brightwater Gear Ridgeline 40** – Light but pricey.\n2. **Zorvane Trail Pack 40** – Cheap.",
			[]string{"Brightwater Gear", "Zorvane"}, []string{"Brightwater", "Zorvane Trail Pack"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// The name that opens a list of names opening a sentence before a plural
// verb is one of them, ordinary words too: the list is the evidence its
// capital is not; ordinary words before a verb of no such list are none.
func TestFindMentions_UntrackedListSubjectOpening(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Sunny Paws and Red Finch are also worth a quote.", []string{"Sunny Paws", "Red Finch"}, nil},
		{"Acme is fine. Lantern and GEICO both offer roadside help.", []string{"Lantern", "GEICO"}, nil},
		{"Acme is fine. Calling and Texting are included on all plans.", nil, []string{"Calling", "Texting"}},
		{"Acme is fine. Quiet Harbor offers roadside help.", nil, []string{"Quiet Harbor"}},
		// makers before a plural noun of their goods; a clause after a semicolon
		{"Acme is fine. Kestrelbrook packs are a good alternative for long torsos.", []string{"Kestrelbrook"}, nil},
		{"Acme is fine. Fit varies; Harbors and Under Armour stability models are the usual picks.", []string{"Harbors", "Under Armour"}, nil},
		{"Acme is fine. Fit varies; Rivers and Lakes stability models are the usual picks.", nil, []string{"Rivers", "Lakes"}},
		// after a colon, plurals of ordinary words are features the label announces
		{"Automation options:\n\n- **Zorbex**: Buttons and webhooks [1].\n- **Acme**: Packs and Automations run on a schedule [2].", nil, []string{"Packs", "Automations"}},
		{"Acme is fine. Sync notes: Zorbex and Quillon also make budgeting apps.", []string{"Zorbex", "Quillon"}, nil},
		{"Acme is fine. Plan notes: Templates and Automations also run on the top tier.", nil, []string{"Templates", "Automations"}},
		{"Acme is fine. Android phones are cheaper than most people think.", nil, []string{"Android"}},
		{"Acme is fine. Summer packs are lighter than winter ones.", nil, []string{"Summer"}},
		{"Acme is fine. Ultralight packs are lighter; framed ones carry more.", nil, []string{"Ultralight"}},
		{"Acme is fine. Waterproofish jackets are fine for drizzle.", nil, []string{"Waterproofish"}},
		// a list after a label's colon opens its clause
		{"Acme is fine. Other options: Quill and RBX also make tech bindings.", []string{"Quill", "RBX"}, nil},
		{"Acme is fine. **Other options:** Refurbished and Certified phones are worth a look.", nil, []string{"Refurbished", "Certified"}},
		{"Acme is fine. Used and Open models are worth comparing.", nil, []string{"Used", "Open"}},
		{"Acme is fine. **Verdict:** Midrange and Flagship models both get updates.", nil, []string{"Flagship"}},
		{"Acme is fine. Harborline and Kestrelbrook both offer bundles.", []string{"Harborline", "Kestrelbrook"}, nil},
		{"Acme is fine. **Other options:** Quarrix and Meadowvale are worth a look.", []string{"Quarrix", "Meadowvale"}, nil},
		{"Acme is fine. Best picks: Kestrel and Meadowlark are worth a quote.", []string{"Kestrel", "Meadowlark"}, nil},
		{"Acme is fine. Key features: Calling and Texting are included on all plans.", nil, []string{"Calling", "Texting"}},
		{"Acme is fine. Note: Merino and Polyester are both popular for base layers.", nil, []string{"Merino", "Polyester"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name of two capitalized words or more after "from" and a word in small
// letters is the maker or seller of what comes before it; not after a word
// of making or rating, and not a place.
func TestFindMentions_UntrackedNamesFrom(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. For winter, add a warmer quilt from Grey Heron Works.", []string{"Grey Heron Works"}, nil},
		{"Acme is fine. It is worth asking for a quote from Sunny Paws too.", []string{"Sunny Paws"}, nil},
		{"Acme is fine. Its shell is made from Recycled Nylon fabric.", nil, []string{"Recycled Nylon"}},
		{"Acme is fine. Its ratings from Trail Weekly are high.", nil, []string{"Trail Weekly"}},
		{"Acme is fine. It ships orders from New Mexico.", nil, []string{"New Mexico"}},
		{"Acme is fine. It sends a text from Account Alerts when a charge looks odd.", nil, []string{"Account Alerts"}},
		{"Acme is fine. It sends a text from Zorvel Alerts when a charge looks odd.", []string{"Zorvel Alerts"}, nil},
		{"Order one bag from Acme and one from Grey Heron Works and compare.", []string{"Grey Heron Works"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// One word no dictionary knows after "through" or "via" is the service a
// thing passes through; not a feature of joined ordinary words, a
// technology opening with two capitals, a plural in small letters or a
// name of two words.
func TestFindMentions_UntrackedCoinedThrough(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. It sells print-on-demand through Zorvique and ships fast.", []string{"Zorvique"}, nil},
		{"Acme is fine. It screens applicants via ChexPoint first.", []string{"ChexPoint"}, nil},
		{"Acme is fine. Cash advances come through ExtraCash with a fee.", nil, []string{"ExtraCash"}},
		{"Acme is fine. You sign in through OAuth on every device.", nil, []string{"OAuth"}},
		{"Acme is fine. Data flows via Webhooks to your server.", nil, []string{"Webhooks"}},
		{"Acme is fine. Calls route via Sales Dialer in the app.", nil, []string{"Sales Dialer"}},
		{"Acme is fine. We drove through Yosemite last summer.", nil, []string{"Yosemite"}},
		{"Acme is fine. Files sync through Wrikely and Printful each night.", []string{"Wrikely"}, nil},
		{"Acme is fine. Share the folder via Dropbox before the call.", []string{"Dropbox"}, nil},
		{"Acme is fine. Photos sync through Handoff on the laptop.", nil, []string{"Handoff"}},
		{"Acme is fine. Water runs through Gravityflow systems overnight.", nil, []string{"Gravityflow"}},
		{"Acme is fine. Book sites through Reservable or the desk.", nil, []string{"Reservable"}},
		{"Acme is fine. Pay via Paperlessly billing each month.", nil, []string{"Paperlessly"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name after an owner's cue is a company: "(by ZoomDesk)" after a name
// names its owner, and a name shaped like a feature after such a cue
// ("sold alongside", "part of", "(by") is no feature of the brand before it.
func TestFindMentions_UntrackedOwnerCue(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is the pick. Its rival Globex (by Zorbix) is solid.", []string{"Zorbix"}, nil},
		{"1. **Acme** — good.\n2. **Globex** (by ZoomDesk) — solid call notes.\n", []string{"ZoomDesk"}, nil},
		{"Acme is sold alongside ZoomDesk with similar contracts.", []string{"ZoomDesk"}, nil},
		{"- **Acme** (by Jane Smith) — solid call notes.\n- **Other** — fine.\n", nil, []string{"Jane Smith"}},
		{"Acme offers SpotMe alongside MyPay for members.", nil, []string{"SpotMe", "MyPay"}},
		{"Acme is fine (by default it syncs daily).", nil, nil},
		// a name joined to more by "and" is a breakdown, no owner
		{"Call checklist for Acme:\n\n1. **Track Connect Rates** (by Rep and Hour).\n2. **Record Voicemails** – saves time.", nil, []string{"Rep", "Hour"}},
		{"- **Acme** — good.\n- **Globex** (by ZoomDesk, a call-notes vendor) — solid.\n", []string{"ZoomDesk"}, nil},
		// "backed by", in any case, names an owner or an investor where the
		// name ends at punctuation; a feature backs a policy with a noun
		// after it or an appositive that calls it the brand's own
		{"Acme, backed by ZoomDesk, stopped selling new policies.", []string{"ZoomDesk"}, nil},
		{"* **Acme:** Backed by ZoomDesk, a long-established mutual insurer.\n* **Globex:** fine.\n", []string{"ZoomDesk"}, nil},
		{"| Insurer | Note |\n|---|---|\n| Acme | Backed by ZoomDesk |\n| Globex | Fine |\n", []string{"ZoomDesk"}, nil},
		{"Acme policies are backed by SmartClaim, its guaranteed repair program.", nil, []string{"SmartClaim"}},
		{"* **Acme:** Backed by RealPeople support and a claims line.\n* **Globex:** fine.\n", nil, []string{"RealPeople"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A lead that joins two brands by "and" or "or", in one heading or as bold
// names of one item, leads with each of them: an ordinary word among them
// is read as a lead beside a brand is; two ordinary words, a plural kind or
// a brand's model and a plan are no pair.
func TestFindMentions_UntrackedJoinedLeads(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"## Top\n\n#### Acme\nGood pick.\n\n#### Zorvane and Pioneer\nBetter options if your credit is fair.\n", []string{"Zorvane", "Pioneer"}, nil},
		{"Options:\n\n- **Acme**: good.\n- **Zorvane** and **Meadow**: $0 trades.\n", []string{"Zorvane", "Meadow"}, nil},
		{"## Top\n\n#### Acme\nGood pick.\n\n#### Fees and Limits\nBetter if your credit is fair.\n", nil, []string{"Fees", "Limits"}},
		{"Options:\n\n- **Acme**: good.\n- **Pros** and **Cons**: mixed.\n", nil, []string{"Pros", "Cons"}},
		{"Options:\n\n- **Acme**: good.\n- **Checking** or **Savings**: both free.\n", nil, []string{"Savings"}},
		{"Options:\n\n- **Acme**: good.\n- **Zorvex Pro and Lite**: two plans.\n", []string{"Zorvex"}, []string{"Lite"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// An ordinary word of the brand list that closes a longer run of capitals
// before a noun of what a company issues is the network the product runs
// on; an ordinary word off the list there forms the product's name.
func TestFindMentions_UntrackedIssuedAfterRun(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. You can apply for the Credit Builder Visa card online.", []string{"Visa"}, nil},
		{"Acme is fine. Start from the Weekly Review Notion template and adjust it.", []string{"Notion"}, nil},
		{"Acme is fine. It pays well on the Blue Cash Everyday card for groceries.", nil, []string{"Everyday", "Cash", "Blue Cash Everyday"}},
		{"Acme is fine. Use the Gold Rewards card for dining.", nil, []string{"Rewards", "Gold Rewards"}},
		{"Acme is fine. The Student Smart card works abroad.", nil, []string{"Smart", "Student Smart"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// An aside about a name, a relative clause set off by commas or words in
// parentheses, does not end a list of names; the list's other rules still
// decide which of them are brands.
func TestFindMentions_UntrackedListAside(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Alternatives include Zorvane, which is purpose-built for cafés, and Lantern for bars.", []string{"Zorvane", "Lantern"}, nil},
		{"Acme is fine. Competitors include Birch, who recently cut prices [2], and Meadow.", []string{"Birch", "Meadow"}, nil},
		{"If you want a free tool, Acme (free for three users) and Zorblix are worth a look.", []string{"Zorblix"}, nil},
		{"Acme is fine. We met Sarah, who runs the shop, and Tom at the fair.", nil, []string{"Sarah", "Tom"}},
		{"Acme is fine. Alternatives include Basic, which costs less, and Plus for teams.", nil, []string{"Basic", "Plus"}},
		{"Acme is fine. Ask about Pricing, which changes often, and Support before you sign.", nil, []string{"Pricing", "Support"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name written inside a tracked name and again on its own in one
// sentence is read where it stands alone ("Etsy" of "Etsy Pattern"); one
// written only inside the tracked name is that tracked brand.
func TestFindMentions_UntrackedBesideTrackedSpelling(t *testing.T) {
	pos := []Tracked{{Name: "Etsy Pattern"}, {Name: "Acme"}}
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme and Etsy Pattern suit makers, or a shop that already runs an Etsy storefront.", []string{"Etsy"}, nil},
		{"1. **Etsy Pattern** – Its B2B on Etsy features cover price lists.", []string{"Etsy"}, nil},
		{"Acme and Etsy Pattern suit makers; Etsy Pattern also handles stock.", nil, []string{"Etsy"}},
		{"Acme and Etsy Pattern suit makers, and Etsy Pattern Pro adds stock.", nil, []string{"Etsy", "Etsy Pattern Pro"}},
	} {
		checkUntracked(t, tt.text, pos, tt.want, tt.not)
	}
}

// A shop's verbs ("carries", "stocks") after a name opening a sentence or a
// clause make it the subject, an adverb of frequency between them too; an
// ordinary word before them is none.
func TestFindMentions_UntrackedShopVerbs(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Zorvane carries most of these brands in store.", []string{"Zorvane"}, nil},
		{"Acme is fine. Zorvane stocks spare parts for it.", []string{"Zorvane"}, nil},
		{"Acme is fine. Buy early, while Zorvane frequently discounts old models.", []string{"Zorvane"}, nil},
		{"Acme is fine. Nothing carries over to the next plan.", nil, []string{"Nothing"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// An ordinary word of the brand list after a plural noun of a kind of
// business and "and" or "or" is a business of that kind; an ordinary word
// the list lacks is not read so.
func TestFindMentions_UntrackedJoinedToKind(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. You can buy it from camping retailers and Amazon.", []string{"Amazon"}, nil},
		{"Acme is fine. Phone carriers and Amazon often cut its price.", []string{"Amazon"}, nil},
		{"Acme is fine. It is stocked by retailers and Outlets nationwide.", nil, []string{"Outlets"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A pick reader's value that is a plural, a kind of product, a colour or a
// "Best for …" label names no pick.
func TestFindMentions_UntrackedPickValueKinds(t *testing.T) {
	acme := []Tracked{{Name: "Acme"}}
	for _, tt := range []struct {
		text string
		not  []string
	}{
		{"## Picks\n\n### Best overall: Acme Pro\nFine.\n\n### Best for: Families and Beginners\nEasy.\n\n### Budget pick: Tents and Tarps\nCheap.\n",
			[]string{"Families", "Beginners", "Tents", "Tarps"}},
		{"## Picks\n\n### Best overall: Acme\nFine.\n\n### Best for Beginners: Index Funds\nEasy.\n\n### Best for Income: Dividend Stocks\nSteady.\n",
			[]string{"Index Funds", "Dividend Stocks"}},
		{"## Picks\n\n### 1. Best for Teams: Acme\nFine.\n\n### 2. Best for Solo Users: Google Drive\nCheap.\n",
			[]string{"Best for Solo Users"}},
		{"My kit:\n\n- **Backpack:** Acme Ridge 58 – $220\n- **Best for:** Beginners and Families\n- **Colors:** Black, Navy and Olive\n",
			[]string{"Beginners", "Families", "Black", "Navy", "Olive"}},
		{"A plan:\n\n- **Checking:** Acme – no fees\n- **Savings:** High-Yield Savings – 4% APY\n- **Investing:** Roth IRA – tax-free\n",
			[]string{"High-Yield Savings", "Roth IRA"}},
		{"A plan:\n\n| Goal | Recommendation | Why |\n|---|---|---|\n| Checking | Acme | No fees |\n| Emergency fund | High-Yield Savings | Liquid |\n| Retirement | Roth IRA | Tax-free |\n",
			[]string{"High-Yield Savings", "Roth IRA"}},
	} {
		checkUntracked(t, tt.text, acme, nil, tt.not)
	}
}

// wordsBefore finds a phrase of a table right before a word, whatever the
// case its words are written in, as strings.EqualFold reads them; a
// sentence's end inside it, or a comma before its last word, breaks it.
func TestWordsBefore(t *testing.T) {
	table := phrasesBefore("owned by", "part of", "uses")
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"a brand owned by Acme", true},
		{"a brand Owned BY Acme", true},
		{"it is part of, Acme", true},
		{"the team uses Acme", true},
		{"the team USES Acme", true},
		{"a brand owned. by Acme", false},
		{"a brand owned, by Acme", false},
		{"a brand bought by Acme", false},
		{"by Acme", false},
		{"Acme", false},
	} {
		ws := proseWords(nil, tt.text)
		if got := wordsBefore(ws, len(ws)-1, table); got != tt.want {
			t.Errorf("wordsBefore(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
	// the Kelvin sign folds onto "k" as strings.EqualFold reads it
	if ws := proseWords(nil, "ta\u212Aes Acme"); !wordsBefore(ws, 1, phrasesBefore("takes")) {
		t.Errorf("wordsBefore(%q) = false, want true", "ta\u212Aes Acme")
	}
}

// One capital letter beside a coined name in a list is no name by its shape:
// letters name vitamins, grades, sizes and plans far more often than brands.
func TestFindMentions_UntrackedLetterInList(t *testing.T) {
	for _, text := range []string{
		"Supplements like Centrum and D are common.",
		"Acme stocks brands such as Zorvex, Kellan and B for bulk buyers.",
		"Grades vary; Zorvex and C students alike use it.",
	} {
		checkUntracked(t, text, []Tracked{{Name: "Acme"}}, nil, []string{"B", "C", "D"})
	}
}

// "its acquisition by" names the buyer where the name ends its phrase; a
// noun after the name makes it a kind of buyer, and with no determiner
// "acquisition by" is a measure of growth.
func TestFindMentions_UntrackedAcquisitionBy(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme was the default, but after its acquisition by Bending Spoons, prices rose.", []string{"Bending Spoons"}, nil},
		{"Since its acquisition by Vista Equity Partners and the merger, Acme has shifted.", []string{"Vista Equity Partners"}, nil},
		{"Acme grew after its acquisition by Private Equity investors in 2021.", nil, []string{"Private Equity"}},
		{"Acme tracks customer acquisition by Channel and Campaign in one report.", nil, []string{"Channel", "Campaign"}},
		{"Acme reports Acquisition by Region for every store.", nil, []string{"Region"}},
		{"After its acquisition by Jeff Bezos, Acme moved its offices.", nil, []string{"Jeff Bezos"}},
		{"After its acquisition by Texas, the park kept Acme as a tenant.", nil, []string{"Texas"}},
		{"Acme is solid, but since its acquisition by Employ, development has slowed.", []string{"Employ"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A maker of the brand list, one that opens three names of it or more, is
// the company before "users", "customers" or "devices" inside a sentence;
// an ordinary word forms a kind of user there, and a place or a town of
// the list its people.
func TestFindMentions_UntrackedMakerUsers(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is the best pick for Apple users who want a simple editor.", []string{"Apple"}, nil},
		{"Acme only runs on Apple devices, so check before you buy.", []string{"Apple"}, nil},
		{"Acme is great for Power users who want keyboard shortcuts.", nil, []string{"Power"}},
		{"Acme gives Premium users more storage than Free users.", nil, []string{"Premium", "Free"}},
		{"Acme now serves Texas customers and Phoenix customers too.", nil, []string{"Texas", "Phoenix"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name before a noun of a partner's work ("partnership", "tuning",
// "color tuning") is the partner a product was made with, after a tracked
// brand's possessive or "its" too; an ordinary word, a town, an acronym
// or a word with a capital inside off the brand list is none.
func TestFindMentions_UntrackedPartnerWork(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"The Acme 13 is a capable middle ground: its Zorvane colour tuning is pleasing.", []string{"Zorvane"}, nil},
		{"Acme's Zorvane color tuning looks great in daylight.", []string{"Zorvane"}, nil},
		{"The Acme 15 dropped its Zorvane partnership; its cameras are now tuned in-house.", []string{"Zorvane"}, nil},
		{"| Insurer | Pet |\n|---|---|\n| Acme | Via Zorvane partnership |\n| Globex | Yes |\n", []string{"Zorvane"}, []string{"Via Zorvane"}},
		{"Acme announced a Strategic partnership with its suppliers.", nil, []string{"Strategic"}},
		{"Acme benefits from a Frankfurt partnership.", nil, []string{"Frankfurt"}},
		{"Acme's ProRes color tuning is for video pros.", nil, []string{"ProRes"}},
		{"Acme's SmartColor tuning looks natural.", nil, []string{"SmartColor"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name joined by a hyphen to a participle of making after "its" is the
// maker, no model of the owner ("its Zorvane-tuned cameras"); a prefix of
// two letters before a hyphen ("Co-tuned") is no name, and "co-tuned
// with" names the partner.
func TestFindMentions_UntrackedMakerAfterIts(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme 13 is the pick. Its Zorvane-tuned cameras are very good.", []string{"Zorvane"}, nil},
		{"- **Acme 13**: Co-tuned with Zorvane, with natural colors.\n- **Globex 9**: Bright.\n", []string{"Zorvane"}, []string{"Co"}},
		{"Acme 13 is the pick. Its Zorvane lineup is good.", nil, []string{"Zorvane"}},
		{"Acme ships Re-designed hinges this year.", nil, []string{"Re"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A brand of the list before ordinary words that close with a kind of
// account ("Total Checking", "Platinum Secured") names the bank; one
// ordinary word of the list before them is the account's own name.
func TestFindMentions_UntrackedAccountOfListed(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Options:\n\n* **Acme**: Up to $300.\n* **Chase Total Checking**: $300 bonus.\n* **Globex**: Fine.\n", []string{"Chase"}, []string{"Chase Total Checking"}},
		{"Options:\n\n* **Acme**: Up to $300.\n* **Wells Fargo Everyday Checking**: $10 fee.\n* **Globex**: Fine.\n", []string{"Wells Fargo"}, []string{"Wells Fargo Everyday Checking"}},
		{"Options:\n\n* **Acme**: Up to $300.\n* **Premier Checking**: $25 fee.\n* **Globex**: Fine.\n", nil, []string{"Premier"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name that closes a list of channels after "through" or "via", a verb
// of selling before it, is a shop the product is sold through; a place, a
// person and "available", said of support and cover as often, are none.
func TestFindMentions_UntrackedSoldThrough(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"In the US, phones are sold unlocked through Acme's own store and Zorvane, with limited carrier support.", []string{"Zorvane"}, nil},
		{"Acme sells widely in the US through its own store and Zorvane, while others are limited.", []string{"Zorvane"}, nil},
		{"Acme is sold through dealers and Europe.", nil, []string{"Europe"}},
		{"Acme is sold through its website and John Smith.", nil, []string{"John Smith"}},
		{"Acme plans are available through your employer or Medicare.", nil, []string{"Medicare"}},
		{"Acme plans are sold via agents and Zorvane.", nil, []string{"Zorvane"}},
		{"Acme drugs are sold through its app and Zorvane coupons.", nil, []string{"Zorvane"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A lead of ordinary words or of small letters is a brand where it stands
// in a lineup beside a tracked brand's lead, at the same indent; elsewhere,
// and as a label under a brand, it is none.
func TestFindMentions_UntrackedLooseLineup(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"1. **Acme** – fast.\n2. **Nice Simple Hosting** – one flat price.\n3. **Zorvane** – cheap.", []string{"Nice Simple Hosting"}, nil},
		{"### 1. Acme\nFast.\n### 2. **staybright**\nCheap rooms.", []string{"staybright"}, nil},
		{"| Pick | Note |\n|---|---|\n| **Acme** | fast |\n| **tripwell Stays** | flexible |", []string{"tripwell Stays"}, nil},
		{"1. **Acme** – fast.\n   - **Key Features:** sync and export.\n2. **Zorvane** – cheap.", nil, []string{"Key Features"}},
		{"- **Nice Simple Hosting** – one flat price.\n- **Zorvane** – cheap.", nil, []string{"Nice Simple Hosting"}},
		{"- **Acme** – fast.\n- **Bottom Line:** pick one.", nil, []string{"Bottom Line"}},
		{"- **Acme** – fast.\n- **stream** – watch anywhere.", nil, []string{"stream"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A brand of the list called by its number is a name in a list beside a
// name no dictionary knows; with no such name beside it, it is a step or a
// level as often, and a plan's or a model's word with a number is a plan.
func TestFindMentions_UntrackedNumberedListed(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. A to-do app like Zorbex or Things 3 is quicker for one person.", []string{"Zorbex", "Things 3"}, nil},
		{"Acme is heavy. Quillon and Things 3 are faster for personal lists.", []string{"Quillon", "Things 3"}, nil},
		{"Acme is fine. Read the guide, then finish Step 1 and Step 2 on your own.", nil, []string{"Step 1", "Step 2", "Step"}},
		{"Acme is fine. For families, pick Zorbex or Plus 1 over Globex.", []string{"Zorbex"}, []string{"Plus 1", "Plus"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A loose lead is a brand only in a lineup of brands: not under a later
// section's heading of the same level, not in a row of topics whose text
// names a tracked brand or speaks of both or all, and not when, in small
// letters, it is a phrase with a preposition or a plain word.
func TestFindMentions_UntrackedLooseNotALineup(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"## Top picks\n### Acme\nFast hosting.\n### Globex\nCheap hosting.\n## What else to weigh\n### Customer Support\nBoth answer by chat.\n### Mobile Apps\nBoth have one.",
			nil, []string{"Customer Support", "Mobile Apps"}},
		{"## Top picks\n### Acme\nFast hosting.\n### Nice Simple Hosting\nOne flat price.\n### Globex\nCheap hosting.",
			[]string{"Nice Simple Hosting"}, nil},
		{"- **Acme** – fast.\n- **Customer Service** – both are slow on the phone.\n- **Globex** – cheap.",
			nil, []string{"Customer Service"}},
		{"- **Acme** – fast.\n- **Real Time Tracking** – both apps show the driver.",
			nil, []string{"Real Time Tracking"}},
		{"- **Acme** – fast.\n- **Data Privacy** – both are GDPR-ready.",
			nil, []string{"Data Privacy"}},
		{"- **Acme** – fast.\n- **Great Customer Support** – Globex answers in minutes.",
			nil, []string{"Great Customer Support"}},
		{"- **Acme** – fast.\n- **ebooks** – free in the app.",
			nil, []string{"ebooks"}},
		{"- **Acme** – fast.\n- syncs with Google Drive",
			[]string{"Google Drive"}, []string{"syncs with Google Drive"}},
		{"1. **Acme** – fast.\n2. **staybright** – cheap rooms near the station.",
			[]string{"staybright"}, nil},
	} {
		checkUntracked(t, tt.text, tracked, tt.want, tt.not)
	}
}
