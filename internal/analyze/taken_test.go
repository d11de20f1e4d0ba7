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

// An entry of the answer's sources, under a heading of sources or opened by
// a reference's number in brackets, cites its publisher where it opens the
// entry or closes it after a dash; a headline's subject stays a brand.
func TestFindMentions_SourcePublishers(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme charges faster [1][2].\n\nSources\n[1] Acme 9 review – Engadget\n[2] Acme charging test – Ars Technica", nil, []string{"Engadget", "Ars Technica"}},
		{"Acme charges faster [1][2].\n\n[1] Voltwire – Best cheap phones\n[2] Quillon Help Center — Fees\n[3] Trellix integrations directory – trellix.example/apps", nil, []string{"Voltwire", "Quillon Help Center", "Quillon", "Trellix"}},
		{"Acme is popular [1].\n\nLearn more:\n[1] \"How teams plan\" – Marlo's Newsletter\n[2] Acme reviews – Threadly r/Acme", nil, []string{"Marlo", "Threadly"}},
		{"Acme is popular [1].\n\nSources\n[1] Coastline Times – Nexora's exit from lending\n[2] Zorbex's new CEO – Coastline Times", []string{"Nexora", "Zorbex"}, nil},
		{"Acme is popular, and so are:\n\n- Zorbex – fast and cheap\n- Quillon Cloud – the best value", []string{"Zorbex", "Quillon Cloud"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// One ordinary word in the plural leading an item of a list whose leads
// hold no brand is the topic the item covers; beside a brand's name it
// may be a brand.
func TestFindMentions_TopicPlurals(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is a good start. Where it falls short:\n- **Permissions** get messy fast.\n- **Exports** are limited to CSV.", nil, []string{"Permissions", "Exports"}},
		{"Acme pays a little less, but its savings tools are stronger:\n* **Buckets** to split savings by goal\n* **Round-ups** for automatic saving", nil, []string{"Buckets"}},
		{"What to pack besides an Acme tent:\n- **Liners** for cold nights\n- **Layers** you can add and remove", nil, []string{"Liners", "Layers"}},
		{"Acme is fine. Other insurers to quote:\n- **Travelers** – solid bundles\n- **Amica** – top claims service", []string{"Travelers", "Amica"}, nil},
		{"Acme shoes are comfy. Also look at:\n- **Vans** – classic skate shoes\n- **Sneakers** from any outlet", []string{"Vans"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A word that takes "to" after it ("Access to", "Limited to") opening a
// sentence joins no longer name with the brand after "to"; a noun before
// "to" may ("Sea to Summit").
func TestFindMentions_AccessTo(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Amazon"}, {Name: "Summit"}}
	for _, tt := range []struct {
		text      string
		brand     int // the tracked brand counted
		count     int
		want, not []string
	}{
		{"Acme is the easy pick.\n2. **Quillon** – Access to Amazon's huge customer base, but fees are high.", 1, 1, []string{"Quillon"}, []string{"Access to Amazon"}},
		{"Acme is fine. Limited to Amazon shoppers, the bundle sells out fast.", 1, 1, nil, []string{"Limited to Amazon"}},
		{"Acme and Sea to Summit both make good dry bags.", 2, 0, []string{"Sea to Summit"}, nil},
	} {
		checkUntracked(t, tt.text, tracked, tt.want, tt.not)
		got := 0
		for _, m := range FindMentions(tt.text, tracked) {
			if m.Tracked == tt.brand {
				got = m.Count
			}
		}
		if got != tt.count {
			t.Errorf("%q: %s named %d times, want %d", tt.text, tracked[tt.brand].Name, got, tt.count)
		}
	}
}

// A phrase's opening word, or a verb in its -s form opening a lead, before
// a coined name is no part of the name; a brand that opens with such a
// word stays whole.
func TestFindMentions_PhraseOpenerBeforeName(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine for markets.\n\n### Your own store\nA Zorbex or Quillon site gives you full control of branding.", []string{"Zorbex", "Quillon"}, []string{"A Zorbex"}},
		{"**Payments**\n- With Zorbex Payments, card rates start around 2.9%.\n- Acme charges a flat 3%.", []string{"Zorbex Payments"}, []string{"With Zorbex Payments"}},
		{"1. **Acme** – Best overall.\n2. **Quillon** – Supports Trellix and Nexora and charges no transaction fees.", []string{"Trellix"}, []string{"Supports Trellix"}},
		{"Road shoes worth a try:\n- **Acme Glide 3** – soft and light.\n- **On Cloudmonster** – bouncy and stable.", nil, []string{"Cloudmonster"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name of ordinary words cut from a longer one that ends in a terms
// noun ("Lifetime All Mighty Guarantee") is the brand's terms, no brand;
// a coined name before such a noun is a brand's.
func TestFindMentions_TermsWhole(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"**Acme Atmos 65 vs Zorbex Ridge 68**\n\n**Acme Atmos 65**\n- Mesh back keeps you cool\n- Lifetime All Mighty Guarantee\n- Slightly heavier\n\n**Zorbex Ridge 68**\n- Lighter\n- Limited lifetime warranty", []string{"Zorbex"}, []string{"Lifetime All", "Lifetime"}},
		{"Packs to consider besides Acme:\n- Zorbex Lifetime Warranty covers any defect, and the packs are light.\n- Quillon packs are cheaper.", []string{"Quillon"}, []string{"Lifetime"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// An adjective of a nation says where goods are made or who makes them,
// no maker's name; a name it opens stays a name.
func TestFindMentions_Nationalities(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Boots for scrambling:\n* **Acme:** Wide toe box, great value.\n* **Zorbex:** Italian-made, with a precise fit.", []string{"Zorbex"}, []string{"Italian"}},
		{"- **Charging**: 45W wired; quick, though slower than Chinese competitors, and Acme ships no charger.", nil, []string{"Chinese"}},
		{"Acme is fine, but Quillon is another strong option, with precise Swiss construction.", []string{"Quillon"}, []string{"Swiss"}},
		{"Acme cards earn less than American Express cards for travel.", []string{"American Express"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// An adjective of a nation standing alone, in a table's cell or before a
// verb, is a noun and may name a company: an airline.
func TestFindMentions_NationalityAsNoun(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Change rules compared:\n\n| Fare Type | Acme | United | American |\n|---|---|---|---|\n| Basic | No changes | No changes | No changes |\n| Main | Free | Free | Free |", []string{"United", "American"}, nil},
		{"Baggage rules differ: Acme includes one bag, while American charges you $35 for the first bag.", []string{"American"}, nil},
		{"Acme and Zorbex both beat Swiss carriers on price, and Zorbex uses German engineering.", []string{"Zorbex"}, []string{"Swiss", "German"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Ordinary words before the acronym of a rate or a network are a term of
// an account; a coined word before it is a brand's.
func TestFindMentions_RateTerms(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"| Account | Monthly fee | Free ATM network |\n|---|---|---|\n| Acme | $0 | 55,000+ |\n| Zorbex | $5 | 40,000+ |", nil, []string{"Free ATM"}},
		{"Acme's card is simple.\n\nKey costs and terms:\n\n- **Intro APR:** 0% on purchases for 15 months.\n- **Annual fee:** none.", nil, []string{"Intro APR"}},
		{"Acme fees:\n- Monthly fee: $0\n- Out-of-network ATM: $2.50\n- Savings APY: 4.0%", nil, []string{"Out-of-network ATM", "Savings APY"}},
		{"Acme customers withdraw cash free at any Allpoint ATM nationwide.", []string{"Allpoint ATM"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A company's legal suffix alone, or a prefix before a hyphen read as
// one, is no name.
func TestFindMentions_LegalSuffixes(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is a real bank. In 2021, Zorbex Bank, N.A. became the second fintech to get a charter.", nil, []string{"N.A"}},
		{"### Worth a look\n- **Acme 13**: Co-tuned with Hasselblad, with natural colors.", nil, []string{"Co"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A heading of ordinary words or places closed by a noun of prices is a
// topic; a brand's name before the noun stays a name.
func TestFindMentions_PriceTopics(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"**Sleeping Pad Prices (2025)**\n\n* **Acme NeoLite:** $230\n* **Zorbex Tensor:** $180", []string{"Zorbex"}, []string{"Sleeping Pad"}},
		{"**Florida Homeowners Insurance Costs (2025)**\n\nFlorida has high premiums. Acme is cheapest in most ZIP codes.", nil, []string{"Florida Homeowners Insurance Costs"}},
		{"**Acme Prices (2025)**\n- Tent: $300\n\n**Zorbex Prices (2025)**\n- Tent: $250", []string{"Zorbex Prices"}, nil},
		{"### Acme Rates\nFrom $30 a month.\n\n### State Farm Rates\nFrom $40 a month.", []string{"State Farm Rates"}, nil},
		{"### Acme Prices\nFrom $300.\n\n### Big Agnes Prices\nFrom $400.", []string{"Big Agnes Prices"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Names listed together before a noun of sources, and a name cited with
// two words in small letters between its possessive and its test, are
// sources; a list that punctuation ends before such a noun is not.
func TestFindMentions_SourcesListedOrCited(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is rated A. Ratewise and Claimly ratings measure an insurer's ability to pay claims.", nil, []string{"Ratewise", "Claimly"}},
		{"Compared with Zorbex and Quillon, reviewers note that Acme's setup is faster.", []string{"Zorbex", "Quillon"}, nil},
		{"Acme's battery is good. In Gadgetorium's active use test it scored below the Acme 9 Pro XL.", nil, []string{"Gadgetorium"}},
		{"Acme's battery is good, but Zorbex's new budget phone lasts longer.", []string{"Zorbex"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A label of one ordinary word on an item indented under an item that is
// a tracked brand's name alone in bold is an attribute of that brand;
// under an item that goes on, the labels may be brands.
func TestFindMentions_AttributeOfBrand(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Top picks:\n\n1. **Acme**\n   * **Why:** Cheap and fast.\n   * **Caveat:** Sync can lag on large files.", nil, []string{"Caveat"}},
		{"Top picks:\n\n1. **Acme**\n   * Extremely feature-rich free plan.\n   * **Caveat:** The sheer number of options can feel overwhelming.\n2. **Zorbex**\n   * Simple boards.", []string{"Zorbex"}, []string{"Caveat"}},
		{"Top picks:\n\n1. **Acme** works with other note apps:\n   - **Bear:** notes sync both ways.\n   - **Craft:** docs sync every hour.\n2. **Zorbex** – a lighter option.", []string{"Bear", "Craft", "Zorbex"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Ordinary words joined by hyphens label an item of a list of labels as
// one ordinary word does; beside a brand's name they may be a brand.
func TestFindMentions_HyphenedLabels(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"**Where costs add up with Acme**\n- **Seat pricing:** about $100 per seat.\n- **Onboarding fee:** $1,500 once.\n- **Add-ons:** extra credits are sold separately.", nil, []string{"Add-ons"}},
		{"What changes an Acme premium:\n\n- **Coverage limit:** most people choose $20,000.\n- **Deductible:** a higher one lowers your premium.\n- **Add-ons:** extra coverage for jewelry and cameras.\n- **Bundling:** discounts for pet and car policies.", nil, []string{"Add-ons"}},
		{"First-aid kit picks beside Acme:\n- **Band-Aid:** the classic bandages.\n- **Zorbex:** a compact kit.", []string{"Band-Aid", "Zorbex"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A domain whose name is a tracked brand's spelling is that brand's own
// shop, no untracked brand; another domain stays a name.
func TestFindMentions_TrackedDomain(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Current trade-in offers vary [1]:\n\n**Manufacturer direct**\n- **Acme.com**: trade-in credits of up to $800.\n- **Zorbex**: gift cards for old phones.", []string{"Zorbex"}, []string{"Acme.com"}},
		{"Trade-in offers:\n- **Acme.com**: credits of up to $800.\n- **Quillon.com**: credits of up to $500.", []string{"Quillon.com"}, []string{"Acme.com"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A plural ordinary word closed by a dash leads its item as a list of
// brands names each; only a lead that runs on in small letters is a topic.
func TestFindMentions_PluralLeadBeforeDash(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Office suites beside Acme:\n- **Pages** – Apple's free word processor\n- **Numbers** – Apple's spreadsheet app", []string{"Pages", "Numbers"}, nil},
		{"Acme shoes are comfy. Also look at:\n- **Vans** – classic skate shoes\n- **Toms** – slip-ons", []string{"Vans", "Toms"}, nil},
		{"Extras on Acme plans:\n- **Backups** run nightly.\n- **Alerts** go to email.", nil, []string{"Backups", "Alerts"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A list of names before "reviews" names what was reviewed; before
// "ratings" it names the agencies that rate.
func TestFindMentions_ListBeforeReviews(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Zorbex and Quillon reviews praise fast setup, but Acme is cheaper.", []string{"Zorbex"}, nil},
		{"Acme is rated A. Ratewise and Claimly ratings measure an insurer's ability to pay claims.", nil, []string{"Ratewise", "Claimly"}},
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

// A name alone in the first cell of table rows whose company column holds
// one tracked brand is that brand's plan; beside several brands it is a
// company they share.
func TestFindMentions_RowOfTracked(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}, {Name: "Zorbex"}}
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"| Program | Insurer | Discount |\n|---|---|---|\n| **Drivewell** | Acme | Up to 30% |\n| **Milesmart** | Zorbex | Up to 20% |\n\nDrivewell suits careful drivers.", nil, []string{"Drivewell", "Milesmart"}},
		{"| ATM access | Bank | Fee-free ATMs |\n|---|---|---|\n| **Cashway** | Acme | 40,000 |\n| **Cashway** | Zorbex | 40,000 |", []string{"Cashway"}, nil},
		{"| Program | Insurer | Discount |\n|---|---|---|\n| **Drivewell** | Quillon Mutual | Up to 30% |", []string{"Drivewell"}, nil},
		{"| Store | Delivery platform | Fee |\n|---|---|---|\n| Brightwell | Acme | $2.99 |\n| Norvox | Zorbex | $0 |\n\nNorvox is cheapest.", []string{"Norvox"}, nil},
		{"| Program | Bank | ATMs |\n|---|---|---|\n| Cashway | Acme | 40,000 |\n| Cashway | Quillon Bank | 40,000 |\n\nCashway has the most machines.", []string{"Cashway"}, nil},
	} {
		checkUntracked(t, tt.text, tracked, tt.want, tt.not)
	}
}

// A tracked brand's possessive owns every name of the list it opens, bold
// or not; another owner's possessive in the list is that owner's.
func TestFindMentions_PossessiveList(t *testing.T) {
	tracked := []Tracked{{Name: "Acme"}}
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Look at telematics. Acme's Steadyline and Milesafe, or a pay-per-mile plan, can lower rates.", nil, []string{"Milesafe"}},
		{"Acme's **Cashlift** is a secured card for building credit.", nil, []string{"Cashlift"}},
		{"Similar promises include Acme's Ironclad Guarantee and Zorbex's lifetime warranty.", []string{"Zorbex"}, nil},
		{"Unlike Acme's Snapline, Zorbex and Quillon charge per order.", []string{"Zorbex", "Quillon"}, nil},
		{"Compare Acme's Skyward Preferred, Zorbex Pro and Quillon Plus before booking.", []string{"Zorbex", "Quillon"}, nil},
	} {
		checkUntracked(t, tt.text, tracked, tt.want, tt.not)
	}
}

// A list item's lead set in bold with no colon is a label, as one before a
// colon is, in a list another of whose bold leads is a label in sentence
// case; a bold lead in other lists, or one the answer names inside a
// sentence, stays a name.
func TestFindMentions_BoldLabelsNoColon(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"What moves an Acme quote:\n- **Coverage amount** (say $20,000 or $40,000)\n- **Deductible** ($250 to $1,000)\n- **Neighborhood** — areas with more break-ins cost more\n- **Extras** for bikes or instruments", nil, []string{"Deductible", "Neighborhood", "Extras"}},
		{"Before the hike:\n- 🧭 **Trail map** – download it offline.\n- **Daypack (25L)** – room for a shell.\n- **Headlamp** – the day runs long.", nil, []string{"Daypack", "Headlamp"}},
		{"Apps worth a look:\n- **Acme** – best for teams\n- **Beacon** (free plan) – simple\n- **Lantern** – for agencies", []string{"Beacon", "Lantern"}, nil},
		{"Picks:\n1. **Acme** — best all-round\n   - Notes sorted by topic: work, home\n2. **Lantern** — best for outlines", []string{"Lantern"}, nil},
		{"Renters options:\n- **Liability limit** ($100,000 is common)\n- **Beacon** (sold through agents)\n\nMany renters buy from Acme or Beacon.", []string{"Beacon"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// In a list of one-word labels, a lead that is an ordinary word in the
// plural is one of them, whether or not the word list holds the plural;
// a list with a coined name among its leads names a brand.
func TestFindMentions_PluralWordLabels(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme's pack warranty in brief:\n- **Coverage:** defects and ordinary wear.\n- **Exclusions:** airline damage.\n- **Turnaround:** a few weeks.", nil, []string{"Coverage", "Exclusions", "Turnaround"}},
		{"Acme's pack warranty in brief:\n- **Coverage:** defects and ordinary wear.\n- **Exclusions:** airline damage.\n- **Quillon:** a rival with a shorter warranty.", []string{"Quillon"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// An ordinary word before "the" in small letters opens a phrase, a verb or
// a preposition before its object, no name; the brand list keeps its own,
// and a name with a coined word after "the" stays one.
func TestFindMentions_PhraseBeforeThe(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Choosing a plan:\n\n### 2. Estimate the Yearly Cost\nAcme bills per seat.\n\n### 3. Weigh the Hidden Fees\nSetup is free.", nil, []string{"Estimate the Yearly Cost", "Weigh the Hidden Fees"}},
		{"Joint accounts:\n- Acme lets two owners share one card.\n- Outside the EU, few banks offer this.", nil, []string{"Outside the EU"}},
		{"Salons near the Acme store:\n\n1. **Waxing the City** – walk-ins welcome.\n2. **Reach the Zorbex Summit** – a fundraiser hike.", []string{"Waxing the City", "Reach the Zorbex Summit"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A numbered list that closes the answer, whose every number the answer
// cites in brackets and whose entries cite nothing, lists its sources; a
// closing list of picks that the markers do not point to names brands.
func TestFindMentions_ClosingReferences(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is well liked for its dialer[1], though seats cost more than average[2].\n\n1. Revuora – Acme reviews\n2. Techlens – Acme CRM review", nil, []string{"Revuora", "Techlens"}},
		{"Acme is well liked for its dialer[1], though seats cost more than average[2].\n\nRead more:\n1. Revuora – Acme reviews\n2. Techlens – Acme CRM review", nil, []string{"Revuora", "Techlens"}},
		{"Acme is well liked for its dialer[1].\n\nOther picks:\n1. Zorbex – cheaper seats\n2. Quillon – better reports", []string{"Zorbex", "Quillon"}, nil},
		{"Acme is well liked for its dialer[1], though seats cost more[2].\n\n1. Zorbex – cheaper seats[1]\n2. Quillon – better reports[2]", []string{"Zorbex", "Quillon"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Plan words joined by "and", "&" or "or", or one closed by "+", name a
// product's plans, no brand; a name with a word of its own before "+"
// stays one.
func TestFindMentions_PlanPairs(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme's tiers:\n- **Free:** one board.\n- **Team:** $8 per seat.\n- **Business & Business+:** custom quotes with SSO.", nil, []string{"Business & Business+", "Business+"}},
		{"Acme's tiers:\n- **Free:** one board.\n- **Standard or Premium:** pick by seat count.", nil, []string{"Standard or Premium"}},
		{"Acme's tiers:\n- **Free:** one board.\n- **Team:** $8 per seat.\n\nFor films, Zorbex+ and Quillon+ cost less than Acme's add-on.", []string{"Zorbex+", "Quillon+"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name an ordinary word opens before "the" and one word after it is a
// brand's shape ("Rent the Runway"); a longer object or one in capitals
// makes a phrase ("Calculate the Real Cost", "Outside the US").
func TestFindMentions_UntrackedTheShape(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Rental picks:\n- **Rent the Runway** – largest catalog\n- **Acme** – cheapest", []string{"Rent the Runway"}, nil},
		{"## How to choose\n### 1. Calculate the Real Cost\nAdd the fees. Acme shows them up front.", nil, []string{"Calculate the Real Cost"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A closing numbered list is the answer's sources only when its numbers
// are exactly those cited, its entries are not in bold, and no line that
// ends in a colon introduces it as picks.
func TestFindMentions_UntrackedClosingPicks(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme covers renters[1]. Rates rose in 2024[2]. Claims are slow[3].\n\nMy top picks:\n1. Zorbex – fastest claims\n2. Quillon – cheapest\n3. Trevlo – best app", []string{"Zorbex", "Quillon", "Trevlo"}, nil},
		{"Acme is fine[1][2][3][4]. Prices rose[5].\n\nAlternatives:\n1. Zorbex – cheaper\n2. Quillon – faster", []string{"Zorbex", "Quillon"}, nil},
		{"Acme delivers on campus[1]. Fees vary[2].\n\n1. **Grubhub** – best for campus\n2. **Gopuff** – snacks at night", []string{"Grubhub", "Gopuff"}, nil},
		{"Acme has mixed reviews[1]. Support is slow[2].\n\n1. Tripadvisor – Acme reviews\n2. Trustpilot – Acme support complaints", nil, []string{"Tripadvisor", "Trustpilot"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A list of picks whose catch-all item is in sentence case keeps its
// names: only a list whose every bold lead is written as a label is one.
func TestFindMentions_UntrackedPicksWithCatchAll(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Cheaper than Acme:\n- **Peacock** (from $7.99)\n- **Sling** – live TV\n- **Philo** – cheapest live TV\n- **Free with ads** (Tubi, Pluto TV)", []string{"Peacock", "Sling"}, nil},
		{"Instead of Acme:\n- **Clio** – the standard\n- **Smokeball** (automatic time tracking)\n- **Rocket Lawyer** – documents\n- **Open source options** – cheaper", []string{"Smokeball", "Rocket Lawyer"}, nil},
		{"Acme plans differ in:\n- **Video quality** (HD or 4K)\n- **Screens** – one to four\n- **Downloads** – on two plans", nil, []string{"Screens"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}
