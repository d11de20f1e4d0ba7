package sightline

import "unicode/utf8"

// Per-record caps of a prompt run (docs/api.md#limits). A run is shown
// whole in GET …/runs, 100 to a page, so what one run may hold bounds that
// response: an ingest record over a cap is refused as a record error
// naming the field (docs/ingest.md); a collected answer over a cap is kept,
// cut to it (docs/collect.md), since the provider was paid for it.
const (
	MaxAnswerBytes    = 64 << 10 // answer, in UTF-8 bytes
	MaxRunCitations   = 100      // citations of one answer
	MaxRunMentions    = 100      // mentions of one answer
	MaxRunAds         = 20       // ads next to one answer
	MaxSearchQueries  = 50       // fan-out search queries of one answer
	MaxRunSources     = 100      // retrieved sources of one answer
	MaxURLBytes       = 2048     // a citation's url, an ad's domain
	MaxTitleBytes     = 512      // a citation's title, an ad's text
	MaxShortTextBytes = 256      // a citation's author, an ad's advertiser, a mention's name, the model
)

// MaxMentionedBrands is the most names of mentioned_brands in one citation
// row (docs/api.md#limits), those named in the most of its citations: the
// found brands of a row grow with the answers that cite it, and a page of
// 100 rows must stay bounded.
const MaxMentionedBrands = 50

// MaxMentionSpans is the most spans of one mention of a run that
// GET …/runs shows (docs/api.md#limits): the first ones in the answer. A
// short name can occur thousands of times in a long answer.
const MaxMentionSpans = 50

// TruncateUTF8 cuts s to at most n bytes at a character boundary.
func TruncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
