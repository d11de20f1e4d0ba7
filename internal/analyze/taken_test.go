package analyze

import "testing"

// A name whose test or analysis the answer cites, with or without one
// word in small letters between, is a source, no brand.
func TestFindMentions_SourceTestOrAnalysis(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme's battery lasted 18 hours in Gizmodrome's endurance test [1], the longest of the year.", nil, []string{"Gizmodrome"}},
		{"Acme is about 15% cheaper for young drivers in Ratewise's analysis [2].", nil, []string{"Ratewise"}},
		{"Acme's battery lasted 18 hours, two more than Zorbex's battery in the same conditions.", []string{"Zorbex"}, nil},
		{"Ratewise's analysis found Acme about 15% cheaper for young drivers.", nil, []string{"Ratewise"}},
		{"Acme's keyword data is fine, but Zorbex's backlink analysis is deeper.", []string{"Zorbex"}, nil},
		{"For tests, Quillex's automated tests run on more browsers than Acme's.", []string{"Quillex"}, nil},
		{"Acme runs fine. Pair it with Sauce Labs tests and a linter.", []string{"Sauce Labs"}, nil},
		{"Acme runs fine. Compare Mixpanel analysis with it before you choose.", []string{"Mixpanel"}, nil},
		{"Acme is fine, but Zorbex's cash-flow report is clearer for accountants.", []string{"Zorbex"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// The membranes, fabrics and insulation gear is made of are technologies,
// no brands.
func TestFindMentions_GearMaterials(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"The Acme Ridge is warmer than most shells at its price, though it breathes less than Gore-Tex jackets do.", nil, []string{"Gore-Tex"}},
		{"- **Acme Summit Hoody** – PrimaLoft fill under a Pertex face fabric, and it packs into its own pocket.", nil, []string{"PrimaLoft", "Pertex"}},
		{"Acme packs are cheaper, but brands like Zorbex sell lighter Dyneema packs.", []string{"Zorbex"}, []string{"Dyneema"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A sound or picture format, and a technology's name before its variant's,
// is a specification, no brand.
func TestFindMentions_FormatVariants(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"The Acme Bar 5 has clearer dialogue, and its Dolby Atmos virtualization is convincing in a small room.", nil, []string{"Dolby Atmos", "Dolby"}},
		{"Acme's flagship records 8K video with Dolby Vision HDR on every lens.", nil, []string{"Dolby Vision", "Dolby"}},
		{"Acme's flagship records 8K video, while Zorbex and Quillon phones stop at 4K.", []string{"Zorbex", "Quillon"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A coined name paired with a capitalized ordinary word right after a
// tracked brand or its possessive names two of that brand's models; a
// pair farther off, or of brands, stays names.
func TestFindMentions_ModelPair(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"For long days, carry a pack with a real hipbelt, like an Acme Talon or Zephrix.", nil, []string{"Zephrix"}},
		{"Acme's daypacks are fine, and Acme's newer Trevlo and Harbor models are lighter.", nil, []string{"Trevlo"}},
		{"Acme is a solid pick, but the popular Trevlo and Harbor apps are strong alternatives for free checking.", []string{"Trevlo"}, nil},
		{"Acme's boots fit narrow, so if you have wide feet try Trevlo or Quillex first.", []string{"Trevlo", "Quillex"}, nil},
		{"Acme's boots fit narrow, so if you have wide feet try Trevlo or Harbor first.", []string{"Trevlo"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// An item's lead of one ordinary word right before a parenthesis that
// opens with a brand, tracked or listed, is the kind of thing the brand is;
// a coined word, a name of several words, a lead before a name no list
// holds or in a list that a tracked brand leads stays a name.
func TestFindMentions_KindBeforeNames(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Typical costs:\n\n- **Renters (Acme):** about $5/month.\n- **Auto (Geico):** often among the cheapest.\n", nil, []string{"Auto"}},
		{"Coverage by kind:\n\n- **Home (Acme or Zorbex):** bundle for discounts.\n- **Pets (Trupanion):** accident and illness.\n", nil, []string{"Home"}},
		{"Coupon tools:\n\n- **Honey (PayPal):** a browser extension.\n- **Acme:** cash back.\n", []string{"Honey"}, nil},
		{"## Nest (Google)\nA learning thermostat.\n\n## Acme\nCheaper.\n", []string{"Nest"}, nil},
		{"Social ad platforms:\n\n- **Meta (Facebook):** biggest reach.\n- **Pinterest:** shopping intent.\n\nAcme resells both.", []string{"Meta"}, nil},
		{"Headlamps:\n\n- Petzl (Actik or Swift RL) – bright and light\n- Acme (Spot or Storm) – cheaper\n", []string{"Petzl"}, nil},
		{"Other platforms:\n\n1. **Acme**: fast.\n2. **Harbor Commerce (Zorbex)** – flexible if you have developers.\n", []string{"Harbor Commerce"}, nil},
		{"Options:\n\n1. **Acme**: fast.\n2. **Zorbex (Basic or Pro)** – flexible plans.\n", []string{"Zorbex"}, nil},
		{"Options:\n\n1. **Acme**: fast.\n2. **Quillex (Harbor or Lantern)** – two plans.\n", []string{"Quillex"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Names listed after "its" are the owner's models or features, wherever
// the owner is named; one before an integration word is the tool
// connected to.
func TestFindMentions_ItsListedNames(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"For inside sales, **Acme** is often recommended [1]. Its Power Dialer and Predictive Dialer let reps work through lists.", nil, []string{"Predictive Dialer"}},
		{"Zorbex is cheaper than Acme. Its Fieldnote and Pathmark modes help.", []string{"Zorbex"}, []string{"Pathmark"}},
		{"Acme is pleasant for networking, and its Trevlo extension captures contacts quickly.", []string{"Trevlo"}, nil},
		{"Acme is fine. Its rivals, Zorbex and Quillex, cost less.", []string{"Zorbex", "Quillex"}, nil},
		{"Amer Sports is a big owner. Its Zorbex and Quillex brands lead in skis, and Acme trails them.", []string{"Quillex"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Names after a word of their generation ("newer", "recent") beside a
// brand are its models, as after "the"; after a comparison, with no
// brand before them, or where the brand is written before the same noun
// ("Acme phones … newer Zorbex phones"), they stay names.
func TestFindMentions_GenerationModels(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"**Acme packs** are comfortable, but the newer Trevlo and Harbor models have had some complaints.", nil, []string{"Trevlo"}},
		{"Many longtime customers feel **Acme** has slipped:\n\n- **Not as durable:** Zippers on recent Trevlo and Minimalist jackets fail sooner than older models.\n", nil, []string{"Trevlo"}},
		{"For long trips, brands like Zorbex make newer Trevlo packs that beat most rivals; Acme is heavier.", []string{"Zorbex"}, nil},
		{"Acme's boots fit narrow, so try the latest Trevlo or Quillex first.", []string{"Trevlo", "Quillex"}, nil},
		{"Acme phones are solid, but newer Zorbex and Quillex phones offer more for the money.", []string{"Zorbex", "Quillex"}, nil},
		{"Acme supports current Zorbex and Quillex users with a migration tool.", []string{"Zorbex", "Quillex"}, nil},
		{"Acme sells original Zorbex and Quillex cartridges at a discount.", []string{"Zorbex", "Quillex"}, nil},
		{"Acme now welcomes new Zorbex and Quillex customers with a discount.", []string{"Zorbex", "Quillex"}, nil},
		{"- **Acme** — reliable, and Acme jackets fit well, though recent Zorbex and Quillex jackets are lighter.", []string{"Zorbex", "Quillex"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A label of an acronym and an ordinary word is as often a brand's name
// ("CIT Bank:", "Nutshell CRM:") as a term, and stays a name in a list of
// brands.
func TestFindMentions_AcronymNameLabels(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Best high-yield savings accounts:\n\n- **CIT Bank:** 4.55% APY, $100 minimum.\n- **Acme:** 4.25% APY.\n- **UFB Direct:** 4.01% APY, no fees.\n", []string{"CIT Bank", "UFB Direct"}, nil},
		{"Small-business CRMs:\n\n- **Nutshell CRM:** simple pipelines.\n- **Acme:** more automation.\n- **Agile CRM:** cheap, dated interface.\n", []string{"Nutshell CRM", "Agile CRM"}, nil},
		{"Phone plans:\n\n- **Acme:** $30/month.\n- **US Mobile:** $20/month.\n", []string{"US Mobile"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A lead of two ordinary words joined by "and" or "or", one of them plural,
// is the topics its item covers, no name; two singulars may be a brand.
func TestFindMentions_JoinedTopicLeads(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Choose by account type:\n\n- **Checking and Savings** – Acme bundles both.\n- **Zorbex or Quillon** – solid alternatives for savers.\n- **Cards and Wallets** – Acme takes both.", []string{"Zorbex", "Quillon"}, []string{"Checking and Savings", "Cards and Wallets"}},
		{"Pick by team style:\n\n- **Sprints and Cycles** – Acme is built for this.\n- **Zorbex or Quillon** – the old guard.\n- **Wikis and Docs** – Acme wins.", []string{"Zorbex", "Quillon"}, []string{"Sprints and Cycles", "Wikis and Docs"}},
		{"Where to shop for a new kitchen:\n\n- **Acme** – cheapest.\n- **Zorbex** – custom sizes.\n- **Crate and Barrel** – good for dinnerware.", []string{"Zorbex", "Crate and Barrel"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A list item's lead that opens with an imperative verb is a step of
// advice, no name; a name after the verb stays one.
func TestFindMentions_ImperativeLeads(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Cold calling checklist for Acme:\n\n1. **Write Call Scripts**, which reps can edit, in Snippets.\n2. **Track Connect Rates** (by hour).\n3. **Record Voicemails** – Voicemail Drop saves time.", nil, []string{"Write Call Scripts", "Track Connect Rates", "Record Voicemails"}},
		{"Habits for tidy projects in Acme:\n\n1. **Draft Project Briefs** (by the kickoff) – goals and risks.\n2. **Archive Done Work** (by Sunday) – keeps boards fast.\n3. **Map Team Owners** – one per area.", nil, []string{"Draft Project Briefs", "Archive Done Work", "Map Team Owners"}},
		{"Options:\n\n1. **Acme** – fine.\n2. **Zorbex** – cheaper.\n3. **Record Store Day Deals** – seasonal.", []string{"Zorbex"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// In a list whose only known names are a known brand's products ("Acme
// AI"), an ordinary word in its plural is that brand's feature, no name.
func TestFindMentions_BrandFeatureList(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Best tools for a product team:\n\n1. **Acme** – Wikis, Databases and Acme AI for meeting notes.\n2. **Zorbex** – boards.", []string{"Zorbex"}, []string{"Wikis", "Databases"}},
		{"For notes, Acme AI, Zorbex and Quillon are the usual picks.", []string{"Zorbex", "Quillon"}, nil},
		{"Acme, Zorbex and Templates are what most teams try first.", []string{"Zorbex"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A label before a colon in title case, of ordinary words, is the heading
// of a point where less than half of its list's leads are brands and
// none is one coined word or a tracked brand alone; among leads that are
// brands for the most part, or beside such a name, it is a brand too.
func TestFindMentions_TitleCaseLabel(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme customers report a few recurring issues:\n\n- **Renewal Shock**: Plans renew at twice the first rate.\n- **Overage Fees**: $1 per 1,000 extra visits.\n- **Aggressive Upsells**: Add-ons appear at checkout by default.",
			nil, []string{"Renewal Shock", "Overage Fees"}},
		{"**Acme Cost Breakdown**\n\n* **Acme 2 Hardware**: $4,295\n* **Smart Accessories**: About $495 for handles and a bench\n* **Subscription Lock-In**: $60/month for a year",
			nil, []string{"Smart Accessories", "Subscription Lock-In"}},
		{"Carriers in the state:\n\n- **Acme**: Still writes policies here.\n- **Zorvane**: Has scaled back.\n- **Quillon**: Sells through partners.\n- **Golden Harbor**: One of the largest private insurers.",
			[]string{"Golden Harbor"}, nil},
		{"Good writing apps besides Acme:\n\n- **Zettlr**: Local Markdown files with backlinks.\n- **Bear**: Clean Markdown editor.\n- **Things**: A polished task manager.\n- **Slow Reader**: The best journaling app.",
			[]string{"Slow Reader", "Zettlr"}, nil},
		{"Good writing apps:\n\n- **Acme**: Local Markdown files.\n- **Bear**: Clean Markdown editor.\n- **Things**: A polished task manager.\n- **Slow Reader**: The best journaling app.",
			[]string{"Slow Reader"}, nil},
		{"Acme customers report a few issues:\n\n- **Renewal Shock**: Plans renew at twice the rate.\n- **Aggressive Upsells**: Add-ons appear at checkout.\n\nRenewal Shock is why many move on.",
			[]string{"Renewal Shock"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}
