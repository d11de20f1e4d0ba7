package sightline

import "testing"

// Hand-computed: 3 of 5 → p̂ 0.6, z²/n 0.768293, center (0.6 + 0.384146)/1.768293
// = 0.556551, half 1.108397·√(0.048 + 0.038415) = 0.325827 → [23.0724, 88.2379] %.
func TestRateStats(t *testing.T) {
	n, lo, hi := RateStats(3, 5)
	if n != 5 || lo == nil || hi == nil || !near(*lo, 23.072428) || !near(*hi, 88.237923) {
		t.Errorf("RateStats(3, 5) = %d %v %v", n, lo, hi)
	}
	if n, lo, hi := RateStats(0, 0); n != 0 || lo != nil || hi != nil {
		t.Errorf("RateStats(0, 0) = %d %v %v, want 0 and no interval", n, lo, hi)
	}
	// no successes: [0, 100·z²/(n + z²)] = [0, 43.4482] % for n = 5
	if _, lo, hi := RateStats(0, 5); *lo != 0 || !near(*hi, 43.448246) {
		t.Errorf("RateStats(0, 5) = %v %v", *lo, *hi)
	}
}

func TestDiffSignificant(t *testing.T) {
	if !DiffSignificant(60, 100, 45, 100) { // z = 2.124 (stats_test.go)
		t.Error("60/100 vs 45/100 not significant")
	}
	if DiffSignificant(29, 29, 0, 30) || DiffSignificant(0, 0, 0, 0) {
		t.Error("fewer than 30 trials called significant")
	}
}

func TestCountsSignificant(t *testing.T) {
	tests := []struct {
		cur, prev int
		want      bool
	}{
		{24, 9, true},   // 33 events, z = 15/√33 = 2.611
		{20, 12, false}, // 32 events, z = 8/√32 = 1.414
		{29, 0, false},  // 29 events: too few
		{30, 0, true},   // z = √30 = 5.48
		{18, 30, false}, // z = −12/√48 = −1.732
		{15, 33, true},  // z = −18/√48 = −2.598
		{0, 0, false},
	}
	for _, tt := range tests {
		if got := CountsSignificant(tt.cur, tt.prev); got != tt.want {
			t.Errorf("CountsSignificant(%d, %d) = %v, want %v", tt.cur, tt.prev, got, tt.want)
		}
	}
}
