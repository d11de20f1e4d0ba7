package sqlstore

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

var _ sightline.CitationService = (*DB)(nil)

// competitorDomains is the subquery of a brand's competitors' domains.
const competitorDomains = `(SELECT domain FROM competitors WHERE brand_id = ? AND domain <> '')`

// pagePlan returns the whole days of w that the page rollups answer and
// the ranges the fact tables answer.
func (q *scopeQ) pagePlan(w sightline.Window, cuts ...time.Time) (full, raw []sightline.Window) {
	if !q.pageRollups() {
		return nil, []sightline.Window{w}
	}
	p := planRollup(w, cuts...)
	if len(p.full) == 0 {
		return nil, []sightline.Window{w}
	}
	return p.full, p.raw
}

// citationScope writes the common table expressions every citation metric
// starts from, over w (split at cuts for the rollups):
//
//	rf:  per run of the fact ranges, whether its answer names a brand-count
//	     target (brand), the target brand by name (named), a competitor (comp);
//	sel: the scope's citations with their ownership class (dtype, DESIGN §4),
//	     the run flags and a count n (1 per fact row; a day's count per
//	     rollup row), narrowed by the citation filters when narrow is set.
//
// Every aggregate over sel sums n.
func (q *scopeQ) citationScope(s *sqlb, w sightline.Window, narrow bool, cuts ...time.Time) {
	full, raw := q.pagePlan(w, cuts...)
	q.writeSel(s, full, raw, narrow)
}

func (q *scopeQ) writeSel(s *sqlb, full, raw []sightline.Window, narrow bool) {
	s.add(`WITH `)
	if len(raw) > 0 {
		s.add(`rf AS MATERIALIZED (`)
		eachRange(s, raw, func(s *sqlb, r sightline.Window) {
			s.add(`SELECT m.run_seq AS run_seq,
				MAX(CASE WHEN m.found_brand_id IN (`+placeholders(len(q.targetIDs))+`) THEN 1 ELSE 0 END) AS brand,
				MAX(CASE WHEN m.found_brand_id IN (`+placeholders(len(q.nameTargetIDs))+`) THEN 1 ELSE 0 END) AS named,
				MAX(CASE WHEN m.found_brand_id IN (`+placeholders(len(q.competitorIDs))+`) THEN 1 ELSE 0 END) AS comp
				FROM mentions m WHERE `, anys(q.targetIDs), anys(q.nameTargetIDs), anys(q.competitorIDs))
			q.filterIn(s, "m", r)
			s.add(` GROUP BY m.run_seq`)
		})
		s.add(`), `)
	}
	s.add(`sel AS MATERIALIZED (SELECT * FROM (`)
	eachRange(s, full, func(s *sqlb, r sightline.Window) {
		s.add(`SELECT p.ran_at AS ran_at, 0 AS run_seq, p.page AS page, p.domain AS domain, p.page_type AS page_type,
			p.domain_type AS static_type, p.citation_type AS citation_type, p.youtube_channel AS youtube_channel, p.subreddit AS subreddit,
			p.named AS brand, p.named AS named,
			CASE WHEN p.domain IN `+ownedDomains+` THEN 'owned'
				WHEN p.domain IN `+competitorDomains+` THEN 'competitor_owned'
				WHEN p.named = 1 THEN 'earned'
				WHEN p.comp = 1 THEN 'competitor_earned'
				ELSE p.domain_type END AS dtype,
			p.citations AS n
			FROM daily_pages p WHERE p.brand_id = ? AND p.ran_at >= ? AND p.ran_at < ?`,
			q.BrandID, q.BrandID, q.BrandID, ts(r.Start), ts(r.End))
		if narrow {
			q.citationFilters(s, "p")
		}
	})
	if len(full) > 0 && len(raw) > 0 {
		s.add(` UNION ALL `)
	}
	eachRange(s, raw, func(s *sqlb, r sightline.Window) {
		s.add(`SELECT c.ran_at AS ran_at, c.run_seq AS run_seq, c.page AS page, c.domain AS domain, c.page_type AS page_type,
			c.domain_type AS static_type, c.citation_type AS citation_type, c.youtube_channel AS youtube_channel, c.subreddit AS subreddit,
			COALESCE(rf.brand, 0) AS brand, COALESCE(rf.named, 0) AS named,
			CASE WHEN c.domain IN `+ownedDomains+` THEN 'owned'
				WHEN c.domain IN `+competitorDomains+` THEN 'competitor_owned'
				WHEN rf.named = 1 THEN 'earned'
				WHEN rf.comp = 1 THEN 'competitor_earned'
				ELSE c.domain_type END AS dtype,
			1 AS n
			FROM citations c LEFT JOIN rf ON rf.run_seq = c.run_seq WHERE `, q.BrandID, q.BrandID)
		q.filterIn(s, "c", r)
		if narrow {
			q.citationFilters(s, "c")
			if len(q.FoundBrandIDs) > 0 {
				// keep only citations attributed to the chosen found brands
				s.add(` AND rf.brand = 1`)
			}
		}
	})
	s.add(`) u`)
	if narrow && len(q.DomainTypes) > 0 {
		s.add(` WHERE dtype IN (`+placeholders(len(q.DomainTypes))+`)`, anys(q.DomainTypes))
	}
	s.add(`)`)
}

