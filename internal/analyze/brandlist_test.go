package analyze

import (
	"slices"
	"strings"
	"testing"
)

// The embedded list is what genbrands writes: sorted, one name a line, no
// duplicates, the open-source projects and the names of notBrands left out.
func TestBrandListFile(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(brandsTxt, "\n"), "\n")
	if len(lines) < 10000 {
		t.Fatalf("brands.txt has %d names, want the two lists' 15,000 or so", len(lines))
	}
	if !slices.IsSorted(lines) {
		t.Error("brands.txt is not sorted")
	}
	if n := len(slices.Compact(slices.Clone(lines))); n != len(lines) {
		t.Errorf("brands.txt has %d duplicate lines", len(lines)-n)
	}
	for _, name := range []string{"Linux", "Git", "Android", "Markdown"} {
		if slices.Contains(lines, name) {
			t.Errorf("brands.txt has %q, which genbrands leaves out", name)
		}
	}
}

func TestListedBrand(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"Etsy", true}, {"Venmo", true}, {"DoorDash", true}, {"WordPress", true},
		{"Salesforce", true},      // name-suggestion-index
		{"Google Calendar", true}, // ordinary words, several
		{"Western Union", true},
		{"Zorbex", false},                                  // on no list
		{"Zoom", false}, {"Stripe", false}, {"RAM", false}, // ordinary words, however written
		{"TVs", false},               // the plural of an abbreviation
		{"HP", false}, {"G2", false}, // two characters
		{"Linux", false}, {"Git", false}, // no company's
	}
	for _, tt := range tests {
		if got := listedBrand(tt.name); got != tt.want {
			t.Errorf("listedBrand(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestListedOwner(t *testing.T) {
	tests := []struct{ name, want string }{
		{"Spotify Connect", "Spotify"},
		{"American Express Gold", "American Express"}, // a card
		{"MediaTek Dimensity", "MediaTek"},
		{"Google Home", "Google Home"},           // the list holds it whole
		{"REI Co-op", "REI Co-op"},               // a company noun
		{"Zoho CRM", "Zoho CRM"},                 // the kind of product
		{"Shopify Payments", "Shopify Payments"}, // a plural
		{"Allpoint ATMs", "Allpoint ATMs"},       // a plural of an abbreviation
		{"TikTok Shop", "TikTok Shop"},           // a word that closes names
		{"Bristol West", "Bristol West"},         // a place opens it
		{"Spotify", "Spotify"},
	}
	for _, tt := range tests {
		if got := listedOwner(tt.name); got != tt.want {
			t.Errorf("listedOwner(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// A listed brand's service named inside a sentence is the brand.
func TestUntrackedListedOwner(t *testing.T) {
	ms := FindMentions("Sonos wins on software, and both speakers support Spotify Connect for streaming.", []Tracked{{Name: "Sonos"}})
	var names []string
	for _, m := range ms {
		if m.Tracked < 0 {
			names = append(names, m.Name)
		}
	}
	if !slices.Contains(names, "Spotify") || slices.Contains(names, "Spotify Connect") {
		t.Errorf("untracked = %q, want Spotify", names)
	}
}

// A verb that opens an item's value before a name is no brand.
func TestUntrackedVerbBeforeName(t *testing.T) {
	s := "Top picks:\n\n6. **Acme** – Good for high-risk drivers.\n7. **Globex** – Offers SmartRide and SmartMiles programs.\n8. **Initech** – Cheap."
	for _, m := range FindMentions(s, []Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}) {
		if m.Name == "Offers" {
			t.Errorf("untracked %q, want no verb taken for a brand", m.Name)
		}
	}
	for _, tt := range []struct {
		whole, name string
		want        bool
	}{
		{"Offers SmartRide", "Offers", true},
		{"Brooks Cascadia", "Brooks", false}, // a proper noun
		{"Vans Old Skool", "Vans", false},    // on the brand list
		{"Offers", "Offers", false},          // nothing cut
	} {
		if got := verbBeforeName(tt.whole, tt.name); got != tt.want {
			t.Errorf("verbBeforeName(%q, %q) = %v, want %v", tt.whole, tt.name, got, tt.want)
		}
	}
}

func TestOlderReleaseNames(t *testing.T) {
	// names a later simple-icons release dropped stay on the list
	for _, name := range []string{"Slack", "LinkedIn", "Microsoft Teams"} {
		if !brandList()[fold(name)] {
			t.Errorf("%q is not on the brand list", name)
		}
	}
}

// A run inside a sentence that opens with the name of a family of brands of
// the list is a name, up to a plan's word or a kind of product.
func TestUntrackedFamilyHead(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"Copper is a good pick if your team already runs on Google Workspace, since it lives in the inbox.", "Google Workspace"},
		{"Acme was designed as a Google Workspace CRM, and that is its appeal.", "Google Workspace"},
		{"Acme comes with Google Workspace Business Starter at about $7 per user.", "Google Workspace"},
		{"You can list on Amazon, Walmart Marketplace and Google Shopping from one dashboard.", "Google Shopping"},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Copper"}, {Name: "Acme"}}, []string{tt.want}, nil)
	}
	for _, tt := range []struct {
		word string
		want bool
	}{
		{"Google", true}, {"Amazon", true},
		{"Best", false}, {"Cash", false}, // open fewer brands of the list
		{"Pacific", false}, {"Zen", false},
		{"Gogle", false}, // on no list
	} {
		if got := listedProperHead(tt.word); got != tt.want {
			t.Errorf("listedProperHead(%q) = %v, want %v", tt.word, got, tt.want)
		}
	}
}

// A product of a listed maker, named without the maker ("Outlook" of
// "Microsoft Outlook"), counts after a cue as one ordinary word of the list
// does; a plural is no product.
func TestUntrackedOwnedProduct(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"Acme is a poor fit if your team works in Outlook all day.", "Outlook"},
		{"Acme is free and syncs with Outlook tasks.", "Outlook"},
		{"Acme feels more like Excel, which makes adoption easy.", "Excel"},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, []string{tt.want}, nil)
	}
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"Outlook", true}, {"Excel", true}, {"Chrome", true},
		{"Cycles", false}, // a plural
		{"Planner", false}, {"Zorbex", false},
	} {
		if got := listedWord(tt.name); got != tt.want {
			t.Errorf("listedWord(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// A brand of the list that counts with no cue makes an ordinary word of the
// list joined to it in a list a name.
func TestUntrackedListedPartner(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string
		not  []string
	}{
		{"Acme drops to $799 at Best Buy and Amazon during sales.", []string{"Best Buy", "Amazon"}, nil},
		{"Acme's network is accepted widely, though acceptance abroad trails Visa and Mastercard.", []string{"Visa", "Mastercard"}, nil},
		{"Most builders accept Stripe or PayPal, and Acme does too.", []string{"Stripe", "PayPal"}, nil},
		{"Acme pairs well with Stripe and Square for payments.", []string{"Stripe", "Square"}, nil}, // a cue before the list
		{"Acme ships Zoom and Slack presets.", nil, []string{"Zoom", "Slack"}},                      // no brand of the list that counts alone
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// An ordinary word of the list before an integration word ("a Chrome
// extension", "the Slack integration") or a noun of what a messaging app
// carries ("Slack messages") is a brand; a proper noun there names a family
// whose longer names the answer gives, and a name the list lacks before a
// messaging noun is a person's, a place's or a feature's.
func TestUntrackedListedIntegration(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string
		not  []string
	}{
		{"Acme is a clean contact manager with a Chrome extension for grabbing contacts.", []string{"Chrome"}, nil},
		{"Reconnect your repositories, and set up the Slack integration for notifications in Acme.", []string{"Slack"}, nil},
		{"Acme syncs Google Calendar events, and it is the deepest native Google integration.", []string{"Google Calendar"}, []string{"Google"}},
		{"Acme can send a digest as Slack messages every Monday.", []string{"Slack"}, nil},
		{"Acme is fine, and overdue tasks raise Discord notifications.", []string{"Discord"}, nil},
		{"Acme is fine. Deploys are announced in the shared Slack channel.", []string{"Slack"}, nil},
		{"Acme is fine. It sends Push notifications and Text messages, and the General channel stays quiet.", nil, []string{"Push", "Text", "General"}},
		{"Acme streams to Roku channels, and WhatsApp messages work too.", []string{"Roku", "WhatsApp"}, nil},
		{"Acme is fine. Reviews on the Dana Whitfield channel praise it, and Corin Abbott messages fans about it.", nil, []string{"Dana Whitfield", "Corin Abbott"}},
		{"Acme is fine. Ferries on the Solent channel run late, and Globex shows Mac notifications.", nil, []string{"Solent", "Mac"}},
		{"Acme tracks fares. Its FareWatch notifications flag price drops.", nil, []string{"FareWatch"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A family's name written as an owner or a verb's subject is a brand, and
// the family's longer names stay names of their own beside it.
func TestUntrackedFamilyOwner(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"The Acme 9 offers Google's best AI features built in.", []string{"Google"}},
		{"Acme is the top pick. Google's processing produces natural skin tones.", []string{"Google"}},
		{"Acme logs emails and Google Calendar meetings, and Google's own Marketplace lists Acme.", []string{"Google", "Google Calendar"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, nil)
	}
}

// "on" before one ordinary word of the list names where one sells, runs
// or works; after a plural noun it names the platform a thing happens on.
func TestUntrackedOnPlatform(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string
		not  []string
	}{
		{"Acme is a great pick if you want to sell on Amazon and other marketplaces too.", []string{"Amazon"}, nil},
		{"Prices for Acme often dip on Amazon during sales events.", []string{"Amazon"}, nil},
		{"If your team is on Outlook, Acme is the obvious pick.", []string{"Outlook"}, nil},
		{"The Acme is fast, though some developer tools still have quirks on Arm.", nil, []string{"Arm"}},
		{"Acme has occasional audio problems on Linux.", nil, []string{"Linux"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
	if listedWord("Linux") {
		t.Error(`listedWord("Linux") = true: a word that closes the names of many makers is a kind, no product`)
	}
}

// A product of a listed maker counts alone only where the maker is a brand
// of the list: the last words of other names of the list ("Gold", "Mail")
// are no products, and a family's name before a place noun is the place's.
func TestUntrackedOwnedProductBounds(t *testing.T) {
	for _, text := range []string{
		"Sign in to Acme with Gold or Blue accounts.",
		"Acme syncs with Calendar and Mail on every device.",
		"Acme protects the Amazon Rainforest with every order.",
	} {
		checkUntracked(t, text, []Tracked{{Name: "Acme"}}, nil, []string{"Gold", "Blue", "Mail", "Amazon", "Amazon Rainforest"})
	}
}

// Names each given its purpose after "for" in one sentence are names of one
// kind when each is a brand of the list, one ordinary word of it or a word
// no dictionary knows; a plan's word makes them plans.
func TestUntrackedPurposeList(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string
		not  []string
	}{
		{"Track work in Acme, and add Slack for communication and Loom for async updates.", []string{"Slack", "Loom"}, nil},
		{"Use Slack for quick decisions and Loom for async walkthroughs, with Acme for tasks.", []string{"Slack", "Loom"}, nil},
		{"Many people end up using both: Obsidian for personal thinking, Acme for anything shared.", []string{"Obsidian"}, nil},
		{"Acme sells two plans: Plus for teams and Business for companies.", nil, []string{"Plus", "Business"}},
		{"Acme sells two plans: Plus for teams and Max for companies.", nil, []string{"Plus", "Max"}},             // model words
		{"Acme is fine, and teams pick Slack for chat and Storage for files.", nil, []string{"Slack", "Storage"}}, // a word the list lacks
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}
