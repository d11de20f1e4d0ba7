package sqlstore

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.CitationService = (*DB)(nil)

// rowDomains returns the distinct domains of rows.
func rowDomains(rows []*sightline.CitationRow) []any {
	var out []any
	seen := map[string]bool{}
	for _, r := range rows {
		if !seen[r.Domain] {
			seen[r.Domain] = true
			out = append(out, r.Domain)
		}
	}
	return out
}

// pageSortColumns and domainSortColumns name columns of list_rows
// (citationRows).
var pageSortColumns = map[string]string{
	"total_citation_count":   "citations",
	"citation_count":         "citations",
	"total_citation_percent": "citations",
	"brand_citation_count":   "brand_citations",
	"brand_citation_percent": "brand_citations",
	"page":                   "page",
	"domain":                 "domain",
	"page_type":              "page_type",
}

var domainSortColumns = map[string]string{
	"citation_count":       "citations",
	"brand_citation_count": "brand_citations",
	"domain":               "domain",
}

// FindCitationPages returns the most-cited pages of the scope.
func (db *DB) FindCitationPages(ctx context.Context, orgID string, f sightline.CitationFilter) ([]*sightline.CitationRow, int, error) {
	tx, q, err := db.beginScope(ctx, orgID, f.Scope)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	rows, total, err := q.citationRows(ctx, tx, f, analyticsql.PageLevel, pageSortColumns, sightline.DefaultPageSort)
	if err != nil {
		return nil, 0, err
	}
	if err := q.fillMentionedBrands(ctx, tx, rows, analyticsql.PageLevel); err != nil {
		return nil, 0, err
	}
	return rows, total, nil
}

// FindCitationDomains returns the most-cited domains of the scope, each
// with its number of distinct pages and its most-cited page.
func (db *DB) FindCitationDomains(ctx context.Context, orgID string, f sightline.CitationFilter) ([]*sightline.CitationRow, int, error) {
	tx, q, err := db.beginScope(ctx, orgID, f.Scope)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	rows, total, err := q.citationRows(ctx, tx, f, analyticsql.DomainLevel, domainSortColumns, sightline.DefaultDomainSort)
	if err != nil {
		return nil, 0, err
	}
	if q.DomainRollupRows() {
		if err := q.fillTopPages(ctx, tx, rows); err != nil {
			return nil, 0, err
		}
	}
	if err := q.fillMentionedBrands(ctx, tx, rows, analyticsql.DomainLevel); err != nil {
		return nil, 0, err
	}
	return rows, total, nil
}

