package analyticsql

import "github.com/sightline/sightline"

// CitationRows pages through the rows of one level (PageLevel or
// DomainLevel), ordered by order (an ORDER BY clause over list_rows),
// limit rows from offset (sql/citation_rows.sql). A domain row also gets
// its number of distinct pages and its most-cited page from the same
// page-level rows in the same statement, unless DomainRollupRows (then
// TopPages gives them). Page rows: page, domain, page type, domain type,
// has_source, has_inline, citations, brand citations, their percents, the
// count of rows, page count, all citations and all brand citations.
// Count: one row, the count (for a page past the end).
func (q *Scope) CitationRows(level, order string, limit, offset int) (page, count *Builder) {
	selLevel := PageLevel
	if level == DomainLevel && q.DomainRollupRows() {
		selLevel = DomainLevel
	}
	type rows struct {
		Sel           CitationScope
		Level, Order  string
		Limit, Offset int
	}
	// a domain's top page reads the page rows a second time: materialized
	opts := selNarrow
	if level == DomainLevel && selLevel == PageLevel {
		opts |= selTwice
	}
	page = q.write("citation_rows.sql", rows{q.citationScope(q.Window, opts, selLevel), level, order, limit, offset})
	count = q.write("citation_rows_count.sql", rows{Sel: q.citationScope(q.Window, selNarrow, selLevel), Level: level})
	return page, count
}

// TopPages is each of domains' distinct pages and most-cited page (ties by
// page) from the page level of the same scope. Rows: domain, page, page
// type, page count.
func (q *Scope) TopPages(domains []string) *Builder {
	return q.write("top_pages.sql", struct {
		Sel     CitationScope
		Domains []string
	}{q.citationScope(q.Window, selNarrow, PageLevel), domains})
}

// RollupRowBrands is the found brands named in the answers citing each
// row key (pages, or domains, as key says; domains are the page rows'
// domains) over the whole days full, from the page-brand rollups. Rows:
// row key, found brand name, citations of the row in answers naming it.
func (q *Scope) RollupRowBrands(full []sightline.Window, key string, keys, domains []string) *Builder {
	return q.write("rollup_row_brands.sql", struct {
		Full          []sightline.Window
		Key           string
		Keys, Domains []string
		PageFiltered  bool
	}{full, key, keys, domains, q.pageFiltered()})
}

// RunRowBrands is, for the raw ranges, each run citing any of the row keys
// once, with the keys it cites and the found brands it names as two lists
// (ListAgg, ListSep). Rows: row keys, found brand ids (” when none).
func (q *Scope) RunRowBrands(raw []sightline.Window, key string, keys []string) *Builder {
	var sel *CitationScope
	if len(q.FoundBrandIDs) > 0 || len(q.DomainTypes) > 0 {
		s := q.selData(nil, raw, selNarrow, PageLevel)
		sel = &s
	}
	return q.write("run_row_brands.sql", struct {
		Sel  *CitationScope
		Raw  []sightline.Window
		Key  string
		Keys []string
	}{sel, raw, key, keys})
}
