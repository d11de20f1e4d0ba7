package sightline

import (
	"testing"
	"time"
)

// The default window is the last days whole UTC days including today, and
// its previous period the days whole days before: every edge a midnight,
// whatever the hour and the clock's zone (docs/metrics.md).
func TestDefaultWindow(t *testing.T) {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	tokyo := time.FixedZone("JST", 9*3600)
	tests := []struct {
		now        time.Time
		days       int
		start, end time.Time
		prevStart  time.Time
	}{
		{time.Date(2026, 3, 15, 13, 45, 30, 123456000, time.UTC), 30, day(2026, 2, 14), day(2026, 3, 16), day(2026, 1, 15)},
		{time.Date(2026, 3, 15, 0, 0, 0, 0, time.UTC), 30, day(2026, 2, 14), day(2026, 3, 16), day(2026, 1, 15)},
		{time.Date(2026, 3, 15, 23, 59, 59, 999999999, time.UTC), 30, day(2026, 2, 14), day(2026, 3, 16), day(2026, 1, 15)},
		{time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC), 90, day(2025, 12, 16), day(2026, 3, 16), day(2025, 9, 17)},
		{time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC), 1, day(2026, 3, 15), day(2026, 3, 16), day(2026, 3, 14)},
		// 2026-03-16 08:00 in Tokyo is 2026-03-15 in UTC
		{time.Date(2026, 3, 16, 8, 0, 0, 0, tokyo), 30, day(2026, 2, 14), day(2026, 3, 16), day(2026, 1, 15)},
	}
	for _, tt := range tests {
		w := DefaultWindow(tt.now, tt.days)
		if !w.Start.Equal(tt.start) || !w.End.Equal(tt.end) {
			t.Errorf("DefaultWindow(%s, %d) = [%s, %s), want [%s, %s)", tt.now, tt.days, w.Start, w.End, tt.start, tt.end)
		}
		if p := w.Previous(); !p.Start.Equal(tt.prevStart) || !p.End.Equal(tt.start) {
			t.Errorf("DefaultWindow(%s, %d).Previous() = [%s, %s), want [%s, %s)", tt.now, tt.days, p.Start, p.End, tt.prevStart, tt.start)
		}
		if got := len(Buckets(w, "day")); got != tt.days {
			t.Errorf("DefaultWindow(%s, %d) has %d day buckets, want %d", tt.now, tt.days, got, tt.days)
		}
	}
}

// StartOfDay and EndOfDay bound t's UTC day, whatever t's zone.
func TestStartEndOfDay(t *testing.T) {
	east := time.FixedZone("UTC+9", 9*3600)
	for _, tc := range []struct {
		t          time.Time
		start, end string
	}{
		{time.Date(2027, 12, 31, 0, 0, 0, 0, time.UTC), "2027-12-31T00:00:00Z", "2028-01-01T00:00:00Z"},
		{time.Date(2027, 12, 31, 23, 59, 59, 999, time.UTC), "2027-12-31T00:00:00Z", "2028-01-01T00:00:00Z"},
		{time.Date(2028, 1, 1, 8, 0, 0, 0, east), "2027-12-31T00:00:00Z", "2028-01-01T00:00:00Z"},
		{time.Date(2028, 2, 28, 12, 0, 0, 0, time.UTC), "2028-02-28T00:00:00Z", "2028-02-29T00:00:00Z"},
	} {
		if got := StartOfDay(tc.t).Format(time.RFC3339Nano); got != tc.start {
			t.Errorf("StartOfDay(%s) = %s, want %s", tc.t, got, tc.start)
		}
		if got := EndOfDay(tc.t).Format(time.RFC3339Nano); got != tc.end {
			t.Errorf("EndOfDay(%s) = %s, want %s", tc.t, got, tc.end)
		}
	}
}
