package sqlstore

import (
	"context"
	"fmt"
	"strconv"

	"github.com/sightline/sightline"
)

// topGrowingLimit is how many rows each top_growing list holds.
const topGrowingLimit = 10

// CitationSummary counts the scope's citations by domain type (ownership
// class when it applies, else the static class), largest first.
func (db *DB) CitationSummary(ctx context.Context, orgID string, s sightline.Scope) (*sightline.CitationSummary, error) {
	tx, q, err := db.beginScope(ctx, orgID, s)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var b sqlb
	q.citationScope(&b, q.Window, false, domainLevel)
	classes(&b)
	b.add(` SELECT t, SUM(n), ` + pct("SUM(n)", "SUM(SUM(n)) OVER ()") + `, SUM(SUM(n)) OVER ()
		FROM cls GROUP BY t HAVING SUM(n) > 0 ORDER BY SUM(n) DESC, t`)
	out := &sightline.CitationSummary{Categories: []sightline.CategoryCount{}}
	err = eachRow(ctx, tx, b.String(), b.args, func(scan func(...any) error) error {
		var c sightline.CategoryCount
		if err := scan(&c.Category, &c.Count, &c.Percent, &out.TotalCitations); err != nil {
			return err
		}
		out.Categories = append(out.Categories, c)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("citation summary: %w", err)
	}
	return out, nil
}

// DomainsOverview returns the owned-citation share series, the mention
// share series and the ownership breakdown of the scope.
func (db *DB) DomainsOverview(ctx context.Context, orgID string, s sightline.Scope, granularity string) (*sightline.DomainsOverview, error) {
	tx, q, err := db.beginScope(ctx, orgID, s)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	out := &sightline.DomainsOverview{}
	var nComp int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM competitors WHERE brand_id = ?`, q.BrandID).Scan(&nComp); err != nil {
		return nil, fmt.Errorf("count competitors: %w", err)
	}
	// your_citations: citations of owned domains per bucket; the average
	// is over the tracked brands' own domains (brand + competitors), divided
	// by the number of tracked brands, competitors without a domain included
	// (as the mention share's average).
	var b sqlb
	q.citationScope(&b, q.Window, false, domainLevel)
	b.add(`, bk AS (SELECT `+q.d().bucket(granularity, "ran_at")+` AS d, SUM(n) AS total,
		SUM(CASE WHEN domain IN (SELECT domain FROM od) THEN n ELSE 0 END) AS cnt,
		CAST(SUM(CASE WHEN domain IN (SELECT domain FROM od) OR domain IN (SELECT domain FROM cd) THEN n ELSE 0 END) AS DOUBLE PRECISION) / ? AS avg_cnt
		FROM sel GROUP BY 1)
		SELECT d, total, cnt, `+pct("cnt", "total")+`, avg_cnt, `+pct("avg_cnt", "total")+`,
		`+pct("SUM(cnt) OVER ()", "SUM(total) OVER ()")+`, `+pct("SUM(avg_cnt) OVER ()", "SUM(total) OVER ()")+`,
		SUM(cnt) OVER (), SUM(total) OVER ()
		FROM bk ORDER BY d`, 1+nComp)
	series, err := scanShareSeries(ctx, tx, &b, sightline.Buckets(q.Window, granularity))
	if err != nil {
		return nil, err
	}
	out.YourCitations = *series
	if series, err = q.mentionShare(ctx, tx, granularity); err != nil {
		return nil, err
	}
	out.YourMentions = *series

	var bd sqlb
	q.citationScope(&bd, q.Window, false, domainLevel)
	classes(&bd)
	bd.add(`, ct AS (SELECT CASE WHEN t IN ('owned', 'competitor_owned', 'earned', 'competitor_earned') THEN t ELSE 'other' END AS t, n FROM cls)
		SELECT t, SUM(n), ` + pct("SUM(n)", "SUM(SUM(n)) OVER ()") + ` FROM ct GROUP BY t`)
	counts := map[string]sightline.TypeCount{}
	err = eachRow(ctx, tx, bd.String(), bd.args, func(scan func(...any) error) error {
		var t sightline.TypeCount
		if err := scan(&t.Type, &t.Count, &t.Percent); err != nil {
			return err
		}
		counts[t.Type] = t
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("ownership breakdown: %w", err)
	}
	for _, t := range []string{sightline.DomainOwned, sightline.DomainCompetitorOwned, sightline.DomainEarned, sightline.DomainCompetitorEarned, "other"} {
		c := counts[t]
		c.Type = t
		out.Breakdown = append(out.Breakdown, c)
	}
	return out, nil
}

// CitationsOverview returns summary stats, distributions and top growing
// domains and pages of the scope.
func (db *DB) CitationsOverview(ctx context.Context, orgID string, s sightline.Scope) (*sightline.CitationsOverview, error) {
	tx, q, err := db.beginScope(ctx, orgID, s)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	out := &sightline.CitationsOverview{}
	if err := q.summaryStats(ctx, tx, &out.SummaryStats); err != nil {
		return nil, err
	}
	if err := q.distributions(ctx, tx, &out.Distributions); err != nil {
		return nil, err
	}
	if err := q.topGrowing(ctx, tx, &out.TopGrowing); err != nil {
		return nil, err
	}
	return out, nil
}

// summaryStats counts, per day of the window and for the previous period,
// all citations, citations in answers naming the target, owned citations,
// youtube and reddit citations in answers naming the target, and runs
// naming the target.
func (q *scopeQ) summaryStats(ctx context.Context, tx *Tx, st *sightline.SummaryStats) error {
	cur := ts(q.Window.Start)
	var b sqlb
	q.citationScope(&b, q.span(), false, domainLevel, q.Window.Start)
	b.add(`, cday AS (SELECT CASE WHEN ran_at >= ? THEN 1 ELSE 0 END AS cur, `+q.d().bucket("day", "ran_at")+` AS d,
		SUM(n) AS total, SUM(nb) AS brand,
		SUM(CASE WHEN domain IN (SELECT domain FROM od) THEN n ELSE 0 END) AS own,
		SUM(CASE WHEN domain IN ('youtube.com', 'youtu.be') THEN nb ELSE 0 END) AS yt,
		SUM(CASE WHEN domain = 'reddit.com' THEN nb ELSE 0 END) AS rd
		FROM sel GROUP BY 1, 2),
		md AS (SELECT CASE WHEN ran_at >= ? THEN 1 ELSE 0 END AS cur, `+q.d().bucket("day", "ran_at")+` AS d, SUM(n) AS runs FROM (`, cur, cur)
	q.targetRunsSrc(&b, q.span(), q.Window.Start)
	b.add(`) t GROUP BY 1, 2),
		days AS (SELECT cur, d FROM cday UNION SELECT cur, d FROM md),
		j AS (SELECT days.cur AS cur, days.d AS d, COALESCE(cday.total, 0) AS total, COALESCE(cday.brand, 0) AS brand,
			COALESCE(cday.own, 0) AS own, COALESCE(cday.yt, 0) AS yt, COALESCE(cday.rd, 0) AS rd, COALESCE(md.runs, 0) AS runs
			FROM days LEFT JOIN cday ON cday.cur = days.cur AND cday.d = days.d LEFT JOIN md ON md.cur = days.cur AND md.d = days.d),
		p AS (SELECT SUM(CASE WHEN cur = 1 THEN total ELSE 0 END) AS total, SUM(CASE WHEN cur = 0 THEN total ELSE 0 END) AS total_p,
			SUM(CASE WHEN cur = 1 THEN brand ELSE 0 END) AS brand,
			SUM(CASE WHEN cur = 1 THEN own ELSE 0 END) AS own, SUM(CASE WHEN cur = 0 THEN own ELSE 0 END) AS own_p,
			SUM(CASE WHEN cur = 1 THEN runs ELSE 0 END) AS runs, SUM(CASE WHEN cur = 0 THEN runs ELSE 0 END) AS runs_p,
			SUM(CASE WHEN cur = 1 THEN yt ELSE 0 END) AS yt, SUM(CASE WHEN cur = 0 THEN yt ELSE 0 END) AS yt_p,
			SUM(CASE WHEN cur = 1 THEN rd ELSE 0 END) AS rd, SUM(CASE WHEN cur = 0 THEN rd ELSE 0 END) AS rd_p FROM j)
		SELECT 'day', d, total, own, runs, yt, rd, brand, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM j WHERE cur = 1
		UNION ALL
		SELECT 'all', '', COALESCE(total, 0), COALESCE(own, 0), COALESCE(runs, 0), COALESCE(yt, 0), COALESCE(rd, 0), COALESCE(brand, 0),
			` + pct("COALESCE(brand, 0)", "COALESCE(total, 0)") + `,
			` + growth("COALESCE(total, 0)", "COALESCE(total_p, 0)") + `, ` + growth("COALESCE(own, 0)", "COALESCE(own_p, 0)") + `,
			` + growth("COALESCE(runs, 0)", "COALESCE(runs_p, 0)") + `, ` + growth("COALESCE(yt, 0)", "COALESCE(yt_p, 0)") + `,
			` + growth("COALESCE(rd, 0)", "COALESCE(rd_p, 0)") + `,
			COALESCE(total_p, 0), COALESCE(own_p, 0), COALESCE(runs_p, 0), COALESCE(yt_p, 0), COALESCE(rd_p, 0) FROM p`)
	type day struct{ total, own, runs, yt, rd int }
	days := map[string]day{}
	err := eachRow(ctx, tx, b.String(), b.args, func(scan func(...any) error) error {
		var kind, d string
		var v, prev day
		var brand int
		var rate, gTotal, gOwn, gRuns, gYT, gRD float64
		if err := scan(&kind, &d, &v.total, &v.own, &v.runs, &v.yt, &v.rd, &brand, &rate, &gTotal, &gOwn, &gRuns, &gYT, &gRD,
			&prev.total, &prev.own, &prev.runs, &prev.yt, &prev.rd); err != nil {
			return err
		}
		if kind == "day" {
			days[d] = v
			return nil
		}
		st.TotalCitations = sightline.SummaryStat{Count: v.total, DeltaPercent: gTotal, BrandCount: &brand, BrandRate: &rate,
			BrandRateStats: &sightline.BrandRateStats{}}
		br := st.TotalCitations.BrandRateStats
		br.BrandRateSampleSize, br.BrandRateCILow, br.BrandRateCIHigh = sightline.RateStats(brand, v.total)
		st.YourCitations = sightline.SummaryStat{Count: v.own, DeltaPercent: gOwn}
		st.YourMentions = sightline.SummaryStat{Count: v.runs, DeltaPercent: gRuns}
		st.YouTubeMention = sightline.SummaryStat{Count: v.yt, DeltaPercent: gYT}
		st.RedditMentions = sightline.SummaryStat{Count: v.rd, DeltaPercent: gRD}
		st.TotalCitations.Significant = sightline.CountsSignificant(v.total, prev.total)
		st.YourCitations.Significant = sightline.CountsSignificant(v.own, prev.own)
		st.YourMentions.Significant = sightline.CountsSignificant(v.runs, prev.runs)
		st.YouTubeMention.Significant = sightline.CountsSignificant(v.yt, prev.yt)
		st.RedditMentions.Significant = sightline.CountsSignificant(v.rd, prev.rd)
		return nil
	})
	if err != nil {
		return fmt.Errorf("summary stats: %w", err)
	}
	for _, d := range sightline.Buckets(q.Window, "day") {
		v := days[d]
		st.TotalCitations.DataPoints = append(st.TotalCitations.DataPoints, sightline.CountPoint{Date: d, Count: v.total})
		st.YourCitations.DataPoints = append(st.YourCitations.DataPoints, sightline.CountPoint{Date: d, Count: v.own})
		st.YourMentions.DataPoints = append(st.YourMentions.DataPoints, sightline.CountPoint{Date: d, Count: v.runs})
		st.YouTubeMention.DataPoints = append(st.YouTubeMention.DataPoints, sightline.CountPoint{Date: d, Count: v.yt})
		st.RedditMentions.DataPoints = append(st.RedditMentions.DataPoints, sightline.CountPoint{Date: d, Count: v.rd})
	}
	return nil
}

// distributions splits the window's citations and the target's mentions
// (runs naming it) by provider, topic and region.
func (q *scopeQ) distributions(ctx context.Context, tx *Tx, d *sightline.Distributions) error {
	dims := []struct {
		col, table string
		citations  *[]sightline.Share
		mentions   *[]sightline.Share
	}{
		{"provider_id", "providers", &d.Citations.ByProvider, &d.Mentions.ByProvider},
		{"topic_id", "topics", &d.Citations.ByTopic, &d.Mentions.ByTopic},
		{"region_id", "regions", &d.Citations.ByRegion, &d.Mentions.ByRegion},
	}
	// One statement reads each source once for the three splits.
	var b sqlb
	b.add(`WITH cs AS MATERIALIZED (`)
	q.citeCountSrc(&b, q.Window)
	b.add(`), ts AS MATERIALIZED (`)
	q.targetRunsByDimSrc(&b, q.Window)
	b.add(`)`)
	for i, dim := range dims {
		n := strconv.Itoa(i)
		b.add(`, cc` + n + ` AS (SELECT ` + dim.col + ` AS k, SUM(n) AS n FROM cs GROUP BY ` + dim.col + `),
			mc` + n + ` AS (SELECT ` + dim.col + ` AS k, SUM(n) AS n FROM ts GROUP BY ` + dim.col + `)`)
	}
	b.add(` SELECT * FROM (`)
	for i, dim := range dims {
		n := strconv.Itoa(i)
		if i > 0 {
			b.add(` UNION ALL `)
		}
		b.add(`SELECT ` + n + ` AS dim, 'c' AS kind, x.k AS id, t.name AS name, x.n AS n, ` + pct("x.n", "SUM(x.n) OVER ()") + ` AS pct
			FROM cc` + n + ` x JOIN ` + dim.table + ` t ON t.id = x.k
			UNION ALL
			SELECT ` + n + `, 'm', x.k, t.name, x.n, ` + pct("x.n", "SUM(x.n) OVER ()") + `
			FROM mc` + n + ` x JOIN ` + dim.table + ` t ON t.id = x.k`)
	}
	b.add(`) r ORDER BY dim, kind, n DESC, name, id`)
	for _, dim := range dims {
		*dim.citations, *dim.mentions = []sightline.Share{}, []sightline.Share{}
	}
	err := eachRow(ctx, tx, b.String(), b.args, func(scan func(...any) error) error {
		var dim int
		var kind string
		var sh sightline.Share
		if err := scan(&dim, &kind, &sh.ID, &sh.Name, &sh.Count, &sh.Percent); err != nil {
			return err
		}
		if kind == "c" {
			*dims[dim].citations = append(*dims[dim].citations, sh)
		} else {
			*dims[dim].mentions = append(*dims[dim].mentions, sh)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("distributions: %w", err)
	}
	return nil
}

// topGrowing lists domains and pages cited more in the window than in the
// previous period, by growth rate; "just me" counts only citations in
// answers naming the target. One statement reads the citations once, by
// page, for all four lists: a domain's counts are the sums of its pages'.
func (q *scopeQ) topGrowing(ctx context.Context, tx *Tx, tg *sightline.TopGrowing) error {
	tg.DomainsOverall, tg.DomainsJustMe = []sightline.GrowingDomain{}, []sightline.GrowingDomain{}
	tg.PagesOverall, tg.PagesJustMe = []sightline.GrowingPage{}, []sightline.GrowingPage{}
	cur := ts(q.Window.Start)
	var b sqlb
	q.selOnce = true
	q.citationScope(&b, q.span(), false, pageLevel, q.Window.Start)
	q.selOnce = false
	// One pass counts both lists: all citations (n) and the brand's (nb).
	// Among the brand's, those naming the target or only a competitor (for
	// the row's type) are all of a rollup row's nn and none of its nc (the
	// brand is its target), and a fact row's nn and nc where nb is set.
	const sums = `cur, prev, jcur, jprev, nn, nc, jnn, jnc`
	b.add(`, gp AS (SELECT page AS k, MIN(domain) AS domain, MIN(page_type) AS page_type, MIN(static_type) AS static_type,
		SUM(CASE WHEN ran_at >= ? THEN n ELSE 0 END) AS cur, SUM(CASE WHEN ran_at < ? THEN n ELSE 0 END) AS prev,
		SUM(CASE WHEN ran_at >= ? THEN nb ELSE 0 END) AS jcur, SUM(CASE WHEN ran_at < ? THEN nb ELSE 0 END) AS jprev,
		SUM(nn) AS nn, SUM(nc) AS nc,
		SUM(CASE WHEN run_seq = 0 THEN nn ELSE nn * nb END) AS jnn, SUM(CASE WHEN run_seq = 0 THEN 0 ELSE nc * nb END) AS jnc
		FROM sel GROUP BY page),
		g AS (SELECT '`+pageLevel+`' AS level, k, domain, page_type, static_type, `+sums+` FROM gp
			UNION ALL
			SELECT '`+domainLevel+`', domain, domain, '', MIN(static_type), SUM(cur), SUM(prev), SUM(jcur), SUM(jprev),
				SUM(nn), SUM(nc), SUM(jnn), SUM(jnc) FROM gp GROUP BY domain),
		r0 AS (SELECT level, 'overall' AS list, k, domain, page_type, `+classOf("domain", "nn", "nc", "static_type")+` AS domain_type,
			cur, prev, `+growth("cur", "prev")+` AS rate,
			ROW_NUMBER() OVER (PARTITION BY level ORDER BY `+growth("cur", "prev")+` DESC, cur DESC, k) AS rn FROM g WHERE cur > prev),
		r1 AS (SELECT level, 'just_me' AS list, k, domain, page_type, `+classOf("domain", "jnn", "jnc", "static_type")+`,
			jcur, jprev, `+growth("jcur", "jprev")+` AS rate,
			ROW_NUMBER() OVER (PARTITION BY level ORDER BY `+growth("jcur", "jprev")+` DESC, jcur DESC, k) AS rn FROM g WHERE jcur > jprev)
		SELECT level, list, k, domain, page_type, domain_type, cur, prev, rate FROM (
			SELECT * FROM r0 WHERE rn <= ? UNION ALL SELECT * FROM r1 WHERE rn <= ?) x
		ORDER BY level, list, rate DESC, cur DESC, k`, cur, cur, cur, cur, topGrowingLimit, topGrowingLimit)
	err := eachRow(ctx, tx, b.String(), b.args, func(scan func(...any) error) error {
		var level, list, k, domain, pageType, domainType string
		var c, p int
		var rate float64
		if err := scan(&level, &list, &k, &domain, &pageType, &domainType, &c, &p, &rate); err != nil {
			return err
		}
		switch {
		case level == pageLevel && list == "just_me":
			tg.PagesJustMe = append(tg.PagesJustMe, sightline.GrowingPage{Page: k, Domain: domain, PageType: pageType, CurrentCount: c, PreviousCount: p, GrowthRate: rate})
		case level == pageLevel:
			tg.PagesOverall = append(tg.PagesOverall, sightline.GrowingPage{Page: k, Domain: domain, PageType: pageType, CurrentCount: c, PreviousCount: p, GrowthRate: rate})
		case list == "just_me":
			tg.DomainsJustMe = append(tg.DomainsJustMe, sightline.GrowingDomain{Domain: k, DomainType: domainType, CurrentCount: c, PreviousCount: p, GrowthRate: rate})
		default:
			tg.DomainsOverall = append(tg.DomainsOverall, sightline.GrowingDomain{Domain: k, DomainType: domainType, CurrentCount: c, PreviousCount: p, GrowthRate: rate})
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("top growing: %w", err)
	}
	return nil
}
