package sqlstore

import (
	"context"
	"fmt"

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
	b := q.CitationSummary()
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
	if err := checkSeries(s.Window, granularity); err != nil {
		return nil, err
	}
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
	b := q.OwnedCitationShare(granularity, 1+nComp)
	series, err := scanShareSeries(ctx, tx, b, sightline.Buckets(q.Window, granularity))
	if err != nil {
		return nil, err
	}
	out.YourCitations = *series
	if series, err = q.mentionShare(ctx, tx, granularity); err != nil {
		return nil, err
	}
	out.YourMentions = *series

	bd := q.OwnershipBreakdown()
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
	if err := checkSeries(s.Window, "day"); err != nil { // summary_stats: a data point per day
		return nil, err
	}
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

// summaryStats reads analyticsql's SummaryStats and TargetRunStats into
// st, with a data point for every day of the window.
func (q *scopeQ) summaryStats(ctx context.Context, tx *Tx, st *sightline.SummaryStats) error {
	b := q.SummaryStats()
	type day struct{ total, own, runs, yt, rd int }
	days := map[string]day{}
	err := eachRow(ctx, tx, b.String(), b.Args, func(scan func(...any) error) error {
		var kind, d string
		var v, prev day
		var brand int
		var rate, gTotal, gOwn, gYT, gRD float64
		if err := scan(&kind, &d, &v.total, &v.own, &v.yt, &v.rd, &brand, &rate, &gTotal, &gOwn, &gYT, &gRD,
			&prev.total, &prev.own, &prev.yt, &prev.rd); err != nil {
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
		st.YouTubeMention = sightline.SummaryStat{Count: v.yt, DeltaPercent: gYT}
		st.RedditMentions = sightline.SummaryStat{Count: v.rd, DeltaPercent: gRD}
		st.TotalCitations.Significant = sightline.CountsSignificant(v.total, prev.total)
		st.YourCitations.Significant = sightline.CountsSignificant(v.own, prev.own)
		st.YouTubeMention.Significant = sightline.CountsSignificant(v.yt, prev.yt)
		st.RedditMentions.Significant = sightline.CountsSignificant(v.rd, prev.rd)
		return nil
	})
	if err != nil {
		return fmt.Errorf("summary stats: %w", err)
	}
	b = q.TargetRunStats()
	err = eachRow(ctx, tx, b.String(), b.Args, func(scan func(...any) error) error {
		var kind, d string
		var runs, prev int
		var growth float64
		if err := scan(&kind, &d, &runs, &growth, &prev); err != nil {
			return err
		}
		if kind == "day" {
			v := days[d]
			v.runs = runs
			days[d] = v
			return nil
		}
		st.YourMentions = sightline.SummaryStat{Count: runs, DeltaPercent: growth,
			Significant: sightline.CountsSignificant(runs, prev)}
		return nil
	})
	if err != nil {
		return fmt.Errorf("summary stats, target runs: %w", err)
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

// distributions reads analyticsql's Distributions into d.
func (q *scopeQ) distributions(ctx context.Context, tx *Tx, d *sightline.Distributions) error {
	dims := []struct{ citations, mentions *[]sightline.Share }{ // in analyticsql.DistributionDimensions' order
		{&d.Citations.ByProvider, &d.Mentions.ByProvider},
		{&d.Citations.ByTopic, &d.Mentions.ByTopic},
		{&d.Citations.ByRegion, &d.Mentions.ByRegion},
	}
	b := q.Distributions()
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
		list := dims[dim].mentions
		if kind == "c" {
			list = dims[dim].citations
		}
		// rows come largest first: keep the first MaxDistributionShares
		if len(*list) < sightline.MaxDistributionShares {
			*list = append(*list, sh)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("distributions: %w", err)
	}
	return nil
}

// topGrowing reads analyticsql's TopGrowing into its four lists.
func (q *scopeQ) topGrowing(ctx context.Context, tx *Tx, tg *sightline.TopGrowing) error {
	tg.DomainsOverall, tg.DomainsJustMe = []sightline.GrowingDomain{}, []sightline.GrowingDomain{}
	tg.PagesOverall, tg.PagesJustMe = []sightline.GrowingPage{}, []sightline.GrowingPage{}
	for _, b := range q.TopGrowing(topGrowingLimit) {
		if err := q.topGrowingRows(ctx, tx, b, tg); err != nil {
			return fmt.Errorf("top growing: %w", err)
		}
	}
	return nil
}

// topGrowingRows appends the rows of one of TopGrowing's statements.
func (q *scopeQ) topGrowingRows(ctx context.Context, tx *Tx, b *sqlb, tg *sightline.TopGrowing) error {
	return eachRow(ctx, tx, b.String(), b.Args, func(scan func(...any) error) error {
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
}
