package sqlstore

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.CitationService = (*DB)(nil)

// competitorDomains is the subquery of a brand's competitors' domains.
const competitorDomains = `(SELECT domain FROM competitors WHERE brand_id = ? AND domain <> '')`

// pagePlan returns the whole days of w that the page and domain rollups
// answer and the ranges the fact tables answer.
func (q *scopeQ) pagePlan(w sightline.Window, cuts ...time.Time) (full, raw []sightline.Window) {
	return wholeDays(q.pageRollups(), w, cuts...)
}

// selPlan is pagePlan for the rows of scope_citations, which a topic or provider filter
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
//	owned_domains, competitor_domains: the brand's owned domains and its
//	        competitors' domains;
//	run_flags: per run of the fact ranges, whether its answer names a
//	        brand-count target (names_brand), the target brand by name
//	        (names_target), a competitor (names_competitor);
//	scope_citations: the scope's citations at the given level, narrowed by
//	        the citation filters when narrow is set: per row its citations,
//	        brand_citations of them in answers naming a brand-count target,
//	        named_citations naming the target brand, competitor_only_citations
//	        naming a competitor but not the target; has_source, has_inline.
//	        A fact row is one citation; a rollup row a page's or domain's day.
//
// Every aggregate over scope_citations sums these counts.
func (q *scopeQ) citationScope(s *sqlb, w sightline.Window, narrow bool, level string, cuts ...time.Time) {
	full, raw := q.selPlan(w, cuts...)
	q.writeSel(s, full, raw, narrow, level, cuts...)
}

