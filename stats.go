package sightline

import "math"

// Statistics of rates
// (docs/metrics.md#sample-sizes-intervals-and-significance): a rate is k
// successes out of n trials (runs naming the brand out of runs, the brand's
// mentions out of all mentions, …).

// Confidence levels as two-sided z quantiles of the standard normal.
const (
	Z95 = 1.959963984540054 // 95 %: intervals and the significance of diffs
	Z99 = 2.5758293035489   // 99 %: change alerts
)

// MinTrials is the fewest trials on each side for a difference to be
// called significant: below it the normal approximation of the test is
// not trusted.
const MinTrials = 30

// WilsonInterval returns the Wilson score interval of k successes in n
// trials at quantile z, as proportions in [0, 1]. ok is false when n is 0:
// there is no interval.
func WilsonInterval(k, n, z float64) (lo, hi float64, ok bool) {
	if n <= 0 {
		return 0, 0, false
	}
	p := k / n
	z2 := z * z
	center := (p + z2/(2*n)) / (1 + z2/n)
	half := z / (1 + z2/n) * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return max(0, center-half), min(1, center+half), true
}

// TwoProportionTest compares k1/n1 with k2/n2 with the pooled two-proportion
// z-test and returns z and the two-sided p-value. ok is false when either
// side has no trials or the pooled proportion is 0 or 1 (no variance: the
// two rates are equal).
func TwoProportionTest(k1, n1, k2, n2 float64) (z, p float64, ok bool) {
	if n1 <= 0 || n2 <= 0 {
		return 0, 1, false
	}
	pooled := (k1 + k2) / (n1 + n2)
	se := math.Sqrt(pooled * (1 - pooled) * (1/n1 + 1/n2))
	if se == 0 {
		return 0, 1, false
	}
	z = (k1/n1 - k2/n2) / se
	return z, math.Erfc(math.Abs(z) / math.Sqrt2), true
}

// Significant reports whether k1/n1 and k2/n2 differ at the level of the
// quantile z: both sides have at least MinTrials trials and |z| reaches it.
func Significant(k1, n1, k2, n2, z float64) bool {
	if n1 < MinTrials || n2 < MinTrials {
		return false
	}
	stat, _, ok := TwoProportionTest(k1, n1, k2, n2)
	return ok && math.Abs(stat) >= z
}
