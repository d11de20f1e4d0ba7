package sightline

import "context"

// Found-brand kinds.
const (
	FoundBrandOwn        = "own"
	FoundBrandCompetitor = "competitor"
	FoundBrandOther      = "other"
)

// SOVMetrics are a found brand's metrics over a window or a bucket.
type SOVMetrics struct {
	Visibility   float64 `json:"visibility"`
	ShareOfVoice float64 `json:"share_of_voice"`
	Sentiment    float64 `json:"sentiment"`
	Mentions     int     `json:"mentions"`
}

// SOVStats are the sample sizes (runs in scope; mentions of all found
// brands) and 95 % intervals in percent (null without trials) of a found
// brand's visibility and share of voice (docs/metrics.md).
type SOVStats struct {
	VisibilitySampleSize   int      `json:"visibility_sample_size"`
	VisibilityCILow        *float64 `json:"visibility_ci_low"`
	VisibilityCIHigh       *float64 `json:"visibility_ci_high"`
	ShareOfVoiceSampleSize int      `json:"share_of_voice_sample_size"`
	ShareOfVoiceCILow      *float64 `json:"share_of_voice_ci_low"`
	ShareOfVoiceCIHigh     *float64 `json:"share_of_voice_ci_high"`
}

// SOVAggregate is a found brand's metrics over the window with their
// statistics.
type SOVAggregate struct {
	SOVMetrics
	SOVStats
}

// SOVDiff is the window's metrics minus the previous period's, with the
// significance of the two rates' differences (docs/metrics.md).
type SOVDiff struct {
	SOVMetrics
	VisibilitySignificant   bool `json:"visibility_significant"`
	ShareOfVoiceSignificant bool `json:"share_of_voice_significant"`
}

// SOVPoint is one bucket of a found brand's metrics.
type SOVPoint struct {
	Date string `json:"date"`
	SOVMetrics
	SOVStats
}

// SOVRow is one found brand of the share-of-voice list: its metrics over
// the window, the difference with the previous period of equal length, and
// one entry per bucket.
type SOVRow struct {
	ID               string       `json:"id"` // found-brand mapping id (filter[brand_ids])
	Name             string       `json:"name"`
	Kind             string       `json:"kind"` // own, competitor or other
	CompetitorID     *string      `json:"competitor_id"`
	AggregateMetrics SOVAggregate `json:"aggregate_metrics"`
	Diff             SOVDiff      `json:"diff"`
	TimeBasedMetrics []SOVPoint   `json:"time_based_metrics"`
}

// SOVFilter selects share-of-voice rows.
type SOVFilter struct {
	Scope       Scope // FoundBrandIDs restricts the rows
	Granularity string
	// TrackedOnly restricts the rows to the brand's own and its
	// competitors' (the dashboard's ranking), however many other brands
	// the answers name.
	TrackedOnly bool
	PageRequest
	Sort []SortKey
}

// Sort keys of the share-of-voice list.
var (
	SOVSortKeys    = []string{"share_of_voice", "visibility", "sentiment", "mentions", "name"}
	DefaultSOVSort = []SortKey{{Key: "share_of_voice", Desc: true}, {Key: "name"}}
)

// SOVService computes share of voice per found brand.
type SOVService interface {
	// FindShareOfVoice returns a page of found brands with their metrics,
	// and the total. NOT_FOUND for another organization's brand;
	// INVALID_PARAMETER for a window of more than MaxSeriesBuckets buckets.
	FindShareOfVoice(ctx context.Context, orgID string, f SOVFilter) ([]*SOVRow, int, error)
}

// AnswerRate is, for one search surface, the share of its runs in scope
// where the surface showed an AI answer (docs/metrics.md#answer-rate).
// It sits next to visibility in the meta of the topic and share-of-voice
// reads, because a run without an answer counts there as a run where no
// brand is named.
type AnswerRate struct {
	ProviderID   string  `json:"provider_id"`
	Provider     string  `json:"provider"` // code
	AnswerRate   float64 `json:"answer_rate"`
	Runs         int     `json:"runs"`
	AnsweredRuns int     `json:"answered_runs"`
}

// AnswerRateService reads the answer rates of a scope.
type AnswerRateService interface {
	// FindAnswerRates returns one AnswerRate per search surface with runs
	// in the scope's window and dimension filters, ordered by provider
	// code; empty when there are none. NOT_FOUND for another
	// organization's brand.
	FindAnswerRates(ctx context.Context, orgID string, scope Scope) ([]AnswerRate, error)
}

// AnswerRateMeta is the meta of a list read that reports answer rates:
// the page and the answer rates of the request's scope.
type AnswerRateMeta struct {
	PageMeta
	AnswerRate []AnswerRate `json:"answer_rate"`
}

// ResourceAnswerRateMeta is the meta of a single resource read that
// reports answer rates (GET …/topics/{topic_id}).
type ResourceAnswerRateMeta struct {
	AnswerRate []AnswerRate `json:"answer_rate"`
}
