package analyticsql

import "github.com/sightline/sightline"

// CitationRows pages through the rows of one level (PageLevel or
// DomainLevel), ordered by order (an ORDER BY clause over list_rows),
// limit rows from offset: percentages are of all citations (and of all
// brand citations) in the narrowed scope, so that total_citation_percent
// sums to 100 over all rows. A domain row also gets its number of distinct
// pages and its most-cited page (ties by page) from the same page-level
// rows in the same statement, unless DomainRollupRows (then TopPages gives
// them). Page rows: page, domain, page type, domain type, has_source,
// has_inline, citations, brand citations, their percents, the count of
// rows, page count, all citations and all brand citations. Count: one row,
// the count (for a page past the end).
func (q *Scope) CitationRows(level, order string, limit, offset int) (page, count *Builder) {
	selLevel := PageLevel
	if level == DomainLevel && q.DomainRollupRows() {
		selLevel = DomainLevel
	}
	// row_totals: per page or domain (level), its counts and class;
	// list_rows: the same with a domain's distinct pages and most-cited page.
	rowTotals := func(s *Builder, twice bool) {
		q.selTwice = twice
		q.citationScope(s, q.Window, true, selLevel)
		q.selTwice = false
		s.Add(`,
row_totals AS (
  SELECT MIN(domain) AS domain, MIN(page) AS page, MIN(page_type) AS page_type,
  SUM(citations) AS citations, SUM(brand_citations) AS brand_citations,
  MAX(has_source) AS has_source, MAX(has_inline) AS has_inline,
  ` + rowType("named_citations", "competitor_only_citations") + ` AS domain_type
  FROM scope_citations
  GROUP BY ` + level + `
)`)
	}
	var s Builder
	// a domain's top page reads the page rows a second time
	rowTotals(&s, level == DomainLevel && selLevel == PageLevel)
	switch {
	case level == DomainLevel && selLevel == DomainLevel:
		s.Add(`,
list_rows AS (
  SELECT '' AS page, domain, '' AS page_type, domain_type, has_source, has_inline,
  citations, brand_citations, 0 AS page_count
  FROM row_totals
)`)
	case level == DomainLevel:
		s.Add(`,
ranked_pages AS (
  SELECT domain, page, MIN(page_type) AS page_type,
  ROW_NUMBER() OVER (PARTITION BY domain ORDER BY SUM(citations) DESC, page ASC) AS page_rank,
  COUNT(*) OVER (PARTITION BY domain) AS page_count
  FROM scope_citations
  GROUP BY domain, page
),
list_rows AS (
  SELECT ranked_pages.page AS page, row_totals.domain AS domain, ranked_pages.page_type AS page_type,
  row_totals.domain_type AS domain_type,
  row_totals.has_source AS has_source, row_totals.has_inline AS has_inline,
  row_totals.citations AS citations, row_totals.brand_citations AS brand_citations,
  ranked_pages.page_count AS page_count
  FROM row_totals
  JOIN ranked_pages ON ranked_pages.domain = row_totals.domain AND ranked_pages.page_rank = 1
)`)
	default:
		s.Add(`,
list_rows AS (
  SELECT page, domain, page_type, domain_type, has_source, has_inline,
  citations, brand_citations, 1 AS page_count
  FROM row_totals
)`)
	}
	s.Add(`
SELECT page, domain, page_type, domain_type, has_source, has_inline, citations, brand_citations,
`+Pct("citations", "SUM(citations) OVER ()")+`,
`+Pct("brand_citations", "SUM(brand_citations) OVER ()")+`,
COUNT(*) OVER (), page_count, SUM(citations) OVER (), SUM(brand_citations) OVER ()
FROM list_rows
`+order+`
LIMIT ? OFFSET ?`, limit, offset)
	var c Builder
	rowTotals(&c, false)
	c.Add("\nSELECT COUNT(*) FROM row_totals")
	return &s, &c
}

// TopPages is each of domains' distinct pages and most-cited page (ties by
// page) from the page level of the same scope. Rows: domain, page, page
// type, page count.
func (q *Scope) TopPages(domains []string) *Builder {
	var s Builder
	q.citationScope(&s, q.Window, true, PageLevel)
	s.Add(`,
ranked_pages AS (
  SELECT domain, page, MIN(page_type) AS page_type, SUM(citations) AS citations,
  ROW_NUMBER() OVER (PARTITION BY domain ORDER BY SUM(citations) DESC, page ASC) AS page_rank,
  COUNT(*) OVER (PARTITION BY domain) AS page_count
  FROM scope_citations
  WHERE domain IN (`+Placeholders(len(domains))+`)
  GROUP BY domain, page
)
SELECT domain, page, page_type, page_count
FROM ranked_pages
WHERE page_rank = 1`, Anys(domains))
	return &s
}

