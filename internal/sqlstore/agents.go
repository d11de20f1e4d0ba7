package sqlstore

// The agents endpoints (GET …/agents/overview, …/agents/pages,
// …/agents/referrals) over the visits and referrals of the access logs
// (docs/metrics.md#agents). Their statements are internal/analyticsql's
// (sql/agents_*.sql, sql/ai_referral*.sql).

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

var _ sightline.AgentMetricsService = (*DB)(nil)

// beginBrandRead takes a scope slot like every analytics read
// (docs/performance.md#scope-slots), starts a read transaction and checks
// that the brand is the organization's.
func (db *DB) beginBrandRead(ctx context.Context, orgID, brandID string) (*Tx, error) {
	release := func() {}
	if db.scopeSlots != nil {
		select {
		case db.scopeSlots <- struct{}{}:
			release = func() { <-db.scopeSlots }
		case <-ctx.Done():
			return nil, fmt.Errorf("begin read: %w", mapError(ctx.Err()))
		}
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		release()
		return nil, err
	}
	tx.release = release
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		tx.Rollback()
		return nil, err
	}
	return tx, nil
}

// agentQuery is the data of the agents statements for f: the window's
// whole days from the agent rollups unless NoRollups, its cut parts from
// the facts (docs/metrics.md#rollups).
func (db *DB) agentQuery(f sightline.AgentFilter) *analyticsql.Agents {
	verifications := f.Verifications
	if len(verifications) == 0 {
		verifications = sightline.DefaultVerifications
	}
	return &analyticsql.Agents{
		BrandID:       f.BrandID,
		Window:        f.Window,
		Reads:         analyticsql.AgentReads(f.Window, !db.NoRollups),
		Verifications: verifications,
		Operators:     f.Operators,
		Purposes:      f.Purposes,
		Agents:        f.Agents,
	}
}

// checkAgentsPruned refuses the agents read a when a part of its window
// that the facts answer (a cut day, or any day with the rollups off)
// starts before the brand's pruned day: prune deleted the visits,
// referrals and citations there, and the counts would silently shrink.
// Whole days come from the rollups, which prune keeps, as every analytics
// read refuses only the pruned facts it needs
// (docs/retention.md#what-still-answers).
func checkAgentsPruned(ctx context.Context, tx *Tx, a *analyticsql.Agents) error {
	pruned, err := prunedBefore(ctx, tx, a.BrandID)
	if err != nil || pruned.IsZero() {
		return err
	}
	for _, r := range a.Reads {
		if !r.Rollup && r.Start.Before(pruned) {
			return sightline.FieldErr(sightline.EINVALIDPARAM, "filter[ran_at_start]", "pruned",
				"the agent visits, AI referrals and citations before %s were pruned, and this request needs them: "+
					"start the window on or after that day, or start and end it at UTC midnights (docs/retention.md)",
				pruned.Format(time.DateOnly))
		}
	}
	return nil
}

// AgentOverview counts the brand's scoped agent visits
// (docs/metrics.md#agents-overview-agentsoverview).
func (db *DB) AgentOverview(ctx context.Context, orgID string, f sightline.AgentFilter, granularity string) (*sightline.AgentOverview, error) {
	if err := checkSeries(f.Window, granularity); err != nil {
		return nil, err
	}
	tx, err := db.beginBrandRead(ctx, orgID, f.BrandID)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	out := &sightline.AgentOverview{ByOperator: []sightline.AgentOperatorVisits{}, ByPurpose: []sightline.AgentPurposeVisits{},
		ByStatusClass: []sightline.StatusClassVisits{}, Series: []sightline.AgentOperatorSeries{}}
	a := db.agentQuery(f)
	a.Granularity = granularity
	if err := checkAgentsPruned(ctx, tx, a); err != nil {
		return nil, err
	}
	s := analyticsql.AgentOverview(tx.d, a)
	err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var kind, label string
		var visits, verified, pages int
		if err := scan(&kind, &label, &visits, &verified, &pages); err != nil {
			return err
		}
		switch kind {
		case "total":
			out.Visits, out.VerifiedVisits, out.PagesVisited = visits, verified, pages
		case "operator":
			out.ByOperator = append(out.ByOperator, sightline.AgentOperatorVisits{Operator: label, Visits: visits, VerifiedVisits: verified})
		case "purpose":
			out.ByPurpose = append(out.ByPurpose, sightline.AgentPurposeVisits{Purpose: label, Visits: visits, VerifiedVisits: verified})
		case "status_class":
			out.ByStatusClass = append(out.ByStatusClass, sightline.StatusClassVisits{Class: label, Visits: visits})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("agents overview: %w", err)
	}
	s = analyticsql.AgentOverviewSeries(tx.d, a)
	counts := map[string]map[string]int{} // operator → bucket → visits
	err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var operator, bucket string
		var visits int
		if err := scan(&operator, &bucket, &visits); err != nil {
			return err
		}
		if counts[operator] == nil {
			counts[operator] = map[string]int{}
		}
		counts[operator][bucket] = visits
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("agents overview series: %w", err)
	}
	// one series per operator of by_operator, in its order, dense
	dates := sightline.Buckets(f.Window, granularity)
	for _, o := range out.ByOperator {
		series := sightline.AgentOperatorSeries{Operator: o.Operator, DataPoints: make([]sightline.VisitPoint, 0, len(dates))}
		for _, d := range dates {
			series.DataPoints = append(series.DataPoints, sightline.VisitPoint{Date: d, Visits: counts[o.Operator][d]})
		}
		out.Series = append(out.Series, series)
	}
	return out, nil
}

