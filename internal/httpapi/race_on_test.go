//go:build race

package httpapi_test

// raceSlowdown scales the latency bounds of timing tests under the race
// detector, which makes the embedded SQLite (Go code) several times slower.
const raceSlowdown = 6
