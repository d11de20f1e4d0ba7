package sightline

import "time"

// Window is a half-open time range [Start, End). An API window given with
// an inclusive end is stored with End one microsecond later (timestamps are
// kept to the microsecond), so every query uses ran_at >= Start AND ran_at < End.
type Window struct {
	Start time.Time
	End   time.Time
}

// Previous returns the window of equal length that ends where w starts
// (DESIGN §4: the previous period for *_diff and delta_percent).
func (w Window) Previous() Window {
	return Window{Start: w.Start.Add(-w.End.Sub(w.Start)), End: w.Start}
}

// DefaultWindow returns the default metrics window at now: the last days
// days up to the end of today (UTC).
func DefaultWindow(now time.Time, days int) Window {
	return Window{Start: now.UTC().AddDate(0, 0, -days), End: EndOfDay(now)}
}

// EndOfDay returns the first instant of the UTC day after t.
func EndOfDay(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, time.UTC)
}

// Default metric windows in days (spec §8).
const (
	DefaultWindowDays    = 30
	DefaultAdsWindowDays = 90
)

// Granularities of time series; day is the default.
var Granularities = []string{"day", "week", "month"}
