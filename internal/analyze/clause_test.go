package analyze

import "testing"

func TestPronounAfterClause(t *testing.T) {
	if !pronounAfterClause("If your company runs on Globex, it simply doesn't work.") || pronounAfterClause("If your company runs on Globex, Acme works.") {
		t.Error("pronounAfterClause misreads the main clause")
	}
	answer := "The CRM called Acme is tightly tied to Google. If your company runs on Globex, it simply doesn't work, so I'd rule it out for you."
	ms := FindMentions(answer, []Tracked{{Name: "Acme"}, {Name: "Globex"}})
	if len(ms) == 0 || ms[0].Name != "Acme" || ms[0].Sentiment >= 50 {
		t.Errorf("Acme not scored negative from the pronoun after the clause: %+v", ms)
	}
}

func TestObjectAfter(t *testing.T) {
	for text, want := range map[string]bool{
		"can't take advantage of an":                true,
		"selling happens through relationships and": true,
		"to an":    false,
		"Acme and": false,
	} {
		if got := objectAfter(text); got != want {
			t.Errorf("objectAfter(%q) = %v, want %v", text, got, want)
		}
	}
	answer := "The Acme Bravia 3 fits the budget but is the weakest for gaming here: a 60Hz panel means it can't take advantage of a Globex console at 120fps."
	for _, m := range FindMentions(answer, []Tracked{{Name: "Acme"}, {Name: "Globex"}}) {
		if m.Name == "Acme" && m.Sentiment >= 50 {
			t.Errorf("Acme not given the clause whose object is Globex: %+v", m)
		}
	}
}

func TestClosesClause(t *testing.T) {
	if !closesClause("If you're on Globex") || closesClause("Globex") || closesClause("If you're on Initech, or on Globex") {
		t.Error("closesClause misreads the opening clause")
	}
	answer := "If you're on Globex, Acme integrates cleanly and has far stronger reporting, and Initech is a simpler option."
	for _, m := range FindMentions(answer, []Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}) {
		if m.Name == "Acme" && m.Sentiment <= 50 {
			t.Errorf("Acme read as an object in a list with Globex: %+v", m)
		}
	}
}
