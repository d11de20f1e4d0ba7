package analyticsql

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// TestQuietWeeks: each part of a range inside one ISO week and longer than
// a day becomes its whole week, guarded by the rest of the week being
// empty, and its days, guarded by the opposite; single days stay days.
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
		// a window's last days, Monday to Thursday
		{win(9, 12), []string{"weekly_pages 09..16 as of 09 if no rows in 12..16", "daily_pages 09..12 if rows in 12..16"}},
		// a window's first days, Wednesday to Sunday
		{win(4, 9), []string{"weekly_pages 02..09 as of 04 if no rows in 02..04", "daily_pages 04..09 if rows in 02..04"}},
		// days inside a week, rest on both sides
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