// writeSel writes the CTEs of citationScope for the whole-day ranges full
// (rollups) and the ranges raw (facts); no rollup row read may straddle a
// cut.
func (q *scopeQ) writeSel(s *sqlb, full, raw []sightline.Window, narrow bool, level string, cuts ...time.Time) {
	s.Add(`WITH owned_domains AS MATERIALIZED (SELECT domain FROM brand_domains WHERE brand_id = ?),
		competitor_domains AS MATERIALIZED (SELECT domain FROM competitors WHERE brand_id = ? AND domain <> ''), `, q.BrandID, q.BrandID)
	if len(raw) > 0 {
		s.Add(`run_flags AS MATERIALIZED (`)
		eachRange(s, raw, func(s *sqlb, r sightline.Window) {
			s.Add(`SELECT mentions.run_seq AS run_seq,
				MAX(CASE WHEN mentions.found_brand_id IN (`+analyticsql.Placeholders(len(q.targetIDs))+`) THEN 1 ELSE 0 END) AS names_brand,
				MAX(CASE WHEN mentions.found_brand_id IN (`+analyticsql.Placeholders(len(q.nameTargetIDs))+`) THEN 1 ELSE 0 END) AS names_target,
				MAX(CASE WHEN mentions.found_brand_id IN (`+analyticsql.Placeholders(len(q.competitorIDs))+`) THEN 1 ELSE 0 END) AS names_competitor
				FROM mentions WHERE `, anys(q.targetIDs), anys(q.nameTargetIDs), anys(q.competitorIDs))
			q.factFilter(s, "mentions", r)
			s.Add(` GROUP BY mentions.run_seq`)
		})
		s.Add(`), `)
	}
	if q.selOnce && len(raw) == 0 {
		// read once, from rollups only: SQLite streams it into the one
		// reader instead of writing it to a temporary table first
		s.Add(`scope_citations AS NOT MATERIALIZED (`)
	} else {
		s.Add(`scope_citations AS MATERIALIZED (`)
	}
	byTopic := q.topicPageRollups()
	for i, pc := range rollupPieces(full, level, byTopic, cuts, q.periodSums) {
		if i > 0 {
			s.Add(` UNION ALL `)
		}
		r := pc.Window
		if byTopic {
			// one range of days per topic and provider pair, as the
			// facts (factFilter); page columns empty at domain level
			cols := `rollup_row.page AS page, rollup_row.domain AS domain, rollup_row.page_type AS page_type,
				rollup_row.domain_type AS static_type, rollup_row.subreddit AS subreddit`
			if level != pageLevel {
				cols = `'' AS page, rollup_row.domain AS domain, '' AS page_type, rollup_row.domain_type AS static_type, '' AS subreddit`
			}
			topics, providers := q.TopicIDs, q.ProviderIDs
			if len(topics) == 0 {
				topics = q.allTopics
			}
			if len(providers) == 0 {
				providers = q.allProviders
			}
			s.Add(`SELECT rollup_row.ran_at AS ran_at, rollup_row.topic_id AS topic_id, rollup_row.provider_id AS provider_id, 0 AS run_seq, `+cols+`,
				'' AS youtube_channel, rollup_row.has_source AS has_source, rollup_row.has_inline AS has_inline,
				rollup_row.citations AS citations, rollup_row.named AS brand_citations, rollup_row.named AS named_citations,
				rollup_row.comp_only AS competitor_only_citations
				FROM daily_topic_pages rollup_row WHERE rollup_row.brand_id = ? AND rollup_row.topic_id IN (`+analyticsql.Placeholders(len(topics))+`)
				AND rollup_row.provider_id IN (`+analyticsql.Placeholders(len(providers))+`) AND rollup_row.ran_at >= ? AND rollup_row.ran_at < ?`,
				q.BrandID, anys(topics), anys(providers), ts(r.Start), ts(r.End))
			if narrow {
				q.citationFilters(s, "rollup_row", pageLevel)
			}
			continue
		}
		if level == pageLevel {
			// a piece of periodSums (asOf set) counts in the period of
			// asOf, without the page flags, and minus subtracts it from a
			// week read whole
			ranAt, sign, flags := "rollup_row.ran_at", "", "rollup_row.has_source AS has_source, rollup_row.has_inline AS has_inline"
			var args []any
			if !pc.asOf.IsZero() {
				ranAt, flags, args = q.d().Timestamp("?"), "0 AS has_source, 0 AS has_inline", []any{ts(pc.asOf)}
				if pc.minus {
					sign = "-"
				}
			}
			s.Add(`SELECT `+ranAt+` AS ran_at, `+q.d().NilUUID()+` AS topic_id, `+q.d().NilUUID()+` AS provider_id, 0 AS run_seq,
				rollup_row.page AS page, rollup_row.domain AS domain, rollup_row.page_type AS page_type, rollup_row.domain_type AS static_type,
				rollup_row.subreddit AS subreddit, '' AS youtube_channel, `+flags+`,
				`+sign+`rollup_row.citations AS citations, `+sign+`rollup_row.named AS brand_citations, `+sign+`rollup_row.named AS named_citations,
				`+sign+`rollup_row.comp_only AS competitor_only_citations
				FROM `+pc.table+` rollup_row`, args...)
		} else {
			s.Add(`SELECT rollup_row.ran_at AS ran_at, ` + q.d().NilUUID() + ` AS topic_id, ` + q.d().NilUUID() + ` AS provider_id, 0 AS run_seq,
				'' AS page, rollup_row.domain AS domain, '' AS page_type, rollup_row.domain_type AS static_type,
				'' AS subreddit, '' AS youtube_channel, rollup_row.has_source AS has_source, rollup_row.has_inline AS has_inline,
				rollup_row.citations AS citations, rollup_row.named AS brand_citations, rollup_row.named AS named_citations,
				rollup_row.comp_only AS competitor_only_citations
				FROM daily_domains rollup_row`)
		}
		s.Add(` WHERE rollup_row.brand_id = ? AND rollup_row.ran_at >= ? AND rollup_row.ran_at < ?`, q.BrandID, ts(r.Start), ts(r.End))
		if narrow {
			q.citationFilters(s, "rollup_row", level)
		}
	}
	if len(full) > 0 && len(raw) > 0 {
		s.Add(` UNION ALL `)
	}
	eachRange(s, raw, func(s *sqlb, r sightline.Window) {
		s.Add(`SELECT citations.ran_at AS ran_at, citations.topic_id AS topic_id, citations.provider_id AS provider_id, citations.run_seq AS run_seq,
			citations.page AS page, citations.domain AS domain, citations.page_type AS page_type, citations.domain_type AS static_type,
			citations.subreddit AS subreddit, citations.youtube_channel AS youtube_channel,
			CASE WHEN citations.citation_type = 'source' THEN 1 ELSE 0 END AS has_source,
			CASE WHEN citations.citation_type = 'inline' THEN 1 ELSE 0 END AS has_inline,
			1 AS citations, COALESCE(run_flags.names_brand, 0) AS brand_citations, COALESCE(run_flags.names_target, 0) AS named_citations,
			CASE WHEN COALESCE(run_flags.names_target, 0) = 0 AND run_flags.names_competitor = 1 THEN 1 ELSE 0 END AS competitor_only_citations
			FROM citations LEFT JOIN run_flags ON run_flags.run_seq = citations.run_seq WHERE `)
		q.factFilter(s, "citations", r)
		if narrow {
			q.citationFilters(s, "citations", pageLevel)
			if len(q.FoundBrandIDs) > 0 {
				// keep only citations attributed to the chosen found brands
				s.Add(` AND run_flags.names_brand = 1`)
			}
			if len(q.DomainTypes) > 0 {
				// each citation's own class (pageRollups keeps this case here)
				s.Add(` AND (CASE WHEN citations.domain IN (SELECT domain FROM owned_domains) THEN 'owned'
					WHEN citations.domain IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned'
					WHEN run_flags.names_target = 1 THEN 'earned'
					WHEN run_flags.names_competitor = 1 THEN 'competitor_earned'
					ELSE citations.domain_type END) IN (`+analyticsql.Placeholders(len(q.DomainTypes))+`)`, anys(q.DomainTypes))
			}
		}
	})
	s.Add(`)`)
}

