package sqlstore

// The metric definitions of DESIGN §4, written once as SQL. Every number the
// API serves is computed by these statements where the data is; Go only
// carries the results. docs/metrics.md documents them.

import (
	"context"
	"fmt"

	"github.com/sightline/sightline"
)

// ownedDomains is the subquery of a brand's owned registrable domains.
const ownedDomains = `(SELECT domain FROM brand_domains WHERE brand_id = ?)`

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
	span := q.span()
	inTopics := " AND %s.topic_id IN (" + placeholders(len(ids)) + ")"
	target, targetArgs := q.targetIn("m.found_brand_id")

	var s sqlb
	// r: runs per topic (denominator of visibility).
	rf, rargs := q.runFilter("r", span)
	s.add(`WITH r AS (SELECT r.topic_id AS topic_id,
		SUM(CASE WHEN r.ran_at >= ? THEN 1 ELSE 0 END) AS cur,
		SUM(CASE WHEN r.ran_at < ? THEN 1 ELSE 0 END) AS prev
		FROM runs r WHERE `, cur, cur).add(rf, rargs...).add(fmt.Sprintf(inTopics, "r"), ids...).add(` GROUP BY r.topic_id),`)
	// m: runs mentioning the target, target mentions, all mentions, sentiment.
	mf, margs := q.runFilter("m", span)
	s.add(` m AS (SELECT m.topic_id AS topic_id,
		COUNT(DISTINCT CASE WHEN m.ran_at >= ? AND `+target+` THEN m.run_seq END) AS vis_cur,
		COUNT(DISTINCT CASE WHEN m.ran_at < ? AND `+target+` THEN m.run_seq END) AS vis_prev,
		SUM(CASE WHEN m.ran_at >= ? AND `+target+` THEN 1 ELSE 0 END) AS tm_cur,
		SUM(CASE WHEN m.ran_at < ? AND `+target+` THEN 1 ELSE 0 END) AS tm_prev,
		SUM(CASE WHEN m.ran_at >= ? THEN 1 ELSE 0 END) AS all_cur,
		SUM(CASE WHEN m.ran_at < ? THEN 1 ELSE 0 END) AS all_prev,
		AVG(CASE WHEN m.ran_at >= ? AND `+target+` THEN m.sentiment END) AS sent_cur,
		AVG(CASE WHEN m.ran_at < ? AND `+target+` THEN m.sentiment END) AS sent_prev
		FROM mentions m WHERE `, cur, targetArgs, cur, targetArgs, cur, targetArgs, cur, targetArgs, cur, cur, cur, targetArgs, cur, targetArgs)
	s.add(mf, margs...).add(fmt.Sprintf(inTopics, "m"), ids...).add(` GROUP BY m.topic_id),`)
	// c: citations of owned domains and all citations.
	cf, cargs := q.runFilter("c", span)
	s.add(` c AS (SELECT c.topic_id AS topic_id,
		SUM(CASE WHEN c.ran_at >= ? AND c.domain IN `+ownedDomains+` THEN 1 ELSE 0 END) AS own_cur,
		SUM(CASE WHEN c.ran_at < ? AND c.domain IN `+ownedDomains+` THEN 1 ELSE 0 END) AS own_prev,
		SUM(CASE WHEN c.ran_at >= ? THEN 1 ELSE 0 END) AS all_cur,
		SUM(CASE WHEN c.ran_at < ? THEN 1 ELSE 0 END) AS all_prev
		FROM citations c WHERE `, cur, q.BrandID, cur, q.BrandID, cur, cur).add(cf, cargs...).add(fmt.Sprintf(inTopics, "c"), ids...).add(` GROUP BY c.topic_id),`)
	// x: the metrics of both periods; the outer select adds the diffs.
	s.add(` x AS (SELECT t.id AS id,
		` + pct("COALESCE(m.vis_cur, 0)", "COALESCE(r.cur, 0)") + ` AS vis,
		` + pct("COALESCE(m.vis_prev, 0)", "COALESCE(r.prev, 0)") + ` AS vis_prev,
		` + pct("COALESCE(m.tm_cur, 0)", "COALESCE(m.all_cur, 0)") + ` AS sov,
		` + pct("COALESCE(m.tm_prev, 0)", "COALESCE(m.all_prev, 0)") + ` AS sov_prev,
		COALESCE(m.sent_cur, 0) AS sent, COALESCE(m.sent_prev, 0) AS sent_prev,
		` + pct("COALESCE(c.own_cur, 0)", "COALESCE(c.all_cur, 0)") + ` AS cs,
		` + pct("COALESCE(c.own_prev, 0)", "COALESCE(c.all_prev, 0)") + ` AS cs_prev
		FROM topics t LEFT JOIN r ON r.topic_id = t.id LEFT JOIN m ON m.topic_id = t.id LEFT JOIN c ON c.topic_id = t.id
		WHERE t.id IN (` + placeholders(len(ids)) + `))
		SELECT id, vis, vis - vis_prev, sov, sov - sov_prev, sent, sent - sent_prev, cs, cs - cs_prev FROM x`)
	s.args = append(s.args, ids...)
	err = eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
		var id string
		var v [8]float64
		if err := scan(&id, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]); err != nil {
			return err
		}
		t := byID[id]
		t.Visibility, t.VisibilityDiff, t.ShareOfVoice, t.SOVDiff = v[0], v[1], v[2], v[3]
		t.Sentiment, t.SentimentDiff, t.CitationShare, t.CitationShareDiff = v[4], v[5], v[6], v[7]
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
	inTopics := " AND %s.topic_id IN (" + placeholders(len(ids)) + ")"
	var s sqlb
	rf, rargs := q.runFilter("r", q.Window)
	s.add(`WITH r AS (SELECT r.topic_id AS topic_id, COUNT(*) AS runs
		FROM runs r WHERE `).add(rf, rargs...).add(fmt.Sprintf(inTopics, "r"), ids...).add(` GROUP BY r.topic_id),`)
	mf, margs := q.runFilter("m", q.Window)
	s.add(` b AS (SELECT m.topic_id AS topic_id, m.found_brand_id AS id, fb.name AS name, COUNT(*) AS n,
		ROW_NUMBER() OVER (PARTITION BY m.topic_id ORDER BY COUNT(*) DESC, fb.name ASC, m.found_brand_id ASC) AS rn
		FROM mentions m JOIN found_brands fb ON fb.id = m.found_brand_id
		WHERE `).add(mf, margs...).add(fmt.Sprintf(inTopics, "m"), ids...)
	if len(q.FoundBrandIDs) > 0 {
		s.add(" AND m.found_brand_id IN ("+placeholders(len(q.FoundBrandIDs))+")", anys(q.FoundBrandIDs)...)
	}
	s.add(` GROUP BY m.topic_id, m.found_brand_id, fb.name)
		SELECT b.topic_id, b.id, b.name, `+pct("b.n", "r.runs")+`
		FROM b JOIN r ON r.topic_id = b.topic_id WHERE b.rn <= ?
		ORDER BY b.topic_id, b.rn`, topBrandsLimit)
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
		var topicID string
		var tb sightline.TopBrand
		if err := scan(&topicID, &tb.ID, &tb.Name, &tb.Visibility); err != nil {
			return err
		}
		byID[topicID].TopBrands = append(byID[topicID].TopBrands, tb)
		return nil
	})
	if err != nil {
		return fmt.Errorf("top brands: %w", err)
	}
	return nil
}
