package sqlstore

// The metric definitions of docs/metrics.md, written once as SQL. Every number the
// API serves is computed by these statements where the data is; Go only
// carries the results. docs/metrics.md documents them.

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

// fillTopicMetrics computes visibility, share of voice, sentiment, citation
// share, their diffs against the previous period, and top brands for the
// given topics over scope.
func fillTopicMetrics(ctx context.Context, tx *Tx, scope sightline.Scope, topics []*sightline.Topic) error {
	if len(topics) == 0 {
		return nil
	}
	q, err := newScope(ctx, tx, scope)
	if err != nil {
		return err
	}
	ids := make([]any, len(topics))
	byID := make(map[string]*sightline.Topic, len(topics))
	for i, t := range topics {
		ids[i], byID[t.ID] = t.ID, t
	}
	cur := ts(q.Window.Start) // rows with ran_at >= cur are in the window, the others in the previous period
	span, cut := q.Span(), q.Window.Start
	inTopics := func(src string) string {
		return " WHERE " + src + ".topic_id IN (" + analyticsql.Placeholders(len(ids)) + ")"
	}
	target := "span_mentions.found_brand_id IN (" + analyticsql.Placeholders(len(q.TargetIDs)) + ")"
	targetArgs := anys(q.TargetIDs)

	var s sqlb
	// topic_runs: runs per topic (denominator of visibility), citations of
	// owned domains and all citations (citation share), in one read.
	s.Add(`WITH topic_runs AS (SELECT span_runs.topic_id AS topic_id,
		SUM(CASE WHEN span_runs.ran_at >= ? THEN span_runs.runs ELSE 0 END) AS runs,
		SUM(CASE WHEN span_runs.ran_at < ? THEN span_runs.runs ELSE 0 END) AS previous_runs,
		SUM(CASE WHEN span_runs.ran_at >= ? THEN span_runs.owned_citations ELSE 0 END) AS owned_citations,
		SUM(CASE WHEN span_runs.ran_at < ? THEN span_runs.owned_citations ELSE 0 END) AS previous_owned_citations,
		SUM(CASE WHEN span_runs.ran_at >= ? THEN span_runs.citations ELSE 0 END) AS citations,
		SUM(CASE WHEN span_runs.ran_at < ? THEN span_runs.citations ELSE 0 END) AS previous_citations FROM (`, cur, cur, cur, cur, cur, cur)
	q.RunCiteCountSrc(&s, span, cut)
	s.Add(`) span_runs`+inTopics("span_runs")+` GROUP BY span_runs.topic_id),`, ids)
	// topic_target_runs: runs naming the target (numerator of visibility).
	// A run names a found brand at most once (one mention row per run and
	// found brand), so with one target found brand they are its mentions,
	// which topic_mentions counts anyway: they are then its target columns,
	// without reading them again.
	visCur, visPrev := "COALESCE(topic_mentions.target_mentions, 0)", "COALESCE(topic_mentions.previous_target_mentions, 0)"
	if len(q.TargetIDs) > 1 {
		s.Add(` topic_target_runs AS (SELECT span_target_runs.topic_id AS topic_id,
			SUM(CASE WHEN span_target_runs.ran_at >= ? THEN span_target_runs.runs ELSE 0 END) AS target_runs,
			SUM(CASE WHEN span_target_runs.ran_at < ? THEN span_target_runs.runs ELSE 0 END) AS previous_target_runs FROM (`, cur, cur)
		q.TargetRunsSrc(&s, span, cut)
		s.Add(`) span_target_runs`+inTopics("span_target_runs")+` GROUP BY span_target_runs.topic_id),`, ids)
		visCur, visPrev = "COALESCE(topic_target_runs.target_runs, 0)", "COALESCE(topic_target_runs.previous_target_runs, 0)"
	}
	// topic_mentions: target mentions, all mentions, the target's sentiment sums.
	s.Add(` topic_mentions AS (SELECT span_mentions.topic_id AS topic_id,
		SUM(CASE WHEN span_mentions.ran_at >= ? AND `+target+` THEN span_mentions.mentions ELSE 0 END) AS target_mentions,
		SUM(CASE WHEN span_mentions.ran_at < ? AND `+target+` THEN span_mentions.mentions ELSE 0 END) AS previous_target_mentions,
		SUM(CASE WHEN span_mentions.ran_at >= ? THEN span_mentions.mentions ELSE 0 END) AS mentions,
		SUM(CASE WHEN span_mentions.ran_at < ? THEN span_mentions.mentions ELSE 0 END) AS previous_mentions,
		SUM(CASE WHEN span_mentions.ran_at >= ? AND `+target+` THEN span_mentions.sentiment_sum ELSE 0 END) AS target_sentiment_sum,
		SUM(CASE WHEN span_mentions.ran_at < ? AND `+target+` THEN span_mentions.sentiment_sum ELSE 0 END) AS previous_target_sentiment_sum FROM (`,
		cur, targetArgs, cur, targetArgs, cur, cur, cur, targetArgs, cur, targetArgs)
	q.MentionsSrc(&s, span, cut)
	s.Add(`) span_mentions`+inTopics("span_mentions")+` GROUP BY span_mentions.topic_id),`, ids)
	joinTargetRuns := ""
	if len(q.TargetIDs) > 1 {
		joinTargetRuns = ` LEFT JOIN topic_target_runs ON topic_target_runs.topic_id = topics.id`
	}
	// topic_metrics: the metrics of both periods and the counts they are
	// rates of; the outer select adds the diffs.
	s.Add(` topic_metrics AS (SELECT topics.id AS id,
		`+analyticsql.Pct(visCur, "COALESCE(topic_runs.runs, 0)")+` AS visibility,
		`+analyticsql.Pct(visPrev, "COALESCE(topic_runs.previous_runs, 0)")+` AS previous_visibility,
		`+analyticsql.Pct("COALESCE(topic_mentions.target_mentions, 0)", "COALESCE(topic_mentions.mentions, 0)")+` AS share_of_voice,
		`+analyticsql.Pct("COALESCE(topic_mentions.previous_target_mentions, 0)", "COALESCE(topic_mentions.previous_mentions, 0)")+` AS previous_share_of_voice,
		`+analyticsql.Mean("COALESCE(topic_mentions.target_sentiment_sum, 0)", "COALESCE(topic_mentions.target_mentions, 0)")+` AS sentiment,
		`+analyticsql.Mean("COALESCE(topic_mentions.previous_target_sentiment_sum, 0)", "COALESCE(topic_mentions.previous_target_mentions, 0)")+` AS previous_sentiment,
		`+analyticsql.Pct("COALESCE(topic_runs.owned_citations, 0)", "COALESCE(topic_runs.citations, 0)")+` AS citation_share,
		`+analyticsql.Pct("COALESCE(topic_runs.previous_owned_citations, 0)", "COALESCE(topic_runs.previous_citations, 0)")+` AS previous_citation_share,
		`+visCur+` AS target_runs, COALESCE(topic_runs.runs, 0) AS runs,
		`+visPrev+` AS previous_target_runs, COALESCE(topic_runs.previous_runs, 0) AS previous_runs,
		COALESCE(topic_mentions.target_mentions, 0) AS target_mentions, COALESCE(topic_mentions.mentions, 0) AS mentions,
		COALESCE(topic_mentions.previous_target_mentions, 0) AS previous_target_mentions, COALESCE(topic_mentions.previous_mentions, 0) AS previous_mentions,
		COALESCE(topic_runs.owned_citations, 0) AS owned_citations, COALESCE(topic_runs.citations, 0) AS citations,
		COALESCE(topic_runs.previous_owned_citations, 0) AS previous_owned_citations, COALESCE(topic_runs.previous_citations, 0) AS previous_citations
		FROM topics LEFT JOIN topic_runs ON topic_runs.topic_id = topics.id`+joinTargetRuns+`
		LEFT JOIN topic_mentions ON topic_mentions.topic_id = topics.id
		WHERE topics.id IN (`+analyticsql.Placeholders(len(ids))+`))
		SELECT id, visibility, visibility - previous_visibility, share_of_voice, share_of_voice - previous_share_of_voice,
		sentiment, sentiment - previous_sentiment, citation_share, citation_share - previous_citation_share,
		target_runs, runs, previous_target_runs, previous_runs, target_mentions, mentions, previous_target_mentions, previous_mentions,
		owned_citations, citations, previous_owned_citations, previous_citations FROM topic_metrics`, ids)
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

// fillTopBrands lists per topic the found brands with the highest
// visibility in the window (ties by name); filter[brand_ids] limits the
// candidates.
func fillTopBrands(ctx context.Context, tx *Tx, q *scopeQ, ids []any, byID map[string]*sightline.Topic) error {
	inTopics := func(src string) string {
		return " WHERE " + src + ".topic_id IN (" + analyticsql.Placeholders(len(ids)) + ")"
	}
	var s sqlb
	s.Add(`WITH topic_runs AS (SELECT window_runs.topic_id AS topic_id, SUM(window_runs.runs) AS runs FROM (`)
	q.RunsSrc(&s, q.Window)
	s.Add(`) window_runs`+inTopics("window_runs")+` GROUP BY window_runs.topic_id),
		topic_brand_mentions AS (SELECT window_mentions.topic_id AS topic_id, window_mentions.found_brand_id AS found_brand_id,
			SUM(window_mentions.mentions) AS mentions FROM (`, ids)
	q.MentionsSrc(&s, q.Window)
	s.Add(`) window_mentions`+inTopics("window_mentions"), ids)
	if len(q.FoundBrandIDs) > 0 {
		s.Add(" AND window_mentions.found_brand_id IN ("+analyticsql.Placeholders(len(q.FoundBrandIDs))+")", anys(q.FoundBrandIDs))
	}
	s.Add(` GROUP BY window_mentions.topic_id, window_mentions.found_brand_id),
		ranked_brands AS (SELECT topic_brand_mentions.topic_id AS topic_id, topic_brand_mentions.found_brand_id AS found_brand_id,
			found_brands.name AS name, topic_brand_mentions.mentions AS mentions,
			ROW_NUMBER() OVER (PARTITION BY topic_brand_mentions.topic_id
				ORDER BY topic_brand_mentions.mentions DESC, found_brands.name ASC, topic_brand_mentions.found_brand_id ASC) AS brand_rank
			FROM topic_brand_mentions JOIN found_brands ON found_brands.id = topic_brand_mentions.found_brand_id)
		SELECT ranked_brands.topic_id, ranked_brands.found_brand_id, ranked_brands.name, `+analyticsql.Pct("ranked_brands.mentions", "topic_runs.runs")+`,
			ranked_brands.mentions, topic_runs.runs
		FROM ranked_brands JOIN topic_runs ON topic_runs.topic_id = ranked_brands.topic_id WHERE ranked_brands.brand_rank <= ?
		ORDER BY ranked_brands.topic_id, ranked_brands.brand_rank`, topBrandsLimit)
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
