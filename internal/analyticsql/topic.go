package analyticsql

// TopicMetrics computes per topic of ids visibility, share of voice,
// sentiment, citation share and their diffs against the previous period.
// Columns: id, the four metrics each followed by its diff, then the
// numerators and denominators of the three rates (window, previous period):
// target runs, runs, previous target runs, previous runs, target mentions,
// mentions, previous target mentions, previous mentions, owned citations,
// citations, previous owned citations, previous citations.
func (q *Scope) TopicMetrics(ids []string) *Builder {
	defer q.sumsPerPeriod()()
	cur := FormatTime(q.Window.Start) // rows with ran_at >= cur are in the window, the others in the previous period
	span, cut := q.span(), q.Window.Start
	inTopics := func(src string) string {
		return "\nWHERE " + src + ".topic_id IN (" + Placeholders(len(ids)) + ")"
	}
	target := "span_mentions.found_brand_id IN (" + Placeholders(len(q.TargetIDs)) + ")"
	targetArgs := Anys(q.TargetIDs)

	var s Builder
	// topic_runs: runs per topic (denominator of visibility), citations of
	// owned domains and all citations (citation share), in one read.
	s.Add(`WITH topic_runs AS (
SELECT span_runs.topic_id AS topic_id,
SUM(CASE WHEN span_runs.ran_at >= ? THEN span_runs.runs ELSE 0 END) AS runs,
SUM(CASE WHEN span_runs.ran_at < ? THEN span_runs.runs ELSE 0 END) AS previous_runs,
SUM(CASE WHEN span_runs.ran_at >= ? THEN span_runs.owned_citations ELSE 0 END) AS owned_citations,
SUM(CASE WHEN span_runs.ran_at < ? THEN span_runs.owned_citations ELSE 0 END) AS previous_owned_citations,
SUM(CASE WHEN span_runs.ran_at >= ? THEN span_runs.citations ELSE 0 END) AS citations,
SUM(CASE WHEN span_runs.ran_at < ? THEN span_runs.citations ELSE 0 END) AS previous_citations
FROM (
`, cur, cur, cur, cur, cur, cur)
	q.runCiteCountSrc(&s, span, cut)
	s.Add(`
) span_runs`+inTopics("span_runs")+`
GROUP BY span_runs.topic_id
),`, Anys(ids))
	// topic_target_runs: runs naming the target (numerator of visibility).
	// A run names a found brand at most once (one mention row per run and
	// found brand), so with one target found brand they are its mentions,
	// which topic_mentions counts anyway: they are then its target columns,
	// without reading them again.
	visCur, visPrev := "COALESCE(topic_mentions.target_mentions, 0)", "COALESCE(topic_mentions.previous_target_mentions, 0)"
	if len(q.TargetIDs) > 1 {
		s.Add(`
topic_target_runs AS (
SELECT span_target_runs.topic_id AS topic_id,
SUM(CASE WHEN span_target_runs.ran_at >= ? THEN span_target_runs.runs ELSE 0 END) AS target_runs,
SUM(CASE WHEN span_target_runs.ran_at < ? THEN span_target_runs.runs ELSE 0 END) AS previous_target_runs
FROM (
`, cur, cur)
		q.targetRunsSrc(&s, span, cut)
		s.Add(`
) span_target_runs`+inTopics("span_target_runs")+`
GROUP BY span_target_runs.topic_id
),`, Anys(ids))
		visCur, visPrev = "COALESCE(topic_target_runs.target_runs, 0)", "COALESCE(topic_target_runs.previous_target_runs, 0)"
	}
	// topic_mentions: target mentions, all mentions, the target's sentiment
	// sums (the target's conditions on a line of their own: the list of
	// target ids may be long).
	s.Add(`
topic_mentions AS (
SELECT span_mentions.topic_id AS topic_id,
SUM(CASE WHEN span_mentions.ran_at >= ?
  AND `+target+`
  THEN span_mentions.mentions ELSE 0 END) AS target_mentions,
SUM(CASE WHEN span_mentions.ran_at < ?
  AND `+target+`
  THEN span_mentions.mentions ELSE 0 END) AS previous_target_mentions,
SUM(CASE WHEN span_mentions.ran_at >= ? THEN span_mentions.mentions ELSE 0 END) AS mentions,
SUM(CASE WHEN span_mentions.ran_at < ? THEN span_mentions.mentions ELSE 0 END) AS previous_mentions,
SUM(CASE WHEN span_mentions.ran_at >= ?
  AND `+target+`
  THEN span_mentions.sentiment_sum ELSE 0 END) AS target_sentiment_sum,
SUM(CASE WHEN span_mentions.ran_at < ?
  AND `+target+`
  THEN span_mentions.sentiment_sum ELSE 0 END) AS previous_target_sentiment_sum
FROM (
`,
		cur, targetArgs, cur, targetArgs, cur, cur, cur, targetArgs, cur, targetArgs)
	q.mentionsSrc(&s, span, cut)
	s.Add(`
) span_mentions`+inTopics("span_mentions")+`
GROUP BY span_mentions.topic_id
),`, Anys(ids))
	joinTargetRuns := ""
	if len(q.TargetIDs) > 1 {
		joinTargetRuns = "\nLEFT JOIN topic_target_runs ON topic_target_runs.topic_id = topics.id"
	}
	// topic_metrics: the metrics of both periods and the counts they are
	// rates of; the outer select adds the diffs.
	s.Add(`
topic_metrics AS (
SELECT topics.id AS id,
`+Pct(visCur, "COALESCE(topic_runs.runs, 0)")+` AS visibility,
`+Pct(visPrev, "COALESCE(topic_runs.previous_runs, 0)")+` AS previous_visibility,
`+Pct("COALESCE(topic_mentions.target_mentions, 0)", "COALESCE(topic_mentions.mentions, 0)")+` AS share_of_voice,
`+Pct("COALESCE(topic_mentions.previous_target_mentions, 0)", "COALESCE(topic_mentions.previous_mentions, 0)")+`
  AS previous_share_of_voice,
`+Mean("COALESCE(topic_mentions.target_sentiment_sum, 0)", "COALESCE(topic_mentions.target_mentions, 0)")+` AS sentiment,
`+Mean("COALESCE(topic_mentions.previous_target_sentiment_sum, 0)", "COALESCE(topic_mentions.previous_target_mentions, 0)")+`
  AS previous_sentiment,
`+Pct("COALESCE(topic_runs.owned_citations, 0)", "COALESCE(topic_runs.citations, 0)")+` AS citation_share,
`+Pct("COALESCE(topic_runs.previous_owned_citations, 0)", "COALESCE(topic_runs.previous_citations, 0)")+`
  AS previous_citation_share,
`+visCur+` AS target_runs,
COALESCE(topic_runs.runs, 0) AS runs,
`+visPrev+` AS previous_target_runs,
COALESCE(topic_runs.previous_runs, 0) AS previous_runs,
COALESCE(topic_mentions.target_mentions, 0) AS target_mentions,
COALESCE(topic_mentions.mentions, 0) AS mentions,
COALESCE(topic_mentions.previous_target_mentions, 0) AS previous_target_mentions,
COALESCE(topic_mentions.previous_mentions, 0) AS previous_mentions,
COALESCE(topic_runs.owned_citations, 0) AS owned_citations,
COALESCE(topic_runs.citations, 0) AS citations,
COALESCE(topic_runs.previous_owned_citations, 0) AS previous_owned_citations,
COALESCE(topic_runs.previous_citations, 0) AS previous_citations
FROM topics
LEFT JOIN topic_runs ON topic_runs.topic_id = topics.id`+joinTargetRuns+`
LEFT JOIN topic_mentions ON topic_mentions.topic_id = topics.id
WHERE topics.id IN (`+Placeholders(len(ids))+`)
)
SELECT id, visibility, visibility - previous_visibility,
share_of_voice, share_of_voice - previous_share_of_voice,
sentiment, sentiment - previous_sentiment,
citation_share, citation_share - previous_citation_share,
target_runs, runs, previous_target_runs, previous_runs,
target_mentions, mentions, previous_target_mentions, previous_mentions,
owned_citations, citations, previous_owned_citations, previous_citations
FROM topic_metrics`, Anys(ids))
	return &s
}

