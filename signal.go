package sightline

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"time"
)

// Signal types: the changes detection raises
// (docs/metrics.md#signals-signals-webhook-events) and the webhook events
// that announce them (docs/webhooks.md).
const (
	SignalVisibilityDropped = "visibility.dropped"
	SignalVisibilityRose    = "visibility.rose"
	SignalSOVOvertaken      = "share_of_voice.overtaken"
	SignalCitationLost      = "citation.lost"
	SignalCitationGained    = "citation.gained"
	SignalAdvertiserNew     = "advertiser.new"
	SignalCrawlerBlocked    = "crawler.blocked"
)

// SignalTypes lists every signal type.
var SignalTypes = []string{
	SignalVisibilityDropped, SignalVisibilityRose, SignalSOVOvertaken,
	SignalCitationLost, SignalCitationGained, SignalAdvertiserNew, SignalCrawlerBlocked,
}

// Signal statuses: open while the change lasts, closed once the metric is
// back within the threshold.
const (
	SignalOpen   = "open"
	SignalClosed = "closed"
)

// SignalStatuses lists the statuses of filter[status].
var SignalStatuses = []string{SignalOpen, SignalClosed}

// Comparison windows: the last complete UTC day, and the last 7 complete
// days, each against the 28 days just before it.
const (
	SignalWindowDay  = "day"
	SignalWindowWeek = "week"
)

// Dimension kinds: what a signal is about.
const (
	DimensionProvider   = "provider"
	DimensionTopic      = "topic"
	DimensionPage       = "page"
	DimensionAdvertiser = "advertiser"
	DimensionOperator   = "operator" // an AI agents' operator (docs/agents.md#agents)
)

// JobKindSignals is the kind of the detection job: one live per brand,
// queued after every ingest batch and collection job.
const JobKindSignals = "signals"

// Detection settings and their defaults
// (docs/metrics.md#signals-signals-webhook-events). A change is significant
// by Significant at Z99, with MinTrials on each side.
const (
	DefaultSignalThreshold = 5.0 // percentage points
	SignalBaselineDays     = 28
	SignalWeekDays         = 7
	SignalLostMinDays      = 5 // baseline days an owned page must have been cited on
	SignalGainedMinDays    = 3 // days of the last 7 a new owned page must be cited on
	MaxSignalThreshold     = 100.0
)

// SignalWindowStarts returns where a window's baseline and current period
// start, for detection at the midnight end that closes the last complete
// day: the current period is [cur, end), the baseline [base, cur).
func SignalWindowStarts(end time.Time, window string) (base, cur time.Time) {
	days := 1
	if window == SignalWindowWeek {
		days = SignalWeekDays
	}
	cur = end.AddDate(0, 0, -days)
	return cur.AddDate(0, 0, -SignalBaselineDays), cur
}

// SignalDimension names what a signal is about: a provider, a topic, an
// owned page or an advertiser. ID is the provider, topic or advertiser id,
// or the page URL.
type SignalDimension struct {
	Kind string `json:"kind"`
	ID   string `json:"id"`
	Name string `json:"name"`
}

