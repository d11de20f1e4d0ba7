package sqlstore

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
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
	tx, q, err := db.beginScope(ctx, orgID, f.Scope)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	cur := ts(q.Window.Start)
	span, cut := q.Span(), q.Window.Start
	// run_totals: the runs of both periods; brand_mentions: per found
	// brand its mentions and sentiment sums; mention_totals: all mentions;
	// brand_metrics: per listed found brand, its metrics of both periods.
	var s sqlb
	s.Add(`WITH run_totals AS (SELECT SUM(CASE WHEN span_runs.ran_at >= ? THEN span_runs.runs ELSE 0 END) AS runs,
		SUM(CASE WHEN span_runs.ran_at < ? THEN span_runs.runs ELSE 0 END) AS previous_runs FROM (`, cur, cur)
	q.RunsSrc(&s, span, cut)
	s.Add(`) span_runs), brand_mentions AS (SELECT span_mentions.found_brand_id AS found_brand_id,
		SUM(CASE WHEN span_mentions.ran_at >= ? THEN span_mentions.mentions ELSE 0 END) AS mentions,
		SUM(CASE WHEN span_mentions.ran_at < ? THEN span_mentions.mentions ELSE 0 END) AS previous_mentions,
		SUM(CASE WHEN span_mentions.ran_at >= ? THEN span_mentions.sentiment_sum ELSE 0 END) AS sentiment_sum,
		SUM(CASE WHEN span_mentions.ran_at < ? THEN span_mentions.sentiment_sum ELSE 0 END) AS previous_sentiment_sum FROM (`, cur, cur, cur, cur)
	q.MentionsSrc(&s, span, cut)
	s.Add(`) span_mentions GROUP BY span_mentions.found_brand_id),
		mention_totals AS (SELECT COALESCE(SUM(mentions), 0) AS mentions, COALESCE(SUM(previous_mentions), 0) AS previous_mentions FROM brand_mentions),
		brand_metrics AS (SELECT found_brands.id AS id, found_brands.name AS name,
			CASE WHEN found_brands.is_self = ? THEN 'own' WHEN found_brands.competitor_id IS NOT NULL THEN 'competitor' ELSE 'other' END AS kind,
			found_brands.competitor_id AS competitor_id,
			`+analyticsql.Pct("COALESCE(brand_mentions.mentions, 0)", "COALESCE(run_totals.runs, 0)")+` AS visibility,
			`+analyticsql.Pct("COALESCE(brand_mentions.previous_mentions, 0)", "COALESCE(run_totals.previous_runs, 0)")+` AS previous_visibility,
			`+analyticsql.Pct("COALESCE(brand_mentions.mentions, 0)", "mention_totals.mentions")+` AS share_of_voice,
			`+analyticsql.Pct("COALESCE(brand_mentions.previous_mentions, 0)", "mention_totals.previous_mentions")+` AS previous_share_of_voice,
			`+analyticsql.Mean("COALESCE(brand_mentions.sentiment_sum, 0)", "COALESCE(brand_mentions.mentions, 0)")+` AS sentiment,
			`+analyticsql.Mean("COALESCE(brand_mentions.previous_sentiment_sum, 0)", "COALESCE(brand_mentions.previous_mentions, 0)")+` AS previous_sentiment,
			COALESCE(brand_mentions.mentions, 0) AS mentions, COALESCE(brand_mentions.previous_mentions, 0) AS previous_mentions,
			COALESCE(run_totals.runs, 0) AS runs, COALESCE(run_totals.previous_runs, 0) AS previous_runs,
			mention_totals.mentions AS all_mentions, mention_totals.previous_mentions AS previous_all_mentions
			FROM found_brands LEFT JOIN brand_mentions ON brand_mentions.found_brand_id = found_brands.id CROSS JOIN run_totals CROSS JOIN mention_totals
			WHERE found_brands.brand_id = ? AND (brand_mentions.found_brand_id IS NOT NULL OR found_brands.is_self = ? OR found_brands.competitor_id IS NOT NULL)`,
		true, q.BrandID, true)
	if len(q.FoundBrandIDs) > 0 {
		s.Add(` AND found_brands.id IN (`+analyticsql.Placeholders(len(q.FoundBrandIDs))+`)`, anys(q.FoundBrandIDs))
	}
	s.Add(`) SELECT id, name, kind, competitor_id, visibility, share_of_voice, sentiment, mentions,
		visibility - previous_visibility, share_of_voice - previous_share_of_voice, sentiment - previous_sentiment, mentions - previous_mentions,
		COUNT(*) OVER (), previous_mentions, runs, previous_runs, all_mentions, previous_all_mentions
		FROM brand_metrics`+orderBy(f.Sort, sovSortColumns, sightline.DefaultSOVSort, "id")+` LIMIT ? OFFSET ?`, f.PageSize, f.Offset())
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
	var s sqlb
	s.Add(`SELECT COUNT(*) FROM found_brands WHERE found_brands.brand_id = ? AND (found_brands.is_self = ? OR found_brands.competitor_id IS NOT NULL
		OR found_brands.id IN (SELECT span_mentions.found_brand_id FROM (`, q.BrandID, true)
	q.MentionsSrc(&s, q.Span(), q.Window.Start)
	s.Add(`) span_mentions))`)
	if len(q.FoundBrandIDs) > 0 {
		s.Add(` AND found_brands.id IN (`+analyticsql.Placeholders(len(q.FoundBrandIDs))+`)`, anys(q.FoundBrandIDs))
	}
	var n int
	if err := tx.queryRow(ctx, s.String(), s.Args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count share of voice: %w", err)
	}
	return n, nil
}

