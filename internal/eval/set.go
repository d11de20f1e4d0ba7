// Package eval measures the answer analyzer (internal/analyze) against a set
// of answers labelled by hand (docs/accuracy.md): presence and occurrences of
// tracked brands, their polarity, and the untracked brands a reader sees.
package eval

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/sightline/sightline/internal/analyze"
)

// Embedded is the evaluation set shipped with Sightline (docs/accuracy.md#the-evaluation-set): set/tune holds the part rules may be tuned on,
// set/holdout the part kept aside.
//
//go:embed set
var embedded embed.FS

// Embedded returns the shipped evaluation set, rooted at its directory.
func Embedded() fs.FS {
	sub, err := fs.Sub(embedded, "set")
	if err != nil {
		panic(err) // the directory is compiled in
	}
	return sub
}

// Parts of the set. A file under a directory named "holdout" belongs to the
// held-out part; every other file to the tuning part.
const (
	PartTune    = "tune"
	PartHoldout = "holdout"
)

// Polarity labels: how favourably an answer speaks of a brand.
const (
	Negative  = "-"
	Neutral   = "0"
	Positive  = "+"
	NoAgree   = "?"
	polOrder  = "-0+"
	maxAnswer = 64 << 10
)

// Answer is one labelled answer.
type Answer struct {
	ID       string
	File     string // path of the file in the set
	Part     string // PartTune or PartHoldout
	Industry string
	Provider string
	Shape    string
	Text     string            // the answer as the analyzer sees it
	Tracked  []analyze.Tracked // [0] the brand, then its competitors
	Marks    []Mark            // every occurrence of a tracked brand, in order
	Polarity map[int]string    // tracked index → polarity, for every brand marked
	// Untracked are the untracked brands a reader sees; each entry lists
	// the spellings a reader would accept, the first as written.
	Untracked [][]string

	rawPol, rawUntracked string // the label lines until checkLabels reads them
}

// Mark is one labelled occurrence of a tracked brand.
type Mark struct {
	Brand      int // index into Tracked
	Start, End int // byte offsets into Text
}

// Load reads every *.txt file of the set, in path order.
func Load(fsys fs.FS) ([]Answer, error) {
	var files []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".txt") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	var out []Answer
	ids := map[string]string{}
	for _, f := range files {
		b, err := fs.ReadFile(fsys, f)
		if err != nil {
			return nil, err
		}
		part := PartTune
		if slices.Contains(strings.Split(path.Dir(f), "/"), PartHoldout) {
			part = PartHoldout
		}
		as, err := parseFile(f, part, string(b))
		if err != nil {
			return nil, err
		}
		for _, a := range as {
			if prev, dup := ids[a.ID]; dup {
				return nil, fmt.Errorf("%s: answer %s is also in %s", f, a.ID, prev)
			}
			ids[a.ID] = f
		}
		out = append(out, as...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no answers: the set has no *.txt files of records")
	}
	return out, nil
}

// parseFile reads one file of records (the format is in docs/accuracy.md#the-evaluation-set).
func parseFile(name, part, src string) ([]Answer, error) {
	var (
		out      []Answer
		industry string
		brands   []analyze.Tracked
		cur      *Answer
		inText   bool
		text     []string
		lineNo   int
		startNo  int
	)
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", name, lineNo, fmt.Sprintf(format, args...))
	}
	finish := func() error {
		if cur == nil {
			return nil
		}
		if !inText {
			return fmt.Errorf("%s:%d: answer %s has no --- line before its text", name, startNo, cur.ID)
		}
		if cur.Tracked == nil {
			cur.Tracked = brands
		}
		if len(cur.Tracked) == 0 {
			return fmt.Errorf("%s:%d: answer %s: no brands: line in the file or the record", name, startNo, cur.ID)
		}
		if err := cur.setText(strings.Trim(strings.Join(text, "\n"), "\n")); err != nil {
			return fmt.Errorf("%s:%d: answer %s: %w", name, startNo, cur.ID, err)
		}
		if err := cur.checkLabels(); err != nil {
			return fmt.Errorf("%s:%d: answer %s: %w", name, startNo, cur.ID, err)
		}
		out = append(out, *cur)
		cur = nil
		return nil
	}
	var pol, untracked string
	for _, ln := range strings.Split(src, "\n") {
		lineNo++
		ln = strings.TrimRight(ln, "\r")
		if strings.HasPrefix(ln, "=== ") {
			if cur != nil {
				cur.rawPol, cur.rawUntracked = pol, untracked
			}
			if err := finish(); err != nil {
				return nil, err
			}
			f := strings.Fields(ln[4:])
			if len(f) < 3 {
				return nil, fail("a record opens with === ID PROVIDER SHAPE")
			}
			if industry == "" {
				return nil, fail("no industry: line before the first record")
			}
			cur = &Answer{ID: f[0], Provider: f[1], Shape: f[2], Part: part, Industry: industry, File: name}
			inText, text, startNo, pol, untracked = false, nil, lineNo, "", ""
			continue
		}
		if inText {
			text = append(text, ln)
			continue
		}
		if strings.TrimSpace(ln) == "" || strings.HasPrefix(ln, "#") {
			continue
		}
		if ln == "---" {
			if cur == nil {
				return nil, fail("--- outside a record")
			}
			inText = true
			cur.rawPol, cur.rawUntracked = pol, untracked
			continue
		}
		key, val, ok := strings.Cut(ln, ":")
		if !ok {
			return nil, fail("expected KEY: VALUE, ---, or === ID PROVIDER SHAPE")
		}
		val = strings.TrimSpace(val)
		switch key {
		case "industry":
			if cur != nil {
				return nil, fail("industry: belongs before the first record")
			}
			industry = val
		case "brands":
			b, err := parseBrands(val)
			if err != nil {
				return nil, fail("%v", err)
			}
			if cur == nil {
				brands = b
			} else {
				cur.Tracked = b
			}
		case "polarity":
			if cur == nil {
				return nil, fail("polarity: belongs to a record")
			}
			pol = val
		case "untracked":
			if cur == nil {
				return nil, fail("untracked: belongs to a record")
			}
			untracked = val
		default:
			return nil, fail("unknown key %q", key)
		}
	}
	if err := finish(); err != nil {
		return nil, err
	}
	return out, nil
}