// rangesOf returns "(a.ran_at >= ? AND a.ran_at < ?) OR …" for ranges.
func rangesOf(a string, ranges []sightline.Window) string {
	parts := make([]string, len(ranges))
	for i := range ranges {
		parts[i] = "(" + a + ".ran_at >= ? AND " + a + ".ran_at < ?)"
	}
	return strings.Join(parts, " OR ")
}

func rangeArgs(ranges []sightline.Window) []any {
	args := make([]any, 0, 2*len(ranges))
	for _, w := range ranges {
		args = append(args, ts(w.Start), ts(w.End))
	}
	return args
}

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

// pageFiltered reports whether a citation filter narrows the pages.
func (q *scopeQ) pageFiltered() bool {
	return q.Query != "" || len(q.Domains) > 0 || len(q.PageTypes) > 0 || q.YouTubeChannel != "" || q.Subreddit != "" || q.URL != ""
}

// citationFilters narrows citations (alias a: facts or page rollups) by the
// page and domain filters; all are attributes of the page.
func (q *scopeQ) citationFilters(s *sqlb, a string) {
	if q.Query != "" {
		if q.QueryDomain {
			s.add(` AND lower(`+a+`.domain) LIKE ? ESCAPE '\'`, likePattern(q.Query))
		} else {
			s.add(` AND (lower(`+a+`.page) LIKE ? ESCAPE '\' OR lower(`+a+`.domain) LIKE ? ESCAPE '\')`, likePattern(q.Query), likePattern(q.Query))
		}
	}
	if len(q.Domains) > 0 {
		s.add(` AND `+a+`.domain IN (`+placeholders(len(q.Domains))+`)`, anys(q.Domains))
	}
	if len(q.PageTypes) > 0 {
		s.add(` AND `+a+`.page_type IN (`+placeholders(len(q.PageTypes))+`)`, anys(q.PageTypes))
	}
	if q.YouTubeChannel != "" {
		s.add(` AND lower(`+a+`.youtube_channel) = ?`, asciiLower(q.YouTubeChannel))
	}
	if q.Subreddit != "" {
		s.add(` AND `+a+`.subreddit = ?`, strings.TrimPrefix(asciiLower(q.Subreddit), "r/"))
	}
	if q.URL != "" {
		s.add(` AND `+a+`.page = ?`, q.URL)
	}
}

// rowDomainType ranks the ownership classes of a row's citations: a row is
// owned / competitor_owned by its domain, else earned when any of its
// citations is, else competitor_earned, else its static class.
const rowDomainType = `CASE MAX(CASE dtype WHEN 'owned' THEN 4 WHEN 'competitor_owned' THEN 3 WHEN 'earned' THEN 2 WHEN 'competitor_earned' THEN 1 ELSE 0 END)
	WHEN 4 THEN 'owned' WHEN 3 THEN 'competitor_owned' WHEN 2 THEN 'earned' WHEN 1 THEN 'competitor_earned' ELSE MIN(static_type) END`

