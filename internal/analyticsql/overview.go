package analyticsql

import "strconv"

// CitationSummary counts the window's citations by domain type (ownership
// class when it applies, else the static class), largest first. Rows:
// domain_type, citations, percent of all, all citations.
func (q *Scope) CitationSummary() *Builder {
	var b Builder
	q.citationScope(&b, q.Window, false, DomainLevel)
	classes(&b)
	b.Add(`
SELECT domain_type, SUM(citations),
` + Pct("SUM(citations)", "SUM(SUM(citations)) OVER ()") + `,
SUM(SUM(citations)) OVER ()
FROM class_counts
GROUP BY domain_type
HAVING SUM(citations) > 0
ORDER BY SUM(citations) DESC, domain_type`)
	return &b
}

// OwnedCitationShare is the owned-citation share per bucket: the
// citations of owned domains, and the average over the tracked brands' own
// domains (brand and competitors) divided by trackedBrands, competitors
// without a domain included (as the mention share's average). Rows: bucket,
// citations, owned, owned percent, tracked average, its percent, the two
// percents over the window, owned and all citations over the window.
func (q *Scope) OwnedCitationShare(granularity string, trackedBrands int) *Builder {
	var b Builder
	q.citationScope(&b, q.Window, false, DomainLevel)
	b.Add(`,
bucket_citations AS (
SELECT `+q.Dialect.Bucket(granularity, "ran_at")+` AS bucket,
SUM(citations) AS citations,
SUM(CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN citations ELSE 0 END) AS owned_citations,
CAST(SUM(CASE
  WHEN domain IN (SELECT domain FROM owned_domains) OR domain IN (SELECT domain FROM competitor_domains)
  THEN citations ELSE 0 END) AS DOUBLE PRECISION) / ? AS tracked_average
FROM scope_citations
GROUP BY 1
)
SELECT bucket, citations, owned_citations,
`+Pct("owned_citations", "citations")+`,
tracked_average,
`+Pct("tracked_average", "citations")+`,
`+Pct("SUM(owned_citations) OVER ()", "SUM(citations) OVER ()")+`,
`+Pct("SUM(tracked_average) OVER ()", "SUM(citations) OVER ()")+`,
SUM(owned_citations) OVER (), SUM(citations) OVER ()
FROM bucket_citations
ORDER BY bucket`, trackedBrands)
	return &b
}

// OwnershipBreakdown counts the window's citations by ownership class,
// the static classes together as 'other'. Rows: class, citations, percent.
func (q *Scope) OwnershipBreakdown() *Builder {
	var b Builder
	q.citationScope(&b, q.Window, false, DomainLevel)
	classes(&b)
	b.Add(`,
breakdown_counts AS (
SELECT CASE WHEN domain_type IN ('owned', 'competitor_owned', 'earned', 'competitor_earned')
  THEN domain_type ELSE 'other' END AS domain_type,
citations
FROM class_counts
)
SELECT domain_type, SUM(citations),
` + Pct("SUM(citations)", "SUM(SUM(citations)) OVER ()") + `
FROM breakdown_counts
GROUP BY domain_type`)
	return &b
}

