package analyticsql

import (
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// TestSumPlan: for every weekday as today, the window of 30 days and its
// previous period read by sumPlan count each whole day once in its own
// period and no other day at all, the weeks' rows standing for their seven
// days; the facts answer exactly the cut parts of days; and the reads take
// at most 16 rows per key, a week's row counting one and a day from
// tomorrow on none.
func TestSumPlan(t *testing.T) {
	day := 24 * time.Hour
	for d := range 7 {
		now := time.Date(2026, 11, 23+d, 15, 30, 0, 0, time.UTC)
		for _, w := range []sightline.Window{
			sightline.DefaultWindow(now, 30),
			{Start: now.Add(-30 * day), End: now}, // both edges cut
			sightline.DefaultWindow(now, 400),
			sightline.DefaultWindow(now, 6), // no whole week in either period
		} {
			q := &Scope{Rollups: true, Now: now}
			q.Window = w
			p := Period{W: q.span(), Cuts: []time.Time{w.Start}, Weeks: true, Sums: true, Cur: w.Start, Future: sightline.EndOfDay(now)}
			got := map[time.Time]Weight{} // per day, its weights over the rollup reads
			rows, days := 0, 0
			var facts []sightline.Window
			for _, r := range plan(p, true, runTables) {
				for i, rg := range r.Ranges {
					x := r.Weights[i]
					if !r.Rollup {
						if (x != Weight{Cur: 1}) && (x != Weight{Prev: 1}) || (x.Cur == 1) != !rg.Start.Before(w.Start) {
							t.Errorf("%v: facts %v weigh %v", w, rg, x)
						}
						facts = append(facts, rg)
						continue
					}
					step := day
					if r.Table == "weekly_runs" {
						step = 7 * day
						if sightline.BucketStart(rg.Start, "week") != rg.Start || rg.End.Sub(rg.Start)%(7*day) != 0 {
							t.Errorf("%v: weekly range %v is not whole weeks", w, rg)
						}
					}
					for s := rg.Start; s.Before(rg.End); s = s.Add(step) {
						if s.Before(sightline.EndOfDay(now)) || step != day {
							rows++ // a day from tomorrow on has no rows yet
						}
						for k := range step / day {
							c := got[s.Add(k*day)]
							got[s.Add(k*day)] = Weight{Cur: c.Cur + x.Cur, Prev: c.Prev + x.Prev}
						}
					}
				}
			}
			span := q.span()
			for s := span.Start.Add(-7 * day).Truncate(day); s.Before(span.End.Add(7 * day)); s = s.Add(day) {
				cuts := func(t time.Time) bool { return s.Before(t) && s.Add(day).After(t) }
				var want Weight // a cut day is the facts', a day outside the span nobody's
				if !s.Before(span.Start) && !s.Add(day).After(span.End) && !cuts(w.Start) {
					want = Weight{Prev: 1}
					if !s.Before(w.Start) {
						want = Weight{Cur: 1}
					}
					days++
				}
				if got[s] != want {
					t.Errorf("%s %v: day %s weighs %v, want %v", now.Weekday(), w, s.Format("Mon 01-02"), got[s], want)
				}
			}
			// 11 to 14 rows for a default window (12 to 25 read as whole
			// weeks and days), up to 16 with cut edges; a week's row more
			// per week of a longer window
			if weeks := int(w.End.Sub(w.Start) / (7 * day)); rows > 16+2*(weeks-4) {
				t.Errorf("%s %v: %d rows per key for %d whole days", now.Weekday(), w, rows, days)
			}
			var cut time.Duration
			for _, f := range facts {
				cut += f.End.Sub(f.Start)
			}
			if want := span.End.Sub(span.Start) - time.Duration(days)*day; cut != want {
				t.Errorf("%v: facts cover %v, want %v", w, cut, want)
			}
		}
	}
}