// parseBrands reads "Notion; Monday.com = Monday, monday; Box".
func parseBrands(s string) ([]analyze.Tracked, error) {
	var out []analyze.Tracked
	for _, b := range strings.Split(s, ";") {
		name, aliases, _ := strings.Cut(b, "=")
		t := analyze.Tracked{Name: strings.TrimSpace(name)}
		if t.Name == "" {
			return nil, fmt.Errorf("brands: an empty name in %q", s)
		}
		if aliases != "" {
			for _, a := range strings.Split(aliases, ",") {
				if a = strings.TrimSpace(a); a != "" {
					t.Aliases = append(t.Aliases, a)
				}
			}
		}
		out = append(out, t)
	}
	return out, nil
}

// setText removes the {…} marks of tracked occurrences from src, recording
// their spans. "{Notion}" marks Notion; "{text|Name}" marks text as the
// tracked brand Name when text is not one of its spellings.
func (a *Answer) setText(src string) error {
	var b strings.Builder
	for {
		i := strings.IndexByte(src, '{')
		j := strings.IndexByte(src, '}')
		if i < 0 {
			if j >= 0 {
				return fmt.Errorf("a } without {")
			}
			b.WriteString(src)
			break
		}
		if j < i {
			return fmt.Errorf("a } without {")
		}
		b.WriteString(src[:i])
		inner := src[i+1 : j]
		if strings.ContainsAny(inner, "{\n") {
			return fmt.Errorf("mark %q is not closed on its line", src[i:min(len(src), i+30)])
		}
		text, name, hasName := strings.Cut(inner, "|")
		if !hasName {
			name = text
		}
		brand := a.brandOf(name)
		if brand < 0 {
			return fmt.Errorf("mark {%s}: %q is not a tracked name or alias", inner, name)
		}
		a.Marks = append(a.Marks, Mark{Brand: brand, Start: b.Len(), End: b.Len() + len(text)})
		b.WriteString(text)
		src = src[j+1:]
	}
	a.Text = b.String()
	if strings.TrimSpace(a.Text) == "" {
		return fmt.Errorf("empty answer")
	}
	if len(a.Text) > maxAnswer {
		return fmt.Errorf("answer longer than %d bytes", maxAnswer)
	}
	return nil
}

// brandOf returns the index of the tracked brand one of whose spellings is
// name (case-insensitively), or -1.
func (a *Answer) brandOf(name string) int {
	for i, t := range a.Tracked {
		if strings.EqualFold(t.Name, name) {
			return i
		}
		for _, al := range t.Aliases {
			if strings.EqualFold(al, name) {
				return i
			}
		}
	}
	return -1
}

// checkLabels reads the polarity and untracked lines: every marked brand has
// exactly one polarity, and no other brand has one.
func (a *Answer) checkLabels() error {
	a.Polarity = map[int]string{}
	if strings.TrimSpace(a.rawPol) != "" {
		for _, e := range strings.Split(a.rawPol, ";") {
			e = strings.TrimSpace(e)
			k := strings.LastIndexByte(e, ' ')
			if k < 0 {
				return fmt.Errorf("polarity %q: expected NAME POLARITY", e)
			}
			name, p := strings.TrimSpace(e[:k]), e[k+1:]
			if !strings.Contains(polOrder+NoAgree, p) || len(p) != 1 {
				return fmt.Errorf("polarity %q: %q is not one of + 0 - ?", e, p)
			}
			brand := a.brandOf(name)
			if brand < 0 {
				return fmt.Errorf("polarity %q: %q is not a tracked name", e, name)
			}
			if _, dup := a.Polarity[brand]; dup {
				return fmt.Errorf("polarity: %s twice", name)
			}
			a.Polarity[brand] = p
		}
	}
	marked := map[int]bool{}
	for _, m := range a.Marks {
		marked[m.Brand] = true
	}
	for b := range marked {
		if _, ok := a.Polarity[b]; !ok {
			return fmt.Errorf("polarity: %s is marked but has no polarity", a.Tracked[b].Name)
		}
	}
	for b := range a.Polarity {
		if !marked[b] {
			return fmt.Errorf("polarity: %s has a polarity but no mark", a.Tracked[b].Name)
		}
	}
	if strings.TrimSpace(a.rawUntracked) != "" {
		for _, e := range strings.Split(a.rawUntracked, ";") {
			var alts []string
			for _, s := range strings.Split(e, "|") {
				if s = strings.TrimSpace(s); s != "" {
					alts = append(alts, s)
				}
			}
			if len(alts) == 0 {
				return fmt.Errorf("untracked: an empty entry")
			}
			for _, s := range alts {
				if a.brandOf(s) >= 0 {
					return fmt.Errorf("untracked: %q is a tracked brand", s)
				}
				if !strings.Contains(a.Text, s) {
					return fmt.Errorf("untracked: %q is not in the answer", s)
				}
			}
			a.Untracked = append(a.Untracked, alts)
		}
	}
	a.rawPol, a.rawUntracked = "", ""
	return nil
}
