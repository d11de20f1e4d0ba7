package signal_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sightline/sightline/internal/signal"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// The wrappers of the root package's statistics: z is positive for a
// rise; no test means z = 0, p = 1; the interval is at 99 %.
func TestZTest(t *testing.T) {
	tests := []struct {
		name          string
		before, after signal.Count
		z, p          float64
		significant   bool
	}{
		// pooled 0.5, se = √(0.25 · 0.02): z = −0.2/0.0707107, p = erfc(2)
		{"Drop", signal.Count{Successes: 60, Trials: 100}, signal.Count{Successes: 40, Trials: 100}, -2.8284271, 0.0046777, true},
		{"Rise", signal.Count{Successes: 40, Trials: 100}, signal.Count{Successes: 60, Trials: 100}, 2.8284271, 0.0046777, true},
		// pooled 50/250 = 0.2, se = √(0.16 · (1/200 + 1/50)) = 0.0632456
		{"Unequal", signal.Count{Successes: 30, Trials: 200}, signal.Count{Successes: 20, Trials: 50}, 3.9528471, 0.0000772, true},
		// 60/100 → 45/100: z = −2.124, p = 0.0337: significant at 95 % only
		{"Only95", signal.Count{Successes: 60, Trials: 100}, signal.Count{Successes: 45, Trials: 100}, -2.1239770, 0.0336721, false},
		// pooled 600/1029, se = √(p(1 − p)(1/1000 + 1/29)) = 0.092875: z = −0.6/se,
		// far beyond 99 %, but 29 trials are too few
		{"TooFew", signal.Count{Successes: 600, Trials: 1000}, signal.Count{Successes: 0, Trials: 29}, -6.4603146, 0, false},
		{"NoVariance", signal.Count{Successes: 0, Trials: 100}, signal.Count{Successes: 0, Trials: 50}, 0, 1, false},
		{"NoTrials", signal.Count{}, signal.Count{Successes: 5, Trials: 50}, 0, 1, false},
	}
	for _, tt := range tests {
		z, p := signal.ZTest(tt.before, tt.after)
		if !near(z, tt.z, 1e-6) || !near(p, tt.p, 1e-7) {
			t.Errorf("%s: z, p = %.7f, %.7f; want %.7f, %.7f", tt.name, z, p, tt.z, tt.p)
		}
		if got := signal.Significant(tt.before, tt.after); got != tt.significant {
			t.Errorf("%s: significant = %v", tt.name, got)
		}
	}
	// center 0.5 + z²/200, half z√(0.0025 + z²/40000), over 1 + z²/100
	if lo, hi := signal.Wilson(signal.Count{Successes: 50, Trials: 100}); !near(lo, 0.3752796, 1e-6) || !near(hi, 0.6247204, 1e-6) {
		t.Errorf("99 %% interval of 50/100: [%.7f, %.7f]", lo, hi)
	}
	if lo, hi := signal.Wilson(signal.Count{}); lo != 0 || hi != 1 {
		t.Errorf("interval without trials: [%v, %v]", lo, hi)
	}
}

// Under no change the z-test at 99 % rejects about 1 % of comparisons, and
// the Wilson interval at 99 % covers the true rate about 99 % of the time.
func TestCalibration(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	draw := func(p float64, n int) signal.Count {
		x := 0
		for range n {
			if rng.Float64() < p {
				x++
			}
		}
		return signal.Count{Successes: x, Trials: n}
	}
	const trials = 20000
	rejected, covered := 0, 0
	for range trials {
		before, after := draw(0.3, 1200), draw(0.3, 200)
		if signal.Significant(before, after) {
			rejected++
		}
		if lo, hi := signal.Wilson(after); lo <= 0.3 && 0.3 <= hi {
			covered++
		}
	}
	if rate := float64(rejected) / trials; rate < 0.007 || rate > 0.013 {
		t.Errorf("false-positive rate %.4f under no change, want about 0.01", rate)
	}
	if rate := float64(covered) / trials; rate < 0.985 || rate > 0.995 {
		t.Errorf("99 %% interval coverage %.4f, want about 0.99", rate)
	}
}
