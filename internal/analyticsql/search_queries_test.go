package analyticsql

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// TestQueryPieces: the fan-out list reads whole weeks from the weekly
// rollup; each part of a week around them is its week's row when the rest
// of the week is empty, else its days, and a default window ending today
// reads its last days as their week.
func TestQueryPieces(t *testing.T) {
	day := func(m time.Month, d int) time.Time { return time.Date(2026, m, d, 0, 0, 0, 0, time.UTC) }
	show := func(ps []rollupPiece) []string {
		var out []string
		for _, p := range ps {
			s := fmt.Sprintf("%s %s..%s", p.table, p.Start.Format("01-02"), p.End.Format("01-02"))
			if p.quiet {
				s += " if no rows in"
			} else if len(p.rest) > 0 {
				s += " if rows in"
			}
			for _, r := range p.rest {
				s += fmt.Sprintf(" %s..%s", r.Start.Format("01-02"), r.End.Format("01-02"))
			}
			out = append(out, s)
		}
		return out
	}
	// today Saturday 2026-11-28: the window is 10-30 (a Friday) to 11-29
	w := sightline.DefaultWindow(time.Date(2026, 11, 28, 15, 0, 0, 0, time.UTC), 30)
	weeks, days, facts := splitWindow(w, true)
	if len(facts) != 0 {
		t.Fatalf("a default window of whole days has fact ranges %v", facts)
	}
	got := show(queryPieces(weeks, days, queryTables))
	want := []string{
		"weekly_search_queries 11-02..11-23",
		"weekly_search_queries 10-26..11-02 if no rows in 10-26..10-30",
		"daily_search_queries 10-30..11-02 if rows in 10-26..10-30",
		"weekly_search_queries 11-23..11-30 if no rows in 11-29..11-30",
		"daily_search_queries 11-23..11-29 if rows in 11-29..11-30",
	}
	if !slices.Equal(got, want) {
		t.Errorf("default window ending Saturday:\n got %q\nwant %q", got, want)
	}
	// ten days across a Monday, no whole week: one part per week; a part
	// that is a whole week has no rest
	got = show(queryPieces(nil, []sightline.Window{{Start: day(3, 5), End: day(3, 15)}}, queryTables))
	want = []string{
		"weekly_search_queries 03-02..03-09 if no rows in 03-02..03-05",
		"daily_search_queries 03-05..03-09 if rows in 03-02..03-05",
		"weekly_search_queries 03-09..03-16 if no rows in 03-15..03-16",
		"daily_search_queries 03-09..03-15 if rows in 03-15..03-16",
	}
	if !slices.Equal(got, want) {
		t.Errorf("ten days across a Monday:\n got %q\nwant %q", got, want)
	}
	got = show(queryPieces(nil, []sightline.Window{{Start: day(3, 9), End: day(3, 16)}}, queryTables))
	if want := []string{"weekly_search_queries 03-09..03-16"}; !slices.Equal(got, want) {
		t.Errorf("a whole week: got %q, want %q", got, want)
	}
}
