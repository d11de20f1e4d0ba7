package eval

import (
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// The shipped set meets the size the docs promise: at least 300 answers
// over at least five industries, at least a third of them held out
// (docs/accuracy.md#the-evaluation-set) and no more than half, so that the
// tuning part stays the larger.
func TestEmbeddedSetShape(t *testing.T) {
	as, err := Load(Embedded())
	if err != nil {
		t.Fatal(err)
	}
	industries := map[string]bool{}
	held := 0
	for _, a := range as {
		industries[a.Industry] = true
		if a.Part == PartHoldout {
			held++
		}
	}
	if len(as) < 300 || len(industries) < 5 {
		t.Errorf("%d answers over %d industries, want at least 300 over 5", len(as), len(industries))
	}
	if 3*held < len(as) || 2*held > len(as) {
		t.Errorf("%d of %d answers held out, want at least a third and at most half", held, len(as))
	}
}

// Unmarked occurrences of a tracked spelling are where labels are most
// likely wrong: -v lists them to be read again.
func TestEmbeddedSetUnmarked(t *testing.T) {
	as, err := Load(Embedded())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range as {
		for _, tr := range a.Tracked {
			for _, name := range append([]string{tr.Name}, tr.Aliases...) {
				re := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(name) + `\b`)
				for _, loc := range re.FindAllStringIndex(a.Text, -1) {
					marked := false
					for _, m := range a.Marks {
						if m.Start < loc[1] && loc[0] < m.End {
							marked = true
						}
					}
					if !marked {
						n++
						t.Logf("%s %s: %s", a.ID, name, a.context(loc[0], loc[1]))
					}
				}
			}
		}
	}
	t.Logf("%d unmarked occurrences of tracked spellings", n)
}

func TestLoadErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"no industry", "=== a chatgpt list\n---\nx", "no industry"},
		{"unknown mark", "industry: x\nbrands: Acme\n=== a chatgpt list\n---\n{Globex} is fine", "not a tracked name"},
		{"polarity missing", "industry: x\nbrands: Acme\n=== a chatgpt list\n---\n{Acme} is fine", "no polarity"},
		{"polarity without mark", "industry: x\nbrands: Acme\n=== a chatgpt list\npolarity: Acme +\n---\nAcme is fine", "no mark"},
		{"untracked not in text", "industry: x\nbrands: Acme\n=== a chatgpt list\nuntracked: Globex\n---\nfine", "not in the answer"},
		{"bad polarity", "industry: x\nbrands: Acme\n=== a chatgpt list\npolarity: Acme good\n---\n{Acme}", "not one of"},
		{"duplicate id", "industry: x\nbrands: Acme\n=== a chatgpt list\n---\nfine\n=== a chatgpt list\n---\nfine", "also in"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(fstest.MapFS{"s.txt": {Data: []byte(tt.src)}})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestEvaluateCounts(t *testing.T) {
	src := `industry: demo
brands: Acme; Globex = Globex Corp
=== d1 chatgpt prose
polarity: Acme +; Globex -
untracked: Initech; Hooli
---
1. **Initech** – fine.

{Acme} is excellent, whereas {Globex Corp} is clumsy and slow. People at Hooli disagree.
`
	as, err := Load(fstest.MapFS{"holdout/s.txt": {Data: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	if as[0].Part != PartHoldout || as[0].Text[:3] != "1. " {
		t.Fatalf("part %q, text %q", as[0].Part, as[0].Text)
	}
	r := Evaluate(as)
	g := r.Part(PartHoldout)
	if g == nil || r.Part(PartTune) != nil {
		t.Fatalf("parts %+v", r.Parts)
	}
	f := g.Overall
	if f.Presence != (Counts{TP: 2}) || f.Occurrence != (Counts{TP: 2}) {
		t.Errorf("presence %+v, occurrences %+v", f.Presence, f.Occurrence)
	}
	if f.Untracked != (Counts{TP: 1, FN: 1}) {
		t.Errorf("untracked %+v, want Initech found and Hooli missed", f.Untracked)
	}
	if f.Polarity.Total() != 2 {
		t.Errorf("polarity matrix %v", f.Polarity)
	}
}

// A brand found with its product's name ("Initech Cloud Suite") is the
// labelled brand found, once; a longer name that is not the label and a
// space ("Initechnica") is a name taken for a brand.
func TestEvaluateProductOfUntracked(t *testing.T) {
	src := `industry: demo
brands: Acme
=== d1 chatgpt list
polarity: Acme 0
untracked: Initech; Initech Cloud; Hooli
---
1. **Initech Cloud Suite** – a suite.
2. **Initechnica** – another.
3. **Hooli** – fine.
4. **{Acme}** – fine.
`
	as, err := Load(fstest.MapFS{"s.txt": {Data: []byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	f := Evaluate(as).Part(PartTune).Overall
	if f.Untracked != (Counts{TP: 2, FN: 1, FP: 1}) {
		t.Errorf("untracked %+v, want Initech Cloud and Hooli found, Initech missed, Initechnica taken", f.Untracked)
	}
	if f.Mistaken["Initechnica"] != 1 || len(f.Mistaken) != 1 {
		t.Errorf("mistaken %v, want only Initechnica", f.Mistaken)
	}
}
