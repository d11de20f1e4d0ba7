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

// SOVPoint is one bucket of a found brand's metrics.
type SOVPoint struct {
	Date string `json:"date"`
	SOVMetrics
}

// SOVRow is one found brand of the share-of-voice list: its metrics over
// the window, the difference with the previous period of equal length, and
// one entry per bucket.
type SOVRow struct {
	ID               string     `json:"id"` // found-brand mapping id (filter[brand_ids])
	Name             string     `json:"name"`
	Kind             string     `json:"kind"` // own, competitor or other
	CompetitorID     *string    `json:"competitor_id"`
	AggregateMetrics SOVMetrics `json:"aggregate_metrics"`
	Diff             SOVMetrics `json:"diff"`
	TimeBasedMetrics []SOVPoint `json:"time_based_metrics"`
}

// SOVFilter selects share-of-voice rows.
type SOVFilter struct {
	Scope       Scope // FoundBrandIDs restricts the rows
	Granularity string
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
	// and the total. NOT_FOUND for another organization's brand.
	FindShareOfVoice(ctx context.Context, orgID string, f SOVFilter) ([]*SOVRow, int, error)
}
