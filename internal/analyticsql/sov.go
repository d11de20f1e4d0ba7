package analyticsql

// ShareOfVoice lists, per found brand, visibility (runs naming it / runs in
// scope), share of voice (its mentions / all mentions in scope), sentiment
// and mention count over the window, the differences with the previous
// period, ordered by order (an ORDER BY clause over brand_metrics'
// columns), limit rows from offset. Rows are the brand itself, its
// competitors and every found brand named in either period;
// filter[brand_ids] restricts them. Columns: id, name, kind, competitor_id,
// visibility, share of voice, sentiment, mentions, their differences, the
// count of rows, previous mentions, runs and all mentions of both periods.
func (q *Scope) ShareOfVoice(order string, limit, offset int) *Builder {
	defer q.sumsPerPeriod()()
	cur := FormatTime(q.Window.Start)
	span, cut := q.span(), q.Window.Start
	// run_totals: the runs of both periods; brand_mentions: per found
	// brand its mentions and sentiment sums; mention_totals: all mentions;
	// brand_metrics: per listed found brand, its metrics of both periods.
	var s Builder
	s.Add(`WITH run_totals AS (
SELECT SUM(CASE WHEN span_runs.ran_at >= ? THEN span_runs.runs ELSE 0 END) AS runs,
SUM(CASE WHEN span_runs.ran_at < ? THEN span_runs.runs ELSE 0 END) AS previous_runs
FROM (
`, cur, cur)
	q.runsSrc(&s, span, cut)
	s.Add(`
) span_runs
),
brand_mentions AS (
SELECT span_mentions.found_brand_id AS found_brand_id,
SUM(CASE WHEN span_mentions.ran_at >= ? THEN span_mentions.mentions ELSE 0 END) AS mentions,
SUM(CASE WHEN span_mentions.ran_at < ? THEN span_mentions.mentions ELSE 0 END) AS previous_mentions,
SUM(CASE WHEN span_mentions.ran_at >= ? THEN span_mentions.sentiment_sum ELSE 0 END) AS sentiment_sum,
SUM(CASE WHEN span_mentions.ran_at < ? THEN span_mentions.sentiment_sum ELSE 0 END) AS previous_sentiment_sum
FROM (
`, cur, cur, cur, cur)
	q.mentionsSrc(&s, span, cut)
	s.Add(`
) span_mentions
GROUP BY span_mentions.found_brand_id
),
mention_totals AS (
SELECT COALESCE(SUM(mentions), 0) AS mentions, COALESCE(SUM(previous_mentions), 0) AS previous_mentions
FROM brand_mentions
),
brand_metrics AS (
SELECT found_brands.id AS id, found_brands.name AS name,
CASE WHEN found_brands.is_self = ? THEN 'own'
  WHEN found_brands.competitor_id IS NOT NULL THEN 'competitor'
  ELSE 'other' END AS kind,
found_brands.competitor_id AS competitor_id,
`+Pct("COALESCE(brand_mentions.mentions, 0)", "COALESCE(run_totals.runs, 0)")+` AS visibility,
`+Pct("COALESCE(brand_mentions.previous_mentions, 0)", "COALESCE(run_totals.previous_runs, 0)")+` AS previous_visibility,
`+Pct("COALESCE(brand_mentions.mentions, 0)", "mention_totals.mentions")+` AS share_of_voice,
`+Pct("COALESCE(brand_mentions.previous_mentions, 0)", "mention_totals.previous_mentions")+` AS previous_share_of_voice,
`+Mean("COALESCE(brand_mentions.sentiment_sum, 0)", "COALESCE(brand_mentions.mentions, 0)")+` AS sentiment,
`+Mean("COALESCE(brand_mentions.previous_sentiment_sum, 0)", "COALESCE(brand_mentions.previous_mentions, 0)")+`
  AS previous_sentiment,
COALESCE(brand_mentions.mentions, 0) AS mentions,
COALESCE(brand_mentions.previous_mentions, 0) AS previous_mentions,
COALESCE(run_totals.runs, 0) AS runs, COALESCE(run_totals.previous_runs, 0) AS previous_runs,
mention_totals.mentions AS all_mentions, mention_totals.previous_mentions AS previous_all_mentions
FROM found_brands
LEFT JOIN brand_mentions ON brand_mentions.found_brand_id = found_brands.id
CROSS JOIN run_totals
CROSS JOIN mention_totals
WHERE found_brands.brand_id = ?
AND (
  brand_mentions.found_brand_id IS NOT NULL
  OR found_brands.is_self = ?
  OR found_brands.competitor_id IS NOT NULL
)`,
		true, q.BrandID, true)
	q.sovRowFilter(&s)
	s.Add(`
)
SELECT id, name, kind, competitor_id, visibility, share_of_voice, sentiment, mentions,
visibility - previous_visibility, share_of_voice - previous_share_of_voice,
sentiment - previous_sentiment, mentions - previous_mentions,
COUNT(*) OVER (), previous_mentions, runs, previous_runs, all_mentions, previous_all_mentions
FROM brand_metrics
`+order+`
LIMIT ? OFFSET ?`, limit, offset)
	return &s
}

