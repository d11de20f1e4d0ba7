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
