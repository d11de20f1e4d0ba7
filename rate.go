package sightline

import "math"

// Sample sizes, intervals and significance of the rates the API serves
// (docs/metrics.md#sample-sizes-intervals-and-significance), on the
// statistics of stats.go.

// RateStats returns what a response carries beside a percentage of k
// successes out of n trials: the sample size n and the 95 % Wilson interval
// in percent (0–100). The interval is nil (JSON null) when n is 0.
func RateStats(k, n int) (sampleSize int, low, high *float64) {
	lo, hi, ok := WilsonInterval(float64(k), float64(n), Z95)
	if !ok {
		return n, nil, nil
	}
	lo, hi = 100*lo, 100*hi
	return n, &lo, &hi
}

// DiffSignificant reports whether the rate k1/n1 of the window differs from
// k2/n2 of the previous period: the two-proportion z-test at 95 %, false
// when either side has fewer than MinTrials trials.
func DiffSignificant(k1, n1, k2, n2 int) bool {
	return Significant(float64(k1), float64(n1), float64(k2), float64(n2), Z95)
}

// CountsSignificant reports whether a count of the window differs from the
// previous period's (both periods have the same length, as delta_percent
// compares them): given the cur + prev events of both periods, each falls
// in the window with probability 1/2 when nothing changed; the test is the
// normal approximation z = (cur − prev) / √(cur + prev) at 95 %, false when
// there are fewer than MinTrials events in all.
func CountsSignificant(cur, prev int) bool {
	n := cur + prev
	if n < MinTrials {
		return false
	}
	z := float64(cur-prev) / math.Sqrt(float64(n))
	return math.Abs(z) >= Z95
}