// sovSeries fills the per-bucket metrics of the given rows (dense buckets).
func (q *scopeQ) sovSeries(ctx context.Context, tx *Tx, granularity string, rows map[string]*sightline.SOVRow) error {
	ids := make([]any, 0, len(rows))
	for id := range rows {
		ids = append(ids, id)
	}
	// bucket_runs, bucket_mentions: the denominators per bucket;
	// bucket_brand_mentions: the mentions of the given found brands.
	var s sqlb
	s.Add(`WITH window_mentions AS MATERIALIZED (`)
	q.MentionsSrc(&s, q.Window)
	s.Add(`), bucket_runs AS (SELECT ` + q.Dialect.Bucket(granularity, "window_runs.ran_at") + ` AS bucket, SUM(window_runs.runs) AS runs FROM (`)
	q.RunsSrc(&s, q.Window)
	s.Add(`) window_runs GROUP BY 1),
		bucket_mentions AS (SELECT `+q.Dialect.Bucket(granularity, "ran_at")+` AS bucket, SUM(mentions) AS mentions FROM window_mentions GROUP BY 1),
		bucket_brand_mentions AS (SELECT `+q.Dialect.Bucket(granularity, "ran_at")+` AS bucket, found_brand_id AS found_brand_id,
			SUM(mentions) AS mentions, SUM(sentiment_sum) AS sentiment_sum
			FROM window_mentions WHERE found_brand_id IN (`+analyticsql.Placeholders(len(ids))+`) GROUP BY 1, 2)
		SELECT bucket_brand_mentions.bucket, bucket_brand_mentions.found_brand_id,
			`+analyticsql.Pct("bucket_brand_mentions.mentions", "bucket_runs.runs")+`, `+analyticsql.Pct("bucket_brand_mentions.mentions", "bucket_mentions.mentions")+`,
			`+analyticsql.Mean("bucket_brand_mentions.sentiment_sum", "bucket_brand_mentions.mentions")+`, bucket_brand_mentions.mentions, 0, 0
		FROM bucket_brand_mentions JOIN bucket_runs ON bucket_runs.bucket = bucket_brand_mentions.bucket
			JOIN bucket_mentions ON bucket_mentions.bucket = bucket_brand_mentions.bucket
		UNION ALL SELECT bucket_runs.bucket, NULL, 0, 0, 0, 0, bucket_runs.runs, COALESCE(bucket_mentions.mentions, 0)
			FROM bucket_runs LEFT JOIN bucket_mentions ON bucket_mentions.bucket = bucket_runs.bucket
		ORDER BY 1`, ids)
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
