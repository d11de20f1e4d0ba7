package signal_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sightline/sightline/internal/signal"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestZTest(t *testing.T) {
	tests := []struct {
		name          string
		before, after signal.Count
		z, p          float64
	}{
		// pooled 0.5, se = √(0.25 · 0.02): z = −0.2/0.0707107, p = erfc(2)
		{"Drop", signal.Count{Successes: 60, Trials: 100}, signal.Count{Successes: 40, Trials: 100}, -2.8284271, 0.0046777},
		{"Rise", signal.Count{Successes: 40, Trials: 100}, signal.Count{Successes: 60, Trials: 100}, 2.8284271, 0.0046777},
		// pooled 50/250 = 0.2, se = √(0.16 · (1/200 + 1/50)) = 0.0632456
		{"Unequal", signal.Count{Successes: 30, Trials: 200}, signal.Count{Successes: 20, Trials: 50}, 3.9528471, 0.0000772},
		{"Same", signal.Count{Successes: 30, Trials: 100}, signal.Count{Successes: 3, Trials: 10}, 0, 1},
		{"NoVariance", signal.Count{Successes: 0, Trials: 100}, signal.Count{Successes: 0, Trials: 50}, 0, 1},
		{"AllSuccesses", signal.Count{Successes: 100, Trials: 100}, signal.Count{Successes: 50, Trials: 50}, 0, 1},
		{"NoTrials", signal.Count{}, signal.Count{Successes: 5, Trials: 50}, 0, 1},
	}
	for _, tt := range tests {
		z, p := signal.ZTest(tt.before, tt.after)
		if !near(z, tt.z, 1e-6) || !near(p, tt.p, 1e-7) {
			t.Errorf("%s: z, p = %.7f, %.7f; want %.7f, %.7f", tt.name, z, p, tt.z, tt.p)
		}
	}
}

func TestWilson(t *testing.T) {
	const z95 = 1.959963985
	tests := []struct {
		c      signal.Count
		z      float64
		lo, hi float64
	}{
		{signal.Count{Successes: 8, Trials: 10}, z95, 0.4901625, 0.9433178},
		{signal.Count{Successes: 0, Trials: 10}, z95, 0, 0.2775328},
		{signal.Count{Successes: 10, Trials: 10}, z95, 0.7224672, 1},
		// center 0.5 + z²/200, margin z√(0.0025 + z²/40000), over 1 + z²/100
		{signal.Count{Successes: 50, Trials: 100}, signal.Z99, 0.3752796, 0.6247204},
		{signal.Count{}, signal.Z99, 0, 1},
	}
	for _, tt := range tests {
		lo, hi := signal.Wilson(tt.c, tt.z)
		if !near(lo, tt.lo, 1e-6) || !near(hi, tt.hi, 1e-6) {
			t.Errorf("%+v at z=%.3f: [%.7f, %.7f], want [%.7f, %.7f]", tt.c, tt.z, lo, hi, tt.lo, tt.hi)
		}
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
		if _, p := signal.ZTest(before, after); p < 0.01 {
			rejected++
		}
		if lo, hi := signal.Wilson(after, signal.Z99); lo <= 0.3 && 0.3 <= hi {
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
