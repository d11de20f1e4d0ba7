package sqlstore

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

// MentionShare returns, per bucket, the runs in scope (total) and those
// whose answer names the target (count), with the tracked brands' average.
func (db *DB) MentionShare(ctx context.Context, orgID string, s sightline.Scope, granularity string) (*sightline.ShareSeries, error) {
	tx, q, err := db.beginScope(ctx, orgID, s)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return q.mentionShare(ctx, tx, granularity)
}

// trackedIDs returns the found brands of the brand itself and of its
// competitors: the "tracked brands" averaged in share series.
func (q *scopeQ) trackedIDs(ctx context.Context, tx *Tx) ([]string, error) {
	ids, err := queryStrings(ctx, tx, `SELECT id FROM found_brands WHERE brand_id = ? AND (is_self = ? OR competitor_id IS NOT NULL)`, q.BrandID, true)
	if err != nil {
		return nil, fmt.Errorf("tracked brands: %w", err)
	}
	return ids, nil
}

func (q *scopeQ) mentionShare(ctx context.Context, tx *Tx, granularity string) (*sightline.ShareSeries, error) {
	tracked, err := q.trackedIDs(ctx, tx)
	if err != nil {
		return nil, err
	}
	nTracked := max(1, len(tracked))
	tracked = orNoMatch(tracked)
	// Runs narrowed by the domains or page they cite can only come from the
	// fact tables.
	q.NarrowRuns = len(q.Domains) > 0 || q.URL != ""
	defer func() { q.NarrowRuns = false }()
	// per bucket: bucket_runs, the runs in scope; bucket_target_runs, those
	// naming the target; bucket_tracked_mentions, the tracked brands'
	// mentions; share_buckets, the three side by side, the last as the
	// tracked brands' average.
	var s sqlb
	s.Add(`WITH bucket_runs AS (SELECT ` + q.Dialect.Bucket(granularity, "window_runs.ran_at") + ` AS bucket, SUM(window_runs.runs) AS runs FROM (`)
	q.RunsSrcNarrowed(&s, q.Window)
	s.Add(`) window_runs GROUP BY 1), bucket_target_runs AS (SELECT ` + q.Dialect.Bucket(granularity, "window_target_runs.ran_at") + ` AS bucket,
		SUM(window_target_runs.runs) AS target_runs FROM (`)
	q.TargetRunsSrcNarrowed(&s, q.Window)
	s.Add(`) window_target_runs GROUP BY 1), bucket_tracked_mentions AS (SELECT `+q.Dialect.Bucket(granularity, "window_mentions.ran_at")+` AS bucket,
		SUM(CASE WHEN window_mentions.found_brand_id IN (`+analyticsql.Placeholders(len(tracked))+`) THEN window_mentions.mentions ELSE 0 END) AS tracked_mentions FROM (`, anys(tracked))
	q.MentionsSrcNarrowed(&s, q.Window)
	s.Add(`) window_mentions GROUP BY 1),
		share_buckets AS (SELECT bucket_runs.bucket AS bucket, bucket_runs.runs AS runs, COALESCE(bucket_target_runs.target_runs, 0) AS target_runs,
			CAST(COALESCE(bucket_tracked_mentions.tracked_mentions, 0) AS DOUBLE PRECISION) / ? AS tracked_average
		FROM bucket_runs LEFT JOIN bucket_target_runs ON bucket_target_runs.bucket = bucket_runs.bucket
			LEFT JOIN bucket_tracked_mentions ON bucket_tracked_mentions.bucket = bucket_runs.bucket)
		SELECT bucket, runs, target_runs, `+analyticsql.Pct("target_runs", "runs")+`, tracked_average, `+analyticsql.Pct("tracked_average", "runs")+`,
		`+analyticsql.Pct("SUM(target_runs) OVER ()", "SUM(runs) OVER ()")+`, `+analyticsql.Pct("SUM(tracked_average) OVER ()", "SUM(runs) OVER ()")+`,
		SUM(target_runs) OVER (), SUM(runs) OVER ()
		FROM share_buckets ORDER BY bucket`, nTracked)
	return scanShareSeries(ctx, tx, &s, sightline.Buckets(q.Window, granularity))
}

// The narrowed sources add "the run cites filter[domains] / filter[url]"
// to the fact rows (narrowRuns keeps the rollups out).

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