// citationRows pages through the rows of one level: percentages are of all
// citations (and of all brand citations) in the narrowed scope, so that
// total_citation_percent sums to 100 over all rows. A domain row also gets
// its number of distinct pages and its most-cited page (ties by page) from
// the same page-level rows in the same statement, unless DomainRollupRows
// (then fillTopPages sets them).
func (q *scopeQ) citationRows(ctx context.Context, tx *Tx, f sightline.CitationFilter, level string,
	sortCols map[string]string, defaultSort []sightline.SortKey) ([]*sightline.CitationRow, int, error) {
	selLevel := analyticsql.PageLevel
	if level == analyticsql.DomainLevel && q.DomainRollupRows() {
		selLevel = analyticsql.DomainLevel
	}
	// row_totals: per page or domain (level), its counts and class;
	// list_rows: the same with a domain's distinct pages and most-cited page.
	rowTotals := func(s *sqlb) {
		q.CitationScope(s, q.Window, true, selLevel)
		s.Add(`, row_totals AS (SELECT MIN(domain) AS domain, MIN(page) AS page, MIN(page_type) AS page_type,
			SUM(citations) AS citations, SUM(brand_citations) AS brand_citations, MAX(has_source) AS has_source, MAX(has_inline) AS has_inline,
			` + analyticsql.RowType("named_citations", "competitor_only_citations") + ` AS domain_type
			FROM scope_citations GROUP BY ` + level + `)`)
	}
	var s sqlb
	rowTotals(&s)
	switch {
	case level == analyticsql.DomainLevel && selLevel == analyticsql.DomainLevel:
		s.Add(`, list_rows AS (SELECT '' AS page, domain, '' AS page_type, domain_type, has_source, has_inline, citations, brand_citations,
			0 AS page_count FROM row_totals)`)
	case level == analyticsql.DomainLevel:
		s.Add(`, ranked_pages AS (SELECT domain, page, MIN(page_type) AS page_type,
			ROW_NUMBER() OVER (PARTITION BY domain ORDER BY SUM(citations) DESC, page ASC) AS page_rank,
			COUNT(*) OVER (PARTITION BY domain) AS page_count
			FROM scope_citations GROUP BY domain, page),
			list_rows AS (SELECT ranked_pages.page AS page, row_totals.domain AS domain, ranked_pages.page_type AS page_type,
				row_totals.domain_type AS domain_type, row_totals.has_source AS has_source, row_totals.has_inline AS has_inline,
				row_totals.citations AS citations, row_totals.brand_citations AS brand_citations, ranked_pages.page_count AS page_count
				FROM row_totals JOIN ranked_pages ON ranked_pages.domain = row_totals.domain AND ranked_pages.page_rank = 1)`)
	default:
		s.Add(`, list_rows AS (SELECT page, domain, page_type, domain_type, has_source, has_inline, citations, brand_citations,
			1 AS page_count FROM row_totals)`)
	}
	s.Add(` SELECT page, domain, page_type, domain_type, has_source, has_inline, citations, brand_citations,
		`+analyticsql.Pct("citations", "SUM(citations) OVER ()")+`, `+analyticsql.Pct("brand_citations", "SUM(brand_citations) OVER ()")+`, COUNT(*) OVER (), page_count,
		SUM(citations) OVER (), SUM(brand_citations) OVER ()
		FROM list_rows`+orderBy(f.Sort, sortCols, defaultSort, level)+` LIMIT ? OFFSET ?`, f.PageSize, f.Offset())
	rows, total, err := scanCitationRows(ctx, tx, &s)
	if err != nil {
		return nil, 0, fmt.Errorf("citation %ss: %w", level, err)
	}
	if len(rows) == 0 && f.Offset() > 0 {
		// past the end: the window function saw no row, count them apart
		var c sqlb
		rowTotals(&c)
		c.Add(` SELECT COUNT(*) FROM row_totals`)
		if err := tx.queryRow(ctx, c.String(), c.Args...).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count citation %ss: %w", level, err)
		}
	}
	return rows, total, nil
}

// fillTopPages sets each domain row's distinct pages and most-cited page
// (ties by page) from the page level of the same scope.
func (q *scopeQ) fillTopPages(ctx context.Context, tx *Tx, rows []*sightline.CitationRow) error {
	if len(rows) == 0 {
		return nil
	}
	byDomain := map[string]*sightline.CitationRow{}
	for _, r := range rows {
		byDomain[r.Domain] = r
	}
	domains := rowDomains(rows)
	var s sqlb
	q.CitationScope(&s, q.Window, true, analyticsql.PageLevel)
	s.Add(`, ranked_pages AS (SELECT domain, page, MIN(page_type) AS page_type, SUM(citations) AS citations,
		ROW_NUMBER() OVER (PARTITION BY domain ORDER BY SUM(citations) DESC, page ASC) AS page_rank,
		COUNT(*) OVER (PARTITION BY domain) AS page_count
		FROM scope_citations WHERE domain IN (`+analyticsql.Placeholders(len(domains))+`) GROUP BY domain, page)
		SELECT domain, page, page_type, page_count FROM ranked_pages WHERE page_rank = 1`, domains)
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var domain, page, pageType string
		var pages int
		if err := scan(&domain, &page, &pageType, &pages); err != nil {
			return err
		}
		if r := byDomain[domain]; r != nil {
			r.Page, r.PageType, r.PageCount = page, pageType, pages
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("top pages: %w", err)
	}
	return nil
}

func scanCitationRows(ctx context.Context, tx *Tx, s *sqlb) ([]*sightline.CitationRow, int, error) {
	var out []*sightline.CitationRow
	total := 0
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		r := &sightline.CitationRow{CitationTypes: []string{}, MentionedBrands: []string{}}
		var source, inline int
		if err := scan(&r.Page, &r.Domain, &r.PageType, &r.DomainType, &source, &inline,
			&r.TotalCitationCount, &r.BrandCitationCount, &r.TotalCitationPercent, &r.BrandCitationPercent, &total, &r.PageCount,
			&r.TotalCitationSampleSize, &r.BrandCitationSampleSize); err != nil {
			return err
		}
		setCitationRowStats(r)
		if source == 1 {
			r.CitationTypes = append(r.CitationTypes, sightline.CitationSource)
		}
		if inline == 1 {
			r.CitationTypes = append(r.CitationTypes, sightline.CitationInline)
		}
		r.TargetBrandMentioned = r.BrandCitationCount > 0
		out = append(out, r)
		return nil
	})
	return out, total, err
}

