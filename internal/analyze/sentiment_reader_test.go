package analyze

import "testing"

// "Worth" before a verb of looking into something is advice to the reader
// to be sure, no verdict; "worth checking out" and "worth it" stay praise.
func TestSentimentWorthLookingInto(t *testing.T) {
	checkSides(t, []sideCase{
		{"It's worth checking whether the hotel adds a resort fee at checkout.", "0"},
		{"Before you book, it's worth confirming the baggage allowance on the airline's site.", "0"},
		{"The host has a few drawbacks worth knowing about before you migrate:", "-"},
		{"It may be worth keeping an eye on the renewal price.", "0"},
		{"The streaming app is worth checking out.", "+"},
		{"The annual pass is worth it for frequent flyers.", "+"},
	})
}
