package sqlstore

// The metric definitions of docs/metrics.md, written once as SQL. Every number the
// API serves is computed by these statements where the data is; Go only
// carries the results. docs/metrics.md documents them.

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
)

// fillTopicMetrics sets the metrics of analyticsql's TopicMetrics and the
// top brands of the given topics over scope.
func fillTopicMetrics(ctx context.Context, tx *Tx, scope sightline.Scope, topics []*sightline.Topic) error {
	if len(topics) == 0 {
		return nil
	}
	q, err := newScope(ctx, tx, scope)
	if err != nil {
		return err
	}
	ids := make([]string, len(topics))
	byID := make(map[string]*sightline.Topic, len(topics))
	for i, t := range topics {
		ids[i], byID[t.ID] = t.ID, t
	}
	s := q.TopicMetrics(ids)
	err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var id string
		var v [8]float64
		var k [12]int // numerators and denominators of the three rates: window, previous period
		if err := scan(&id, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7],
			&k[0], &k[1], &k[2], &k[3], &k[4], &k[5], &k[6], &k[7], &k[8], &k[9], &k[10], &k[11]); err != nil {
			return err
		}
		t := byID[id]
		t.Visibility, t.VisibilityDiff, t.ShareOfVoice, t.SOVDiff = v[0], v[1], v[2], v[3]
		t.Sentiment, t.SentimentDiff, t.CitationShare, t.CitationShareDiff = v[4], v[5], v[6], v[7]
		setTopicStats(t, k)
		return nil
	})
	if err != nil {
		return fmt.Errorf("topic metrics: %w", err)
	}
	return fillTopBrands(ctx, tx, q, ids, byID)
}

// topBrandsLimit is how many found brands top_brands lists.
const topBrandsLimit = 5

// fillTopBrands sets the top brands of analyticsql's TopBrands.
func fillTopBrands(ctx context.Context, tx *Tx, q *scopeQ, ids []string, byID map[string]*sightline.Topic) error {
	s := q.TopBrands(ids, topBrandsLimit)
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var topicID string
		var tb sightline.TopBrand
		var k int
		if err := scan(&topicID, &tb.ID, &tb.Name, &tb.Visibility, &k, &tb.SampleSize); err != nil {
			return err
		}
		tb.SampleSize, tb.CILow, tb.CIHigh = sightline.RateStats(k, tb.SampleSize)
		byID[topicID].TopBrands = append(byID[topicID].TopBrands, tb)
		return nil
	})
	if err != nil {
		return fmt.Errorf("top brands: %w", err)
	}
	return nil
}
