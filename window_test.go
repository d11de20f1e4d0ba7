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