// rollupPiece is a range of whole days and the rollup table that answers it.
type rollupPiece struct {
	sightline.Window
	table string
	// With periodSums (rollupPieces): a non-zero asOf is the ran_at the
	// rows take, so that they count in its period, and minus negates their
	// counts: the days of a week on the other side of a cut.
	minus bool
	asOf  time.Time
}

// rollupPieces splits ranges of whole days into the rollup reads of a
// level: at page level the whole ISO weeks inside a range (and on one side
// of every cut: planRollup joins ranges that touch) come from weekly_pages,
// whose ran_at is the week's Monday, and the days around them from
// daily_pages; at domain level every day comes from daily_domains (they are
// few). So page-level rows of scope_citations are never bucketed by day. With byTopic
// every day comes from daily_topic_pages, at either level.
//
// With periodSums (a statement that only sums the counts, and tells periods
// apart by ran_at alone) the days on the longer side of a cut inside a week
// are read as the whole week minus the days on the other side, when that
// reads fewer rows: a previous period ending on a Sunday takes its last six
// days as one week row and one negated day row per page instead of six day
// rows. The other side's days are still read for their own period, so
// every page and sum is as before (docs/performance.md, "Fifth step").
func rollupPieces(full []sightline.Window, level string, byTopic bool, cuts []time.Time, periodSums bool) []rollupPiece {
	var out []rollupPiece
	ranges := splitAt(full, cuts)
	for i, r := range ranges {
		if byTopic {
			out = append(out, rollupPiece{Window: r, table: "daily_topic_pages"})
			continue
		}
		if level != pageLevel {
			out = append(out, rollupPiece{Window: r, table: "daily_domains"})
			continue
		}
		weeks, days := splitWeeks(r)
		var minus *rollupPiece
		if periodSums && len(days) > 0 && i+1 < len(ranges) && ranges[i+1].Start.Equal(r.End) && slices.ContainsFunc(cuts, r.End.Equal) {
			// the days before the cut, [monday, cut), as the week
			// [monday, nextMonday) minus [cut, nextMonday), which the next
			// range reads too
			last := days[len(days)-1]
			monday := last.Start
			nextMonday := monday.AddDate(0, 0, 7)
			if last.End.Equal(r.End) && sightline.BucketStart(monday, "week").Equal(monday) &&
				(len(weeks) == 0 || weeks[0].End.Equal(monday)) && !ranges[i+1].End.Before(nextMonday) &&
				1+daysIn(r.End, nextMonday) < daysIn(monday, r.End) {
				days = days[:len(days)-1]
				if len(weeks) == 0 {
					weeks = []sightline.Window{{Start: monday, End: nextMonday}}
				} else {
					weeks[0].End = nextMonday
				}
				minus = &rollupPiece{Window: sightline.Window{Start: r.End, End: nextMonday}, table: "daily_pages", minus: true, asOf: monday}
			}
		}
		var before []rollupPiece
		if periodSums && len(days) > 0 && i > 0 && ranges[i-1].End.Equal(r.Start) && slices.ContainsFunc(cuts, r.Start.Equal) {
			// the days after the cut, [cut, nextMonday), as the week
			// [monday, nextMonday) minus [monday, cut), which the range
			// before reads too, both in the period after the cut
			first := days[0]
			monday := sightline.BucketStart(r.Start, "week")
			nextMonday := monday.AddDate(0, 0, 7)
			if first.Start.Equal(r.Start) && first.End.Equal(nextMonday) && !ranges[i-1].Start.After(monday) &&
				1+daysIn(monday, r.Start) < daysIn(r.Start, nextMonday) {
				days = days[1:]
				before = []rollupPiece{
					{Window: sightline.Window{Start: monday, End: nextMonday}, table: "weekly_pages", asOf: r.Start},
					{Window: sightline.Window{Start: monday, End: r.Start}, table: "daily_pages", minus: true, asOf: r.Start},
				}
			}
		}
		out = append(out, before...)
		for _, w := range weeks {
			out = append(out, rollupPiece{Window: w, table: "weekly_pages"})
		}
		for _, d := range days {
			out = append(out, rollupPiece{Window: d, table: "daily_pages"})
		}
		if minus != nil {
			out = append(out, *minus)
		}
	}
	return out
}

