package sqlstore

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
)

var _ sightline.SOVService = (*DB)(nil)

var sovSortColumns = map[string]string{
	"share_of_voice": "sov",
	"visibility":     "vis",
	"sentiment":      "sent",
	"mentions":       "n",
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
	span, cut := q.span(), q.Window.Start
	var s sqlb
	s.add(`WITH r AS (SELECT SUM(CASE WHEN x.ran_at >= ? THEN x.n ELSE 0 END) AS cur, SUM(CASE WHEN x.ran_at < ? THEN x.n ELSE 0 END) AS prev FROM (`, cur, cur)
	q.runsSrc(&s, span, cut)
	s.add(`) x), m AS (SELECT x.found_brand_id AS id,
		SUM(CASE WHEN x.ran_at >= ? THEN x.n ELSE 0 END) AS n, SUM(CASE WHEN x.ran_at < ? THEN x.n ELSE 0 END) AS n_p,
		SUM(CASE WHEN x.ran_at >= ? THEN x.sent ELSE 0 END) AS sent, SUM(CASE WHEN x.ran_at < ? THEN x.sent ELSE 0 END) AS sent_p FROM (`, cur, cur, cur, cur)
	q.mentionsSrc(&s, span, cut)
	s.add(`) x GROUP BY x.found_brand_id),
		tot AS (SELECT COALESCE(SUM(n), 0) AS n, COALESCE(SUM(n_p), 0) AS n_p FROM m),
		x AS (SELECT fb.id AS id, fb.name AS name,
			CASE WHEN fb.is_self = ? THEN 'own' WHEN fb.competitor_id IS NOT NULL THEN 'competitor' ELSE 'other' END AS kind,
			fb.competitor_id AS competitor_id,
			`+pct("COALESCE(m.n, 0)", "COALESCE(r.cur, 0)")+` AS vis, `+pct("COALESCE(m.n_p, 0)", "COALESCE(r.prev, 0)")+` AS vis_p,
			`+pct("COALESCE(m.n, 0)", "tot.n")+` AS sov, `+pct("COALESCE(m.n_p, 0)", "tot.n_p")+` AS sov_p,
			`+mean("COALESCE(m.sent, 0)", "COALESCE(m.n, 0)")+` AS sent, `+mean("COALESCE(m.sent_p, 0)", "COALESCE(m.n_p, 0)")+` AS sent_p,
			COALESCE(m.n, 0) AS n, COALESCE(m.n_p, 0) AS n_p,
			COALESCE(r.cur, 0) AS runs, COALESCE(r.prev, 0) AS runs_p, tot.n AS all_n, tot.n_p AS all_n_p
			FROM found_brands fb LEFT JOIN m ON m.id = fb.id CROSS JOIN r CROSS JOIN tot
			WHERE fb.brand_id = ? AND (m.id IS NOT NULL OR fb.is_self = ? OR fb.competitor_id IS NOT NULL)`, true, q.BrandID, true)
	if len(q.FoundBrandIDs) > 0 {
		s.add(` AND fb.id IN (`+placeholders(len(q.FoundBrandIDs))+`)`, anys(q.FoundBrandIDs))
	}
	s.add(`) SELECT id, name, kind, competitor_id, vis, sov, sent, n, vis - vis_p, sov - sov_p, sent - sent_p, n - n_p, COUNT(*) OVER (),
		n_p, runs, runs_p, all_n, all_n_p
		FROM x`+orderBy(f.Sort, sovSortColumns, sightline.DefaultSOVSort, "id")+` LIMIT ? OFFSET ?`, f.PageSize, f.Offset())
	var out []*sightline.SOVRow
	byID := map[string]*sightline.SOVRow{}
	total := 0
	err = eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
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
	s.add(`SELECT COUNT(*) FROM found_brands fb WHERE fb.brand_id = ? AND (fb.is_self = ? OR fb.competitor_id IS NOT NULL
		OR fb.id IN (SELECT x.found_brand_id FROM (`, q.BrandID, true)
	q.mentionsSrc(&s, q.span(), q.Window.Start)
	s.add(`) x))`)
	if len(q.FoundBrandIDs) > 0 {
		s.add(` AND fb.id IN (`+placeholders(len(q.FoundBrandIDs))+`)`, anys(q.FoundBrandIDs))
	}
	var n int
	if err := tx.queryRow(ctx, s.String(), s.args...).Scan(&n); err != nil {
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
	var s sqlb
	s.add(`WITH src AS MATERIALIZED (`)
	q.mentionsSrc(&s, q.Window)
	s.add(`), r AS (SELECT ` + q.d().bucket(granularity, "x.ran_at") + ` AS d, SUM(x.n) AS runs FROM (`)
	q.runsSrc(&s, q.Window)
	s.add(`) x GROUP BY 1), a AS (SELECT `+q.d().bucket(granularity, "ran_at")+` AS d, SUM(n) AS n FROM src GROUP BY 1),
		m AS (SELECT `+q.d().bucket(granularity, "ran_at")+` AS d, found_brand_id AS id, SUM(n) AS n, SUM(sent) AS sent
		FROM src WHERE found_brand_id IN (`+placeholders(len(ids))+`) GROUP BY 1, 2)
		SELECT m.d, m.id, `+pct("m.n", "r.runs")+`, `+pct("m.n", "a.n")+`, `+mean("m.sent", "m.n")+`, m.n, 0, 0
		FROM m JOIN r ON r.d = m.d JOIN a ON a.d = m.d
		UNION ALL SELECT r.d, NULL, 0, 0, 0, 0, r.runs, COALESCE(a.n, 0) FROM r LEFT JOIN a ON a.d = r.d
		ORDER BY 1`, ids)
	points := map[string]map[string]sightline.SOVMetrics{}
	type totals struct{ runs, mentions int }
	buckets := map[string]totals{} // the denominators of each bucket
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
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