// SummaryStats counts, per day of the window and for the previous period,
// all citations, citations in answers naming the target, owned citations,
// youtube and reddit citations in answers naming the target, and runs
// naming the target. Rows: 'day' and its date, then the counts, for each
// day of the window that has any; one 'all' row with the window's totals,
// the brand rate, the growth of each count and the previous period's counts.
func (q *Scope) SummaryStats() *Builder {
	cur := FormatTime(q.Window.Start)
	var b Builder
	q.citationScope(&b, q.span(), false, DomainLevel, q.Window.Start)
	// citation_days and target_run_days: per day of either period (in_window
	// 1 for the window, 0 for the previous period) its citations and the
	// runs naming the target; span_days: the days either has; day_counts:
	// both side by side; period_totals: the sums of each period.
	b.Add(`,
citation_days AS (
SELECT CASE WHEN ran_at >= ? THEN 1 ELSE 0 END AS in_window,
`+q.Dialect.Bucket("day", "ran_at")+` AS bucket,
SUM(citations) AS citations, SUM(brand_citations) AS brand_citations,
SUM(CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN citations ELSE 0 END) AS owned_citations,
SUM(CASE WHEN domain IN ('youtube.com', 'youtu.be') THEN brand_citations ELSE 0 END) AS youtube_brand_citations,
SUM(CASE WHEN domain = 'reddit.com' THEN brand_citations ELSE 0 END) AS reddit_brand_citations
FROM scope_citations
GROUP BY 1, 2
),
target_run_days AS (
SELECT CASE WHEN ran_at >= ? THEN 1 ELSE 0 END AS in_window,
`+q.Dialect.Bucket("day", "ran_at")+` AS bucket,
SUM(runs) AS target_runs
FROM (
`, cur, cur)
	q.targetRunsSrc(&b, q.span(), q.Window.Start)
	b.Add(`
) span_target_runs
GROUP BY 1, 2
),
span_days AS (
SELECT in_window, bucket FROM citation_days
UNION
SELECT in_window, bucket FROM target_run_days
),
day_counts AS (
SELECT span_days.in_window AS in_window, span_days.bucket AS bucket,
COALESCE(citation_days.citations, 0) AS citations,
COALESCE(citation_days.brand_citations, 0) AS brand_citations,
COALESCE(citation_days.owned_citations, 0) AS owned_citations,
COALESCE(citation_days.youtube_brand_citations, 0) AS youtube_brand_citations,
COALESCE(citation_days.reddit_brand_citations, 0) AS reddit_brand_citations,
COALESCE(target_run_days.target_runs, 0) AS target_runs
FROM span_days
LEFT JOIN citation_days
  ON citation_days.in_window = span_days.in_window AND citation_days.bucket = span_days.bucket
LEFT JOIN target_run_days
  ON target_run_days.in_window = span_days.in_window AND target_run_days.bucket = span_days.bucket
),
period_totals AS (
SELECT SUM(CASE WHEN in_window = 1 THEN citations ELSE 0 END) AS citations,
SUM(CASE WHEN in_window = 0 THEN citations ELSE 0 END) AS previous_citations,
SUM(CASE WHEN in_window = 1 THEN brand_citations ELSE 0 END) AS brand_citations,
SUM(CASE WHEN in_window = 1 THEN owned_citations ELSE 0 END) AS owned_citations,
SUM(CASE WHEN in_window = 0 THEN owned_citations ELSE 0 END) AS previous_owned_citations,
SUM(CASE WHEN in_window = 1 THEN target_runs ELSE 0 END) AS target_runs,
SUM(CASE WHEN in_window = 0 THEN target_runs ELSE 0 END) AS previous_target_runs,
SUM(CASE WHEN in_window = 1 THEN youtube_brand_citations ELSE 0 END) AS youtube_brand_citations,
SUM(CASE WHEN in_window = 0 THEN youtube_brand_citations ELSE 0 END) AS previous_youtube_brand_citations,
SUM(CASE WHEN in_window = 1 THEN reddit_brand_citations ELSE 0 END) AS reddit_brand_citations,
SUM(CASE WHEN in_window = 0 THEN reddit_brand_citations ELSE 0 END) AS previous_reddit_brand_citations
FROM day_counts
)
SELECT 'day', bucket, citations, owned_citations, target_runs,
youtube_brand_citations, reddit_brand_citations, brand_citations,
0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
FROM day_counts
WHERE in_window = 1
UNION ALL
SELECT 'all', '', COALESCE(citations, 0), COALESCE(owned_citations, 0), COALESCE(target_runs, 0),
COALESCE(youtube_brand_citations, 0), COALESCE(reddit_brand_citations, 0), COALESCE(brand_citations, 0),
` + Pct("COALESCE(brand_citations, 0)", "COALESCE(citations, 0)") + `,
` + Growth("COALESCE(citations, 0)", "COALESCE(previous_citations, 0)") + `,
` + Growth("COALESCE(owned_citations, 0)", "COALESCE(previous_owned_citations, 0)") + `,
` + Growth("COALESCE(target_runs, 0)", "COALESCE(previous_target_runs, 0)") + `,
` + Growth("COALESCE(youtube_brand_citations, 0)", "COALESCE(previous_youtube_brand_citations, 0)") + `,
` + Growth("COALESCE(reddit_brand_citations, 0)", "COALESCE(previous_reddit_brand_citations, 0)") + `,
COALESCE(previous_citations, 0), COALESCE(previous_owned_citations, 0), COALESCE(previous_target_runs, 0),
COALESCE(previous_youtube_brand_citations, 0), COALESCE(previous_reddit_brand_citations, 0)
FROM period_totals`)
	return &b
}