// RollupRowBrands is the found brands named in the answers citing each
// row key (pages, or domains, as key says; domains are the page rows'
// domains) over the whole days full, from the page-brand rollups. Rows:
// row key, found brand name, citations of the row in answers naming it.
// The pairs of row key and found brand id are summed before the names are
// joined: the rollup rows repeat each pair once a day, thirty times as
// many lookups otherwise.
func (q *Scope) RollupRowBrands(full []sightline.Window, key string, keys, domains []string) *Builder {
	var s Builder
	s.Add(`SELECT row_brands.row_key, found_brands.name, row_brands.citations
FROM (
  SELECT day_rows.row_key AS row_key, day_rows.found_brand_id AS found_brand_id,
  SUM(day_rows.citations) AS citations
  FROM (
    SELECT `)
	if key == PageLevel {
		// the primary key starts (brand_id, domain, page): name the
		// domains of the page rows too
		s.Add(`daily_page_brands.page AS row_key, daily_page_brands.found_brand_id AS found_brand_id,
    daily_page_brands.citations AS citations
    FROM daily_page_brands
    WHERE daily_page_brands.brand_id = ?
    AND daily_page_brands.domain IN (`+Placeholders(len(domains))+`)
    AND daily_page_brands.page IN (`+Placeholders(len(keys))+`)
    AND (`+rangesOf("daily_page_brands", full)+`)`, q.BrandID, Anys(domains), Anys(keys), rangeArgs(full))
	} else if q.pageFiltered() {
		// a domain row counts only its pages that pass the filters
		s.Add(`daily_page_brands.domain AS row_key, daily_page_brands.found_brand_id AS found_brand_id,
    daily_page_brands.citations AS citations
    FROM daily_page_brands
    WHERE daily_page_brands.brand_id = ?
    AND daily_page_brands.domain IN (`+Placeholders(len(keys))+`)
    AND (`+rangesOf("daily_page_brands", full)+`)
    AND daily_page_brands.page IN (
      SELECT daily_pages.page FROM daily_pages
      WHERE daily_pages.brand_id = ? AND (`+rangesOf("daily_pages", full)+`)`,
			q.BrandID, Anys(keys), rangeArgs(full), q.BrandID, rangeArgs(full))
		q.citationFilters(&s, "daily_pages", PageLevel)
		s.Add(`)`)
	} else {
		s.Add(`daily_domain_brands.domain AS row_key, daily_domain_brands.found_brand_id AS found_brand_id,
    daily_domain_brands.citations AS citations
    FROM daily_domain_brands
    WHERE daily_domain_brands.brand_id = ?
    AND daily_domain_brands.domain IN (`+Placeholders(len(keys))+`)
    AND (`+rangesOf("daily_domain_brands", full)+`)`, q.BrandID, Anys(keys), rangeArgs(full))
	}
	s.Add(`
  ) day_rows
  GROUP BY day_rows.row_key, day_rows.found_brand_id
) row_brands
JOIN found_brands ON found_brands.id = row_brands.found_brand_id`)
	return &s
}

// RunRowBrands is, for the raw ranges, each run citing any of the row keys
// once, with the keys it cites and the found brands it names as two lists
// (ListAgg, ListSep): read in the order of the primary key, each run's
// mentions one range of it. Rows: row keys, found brand ids (” when none).
func (q *Scope) RunRowBrands(raw []sightline.Window, key string, keys []string) *Builder {
	var s Builder
	if len(q.FoundBrandIDs) > 0 || len(q.DomainTypes) > 0 {
		// these filters need each run's found brands (run_flags of writeSel)
		q.writeSel(&s, nil, raw, true, PageLevel)
		s.Add(`,
citing_runs AS MATERIALIZED (
  SELECT scope_citations.topic_id AS topic_id, scope_citations.provider_id AS provider_id,
  scope_citations.ran_at AS ran_at, scope_citations.run_seq AS run_seq,
  `+q.Dialect.ListAgg("scope_citations."+key)+` AS row_keys
  FROM scope_citations
  WHERE scope_citations.`+key+` IN (`+Placeholders(len(keys))+`)
  GROUP BY scope_citations.topic_id, scope_citations.provider_id,
  scope_citations.ran_at, scope_citations.run_seq
)`, Anys(keys))
	} else {
		// the runs citing the rows' keys, straight from the facts, grouped
		// in the order of the primary key
		s.Add(`WITH citing_runs AS MATERIALIZED (
SELECT citations.topic_id AS topic_id, citations.provider_id AS provider_id,
citations.ran_at AS ran_at, citations.run_seq AS run_seq,
` + q.Dialect.ListAgg("citations."+key) + ` AS row_keys`)
		q.fromFactRanges(&s, "citations", raw)
		q.citationFilters(&s, "citations", PageLevel)
		s.Add(`
AND citations.`+key+` IN (`+Placeholders(len(keys))+`)
GROUP BY citations.topic_id, citations.provider_id, citations.ran_at, citations.run_seq`, Anys(keys))
		s.Add(`)`)
	}
	// each run's mentions are one primary-key range
	s.Add(`
SELECT citing_runs.row_keys, COALESCE((
  SELECT `+q.Dialect.ListAgg("mentions.found_brand_id")+`
  FROM mentions
  WHERE mentions.brand_id = ?
  AND mentions.topic_id = citing_runs.topic_id AND mentions.provider_id = citing_runs.provider_id
  AND mentions.ran_at = citing_runs.ran_at AND mentions.run_seq = citing_runs.run_seq
), '')
FROM citing_runs`, q.BrandID)
	return &s
}