// daysIn is the number of whole days from a to b.
func daysIn(a, b time.Time) int { return int(b.Sub(a) / (24 * time.Hour)) }

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
// competitor, else its static class. (named, competitorOnly name the
// columns summed.)
func rowType(named, competitorOnly string) string {
	return classOf("MIN(domain)", "SUM("+named+")", "SUM("+competitorOnly+")", "MIN(static_type)")
}

// classOf is rowType over values already summed: the row's domain, its
// counts of citations naming the target (named) and only a competitor
// (competitorOnly), and its static class. The statement defines the CTEs
// owned_domains and competitor_domains (citationScope does).
func classOf(domain, named, competitorOnly, static string) string {
	var s, n, c sqlb
	classIn(&s, domain, n.Add(named), c.Add(competitorOnly), static)
	return s.String()
}

// classIn writes classOf where the counts named and competitorOnly are
// fragments with arguments of their own.
func classIn(s *sqlb, domain string, named, competitorOnly *sqlb, static string) {
	s.Add(`CASE WHEN ` + domain + ` IN (SELECT domain FROM owned_domains) THEN 'owned'
		WHEN ` + domain + ` IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned'
		WHEN `).AddSQL(named).Add(` > 0 THEN 'earned' WHEN `).AddSQL(competitorOnly).Add(` > 0 THEN 'competitor_earned'
		ELSE ` + static + ` END`)
}

