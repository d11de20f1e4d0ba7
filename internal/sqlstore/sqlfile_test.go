package sqlstore

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/sightline/sightline/internal/analyticsql"
)

// The statement files read as SQL (STYLE.md#conventions): no line longer
// than 120 characters, no tab; each renders on both engines with every
// named parameter bound, no -- comment left in what runs, and as many ?
// as arguments.
func TestSQLFiles(t *testing.T) {
	files, err := fs.Glob(sqlFiles, "sql/agents/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no statement files: %v", err)
	}
	for _, f := range files {
		b, _ := sqlFiles.ReadFile(f)
		for i, line := range strings.Split(string(b), "\n") {
			if len(line) > 120 || strings.Contains(line, "\t") {
				t.Errorf("%s:%d: longer than 120 characters or has a tab", f, i+1)
			}
		}
	}
	args := map[string]any{}
	for _, n := range []string{"brand_id", "window_start", "window_end", "verifications", "operators", "purposes", "agents",
		"crawled_not_cited", "cited_not_crawled", "days_start", "days_end", "limit", "offset", "sources", "span_start", "span_end", "day_base",
		"day_start", "week_start", "operator", "base", "cur", "end"} {
		args[n] = n
	}
	data := sqlData{Granularity: "week", Order: "ORDER BY visits DESC", ErrorRate: "0"}
	for _, f := range files {
		name := strings.TrimPrefix(f, "sql/agents/")
		if strings.HasSuffix(name, "_scope.sql") {
			continue // a CTE the statements include
		}
		for _, e := range []analyticsql.Engine{analyticsql.EngineSQLite, analyticsql.EnginePostgres} {
			s, err := statement(e, name, data, args)
			if err != nil {
				t.Errorf("%s on %s: %v", name, e, err)
				continue
			}
			if strings.Contains(s.String(), "--") || strings.Count(s.String(), "?") != len(s.Args) || len(s.Args) == 0 {
				t.Errorf("%s on %s: %d placeholders, %d arguments, or a comment left:\n%s", name, e,
					strings.Count(s.String(), "?"), len(s.Args), s.String())
			}
		}
	}
	if _, err := statement(analyticsql.EngineSQLite, "ai_referrals.sql", data, map[string]any{}); err == nil {
		t.Error("a missing parameter renders")
	}
}
