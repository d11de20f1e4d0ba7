package sightline

import "testing"

func TestCollectionHealth_Failing(t *testing.T) {
	ok := func(n int) AttemptCount { return AttemptCount{Status: AttemptOK, Attempts: n} }
	failed := func(reason string, n int) AttemptCount {
		return AttemptCount{Status: AttemptFailed, ReasonCode: reason, Attempts: n}
	}
	for _, tc := range []struct {
		name            string
		counts          []AttemptCount
		attempts, fails int
		failing         bool
	}{
		{"no attempt", nil, 0, 0, false},
		{"all ok", []AttemptCount{ok(6)}, 6, 0, false},
		{"half failed", []AttemptCount{ok(3), failed("no_key", 3)}, 6, 3, false},
		{"one more than half", []AttemptCount{failed("server_error", 3), ok(2), failed("no_key", 1)}, 6, 4, true},
		{"all failed", []AttemptCount{failed("server_error", 6)}, 6, 6, true},
		{"one of one", []AttemptCount{failed("cap_reached", 1)}, 1, 1, true},
	} {
		h := CollectionHealth{Counts: tc.counts}
		if h.Attempts() != tc.attempts || h.Failed() != tc.fails || h.Failing() != tc.failing {
			t.Errorf("%s: attempts %d, failed %d, failing %v; want %d, %d, %v",
				tc.name, h.Attempts(), h.Failed(), h.Failing(), tc.attempts, tc.fails, tc.failing)
		}
	}
}