// fillMentionedBrands lists, for the rows of one page of results, the
// found brands named in the answers that cite each row (by name, sorted by
// byte order on both engines): from the page-brand rollups for whole days,
// from the facts for the rest (runBrands).
func (q *scopeQ) fillMentionedBrands(ctx context.Context, tx *Tx, rows []*sightline.CitationRow, key string) error {
	if len(rows) == 0 {
		return nil
	}
	keys := make([]any, 0, len(rows))
	named := map[string]map[string]bool{} // row key -> the names of its brands
	for _, r := range rows {
		k := rowKey(r, key)
		keys = append(keys, k)
		named[k] = map[string]bool{}
	}
	full, raw := q.PagePlan(q.Window)
	if len(raw) > 0 {
		if err := q.runBrands(ctx, tx, raw, key, keys, named); err != nil {
			return fmt.Errorf("mentioned brands: %w", err)
		}
	}
	if len(full) > 0 {
		var s sqlb
		s.Add(`SELECT DISTINCT row_brands.row_key, found_brands.name FROM (`)
		if key == analyticsql.PageLevel {
			// the primary key starts (brand_id, domain, page): name the
			// domains of the page rows too
			s.Add(`SELECT daily_page_brands.page AS row_key, daily_page_brands.found_brand_id AS found_brand_id FROM daily_page_brands
				WHERE daily_page_brands.brand_id = ? AND daily_page_brands.domain IN (`+analyticsql.Placeholders(len(rowDomains(rows)))+`)
				AND daily_page_brands.page IN (`+analyticsql.Placeholders(len(keys))+`)
				AND (`+analyticsql.RangesOf("daily_page_brands", full)+`)`, q.BrandID, rowDomains(rows), keys, analyticsql.RangeArgs(full))
		} else if q.PageFiltered() {
			// a domain row counts only its pages that pass the filters
			s.Add(`SELECT daily_page_brands.domain AS row_key, daily_page_brands.found_brand_id AS found_brand_id FROM daily_page_brands
				WHERE daily_page_brands.brand_id = ? AND daily_page_brands.domain IN (`+analyticsql.Placeholders(len(keys))+`) AND (`+analyticsql.RangesOf("daily_page_brands", full)+`)
				AND daily_page_brands.page IN (SELECT daily_pages.page FROM daily_pages WHERE daily_pages.brand_id = ? AND (`+analyticsql.RangesOf("daily_pages", full)+`)`,
				q.BrandID, keys, analyticsql.RangeArgs(full), q.BrandID, analyticsql.RangeArgs(full))
			q.CitationFilters(&s, "daily_pages", analyticsql.PageLevel)
			s.Add(`)`)
		} else {
			s.Add(`SELECT daily_domain_brands.domain AS row_key, daily_domain_brands.found_brand_id AS found_brand_id FROM daily_domain_brands
				WHERE daily_domain_brands.brand_id = ? AND daily_domain_brands.domain IN (`+analyticsql.Placeholders(len(keys))+`)
				AND (`+analyticsql.RangesOf("daily_domain_brands", full)+`)`, q.BrandID, keys, analyticsql.RangeArgs(full))
		}
		s.Add(`) row_brands JOIN found_brands ON found_brands.id = row_brands.found_brand_id`)
		err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
			var k, name string
			if err := scan(&k, &name); err != nil {
				return err
			}
			if names := named[k]; names != nil {
				names[name] = true
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("mentioned brands: %w", err)
		}
	}
	for _, r := range rows {
		names := named[rowKey(r, key)]
		r.MentionedBrands = slices.AppendSeq(make([]string, 0, len(names)), maps.Keys(names)) // [] when none
		slices.Sort(r.MentionedBrands)
	}
	return nil
}

// rowKey is a row's page or domain, as key says.
func rowKey(r *sightline.CitationRow, key string) string {
	if key == analyticsql.DomainLevel {
		return r.Domain
	}
	return r.Page
}