// TopGrowing lists the domains and pages cited more in the window than in
// the previous period, by growth rate, at most limit per level and list;
// "just me" counts only citations in answers naming the target. One
// statement reads the citations once, by page, for all four lists: a
// domain's counts are the sums of its pages'. Rows: level, list ('overall'
// or 'just_me'), page or domain, domain, page type, domain type, current
// and previous count, growth rate.
func (q *Scope) TopGrowing(limit int) *Builder {
	var b Builder
	span, cut := q.span(), q.Window.Start
	_, raw := q.selPlan(span, cut)
	q.periodSums = true
	q.citationScope(&b, span, false, PageLevel, cut)
	q.periodSums = false
	// One pass counts both lists: all citations and the brand's
	// (brand_citations). Among the brand's, those naming the target or only
	// a competitor (for the row's type) are all of a rollup row's
	// named_citations and none of its competitor_only_citations (the brand
	// is its target), and a fact row's where brand_citations is set.
	// page_counts: per page, by period (periodSums: 0 before the window, 1
	// in it); page_and_domain_counts: the same and per domain (row_key is
	// the page or the domain); then the rows that grew, the first limit of
	// each level and list by growth. An ORDER BY … LIMIT per level and list
	// keeps only the top rows while sorting, where a ROW_NUMBER over every
	// row sorted them all (docs/performance.md#statement-shapes-that-plan-well).
	const sums = `current_citations, previous_citations, current_brand_citations, previous_brand_citations,
named_citations, competitor_only_citations, brand_named_citations, brand_competitor_only_citations`
	// A rollup row's brand_citations are its named_citations, so when every
	// row is one (no partial day in the span) the brand's sums read that
	// column alone: fewer columns for SQLite to sort by page.
	brand, brandNamed, brandCompetitorOnly := "brand_citations",
		"CASE WHEN run_seq = 0 THEN named_citations ELSE named_citations * brand_citations END",
		"CASE WHEN run_seq = 0 THEN 0 ELSE competitor_only_citations * brand_citations END"
	if len(raw) == 0 {
		brand, brandNamed, brandCompetitorOnly = "named_citations", "named_citations", "0"
	}
	b.Add(`,
page_counts AS (
SELECT page AS row_key, MIN(domain) AS domain, MIN(page_type) AS page_type, MIN(static_type) AS static_type,
SUM(CASE WHEN period = 1 THEN citations ELSE 0 END) AS current_citations,
SUM(CASE WHEN period = 0 THEN citations ELSE 0 END) AS previous_citations,
SUM(CASE WHEN period = 1 THEN ` + brand + ` ELSE 0 END) AS current_brand_citations,
SUM(CASE WHEN period = 0 THEN ` + brand + ` ELSE 0 END) AS previous_brand_citations,
SUM(named_citations) AS named_citations, SUM(competitor_only_citations) AS competitor_only_citations,
SUM(` + brandNamed + `) AS brand_named_citations,
SUM(` + brandCompetitorOnly + `)
  AS brand_competitor_only_citations
FROM scope_citations
GROUP BY page
),
page_and_domain_counts AS (
SELECT '` + PageLevel + `' AS level, row_key, domain, page_type, static_type,
` + sums + `
FROM page_counts
UNION ALL
SELECT '` + DomainLevel + `', domain, domain, '', MIN(static_type),
SUM(current_citations), SUM(previous_citations),
SUM(current_brand_citations), SUM(previous_brand_citations),
SUM(named_citations), SUM(competitor_only_citations),
SUM(brand_named_citations), SUM(brand_competitor_only_citations)
FROM page_counts
GROUP BY domain
)
SELECT level, list, row_key, domain, page_type, domain_type, current_citations, previous_citations, growth_rate
FROM (
`)
	for i, level := range []string{PageLevel, DomainLevel} {
		for j, list := range []struct{ name, prefix string }{{"overall", ""}, {"just_me", "brand_"}} {
			if i+j > 0 {
				b.Add("\nUNION ALL\n")
			}
			current, previous := "current_"+list.prefix+"citations", "previous_"+list.prefix+"citations"
			b.Add(`SELECT *
FROM (
  SELECT level, '`+list.name+`' AS list, row_key, domain, page_type,
  `+classOf("domain", list.prefix+"named_citations", list.prefix+"competitor_only_citations", "static_type")+`
    AS domain_type,
  `+current+` AS current_citations, `+previous+` AS previous_citations,
  `+Growth(current, previous)+` AS growth_rate
  FROM page_and_domain_counts
  WHERE level = '`+level+`' AND `+current+` > `+previous+`
  ORDER BY growth_rate DESC, current_citations DESC, row_key
  LIMIT ?
) top_`+level+`_`+list.name, limit)
		}
	}
	b.Add(`
) top_rows
ORDER BY level, list, growth_rate DESC, current_citations DESC, row_key`)
	return &b
}

