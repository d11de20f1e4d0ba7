package sqlstore

// Retrieved sources in the citation lists: retrieved_count on each row of
// GET …/citations/pages and …/citations/domains, and the retrieved-only
// lists (filter[retrieved_only]=true), with the statements of
// internal/analyticsql (sql/retrieved_*.sql): retrieved_count from the
// retrieved-source rollups for whole days, the lists from run_sources
// (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only).

import (
	"context"
	"fmt"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

// readsPrunedSources reports whether the window starts before the brand's
// pruned day, whose retrieved sources prune deleted.
func (q *scopeQ) readsPrunedSources() bool {
	return !q.PrunedBefore.IsZero() && q.Window.Start.Before(q.PrunedBefore)
}

// fillRetrievedCounts sets retrieved_count on one page of citation rows
// (level: pages or domains) with one statement over their keys; nil when
// the window reaches pruned days.
func (q *scopeQ) fillRetrievedCounts(ctx context.Context, tx *Tx, rows []*sightline.CitationRow, level string) error {
	if len(rows) == 0 || q.readsPrunedSources() {
		return nil
	}
	keys := make([]string, 0, len(rows))
	seen := map[string]bool{}
	for _, r := range rows {
		if k := rowKey(r, level); !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	s := q.RetrievedCounts(level, keys)
	counts := map[string]int{}
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var k string
		var n int
		if err := scan(&k, &n); err != nil {
			return err
		}
		counts[k] = n
		return nil
	})
	if err != nil {
		return fmt.Errorf("retrieved counts: %w", err)
	}
	for _, r := range rows {
		n := counts[rowKey(r, level)]
		r.RetrievedCount = &n
	}
	return nil
}

// retrievedSortColumns name columns of list_rows (analyticsql's
// sql/retrieved_only_*.sql).
var retrievedSortColumns = map[string]string{
	"retrieved_count": "retrieved_count",
	"page":            "page",
	"domain":          "domain",
}

// retrievedOnly pages through the retrieved-only rows of one level. Its
// citation narrowing is what the statement can apply (filter[query],
// filter[domains], the ownership classes of filter[domain_types]); the
// API refuses the rest. Rows carry the ownership class as domain_type,
// "" for the others (ingest.ClassifyRetrieved sets their static class and
// every row's page type).
func (q *scopeQ) retrievedOnly(ctx context.Context, tx *Tx, f sightline.CitationFilter, level string) ([]*sightline.CitationRow, int, error) {
	// the sources and citations before the pruned day are gone
	q.CheckPruned(q.Window)
	tiebreak := []string{"domain", "page"}
	if level == analyticsql.DomainLevel {
		tiebreak = []string{"domain"}
	}
	order := orderBy(f.Sort, retrievedSortColumns, sightline.DefaultRetrievedSort, tiebreak...)
	order = strings.TrimSpace(order)
	// the domains statement matches filter[query] on the domain only, as
	// the domains list does
	page := func(limit, offset int) *sqlb { return q.RetrievedOnly(level, order, limit, offset) }
	var out []*sightline.CitationRow
	total := 0
	scanRows := func(s *sqlb, keep bool) error {
		return eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
			r := &sightline.CitationRow{CitationTypes: []string{}, MentionedBrands: []string{}}
			var n int
			if err := scan(&r.Page, &r.Domain, &r.SourceURL, &r.SourceTitle, &n, &r.DomainType, &r.PageCount, &total); err != nil {
				return err
			}
			r.RetrievedCount = &n
			if keep {
				out = append(out, r)
			}
			return nil
		})
	}
	if err := scanRows(page(f.PageSize, f.Offset()), true); err != nil {
		return nil, 0, fmt.Errorf("retrieved-only %ss: %w", level, err)
	}
	if len(out) == 0 && f.Offset() > 0 {
		// past the end: the window function saw no row; count them with
		// the first row's statement
		if err := scanRows(page(1, 0), false); err != nil {
			return nil, 0, fmt.Errorf("count retrieved-only %ss: %w", level, err)
		}
	}
	if out == nil {
		out = []*sightline.CitationRow{}
	}
	return out, total, nil
}
