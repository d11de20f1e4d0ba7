package sightline

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

// The expected values are worked out by hand from the formulas of
// docs/metrics.md (and agree with R's prop.test without continuity
// correction and with statsmodels' proportion_confint(method="wilson")).
func TestWilsonInterval(t *testing.T) {
	tests := []struct {
		k, n   float64
		lo, hi float64
	}{
		// p = 0.5, n = 100: center 0.5, half = 1.96/1.0384·sqrt(0.0025+0.000096) = 0.096164
		{50, 100, 0.403832, 0.596168},
		// p = 0.2, n = 10: center (0.2+0.192073)/1.384146 = 0.283260, half = 0.226578
		{2, 10, 0.056682, 0.509838},
		// no successes: the lower bound is 0, the upper z²/(n+z²)
		{0, 20, 0, 0.161125},
		// all successes: mirror image
		{20, 20, 0.838875, 1},
		// one trial
		{1, 1, 0.206549, 1},
	}
	for _, tt := range tests {
		lo, hi, ok := WilsonInterval(tt.k, tt.n, Z95)
		if !ok || !near(lo, tt.lo) || !near(hi, tt.hi) {
			t.Errorf("Wilson(%v/%v) = [%.6f, %.6f] %v, want [%.6f, %.6f]", tt.k, tt.n, lo, hi, ok, tt.lo, tt.hi)
		}
	}
	if _, _, ok := WilsonInterval(0, 0, Z95); ok {
		t.Error("an interval for n = 0")
	}
}

func TestTwoProportionTest(t *testing.T) {
	// 60/100 vs 45/100: pooled 0.525, se = sqrt(0.525·0.475·0.02) = 0.070622,
	// z = 0.15/0.070622 = 2.124, p = 0.03367
	z, p, ok := TwoProportionTest(60, 100, 45, 100)
	if !ok || !near(z, 2.123977) || !near(p, 0.033672) {
		t.Errorf("60/100 vs 45/100: z %.5f p %.6f %v", z, p, ok)
	}
	if !Significant(60, 100, 45, 100, Z95) || Significant(60, 100, 45, 100, Z99) {
		t.Error("60/100 vs 45/100 must be significant at 95 % and not at 99 %")
	}
	// too few trials on one side: never significant, however large the gap
	if Significant(29, 29, 0, 100, Z95) {
		t.Error("29 trials called significant")
	}
	// equal rates with no variance: no test
	if _, _, ok := TwoProportionTest(0, 50, 0, 80); ok {
		t.Error("a test of 0/50 vs 0/80")
	}
	if Significant(10, 0, 1, 10, Z95) {
		t.Error("n = 0 called significant")
	}
}
