package analyze

import (
	"slices"
	"testing"
)

// TestFindMentions_NotBrands checks the names that are no brand's
// (notbrand.go), and that the brand inside them is still read.
func TestFindMentions_NotBrands(t *testing.T) {
	acme := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         []string // untracked names found, in order
	}{
		{"a figure is no name", "| Account | Fee | ATM network |\n|---|---|---|\n| Acme Spend | $0 | 40,000+ Zorbex ATMs |\n| Globex Checking | $0 | 55,000+ Zorbex ATMs |", nil},
		{"a brand joined to an adjective's word", "Acme uses Zorbex-grade telephony, and Globex works with Quillon-style transfers.\n- **Hiverly:** Works inside Kestrix—good if you want no new tool.", []string{"Zorbex", "Quillon", "Hiverly", "Kestrix"}},
		{"an owner after by is whole in a list by brand and model", "Savings:\n\n1. **Acme Bank** – 4.0%.\n2. **Globex Checking and Savings** – 3.9%.\n3. **Zorbex by Quillon Sachs** – no fees.\n4. **Acme Online Savings** – fine.", []string{"Zorbex by Quillon Sachs"}},
		{"a feature leading an item under its brand", "**Acme**\n- **SpotFix** covers overdrafts.\n- QuickPay is built in.\n\n**Where Globex has the edge**\n- SafeRide cuts premiums.\n\n**Options**\n- **NetLedger** syncs orders.", []string{"NetLedger"}},
		{"features joined to each other", "If you bank with Acme, SpotFix and QuickPay cover shortfalls. Globex offers SafeRide and SmartLoop programs, and syncs with QuickBooks and NetLedger.", []string{"QuickBooks", "NetLedger"}},
		{"a brand of the list is read whole before a model", "Cards:\n\n1. **Acme Bank** – 4.0%.\n2. **Globex Checking and Savings** – 3.9%.\n3. **Wells Fargo Active Cash** – 2% back.\n4. **Apple Pay** – tap to pay.\n5. **Acme Online Savings** – fine.", []string{"Wells Fargo", "Apple Pay"}},
		{"a brand of the list is read whole before a coined word's cut", "| Bag | Price |\n|---|---|\n| **Acme Tote 2** | $90 |\n| **Bottega Veneta Andiamo** | $3,000 |\n| **Zorbex Kestrel** | $120 |\n| **Globex Carry** | $80 |", []string{"Bottega Veneta", "Zorbex"}},
		{"a long product name after a brand of the list", "Picks worth a look:\n\n- **Acme Carry Tote:** roomy.\n- **Bank of Hawaii Priority SafeSaver:** no fees.\n\n| Bag | Price |\n|---|---|\n| Globex Carry | $160 |\n| Bottega Veneta Acme Arco Tote | $3,000 |\n\n#### House of Fraser and Zorbex Mutual Group\nBoth fine.", []string{"Bank of Hawaii", "Bottega Veneta", "House of Fraser", "Zorbex Mutual Group"}},
		{"a label of ordinary words opening with a brand of the list", "Ways to save with Acme:\n\n- **Big Market Share Players Today:** compare.\n- **Last Minute Tour Deals Worth Booking:** fine.\n- **Pet Center Opening Hours Near You:** check.\n- **Pickup Station Locations Near Airports Today:** easy.\n\n| Perk | Globex |\n|---|---|\n| Life Time Warranty On All Parts | yes |\n\nStays:\n- **Hotel Indigo Waikiki Downtown Honolulu:** central.\n- **Hyatt Regency Lake Tahoe Resort Casino:** views.\n- **Embassy Suites Chicago Downtown Magnificent Mile:** suites.", []string{"Hotel Indigo", "Hyatt Regency", "Embassy Suites"}},
		{"a lead that describes", "**Acme**\n- Beautiful, clean editor with templates.\n- Visual, drag-and-drop pipeline.\n- Checking, savings and loans in one app.\n\nPicks:\n- Toast, a POS for cafés.\n- Globex: fine.", []string{"Toast"}},
		{"a word of a longer name is no name alone", "Before you switch:\n\n- **Messages:** chats with Acme users work.\n- **Photos:** export to Google Photos with Acme's tool.\n- **Transfer:** a cable moves contacts.\n- **Zoom:** Globex's Super Res Zoom keeps detail.", []string{"Google Photos"}},
		{"a list of features", "Acme is a CRM for small teams. Key features include:\n\n- **Packs**: live data from Zorbex.\n- **Triage** for incoming bugs.\n\n**Notable features**\n- **Autofill:** fills fields.\n\nPopular tools with these features:\n- **Quillon** – fast.\n- **Trellix** – cheap.", []string{"Zorbex", "Quillon", "Trellix"}},
		{"a town before its state", "Acme was founded in Zorbex, California and later moved to Quillon, Colorado. Globex now sells through Trellix, Norvox and Kestrix.", []string{"Trellix", "Norvox", "Kestrix"}},
		{"open-source projects and standards", "Acme lacks native Git integration, and switching from Android to Zorbex is easy. Globex exports Markdown.", nil},
		{"days and sales are events", "Acme handles peak traffic like Black Friday and Cyber Monday, and Globex is cheapest in the Zorbex Anniversary Sale.", nil},
		{"a feature as the subject in its brand's line", "4. **Acme** – Best for early pay. Deposits arrive early, and SpotFix covers small overdrafts.\n5. **Globex** – Its extension pulls contacts from NetLedger and Gmail.\n\n**Globex** is the bigger brand. QuickPay lets you overdraw.", []string{"NetLedger", "Gmail"}},
		{"a part of a place", "Acme jackets are less durable. The north face of the Eiger, by contrast, remains hard. Globex sits on top of Quillon Calendar and Gmail.", []string{"Quillon Calendar", "Gmail"}},
		{"a table of one product's plans", "Acme's plans:\n\n| Plan | Price | What you get |\n|---|---|---|\n| Essential | $14 | Pipelines |\n| Power | $64 | Phone support |\n\n| Tool | Price |\n|---|---|\n| Zorbex | $9 |\n| Globex | $12 |", []string{"Zorbex"}},
		{"a brand's guarantee or scheme", "Acme jackets are backed by Ironclad Guarantee repairs.\n- **Vanishing Deductible**, which lowers your deductible.\n- **Zorbex** – cheaper.", []string{"Zorbex"}},
		{"the leads of a list of labels", "Better buys than Acme:\n- **Rain jacket:** the Globex Shell.\n- **Midlayer:** a basic fleece works.\n- **Pack:** an **Acme Talon 22** is comfortable.\n\nFees:\n* **Checking and Savings**: no monthly fee.\n* **Cash deposits**: $4.95 at stores.", nil},
		{"a list of labels keeps a name", "Where to buy:\n- **Used or refurbished:** about $700.\n- **Toast:** bundles a reader.\n- **Quillon** or **Brightledger**: cheaper.\n\nMany cafés run on Toast.", []string{"Toast", "Quillon", "Brightledger"}},
		{"a name's own hyphen stays", "Acme is fine. Picks:\n- **Zorbex Co-op** – cheap.\n- **Vexa-Tec** – a maker.\n- **Chick-fil-A** – food.", []string{"Zorbex Co-op", "Vexa-Tec", "Chick-fil-A"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := untrackedNames(tt.answer, acme); !slices.Equal(got, tt.want) {
				t.Errorf("untracked %q, want %q", got, tt.want)
			}
		})
	}
}