// DistributionDimensions are the dimensions Distributions splits by, in
// the order of its rows' dimension index.
var DistributionDimensions = []struct{ Name, Col, Table string }{
	{"provider", "provider_id", "providers"},
	{"topic", "topic_id", "topics"},
	{"region", "region_id", "regions"},
}

// Distributions splits the window's citations and the target's mentions
// (runs naming it) by provider, topic and region. Rows: dimension (index in
// DistributionDimensions), kind ('c' citations, 'm' mentions), id, name,
// count, percent.
func (q *Scope) Distributions() *Builder {
	defer q.sumsPerPeriod()()
	// One statement reads each source once for the three splits, summed
	// first per (topic, provider, region), so that each split groups a few
	// hundred rows instead of every day's: citations_by_DIM and
	// target_runs_by_DIM per dimension, then their shares, the dimension's
	// index in dims and kind 'c' (citations) or 'm' (mentions: runs naming
	// the target).
	var b Builder
	b.Add(`WITH window_citations AS MATERIALIZED (
SELECT topic_id, provider_id, region_id, SUM(citations) AS citations
FROM (
`)
	q.citeCountSrc(&b, q.Window)
	b.Add(`
) window_rows
GROUP BY topic_id, provider_id, region_id
),
window_target_runs AS MATERIALIZED (
SELECT topic_id, provider_id, region_id, SUM(runs) AS runs
FROM (
`)
	q.targetRunsByDimSrc(&b, q.Window)
	b.Add(`
) window_rows
GROUP BY topic_id, provider_id, region_id
)`)
	for _, dim := range DistributionDimensions {
		b.Add(`,
citations_by_` + dim.Name + ` AS (
SELECT ` + dim.Col + ` AS id, SUM(citations) AS citations
FROM window_citations
GROUP BY ` + dim.Col + `
),
target_runs_by_` + dim.Name + ` AS (
SELECT ` + dim.Col + ` AS id, SUM(runs) AS target_runs
FROM window_target_runs
GROUP BY ` + dim.Col + `
)`)
	}
	b.Add(`
SELECT *
FROM (
`)
	for i, dim := range DistributionDimensions {
		cites, runs := "citations_by_"+dim.Name, "target_runs_by_"+dim.Name
		if i > 0 {
			b.Add("\nUNION ALL\n")
		}
		b.Add(`SELECT ` + strconv.Itoa(i) + ` AS dimension, 'c' AS kind, ` + cites + `.id AS id, ` + dim.Table + `.name AS name,
` + cites + `.citations AS share_count,
` + Pct(cites+".citations", "SUM("+cites+".citations) OVER ()") + ` AS share_percent
FROM ` + cites + `
JOIN ` + dim.Table + ` ON ` + dim.Table + `.id = ` + cites + `.id
UNION ALL
SELECT ` + strconv.Itoa(i) + `, 'm', ` + runs + `.id, ` + dim.Table + `.name,
` + runs + `.target_runs,
` + Pct(runs+".target_runs", "SUM("+runs+".target_runs) OVER ()") + `
FROM ` + runs + `
JOIN ` + dim.Table + ` ON ` + dim.Table + `.id = ` + runs + `.id`)
	}
	b.Add(`
) shares
ORDER BY dimension, kind, share_count DESC, name, id`)
	return &b
}
