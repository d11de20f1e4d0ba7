package analyticsql

// Competitors lists the brand's competitors (or only onlyID) with
// visibility = runs in scope naming the competitor / runs in scope,
// ordered by order (an ORDER BY clause over competitor_visibility), limit
// rows from offset. Columns: id, name, domain, visibility, the count of
// rows, runs naming it, runs in scope.
func (q *Scope) Competitors(onlyID, order string, limit, offset int) *Builder {
	defer q.sumsPerPeriod()()
	// run_total: the runs in scope; brand_mentions: per found brand, its
	// mentions (a run names a found brand at most once: the runs naming it);
	// competitor_visibility: per competitor, its visibility.
	var s Builder
	s.Add(`WITH run_total AS (
SELECT COALESCE(SUM(window_runs.runs), 0) AS runs
FROM (
`)
	q.runsSrc(&s, q.Window)
	s.Add(`
) window_runs
),
brand_mentions AS (
SELECT window_mentions.found_brand_id AS found_brand_id, SUM(window_mentions.mentions) AS mentions
FROM (
`)
	q.mentionsSrc(&s, q.Window)
	s.Add(`
) window_mentions
GROUP BY window_mentions.found_brand_id
),
competitor_visibility AS (
SELECT competitors.id AS id, competitors.name AS name, competitors.domain AS domain,
`+Pct("COALESCE(brand_mentions.mentions, 0)", "run_total.runs")+` AS visibility,
COALESCE(brand_mentions.mentions, 0) AS mentions, run_total.runs AS runs
FROM competitors
LEFT JOIN found_brands ON found_brands.competitor_id = competitors.id
LEFT JOIN brand_mentions ON brand_mentions.found_brand_id = found_brands.id
CROSS JOIN run_total
WHERE competitors.brand_id = ?`, q.BrandID)
	if onlyID != "" {
		s.Add(`
AND competitors.id = ?`, onlyID)
	}
	s.Add(`
)
SELECT id, name, domain, visibility, COUNT(*) OVER (), mentions, runs
FROM competitor_visibility
`+order+`
LIMIT ? OFFSET ?`, limit, offset)
	return &s
}
