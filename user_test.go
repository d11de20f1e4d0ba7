package sightline_test

import (
	"testing"
	"time"

	"github.com/sightline/sightline"
)

func TestSession_Ended(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	idle := sightline.DefaultSessionIdle
	tests := []struct {
		name     string
		seen     time.Time
		expires  time.Time
		idle     time.Duration
		wantDone bool
	}{
		{"Active", now.Add(-time.Minute), now.Add(time.Hour), idle, false},
		{"IdleJustUnder", now.Add(-idle + time.Second), now.Add(time.Hour), idle, false},
		{"IdleReached", now.Add(-idle), now.Add(time.Hour), idle, true},
		{"ExpiresNow", now, now, idle, true},
		{"Expired", now, now.Add(-time.Second), idle, true},
		{"NoIdleLimit", now.Add(-30 * 24 * time.Hour), now.Add(time.Hour), 0, false},
	}
	for _, tt := range tests {
		s := &sightline.Session{LastSeenAt: tt.seen, ExpiresAt: tt.expires}
		if got := s.Ended(now, tt.idle); got != tt.wantDone {
			t.Errorf("%s: Ended = %v, want %v", tt.name, got, tt.wantDone)
		}
	}
}
