package analyticsql

import (
	"strings"
	"testing"
	"time"
)

// The catalogue is consistent with itself and with the statements that
// write the rollups: a twin adds up a daily table of the same columns, a
// daily run rollup has a fill, and the agent rollups' writes conflict on
// the catalogue's keys.
func TestRollupCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rollups {
		if seen[r.Table] {
			t.Errorf("%s: twice in the catalogue", r.Table)
		}
		seen[r.Table] = true
		if !strings.HasPrefix(r.Table, map[Grain]string{Day: "daily_", Week: "weekly_", HalfWeek: "half_week_"}[r.Grain]) {
			t.Errorf("%s: grain %s does not match its name", r.Table, r.Grain)
		}
		if r.Keys[0] != "brand_id" || !strings.Contains(strings.Join(r.Keys, ","), r.Time) {
			t.Errorf("%s: keys %v do not start with brand_id and hold %s", r.Table, r.Keys, r.Time)
		}
		if r.Daily != "" {
			d := RollupOf(r.Daily)
			if d.Grain != Day || strings.Join(d.Columns(), ",") != strings.Join(r.Columns(), ",") {
				t.Errorf("%s: adds up %s, whose columns differ or which is not daily", r.Table, r.Daily)
			}
		}
		if (r.Daily == "") == (r.Facts == "") {
			t.Errorf("%s: needs either Facts or Daily", r.Table)
		}
	}
	for _, d := range []Dialect{{EngineSQLite}, {EnginePostgres}} {
		fills := FillRollups(d, RollupFill{Lo: 1, Hi: 2})
		weeks := WeeklyRollups(d, "b", time.Time{}, time.Time{})
		if n := len(fills) + len(weeks); n != len(RunRollups()) {
			t.Errorf("%s: %d fill and weekly statements for %d run rollups", d.Engine, n, len(RunRollups()))
		}
		for _, w := range append(fills, weeks...) {
			r := RollupOf(w.Table)
			if !strings.HasPrefix(w.String(), "INSERT INTO "+r.Table+" ("+strings.Join(r.Columns(), ", ")+")") {
				t.Errorf("%s: statement does not insert the catalogue's columns:\n%s", w.Table, w.String())
			}
		}
		for _, w := range AgentRollupWrites(d, &AgentRollups{Weekly: false}, &AgentRollups{}) {
			found := false
			for _, r := range Rollups {
				if r.Log && strings.Contains(w.String(), "INSERT INTO "+r.Table+" (") {
					found = true
					if !strings.Contains(w.String(), "ON CONFLICT ("+strings.Join(r.Keys, ", ")+")") {
						t.Errorf("%s: the write does not conflict on the catalogue's keys %v", r.Table, r.Keys)
					}
				}
			}
			if !found {
				t.Errorf("an agent rollup write of no catalogued table:\n%s", w.String())
			}
		}
	}
}

// A brand's rebuild rewrites each grain from the bucket its pruned day
// falls in, and everything for a brand never pruned.
func TestBrandRebuildFrom(t *testing.T) {
	thu := time.Date(2026, 11, 5, 0, 0, 0, 0, time.UTC) // a Thursday
	b := BrandRebuild{BrandID: "b", Since: thu}
	want := map[Grain]time.Time{Day: thu, Week: thu.AddDate(0, 0, -3), HalfWeek: thu}
	for g, w := range want {
		if got := b.from(g); !got.Equal(w) {
			t.Errorf("from(%s) = %s, want %s", g, got, w)
		}
	}
	b.Since = time.Date(2026, 11, 4, 0, 0, 0, 0, time.UTC) // a Wednesday: its half week began Monday
	if got := b.from(HalfWeek); !got.Equal(thu.AddDate(0, 0, -3)) {
		t.Errorf("from(half_week) of a Wednesday = %s, want the Monday", got)
	}
	for _, w := range (BrandRebuild{BrandID: "b"}).Clear(Dialect{}) {
		if got := w.Args[1]; got != FormatTime(time.Time{}) {
			t.Errorf("%s: a brand never pruned is cleared from %v, want the start of time", w.Table, got)
		}
	}
}
