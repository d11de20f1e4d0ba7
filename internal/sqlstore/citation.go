package sqlstore

import (
	"cmp"
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
func rowDomains(rows []*sightline.CitationRow) []string {
	var out []string
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
	if f.RetrievedOnly {
		return q.retrievedOnly(ctx, tx, f, analyticsql.PageLevel)
	}
	rows, total, err := q.citationRows(ctx, tx, f, analyticsql.PageLevel, pageSortColumns, sightline.DefaultPageSort)
	if err != nil {
		return nil, 0, err
	}
	if err := q.fillMentionedBrands(ctx, tx, rows, analyticsql.PageLevel); err != nil {
		return nil, 0, err
	}
	if err := q.fillRetrievedCounts(ctx, tx, rows, analyticsql.PageLevel); err != nil {
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
	if f.RetrievedOnly {
		return q.retrievedOnly(ctx, tx, f, analyticsql.DomainLevel)
	}
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
	if err := q.fillRetrievedCounts(ctx, tx, rows, analyticsql.DomainLevel); err != nil {
		return nil, 0, err
	}
	return rows, total, nil
}

// citationRows pages through the rows of one level with analyticsql's
// CitationRows; with DomainRollupRows fillTopPages sets a domain row's
// pages.
func (q *scopeQ) citationRows(ctx context.Context, tx *Tx, f sightline.CitationFilter, level string,
	sortCols map[string]string, defaultSort []sightline.SortKey) ([]*sightline.CitationRow, int, error) {
	s, c := q.CitationRows(level, orderBy(f.Sort, sortCols, defaultSort, level), f.PageSize, f.Offset())
	rows, total, err := scanCitationRows(ctx, tx, s)
	if err != nil {
		return nil, 0, fmt.Errorf("citation %ss: %w", level, err)
	}
	if len(rows) == 0 && f.Offset() > 0 {
		// past the end: the window function saw no row, count them apart
		if err := tx.queryRow(ctx, c.String(), c.Args...).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count citation %ss: %w", level, err)
		}
	}
	return rows, total, nil
}

// fillTopPages sets each domain row's distinct pages and most-cited page
// with analyticsql's TopPages.
func (q *scopeQ) fillTopPages(ctx context.Context, tx *Tx, rows []*sightline.CitationRow) error {
	if len(rows) == 0 {
		return nil
	}
	byDomain := map[string]*sightline.CitationRow{}
	for _, r := range rows {
		byDomain[r.Domain] = r
	}
	s := q.TopPages(rowDomains(rows))
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
// found brands named in the answers that cite each row, by name (byte
// order on both engines): from the page-brand rollups for whole days, from
// the facts for the rest (runBrands). A row lists at most
// MaxMentionedBrands (docs/api.md#limits): those named in the most of its
// citations, ties by name.
func (q *scopeQ) fillMentionedBrands(ctx context.Context, tx *Tx, rows []*sightline.CitationRow, key string) error {
	if len(rows) == 0 {
		return nil
	}
	keys := make([]string, 0, len(rows))
	named := map[string]map[string]int64{} // row key -> its brands' names -> citations
	for _, r := range rows {
		k := rowKey(r, key)
		keys = append(keys, k)
		named[k] = map[string]int64{}
	}
	full, raw := q.PagePlan(q.Window)
	if len(raw) > 0 {
		if err := q.runBrands(ctx, tx, raw, key, keys, named); err != nil {
			return fmt.Errorf("mentioned brands: %w", err)
		}
	}
	if len(full) > 0 {
		s := q.RollupRowBrands(full, key, keys, rowDomains(rows))
		err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
			var k, name string
			var n int64
			if err := scan(&k, &name, &n); err != nil {
				return err
			}
			if names := named[k]; names != nil {
				names[name] += n
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("mentioned brands: %w", err)
		}
	}
	for _, r := range rows {
		r.MentionedBrands = mostNamed(named[rowKey(r, key)], sightline.MaxMentionedBrands)
	}
	return nil
}

// mostNamed returns the names of the max highest counts (ties by name),
// sorted by name; [] when none.
func mostNamed(counts map[string]int64, max int) []string {
	names := slices.AppendSeq(make([]string, 0, len(counts)), maps.Keys(counts))
	if len(names) > max {
		slices.SortFunc(names, func(a, b string) int {
			if c := cmp.Compare(counts[b], counts[a]); c != 0 {
				return c
			}
			return strings.Compare(a, b)
		})
		names = names[:max]
	}
	slices.Sort(names)
	return names
}

// rowKey is a row's page or domain, as key says.
func rowKey(r *sightline.CitationRow, key string) string {
	if key == analyticsql.DomainLevel {
		return r.Domain
	}
	return r.Page
}

// runBrands adds to named the brands named by the runs of the raw ranges
// that cite the row keys: analyticsql's RunRowBrands gives each citing run
// once, with the keys it cites and the found brands it names as two lists,
// and their product is taken here: in SQL, a row per (key, run) pair
// probing the run's mentions cost about five times as many probes (a run
// cites several of a page's rows), plus a sort of every pair
// (docs/performance.md).
func (q *scopeQ) runBrands(ctx context.Context, tx *Tx, raw []sightline.Window, key string, keys []string, named map[string]map[string]int64) error {
	s := q.RunRowBrands(raw, key, keys)
	ids := map[string]map[string]int64{} // row key -> found brand ids -> citations
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var rowKeys, brandIDs string
		if err := scan(&rowKeys, &brandIDs); err != nil {
			return err
		}
		if brandIDs == "" {
			return nil
		}
		// one key per citation of the run
		for k := range strings.SplitSeq(rowKeys, analyticsql.ListSep) {
			set := ids[k]
			if set == nil {
				set = map[string]int64{}
				ids[k] = set
			}
			for id := range strings.SplitSeq(brandIDs, analyticsql.ListSep) {
				set[id]++
			}
		}
		return nil
	})
	if err != nil || len(ids) == 0 {
		return err
	}
	all := map[string]bool{}
	for _, set := range ids {
		for id := range set {
			all[id] = true
		}
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
			for id, n := range set {
				names[name[id]] += n
			}
		}
	}
	return nil
}

// beginScope opens a read transaction, checks the brand belongs to orgID
// and resolves the scope's target. On SQLite it first waits for one of
// the scope slots (DB.scopeSlots), which the transaction's end gives back.
func (db *DB) beginScope(ctx context.Context, orgID string, s sightline.Scope) (*Tx, *scopeQ, error) {
	release := func() {}
	if db.scopeSlots != nil {
		select {
		case db.scopeSlots <- struct{}{}:
			release = func() { <-db.scopeSlots }
		case <-ctx.Done():
			return nil, nil, fmt.Errorf("begin read: %w", mapError(ctx.Err()))
		}
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		release()
		return nil, nil, err
	}
	tx.release = release
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
