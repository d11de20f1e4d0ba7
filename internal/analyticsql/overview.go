package analyticsql

// CitationSummary counts the window's citations by domain type (ownership
// class when it applies, else the static class), largest first
// (sql/citation_summary.sql). Rows: domain_type, citations, percent of
// all, all citations.
func (q *Scope) CitationSummary() *Builder {
	return q.write("citation_summary.sql", q.citationScope(q.Window, 0, DomainLevel))
}

// OwnedCitationShare is the owned-citation share per bucket: the
// citations of owned domains, and the average over the tracked brands' own
// domains (brand and competitors) divided by trackedBrands
// (sql/domains_overview.sql). Rows: bucket, citations, owned, owned
// percent, tracked average, its percent, the two percents over the window,
// owned and all citations over the window.
func (q *Scope) OwnedCitationShare(granularity string, trackedBrands int) *Builder {
	return q.write("owned_citation_share.sql", struct {
		Sel           CitationScope
		Granularity   string
		TrackedBrands int
	}{q.citationScope(q.Window, 0, DomainLevel), granularity, trackedBrands})
}

// OwnershipBreakdown counts the window's citations by ownership class,
// the static classes together as 'other'. Rows: class, citations, percent.
func (q *Scope) OwnershipBreakdown() *Builder {
	return q.write("ownership_breakdown.sql", q.citationScope(q.Window, 0, DomainLevel))
}

// SummaryStats counts, per day of the window and for the previous period,
// all citations, owned citations, youtube and reddit citations in answers
// naming the target and citations in answers naming the target
// (sql/citations_overview.sql). Rows: 'day' and its date, then the
// counts, for each day of the window that has any; one 'all' row with the
// window's totals, the brand rate, the growth of each count and the
// previous period's counts. TargetRunStats gives the runs naming the
// target.
func (q *Scope) SummaryStats() *Builder {
	return q.write("summary_stats.sql", q.citationScope(q.span(), 0, DomainLevel, q.Window.Start))
}

// TargetRunStats counts the runs naming the target per day of the window
// and for the previous period. Rows: 'day', its date, the count, 0, 0;
// one 'all' row: ”, the window's count, its growth, the previous
// period's count.
func (q *Scope) TargetRunStats() *Builder {
	return q.write("target_run_stats.sql", nil)
}

// TopGrowing lists the domains and pages cited more in the window than in
// the previous period, by growth rate, at most limit per level and list
// (sql/citations_overview.sql): one statement per level, domains first.
// Rows: level, list ('overall' or 'just_me'), page or domain, domain, page
// type, domain type, current and previous count, growth rate.
func (q *Scope) TopGrowing(limit int) []*Builder {
	var out []*Builder
	for _, level := range []string{DomainLevel, PageLevel} {
		out = append(out, q.write("top_growing.sql", struct {
			Sel   CitationScope
			Limit int
		}{q.citationScope(q.span(), selPeriods, level, q.Window.Start), limit}))
	}
	return out
}

// DistributionDimensions are the dimensions Distributions splits by, in
// the order of its rows' dimension index.
var DistributionDimensions = []struct{ Name, Col, Table string }{
	{"provider", "provider_id", "providers"},
	{"topic", "topic_id", "topics"},
	{"region", "region_id", "regions"},
}

// Distributions splits the window's citations and the target's mentions
// (runs naming it) by provider, topic and region
// (sql/citations_overview.sql). Rows: dimension (index in
// DistributionDimensions), kind ('c' citations, 'm' mentions), id, name,
// count, percent.
func (q *Scope) Distributions() *Builder {
	return q.write("distributions.sql", struct{ Dims any }{DistributionDimensions})
}

// RunCount is the number of runs in scope (sql/run_count.sql): the runs
// list's total when no filter looks into the answers. Row: the count.
func (q *Scope) RunCount() *Builder {
	return q.write("run_count.sql", nil)
}

// AnswerRates is, per search surface, the runs in scope and those where an
// answer was shown (sql/answer_rate.sql). Rows: provider id, code, answer
// rate, runs, answered runs.
func (q *Scope) AnswerRates() *Builder {
	return q.write("answer_rate.sql", nil)
}
