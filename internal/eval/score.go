package eval

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/sightline/sightline/internal/analyze"
)

// Counts are the true positives, false positives and false negatives of one
// judgement.
type Counts struct {
	TP int `json:"tp"`
	FP int `json:"fp"`
	FN int `json:"fn"`
}

// Precision is TP / (TP + FP), 1 when nothing was predicted.
func (c Counts) Precision() float64 { return ratio(c.TP, c.TP+c.FP) }

// Recall is TP / (TP + FN), 1 when nothing was to be found.
func (c Counts) Recall() float64 { return ratio(c.TP, c.TP+c.FN) }

// F1 is the harmonic mean of precision and recall.
func (c Counts) F1() float64 {
	if c.TP == 0 {
		if c.FP == 0 && c.FN == 0 {
			return 1
		}
		return 0
	}
	return float64(2*c.TP) / float64(2*c.TP+c.FP+c.FN)
}

func (c *Counts) add(o Counts) { c.TP, c.FP, c.FN = c.TP+o.TP, c.FP+o.FP, c.FN+o.FN }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// Confusion counts polarity labels (rows) against the analyzer's polarity
// (columns), each in the order negative, neutral, positive.
type Confusion [3][3]int

// Agreement is the share of labelled mentions whose polarity the analyzer
// gets right.
func (c Confusion) Agreement() float64 {
	n, ok := 0, 0
	for i := range 3 {
		for j := range 3 {
			n += c[i][j]
			if i == j {
				ok += c[i][j]
			}
		}
	}
	return ratio(ok, n)
}

// Total is the number of mentions in the matrix.
func (c Confusion) Total() int {
	n := 0
	for i := range 3 {
		for j := range 3 {
			n += c[i][j]
		}
	}
	return n
}

// Figures are the measurements over a group of answers.
type Figures struct {
	Answers int `json:"answers"`
	// Presence counts (answer, tracked brand) pairs: named or not.
	Presence Counts `json:"presence"`
	// Occurrence counts every labelled occurrence, matched by overlapping
	// spans of the same brand.
	Occurrence Counts    `json:"occurrences"`
	Polarity   Confusion `json:"polarity_confusion"`
	// Untracked: TP labelled untracked brands found, FN those missed, FP
	// names the analyzer took for brands that are not labelled as any.
	Untracked Counts `json:"untracked"`
	// Mistaken are the names in Untracked.FP, with how often each was taken.
	Mistaken map[string]int `json:"mistaken_for_brands"`
}

func (f *Figures) add(o *Figures) {
	f.Answers += o.Answers
	f.Presence.add(o.Presence)
	f.Occurrence.add(o.Occurrence)
	for i := range 3 {
		for j := range 3 {
			f.Polarity[i][j] += o.Polarity[i][j]
		}
	}
	f.Untracked.add(o.Untracked)
	for k, v := range o.Mistaken {
		if f.Mistaken == nil {
			f.Mistaken = map[string]int{}
		}
		f.Mistaken[k] += v
	}
}

// MistakenPer100 is the number of names taken for brands that are not
// brands, per hundred answers.
func (f *Figures) MistakenPer100() float64 {
	if f.Answers == 0 {
		return 0
	}
	return 100 * float64(f.Untracked.FP) / float64(f.Answers)
}

// Finding is one disagreement between the analyzer and the labels.
type Finding struct {
	Answer string `json:"answer"`
	Part   string `json:"part"`
	Kind   string `json:"kind"` // presence_fp, presence_fn, occurrence_fp, occurrence_fn, polarity, untracked_fn, mistaken
	Brand  string `json:"brand"`
	Detail string `json:"detail"`
}

// Group is the figures of one part of the set, overall and per industry.
type Group struct {
	Part       string              `json:"part"`
	Overall    *Figures            `json:"overall"`
	Industries map[string]*Figures `json:"industries"`
}

// Report is the evaluation of a set: its parts in order (tuning, held-out)
// and every finding.
type Report struct {
	Parts    []*Group  `json:"parts"`
	Findings []Finding `json:"findings,omitempty"`
}

// HideErrors drops the individual errors of one part: its findings and the
// names it took for brands, keeping every count. The held-out part is
// reported this way by default, since an error read while rules change
// makes the part a tuning part (docs/accuracy.md#the-evaluation-set).
func (r *Report) HideErrors(part string) {
	kept := r.Findings[:0]
	for _, f := range r.Findings {
		if f.Part != part {
			kept = append(kept, f)
		}
	}
	r.Findings = kept
	if g := r.Part(part); g != nil {
		g.Overall.Mistaken = nil
		for _, f := range g.Industries {
			f.Mistaken = nil
		}
	}
}

// Part returns the group of one part, or nil.
func (r *Report) Part(name string) *Group {
	for _, g := range r.Parts {
		if g.Part == name {
			return g
		}
	}
	return nil
}

