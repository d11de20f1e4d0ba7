package sightline

import (
	"fmt"
	"time"
)

// Window is a half-open time range [Start, End). An API window given with
// an inclusive end is stored with End one microsecond later (timestamps are
// kept to the microsecond), so every query uses ran_at >= Start AND ran_at < End.
type Window struct {
	Start time.Time
	End   time.Time
}

// Previous returns the window of equal length that ends where w starts
// (docs/metrics.md: the previous period for *_diff and delta_percent).
func (w Window) Previous() Window {
	return Window{Start: w.Start.Add(-w.End.Sub(w.Start)), End: w.Start}
}

// DefaultWindow returns the default metrics window at now: the last days
// whole UTC days including today, [today − (days−1) 00:00, end of today).
// Its edges are midnights, so the daily rollups answer it and its previous
// period (the days whole days before) without reading raw facts
// (docs/metrics.md#scope-and-window).
func DefaultWindow(now time.Time, days int) Window {
	end := EndOfDay(now)
	return Window{Start: end.AddDate(0, 0, -days), End: end}
}

// StartOfDay returns the midnight (UTC) that starts t's UTC day.
func StartOfDay(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// EndOfDay returns the first instant of the UTC day after t.
func EndOfDay(t time.Time) time.Time {
	return StartOfDay(t).AddDate(0, 0, 1)
}

// Default metric windows in days (docs/api.md).
const (
	DefaultWindowDays    = 30
	DefaultAdsWindowDays = 90
)

// Granularities of time series; day is the default.
var Granularities = []string{"day", "week", "month"}

// BucketStart returns the first day of the bucket holding t: the UTC day,
// the ISO week (starting Monday) or the month.
func BucketStart(t time.Time, granularity string) time.Time {
	day := StartOfDay(t)
	y, m, _ := day.Date()
	switch granularity {
	case "week":
		return day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7))
	case "month":
		return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	}
	return day
}

// Buckets lists the dates (YYYY-MM-DD, first day of each bucket) of every
// bucket the window touches, so that series are dense.
func Buckets(w Window, granularity string) []string {
	var out []string
	if !w.Start.Before(w.End) {
		return out
	}
	last := w.End.Add(-time.Microsecond)
	for b := BucketStart(w.Start, granularity); !b.After(last); {
		out = append(out, b.Format(time.DateOnly))
		switch granularity {
		case "week":
			b = b.AddDate(0, 0, 7)
		case "month":
			b = b.AddDate(0, 1, 0)
		default:
			b = b.AddDate(0, 0, 1)
		}
	}
	return out
}

// Window bounds (docs/api.md#limits). A window starts no earlier than
// MinWindowStart and ends no later than the end of today: a start before
// it or after today is refused, a later end is cut to the end of today,
// so that no bucket is built for a day that has not come, and a window
// and its previous period stay in years both engines store.
var MinWindowStart = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// MaxSeriesBuckets is the most buckets one series holds (docs/api.md#limits):
// a series costs memory and bytes per bucket, so a window that would need
// more at its granularity is refused instead of built.
const MaxSeriesBuckets = 1000

// ClampWindow cuts w's end to the end of now's UTC day.
func ClampWindow(w Window, now time.Time) Window {
	if end := EndOfDay(now); w.End.After(end) {
		w.End = end
	}
	return w
}

// BucketCount returns how many buckets of granularity the window touches,
// len(Buckets(w, granularity)), without listing them.
func BucketCount(w Window, granularity string) int {
	if !w.Start.Before(w.End) {
		return 0
	}
	first, last := BucketStart(w.Start, granularity), BucketStart(w.End.Add(-time.Microsecond), granularity)
	days := int((last.Unix() - first.Unix()) / 86400) // not Sub: a Duration saturates at 292 years
	switch granularity {
	case "week":
		return days/7 + 1
	case "month":
		return (last.Year()-first.Year())*12 + int(last.Month()-first.Month()) + 1
	}
	return days + 1
}

// MaxSeriesSpan says in words the longest window a series of granularity
// may cover: MaxSeriesBuckets of its buckets.
func MaxSeriesSpan(granularity string) string {
	switch granularity {
	case "week":
		return fmt.Sprintf("%d ISO weeks", MaxSeriesBuckets)
	case "month":
		return fmt.Sprintf("%d calendar months", MaxSeriesBuckets)
	}
	return fmt.Sprintf("%d UTC days", MaxSeriesBuckets)
}

// SeriesTooLong returns why a series over w at granularity is refused, or
// "" when it holds at most MaxSeriesBuckets buckets.
func SeriesTooLong(w Window, granularity string) string {
	n := BucketCount(w, granularity)
	if n <= MaxSeriesBuckets {
		return ""
	}
	if granularity == "" {
		granularity = "day"
	}
	return fmt.Sprintf("The window from %s to %s touches %d %s buckets; a series holds at most %d, so at granularity %s a window may span at most %s (docs/api.md#limits).",
		w.Start.UTC().Format(time.DateOnly), w.End.Add(-time.Microsecond).UTC().Format(time.DateOnly), n, granularity, MaxSeriesBuckets, granularity, MaxSeriesSpan(granularity))
}
