package sqlstore_test

import (
	"slices"
	"testing"

	"github.com/sightline/sightline/internal/analyticsql"
)

// Every table of the rollup catalogue exists in the migrated schema with
// exactly the catalogue's columns, on either engine, so that the writes
// and reads written from the catalogue name what the migrations made.
func TestRollupCatalogue_MatchesSchema(t *testing.T) {
	t.Parallel()
	db, _ := mustOpenDB(t)
	for _, r := range analyticsql.Rollups {
		got, err := db.TableColumns(r.Table)
		if err != nil {
			t.Errorf("%s: %v", r.Table, err)
			continue
		}
		want := r.Columns()
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: columns %v, the catalogue says %v", r.Table, got, want)
		}
	}
}
