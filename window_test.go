package sightline

import (
	"strings"
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

// BucketCount counts what Buckets lists, on windows cut inside days, weeks
// and months and across years, without listing them.
func TestBucketCount(t *testing.T) {
	at := func(s string) time.Time {
		t.Helper()
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	windows := []Window{
		{at("2026-03-01T00:00:00Z"), at("2026-03-31T00:00:00Z")},
		{at("2026-03-01T13:00:00Z"), at("2026-03-01T13:00:01Z")},
		{at("2026-02-28T23:00:00Z"), at("2026-03-02T01:00:00Z")},
		{at("2025-12-29T00:00:00Z"), at("2026-01-05T00:00:00Z")},
		{at("2025-12-28T00:00:00Z"), at("2026-01-05T00:00:01Z")},
		{at("2024-02-29T00:00:00Z"), at("2026-11-27T12:00:00Z")},
		{at("2000-01-01T00:00:00Z"), at("2002-09-27T00:00:00Z")},
		{at("2026-03-01T00:00:00Z"), at("2026-03-01T00:00:00Z")},
	}
	for _, w := range windows {
		for _, g := range Granularities {
			if got, want := BucketCount(w, g), len(Buckets(w, g)); got != want {
				t.Errorf("BucketCount([%s, %s), %s) = %d, want %d", w.Start, w.End, g, got, want)
			}
		}
	}
	// far past a Duration's 292 years
	w := Window{at("2000-01-01T00:00:00Z"), at("9999-12-31T00:00:00Z")}
	if got := BucketCount(w, "day"); got != 2921939 {
		t.Errorf("BucketCount 2000 to 9999 = %d days, want 2921939", got)
	}
	if got := BucketCount(w, "month"); got != 8000*12 {
		t.Errorf("BucketCount 2000 to 9999 = %d months, want %d", got, 8000*12)
	}
}

// A series holds at most MaxSeriesBuckets buckets: 1,000 days is the
// longest daily window, and the refusal says the longest window of the
// granularity asked.
func TestSeriesTooLong(t *testing.T) {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	start := day(2024, 1, 1)
	tests := []struct {
		w    Window
		g    string
		want string // substring of the refusal, "" for none
	}{
		{Window{start, start.AddDate(0, 0, 1000)}, "day", ""},
		{Window{start, start.AddDate(0, 0, 1000).Add(time.Microsecond)}, "day", "1001 day buckets"},
		{Window{start, start.AddDate(0, 0, 1001)}, "day", "at most 1000 UTC days"},
		{Window{day(2026, 1, 1), day(2127, 1, 1)}, "day", "from 2026-01-01 to 2126-12-31 touches 36889 day buckets"},
		{Window{day(2026, 1, 1), day(2127, 1, 1)}, "week", "at most 1000 ISO weeks"},
		{Window{day(2026, 1, 1), day(2109, 5, 1)}, "month", ""}, // 1000 months
		{Window{day(2026, 1, 1), day(2110, 1, 1)}, "month", "1008 month buckets; a series holds at most 1000, so at granularity month a window may span at most 1000 calendar months"},
		{Window{day(2000, 1, 3), day(2019, 3, 4)}, "week", ""},      // 1000 weeks, 2000-01-03 a Monday
		{Window{day(2000, 1, 3), day(2019, 3, 5)}, "week", "1001 "}, // one day into week 1001
	}
	for _, tt := range tests {
		got := SeriesTooLong(tt.w, tt.g)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("SeriesTooLong([%s, %s), %s) = %q, want %q", tt.w.Start, tt.w.End, tt.g, got, tt.want)
		}
	}
}

// ClampWindow cuts an end after today to the end of today and keeps the rest.
func TestClampWindow(t *testing.T) {
	now := time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC)
	start := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	if w := ClampWindow(Window{start, time.Date(2126, 12, 31, 0, 0, 0, 0, time.UTC)}, now); !w.End.Equal(time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)) || !w.Start.Equal(start) {
		t.Errorf("ClampWindow future end = [%s, %s)", w.Start, w.End)
	}
	past := Window{start, time.Date(2026, 11, 20, 8, 0, 0, 1000, time.UTC)}
	if w := ClampWindow(past, now); w != past {
		t.Errorf("ClampWindow past end = [%s, %s), want it unchanged", w.Start, w.End)
	}
}