// agentPageSortColumns name columns of agents_pages.sql's rows.
var agentPageSortColumns = map[string]string{
	"visits":         "visits",
	"citation_count": "citation_count",
	"error_rate":     "error_rate",
}

// FindAgentPages returns a page of the pages agents visited or answers
// cited in the window, and their total
// (docs/metrics.md#agent-pages-agentspages).
func (db *DB) FindAgentPages(ctx context.Context, orgID string, f sightline.AgentPageFilter) ([]*sightline.AgentPageRow, int, error) {
	tx, err := db.beginBrandRead(ctx, orgID, f.BrandID)
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	a := db.agentQuery(f.AgentFilter)
	a.CrawledNotCited, a.CitedNotCrawled = f.CrawledNotCited, f.CitedNotCrawled
	a.Order = strings.TrimSpace(orderBy(f.Sort, agentPageSortColumns, sightline.DefaultAgentPageSort, "page"))
	a.Limit, a.Offset = f.PageSize, f.Offset()
	if err := checkAgentsPruned(ctx, tx, a); err != nil {
		return nil, 0, err
	}
	s := analyticsql.AgentPages(tx.d, a)
	out := []*sightline.AgentPageRow{}
	total := 0
	err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var page, agents *string
		var visits, verified, errorVisits, citations *int
		var rate *float64
		var last Time
		if err := scan(&total, &page, &visits, &verified, &errorVisits, &last, &citations, &rate, &agents); err != nil {
			return err
		}
		if page == nil {
			return nil // the page is past the end: row_count alone
		}
		r := &sightline.AgentPageRow{Page: *page, Visits: *visits, VerifiedVisits: *verified, LastVisitAt: last.Ptr(),
			ErrorRate: *rate, CitationCount: *citations, Agents: []string{}}
		if agents != nil && *agents != "" {
			r.Agents = strings.Split(*agents, analyticsql.ListSep)
			slices.Sort(r.Agents)
		}
		r.ErrorRateSampleSize, r.ErrorRateCILow, r.ErrorRateCIHigh = sightline.RateStats(*errorVisits, *visits)
		out = append(out, r)
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("find agent pages: %w", err)
	}
	return out, total, nil
}

// aiReferralSortColumns name columns of ai_referrals.sql's rows.
var aiReferralSortColumns = map[string]string{"visits": "visits"}

// FindAIReferrals returns a page of the referred visits per source and
// landing page, their total, and the meta's counts per source and bucket
// (docs/metrics.md#ai-referrals-agentsreferrals).
func (db *DB) FindAIReferrals(ctx context.Context, orgID string, f sightline.AIReferralFilter) ([]*sightline.AIReferralRow, int, *sightline.AIReferralMeta, error) {
	if err := checkSeries(f.Window, f.Granularity); err != nil {
		return nil, 0, nil, err
	}
	tx, err := db.beginBrandRead(ctx, orgID, f.BrandID)
	if err != nil {
		return nil, 0, nil, err
	}
	defer tx.Rollback()
	a := &analyticsql.Agents{
		BrandID:     f.BrandID,
		Window:      f.Window,
		Reads:       analyticsql.AgentReads(f.Window, !db.NoRollups),
		Sources:     f.Sources,
		Granularity: f.Granularity,
		Order:       strings.TrimSpace(orderBy(f.Sort, aiReferralSortColumns, sightline.DefaultAIReferralSort, "source", "page")),
		Limit:       f.PageSize,
		Offset:      f.Offset(),
	}
	if err := checkAgentsPruned(ctx, tx, a); err != nil {
		return nil, 0, nil, err
	}
	s := analyticsql.AIReferrals(tx.d, a)
	out := []*sightline.AIReferralRow{}
	total := 0
	err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var source, page *string
		var visits *int
		if err := scan(&total, &source, &page, &visits); err != nil {
			return err
		}
		if source != nil {
			out = append(out, &sightline.AIReferralRow{Source: *source, Page: *page, Visits: *visits})
		}
		return nil
	})
	if err != nil {
		return nil, 0, nil, fmt.Errorf("find AI referrals: %w", err)
	}
	s = analyticsql.AIReferralMeta(tx.d, a)
	meta := &sightline.AIReferralMeta{BySource: []sightline.AIReferralSourceVisits{}}
	perBucket := map[string]int{}
	err = eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var kind, label string
		var visits int
		if err := scan(&kind, &label, &visits); err != nil {
			return err
		}
		if kind == "source" {
			meta.BySource = append(meta.BySource, sightline.AIReferralSourceVisits{Source: label, Visits: visits})
		} else {
			perBucket[label] = visits
		}
		return nil
	})
	if err != nil {
		return nil, 0, nil, fmt.Errorf("AI referral meta: %w", err)
	}
	dates := sightline.Buckets(f.Window, f.Granularity)
	meta.Series = make([]sightline.VisitPoint, 0, len(dates))
	for _, d := range dates {
		meta.Series = append(meta.Series, sightline.VisitPoint{Date: d, Visits: perBucket[d]})
	}
	return out, total, meta, nil
}