// PolarityOf maps an analyzer score to a polarity label (docs/accuracy.md#the-analyzers-score-and-the-labels).
func PolarityOf(score float64) string {
	switch {
	case score > 55:
		return Positive
	case score < 45:
		return Negative
	}
	return Neutral
}

// Evaluate runs the analyzer over every answer and scores it against the
// labels.
func Evaluate(answers []Answer) *Report {
	r := &Report{}
	for _, part := range []string{PartTune, PartHoldout} {
		g := &Group{Part: part, Overall: &Figures{}, Industries: map[string]*Figures{}}
		for i := range answers {
			a := &answers[i]
			if a.Part != part {
				continue
			}
			f, fs := score(a)
			r.Findings = append(r.Findings, fs...)
			ind := g.Industries[a.Industry]
			if ind == nil {
				ind = &Figures{}
				g.Industries[a.Industry] = ind
			}
			ind.add(f)
			g.Overall.add(f)
		}
		if g.Overall.Answers > 0 {
			r.Parts = append(r.Parts, g)
		}
	}
	return r
}

// score measures one answer.
func score(a *Answer) (*Figures, []Finding) {
	f := &Figures{Answers: 1}
	var out []Finding
	find := func(kind, brand, format string, args ...any) {
		out = append(out, Finding{Answer: a.ID, Part: a.Part, Kind: kind, Brand: brand, Detail: fmt.Sprintf(format, args...)})
	}
	ms := analyze.NewMatcher(a.Tracked).Find(a.Text)
	pred := map[int]*analyze.Mention{}
	for i := range ms {
		if ms[i].Tracked >= 0 {
			pred[ms[i].Tracked] = &ms[i]
		}
	}
	for b, t := range a.Tracked {
		var gold []Mark
		for _, m := range a.Marks {
			if m.Brand == b {
				gold = append(gold, m)
			}
		}
		p := pred[b]
		switch {
		case len(gold) > 0 && p != nil:
			f.Presence.TP++
		case len(gold) > 0:
			f.Presence.FN++
			find("presence_fn", t.Name, "missed: %s", a.context(gold[0].Start, gold[0].End))
		case p != nil:
			f.Presence.FP++
			find("presence_fp", t.Name, "not a mention: %s", a.context(p.Spans[0].Start, p.Spans[0].End))
		}
		var spans []analyze.Span
		if p != nil {
			spans = p.Spans
		}
		used := make([]bool, len(gold))
		for _, s := range spans {
			hit := false
			for k, g := range gold {
				if !used[k] && g.Start < s.End && s.Start < g.End {
					used[k], hit = true, true
					break
				}
			}
			if hit {
				f.Occurrence.TP++
			} else {
				f.Occurrence.FP++
				find("occurrence_fp", t.Name, "%s", a.context(s.Start, s.End))
			}
		}
		for k, g := range gold {
			if !used[k] {
				f.Occurrence.FN++
				find("occurrence_fn", t.Name, "%s", a.context(g.Start, g.End))
			}
		}
		if len(gold) > 0 && p != nil {
			label := a.Polarity[b]
			if label == NoAgree {
				continue
			}
			got := PolarityOf(p.Sentiment)
			f.Polarity[strings.Index(polOrder, label)][strings.Index(polOrder, got)]++
			if got != label {
				find("polarity", t.Name, "labelled %s, scored %.1f (%s)", label, p.Sentiment, got)
			}
		}
	}

	found := make([]bool, len(a.Untracked))
	for _, m := range ms {
		if m.Tracked >= 0 {
			continue
		}
		hit := false
		for k, alts := range a.Untracked {
			if slices.ContainsFunc(alts, func(s string) bool { return strings.EqualFold(s, m.Name) }) {
				found[k], hit = true, true
			}
		}
		if !hit {
			if k := productOfLabel(a.Untracked, m.Name); k >= 0 {
				found[k], hit = true, true
			}
		}
		if !hit {
			f.Untracked.FP++
			if f.Mistaken == nil {
				f.Mistaken = map[string]int{}
			}
			f.Mistaken[m.Name]++
			find("mistaken", m.Name, "taken for a brand: %s", a.context(m.Spans[0].Start, m.Spans[0].End))
		}
	}
	for k, ok := range found {
		if ok {
			f.Untracked.TP++
		} else {
			f.Untracked.FN++
			find("untracked_fn", a.Untracked[k][0], "missed untracked brand")
		}
	}
	return f, out
}

// context quotes the answer around [start, end), the span in brackets.
func (a *Answer) context(start, end int) string {
	lo, hi := max(0, start-40), min(len(a.Text), end+40)
	for lo > 0 && lo < start && a.Text[lo]&0xc0 == 0x80 {
		lo--
	}
	for hi < len(a.Text) && a.Text[hi]&0xc0 == 0x80 {
		hi++
	}
	s := a.Text[lo:start] + "[" + a.Text[start:end] + "]" + a.Text[end:hi]
	return strings.ReplaceAll(s, "\n", "⏎")
}