// A tracked product line's brand names the untracked brand in the names of
// its other products (Matcher.lineOwner).
func TestFindMentions_LineOwner(t *testing.T) {
	tracked := []Tracked{{Name: "Zorbex Plus"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         []string
	}{
		{"the brand written alone", "Zorbex Plus adds Zorbex Flow, which works with Globex and Zorbex Payments. **Standard Zorbex** costs $39, and stores on plain Zorbex pay more.", []string{"Zorbex"}},
		{"never alone, the product stays", "Zorbex Plus works with Globex and Zorbex Payments.", []string{"Zorbex Payments"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := untrackedNames(tt.answer, tracked); !slices.Equal(got, tt.want) {
				t.Errorf("untracked %q, want %q", got, tt.want)
			}
		})
	}
}

// TestFindMentions_OrdinaryWords checks names of one ordinary word or an
// abbreviation that are no brand's (docs/ingest.md#brand-mentions), and
// that a brand of one such word is still read where the answer gives
// evidence.
func TestFindMentions_OrdinaryWords(t *testing.T) {
	acme := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         []string // untracked names found, in order
	}{
		{"a model cut off a label leaves no evidence", "Current prices:\n\n- **Beta Jacket:** about $400\n- **Beta AR:** about $600\n- **Alpha SV:** about $900\n\nAcme is dearer.", nil},
		{"a model cut off a verb before a name leaves no evidence", "## Step 3: Reconnect integrations\nReconnect ZorHub or GitLab so pull requests link again.", []string{"GitLab"}},
		{"an abbreviation of who sells to whom", "Acme adds automation via Zorbex Flow and B2B features.\n\nExtras:\n- **B2B Edition** includes quotes.\n- **Quillon** – cheap.\n- **Globex** – fine.", []string{"Zorbex Flow", "Quillon"}},
		{"a product's add-on or programme", "## Acme\n\n- Visual pipeline that's easy for new reps\n- Calling feels bolted on; the LeadZap add-on costs extra\n\n## Globex\n\n- A long track record [1].\n- Low-mileage drivers save with DriveMiles programs [2].\n\n## Zorbex\n\n- Cheaper; the Zorbex add-on is free.\n", []string{"Zorbex"}},
		{"a kind of chart or a method", "Acme does not offer true Gantt charts, and Globex has Kanban and Scrum boards.\n\nOptions:\n- **Zorbex** – a Gantt view and Gantt-first planning.\n- **Quillon** – Quillon boards for teams.", []string{"Zorbex", "Quillon"}},
		{"a phrase's opening word", "Acme has limits:\n- **No Windows, Android or web app.** It runs on Macs.\n- **In Progress** states map to Globex.\n\nAn Atom Hoody costs more. How Quillon Works explains it. Zorbex, Norvox and Trellix compete.", []string{"Zorbex", "Norvox", "Trellix"}},
		{"a listed brand written as such an abbreviation", "I buy keys from G2A and Kinguin, and Acme too.", []string{"G2A", "Kinguin"}},
		{"a phrase's opening word before a coined one", "Runners:\n- **On Cloudmonster** – max cushion.\n- **Acme Runner** – light.", []string{"On Cloudmonster"}},
		{"a plan of the product priced", "**Acme plans:**\n\n* **Personal** – $16/month.\n* **Commerce Basic** – $27/month.\n* **Commerce Advanced** – $49/month.\n\nPast $150 a month, Commerce Basic is cheaper, and Commerce plans drop the fee.", nil},
		{"an ordinary word before a plan word among brands", "Picks:\n1. **Bolt Basic** – cheap.\n2. **Zorbex** – fast.\n3. **Globex** – fine.", []string{"Bolt", "Zorbex"}},
		{"a model cut off a lead that names a brand", "Picks:\n\n1. **Bolt Pro** – fast checkout.\n2. **Zorbex** – cheap.\n3. **Globex** – fine.", []string{"Bolt", "Zorbex"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := untrackedNames(tt.answer, acme); !slices.Equal(got, tt.want) {
				t.Errorf("untracked %q, want %q", got, tt.want)
			}
		})
	}
}

func TestDropQualifier(t *testing.T) {
	for name, want := range map[string]string{
		"Native Google Workspace":  "Google Workspace",
		"The Nano Puff":            "Nano Puff",
		"Fidelity Cash Management": "Fidelity Cash Management",
		"The North Face":           "The North Face",
		"Native Instruments":       "Native Instruments",
	} {
		if got := dropQualifier(name); got != want {
			t.Errorf("dropQualifier(%q) = %q, want %q", name, got, want)
		}
	}
	answer := "| Price | Tool | Standout strength |\n|---|---|---|\n| ~$9 | Copper | Native Google Workspace integration |\n| ~$14 | Pipedrive | Visual pipeline |\n"
	found := false
	for _, m := range FindMentions(answer, []Tracked{{Name: "Copper"}, {Name: "Pipedrive"}}) {
		if m.Name == "Native Google Workspace" {
			t.Errorf("the qualifier kept on the name: %+v", m)
		}
		found = found || m.Name == "Google Workspace"
	}
	if !found {
		t.Error(`"Google Workspace" not found after "Native"`)
	}
}
