package analyze

import "testing"

// A feature said to be thin and reviews said to be mixed are complaints,
// as a feature said to be basic is; before another noun the words name a
// kind and weigh nothing.
func TestSentimentThinAndMixed(t *testing.T) {
	checkSides(t, []sideCase{
		{"The invoicing module is thin.", "-"},
		{"Its export options feel rather thin.", "-"},
		{"Reviews of its repair service are mixed.", "-"},
		{"The warranty desk gets mixed reviews.", "-"},
		{"It suits borrowers with thin credit files.", "0"},
		{"Globex's new tablet is thin and light.", "0"},
		{"The Globex monitor is thin enough to mount flush on a wall.", "0"},
		{"The app is thin on export formats.", "-"},
		{"Its integrations feel thin.", "-"},
		{"The suite may feel thin for a growing agency.", "-"},
		{"It works well for mixed teams of designers and engineers.", "+"},
		{"Setup takes mixed households about an hour.", "0"},
	})
}

// Worth denied before a price is the writer's verdict against the
// product, weighed as a denied pick; "not worth it" stays damped.
func TestSentimentNotWorthThePrice(t *testing.T) {
	for _, tt := range []struct {
		text string
		max  float64
	}{
		{"For a casual runner the watch isn't worth the cost.", 30},
		{"The Pro tier is not worth its $40 monthly fee.", 30},
		{"Honestly, it's not worth the money.", 30},
	} {
		if s := Sentiment(tt.text); s > tt.max {
			t.Errorf("Sentiment(%q) = %.1f, want at most %.0f", tt.text, s, tt.max)
		}
	}
	checkSides(t, []sideCase{
		{"The extra storage is probably not worth it.", "-"},
		{"It is worth the price for heavy users.", "+"},
	})
	if s := Sentiment("The extra storage is probably not worth it."); s < 30 {
		t.Errorf("Sentiment(not worth it) = %.1f, want the damped weight, above 30", s)
	}
}

// "budget-friendly" after an article names the product's price class, a
// description; said of the product it stays praise.
func TestSentimentBudgetFriendlyClass(t *testing.T) {
	checkSides(t, []sideCase{
		{"A budget-friendly tent with two doors.", "0"},
		{"It is the budget-friendly model of the range.", "0"},
		{"Budget-friendly and easy to pitch.", "+"},
		{"The stove is budget-friendly.", "+"},
		{"Globex is a budget-friendly pick with free returns.", "+"},
		{"It's a budget-friendly stove for weekend trips.", "+"},
	})
}
