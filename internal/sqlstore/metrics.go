package sqlstore

// The metric definitions of docs/metrics.md, written once as SQL. Every number the
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
	span, cut := q.span(), q.Window.Start
	inTopics := " WHERE x.topic_id IN (" + placeholders(len(ids)) + ")"
	target := "x.found_brand_id IN (" + placeholders(len(q.targetIDs)) + ")"
	targetArgs := anys(q.targetIDs)

	var s sqlb
	// r: runs per topic (denominator of visibility).
	s.add(`WITH r AS (SELECT x.topic_id AS topic_id,
		SUM(CASE WHEN x.ran_at >= ? THEN x.n ELSE 0 END) AS cur,
		SUM(CASE WHEN x.ran_at < ? THEN x.n ELSE 0 END) AS prev FROM (`, cur, cur)
	q.runsSrc(&s, span, cut)
	s.add(`) x`+inTopics+` GROUP BY x.topic_id),`, ids)
	// t: runs naming the target (numerator of visibility). A run names a
	// found brand at most once (one mention row per run and found brand),
	// so with one target found brand they are its mentions, which m counts
	// anyway: t is then m's target columns, without reading them again.
	visCur, visPrev := "COALESCE(m.tm_cur, 0)", "COALESCE(m.tm_prev, 0)"
	if len(q.targetIDs) > 1 {
		s.add(` t AS (SELECT x.topic_id AS topic_id,
			SUM(CASE WHEN x.ran_at >= ? THEN x.n ELSE 0 END) AS cur,
			SUM(CASE WHEN x.ran_at < ? THEN x.n ELSE 0 END) AS prev FROM (`, cur, cur)
		q.targetRunsSrc(&s, span, cut)
		s.add(`) x`+inTopics+` GROUP BY x.topic_id),`, ids)
		visCur, visPrev = "COALESCE(t.cur, 0)", "COALESCE(t.prev, 0)"
	}
	// m: target mentions, all mentions, the target's sentiment sums.
	s.add(` m AS (SELECT x.topic_id AS topic_id,
		SUM(CASE WHEN x.ran_at >= ? AND `+target+` THEN x.n ELSE 0 END) AS tm_cur,
		SUM(CASE WHEN x.ran_at < ? AND `+target+` THEN x.n ELSE 0 END) AS tm_prev,
		SUM(CASE WHEN x.ran_at >= ? THEN x.n ELSE 0 END) AS all_cur,
		SUM(CASE WHEN x.ran_at < ? THEN x.n ELSE 0 END) AS all_prev,
		SUM(CASE WHEN x.ran_at >= ? AND `+target+` THEN x.sent ELSE 0 END) AS sent_cur,
		SUM(CASE WHEN x.ran_at < ? AND `+target+` THEN x.sent ELSE 0 END) AS sent_prev FROM (`,
		cur, targetArgs, cur, targetArgs, cur, cur, cur, targetArgs, cur, targetArgs)
	q.mentionsSrc(&s, span, cut)
	s.add(`) x`+inTopics+` GROUP BY x.topic_id),`, ids)
	// c: citations of owned domains and all citations.
	s.add(` c AS (SELECT x.topic_id AS topic_id,
		SUM(CASE WHEN x.ran_at >= ? THEN x.owned ELSE 0 END) AS own_cur,
		SUM(CASE WHEN x.ran_at < ? THEN x.owned ELSE 0 END) AS own_prev,
		SUM(CASE WHEN x.ran_at >= ? THEN x.n ELSE 0 END) AS all_cur,
		SUM(CASE WHEN x.ran_at < ? THEN x.n ELSE 0 END) AS all_prev FROM (`, cur, cur, cur, cur)
	q.citeCountSrc(&s, span, cut)
	s.add(`) x`+inTopics+` GROUP BY x.topic_id),`, ids)
	joinT := ""
	if len(q.targetIDs) > 1 {
		joinT = ` LEFT JOIN t ON t.topic_id = tp.id`
	}
	// v: the metrics of both periods; the outer select adds the diffs.
	s.add(` v AS (SELECT tp.id AS id,
		` + pct(visCur, "COALESCE(r.cur, 0)") + ` AS vis,
		` + pct(visPrev, "COALESCE(r.prev, 0)") + ` AS vis_prev,
		` + pct("COALESCE(m.tm_cur, 0)", "COALESCE(m.all_cur, 0)") + ` AS sov,
		` + pct("COALESCE(m.tm_prev, 0)", "COALESCE(m.all_prev, 0)") + ` AS sov_prev,
		` + mean("COALESCE(m.sent_cur, 0)", "COALESCE(m.tm_cur, 0)") + ` AS sent,
		` + mean("COALESCE(m.sent_prev, 0)", "COALESCE(m.tm_prev, 0)") + ` AS sent_prev,
		` + pct("COALESCE(c.own_cur, 0)", "COALESCE(c.all_cur, 0)") + ` AS cs,
		` + pct("COALESCE(c.own_prev, 0)", "COALESCE(c.all_prev, 0)") + ` AS cs_prev,
		` + visCur + ` AS vk, COALESCE(r.cur, 0) AS vn, ` + visPrev + ` AS vk_p, COALESCE(r.prev, 0) AS vn_p,
		COALESCE(m.tm_cur, 0) AS sk, COALESCE(m.all_cur, 0) AS sn, COALESCE(m.tm_prev, 0) AS sk_p, COALESCE(m.all_prev, 0) AS sn_p,
		COALESCE(c.own_cur, 0) AS ck, COALESCE(c.all_cur, 0) AS cn, COALESCE(c.own_prev, 0) AS ck_p, COALESCE(c.all_prev, 0) AS cn_p
		FROM topics tp LEFT JOIN r ON r.topic_id = tp.id` + joinT + `
		LEFT JOIN m ON m.topic_id = tp.id LEFT JOIN c ON c.topic_id = tp.id
		WHERE tp.id IN (` + placeholders(len(ids)) + `))
		SELECT id, vis, vis - vis_prev, sov, sov - sov_prev, sent, sent - sent_prev, cs, cs - cs_prev,
		vk, vn, vk_p, vn_p, sk, sn, sk_p, sn_p, ck, cn, ck_p, cn_p FROM v`)
	s.args = append(s.args, ids...)
	err = eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
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
	inTopics := " WHERE x.topic_id IN (" + placeholders(len(ids)) + ")"
	var s sqlb
	s.add(`WITH r AS (SELECT x.topic_id AS topic_id, SUM(x.n) AS runs FROM (`)
	q.runsSrc(&s, q.Window)
	s.add(`) x`+inTopics+` GROUP BY x.topic_id), fbn AS (SELECT x.topic_id AS topic_id, x.found_brand_id AS id, SUM(x.n) AS n FROM (`, ids)
	q.mentionsSrc(&s, q.Window)
	s.add(`) x`+inTopics, ids)
	if len(q.FoundBrandIDs) > 0 {
		s.add(" AND x.found_brand_id IN ("+placeholders(len(q.FoundBrandIDs))+")", anys(q.FoundBrandIDs))
	}
	s.add(` GROUP BY x.topic_id, x.found_brand_id),
		b AS (SELECT fbn.topic_id AS topic_id, fbn.id AS id, fb.name AS name, fbn.n AS n,
		ROW_NUMBER() OVER (PARTITION BY fbn.topic_id ORDER BY fbn.n DESC, fb.name ASC, fbn.id ASC) AS rn
		FROM fbn JOIN found_brands fb ON fb.id = fbn.id)
		SELECT b.topic_id, b.id, b.name, `+pct("b.n", "r.runs")+`, b.n, r.runs
		FROM b JOIN r ON r.topic_id = b.topic_id WHERE b.rn <= ?
		ORDER BY b.topic_id, b.rn`, topBrandsLimit)
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
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
