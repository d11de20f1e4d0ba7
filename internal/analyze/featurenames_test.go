package analyze

import "testing"

// Names listed in parentheses after an add-on word are sold as add-ons, no
// brands; parentheses elsewhere list brands as before.
func TestFindMentions_AddOnsInParentheses(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is cheap, but its add-ons (Zorbit, Web Finder and Trackly) add up quickly.", nil, []string{"Zorbit", "Web Finder", "Trackly"}},
		{"Acme looks cheap, yet the add-on model (Quillex, Trackly and Web Finder) nearly doubles the bill.", nil, []string{"Quillex", "Trackly", "Web Finder"}},
		{"Acme connects to other tools (Zorbit and Quillex) out of the box.", []string{"Zorbit", "Quillex"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A list whose leads before a colon are one word each, ordinary words or
// ordinary words written in one piece, is a list of labels.
func TestFindMentions_OneWordLabels(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme or Globex?\n\n- **Soundbars:** the Acme bar has clearer dialogue.\n- **Charging:** the Globex one is faster.\n- **Apps:** both work with Zorbex.",
			[]string{"Zorbex"}, []string{"Soundbars", "Charging", "Apps"}},
		{"**Where Acme shines**\n- Repairability: you can swap the battery yourself.\n- Upgrades: a new board costs less than a new laptop.",
			nil, []string{"Repairability", "Upgrades"}},
		{"Other picks:\n- **Zorbex:** cheaper.\n- **Quillon:** calmer.\n- **Toast:** for cafés; many run on Toast.",
			[]string{"Zorbex", "Quillon", "Toast"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}, {Name: "Globex"}}, tt.want, tt.not)
	}
}

