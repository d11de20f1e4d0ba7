// Package signal detects significant changes of a brand's metrics
// (docs/metrics.md#signals-signals-webhook-events): pure functions decide
// from counts the store reads — with the root package's two-proportion z-test
// and Wilson interval at 99 % — whether a signal opens, updates or closes,
// and Detector runs them as the worker's handler of detection jobs.
package signal

import "github.com/sightline/sightline"

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

// ZTest is sightline.TwoProportionTest of after against before, so that z
// is positive for a rise: without a test (no trials, no variance) z = 0
// and p = 1.
func ZTest(before, after Count) (z, p float64) {
	z, p, ok := sightline.TwoProportionTest(float64(after.Successes), float64(after.Trials), float64(before.Successes), float64(before.Trials))
	if !ok {
		return 0, 1
	}
	return z, p
}

// Significant reports whether after differs from before at 99 %, with
// enough trials on both sides (sightline.Significant).
func Significant(before, after Count) bool {
	return sightline.Significant(float64(after.Successes), float64(after.Trials), float64(before.Successes), float64(before.Trials), sightline.Z99)
}

// Wilson is sightline.WilsonInterval at 99 %; without trials it is [0, 1].
func Wilson(c Count) (lo, hi float64) {
	lo, hi, ok := sightline.WilsonInterval(float64(c.Successes), float64(c.Trials), sightline.Z99)
	if !ok {
		return 0, 1
	}
	return lo, hi
}
