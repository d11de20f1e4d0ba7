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
		{"It works well for mixed teams of designers and engineers.", "+"},
		{"Setup takes mixed households about an hour.", "0"},
	})
}