// ShareOfVoiceCount counts the rows ShareOfVoice lists.
func (q *Scope) ShareOfVoiceCount() *Builder {
	defer q.sumsPerPeriod()()
	var s Builder
	s.Add(`SELECT COUNT(*)
FROM found_brands
WHERE found_brands.brand_id = ?
AND (
  found_brands.is_self = ?
  OR found_brands.competitor_id IS NOT NULL
  OR found_brands.id IN (
    SELECT span_mentions.found_brand_id
    FROM (
`, q.BrandID, true)
	q.mentionsSrc(&s, q.span(), q.Window.Start)
	s.Add(`
    ) span_mentions
  )
)`)
	q.sovRowFilter(&s)
	return &s
}

// sovRowFilter narrows the found brands of share-of-voice rows: to
// FoundBrandIDs, and to the tracked ones under TrackedOnly.
func (q *Scope) sovRowFilter(s *Builder) {
	if len(q.FoundBrandIDs) > 0 {
		s.Add(`
AND found_brands.id IN (`+Placeholders(len(q.FoundBrandIDs))+`)`, Anys(q.FoundBrandIDs))
	}
	if q.TrackedOnly {
		s.Add(`
AND (found_brands.is_self = ? OR found_brands.competitor_id IS NOT NULL)`, true)
	}
}

// ShareOfVoiceSeries is the per-bucket metrics of the found brands ids,
// and a row per bucket (id NULL) with its runs and mentions: the
// denominators. Columns: bucket, found brand id, visibility, share of
// voice, sentiment, mentions, runs, all mentions.
func (q *Scope) ShareOfVoiceSeries(granularity string, ids []string) *Builder {
	// bucket_runs, bucket_mentions: the denominators per bucket;
	// bucket_brand_mentions: the mentions of the given found brands.
	var s Builder
	s.Add("WITH window_mentions AS MATERIALIZED (\n")
	q.mentionsSrc(&s, q.Window)
	s.Add(`
),
bucket_runs AS (
SELECT ` + q.Dialect.Bucket(granularity, "window_runs.ran_at") + ` AS bucket,
SUM(window_runs.runs) AS runs
FROM (
`)
	q.runsSrc(&s, q.Window)
	s.Add(`
) window_runs
GROUP BY 1
),
bucket_mentions AS (
SELECT `+q.Dialect.Bucket(granularity, "ran_at")+` AS bucket,
SUM(mentions) AS mentions
FROM window_mentions
GROUP BY 1
),
bucket_brand_mentions AS (
SELECT `+q.Dialect.Bucket(granularity, "ran_at")+` AS bucket, found_brand_id AS found_brand_id,
SUM(mentions) AS mentions, SUM(sentiment_sum) AS sentiment_sum
FROM window_mentions
WHERE found_brand_id IN (`+Placeholders(len(ids))+`)
GROUP BY 1, 2
)
SELECT bucket_brand_mentions.bucket, bucket_brand_mentions.found_brand_id,
`+Pct("bucket_brand_mentions.mentions", "bucket_runs.runs")+`,
`+Pct("bucket_brand_mentions.mentions", "bucket_mentions.mentions")+`,
`+Mean("bucket_brand_mentions.sentiment_sum", "bucket_brand_mentions.mentions")+`,
bucket_brand_mentions.mentions, 0, 0
FROM bucket_brand_mentions
JOIN bucket_runs ON bucket_runs.bucket = bucket_brand_mentions.bucket
JOIN bucket_mentions ON bucket_mentions.bucket = bucket_brand_mentions.bucket
UNION ALL
SELECT bucket_runs.bucket, NULL, 0, 0, 0, 0, bucket_runs.runs, COALESCE(bucket_mentions.mentions, 0)
FROM bucket_runs
LEFT JOIN bucket_mentions ON bucket_mentions.bucket = bucket_runs.bucket
ORDER BY 1`, Anys(ids))
	return &s
}
