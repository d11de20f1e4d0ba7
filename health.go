package sightline

import "time"

// CollectionHealth is a brand's last cadence slot of collection, as the
// dashboard shows it to admins (docs/dashboard.md#collection-health): the
// slot's attempts counted by status and reason.
type CollectionHealth struct {
	Slot   *time.Time // the last slot with an attempt; nil when none
	Counts []AttemptCount
}

// AttemptCount is the number of a slot's attempts with one status and
// reason code ("" for a successful attempt).
type AttemptCount struct {
	Status, ReasonCode string
	Attempts           int
}

// Attempts is the slot's number of attempts.
func (h CollectionHealth) Attempts() int {
	n := 0
	for _, c := range h.Counts {
		n += c.Attempts
	}
	return n
}

// Failed is the slot's number of failed attempts.
func (h CollectionHealth) Failed() int {
	n := 0
	for _, c := range h.Failures() {
		n += c.Attempts
	}
	return n
}

// Failures are the slot's failed attempts by reason, in the order of
// Counts (most first).
func (h CollectionHealth) Failures() []AttemptCount {
	var out []AttemptCount
	for _, c := range h.Counts {
		if c.Status == AttemptFailed {
			out = append(out, c)
		}
	}
	return out
}

// Failing reports whether the last slot's attempts mostly failed: more
// than half of them. A slot where half failed is not yet failing (a
// provider of two down is shown in the counts, not in a banner), and a
// slot with no attempt cannot fail.
func (h CollectionHealth) Failing() bool { return 2*h.Failed() > h.Attempts() }
