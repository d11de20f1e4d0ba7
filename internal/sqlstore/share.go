package sqlstore

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
)

// MentionShare returns, per bucket, the runs in scope (total) and those
// whose answer names the target (count), with the tracked brands' average.
func (db *DB) MentionShare(ctx context.Context, orgID string, s sightline.Scope, granularity string) (*sightline.ShareSeries, error) {
	if err := checkSeries(s.Window, granularity); err != nil {
		return nil, err
	}
	tx, q, err := db.beginScope(ctx, orgID, s)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return q.mentionShare(ctx, tx, granularity)
}

// mentionShare reads analyticsql's MentionShare into a dense series.
func (q *scopeQ) mentionShare(ctx context.Context, tx *Tx, granularity string) (*sightline.ShareSeries, error) {
	b := q.MentionShare(granularity, q.tracked)
	return scanShareSeries(ctx, tx, b, sightline.Buckets(q.Window, granularity))
}

// scanShareSeries reads bucket rows (date, total, count, share, average
// count, average percentage, window share, window average) into a dense
// series: buckets without runs are zeros.
func scanShareSeries(ctx context.Context, tx *Tx, s *sqlb, dates []string) (*sightline.ShareSeries, error) {
	byDate := map[string]sightline.SeriesPoint{}
	var current, average float64
	var count, total int // the window's, over all buckets
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var p sightline.SeriesPoint
		if err := scan(&p.Date, &p.Total, &p.Count, &p.SharePercent, &p.AverageCount, &p.AveragePercentage, &current, &average, &count, &total); err != nil {
			return err
		}
		byDate[p.Date] = p
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("share series: %w", err)
	}
	out := &sightline.ShareSeries{CurrentValue: current, AboveAverage: current > average, DataPoints: make([]sightline.SeriesPoint, 0, len(dates))}
	out.SampleSize, out.CILow, out.CIHigh = sightline.RateStats(count, total)
	for _, d := range dates {
		p := byDate[d]
		p.Date = d
		p.SampleSize, p.CILow, p.CIHigh = sightline.RateStats(p.Count, p.Total)
		out.DataPoints = append(out.DataPoints, p)
	}
	return out, nil
}

// checkSeries refuses a series over w that would need more than
// sightline.MaxSeriesBuckets buckets (docs/api.md#limits) before any
// query runs: the API and the dashboard check it when they read the
// window, and the store holds every other caller to it.
func checkSeries(w sightline.Window, granularity string) error {
	if msg := sightline.SeriesTooLong(w, granularity); msg != "" {
		return sightline.FieldErr(sightline.EINVALIDPARAM, "filter[ran_at_start]", "too_long", "%s", msg)
	}
	return nil
}