// WriteText prints the report as tables: per part, one row per industry
// and the overall row, then the polarity confusion matrix and the names
// taken for brands.
func WriteText(w io.Writer, r *Report) {
	for _, g := range r.Parts {
		title := "Tuning part"
		if g.Part == PartHoldout {
			title = "Held-out part"
		}
		fmt.Fprintf(w, "%s (%d answers)\n\n", title, g.Overall.Answers)
		fmt.Fprintf(w, "%-14s %7s  %-17s  %-17s  %9s  %9s  %9s\n", "industry", "answers",
			"presence P/R/F1", "occurrence P/R/F1", "polarity", "untracked", "mistaken")
		names := make([]string, 0, len(g.Industries))
		for k := range g.Industries {
			names = append(names, k)
		}
		sort.Strings(names)
		row := func(name string, f *Figures) {
			fmt.Fprintf(w, "%-14s %7d  %s  %s  %8.1f%%  %8.1f%%  %9.2f\n", name, f.Answers,
				prf(f.Presence), prf(f.Occurrence), 100*f.Polarity.Agreement(),
				100*f.Untracked.Recall(), f.MistakenPer100())
		}
		for _, n := range names {
			row(n, g.Industries[n])
		}
		row("overall", g.Overall)
		fmt.Fprintf(w, "\npolarity (%d labelled mentions; rows: label, columns: analyzer)\n", g.Overall.Polarity.Total())
		fmt.Fprintf(w, "%10s %6s %6s %6s\n", "", "-", "0", "+")
		for i, l := range []string{"negative", "neutral", "positive"} {
			c := g.Overall.Polarity[i]
			fmt.Fprintf(w, "%10s %6d %6d %6d\n", l, c[0], c[1], c[2])
		}
		fmt.Fprintf(w, "\nuntracked brands: %d labelled, %d found; %d names taken for brands (%.2f per 100 answers)",
			g.Overall.Untracked.TP+g.Overall.Untracked.FN, g.Overall.Untracked.TP, g.Overall.Untracked.FP, g.Overall.MistakenPer100())
		if len(g.Overall.Mistaken) > 0 {
			ks := make([]string, 0, len(g.Overall.Mistaken))
			for k := range g.Overall.Mistaken {
				ks = append(ks, k)
			}
			sort.Strings(ks)
			for i, k := range ks {
				ks[i] = fmt.Sprintf("%q×%d", k, g.Overall.Mistaken[k])
			}
			fmt.Fprintf(w, ": %s", strings.Join(ks, ", "))
		}
		fmt.Fprint(w, "\n\n")
	}
	fmt.Fprintln(w, "presence: (answer, tracked brand) pairs; occurrence: every naming; polarity: share of")
	fmt.Fprintln(w, "labelled mentions scored on the labelled side (docs/accuracy.md); untracked: recall;")
	fmt.Fprintln(w, "mistaken: names taken for brands that are none, per 100 answers.")
}

func prf(c Counts) string {
	return fmt.Sprintf("%.3f/%.3f/%.3f", c.Precision(), c.Recall(), c.F1())
}

// WriteFindings prints every finding, one a line.
func WriteFindings(w io.Writer, fs []Finding) {
	for _, f := range fs {
		fmt.Fprintf(w, "%s %s %s %s: %s\n", f.Part, f.Answer, f.Kind, f.Brand, f.Detail)
	}
}

// MarshalJSON adds precision, recall and F1 to the counts.
func (c Counts) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		TP        int     `json:"tp"`
		FP        int     `json:"fp"`
		FN        int     `json:"fn"`
		Precision float64 `json:"precision"`
		Recall    float64 `json:"recall"`
		F1        float64 `json:"f1"`
	}{c.TP, c.FP, c.FN, round(c.Precision()), round(c.Recall()), round(c.F1())})
}

// MarshalJSON adds the derived rates to the figures.
func (f *Figures) MarshalJSON() ([]byte, error) {
	type plain Figures
	return json.Marshal(struct {
		*plain
		PolarityMentions  int     `json:"polarity_mentions"`
		PolarityAgreement float64 `json:"polarity_agreement"`
		MistakenPer100    float64 `json:"mistaken_per_100_answers"`
	}{(*plain)(f), f.Polarity.Total(), round(f.Polarity.Agreement()), round(f.MistakenPer100())})
}

func round(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// productOfLabel returns the labelled untracked brand that name is a product
// line of, -1 if none: the label followed by more words ("Toast Online
// Ordering" for "Toast"), as the guidelines count a product line named by
// its brand's name as that brand (docs/accuracy.md#tracked-brands-and-their-occurrences).
// The longest such label wins, so "Google Workspace Business" finds "Google
// Workspace" where both it and "Google" are labelled.
func productOfLabel(labels [][]string, name string) int {
	best, bestLen := -1, 0
	for k, alts := range labels {
		for _, s := range alts {
			if len(s) > bestLen && len(name) > len(s)+1 && name[len(s)] == ' ' && strings.EqualFold(name[:len(s)], s) {
				best, bestLen = k, len(s)
			}
		}
	}
	return best
}
