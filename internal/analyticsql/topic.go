package analyticsql

// TopicMetrics computes per topic of ids visibility, share of voice,
// sentiment, citation share and their diffs against the previous period
// (sql/topics.sql). Columns: id, the four metrics each followed by its
// diff, then the numerators and denominators of the three rates (window,
// previous period): target runs, runs, previous target runs, previous
// runs, target mentions, mentions, previous target mentions, previous
// mentions, owned citations, citations, previous owned citations,
// previous citations.
func (q *Scope) TopicMetrics(ids []string) *Builder {
	return q.write("topics.sql", struct {
		IDs            []string
		SeveralTargets bool
	}{ids, len(q.TargetIDs) > 1})
}

// TopBrands lists per topic of ids the limit found brands with the highest
// visibility in the window (ties by name); filter[brand_ids] limits the
// candidates. Columns: topic id, found brand id, name, visibility, runs
// naming it, the topic's runs.
func (q *Scope) TopBrands(ids []string, limit int) *Builder {
	return q.write("top_brands.sql", struct {
		IDs   []string
		Limit int
	}{ids, limit})
}
