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
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}
