package analyticsql

// Competitors lists the brand's competitors (or only onlyID) with
// visibility = runs in scope naming the competitor / runs in scope,
// ordered by order (an ORDER BY clause over competitor_visibility), limit
// rows from offset. Columns: id, name, domain, visibility, the count of
// rows, runs naming it, runs in scope.
func (q *Scope) Competitors(onlyID, order string, limit, offset int) *Builder {
	return q.write("competitors.sql", struct {
		OnlyID, Order string
		Limit, Offset int
	}{onlyID, order, limit, offset})
}