// SignalCompetitor is the competitor of a share_of_voice.overtaken signal.
type SignalCompetitor struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// SignalInterval is a Wilson score interval at 99 %, in percent.
type SignalInterval struct {
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// SignalSample is one side of a comparison: successes out of trials in
// [Start, End), their rate in percent and its interval.
type SignalSample struct {
	Start     time.Time      `json:"start"`
	End       time.Time      `json:"end"`
	Trials    int            `json:"trials"`
	Successes int            `json:"successes"`
	Rate      float64        `json:"rate"`
	Interval  SignalInterval `json:"interval"`
}

// SignalNumbers are the numbers behind a signal: the baseline (before)
// and the current period (after), the change in percentage points, and
// the two-proportion z-test of the change.
type SignalNumbers struct {
	Window    string       `json:"window"`
	Before    SignalSample `json:"before"`
	After     SignalSample `json:"after"`
	Change    float64      `json:"change"`
	Z         float64      `json:"z"`
	PValue    float64      `json:"p_value"`
	Threshold float64      `json:"threshold"`
}

// SignalRate is a count of successes out of trials and its rate (percent).
type SignalRate struct {
	Trials    int     `json:"trials"`
	Successes int     `json:"successes"`
	Rate      float64 `json:"rate"`
}

// NewSignalRate returns x out of n with its rate; 0 when n is 0.
func NewSignalRate(x, n int) SignalRate {
	r := SignalRate{Trials: n, Successes: x}
	if n > 0 {
		r.Rate = 100 * float64(x) / float64(n)
	}
	return r
}

// SignalPrompt is a prompt whose answers moved: the signal's metric on its
// runs before and after, and the change in percentage points.
type SignalPrompt struct {
	PromptID string     `json:"prompt_id"`
	Text     string     `json:"text"`
	Before   SignalRate `json:"before"`
	After    SignalRate `json:"after"`
	Change   float64    `json:"change"`
}

// SignalPage is a cited page whose share of the runs citing it moved.
type SignalPage struct {
	Page   string     `json:"page"`
	Domain string     `json:"domain"`
	Before SignalRate `json:"before"`
	After  SignalRate `json:"after"`
	Change float64    `json:"change"`
}

// SignalEvidence is what moved: the prompts (at most five) and pages (at
// most five) with the largest changes, and for citation signals the days
// the page was cited on in the baseline and in the last 7 days.
type SignalEvidence struct {
	Prompts    []SignalPrompt `json:"prompts"`
	Pages      []SignalPage   `json:"pages"`
	DaysBefore *SignalRate    `json:"days_cited_before,omitempty"`
	DaysAfter  *SignalRate    `json:"days_cited_after,omitempty"`
}

// SignalEvidenceItems is how many prompts and pages a signal's evidence
// lists at most.
const SignalEvidenceItems = 5

// SignalEvidenceCounts are what a signal's evidence is made of: counts of
// distinct runs within the signal's dimension, each in its baseline (Base)
// and current period (Cur).
type SignalEvidenceCounts struct {
	// Runs holds each prompt's runs, by prompt id: every rate's denominator.
	Runs map[string]Split
	// Subject holds, by prompt id, the runs showing what the signal is
	// about: naming the brand (or the competitor that overtook it), citing
	// the signal's page, showing the advertiser's ads.
	Subject map[string]Split
	// Texts holds the prompts' texts by id.
	Texts map[string]string
	// Pages are the pages the dimension's runs cite, with their citing
	// runs (visibility and overtaken signals).
	Pages []PageSplit
	// Domain is the domain of the signal's page (citation signals).
	Domain string
	// ErrorPages are the pages an operator's verified agents fetched, with
	// their visits and those answered 4xx or 5xx (crawler.blocked).
	ErrorPages []ErrorPageSplit
}

// ErrorPageSplit is a page and an operator's visits to it, all and those
// refused.
type ErrorPageSplit struct {
	Page, Domain   string
	Visits, Errors Split
}

// PageSplit is a page and the runs citing it.
type PageSplit struct {
	Page, Domain string
	Cited        Split
}

// SignalDirection is +1 for the signal types that announce a rise and -1
// for those that announce a drop: the direction evidence must have moved in.
func SignalDirection(typ string) float64 {
	if typ == SignalVisibilityDropped || typ == SignalCitationLost {
		return -1
	}
	return 1
}

// NewSignalEvidence ranks the evidence of signal s
// (docs/metrics.md#signals-signals-webhook-events): the prompts whose rate
// (Subject out of Runs) moved in the signal's direction, largest move first,
// ties by prompt id; for visibility and overtaken signals the pages whose
// share of the dimension's runs citing them moved that way, ranked the same;
// for citation signals the signal's page, whatever its move; for
// crawler.blocked the pages whose share of refused visits rose, ranked the
// same, and no prompt. At most SignalEvidenceItems of each.
func NewSignalEvidence(s *Signal, c SignalEvidenceCounts) SignalEvidence {
	ev := SignalEvidence{Prompts: []SignalPrompt{}, Pages: []SignalPage{}}
	dir := SignalDirection(s.Type)
	var runs, cited Split
	for id, r := range c.Runs {
		x := c.Subject[id]
		runs.Base, runs.Cur = runs.Base+r.Base, runs.Cur+r.Cur
		cited.Base, cited.Cur = cited.Base+x.Base, cited.Cur+x.Cur
		p := SignalPrompt{PromptID: id, Text: c.Texts[id], Before: NewSignalRate(x.Base, r.Base), After: NewSignalRate(x.Cur, r.Cur)}
		p.Change = p.After.Rate - p.Before.Rate
		ev.Prompts = append(ev.Prompts, p)
	}
	ev.Prompts = topMoves(ev.Prompts, dir, func(p SignalPrompt) (float64, string) { return p.Change, p.PromptID })
	switch s.Type {
	case SignalVisibilityDropped, SignalVisibilityRose, SignalSOVOvertaken:
		for _, p := range c.Pages {
			ev.Pages = append(ev.Pages, newSignalPage(p.Page, p.Domain, p.Cited, runs))
		}
		ev.Pages = topMoves(ev.Pages, dir, func(p SignalPage) (float64, string) { return p.Change, p.Page })
	case SignalCitationLost, SignalCitationGained:
		ev.Pages = append(ev.Pages, newSignalPage(s.Dimension.ID, c.Domain, cited, runs))
	case SignalCrawlerBlocked:
		// the pages whose share of refused visits rose most
		for _, p := range c.ErrorPages {
			ev.Pages = append(ev.Pages, newSignalPage(p.Page, p.Domain, p.Errors, p.Visits))
		}
		ev.Pages = topMoves(ev.Pages, dir, func(p SignalPage) (float64, string) { return p.Change, p.Page })
	}
	return ev
}

func newSignalPage(page, domain string, cited, runs Split) SignalPage {
	p := SignalPage{Page: page, Domain: domain, Before: NewSignalRate(cited.Base, runs.Base), After: NewSignalRate(cited.Cur, runs.Cur)}
	p.Change = p.After.Rate - p.Before.Rate
	return p
}

// topMoves keeps the rows that moved in direction dir, largest move first
// (ties by key), at most SignalEvidenceItems.
func topMoves[T any](rows []T, dir float64, move func(T) (float64, string)) []T {
	out := make([]T, 0, len(rows))
	for _, r := range rows {
		if c, _ := move(r); dir*c > 0 {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b T) int {
		ca, ka := move(a)
		cb, kb := move(b)
		return cmp.Or(cmp.Compare(dir*cb, dir*ca), cmp.Compare(ka, kb))
	})
	return out[:min(len(out), SignalEvidenceItems)]
}

// Signal is a significant change of one of a brand's metrics, kept as one
// row while it lasts: detection opens it, updates its numbers while the
// change holds, and closes it when the metric is back within the threshold.
type Signal struct {
	ID          string            `json:"id"`
	OrgID       string            `json:"-"`
	BrandID     string            `json:"brand_id"`
	Type        string            `json:"type"`
	Status      string            `json:"status"`
	Fingerprint string            `json:"fingerprint"`
	Dimension   SignalDimension   `json:"dimension"`
	Competitor  *SignalCompetitor `json:"competitor"`
	Numbers     SignalNumbers     `json:"numbers"`
	Evidence    SignalEvidence    `json:"evidence"`
	OpenedAt    time.Time         `json:"opened_at"`
	UpdatedAt   time.Time         `json:"updated_at"`
	ClosedAt    *time.Time        `json:"closed_at"`
}

// SignalFingerprint identifies an ongoing change: its type, brand,
// dimension and, for share_of_voice.overtaken, competitor. At most one
// open signal has a fingerprint, so the same change is one signal however
// often detection runs.
func SignalFingerprint(typ, brandID string, d SignalDimension, competitorID string) string {
	h := sha256.Sum256([]byte(strings.Join([]string{typ, brandID, d.Kind, d.ID, competitorID}, "\x00")))
	return hex.EncodeToString(h[:])
}

// Split is a count in a comparison's baseline and in its current period.
type Split struct {
	Base int
	Cur  int
}

// WindowSplits holds a count for each comparison window: [0] the day,
// [1] the week.
type WindowSplits [2]Split

// SignalWindows lists the comparison windows in the order of WindowSplits.
var SignalWindows = []string{SignalWindowDay, SignalWindowWeek}

// DimensionCounts are the visibility counts of one provider or topic.
type DimensionCounts struct {
	Dimension   SignalDimension
	Runs        WindowSplits // runs
	Brand       WindowSplits // runs naming the brand
	Competitors []CompetitorCounts
}

// CompetitorCounts are the runs naming one tracked competitor.
type CompetitorCounts struct {
	Competitor SignalCompetitor
	Named      WindowSplits
}

// PageCounts are the citations of one owned page over the week window:
// distinct days cited on, and runs citing it.
type PageCounts struct {
	Page   string
	Domain string
	Days   Split
	Runs   Split
}

// AdvertiserCounts are one advertiser's first ad ever and the runs showing
// its ads over the week window.
type AdvertiserCounts struct {
	Dimension SignalDimension
	FirstSeen time.Time
	Runs      Split
}

// OperatorCounts are one AI agents' operator's verified visits to the
// brand's pages, and those answered 4xx or 5xx, in each window
// (crawler.blocked).
type OperatorCounts struct {
	Dimension SignalDimension
	Visits    WindowSplits
	Errors    WindowSplits
}

// DetectionInput is everything detection reads for one brand at End (the
// midnight, UTC, that closes the last complete day).
type DetectionInput struct {
	OrgID       string
	BrandID     string
	End         time.Time
	Runs        WindowSplits // the brand's runs
	Dimensions  []DimensionCounts
	Pages       []PageCounts
	Advertisers []AdvertiserCounts
	Operators   []OperatorCounts
	Open        []*Signal
}

// Signal change actions.
const (
	SignalActionOpen   = "open"
	SignalActionUpdate = "update"
	SignalActionClose  = "close"
)

// SignalChange is one decision of detection: open a new signal, update an
// open one's numbers, or close it. Signal is the state to store.
type SignalChange struct {
	Action string
	Signal *Signal
}

// Announced reports whether the change raises a webhook event: opening and
// closing a signal do, updating its numbers does not
// (docs/webhooks.md#event-catalogue).
func (c SignalChange) Announced() bool {
	return c.Action == SignalActionOpen || c.Action == SignalActionClose
}

// DetectionRerun reports whether a detection job that started at startedAt
// is followed by another: new runs asked for detection (requestedAt) after
// it started, so it may have read the facts before them.
func DetectionRerun(requestedAt time.Time, startedAt *time.Time) bool {
	return startedAt != nil && requestedAt.After(*startedAt)
}

// SignalSortKeys whitelists the signal list's sort keys; the default order
// is newest first.
var (
	SignalSortKeys    = []string{"opened_at", "updated_at", "type"}
	DefaultSignalSort = []SortKey{{Key: "opened_at", Desc: true}}
)

// SignalFilter narrows a brand's signal list. A signal is in the window
// when it was open at some time in it.
type SignalFilter struct {
	Types  []string
	Status string // "" for both
	Window Window
	PageRequest
	Sort []SortKey
}

// SignalService reads a brand's signals and runs detection's storage side.
type SignalService interface {
	// FindSignals lists a brand's signals. NOT_FOUND for another
	// organization's brand.
	FindSignals(ctx context.Context, orgID, brandID string, f SignalFilter) ([]*Signal, int, error)
	// FindSignal returns one signal. NOT_FOUND for another organization's
	// brand or signal.
	FindSignal(ctx context.Context, orgID, brandID, id string) (*Signal, error)
}

// DetectionService is what the detection job reads and writes.
type DetectionService interface {
	// QueueDetection queues a detection job for each brand unless one is
	// queued already; one running now is followed by another.
	QueueDetection(ctx context.Context, brandIDs []string) error
	// FindDetectionInput reads a brand's counts for detection at now.
	FindDetectionInput(ctx context.Context, brandID string, now time.Time) (*DetectionInput, error)
	// FindSignalEvidence reads the prompts and pages behind a signal's
	// numbers.
	FindSignalEvidence(ctx context.Context, s *Signal) (*SignalEvidence, error)
	// SaveDetection stores the changes, queues a webhook event for every
	// signal opened or closed, and completes the job, in one transaction.
	// It returns the number of webhook deliveries queued. ErrJobLost when
	// the claim is gone.
	SaveDetection(ctx context.Context, job *Job, changes []SignalChange) (int, error)
}