// A name after "the" or "its" in a paragraph that a tracked brand in bold
// leads is that brand's model, in a later sentence too.
func TestFindMentions_ModelInBrandParagraph(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"**Acme** is the safer pick. Its fleeces, the Vireo and the Trailix are durable. The Vireo Eco is often on sale.",
			nil, []string{"Vireo", "Trailix"}},
		{"**Verdict:** buy one. The Zorbex X2 and Quillon Dash both beat Acme.", []string{"Zorbex", "Quillon Dash"}, nil},
		// a paragraph that never says "its", or a comparison, names rivals
		{"**Acme** beats rivals on weight. It is lighter than the Birchline and the Quillon.", []string{"Birchline", "Quillon"}, nil},
		{"**Acme** is a great watch. The Zorbex is cheaper, though.", []string{"Zorbex"}, nil},
		{"**Acme** is a great watch. Compare it with the Birchline and the Zorbex.", []string{"Birchline", "Zorbex"}, nil},
		{"**Acme** is light. Its frame is stiffer than the Birchline and the Quillon.", []string{"Birchline", "Quillon"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Names given only as examples after a noun of features are the product's
// features; examples of a kind of product stay brands.
func TestFindMentions_FeatureExamples(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme phones add features like QuickBeam and Relayer that make the switch easy.", nil, []string{"QuickBeam", "Relayer"}},
		{"Acme members get perks such as FlexPay, CashBoost and Zorbit.", nil, []string{"FlexPay", "CashBoost", "Zorbit"}},
		{"Acme syncs with apps like Zorbit and Quillex.", []string{"Zorbit", "Quillex"}, nil},
		{"Acme has features like QuickBeam. QuickBeam and Zorbit both sync files.", []string{"QuickBeam"}, nil},
		// a name with a noun after it is the brand of the example
		{"Acme members get perks such as Zorbly credits and free returns.", []string{"Zorbly"}, nil},
		{"Acme's features like Zorbly sync and dark mode help.", []string{"Zorbly"}, nil},
		{"Acme adds features like Zorbly integration.", []string{"Zorbly"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A technology's acronym, alone or after an ordinary word and a hyphen, is
// a specification, no brand.
func TestFindMentions_TechnologyAcronyms(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Under $1,000 the choice is mainly OLED versus Mini-LED, and Acme versus Zorbex.", []string{"Zorbex"}, []string{"Mini-LED"}},
		{"## Go live\nPoint your DNS to Zentrio, then renew the SSL certificate.", nil, []string{"DNS", "SSL"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}, {Name: "Zentrio"}}, tt.want, tt.not)
	}
}

// Names an appositive calls a product's programs or features are parts of
// the product, no brands.
func TestFindMentions_PartsByAppositive(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme customers like:\n- **Multi-policy discounts** on auto and home.\n- **SafeRide and DriveLess**, telematics programs that reward careful driving.\n- **Zorbex**, a partner carrier, for renters.",
			[]string{"Zorbex"}, []string{"SafeRide", "DriveLess"}},
		{"Acme adds CashNudge, a feature that covers small overdrafts, and partners with Zorbex, a neobank.", []string{"Zorbex"}, []string{"CashNudge"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// An operating system is a platform a product runs on or works with, no
// brand.
func TestFindMentions_OperatingSystems(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme tablets pair well with Windows laptops, and sync with Zorbex on macOS.", []string{"Zorbex"}, []string{"Windows", "macOS"}},
		{"- Closer integration with Windows through the Acme Link app.\n- Files move to iOS over Zorbex.", nil, []string{"Windows", "iOS"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A way of organizing work is no brand, wherever it is named.
func TestFindMentions_WorkMethods(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"1. **Acme** – The usual pick for big product orgs using Scrum.\n2. **Zorbex** – A lean pick for small teams.", []string{"Zorbex"}, []string{"Scrum"}},
		{"Apps with boards:\n\n1. **Acme:** The old card-based Kanban tool.\n2. **Zorbex:** Boards for developers.", []string{"Zorbex"}, []string{"Kanban"}},
		{"Acme is built for teams that use Scrum, and Zorbex for teams that use Kanban.", nil, []string{"Scrum", "Kanban"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A brand written with a capital inside, run together with one word no
// dictionary knows, is cut to the brand; ordinary words stay on it.
func TestFindMentions_CoinedBrandsCoinedProduct(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Other options:\n- **CashOtter Quickadvo**: up to $300.\n- **Zorbex**: a points system.", []string{"CashOtter", "Zorbex"}, []string{"CashOtter Quickadvo"}},
		{"Other apps worth a look include PayRaven Flexiloan and Zorbex.", []string{"PayRaven", "Zorbex"}, []string{"PayRaven Flexiloan"}},
		{"Other options:\n- **CashOtter Savings**: 4% APY.\n- **Zorbex**: a points system.", []string{"CashOtter Savings", "Zorbex"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Names listed in parentheses after a noun phrase a possessive opens are
// what the owner makes or has; after a noun of businesses they are
// companies.
func TestFindMentions_OwnedInParentheses(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme suits wide feet. Its soft, wide lasts (Vireo, Trailix, Norvo) ease pressure on the toes.", nil, []string{"Vireo", "Trailix", "Norvo"}},
		{"Acme's ecosystem (QuickBeam, Relayer, watch unlock) is seamless.", nil, []string{"QuickBeam", "Relayer"}},
		{"Acme's rivals (Zorbex, Quillon, Trackly) cost less.", []string{"Zorbex", "Quillon", "Trackly"}, nil},
		{"Acme is fine. Its biggest alternatives (Birchline, Quillon, Zorbex) all cost more.", []string{"Birchline", "Quillon", "Zorbex"}, nil},
		{"Acme is fine. Its two main contenders (Vexlo, Prundle, Garrow) cost less.", []string{"Vexlo", "Prundle", "Garrow"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A coined word written right after a brand of the brand list is that
// brand's product wherever the answer names it.
func TestFindMentions_ProductOfListedBrand(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"## Pay-per-mile options\n\n### Acme\nCheap.\n\n### Allstate Drivewise\nDrivewise is sold in 20 states and uses an app.", nil, []string{"Drivewise"}},
		{"### Acme\nCheap.\n\n### Zorbex\nZorbex is sold in 20 states and uses an app.", []string{"Zorbex"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// The places a name stands, read from the index of marked words, are the
// places wholeWords finds.
func TestNameContextStarts(t *testing.T) {
	answer := "Acme's AirDrop and airdrop; AirDrops, AirDrop. The 2 Zorbex-Tex and Zorbex Pro. Ça va, Élan Élan2 eBay eBay's (eBay)"
	x := &nameContext{answer: answer}
	for _, name := range []string{"AirDrop", "Zorbex", "Zorbex-Tex", "Zorbex Pro", "Élan", "eBay", "Acme", "airdrop", "Ça", "2 Zorbex", "Missing"} {
		var want []int
		for start := range wholeWords(answer, name) {
			want = append(want, start)
		}
		got := x.starts(name)
		if len(got) != len(want) {
			t.Errorf("%q: starts %v, want %v", name, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%q: starts %v, want %v", name, got, want)
				break
			}
		}
	}
}
