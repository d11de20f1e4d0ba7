package analyticsql

import (
	"time"

	"github.com/sightline/sightline"
)

// Scope is a sightline.Scope with its ids resolved (internal/sqlstore
// resolves them inside the read transaction): what the statements of this
// package are written for. Every fact table (runs, mentions, citations,
// ads) carries brand_id, ran_at, prompt_id, provider_id and region_id, so
// the same run filters apply to all of them.
type Scope struct {
	sightline.Scope
	// TargetIDs are the found brands counted as the target in numerators:
	// filter[brand_ids] when given, else the found brands named like
	// filter[target_brand] (default: the brand itself).
	TargetIDs []string
	// NameTargetIDs are the found brands named like the target brand, used
	// for ownership (earned vs competitor_earned) whatever brand_ids says.
	NameTargetIDs []string
	// CompetitorIDs are the found brands of tracked competitors.
	CompetitorIDs []string

	Dialect Dialect

	AllTopics    []string // the brand's topics and sightline.NilUUID, and every provider:
	AllProviders []string // the fact tables' clustering
	Rollups      bool     // the daily rollups may answer (sqlstore's DB.NoRollups unset)
	SelfTarget   bool     // the target is the brand itself, as in the page rollups
	// PrunedBefore is the day before which the brand's mentions and
	// citations were pruned (zero: never). A statement written to read them
	// calls ReadsPruned (sqlstore then refuses to run the transaction's
	// further queries, docs/retention.md).
	PrunedBefore time.Time
	ReadsPruned  func()
	// TrackedOnly restricts share-of-voice rows to the brand's own and its
	// competitors' found brands.
	TrackedOnly bool
	// Now is the time of the read (zero: unknown): no rollup row lies
	// after its day yet, which sumPlan counts as rows it need not read.
	Now time.Time
}

// FilterIn writes the conditions selecting the scope's rows of a fact
// table aliased a within [start, end): the template filter_in of
// sql/sources.sql, for the statements sqlstore writes.
func (q *Scope) FilterIn(s *Builder, a string, w sightline.Window) {
	s.AddSQL(q.write("filter_in", Pair{a, w}))
}

// checkPruned calls ReadsPruned when a range of facts starts before the
// brand's pruned day: the facts it would read are gone
// (docs/retention.md). A brand never pruned (a zero PrunedBefore) has
// every fact it ever had, however early a range starts.
func (q *Scope) checkPruned(w sightline.Window) {
	if !q.PrunedBefore.IsZero() && w.Start.Before(q.PrunedBefore) && q.ReadsPruned != nil {
		q.ReadsPruned()
	}
}

// CheckPruned is checkPruned for the statements internal/sqlstore writes
// over the fact tables itself (the fan-out list, the retrieved sources):
// they read facts that prune deletes too, so a window reaching before the
// pruned day is refused as the other analytics reads refuse it
// (docs/retention.md#what-still-answers).
func (q *Scope) CheckPruned(w sightline.Window) { q.checkPruned(w) }

// span is the window covering the previous period and the current one, so
// that one scan computes both (current rows have ran_at >= Window.Start).
func (q *Scope) span() sightline.Window {
	return sightline.Window{Start: q.Window.Previous().Start, End: q.Window.End}
}
