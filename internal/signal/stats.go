// Package signal detects significant changes of a brand's metrics
// (docs/metrics.md "Signals"): pure functions decide from counts the store
// reads — the two-proportion z-test, the Wilson interval, the thresholds
// and whether a signal opens, updates or closes — and Detector runs them
// as the worker's handler of detection jobs.
package signal

import (
	"math"
)

// Z99 is the two-sided 99 % quantile of the standard normal distribution:
// the critical value of the z-test and the z of the Wilson interval.
const Z99 = 2.5758293035489004

// Count is successes out of trials.
type Count struct {
	Successes int
	Trials    int
}

// Rate is the proportion of successes (0–1); 0 without trials.
func (c Count) Rate() float64 {
	if c.Trials <= 0 {
		return 0
	}
	return float64(c.Successes) / float64(c.Trials)
}

// ZTest is the two-proportion z-test of after against before with the
// pooled variance: z = (p₂ − p₁) / √(p(1 − p)(1/n₁ + 1/n₂)), where p is
// the pooled proportion, and the two-sided p-value erfc(|z|/√2). Without
// trials on a side, or without variance (every trial a success, or none),
// there is no evidence of a change: z = 0, p = 1.
func ZTest(before, after Count) (z, p float64) {
	n1, n2 := float64(before.Trials), float64(after.Trials)
	if n1 <= 0 || n2 <= 0 {
		return 0, 1
	}
	pooled := float64(before.Successes+after.Successes) / (n1 + n2)
	se := math.Sqrt(pooled * (1 - pooled) * (1/n1 + 1/n2))
	if se == 0 || math.IsNaN(se) {
		return 0, 1
	}
	z = (after.Rate() - before.Rate()) / se
	return z, math.Erfc(math.Abs(z) / math.Sqrt2)
}

// Wilson is the Wilson score interval of a proportion at the confidence of
// z: (p̂ + z²/2n ± z√(p̂(1 − p̂)/n + z²/4n²)) / (1 + z²/n), in [0, 1].
// Without trials it is [0, 1].
func Wilson(c Count, z float64) (lo, hi float64) {
	if c.Trials <= 0 {
		return 0, 1
	}
	n := float64(c.Trials)
	p := c.Rate()
	z2 := z * z
	center := p + z2/(2*n)
	margin := z * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	den := 1 + z2/n
	return max(0, (center-margin)/den), min(1, (center+margin)/den)
}
