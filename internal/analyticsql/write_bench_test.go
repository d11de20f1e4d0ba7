package analyticsql

import (
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// BenchmarkWrite measures writing a statement from its template: the cost
// every analytics read adds per statement before the engine sees it.
func BenchmarkWrite(b *testing.B) {
	end := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	q := &Scope{Scope: sightline.Scope{BrandID: "b", Window: sightline.Window{Start: end.AddDate(0, 0, -30), End: end}},
		TargetIDs: []string{"t"}, NameTargetIDs: []string{"t"}, CompetitorIDs: []string{"c"},
		AllTopics: []string{"x", "y"}, AllProviders: []string{"p"}, Rollups: true, SelfTarget: true}
	b.Run("competitors", func(b *testing.B) {
		for b.Loop() {
			q.Competitors("", "ORDER BY 1", 10, 0)
		}
	})
}
