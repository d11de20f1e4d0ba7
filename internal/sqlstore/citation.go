package sqlstore

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

var _ sightline.CitationService = (*DB)(nil)

// competitorDomains is the subquery of a brand's competitors' domains.
const competitorDomains = `(SELECT domain FROM competitors WHERE brand_id = ? AND domain <> '')`

// pagePlan returns the whole days of w that the page and domain rollups
// answer and the ranges the fact tables answer.
func (q *scopeQ) pagePlan(w sightline.Window, cuts ...time.Time) (full, raw []sightline.Window) {
	return wholeDays(q.pageRollups(), w, cuts...)
}

// selPlan is pagePlan for the rows of sel, which a topic or provider filter
// may also read from the page rollups per topic and provider.
func (q *scopeQ) selPlan(w sightline.Window, cuts ...time.Time) (full, raw []sightline.Window) {
	return wholeDays(q.pageRollups() || q.topicPageRollups(), w, cuts...)
}

// wholeDays splits w at the cuts into whole days and the partial ranges
// around them, or returns w as one partial range unless ok.
func wholeDays(ok bool, w sightline.Window, cuts ...time.Time) (full, raw []sightline.Window) {
	if !ok {
		return nil, []sightline.Window{w}
	}
	p := planRollup(w, cuts...)
	if len(p.full) == 0 {
		return nil, []sightline.Window{w}
	}
	return p.full, p.raw
}

// Levels of citation rows: one per page, or one per domain (the domain
// rollups are smaller; page, page_type and subreddit are then empty).
const (
	pageLevel   = "page"
	domainLevel = "domain"
)

// citationScope writes the common table expressions every citation metric
// starts from, over w (split at cuts for the rollups):
//
//	od, cd: the brand's owned domains and its competitors' domains;
//	rf:     per run of the fact ranges, whether its answer names a
//	        brand-count target (brand), the target brand by name (named), a
//	        competitor (comp);
//	sel:    the scope's citations at the given level, narrowed by the
//	        citation filters when narrow is set: per row n citations, nb of
//	        them in answers naming a brand-count target, nn naming the target
//	        brand, nc naming a competitor but not the target; has_source,
//	        has_inline. A fact row is one citation; a rollup row a page's or
//	        domain's day.
//
// Every aggregate over sel sums these counts.
func (q *scopeQ) citationScope(s *sqlb, w sightline.Window, narrow bool, level string, cuts ...time.Time) {
	full, raw := q.selPlan(w, cuts...)
	q.writeSel(s, full, raw, narrow, level, cuts...)
}

