package sightline

import "time"

// ReanalyzeProgress is reported while a brand's stored answers are analyzed
// again (docs/ingest.md#analyzing-stored-answers-again).
type ReanalyzeProgress struct {
	Runs    int       // runs analyzed so far
	Changed int       // of them, runs whose mentions changed
	Through time.Time // ran_at of the last run analyzed
}

// ReanalyzeResult is what analyzing a brand's stored answers again did.
type ReanalyzeResult struct {
	Runs           int // runs whose answer was analyzed
	Changed        int // runs whose mentions changed
	MentionsBefore int // mentions of the changed runs before
	MentionsAfter  int // and after
}