// TopBrands lists per topic of ids the limit found brands with the highest
// visibility in the window (ties by name); filter[brand_ids] limits the
// candidates. Columns: topic id, found brand id, name, visibility, runs
// naming it, the topic's runs.
func (q *Scope) TopBrands(ids []string, limit int) *Builder {
	defer q.sumsPerPeriod()()
	inTopics := func(src string) string {
		return "\nWHERE " + src + ".topic_id IN (" + Placeholders(len(ids)) + ")"
	}
	var s Builder
	s.Add(`WITH topic_runs AS (
SELECT window_runs.topic_id AS topic_id, SUM(window_runs.runs) AS runs
FROM (
`)
	q.runsSrc(&s, q.Window)
	s.Add(`
) window_runs`+inTopics("window_runs")+`
GROUP BY window_runs.topic_id
),
topic_brand_mentions AS (
SELECT window_mentions.topic_id AS topic_id, window_mentions.found_brand_id AS found_brand_id,
SUM(window_mentions.mentions) AS mentions
FROM (
`, Anys(ids))
	q.mentionsSrc(&s, q.Window)
	s.Add(`
) window_mentions`+inTopics("window_mentions"), Anys(ids))
	if len(q.FoundBrandIDs) > 0 {
		s.Add("\nAND window_mentions.found_brand_id IN ("+Placeholders(len(q.FoundBrandIDs))+")", Anys(q.FoundBrandIDs))
	}
	s.Add(`
GROUP BY window_mentions.topic_id, window_mentions.found_brand_id
),
ranked_brands AS (
SELECT topic_brand_mentions.topic_id AS topic_id,
topic_brand_mentions.found_brand_id AS found_brand_id,
found_brands.name AS name, topic_brand_mentions.mentions AS mentions,
ROW_NUMBER() OVER (
  PARTITION BY topic_brand_mentions.topic_id
  ORDER BY topic_brand_mentions.mentions DESC, found_brands.name ASC, topic_brand_mentions.found_brand_id ASC
) AS brand_rank
FROM topic_brand_mentions
JOIN found_brands ON found_brands.id = topic_brand_mentions.found_brand_id
)
SELECT ranked_brands.topic_id, ranked_brands.found_brand_id, ranked_brands.name,
`+Pct("ranked_brands.mentions", "topic_runs.runs")+`,
ranked_brands.mentions, topic_runs.runs
FROM ranked_brands
JOIN topic_runs ON topic_runs.topic_id = ranked_brands.topic_id
WHERE ranked_brands.brand_rank <= ?
ORDER BY ranked_brands.topic_id, ranked_brands.brand_rank`, limit)
	return &s
}
