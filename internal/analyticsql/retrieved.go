package analyticsql

// Retrieved sources in the citation lists
// (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only):
// retrieved_count on each row of a page of citation/pages and
// citations/domains, and the retrieved-only lists.

// RetrievedCounts is retrieved_count of keys, the pages or the domains
// (level PageLevel or DomainLevel) of one page of a citation list, over
// the scope's run filters: the whole ISO weeks of the window from the
// weekly retrieved-source rollups and its other whole days from the daily
// ones (without a topic, provider or region filter every whole day from
// the daily totals), the rest from run_sources (all of it under a prompt
// filter, which the rollups do not keep). Rows: key, count; a key no run
// retrieved has no row.
func (q *Scope) RetrievedCounts(level string, keys []string) *Builder {
	src, key := "retrieved_pages", "page"
	if level == DomainLevel {
		src, key = "retrieved_domains", "domain"
	}
	return q.write("retrieved_counts.sql", struct {
		Key   string
		Reads []Read
		Keys  []string
	}{key, q.reads(src, Period{W: q.Window, Weeks: true}), keys})
}

// RetrievedOnly is one page of the retrieved-only rows of a level, read
// from the facts, ordered by order (an ORDER BY clause over list_rows),
// limit rows from offset, narrowed by the scope's filter[query],
// filter[domains] and ownership classes of filter[domain_types]. Rows:
// page, domain, url, title, retrieved_count, ownership class ("" for the
// others), page count, the count of rows.
func (q *Scope) RetrievedOnly(level, order string, limit, offset int) *Builder {
	name := "retrieved_only_pages.sql"
	if level == DomainLevel {
		name = "retrieved_only_domains.sql"
	}
	return q.write(name, struct {
		Query               string
		Domains, Ownerships []string
		Order               string
		Limit, Offset       int
	}{q.Query, q.Domains, q.DomainTypes, order, limit, offset})
}