// writeSel writes the CTEs of citationScope for the whole-day ranges full
// (rollups) and the ranges raw (facts); no rollup row read may straddle a
// cut.
func (q *scopeQ) writeSel(s *sqlb, full, raw []sightline.Window, narrow bool, level string, cuts ...time.Time) {
	s.add(`WITH od AS MATERIALIZED (SELECT domain FROM brand_domains WHERE brand_id = ?),
		cd AS MATERIALIZED (SELECT domain FROM competitors WHERE brand_id = ? AND domain <> ''), `, q.BrandID, q.BrandID)
	if len(raw) > 0 {
		s.add(`rf AS MATERIALIZED (`)
		eachRange(s, raw, func(s *sqlb, r sightline.Window) {
			s.add(`SELECT m.run_seq AS run_seq,
				MAX(CASE WHEN m.found_brand_id IN (`+placeholders(len(q.targetIDs))+`) THEN 1 ELSE 0 END) AS brand,
				MAX(CASE WHEN m.found_brand_id IN (`+placeholders(len(q.nameTargetIDs))+`) THEN 1 ELSE 0 END) AS named,
				MAX(CASE WHEN m.found_brand_id IN (`+placeholders(len(q.competitorIDs))+`) THEN 1 ELSE 0 END) AS comp
				FROM mentions m WHERE `, anys(q.targetIDs), anys(q.nameTargetIDs), anys(q.competitorIDs))
			q.factFilter(s, "m", r)
			s.add(` GROUP BY m.run_seq`)
		})
		s.add(`), `)
	}
	if q.selOnce && len(raw) == 0 {
		// read once, from rollups only: SQLite streams it into the one
		// reader instead of writing it to a temporary table first
		s.add(`sel AS NOT MATERIALIZED (`)
	} else {
		s.add(`sel AS MATERIALIZED (`)
	}
	byTopic := q.topicPageRollups()
	for i, pc := range rollupPieces(full, level, byTopic, cuts) {
		if i > 0 {
			s.add(` UNION ALL `)
		}
		r := pc.Window
		if byTopic {
			// one range of days per topic and provider pair, as the
			// facts (factFilter); page columns empty at domain level
			cols := `p.page AS page, p.domain AS domain, p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit`
			if level != pageLevel {
				cols = `'' AS page, p.domain AS domain, '' AS page_type, p.domain_type AS static_type, '' AS subreddit`
			}
			topics, providers := q.TopicIDs, q.ProviderIDs
			if len(topics) == 0 {
				topics = q.allTopics
			}
			if len(providers) == 0 {
				providers = q.allProviders
			}
			s.add(`SELECT p.ran_at AS ran_at, p.topic_id AS topic_id, p.provider_id AS provider_id, 0 AS run_seq, `+cols+`,
				'' AS youtube_channel, p.has_source AS has_source, p.has_inline AS has_inline,
				p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
				FROM daily_topic_pages p WHERE p.brand_id = ? AND p.topic_id IN (`+placeholders(len(topics))+`)
				AND p.provider_id IN (`+placeholders(len(providers))+`) AND p.ran_at >= ? AND p.ran_at < ?`,
				q.BrandID, anys(topics), anys(providers), ts(r.Start), ts(r.End))
			if narrow {
				q.citationFilters(s, "p", pageLevel)
			}
			continue
		}
		if level == pageLevel {
			s.add(`SELECT p.ran_at AS ran_at, ` + q.d().nilUUID() + ` AS topic_id, ` + q.d().nilUUID() + ` AS provider_id, 0 AS run_seq, p.page AS page, p.domain AS domain,
				p.page_type AS page_type, p.domain_type AS static_type, p.subreddit AS subreddit, '' AS youtube_channel,
				p.has_source AS has_source, p.has_inline AS has_inline,
				p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
				FROM ` + pc.table + ` p`)
		} else {
			s.add(`SELECT p.ran_at AS ran_at, ` + q.d().nilUUID() + ` AS topic_id, ` + q.d().nilUUID() + ` AS provider_id, 0 AS run_seq, '' AS page, p.domain AS domain,
				'' AS page_type, p.domain_type AS static_type, '' AS subreddit, '' AS youtube_channel,
				p.has_source AS has_source, p.has_inline AS has_inline,
				p.citations AS n, p.named AS nb, p.named AS nn, p.comp_only AS nc
				FROM daily_domains p`)
		}
		s.add(` WHERE p.brand_id = ? AND p.ran_at >= ? AND p.ran_at < ?`, q.BrandID, ts(r.Start), ts(r.End))
		if narrow {
			q.citationFilters(s, "p", level)
		}
	}
	if len(full) > 0 && len(raw) > 0 {
		s.add(` UNION ALL `)
	}
	eachRange(s, raw, func(s *sqlb, r sightline.Window) {
		s.add(`SELECT c.ran_at AS ran_at, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.page AS page, c.domain AS domain,
			c.page_type AS page_type, c.domain_type AS static_type, c.subreddit AS subreddit, c.youtube_channel AS youtube_channel,
			CASE WHEN c.citation_type = 'source' THEN 1 ELSE 0 END AS has_source,
			CASE WHEN c.citation_type = 'inline' THEN 1 ELSE 0 END AS has_inline,
			1 AS n, COALESCE(rf.brand, 0) AS nb, COALESCE(rf.named, 0) AS nn,
			CASE WHEN COALESCE(rf.named, 0) = 0 AND rf.comp = 1 THEN 1 ELSE 0 END AS nc
			FROM citations c LEFT JOIN rf ON rf.run_seq = c.run_seq WHERE `)
		q.factFilter(s, "c", r)
		if narrow {
			q.citationFilters(s, "c", pageLevel)
			if len(q.FoundBrandIDs) > 0 {
				// keep only citations attributed to the chosen found brands
				s.add(` AND rf.brand = 1`)
			}
			if len(q.DomainTypes) > 0 {
				// each citation's own class (pageRollups keeps this case here)
				s.add(` AND (CASE WHEN c.domain IN (SELECT domain FROM od) THEN 'owned'
					WHEN c.domain IN (SELECT domain FROM cd) THEN 'competitor_owned'
					WHEN rf.named = 1 THEN 'earned'
					WHEN rf.comp = 1 THEN 'competitor_earned'
					ELSE c.domain_type END) IN (`+placeholders(len(q.DomainTypes))+`)`, anys(q.DomainTypes))
			}
		}
	})
	s.add(`)`)
}

