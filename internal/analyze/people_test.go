package analyze

import "testing"

// A given name of the list before a surname is a person's name, no brand;
// a brand of the list named after a person keeps its name.
func TestFindMentions_PersonFullName(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme's rowing classes, with instructors like Selena Okafor and Devin Hartwell, are the most popular.", nil, []string{"Selena Okafor", "Devin Hartwell"}},
		{"Acme is fine, but the live rides with Marcy Okonkwo or Trevor Lindqvist are hard to match.", nil, []string{"Marcy Okonkwo", "Trevor Lindqvist"}},
		{"Acme's shop sells gym wear from brands like Ralph Lauren and Tommy Hilfiger.", []string{"Ralph Lauren", "Tommy Hilfiger"}, nil},
		{"Acme is fine, but brokers like Charles Schwab and Zorbex charge less.", []string{"Charles Schwab", "Zorbex"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A given name written only as a possessive before a title is a person's
// work, no brand; a brand of the list that keeps the possessive is named
// with it; a brand's possessive before its product stays the brand.
func TestFindMentions_GivenPossessive(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme leads most lists [1].\n\n**Sources**\n[1] Best rowers 2025 – Tom's Guide\n[2] Kevin's Fitness Blog – rower reviews", nil, []string{"Tom", "Kevin"}},
		{"1. **Acme** – Best overall.\n2. **Barry's** – Treadmill and floor classes in many cities.\n3. **Zorbex** – Cheaper.", []string{"Barry's"}, []string{"Barry"}},
		{"Acme's pack is light. Gregory's Baltoro is another comfortable option for heavier loads.", []string{"Gregory"}, nil},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A person's name written where the answer names brands, as a lead beside
// a brand, after "brands like" or after "at", is a brand named after a
// person; so is a name after "made by" or "designed by".
func TestFindMentions_PersonNamedBrand(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Good work bags:\n\n1. **Acme** – Best overall.\n2. **Kenneth Cole** – Sleek totes.\n3. **Anne Klein** – Structured satchels.", []string{"Kenneth Cole", "Anne Klein"}, nil},
		{"| Brand | Price |\n|---|---|\n| Acme | $120 |\n| Sam Edelman | $90 |\n| Todd Snyder | $180 |", []string{"Sam Edelman", "Todd Snyder"}, nil},
		{"Acme makes the sturdiest bags. For dressier ones, look at brands like Vera Wang, Rebecca Minkoff and Vince Camuto.", []string{"Vera Wang", "Rebecca Minkoff", "Vince Camuto"}, nil},
		{"Acme is my pick, but I also shop at Vera Wang for gowns.", []string{"Vera Wang"}, nil},
		{"Acme's flats are fine, but the loafers made by Sam Edelman are softer.", []string{"Sam Edelman"}, nil},
		{"Coaches worth following:\n\n1. **Selena Okafor** – Great rowing cues.\n2. **Devin Hartwell** – Simple step goals.\n\nAcme hosts classes with both.", nil, []string{"Selena Okafor", "Devin Hartwell"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}
