package sightline_test

import (
	"testing"
	"time"

	"github.com/sightline/sightline"
)

func TestJobClaim_LeaseOr(t *testing.T) {
	tests := []struct {
		lease, want time.Duration
	}{
		{0, sightline.DefaultJobLease},
		{-time.Second, sightline.DefaultJobLease},
		{time.Minute, time.Minute},
	}
	for _, tt := range tests {
		if got := (sightline.JobClaim{Lease: tt.lease}).LeaseOr(sightline.DefaultJobLease); got != tt.want {
			t.Errorf("LeaseOr with lease %v = %v, want %v", tt.lease, got, tt.want)
		}
	}
}

func TestJob_Requeues(t *testing.T) {
	tests := []struct {
		name      string
		attempts  int
		retryable bool
		want      bool
	}{
		{"RetryableFirstAttempt", 1, true, true},
		{"RetryableLastAttempt", sightline.DefaultJobAttempts, true, false},
		{"InputErrorFirstAttempt", 1, false, false},
		{"InputErrorLastAttempt", sightline.DefaultJobAttempts, false, false},
	}
	for _, tt := range tests {
		j := &sightline.Job{Attempts: tt.attempts, MaxAttempts: sightline.DefaultJobAttempts}
		if got := j.Requeues(tt.retryable); got != tt.want {
			t.Errorf("%s: Requeues = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestJob_HeldAt(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { x := now.Add(d); return &x }
	tests := []struct {
		name   string
		status string
		lease  *time.Time
		want   bool
	}{
		{"RunningLiveLease", sightline.JobRunning, at(time.Second), true},
		{"RunningLeaseExpiresNow", sightline.JobRunning, at(0), false},
		{"RunningLeaseExpired", sightline.JobRunning, at(-time.Second), false},
		{"RunningNoLease", sightline.JobRunning, nil, false},
		{"Queued", sightline.JobQueued, at(time.Minute), false},
		{"Completed", sightline.JobCompleted, nil, false},
	}
	for _, tt := range tests {
		j := &sightline.Job{Status: tt.status, LeaseExpiresAt: tt.lease}
		if got := j.HeldAt(now); got != tt.want {
			t.Errorf("%s: HeldAt = %v, want %v", tt.name, got, tt.want)
		}
	}
}