var pageSortColumns = map[string]string{
	"total_citation_count":   "total",
	"citation_count":         "total",
	"total_citation_percent": "total",
	"brand_citation_count":   "brand_count",
	"brand_citation_percent": "brand_count",
	"page":                   "page",
	"domain":                 "domain",
	"page_type":              "page_type",
}

var domainSortColumns = map[string]string{
	"citation_count":       "total",
	"brand_citation_count": "brand_count",
	"domain":               "domain",
}

// pageAgg writes the CTE agg: one row per cited page.
func pageAgg(s *sqlb) {
	s.add(`, agg AS (SELECT page, MIN(domain) AS domain, MIN(page_type) AS page_type, 1 AS pages, SUM(n) AS total, SUM(brand * n) AS brand_count,
		MAX(CASE WHEN citation_type = 'source' THEN 1 ELSE 0 END) AS has_source,
		MAX(CASE WHEN citation_type = 'inline' THEN 1 ELSE 0 END) AS has_inline,
		` + rowDomainType + ` AS domain_type
		FROM sel GROUP BY page)`)
}

// domainAgg writes the CTE agg: one row per cited domain, with its
// most-cited page (ties by page) and its number of distinct pages.
func domainAgg(s *sqlb) {
	s.add(`, pg AS (SELECT domain, page, MIN(page_type) AS page_type, SUM(n) AS n,
		ROW_NUMBER() OVER (PARTITION BY domain ORDER BY SUM(n) DESC, page ASC) AS rn
		FROM sel GROUP BY domain, page),
		dm AS (SELECT domain, SUM(n) AS total, SUM(brand * n) AS brand_count,
		MAX(CASE WHEN citation_type = 'source' THEN 1 ELSE 0 END) AS has_source,
		MAX(CASE WHEN citation_type = 'inline' THEN 1 ELSE 0 END) AS has_inline,
		` + rowDomainType + ` AS domain_type
		FROM sel GROUP BY domain),
		pc AS (SELECT domain, COUNT(*) AS pages FROM pg GROUP BY domain),
		agg AS (SELECT pg.page AS page, dm.domain AS domain, pg.page_type AS page_type, pc.pages AS pages,
		dm.total AS total, dm.brand_count AS brand_count, dm.has_source AS has_source, dm.has_inline AS has_inline, dm.domain_type AS domain_type
		FROM dm JOIN pg ON pg.domain = dm.domain AND pg.rn = 1 JOIN pc ON pc.domain = dm.domain)`)
}

// FindCitationPages returns the most-cited pages of the scope.
func (db *DB) FindCitationPages(ctx context.Context, orgID string, f sightline.CitationFilter) ([]*sightline.CitationRow, int, error) {
	return db.findCitationRows(ctx, orgID, f, pageAgg, pageSortColumns, sightline.DefaultPageSort, "page")
}

// FindCitationDomains returns the most-cited domains of the scope.
func (db *DB) FindCitationDomains(ctx context.Context, orgID string, f sightline.CitationFilter) ([]*sightline.CitationRow, int, error) {
	return db.findCitationRows(ctx, orgID, f, domainAgg, domainSortColumns, sightline.DefaultDomainSort, "domain")
}

// findCitationRows pages through the rows of agg: percentages are of all
// citations (and of all brand citations) in the narrowed scope, so that
// total_citation_percent sums to 100 over all rows.
func (db *DB) findCitationRows(ctx context.Context, orgID string, f sightline.CitationFilter, agg func(*sqlb),
	sortCols map[string]string, defaultSort []sightline.SortKey, key string) ([]*sightline.CitationRow, int, error) {
	tx, q, err := db.beginScope(ctx, orgID, f.Scope)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	var s sqlb
	q.citationScope(&s, q.Window, true)
	agg(&s)
	s.add(` SELECT page, domain, page_type, domain_type, has_source, has_inline, pages, total, brand_count,
		`+pct("total", "SUM(total) OVER ()")+`, `+pct("brand_count", "SUM(brand_count) OVER ()")+`, COUNT(*) OVER ()
		FROM agg`+orderBy(f.Sort, sortCols, defaultSort, key)+` LIMIT ? OFFSET ?`, f.PageSize, f.Offset())
	rows, total, err := scanCitationRows(ctx, tx, &s)
	if err != nil {
		return nil, 0, fmt.Errorf("citation %ss: %w", key, err)
	}
	if len(rows) == 0 && f.Offset() > 0 {
		// past the end: the window function saw no row, count them apart
		var c sqlb
		q.citationScope(&c, q.Window, true)
		agg(&c)
		c.add(` SELECT COUNT(*) FROM agg`)
		if err := tx.queryRow(ctx, c.String(), c.args...).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count citation %ss: %w", key, err)
		}
	}
	if err := q.fillMentionedBrands(ctx, tx, rows, key); err != nil {
		return nil, 0, err
	}
	return rows, total, nil
}

