package sqlstore

import (
	"strings"

	"github.com/sightline/sightline"
)

// orderBy builds an ORDER BY clause from whitelisted sort keys (cols maps a
// key to its SQL expression; unknown keys are skipped), falling back to
// defaults, and always ends with the tie-break expressions so that pages
// never overlap or skip rows.
func orderBy(keys []sightline.SortKey, cols map[string]string, defaults []sightline.SortKey, tiebreak ...string) string {
	var parts []string
	used := map[string]bool{}
	add := func(ks []sightline.SortKey) {
		for _, k := range ks {
			expr, ok := cols[k.Key]
			if !ok || used[expr] {
				continue
			}
			used[expr] = true
			if k.Desc {
				parts = append(parts, expr+" DESC")
			} else {
				parts = append(parts, expr+" ASC")
			}
		}
	}
	add(keys)
	if len(parts) == 0 {
		add(defaults)
	}
	for _, t := range tiebreak {
		if !used[t] {
			used[t] = true
			parts = append(parts, t+" ASC")
		}
	}
	return " ORDER BY " + strings.Join(parts, ", ")
}