// runBrands adds to named the brands named by the runs of the raw ranges
// that cite the row keys. Each citing run is read once, with the keys it
// cites and the found brands it names as two lists (listAgg), and their
// product is taken here: in SQL, a row per (key, run) pair probing the
// run's mentions cost about five times as many probes (a run cites several
// of a page's rows), plus a sort of every pair (docs/performance.md).
func (q *scopeQ) runBrands(ctx context.Context, tx *Tx, raw []sightline.Window, key string, keys []any, named map[string]map[string]bool) error {
	var s sqlb
	if len(q.FoundBrandIDs) > 0 || len(q.DomainTypes) > 0 {
		// these filters need each run's found brands (run_flags of WriteSel)
		q.WriteSel(&s, nil, raw, true, analyticsql.PageLevel)
		s.Add(`, citing_runs AS MATERIALIZED (SELECT scope_citations.topic_id AS topic_id, scope_citations.provider_id AS provider_id,
			scope_citations.ran_at AS ran_at, scope_citations.run_seq AS run_seq, `+q.Dialect.ListAgg("scope_citations."+key)+` AS row_keys
			FROM scope_citations WHERE scope_citations.`+key+` IN (`+analyticsql.Placeholders(len(keys))+`)
			GROUP BY scope_citations.topic_id, scope_citations.provider_id, scope_citations.ran_at, scope_citations.run_seq)`, keys)
	} else {
		// the runs citing the rows' keys, straight from the facts, grouped
		// in the order of the primary key
		s.Add(`WITH citing_runs AS MATERIALIZED (`)
		analyticsql.EachRange(&s, raw, func(s *sqlb, r sightline.Window) {
			s.Add(`SELECT citations.topic_id AS topic_id, citations.provider_id AS provider_id, citations.ran_at AS ran_at,
				citations.run_seq AS run_seq, ` + q.Dialect.ListAgg("citations."+key) + ` AS row_keys FROM citations WHERE `)
			q.FactFilter(s, "citations", r)
			q.CitationFilters(s, "citations", analyticsql.PageLevel)
			s.Add(` AND citations.`+key+` IN (`+analyticsql.Placeholders(len(keys))+`)
				GROUP BY citations.topic_id, citations.provider_id, citations.ran_at, citations.run_seq`, keys)
		})
		s.Add(`)`)
	}
	// each run's mentions are one primary-key range
	s.Add(` SELECT citing_runs.row_keys, COALESCE((SELECT `+q.Dialect.ListAgg("mentions.found_brand_id")+` FROM mentions
		WHERE mentions.brand_id = ? AND mentions.topic_id = citing_runs.topic_id AND mentions.provider_id = citing_runs.provider_id
		AND mentions.ran_at = citing_runs.ran_at AND mentions.run_seq = citing_runs.run_seq), '') FROM citing_runs`, q.BrandID)
	ids := map[string]map[string]bool{} // row key -> found brand ids
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var rowKeys, brandIDs string
		if err := scan(&rowKeys, &brandIDs); err != nil {
			return err
		}
		if brandIDs == "" {
			return nil
		}
		for k := range strings.SplitSeq(rowKeys, analyticsql.ListSep) {
			set := ids[k]
			if set == nil {
				set = map[string]bool{}
				ids[k] = set
			}
			for id := range strings.SplitSeq(brandIDs, analyticsql.ListSep) {
				set[id] = true
			}
		}
		return nil
	})
	if err != nil || len(ids) == 0 {
		return err
	}
	all := map[string]bool{}
	for _, set := range ids {
		maps.Copy(all, set)
	}
	idList := slices.Sorted(maps.Keys(all))
	name := map[string]string{}
	err = eachRow(ctx, tx, `SELECT id, name FROM found_brands WHERE id IN (`+analyticsql.Placeholders(len(idList))+`)`, anys(idList),
		func(scan func(...any) error) error {
			var id, n string
			if err := scan(&id, &n); err != nil {
				return err
			}
			name[id] = n
			return nil
		})
	if err != nil {
		return err
	}
	for k, set := range ids {
		if names := named[k]; names != nil {
			for id := range set {
				names[name[id]] = true
			}
		}
	}
	return nil
}

// beginScope opens a read transaction, checks the brand belongs to orgID
// and resolves the scope's target.
func (db *DB) beginScope(ctx context.Context, orgID string, s sightline.Scope) (*Tx, *scopeQ, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, nil, err
	}
	if err := checkBrand(ctx, tx, orgID, s.BrandID); err != nil {
		tx.Rollback()
		return nil, nil, err
	}
	q, err := newScope(ctx, tx, s)
	if err != nil {
		tx.Rollback()
		return nil, nil, err
	}
	return tx, q, nil
}
