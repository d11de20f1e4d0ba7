package ingest

// The way back out: runs as GET …/runs shows them, with the spans of their
// mentions, and the NDJSON export whose lines this package ingests again
// (docs/ingest.md#round-trip).

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyze"
)

// Spanner finds where a brand's answers name the brands of their stored
// mentions, with the analyzer that ingest uses: spans are computed when a
// run is read, from the stored answer and the brand's current names and
// aliases, so they never disagree with the answer shown.
type Spanner struct {
	tg *target
}

// NewSpanner prepares the matcher of a brand.
func NewSpanner(ctx context.Context, st interface {
	FindIngestTarget(ctx context.Context, brandID string) (*sightline.IngestTarget, error)
}, brandID string) (*Spanner, error) {
	it, err := st.FindIngestTarget(ctx, brandID)
	if err != nil {
		return nil, err
	}
	return &Spanner{tg: newTarget(it)}, nil
}

// Fill sets the spans of every mention of r, in characters (Unicode code
// points) of r.Answer. A mention is matched to the analyzer's finding of
// the same brand: the brand itself, the same competitor, or an untracked
// brand of the same name (case-insensitively). A mention the analyzer does
// not find (given by an upstream extractor, or of a name since changed) gets
// the occurrences of its own name under the same matching rules, which may
// be none.
func (sp *Spanner) Fill(r *sightline.Run) {
	if len(r.Mentions) == 0 {
		return
	}
	found := sp.tg.matcher.Find(r.Answer)
	compIndex := func(id string) int {
		for i, c := range sp.tg.t.Competitors {
			if c.ID == id {
				return i + 1
			}
		}
		return -2
	}
	for i := range r.Mentions {
		m := &r.Mentions[i]
		var spans []analyze.Span
		idx := -1
		switch {
		case m.BrandID != "":
			idx = 0
		case m.CompetitorID != "":
			idx = compIndex(m.CompetitorID)
		}
		for _, f := range found {
			if (idx >= 0 && f.Tracked == idx) || (idx == -1 && f.Tracked == -1 && strings.EqualFold(f.Name, m.Name)) {
				spans = f.Spans
				break
			}
		}
		if spans == nil {
			for _, f := range analyze.FindMentions(r.Answer, []analyze.Tracked{{Name: m.Name}}) {
				if f.Tracked == 0 {
					spans = f.Spans
				}
			}
		}
		// the first MaxMentionSpans (docs/api.md#limits): a short name
		// can occur thousands of times in a long answer
		spans = spans[:min(len(spans), sightline.MaxMentionSpans)]
		m.Spans = make([]sightline.Span, 0, len(spans))
		var ro runeOffsets
		for _, s := range spans {
			m.Spans = append(m.Spans, sightline.Span{Start: ro.at(r.Answer, s.Start), End: ro.at(r.Answer, s.End)})
		}
	}
}

// runeOffsets turns byte offsets of s into character offsets, counting on
// from the last offset asked when offsets come in order, so that a
// mention's spans cost one pass over the answer, not one each.
type runeOffsets struct{ b, r int }

func (o *runeOffsets) at(s string, b int) int {
	if b < o.b {
		*o = runeOffsets{}
	}
	o.r += utf8.RuneCountInString(s[o.b:b])
	o.b = b
	return o.r
}

// RunSource is what exporting runs reads.
type RunSource interface {
	FindIngestTarget(ctx context.Context, brandID string) (*sightline.IngestTarget, error)
	EachRun(ctx context.Context, orgID string, f sightline.RunFilter, fn func(*sightline.Run) error) error
}

// WriteNDJSON writes every run of f to w, one JSON object a line, newest
// first, as they are read (the store reads them in batches), and returns
// how many it wrote. Each line is a record Ingest accepts.
func WriteNDJSON(ctx context.Context, st RunSource, orgID string, f sightline.RunFilter, w io.Writer) (int, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	n, err := EachRun(ctx, st, orgID, f, func(r *sightline.Run) error {
		if err := enc.Encode(r); err != nil {
			return fmt.Errorf("write run %s: %w", r.ID, err)
		}
		return nil
	})
	if err != nil {
		return n, err
	}
	return n, bw.Flush()
}

// EachRun calls fn with every run of f, newest first, as /runs shows it
// (mention spans filled in), read in batches, and returns how many it saw.
func EachRun(ctx context.Context, st RunSource, orgID string, f sightline.RunFilter, fn func(*sightline.Run) error) (int, error) {
	sp, err := NewSpanner(ctx, st, f.BrandID)
	if err != nil {
		return 0, err
	}
	n := 0
	err = st.EachRun(ctx, orgID, f, func(r *sightline.Run) error {
		sp.Fill(r)
		n++
		return fn(r)
	})
	return n, err
}
