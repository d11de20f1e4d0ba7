package analyticsql

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// A window splits into its days before the first Monday, its whole ISO
// weeks, the days after the last Monday (a part of that week, read as the
// week's row when the rest of it is quiet) and the cut parts; Parts
// makes that last read two, guarded either way on the rest of the week;
// WholeDays are the rollups' reads as one, FactRanges the facts'.
func TestAgentReadsAndParts(t *testing.T) {
	day := func(d, h int) time.Time { return time.Date(2026, 11, d, h, 0, 0, 0, time.UTC) }
	format := func(ws ...any) string {
		var out []string
		for _, w := range ws {
			out = append(out, fmt.Sprint(w))
		}
		return strings.Join(out, "; ")
	}
	read := func(r AgentRead) string {
		s := fmt.Sprintf("%s..%s", r.Start.Format("01-02T15"), r.End.Format("01-02T15"))
		switch {
		case r.Week:
			s += " week to " + r.WeekEnd.Format("01-02")
		case r.Rollup:
			s += " days"
		default:
			s += " facts"
		}
		return s
	}
	cases := []struct {
		w          sightline.Window
		reads      string
		lastGuards string
		split      string // WholeDays, then FactRanges
	}{
		// Friday 30 October to Saturday 28 November, whole days: three
		// days, three weeks, the Monday to Saturday of the last week
		{sightline.Window{Start: time.Date(2026, 10, 30, 0, 0, 0, 0, time.UTC), End: day(29, 0)},
			"10-30T00..11-02T00 days; 11-02T00..11-23T00 week to 11-23; 11-23T00..11-29T00 week to 11-30",
			"11-23T00..11-30T00 week NOT EXISTS 11-29..11-30; 11-23T00..11-29T00 days EXISTS 11-29..11-30",
			"10-30T00..11-29T00"},
		// cut at both ends, Tuesday 3 to Thursday 12: the days Wednesday
		// to Sunday, one whole week, the Monday to Wednesday of the next
		{sightline.Window{Start: day(3, 6), End: day(12, 13)},
			"11-04T00..11-09T00 days; 11-09T00..11-12T00 week to 11-16; " +
				"11-03T06..11-04T00 facts; 11-12T00..11-12T13 facts",
			"11-09T00..11-16T00 week NOT EXISTS 11-12..11-16; 11-09T00..11-12T00 days EXISTS 11-12..11-16",
			"11-04T00..11-12T00; 11-03T06..11-04T00; 11-12T00..11-12T13"},
		// whole weeks only: no part of a week, no guard
		{sightline.Window{Start: day(2, 0), End: day(16, 0)}, "11-02T00..11-16T00 week to 11-16", "", "11-02T00..11-16T00"},
		// inside one day: the facts
		{sightline.Window{Start: day(3, 6), End: day(3, 9)}, "11-03T06..11-03T09 facts", "", "11-03T09..11-03T09; 11-03T06..11-03T09"},
	}
	for _, c := range cases {
		reads := AgentReads(c.w, true)
		var got []any
		for _, r := range reads {
			got = append(got, read(r))
		}
		if g := format(got...); g != c.reads {
			t.Errorf("%v: reads %s\nwant %s", c.w, g, c.reads)
		}
		a := &Agents{BrandID: "b", Window: c.w, Reads: reads}
		var guards []any
		for _, p := range a.Parts() {
			if p.Guard != "" {
				kind := "days"
				if p.Week {
					kind = "week"
				}
				guards = append(guards, fmt.Sprintf("%s..%s %s %s %s..%s", p.Start.Format("01-02T15"), p.End.Format("01-02T15"),
					kind, p.Guard, p.GuardStart.Format("01-02"), p.GuardEnd.Format("01-02")))
			}
		}
		if g := format(guards...); g != c.lastGuards {
			t.Errorf("%v: guarded parts %s\nwant %s", c.w, g, c.lastGuards)
		}
		span := func(w sightline.Window) string {
			return w.Start.Format("01-02T15") + ".." + w.End.Format("01-02T15")
		}
		split := []any{span(a.WholeDays())}
		for _, w := range a.FactRanges() {
			split = append(split, span(w))
		}
		if g := format(split...); g != c.split {
			t.Errorf("%v: whole days and fact ranges %s\nwant %s", c.w, g, c.split)
		}
	}
}
