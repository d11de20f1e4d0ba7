package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
)

var _ sightline.CitationService = (*DB)(nil)

// competitorDomains is the subquery of a brand's competitors' domains.
const competitorDomains = `(SELECT domain FROM competitors WHERE brand_id = ? AND domain <> '')`

// citationScope writes the common table expressions every citation metric
// starts from:
//
//	rf:  per run in the scope, whether its answer names a brand-count
//	     target (brand), the target brand by name (named), a competitor (comp);
//	sel: the scope's citations over w with their ownership class (dtype,
//	     DESIGN §4) and the run flags, narrowed by the citation filters
//	     when narrow is set.
func (q *scopeQ) citationScope(s *sqlb, w sightline.Window, narrow bool) {
	mf, margs := q.runFilter("m", w)
	s.add(`WITH rf AS MATERIALIZED (SELECT m.run_seq AS run_seq,
		MAX(CASE WHEN m.found_brand_id IN (`+placeholders(len(q.targetIDs))+`) THEN 1 ELSE 0 END) AS brand,
		MAX(CASE WHEN m.found_brand_id IN (`+placeholders(len(q.nameTargetIDs))+`) THEN 1 ELSE 0 END) AS named,
		MAX(CASE WHEN m.found_brand_id IN (`+placeholders(len(q.competitorIDs))+`) THEN 1 ELSE 0 END) AS comp
		FROM mentions m WHERE `, anys(q.targetIDs), anys(q.nameTargetIDs), anys(q.competitorIDs)).
		add(mf, margs...).add(` GROUP BY m.run_seq),`)
	cf, cargs := q.runFilter("c", w)
	s.add(` cl AS (SELECT c.run_seq AS run_seq, c.ran_at AS ran_at, c.page AS page, c.domain AS domain,
		c.page_type AS page_type, c.citation_type AS citation_type, c.domain_type AS static_type,
		c.provider_id AS provider_id, c.region_id AS region_id, c.topic_id AS topic_id,
		COALESCE(rf.brand, 0) AS brand, COALESCE(rf.named, 0) AS named,
		CASE WHEN c.domain IN `+ownedDomains+` THEN 'owned'
			WHEN c.domain IN `+competitorDomains+` THEN 'competitor_owned'
			WHEN rf.named = 1 THEN 'earned'
			WHEN rf.comp = 1 THEN 'competitor_earned'
			ELSE c.domain_type END AS dtype
		FROM citations c LEFT JOIN rf ON rf.run_seq = c.run_seq
		WHERE `, q.BrandID, q.BrandID).add(cf, cargs...)
	if narrow {
		q.citationFilters(s)
	}
	s.add(`), sel AS MATERIALIZED (SELECT * FROM cl`)
	if narrow && len(q.DomainTypes) > 0 {
		s.add(` WHERE dtype IN (`+placeholders(len(q.DomainTypes))+`)`, anys(q.DomainTypes))
	}
	s.add(`)`)
}

// citationFilters narrows citations (alias c) by the page/domain filters.
func (q *scopeQ) citationFilters(s *sqlb) {
	if q.Query != "" {
		if q.QueryDomain {
			s.add(` AND lower(c.domain) LIKE ? ESCAPE '\'`, likePattern(q.Query))
		} else {
			s.add(` AND (lower(c.page) LIKE ? ESCAPE '\' OR lower(c.domain) LIKE ? ESCAPE '\')`, likePattern(q.Query), likePattern(q.Query))
		}
	}
	if len(q.Domains) > 0 {
		s.add(` AND c.domain IN (`+placeholders(len(q.Domains))+`)`, anys(q.Domains))
	}
	if len(q.PageTypes) > 0 {
		s.add(` AND c.page_type IN (`+placeholders(len(q.PageTypes))+`)`, anys(q.PageTypes))
	}
	if q.YouTubeChannel != "" {
		s.add(` AND lower(c.youtube_channel) = ?`, strings.ToLower(q.YouTubeChannel))
	}
	if q.Subreddit != "" {
		s.add(` AND c.subreddit = ?`, strings.TrimPrefix(strings.ToLower(q.Subreddit), "r/"))
	}
	if q.URL != "" {
		s.add(` AND c.page = ?`, q.URL)
	}
	if len(q.FoundBrandIDs) > 0 {
		// keep only citations attributed to the chosen found brands
		s.add(` AND rf.brand = 1`)
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
	s.add(`, agg AS (SELECT page, MIN(domain) AS domain, MIN(page_type) AS page_type, 1 AS pages, COUNT(*) AS total, SUM(brand) AS brand_count,
		MAX(CASE WHEN citation_type = 'source' THEN 1 ELSE 0 END) AS has_source,
		MAX(CASE WHEN citation_type = 'inline' THEN 1 ELSE 0 END) AS has_inline,
		` + rowDomainType + ` AS domain_type
		FROM sel GROUP BY page)`)
}

// domainAgg writes the CTE agg: one row per cited domain, with its
// most-cited page (ties by page) and its number of distinct pages.
func domainAgg(s *sqlb) {
	s.add(`, pg AS (SELECT domain, page, MIN(page_type) AS page_type, COUNT(*) AS n,
		ROW_NUMBER() OVER (PARTITION BY domain ORDER BY COUNT(*) DESC, page ASC) AS rn
		FROM sel GROUP BY domain, page),
		dm AS (SELECT domain, COUNT(*) AS total, SUM(brand) AS brand_count,
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
// found brands named in the answers that cite each row (by name).
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
	var s sqlb
	q.citationScope(&s, q.Window, true)
	// CROSS JOIN keeps SQLite's planner from putting mentions outside:
	// hit is small, and each of its runs is one primary-key range.
	s.add(`, hit AS MATERIALIZED (SELECT DISTINCT sel.`+key+` AS k, sel.run_seq AS run_seq, sel.ran_at AS ran_at FROM sel WHERE sel.`+key+` IN (`+placeholders(len(keys))+`))
		SELECT DISTINCT hit.k, fb.name FROM hit
		CROSS JOIN mentions m
		JOIN found_brands fb ON fb.id = m.found_brand_id
		WHERE m.brand_id = ? AND m.ran_at = hit.ran_at AND m.run_seq = hit.run_seq
		ORDER BY hit.k, fb.name`, keys, q.BrandID)
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