// classes writes the CTE class_counts: the citations of scope_citations
// split by ownership class (owned, competitor_owned, earned,
// competitor_earned, else the static class), rows (domain_type, citations).
// scope_citations is read once into ownership_counts, summed by (owned or
// competitor-owned domain, static class), and that handful of sums is split
// into the classes.
func classes(s *sqlb) {
	s.Add(`, ownership_counts AS (SELECT CASE WHEN domain IN (SELECT domain FROM owned_domains) THEN 'owned'
			WHEN domain IN (SELECT domain FROM competitor_domains) THEN 'competitor_owned' ELSE '' END AS ownership,
			static_type, SUM(citations) AS citations, SUM(named_citations) AS named_citations,
			SUM(competitor_only_citations) AS competitor_only_citations FROM scope_citations GROUP BY 1, 2),
		class_counts AS (SELECT ownership AS domain_type, citations FROM ownership_counts WHERE ownership <> ''
		UNION ALL SELECT 'earned', named_citations FROM ownership_counts WHERE ownership = ''
		UNION ALL SELECT 'competitor_earned', competitor_only_citations FROM ownership_counts WHERE ownership = ''
		UNION ALL SELECT static_type, citations - named_citations - competitor_only_citations FROM ownership_counts WHERE ownership = '')`)
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
			s.Add(` AND lower(`+a+`.domain) LIKE ? ESCAPE '\'`, likePattern(q.Query))
		} else {
			s.Add(` AND (lower(`+a+`.page) LIKE ? ESCAPE '\' OR lower(`+a+`.domain) LIKE ? ESCAPE '\')`, likePattern(q.Query), likePattern(q.Query))
		}
	}
	if len(q.Domains) > 0 {
		s.Add(` AND `+a+`.domain IN (`+analyticsql.Placeholders(len(q.Domains))+`)`, anys(q.Domains))
	}
	if level == domainLevel {
		return
	}
	if len(q.PageTypes) > 0 {
		s.Add(` AND `+a+`.page_type IN (`+analyticsql.Placeholders(len(q.PageTypes))+`)`, anys(q.PageTypes))
	}
	if q.YouTubeChannel != "" {
		s.Add(` AND lower(`+a+`.youtube_channel) = ?`, asciiLower(q.YouTubeChannel))
	}
	if q.Subreddit != "" {
		s.Add(` AND `+a+`.subreddit = ?`, strings.TrimPrefix(asciiLower(q.Subreddit), "r/"))
	}
	if q.URL != "" {
		s.Add(` AND `+a+`.page = ?`, q.URL)
	}
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
	// row_totals: per page or domain (level), its counts and class;
	// list_rows: the same with a domain's distinct pages and most-cited page.
	rowTotals := func(s *sqlb) {
		q.citationScope(s, q.Window, true, selLevel)
		s.Add(`, row_totals AS (SELECT MIN(domain) AS domain, MIN(page) AS page, MIN(page_type) AS page_type,
			SUM(citations) AS citations, SUM(brand_citations) AS brand_citations, MAX(has_source) AS has_source, MAX(has_inline) AS has_inline,
			` + rowType("named_citations", "competitor_only_citations") + ` AS domain_type
			FROM scope_citations GROUP BY ` + level + `)`)
	}
	var s sqlb
	rowTotals(&s)
	switch {
	case level == domainLevel && selLevel == domainLevel:
		s.Add(`, list_rows AS (SELECT '' AS page, domain, '' AS page_type, domain_type, has_source, has_inline, citations, brand_citations,
			0 AS page_count FROM row_totals)`)
	case level == domainLevel:
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
	q.citationScope(&s, q.Window, true, pageLevel)
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
	full, raw := q.pagePlan(q.Window)
	if len(raw) > 0 {
		if err := q.runBrands(ctx, tx, raw, key, keys, named); err != nil {
			return fmt.Errorf("mentioned brands: %w", err)
		}
	}
	if len(full) > 0 {
		var s sqlb
		s.Add(`SELECT DISTINCT row_brands.row_key, found_brands.name FROM (`)
		if key == pageLevel {
			// the primary key starts (brand_id, domain, page): name the
			// domains of the page rows too
			s.Add(`SELECT daily_page_brands.page AS row_key, daily_page_brands.found_brand_id AS found_brand_id FROM daily_page_brands
				WHERE daily_page_brands.brand_id = ? AND daily_page_brands.domain IN (`+analyticsql.Placeholders(len(rowDomains(rows)))+`)
				AND daily_page_brands.page IN (`+analyticsql.Placeholders(len(keys))+`)
				AND (`+rangesOf("daily_page_brands", full)+`)`, q.BrandID, rowDomains(rows), keys, rangeArgs(full))
		} else if q.pageFiltered() {
			// a domain row counts only its pages that pass the filters
			s.Add(`SELECT daily_page_brands.domain AS row_key, daily_page_brands.found_brand_id AS found_brand_id FROM daily_page_brands
				WHERE daily_page_brands.brand_id = ? AND daily_page_brands.domain IN (`+analyticsql.Placeholders(len(keys))+`) AND (`+rangesOf("daily_page_brands", full)+`)
				AND daily_page_brands.page IN (SELECT daily_pages.page FROM daily_pages WHERE daily_pages.brand_id = ? AND (`+rangesOf("daily_pages", full)+`)`,
				q.BrandID, keys, rangeArgs(full), q.BrandID, rangeArgs(full))
			q.citationFilters(&s, "daily_pages", pageLevel)
			s.Add(`)`)
		} else {
			s.Add(`SELECT daily_domain_brands.domain AS row_key, daily_domain_brands.found_brand_id AS found_brand_id FROM daily_domain_brands
				WHERE daily_domain_brands.brand_id = ? AND daily_domain_brands.domain IN (`+analyticsql.Placeholders(len(keys))+`)
				AND (`+rangesOf("daily_domain_brands", full)+`)`, q.BrandID, keys, rangeArgs(full))
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
	if key == domainLevel {
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
		// these filters need each run's found brands (run_flags of writeSel)
		q.writeSel(&s, nil, raw, true, pageLevel)
		s.Add(`, citing_runs AS MATERIALIZED (SELECT scope_citations.topic_id AS topic_id, scope_citations.provider_id AS provider_id,
			scope_citations.ran_at AS ran_at, scope_citations.run_seq AS run_seq, `+q.dialect.ListAgg("scope_citations."+key)+` AS row_keys
			FROM scope_citations WHERE scope_citations.`+key+` IN (`+analyticsql.Placeholders(len(keys))+`)
			GROUP BY scope_citations.topic_id, scope_citations.provider_id, scope_citations.ran_at, scope_citations.run_seq)`, keys)
	} else {
		// the runs citing the rows' keys, straight from the facts, grouped
		// in the order of the primary key
		s.Add(`WITH citing_runs AS MATERIALIZED (`)
		eachRange(&s, raw, func(s *sqlb, r sightline.Window) {
			s.Add(`SELECT citations.topic_id AS topic_id, citations.provider_id AS provider_id, citations.ran_at AS ran_at,
				citations.run_seq AS run_seq, ` + q.dialect.ListAgg("citations."+key) + ` AS row_keys FROM citations WHERE `)
			q.factFilter(s, "citations", r)
			q.citationFilters(s, "citations", pageLevel)
			s.Add(` AND citations.`+key+` IN (`+analyticsql.Placeholders(len(keys))+`)
				GROUP BY citations.topic_id, citations.provider_id, citations.ran_at, citations.run_seq`, keys)
		})
		s.Add(`)`)
	}
	// each run's mentions are one primary-key range
	s.Add(` SELECT citing_runs.row_keys, COALESCE((SELECT `+q.dialect.ListAgg("mentions.found_brand_id")+` FROM mentions
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
