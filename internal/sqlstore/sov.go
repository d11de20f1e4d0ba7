package sqlstore

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
)

var _ sightline.SOVService = (*DB)(nil)

// sovSortColumns name columns of brand_metrics (FindShareOfVoice).
var sovSortColumns = map[string]string{
	"share_of_voice": "share_of_voice",
	"visibility":     "visibility",
	"sentiment":      "sentiment",
	"mentions":       "mentions",
	"name":           "name",
}

// FindShareOfVoice returns, per found brand, visibility (runs naming it /
// runs in scope), share of voice (its mentions / all mentions in scope),
// sentiment and mention count over the window, the differences with the
// previous period, and the same per bucket. Rows are the brand itself, its
// competitors and every found brand named in either period; filter[brand_ids]
// restricts them.
func (db *DB) FindShareOfVoice(ctx context.Context, orgID string, f sightline.SOVFilter) ([]*sightline.SOVRow, int, error) {
	if err := checkSeries(f.Scope.Window, f.Granularity); err != nil {
		return nil, 0, err
	}
	tx, q, err := db.beginScope(ctx, orgID, f.Scope)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	q.TrackedOnly = f.TrackedOnly
	s := q.ShareOfVoice(orderBy(f.Sort, sovSortColumns, sightline.DefaultSOVSort, "id"), f.PageSize, f.Offset())
	var out []*sightline.SOVRow
	byID := map[string]*sightline.SOVRow{}
	total := 0
	err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		r := &sightline.SOVRow{TimeBasedMetrics: []sightline.SOVPoint{}}
		a, d := &r.AggregateMetrics, &r.Diff
		var k [5]int // mentions in the previous period; runs and all mentions of both periods
		if err := scan(&r.ID, &r.Name, &r.Kind, &r.CompetitorID, &a.Visibility, &a.ShareOfVoice, &a.Sentiment, &a.Mentions,
			&d.Visibility, &d.ShareOfVoice, &d.Sentiment, &d.Mentions, &total, &k[0], &k[1], &k[2], &k[3], &k[4]); err != nil {
			return err
		}
		setSOVStats(r, k)
		out = append(out, r)
		byID[r.ID] = r
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("share of voice: %w", err)
	}
	if len(out) == 0 {
		if f.Offset() > 0 {
			total, err = q.countSOVRows(ctx, tx)
			if err != nil {
				return nil, 0, err
			}
		}
		return out, total, nil
	}
	if err := q.sovSeries(ctx, tx, f.Granularity, byID); err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

// countSOVRows counts the rows FindShareOfVoice would list.
func (q *scopeQ) countSOVRows(ctx context.Context, tx *Tx) (int, error) {
	s := q.ShareOfVoiceCount()
	var n int
	if err := tx.queryRow(ctx, s.String(), s.Args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count share of voice: %w", err)
	}
	return n, nil
}

// sovSeries fills the per-bucket metrics of the given rows (dense buckets).
func (q *scopeQ) sovSeries(ctx context.Context, tx *Tx, granularity string, rows map[string]*sightline.SOVRow) error {
	ids := make([]string, 0, len(rows))
	for id := range rows {
		ids = append(ids, id)
	}
	s := q.ShareOfVoiceSeries(granularity, ids)
	points := map[string]map[string]sightline.SOVMetrics{}
	type totals struct{ runs, mentions int }
	buckets := map[string]totals{} // the denominators of each bucket
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var d string
		var id *string
		var m sightline.SOVMetrics
		var tot totals
		if err := scan(&d, &id, &m.Visibility, &m.ShareOfVoice, &m.Sentiment, &m.Mentions, &tot.runs, &tot.mentions); err != nil {
			return err
		}
		if id == nil {
			buckets[d] = tot
			return nil
		}
		if points[*id] == nil {
			points[*id] = map[string]sightline.SOVMetrics{}
		}
		points[*id][d] = m
		return nil
	})
	if err != nil {
		return fmt.Errorf("share of voice series: %w", err)
	}
	for _, d := range sightline.Buckets(q.Window, granularity) {
		for id, r := range rows {
			p := sightline.SOVPoint{Date: d, SOVMetrics: points[id][d]}
			setSOVPointStats(&p, buckets[d].runs, buckets[d].mentions)
			r.TimeBasedMetrics = append(r.TimeBasedMetrics, p)
		}
	}
	return nil
}
