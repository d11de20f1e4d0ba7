package analyze

import "testing"

// countOf returns how many times FindMentions counts the tracked brand named
// name in answer.
func countOf(answer string, tracked []Tracked, name string) int {
	for _, m := range FindMentions(answer, tracked) {
		if m.Tracked >= 0 && m.Name == name {
			return m.Count
		}
	}
	return 0
}

func TestDayReadingOfADayName(t *testing.T) {
	tracked := []Tracked{{Name: "Monday.com", Aliases: []string{"Monday"}}, {Name: "Acme"}}
	for _, tc := range []struct {
		answer string
		want   int
	}{
		{"Acme suits small teams. Hold the review on Monday so the week starts clean.", 0},
		{"Acme suits small teams; bring the board to your Monday morning sync.", 0},
		{"Acme suits small teams. Archive old cards every Monday, and the first Monday of a quarter prune tags.", 0},
		{"Acme suits small teams, while Monday offers more views.", 1},
		{"Acme suits small teams, and teams on Monday.com get more views.", 1},
	} {
		if got := countOf(tc.answer, tracked, "Monday.com"); got != tc.want {
			t.Errorf("%q: %d mentions of Monday.com, want %d", tc.answer, got, tc.want)
		}
	}
}

func TestRegionReadingOfAProperNoun(t *testing.T) {
	tracked := []Tracked{{Name: "Patagonia"}, {Name: "Osprey"}, {Name: "Notion"}}
	for _, tc := range []struct {
		answer, name string
		want         int
	}{
		{"Osprey packs ride well. On a long trek, wind howls in Patagonia most of the year.", "Patagonia", 0},
		{"Osprey packs ride well, though the climate in Patagonia is harsh.", "Patagonia", 0},
		{"Osprey packs ride well. Storms are fierce in Patagonia backcountry camps.", "Patagonia", 0},
		{"Osprey packs ride well. Keep spare gear in Patagonia; the shell holds up.", "Patagonia", 1},
		{"Osprey packs ride well, but I'd invest in Patagonia over the fast-fashion brands.", "Patagonia", 1},
		{"Osprey packs ride well. Jackets across Patagonia, Arc'teryx and Marmot share fabrics.", "Patagonia", 1},
		{"Osprey packs ride well on a long trek to Patagonia, and the flight to Patagonia is long.", "Patagonia", 0},
		{"Osprey packs ride well; the shells in Patagonia jackets and in Patagonia's line are tough.", "Patagonia", 2},
		{"Osprey packs ride well, and we switched to Patagonia for shells.", "Patagonia", 1},
		{"Osprey makes packs. Keep your notes in Notion.", "Notion", 1},
	} {
		if got := countOf(tc.answer, tracked, tc.name); got != tc.want {
			t.Errorf("%q: %d mentions of %s, want %d", tc.answer, got, tc.name, tc.want)
		}
	}
}

func TestInflectedVerbAfterInitialName(t *testing.T) {
	tracked := []Tracked{{Name: "Summit"}, {Name: "Osprey"}, {Name: "Nothing"}}
	for _, tc := range []struct {
		answer, name string
		want         int
	}{
		{"Osprey packs are roomy. Summit bundles a rain cover with each pack.", "Summit", 1},
		{"Osprey packs are roomy. Summit quietly trims the frame to save weight.", "Summit", 1},
		{"Osprey packs are roomy. Summit generally tends to run small.", "Summit", 1},
		{"Osprey packs are roomy. Summit pioneered this frame design.", "Summit", 1},
		{"Osprey packs are roomy. Summit meetings are rare.", "Summit", 0},
		{"Osprey packs are roomy. Summit bids fail often.", "Summit", 0},
		{"The Nothing Phone is odd. Nothing beats a hip belt for comfort.", "Nothing", 1},
	} {
		if got := countOf(tc.answer, tracked, tc.name); got != tc.want {
			t.Errorf("%q: %d mentions of %s, want %d", tc.answer, got, tc.name, tc.want)
		}
	}
}

