package analyticsql

import "github.com/sightline/sightline"

// runNarrowing limits runs (their seq column given) to those citing
// filter[domains] or filter[url], when given.
func (q *Scope) runNarrowing(s *Builder, seqCol string) {
	if len(q.Domains) == 0 && q.URL == "" {
		return
	}
	s.Add(`
AND ` + seqCol + ` IN (SELECT citations.run_seq FROM citations WHERE `)
	q.factFilter(s, "citations", q.Window)
	if len(q.Domains) > 0 {
		s.Add(`
AND citations.domain IN (`+Placeholders(len(q.Domains))+`)`, Anys(q.Domains))
	}
	if q.URL != "" {
		s.Add(`
AND citations.page = ?`, q.URL)
	}
	s.Add(`)`)
}

// The narrowed sources add "the run cites filter[domains] / filter[url]"
// to the fact rows (narrowRuns keeps the rollups out).

// runsSrcNarrowed is runsSrc narrowed.
func (q *Scope) runsSrcNarrowed(s *Builder, w sightline.Window) {
	q.runsSrc(s, w)
	q.runNarrowing(s, "runs.seq")
}

// targetRunsSrcNarrowed is targetRunsSrc narrowed.
func (q *Scope) targetRunsSrcNarrowed(s *Builder, w sightline.Window) {
	if !q.narrowRuns {
		q.targetRunsSrc(s, w)
		return
	}
	if len(q.TargetIDs) > 1 {
		// the grouped form: narrow before GROUP BY
		s.Add(`SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, 1 AS runs FROM mentions WHERE `)
		q.factFilter(s, "mentions", w)
		s.Add(`
AND mentions.found_brand_id IN (`+Placeholders(len(q.TargetIDs))+`)`, Anys(q.TargetIDs))
		q.runNarrowing(s, "mentions.run_seq")
		s.Add(`
GROUP BY mentions.run_seq, mentions.ran_at, mentions.topic_id`)
		return
	}
	s.Add(`SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, 1 AS runs FROM mentions WHERE `)
	q.factFilter(s, "mentions", w)
	s.Add(`
AND mentions.found_brand_id = ?`, q.TargetIDs[0])
	q.runNarrowing(s, "mentions.run_seq")
}

// mentionsSrcNarrowed is mentionsSrc narrowed.
func (q *Scope) mentionsSrcNarrowed(s *Builder, w sightline.Window) {
	q.mentionsSrc(s, w)
	q.runNarrowing(s, "mentions.run_seq")
}

// MentionShare is, per bucket, the runs in scope (total) and those whose
// answer names the target (count), with the average of the tracked brands
// (the found brands tracked: the brand itself and its competitors). Rows:
// bucket, runs, target runs, their percent, tracked average, its percent,
// the two percents over the window, target runs and runs over the window.
func (q *Scope) MentionShare(granularity string, tracked []string) *Builder {
	nTracked := max(1, len(tracked))
	if len(tracked) == 0 {
		tracked = []string{sightline.NilUUID}
	}
	// Runs narrowed by the domains or page they cite can only come from the
	// fact tables.
	q.narrowRuns = len(q.Domains) > 0 || q.URL != ""
	defer func() { q.narrowRuns = false }()
	// per bucket: bucket_runs, the runs in scope; bucket_target_runs, those
	// naming the target; bucket_tracked_mentions, the tracked brands'
	// mentions; share_buckets, the three side by side, the last as the
	// tracked brands' average.
	var s Builder
	s.Add(`WITH bucket_runs AS (
SELECT ` + q.Dialect.Bucket(granularity, "window_runs.ran_at") + ` AS bucket,
SUM(window_runs.runs) AS runs
FROM (
`)
	q.runsSrcNarrowed(&s, q.Window)
	s.Add(`
) window_runs
GROUP BY 1
),
bucket_target_runs AS (
SELECT ` + q.Dialect.Bucket(granularity, "window_target_runs.ran_at") + ` AS bucket,
SUM(window_target_runs.runs) AS target_runs
FROM (
`)
	q.targetRunsSrcNarrowed(&s, q.Window)
	s.Add(`
) window_target_runs
GROUP BY 1
),
bucket_tracked_mentions AS (
SELECT `+q.Dialect.Bucket(granularity, "window_mentions.ran_at")+` AS bucket,
SUM(CASE WHEN window_mentions.found_brand_id IN (`+Placeholders(len(tracked))+`)
  THEN window_mentions.mentions ELSE 0 END) AS tracked_mentions
FROM (
`, Anys(tracked))
	q.mentionsSrcNarrowed(&s, q.Window)
	s.Add(`
) window_mentions
GROUP BY 1
),
share_buckets AS (
SELECT bucket_runs.bucket AS bucket, bucket_runs.runs AS runs,
COALESCE(bucket_target_runs.target_runs, 0) AS target_runs,
CAST(COALESCE(bucket_tracked_mentions.tracked_mentions, 0) AS DOUBLE PRECISION) / ? AS tracked_average
FROM bucket_runs
LEFT JOIN bucket_target_runs ON bucket_target_runs.bucket = bucket_runs.bucket
LEFT JOIN bucket_tracked_mentions ON bucket_tracked_mentions.bucket = bucket_runs.bucket
)
SELECT bucket, runs, target_runs,
`+Pct("target_runs", "runs")+`,
tracked_average,
`+Pct("tracked_average", "runs")+`,
`+Pct("SUM(target_runs) OVER ()", "SUM(runs) OVER ()")+`,
`+Pct("SUM(tracked_average) OVER ()", "SUM(runs) OVER ()")+`,
SUM(target_runs) OVER (), SUM(runs) OVER ()
FROM share_buckets
ORDER BY bucket`, nTracked)
	return &s
}