// rollupPiece is a range of whole days and the rollup table that answers it.
type rollupPiece struct {
	sightline.Window
	table string
}

// rollupPieces splits ranges of whole days into the rollup reads of a
// level: at page level the whole ISO weeks inside a range (and on one side
// of every cut: planRollup joins ranges that touch) come from weekly_pages,
// whose ran_at is the week's Monday, and the days around them from
// daily_pages; at domain level every day comes from daily_domains (they are
// few). So page-level rows of sel are never bucketed by day. With byTopic
// every day comes from daily_topic_pages, at either level.
func rollupPieces(full []sightline.Window, level string, byTopic bool, cuts []time.Time) []rollupPiece {
	var out []rollupPiece
	for _, r := range splitAt(full, cuts) {
		if byTopic {
			out = append(out, rollupPiece{r, "daily_topic_pages"})
			continue
		}
		if level != pageLevel {
			out = append(out, rollupPiece{r, "daily_domains"})
			continue
		}
		weeks, days := splitWeeks(r)
		for _, w := range weeks {
			out = append(out, rollupPiece{w, "weekly_pages"})
		}
		for _, d := range days {
			out = append(out, rollupPiece{d, "daily_pages"})
		}
	}
	return out
}

// splitAt splits ranges at the cuts inside them.
func splitAt(ranges []sightline.Window, cuts []time.Time) []sightline.Window {
	cuts = slices.SortedFunc(slices.Values(cuts), time.Time.Compare)
	var out []sightline.Window
	for _, r := range ranges {
		for _, c := range cuts {
			if c.After(r.Start) && c.Before(r.End) {
				out = append(out, sightline.Window{Start: r.Start, End: c})
				r.Start = c
			}
		}
		out = append(out, r)
	}
	return out
}

// splitWeeks splits a range of whole UTC days into the whole ISO weeks
// (Monday to Sunday) inside it, as one range, and the days before and after.
func splitWeeks(r sightline.Window) (weeks, days []sightline.Window) {
	first := sightline.BucketStart(r.Start, "week")
	if first.Before(r.Start) {
		first = first.AddDate(0, 0, 7)
	}
	last := sightline.BucketStart(r.End, "week") // the Monday on or before the end
	if !first.Before(last) {
		return nil, []sightline.Window{r}
	}
	if r.Start.Before(first) {
		days = append(days, sightline.Window{Start: r.Start, End: first})
	}
	if last.Before(r.End) {
		days = append(days, sightline.Window{Start: last, End: r.End})
	}
	return []sightline.Window{{Start: first, End: last}}, days
}

// rowType is the domain_type of a page or domain row from the sums of its
// citations: owned / competitor_owned by its domain, else earned when any
// of its answers names the target, else competitor_earned when any names a
// competitor, else its static class. (nn, nc name the columns summed.)
func rowType(nn, nc string) string {
	return classOf("MIN(domain)", "SUM("+nn+")", "SUM("+nc+")", "MIN(static_type)")
}

