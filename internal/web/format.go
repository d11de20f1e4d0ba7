package web

import (
	"strconv"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// oneDecimal formats a metric with one decimal, the precision every page
// shows (the API serves full precision).
func oneDecimal(v float64) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if s == "-0.0" {
		return "0.0"
	}
	return s
}

// signedOneDecimal formats a change with its sign: "+1.2", "−0.4", "±0.0".
func signedOneDecimal(v float64) string {
	s := oneDecimal(v)
	switch {
	case s == "0.0":
		return "±0.0"
	case strings.HasPrefix(s, "-"):
		return "−" + s[1:]
	}
	return "+" + s
}

// trendClass names the direction of a change for styling.
func trendClass(v float64) string {
	switch s := oneDecimal(v); {
	case s == "0.0":
		return "flat"
	case strings.HasPrefix(s, "-"):
		return "down"
	}
	return "up"
}

func datePtr(t *time.Time) string {
	if t == nil {
		return "—"
	}
	return t.UTC().Format("2 Jan 2006")
}

// labels are the words the pages use for the API's vocabulary.
var labels = map[string]string{
	// recommendation types
	"social_post":      "Social post",
	"earned_3rd_party": "Earned media",
	"owned_create":     "Create a page",
	"owned_refresh":    "Refresh a page",
	"no_action":        "No action",
	// states
	"new": "New", "saved": "Saved", "done": "Done", "dismissed": "Dismissed",
	// ownership classes
	"owned": "Owned", "earned": "Earned", "competitor_owned": "Competitor-owned", "competitor_earned": "Competitor-earned",
	"app_store": "App store", "search_engine": "Search engine", "saas": "SaaS",
	// intents
	"T": "Transactional", "C": "Commercial", "I": "Informational", "N": "Navigational",
	// job status
	"idle": "No run yet", "queued": "Queued", "running": "Running", "completed": "Completed", "failed": "Failed",
	// page types
	"product_page": "Product page", "how_to_guide": "How-to guide", "category_page": "Category page", "case_study": "Case study",
}

// label returns the display word of a vocabulary value.
func label(v string) string {
	if l, ok := labels[v]; ok {
		return l
	}
	if v == "" {
		return "—"
	}
	s := strings.ReplaceAll(v, "_", " ")
	return strings.ToUpper(s[:1]) + s[1:]
}

// count formats a count with thousands separators: 104,830.
func count(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}

// expiry names the last day a key works: expiries are the end of a UTC
// day (the first instant of the next), as the form and `keys create
// --expires` set them; any other instant is shown as it is.
func expiry(t *time.Time) string {
	if t == nil {
		return "never"
	}
	u := t.UTC()
	if u.Equal(sightline.StartOfDay(u)) {
		return "end of " + u.Add(-time.Nanosecond).Format("2 Jan 2006")
	}
	return u.Format("2 Jan 2006 15:04 UTC")
}

// ownershipHelp says what an ownership class of a citation means
// (docs/metrics.md#ownership-classes-domain_type-filterdomain_types): the
// badges' tooltip.
func ownershipHelp(class string) string {
	switch class {
	case "owned":
		return "On the brand's own domains"
	case "competitor_owned":
		return "On a tracked competitor's domain"
	case "earned":
		return "Elsewhere, in answers that name the brand"
	case "competitor_earned":
		return "Elsewhere, in answers that name a tracked competitor but not the brand"
	}
	return "Elsewhere, in answers naming neither: the kind of site (" + label(class) + ")"
}
