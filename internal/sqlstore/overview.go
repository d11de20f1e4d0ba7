package sqlstore

import (
	"context"
	"fmt"
	"strconv"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
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
	q.CitationScope(&b, q.Window, false, analyticsql.DomainLevel)
	analyticsql.Classes(&b)
	b.Add(` SELECT domain_type, SUM(citations), ` + analyticsql.Pct("SUM(citations)", "SUM(SUM(citations)) OVER ()") + `, SUM(SUM(citations)) OVER ()
		FROM class_counts GROUP BY domain_type HAVING SUM(citations) > 0 ORDER BY SUM(citations) DESC, domain_type`)
	out := &sightline.CitationSummary{Categories: []sightline.CategoryCount{}}
	err = eachRow(ctx, tx, b.String(), b.Args, func(scan func(...any) error) error {
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
	q.CitationScope(&b, q.Window, false, analyticsql.DomainLevel)
	b.Add(`, bucket_citations AS (SELECT `+q.Dialect.Bucket(granularity, "ran_at")+` AS bucket, SUM(citations) AS citations,
		SUM(CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN citations ELSE 0 END) AS owned_citations,
		CAST(SUM(CASE WHEN domain IN (SELECT domain FROM owned_domains) OR domain IN (SELECT domain FROM competitor_domains) THEN citations ELSE 0 END) AS DOUBLE PRECISION) / ? AS tracked_average
		FROM scope_citations GROUP BY 1)
		SELECT bucket, citations, owned_citations, `+analyticsql.Pct("owned_citations", "citations")+`, tracked_average, `+analyticsql.Pct("tracked_average", "citations")+`,
		`+analyticsql.Pct("SUM(owned_citations) OVER ()", "SUM(citations) OVER ()")+`, `+analyticsql.Pct("SUM(tracked_average) OVER ()", "SUM(citations) OVER ()")+`,
		SUM(owned_citations) OVER (), SUM(citations) OVER ()
		FROM bucket_citations ORDER BY bucket`, 1+nComp)
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
	q.CitationScope(&bd, q.Window, false, analyticsql.DomainLevel)
	analyticsql.Classes(&bd)
	bd.Add(`, breakdown_counts AS (SELECT CASE WHEN domain_type IN ('owned', 'competitor_owned', 'earned', 'competitor_earned') THEN domain_type ELSE 'other' END AS domain_type,
			citations FROM class_counts)
		SELECT domain_type, SUM(citations), ` + analyticsql.Pct("SUM(citations)", "SUM(SUM(citations)) OVER ()") + ` FROM breakdown_counts GROUP BY domain_type`)
	counts := map[string]sightline.TypeCount{}
	err = eachRow(ctx, tx, bd.String(), bd.Args, func(scan func(...any) error) error {
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
	q.CitationScope(&b, q.Span(), false, analyticsql.DomainLevel, q.Window.Start)
	// citation_days and target_run_days: per day of either period (in_window
	// 1 for the window, 0 for the previous period) its citations and the
	// runs naming the target; span_days: the days either has; day_counts:
	// both side by side; period_totals: the sums of each period.
	b.Add(`, citation_days AS (SELECT CASE WHEN ran_at >= ? THEN 1 ELSE 0 END AS in_window, `+q.Dialect.Bucket("day", "ran_at")+` AS bucket,
		SUM(citations) AS citations, SUM(brand_citations) AS brand_citations,
		SUM(CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN citations ELSE 0 END) AS owned_citations,
		SUM(CASE WHEN domain IN ('youtube.com', 'youtu.be') THEN brand_citations ELSE 0 END) AS youtube_brand_citations,
		SUM(CASE WHEN domain = 'reddit.com' THEN brand_citations ELSE 0 END) AS reddit_brand_citations
		FROM scope_citations GROUP BY 1, 2),
		target_run_days AS (SELECT CASE WHEN ran_at >= ? THEN 1 ELSE 0 END AS in_window, `+q.Dialect.Bucket("day", "ran_at")+` AS bucket,
			SUM(runs) AS target_runs FROM (`, cur, cur)
	q.TargetRunsSrc(&b, q.Span(), q.Window.Start)
	b.Add(`) span_target_runs GROUP BY 1, 2),
		span_days AS (SELECT in_window, bucket FROM citation_days UNION SELECT in_window, bucket FROM target_run_days),
		day_counts AS (SELECT span_days.in_window AS in_window, span_days.bucket AS bucket,
			COALESCE(citation_days.citations, 0) AS citations, COALESCE(citation_days.brand_citations, 0) AS brand_citations,
			COALESCE(citation_days.owned_citations, 0) AS owned_citations,
			COALESCE(citation_days.youtube_brand_citations, 0) AS youtube_brand_citations,
			COALESCE(citation_days.reddit_brand_citations, 0) AS reddit_brand_citations, COALESCE(target_run_days.target_runs, 0) AS target_runs
			FROM span_days LEFT JOIN citation_days ON citation_days.in_window = span_days.in_window AND citation_days.bucket = span_days.bucket
			LEFT JOIN target_run_days ON target_run_days.in_window = span_days.in_window AND target_run_days.bucket = span_days.bucket),
		period_totals AS (SELECT SUM(CASE WHEN in_window = 1 THEN citations ELSE 0 END) AS citations,
			SUM(CASE WHEN in_window = 0 THEN citations ELSE 0 END) AS previous_citations,
			SUM(CASE WHEN in_window = 1 THEN brand_citations ELSE 0 END) AS brand_citations,
			SUM(CASE WHEN in_window = 1 THEN owned_citations ELSE 0 END) AS owned_citations,
			SUM(CASE WHEN in_window = 0 THEN owned_citations ELSE 0 END) AS previous_owned_citations,
			SUM(CASE WHEN in_window = 1 THEN target_runs ELSE 0 END) AS target_runs,
			SUM(CASE WHEN in_window = 0 THEN target_runs ELSE 0 END) AS previous_target_runs,
			SUM(CASE WHEN in_window = 1 THEN youtube_brand_citations ELSE 0 END) AS youtube_brand_citations,
			SUM(CASE WHEN in_window = 0 THEN youtube_brand_citations ELSE 0 END) AS previous_youtube_brand_citations,
			SUM(CASE WHEN in_window = 1 THEN reddit_brand_citations ELSE 0 END) AS reddit_brand_citations,
			SUM(CASE WHEN in_window = 0 THEN reddit_brand_citations ELSE 0 END) AS previous_reddit_brand_citations FROM day_counts)
		SELECT 'day', bucket, citations, owned_citations, target_runs, youtube_brand_citations, reddit_brand_citations, brand_citations,
			0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM day_counts WHERE in_window = 1
		UNION ALL
		SELECT 'all', '', COALESCE(citations, 0), COALESCE(owned_citations, 0), COALESCE(target_runs, 0),
			COALESCE(youtube_brand_citations, 0), COALESCE(reddit_brand_citations, 0), COALESCE(brand_citations, 0),
			` + analyticsql.Pct("COALESCE(brand_citations, 0)", "COALESCE(citations, 0)") + `,
			` + analyticsql.Growth("COALESCE(citations, 0)", "COALESCE(previous_citations, 0)") + `,
			` + analyticsql.Growth("COALESCE(owned_citations, 0)", "COALESCE(previous_owned_citations, 0)") + `,
			` + analyticsql.Growth("COALESCE(target_runs, 0)", "COALESCE(previous_target_runs, 0)") + `,
			` + analyticsql.Growth("COALESCE(youtube_brand_citations, 0)", "COALESCE(previous_youtube_brand_citations, 0)") + `,
			` + analyticsql.Growth("COALESCE(reddit_brand_citations, 0)", "COALESCE(previous_reddit_brand_citations, 0)") + `,
			COALESCE(previous_citations, 0), COALESCE(previous_owned_citations, 0), COALESCE(previous_target_runs, 0),
			COALESCE(previous_youtube_brand_citations, 0), COALESCE(previous_reddit_brand_citations, 0) FROM period_totals`)
	type day struct{ total, own, runs, yt, rd int }
	days := map[string]day{}
	err := eachRow(ctx, tx, b.String(), b.Args, func(scan func(...any) error) error {
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
		name, col, table string
		citations        *[]sightline.Share
		mentions         *[]sightline.Share
	}{
		{"provider", "provider_id", "providers", &d.Citations.ByProvider, &d.Mentions.ByProvider},
		{"topic", "topic_id", "topics", &d.Citations.ByTopic, &d.Mentions.ByTopic},
		{"region", "region_id", "regions", &d.Citations.ByRegion, &d.Mentions.ByRegion},
	}
	// One statement reads each source once for the three splits, summed
	// first per (topic, provider, region), so that each split groups a few
	// hundred rows instead of every day's: citations_by_DIM and
	// target_runs_by_DIM per dimension, then their shares, the dimension's
	// index in dims and kind 'c' (citations) or 'm' (mentions: runs naming
	// the target).
	var b sqlb
	b.Add(`WITH window_citations AS MATERIALIZED (SELECT topic_id, provider_id, region_id, SUM(citations) AS citations FROM (`)
	q.CiteCountSrc(&b, q.Window)
	b.Add(`) window_rows GROUP BY topic_id, provider_id, region_id),
		window_target_runs AS MATERIALIZED (SELECT topic_id, provider_id, region_id, SUM(runs) AS runs FROM (`)
	q.TargetRunsByDimSrc(&b, q.Window)
	b.Add(`) window_rows GROUP BY topic_id, provider_id, region_id)`)
	for _, dim := range dims {
		b.Add(`, citations_by_` + dim.name + ` AS (SELECT ` + dim.col + ` AS id, SUM(citations) AS citations FROM window_citations GROUP BY ` + dim.col + `),
			target_runs_by_` + dim.name + ` AS (SELECT ` + dim.col + ` AS id, SUM(runs) AS target_runs FROM window_target_runs GROUP BY ` + dim.col + `)`)
	}
	b.Add(` SELECT * FROM (`)
	for i, dim := range dims {
		cites, runs := "citations_by_"+dim.name, "target_runs_by_"+dim.name
		if i > 0 {
			b.Add(` UNION ALL `)
		}
		b.Add(`SELECT ` + strconv.Itoa(i) + ` AS dimension, 'c' AS kind, ` + cites + `.id AS id, ` + dim.table + `.name AS name,
				` + cites + `.citations AS share_count, ` + analyticsql.Pct(cites+".citations", "SUM("+cites+".citations) OVER ()") + ` AS share_percent
			FROM ` + cites + ` JOIN ` + dim.table + ` ON ` + dim.table + `.id = ` + cites + `.id
			UNION ALL
			SELECT ` + strconv.Itoa(i) + `, 'm', ` + runs + `.id, ` + dim.table + `.name,
				` + runs + `.target_runs, ` + analyticsql.Pct(runs+".target_runs", "SUM("+runs+".target_runs) OVER ()") + `
			FROM ` + runs + ` JOIN ` + dim.table + ` ON ` + dim.table + `.id = ` + runs + `.id`)
	}
	b.Add(`) shares ORDER BY dimension, kind, share_count DESC, name, id`)
	for _, dim := range dims {
		*dim.citations, *dim.mentions = []sightline.Share{}, []sightline.Share{}
	}
	err := eachRow(ctx, tx, b.String(), b.Args, func(scan func(...any) error) error {
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
	q.SelOnce, q.PeriodSums = true, true
	q.CitationScope(&b, q.Span(), false, analyticsql.PageLevel, q.Window.Start)
	q.SelOnce, q.PeriodSums = false, false
	// One pass counts both lists: all citations and the brand's
	// (brand_citations). Among the brand's, those naming the target or only
	// a competitor (for the row's type) are all of a rollup row's
	// named_citations and none of its competitor_only_citations (the brand
	// is its target), and a fact row's where brand_citations is set.
	// page_counts: per page; page_and_domain_counts: the same and per domain
	// (row_key is the page or the domain); ranked_overall, ranked_just_me:
	// the rows that grew, ranked by growth per level.
	const sums = `current_citations, previous_citations, current_brand_citations, previous_brand_citations,
		named_citations, competitor_only_citations, brand_named_citations, brand_competitor_only_citations`
	b.Add(`, page_counts AS (SELECT page AS row_key, MIN(domain) AS domain, MIN(page_type) AS page_type, MIN(static_type) AS static_type,
		SUM(CASE WHEN ran_at >= ? THEN citations ELSE 0 END) AS current_citations,
		SUM(CASE WHEN ran_at < ? THEN citations ELSE 0 END) AS previous_citations,
		SUM(CASE WHEN ran_at >= ? THEN brand_citations ELSE 0 END) AS current_brand_citations,
		SUM(CASE WHEN ran_at < ? THEN brand_citations ELSE 0 END) AS previous_brand_citations,
		SUM(named_citations) AS named_citations, SUM(competitor_only_citations) AS competitor_only_citations,
		SUM(CASE WHEN run_seq = 0 THEN named_citations ELSE named_citations * brand_citations END) AS brand_named_citations,
		SUM(CASE WHEN run_seq = 0 THEN 0 ELSE competitor_only_citations * brand_citations END) AS brand_competitor_only_citations
		FROM scope_citations GROUP BY page),
		page_and_domain_counts AS (SELECT '`+analyticsql.PageLevel+`' AS level, row_key, domain, page_type, static_type, `+sums+` FROM page_counts
			UNION ALL
			SELECT '`+analyticsql.DomainLevel+`', domain, domain, '', MIN(static_type), SUM(current_citations), SUM(previous_citations),
				SUM(current_brand_citations), SUM(previous_brand_citations), SUM(named_citations), SUM(competitor_only_citations),
				SUM(brand_named_citations), SUM(brand_competitor_only_citations) FROM page_counts GROUP BY domain),
		ranked_overall AS (SELECT level, 'overall' AS list, row_key, domain, page_type,
			`+analyticsql.ClassOf("domain", "named_citations", "competitor_only_citations", "static_type")+` AS domain_type,
			current_citations, previous_citations, `+analyticsql.Growth("current_citations", "previous_citations")+` AS growth_rate,
			ROW_NUMBER() OVER (PARTITION BY level ORDER BY `+analyticsql.Growth("current_citations", "previous_citations")+` DESC, current_citations DESC, row_key) AS growth_rank
			FROM page_and_domain_counts WHERE current_citations > previous_citations),
		ranked_just_me AS (SELECT level, 'just_me' AS list, row_key, domain, page_type,
			`+analyticsql.ClassOf("domain", "brand_named_citations", "brand_competitor_only_citations", "static_type")+`,
			current_brand_citations, previous_brand_citations, `+analyticsql.Growth("current_brand_citations", "previous_brand_citations")+` AS growth_rate,
			ROW_NUMBER() OVER (PARTITION BY level ORDER BY `+analyticsql.Growth("current_brand_citations", "previous_brand_citations")+` DESC,
				current_brand_citations DESC, row_key) AS growth_rank
			FROM page_and_domain_counts WHERE current_brand_citations > previous_brand_citations)
		SELECT level, list, row_key, domain, page_type, domain_type, current_citations, previous_citations, growth_rate FROM (
			SELECT * FROM ranked_overall WHERE growth_rank <= ? UNION ALL SELECT * FROM ranked_just_me WHERE growth_rank <= ?) top_rows
		ORDER BY level, list, growth_rate DESC, current_citations DESC, row_key`, cur, cur, cur, cur, topGrowingLimit, topGrowingLimit)
	err := eachRow(ctx, tx, b.String(), b.Args, func(scan func(...any) error) error {
		var level, list, k, domain, pageType, domainType string
		var c, p int
		var rate float64
		if err := scan(&level, &list, &k, &domain, &pageType, &domainType, &c, &p, &rate); err != nil {
			return err
		}
		switch {
		case level == analyticsql.PageLevel && list == "just_me":
			tg.PagesJustMe = append(tg.PagesJustMe, sightline.GrowingPage{Page: k, Domain: domain, PageType: pageType, CurrentCount: c, PreviousCount: p, GrowthRate: rate})
		case level == analyticsql.PageLevel:
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
