//go:build !race

package httpapi_test

// raceSlowdown scales the latency bounds of timing tests; 1 without the
// race detector.
const raceSlowdown = 1
