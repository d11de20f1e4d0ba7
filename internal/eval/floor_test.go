package eval

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The tuning part's figures never fall below the floors docs/accuracy.md
// records, and the names it takes for brands never rise above their ceiling
// there (docs/accuracy.md#floors).
func TestAccuracyFloors(t *testing.T) {
	floors := readFloors(t, "../../docs/accuracy.md")
	as, err := Load(Embedded())
	if err != nil {
		t.Fatal(err)
	}
	g := Evaluate(as).Part(PartTune)
	if g == nil {
		t.Fatal("no tuning part")
	}
	f := g.Overall
	got := map[string]float64{
		"presence F1":        f.Presence.F1(),
		"occurrence F1":      f.Occurrence.F1(),
		"polarity agreement": f.Polarity.Agreement(),
		"untracked recall":   f.Untracked.Recall(),
		ceiling:              f.MistakenPer100(),
	}
	if len(floors) != len(got) {
		t.Fatalf("docs/accuracy.md has floors for %v, want one for each of %v", floors, got)
	}
	for name, floor := range floors {
		v, ok := got[name]
		if !ok {
			t.Errorf("docs/accuracy.md: unknown figure %q", name)
			continue
		}
		switch {
		case name == ceiling && v > floor+1e-9:
			t.Errorf("%s of the tuning part is %.2f, above its ceiling %.2f in docs/accuracy.md", name, v, floor)
		case name != ceiling && v < floor-1e-9:
			t.Errorf("%s of the tuning part is %.4f, below its floor %.3f in docs/accuracy.md", name, v, floor)
		default:
			t.Logf("%s %.4f (limit %.3f)", name, v, floor)
		}
	}
}

// ceiling names the one figure that may not rise: lower is better.
const ceiling = "names taken for brands per 100 answers"

// readFloors reads the table under "## Floors": "| figure | 0.996 |".
func readFloors(t *testing.T, path string) map[string]float64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]float64{}
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		ln := sc.Text()
		if strings.HasPrefix(ln, "## ") {
			in = ln == "## Floors"
			continue
		}
		if !in || !strings.HasPrefix(ln, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(ln, "|"), "|")
		if len(cells) != 2 {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(cells[1]), 64)
		if err != nil {
			continue // the header and its rule
		}
		out[strings.TrimSpace(cells[0])] = v
	}
	if len(out) == 0 {
		t.Fatalf("%s: no floors under ## Floors", path)
	}
	return out
}
