package analyticsql

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// TestQuietWeeks: each part of a range inside one ISO week that reads more
// than one row per page becomes its whole week, guarded by the rest of the
// week being empty, and its halves and days, guarded by the opposite.
func TestQuietWeeks(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 3, d, 0, 0, 0, 0, time.UTC) } // 03-02 and 03-09 are Mondays
	win := func(a, b int) sightline.Window { return sightline.Window{Start: day(a), End: day(b)} }
	show := func(ps []rollupPiece) []string {
		var out []string
		for _, p := range ps {
			s := fmt.Sprintf("%s %02d..%02d", p.table, p.Start.Day(), p.End.Day())
			if !p.asOf.IsZero() {
				s += fmt.Sprintf(" as of %02d", p.asOf.Day())
			}
			if p.quiet {
				s += " if no rows in"
			} else if len(p.rest) > 0 {
				s += " if rows in"
			}
			for _, r := range p.rest {
				s += fmt.Sprintf(" %02d..%02d", r.Start.Day(), r.End.Day())
			}
			out = append(out, s)
		}
		return out
	}
	for _, tc := range []struct {
		days sightline.Window
		want []string
	}{
		// a window's last days, Monday to Wednesday: the first half
		{win(9, 12), []string{"half_week_pages 09..12"}},
		// Monday to Thursday: the first half and a day, or the week
		{win(9, 13), []string{"weekly_pages 09..16 as of 09 if no rows in 13..16", "half_week_pages 09..12 if rows in 13..16", "daily_pages 12..13 if rows in 13..16"}},
		// a window's first days, Wednesday to Sunday: a day and the second half
		{win(4, 9), []string{"weekly_pages 02..09 as of 04 if no rows in 02..04", "daily_pages 04..05 if rows in 02..04", "half_week_pages 05..09 if rows in 02..04"}},
		// days inside a week, rest on both sides: no half whole, one range of days
		{win(3, 6), []string{"weekly_pages 02..09 as of 03 if no rows in 02..03 06..09", "daily_pages 03..06 if rows in 02..03 06..09"}},
		// across a Monday with no whole week: two days, then one day
		{win(7, 10), []string{"weekly_pages 02..09 as of 07 if no rows in 02..07", "daily_pages 07..09 if rows in 02..07", "daily_pages 09..10"}},
		// one day: its week would read as many rows
		{win(11, 12), []string{"daily_pages 11..12"}},
	} {
		if got := show(quietWeeks(tc.days)); !slices.Equal(got, tc.want) {
			t.Errorf("quietWeeks(%02d..%02d):\n got %q\nwant %q", tc.days.Start.Day(), tc.days.End.Day(), got, tc.want)
		}
	}
}

// TestRollupPieces_RowsPerWeekday bounds the rows per page that the
// default window's page-level statements read, for each weekday as today,
// with data up to today: the pages and domains lists (one period) and the
// overview's top growing (two periods, cut between them). A guarded piece
// counts only where its guard holds: no rows after today, rows before.
func TestRollupPieces_RowsPerWeekday(t *testing.T) {
	for d := range 7 {
		today := time.Date(2026, 11, 23+d, 15, 0, 0, 0, time.UTC) // 11-23 is a Monday
		w := sightline.DefaultWindow(today, 30)
		prev := sightline.Window{Start: w.Start.Add(-w.End.Sub(w.Start)), End: w.Start}
		end := w.End
		rows := func(ps []rollupPiece) int {
			var kept []rollupPiece
			for _, p := range ps {
				empty := true // no rows in the rest: it lies after today
				for _, r := range p.rest {
					empty = empty && !r.Start.Before(end)
				}
				if len(p.rest) == 0 || empty == p.quiet {
					kept = append(kept, p)
				}
			}
			return rowsOf(kept)
		}
		list := rows(rollupPieces([]sightline.Window{w}, PageLevel, false, nil, false))
		growing := rows(rollupPieces([]sightline.Window{{Start: prev.Start, End: w.End}}, PageLevel, false, []time.Time{w.Start}, true))
		t.Logf("today %s: list %d rows per page, top growing %d", today.Weekday(), list, growing)
		// 30 days as days would be 30 and 60; whole weeks and days 6–12
		// and 12–24
		if list > 7 || growing > 15 {
			t.Errorf("today %s: list reads %d rows per page (want ≤ 7), top growing %d (want ≤ 15)", today.Weekday(), list, growing)
		}
	}
}
