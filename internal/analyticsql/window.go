package analyticsql

import (
	"sort"
	"time"

	"github.com/sightline/sightline"
)

// rollupPlan splits a span at cut points (the start of the current period,
// say) into whole UTC days, served by the rollups, and the partial-day
// ranges around the cuts, served by the fact tables. A rollup row counts for
// one day, so no day that a cut splits may come from the rollups.
type rollupPlan struct {
	full []sightline.Window
	raw  []sightline.Window
}

func planRollup(span sightline.Window, cuts ...time.Time) rollupPlan {
	points := []time.Time{span.Start, span.End}
	for _, c := range cuts {
		if c.After(span.Start) && c.Before(span.End) {
			points = append(points, c)
		}
	}
	sort.Slice(points, func(i, j int) bool { return points[i].Before(points[j]) })
	var p rollupPlan
	for i := 0; i+1 < len(points); i++ {
		a, b := points[i], points[i+1]
		if !a.Before(b) {
			continue
		}
		fs, fe := ceilDay(a), sightline.StartOfDay(b)
		if !fs.Before(fe) {
			p.raw = appendRange(p.raw, sightline.Window{Start: a, End: b})
			continue
		}
		if a.Before(fs) {
			p.raw = appendRange(p.raw, sightline.Window{Start: a, End: fs})
		}
		p.full = appendRange(p.full, sightline.Window{Start: fs, End: fe})
		if fe.Before(b) {
			p.raw = appendRange(p.raw, sightline.Window{Start: fe, End: b})
		}
	}
	return p
}

// appendRange appends w, merging it with the last range when they touch.
func appendRange(ws []sightline.Window, w sightline.Window) []sightline.Window {
	if n := len(ws); n > 0 && ws[n-1].End.Equal(w.Start) {
		ws[n-1].End = w.End
		return ws
	}
	return append(ws, w)
}

func ceilDay(t time.Time) time.Time {
	f := sightline.StartOfDay(t)
	if f.Equal(t) {
		return f
	}
	return f.AddDate(0, 0, 1)
}

// HalfWeekStart is the midnight (UTC) that starts the half of the ISO week
// t falls in: Monday for Monday to Wednesday, Thursday for Thursday to
// Sunday (the rows of half_week_pages; docs/performance.md#rollups).
func HalfWeekStart(t time.Time) time.Time {
	monday := sightline.BucketStart(t, "week")
	if t.UTC().Sub(monday) >= 3*24*time.Hour {
		return monday.AddDate(0, 0, 3)
	}
	return monday
}

// splitWindow splits w for a statement that sums its rows over the whole
// window only (never by day or period): the whole ISO weeks inside it, for
// a weekly rollup, the other whole UTC days, for a daily one, and the parts
// of the days its edges cut, for the facts (docs/metrics.md#scope-and-window).
// Without rollups (ok false, or a window that holds no whole day) all of
// it is facts.
func splitWindow(w sightline.Window, ok bool) (weeks, days, facts []sightline.Window) {
	if !ok {
		return nil, nil, []sightline.Window{w}
	}
	p := planRollup(w)
	if len(p.full) == 0 {
		return nil, nil, []sightline.Window{w}
	}
	for _, r := range p.full {
		ws, ds := splitWeeks(r)
		weeks = append(weeks, ws...)
		days = append(days, ds...)
	}
	return weeks, days, p.raw
}