func TestApostropheSpellingsOfAName(t *testing.T) {
	tracked := []Tracked{{Name: "Kel'vaar"}, {Name: "Osprey"}}
	for _, tc := range []struct {
		answer string
		want   int
	}{
		{"Osprey packs are roomy, and a Kel’vaar shell is light.", 1},
		{"Osprey packs are roomy, and a Kelvaar shell is light.", 1},
		{"Osprey packs are roomy, and Kel'vaar's shells are light.", 1},
	} {
		if got := countOf(tc.answer, tracked, "Kel'vaar"); got != tc.want {
			t.Errorf("%q: %d mentions of Kel'vaar, want %d", tc.answer, got, tc.want)
		}
	}
	// the name without its apostrophe is a word: only the two spellings
	// with one name the brand
	if got := withApostropheSpellings([]string{"Can't"}); len(got) != 2 || got[1] != "Can’t" {
		t.Errorf("spellings of Can't: %q", got)
	}
}

func TestPluralOfAProductName(t *testing.T) {
	tracked := []Tracked{{Name: "Zorvane"}, {Name: "Summit"}}
	answer := "Most families own a few Zorvanes, and Summit phones are cheaper. Climbers bag summits."
	if got := countOf(answer, tracked, "Zorvane"); got != 1 {
		t.Errorf("%d mentions of Zorvane, want 1", got)
	}
	if got := countOf(answer, tracked, "Summit"); got != 1 {
		t.Errorf("%d mentions of Summit, want 1", got)
	}
	for _, tc := range []struct{ name, answer string }{
		{"Zorvane", "Zorvane ships soon. The class learns twelve zorvanes a week."},
		{"Canva", "Canva is easy. Artists still stretch their own Canvas at home."},
		{"Vega", "Vega is a fine gym. It sells well in Las Vegas stores too."},
		{"Asana", "Asana plans work. The app also lists forty asanas for a morning stretch."},
	} {
		if got := countOf(tc.answer, []Tracked{{Name: tc.name}}, tc.name); got != 1 {
			t.Errorf("%q: %d mentions of %s, want 1", tc.answer, got, tc.name)
		}
	}
}

func TestSmallLettersOfAProperNounName(t *testing.T) {
	tracked := []Tracked{{Name: "Zephyria.com", Aliases: []string{"Monday"}}, {Name: "Acme"}}
	for _, tc := range []struct {
		answer string
		want   int
	}{
		{"Acme is simple, and monday CRM adds deal boards.", 1},
		{"Acme is simple, while monday bundles its seats in tens.", 1},
		{"Acme is simple; plan it every monday.", 0},
	} {
		if got := countOf(tc.answer, tracked, "Zephyria.com"); got != tc.want {
			t.Errorf("%q: %d mentions, want %d", tc.answer, got, tc.want)
		}
	}
}

func TestTitleOpeningAListedLead(t *testing.T) {
	tracked := []Tracked{{Name: "Summit"}, {Name: "Osprey"}}
	for _, tc := range []struct {
		answer string
		want   int
	}{
		{"Picks:\n\n1. **Summit for Families** – roomy and cheap.\n2. **Osprey Exos** – light.", 1},
		{"| Pack | Price |\n|---|---|\n| Summit by Night Pro | $90 |\n| Osprey Exos | $200 |", 1},
		{"Tips:\n\n- Summit early in the day.\n- Osprey packs ride well.", 0},
		{"## Summit the Highest Peaks\n\nOsprey packs ride well.", 0},
		{"Tips:\n\n- **Summit your First Peak** early.\n- Osprey packs ride well.", 0},
	} {
		if got := countOf(tc.answer, tracked, "Summit"); got != tc.want {
			t.Errorf("%q: %d mentions of Summit, want %d", tc.answer, got, tc.want)
		}
	}
}

func TestGearAndBrandingAfterInitialName(t *testing.T) {
	tracked := []Tracked{{Name: "Summit"}, {Name: "Osprey"}}
	answer := "Osprey packs ride well. Summit gear costs less. Summit branding is loud."
	if got := countOf(answer, tracked, "Summit"); got != 2 {
		t.Errorf("%d mentions of Summit, want 2", got)
	}
}