// classOf is rowType over values already summed: the row's domain, its
// counts of citations naming the target (nn) and only a competitor (nc),
// and its static class.
func classOf(domain, nn, nc, static string) string {
	return `CASE WHEN ` + domain + ` IN (SELECT domain FROM od) THEN 'owned'
		WHEN ` + domain + ` IN (SELECT domain FROM cd) THEN 'competitor_owned'
		WHEN ` + nn + ` > 0 THEN 'earned' WHEN ` + nc + ` > 0 THEN 'competitor_earned'
		ELSE ` + static + ` END`
}

// classes writes the CTE cls: the citations of sel split by ownership class
// (owned, competitor_owned, earned, competitor_earned, else the static
// class), rows (t, n) with their counts. sel is read once, summed by
// (owned or competitor-owned domain, static class), and that handful of
// sums is split into the classes.
func classes(s *sqlb) {
	s.add(`, ownership AS (SELECT CASE WHEN domain IN (SELECT domain FROM od) THEN 'owned'
			WHEN domain IN (SELECT domain FROM cd) THEN 'competitor_owned' ELSE '' END AS own_t,
			static_type, SUM(n) AS n, SUM(nn) AS nn, SUM(nc) AS nc FROM sel GROUP BY 1, 2),
		cls AS (SELECT own_t AS t, n FROM ownership WHERE own_t <> ''
		UNION ALL SELECT 'earned', nn FROM ownership WHERE own_t = ''
		UNION ALL SELECT 'competitor_earned', nc FROM ownership WHERE own_t = ''
		UNION ALL SELECT static_type, n - nn - nc FROM ownership WHERE own_t = '')`)
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

// citationFilters narrows citations (alias a: facts or rollups of the
// level) by the page and domain filters; the rollups never see the filters
// on what they lack (see pageRollups).
func (q *scopeQ) citationFilters(s *sqlb, a, level string) {
	if q.Query != "" {
		if q.QueryDomain || level == domainLevel {
			s.add(` AND lower(`+a+`.domain) LIKE ? ESCAPE '\'`, likePattern(q.Query))
		} else {
			s.add(` AND (lower(`+a+`.page) LIKE ? ESCAPE '\' OR lower(`+a+`.domain) LIKE ? ESCAPE '\')`, likePattern(q.Query), likePattern(q.Query))
		}
	}
	if len(q.Domains) > 0 {
		s.add(` AND `+a+`.domain IN (`+placeholders(len(q.Domains))+`)`, anys(q.Domains))
	}
	if level == domainLevel {
		return
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

// FindCitationPages returns the most-cited pages of the scope.
func (db *DB) FindCitationPages(ctx context.Context, orgID string, f sightline.CitationFilter) ([]*sightline.CitationRow, int, error) {
	tx, q, err := db.beginScope(ctx, orgID, f.Scope)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	rows, total, err := q.citationRows(ctx, tx, f, pageLevel, pageSortColumns, sightline.DefaultPageSort)
	if err != nil {
		return nil, 0, err
	}
	if err := q.fillMentionedBrands(ctx, tx, rows, pageLevel); err != nil {
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
	rows, total, err := q.citationRows(ctx, tx, f, domainLevel, domainSortColumns, sightline.DefaultDomainSort)
	if err != nil {
		return nil, 0, err
	}
	if q.domainRollupRows() {
		if err := q.fillTopPages(ctx, tx, rows); err != nil {
			return nil, 0, err
		}
	}
	if err := q.fillMentionedBrands(ctx, tx, rows, domainLevel); err != nil {
		return nil, 0, err
	}
	return rows, total, nil
}

// domainRollupRows reports whether domain rows come from the domain
// rollups (and their top pages from a second statement over the page
// rollups): whole days of an unfiltered scope. The rollups are small, so two
// statements cost less than one over page rows; the fact tables are not,
// so there one statement over the page-level rows gives both.
func (q *scopeQ) domainRollupRows() bool {
	full, _ := q.pagePlan(q.Window)
	return len(full) > 0 && !q.pageFiltered()
}

// citationRows pages through the rows of one level: percentages are of all
// citations (and of all brand citations) in the narrowed scope, so that
// total_citation_percent sums to 100 over all rows. A domain row also gets
// its number of distinct pages and its most-cited page (ties by page) from
// the same page-level rows in the same statement, unless domainRollupRows
// (then fillTopPages sets them).
func (q *scopeQ) citationRows(ctx context.Context, tx *Tx, f sightline.CitationFilter, level string,
	sortCols map[string]string, defaultSort []sightline.SortKey) ([]*sightline.CitationRow, int, error) {
	selLevel := pageLevel
	if level == domainLevel && q.domainRollupRows() {
		selLevel = domainLevel
	}
	agg := func(s *sqlb) {
		q.citationScope(s, q.Window, true, selLevel)
		s.add(`, agg AS (SELECT MIN(domain) AS domain, MIN(page) AS page, MIN(page_type) AS page_type,
			SUM(n) AS total, SUM(nb) AS brand_count, MAX(has_source) AS has_source, MAX(has_inline) AS has_inline,
			` + rowType("nn", "nc") + ` AS domain_type
			FROM sel GROUP BY ` + level + `)`)
	}
	var s sqlb
	agg(&s)
	switch {
	case level == domainLevel && selLevel == domainLevel:
		s.add(`, cr AS (SELECT '' AS page, domain, '' AS page_type, domain_type, has_source, has_inline, total, brand_count, 0 AS pages FROM agg)`)
	case level == domainLevel:
		s.add(`, pg AS (SELECT domain, page, MIN(page_type) AS page_type,
			ROW_NUMBER() OVER (PARTITION BY domain ORDER BY SUM(n) DESC, page ASC) AS rn,
			COUNT(*) OVER (PARTITION BY domain) AS pages
			FROM sel GROUP BY domain, page),
			cr AS (SELECT pg.page AS page, agg.domain AS domain, pg.page_type AS page_type, agg.domain_type AS domain_type,
				agg.has_source AS has_source, agg.has_inline AS has_inline, agg.total AS total, agg.brand_count AS brand_count, pg.pages AS pages
				FROM agg JOIN pg ON pg.domain = agg.domain AND pg.rn = 1)`)
	default:
		s.add(`, cr AS (SELECT page, domain, page_type, domain_type, has_source, has_inline, total, brand_count, 1 AS pages FROM agg)`)
	}
	s.add(` SELECT page, domain, page_type, domain_type, has_source, has_inline, total, brand_count,
		`+pct("total", "SUM(total) OVER ()")+`, `+pct("brand_count", "SUM(brand_count) OVER ()")+`, COUNT(*) OVER (), pages,
		SUM(total) OVER (), SUM(brand_count) OVER ()
		FROM cr`+orderBy(f.Sort, sortCols, defaultSort, level)+` LIMIT ? OFFSET ?`, f.PageSize, f.Offset())
	rows, total, err := scanCitationRows(ctx, tx, &s)
	if err != nil {
		return nil, 0, fmt.Errorf("citation %ss: %w", level, err)
	}
	if len(rows) == 0 && f.Offset() > 0 {
		// past the end: the window function saw no row, count them apart
		var c sqlb
		agg(&c)
		c.add(` SELECT COUNT(*) FROM agg`)
		if err := tx.queryRow(ctx, c.String(), c.args...).Scan(&total); err != nil {
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
	q.citationScope(&s, q.Window, true, pageLevel)
	s.add(`, pg AS (SELECT domain, page, MIN(page_type) AS page_type, SUM(n) AS n,
		ROW_NUMBER() OVER (PARTITION BY domain ORDER BY SUM(n) DESC, page ASC) AS rn,
		COUNT(*) OVER (PARTITION BY domain) AS pages
		FROM sel WHERE domain IN (`+placeholders(len(domains))+`) GROUP BY domain, page)
		SELECT domain, page, page_type, pages FROM pg WHERE rn = 1`, domains)
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
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
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
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
		if len(q.FoundBrandIDs) > 0 || len(q.DomainTypes) > 0 {
			// these filters need each run's found brands (rf of writeSel)
			q.writeSel(&s, nil, raw, true, pageLevel)
			s.add(`, hit AS MATERIALIZED (SELECT DISTINCT sel.`+key+` AS k, sel.topic_id AS topic_id, sel.provider_id AS provider_id, sel.run_seq AS run_seq, sel.ran_at AS ran_at FROM sel WHERE sel.`+key+` IN (`+placeholders(len(keys))+`))`, keys)
		} else {
			// the runs citing the rows' keys, straight from the facts
			s.add(`WITH hit AS MATERIALIZED (`)
			eachRange(&s, raw, func(s *sqlb, r sightline.Window) {
				s.add(`SELECT DISTINCT c.` + key + ` AS k, c.topic_id AS topic_id, c.provider_id AS provider_id, c.run_seq AS run_seq, c.ran_at AS ran_at FROM citations c WHERE `)
				q.factFilter(s, "c", r)
				q.citationFilters(s, "c", pageLevel)
				s.add(` AND c.`+key+` IN (`+placeholders(len(keys))+`)`, keys)
			})
			s.add(`)`)
		}
		s.add(` SELECT DISTINCT x.k, fb.name FROM (`)
		// CROSS JOIN keeps SQLite's planner from putting mentions outside:
		// hit is small, and each of its runs is one primary-key range.
		// DISTINCT before found_brands is joined: PostgreSQL, which
		// cannot estimate hit, otherwise scans found_brands once per
		// (row, run, mention): 150 of 240 ms on the 10× data set.
		s.add(`SELECT DISTINCT hit.k AS k, m.found_brand_id AS id FROM hit CROSS JOIN mentions m
			WHERE m.brand_id = ? AND m.topic_id = hit.topic_id AND m.provider_id = hit.provider_id AND m.ran_at = hit.ran_at AND m.run_seq = hit.run_seq`, q.BrandID)
	} else {
		s.add(`SELECT DISTINCT x.k, fb.name FROM (`)
	}
	if len(full) > 0 {
		if len(raw) > 0 {
			s.add(` UNION `)
		}
		if key == pageLevel {
			// the primary key starts (brand_id, domain, page): name the
			// domains of the page rows too
			s.add(`SELECT d.page AS k, d.found_brand_id AS id FROM daily_page_brands d
				WHERE d.brand_id = ? AND d.domain IN (`+placeholders(len(rowDomains(rows)))+`) AND d.page IN (`+placeholders(len(keys))+`)
				AND (`+rangesOf("d", full)+`)`, q.BrandID, rowDomains(rows), keys, rangeArgs(full))
		} else if q.pageFiltered() {
			// a domain row counts only its pages that pass the filters
			s.add(`SELECT d.domain AS k, d.found_brand_id AS id FROM daily_page_brands d
				WHERE d.brand_id = ? AND d.domain IN (`+placeholders(len(keys))+`) AND (`+rangesOf("d", full)+`)
				AND d.page IN (SELECT p.page FROM daily_pages p WHERE p.brand_id = ? AND (`+rangesOf("p", full)+`)`,
				q.BrandID, keys, rangeArgs(full), q.BrandID, rangeArgs(full))
			q.citationFilters(&s, "p", pageLevel)
			s.add(`)`)
		} else {
			s.add(`SELECT d.domain AS k, d.found_brand_id AS id FROM daily_domain_brands d
				WHERE d.brand_id = ? AND d.domain IN (`+placeholders(len(keys))+`) AND (`+rangesOf("d", full)+`)`, q.BrandID, keys, rangeArgs(full))
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