func scanCitationRows(ctx context.Context, tx *Tx, s *sqlb) ([]*sightline.CitationRow, int, error) {
	var out []*sightline.CitationRow
	total := 0
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
		r := &sightline.CitationRow{CitationTypes: []string{}, MentionedBrands: []string{}}
		var source, inline int
		if err := scan(&r.Page, &r.Domain, &r.PageType, &r.DomainType, &source, &inline, &r.PageCount,
			&r.TotalCitationCount, &r.BrandCitationCount, &r.TotalCitationPercent, &r.BrandCitationPercent, &total); err != nil {
			return err
		}
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
// found brands named in the answers that cite each row (by name): from the
// page-brand rollups for whole days, from the facts for the rest.
func (q *scopeQ) fillMentionedBrands(ctx context.Context, tx *Tx, rows []*sightline.CitationRow, key string) error {
	if len(rows) == 0 {
		return nil
	}
	byKey := map[string]*sightline.CitationRow{}
	keys := make([]any, 0, len(rows))
	for _, r := range rows {
		k := r.Page
		if key == "domain" {
			k = r.Domain
		}
		byKey[k] = r
		keys = append(keys, k)
	}
	full, raw := q.pagePlan(q.Window)
	var s sqlb
	if len(raw) > 0 {
		q.writeSel(&s, nil, raw, true)
		s.add(`, hit AS MATERIALIZED (SELECT DISTINCT sel.`+key+` AS k, sel.run_seq AS run_seq, sel.ran_at AS ran_at FROM sel WHERE sel.`+key+` IN (`+placeholders(len(keys))+`))`, keys)
		s.add(` SELECT DISTINCT x.k, fb.name FROM (`)
		// CROSS JOIN keeps SQLite's planner from putting mentions outside:
		// hit is small, and each of its runs is one primary-key range.
		s.add(`SELECT hit.k AS k, m.found_brand_id AS id FROM hit CROSS JOIN mentions m
			WHERE m.brand_id = ? AND m.ran_at = hit.ran_at AND m.run_seq = hit.run_seq`, q.BrandID)
	} else {
		s.add(`SELECT DISTINCT x.k, fb.name FROM (`)
	}
	if len(full) > 0 {
		if len(raw) > 0 {
			s.add(` UNION `)
		}
		// the primary key starts (brand_id, domain, page): name the domains
		// of page rows too, so both kinds of row read key ranges
		domains := keys
		if key == "page" {
			domains = rowDomains(rows)
		}
		s.add(`SELECT d.`+key+` AS k, d.found_brand_id AS id FROM daily_page_brands d
			WHERE d.brand_id = ? AND d.domain IN (`+placeholders(len(domains))+`) AND d.`+key+` IN (`+placeholders(len(keys))+`)
			AND (`+rangesOf("d", full)+`)`, q.BrandID, domains, keys, rangeArgs(full))
		if key == "domain" && q.pageFiltered() {
			// a domain row counts only its pages that pass the filters
			s.add(` AND d.page IN (SELECT p.page FROM daily_pages p WHERE p.brand_id = ? AND (`+rangesOf("p", full)+`)`, q.BrandID, rangeArgs(full))
			q.citationFilters(&s, "p")
			s.add(`)`)
		}
	}
	s.add(`) x JOIN found_brands fb ON fb.id = x.id ORDER BY x.k, fb.name`)
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
		var k, name string
		if err := scan(&k, &name); err != nil {
			return err
		}
		if r := byKey[k]; r != nil {
			r.MentionedBrands = append(r.MentionedBrands, name)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("mentioned brands: %w", err)
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
