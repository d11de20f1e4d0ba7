package sqlstore

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
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

// runNarrowing limits runs (their seq column given) to those citing
// filter[domains] or filter[url], when given.
func (q *scopeQ) runNarrowing(s *sqlb, seqCol string) {
	if len(q.Domains) == 0 && q.URL == "" {
		return
	}
	s.add(` AND ` + seqCol + ` IN (SELECT c.run_seq FROM citations c WHERE `)
	q.factFilter(s, "c", q.Window)
	if len(q.Domains) > 0 {
		s.add(` AND c.domain IN (`+placeholders(len(q.Domains))+`)`, anys(q.Domains))
	}
	if q.URL != "" {
		s.add(` AND c.page = ?`, q.URL)
	}
	s.add(`)`)
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
	q.narrowRuns = len(q.Domains) > 0 || q.URL != ""
	defer func() { q.narrowRuns = false }()
	var s sqlb
	s.add(`WITH r AS (SELECT ` + q.d().bucket(granularity, "x.ran_at") + ` AS d, SUM(x.n) AS total FROM (`)
	q.runsSrcNarrowed(&s, q.Window)
	s.add(`) x GROUP BY 1), t AS (SELECT ` + q.d().bucket(granularity, "x.ran_at") + ` AS d, SUM(x.n) AS cnt FROM (`)
	q.targetRunsSrcNarrowed(&s, q.Window)
	s.add(`) x GROUP BY 1), m AS (SELECT `+q.d().bucket(granularity, "x.ran_at")+` AS d,
		SUM(CASE WHEN x.found_brand_id IN (`+placeholders(len(tracked))+`) THEN x.n ELSE 0 END) AS tracked FROM (`, anys(tracked))
	q.mentionsSrcNarrowed(&s, q.Window)
	s.add(`) x GROUP BY 1),
		b AS (SELECT r.d AS d, r.total AS total, COALESCE(t.cnt, 0) AS cnt, CAST(COALESCE(m.tracked, 0) AS DOUBLE PRECISION) / ? AS avg_cnt
		FROM r LEFT JOIN t ON t.d = r.d LEFT JOIN m ON m.d = r.d)
		SELECT d, total, cnt, `+pct("cnt", "total")+`, avg_cnt, `+pct("avg_cnt", "total")+`,
		`+pct("SUM(cnt) OVER ()", "SUM(total) OVER ()")+`, `+pct("SUM(avg_cnt) OVER ()", "SUM(total) OVER ()")+`,
		SUM(cnt) OVER (), SUM(total) OVER ()
		FROM b ORDER BY d`, nTracked)
	return scanShareSeries(ctx, tx, &s, sightline.Buckets(q.Window, granularity))
}

// The narrowed sources add "the run cites filter[domains] / filter[url]"
// to the fact rows (narrowRuns keeps the rollups out).

func (q *scopeQ) runsSrcNarrowed(s *sqlb, w sightline.Window) {
	q.runsSrc(s, w)
	q.runNarrowing(s, "r.seq")
}

func (q *scopeQ) targetRunsSrcNarrowed(s *sqlb, w sightline.Window) {
	if !q.narrowRuns {
		q.targetRunsSrc(s, w)
		return
	}
	if len(q.targetIDs) > 1 {
		// the grouped form: narrow before GROUP BY
		s.add(`SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, 1 AS n FROM mentions m WHERE `)
		q.factFilter(s, "m", w)
		s.add(` AND m.found_brand_id IN (`+placeholders(len(q.targetIDs))+`)`, anys(q.targetIDs))
		q.runNarrowing(s, "m.run_seq")
		s.add(` GROUP BY m.run_seq, m.ran_at, m.topic_id`)
		return
	}
	s.add(`SELECT m.ran_at AS ran_at, m.topic_id AS topic_id, 1 AS n FROM mentions m WHERE `)
	q.factFilter(s, "m", w)
	s.add(` AND m.found_brand_id = ?`, q.targetIDs[0])
	q.runNarrowing(s, "m.run_seq")
}

func (q *scopeQ) mentionsSrcNarrowed(s *sqlb, w sightline.Window) {
	q.mentionsSrc(s, w)
	q.runNarrowing(s, "m.run_seq")
}

// scanShareSeries reads bucket rows (date, total, count, share, average
// count, average percentage, window share, window average) into a dense
// series: buckets without runs are zeros.
func scanShareSeries(ctx context.Context, tx *Tx, s *sqlb, dates []string) (*sightline.ShareSeries, error) {
	byDate := map[string]sightline.SeriesPoint{}
	var current, average float64
	var count, total int // the window's, over all buckets
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
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

// d returns the dialect of the scope's queries.
func (q *scopeQ) d() dialect { return q.dialect }
