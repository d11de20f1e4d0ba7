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

// The writer's hesitation over a brand ("I'd be hesitant to recommend it",
// "I'd be a little wary of it") is advice against it, as "I'd be cautious"
// is; hesitation said of a reader's own habit is no such verdict.
func TestSentimentHesitant(t *testing.T) {
	checkSides(t, []sideCase{
		{"The lounge is pleasant, but I'd be hesitant to recommend it for long layovers.", "-"},
		{"I'd be a little wary of it for a production site.", "-"},
		{"I'd hesitate to call it the best streaming bundle for families.", "-"},
		{"I'd be a little cautious about it on a tight budget.", "-"},
		{"Many travellers are hesitant at first, but the app makes rebooking easy.", "+"},
		{"I'd be wary of booking through unofficial resellers; Acme sells tickets directly.", "0"},
		{"If you're new to servers, I'd be wary of managing your own VPS, and Acme handles updates for you.", "0"},
		{"I'd be hesitant to cancel Acme, since the kids' catalog is excellent.", "+"},
		{"I'd hesitate to switch away from Acme; its uptime has been excellent.", "+"},
		{"I'd be a little cautious about adapting a general sales CRM like Acme for fundraising.", "-"},
		{"I'd be hesitant to keep all of your savings in Acme.", "-"},
	})
}

// "Accept" is what a product takes (payments, cards, cash), a fact of its
// features, not approval; what it doesn't accept stays a lack.
func TestSentimentAcceptIsTopical(t *testing.T) {
	checkSides(t, []sideCase{
		{"The Starter plan lets the venue accept payments at the door.", "0"},
		{"You need the paid tier to accept card payments from guests.", "0"},
		{"The hostel doesn't accept cash at check-in.", "-"},
	})
}

// "Better" comparing two uses ("better suited to weekend trips than
// multi-day treks") says which use a product fits, not how good it is; "better"
// than a named product or "the others" stays a comparison of products.
func TestSentimentUsesCompared(t *testing.T) {
	checkSides(t, []sideCase{
		{"The carry-on is better suited to weekend trips than multi-day treks.", "0"},
		{"Better for hosting static sites than for running databases.", "0"},
		{"The host is better for small agencies than Globex.", "+"},
		{"The app is better for families than the others.", "+"},
		{"The card is better for travel than any other card I've used.", "+"},
		{"The host is better for agencies than their competitors.", "+"},
		{"The app is better for families than before.", "+"},
		{"The service is better for group orders than similar apps.", "+"},
	})
}
