package sightline_test

import (
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// The dependency rules of STYLE.md: the root package imports only the
// standard library; internal packages import each other only along the
// listed arrows; only sqlstore imports a SQL driver.
func TestDependencyRules(t *testing.T) {
	const mod = "github.com/sightline/sightline"
	allowed := map[string][]string{
		"internal/ingest":   {"internal/analyze"},
		"internal/mcp":      {"internal/client"},
		"internal/httpapi":  {"internal/ingest", "internal/engine", "internal/openapi", "internal/httpsec"},
		"internal/worker":   {"internal/engine"},
		"internal/demo":     {"internal/ingest", "internal/engine", "internal/worker", "internal/password", "internal/signal"},
		"internal/web":      {"internal/engine", "internal/password", "internal/httpsec"},
		"internal/collect":  {"internal/ingest", "internal/provider", "internal/secret"},
		"internal/webhook":  {"internal/secret"},
		"internal/sqlstore": {"internal/analyticsql"},
	}
	drivers := []string{"github.com/jackc/pgx", "modernc.org/sqlite", "database/sql/driver"}

	out, err := exec.Command("go", "list", "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, mod), "/")
		for _, imp := range p.Imports {
			irel, internal := strings.CutPrefix(imp, mod+"/")
			switch {
			case rel == "" && strings.Contains(strings.Split(imp, "/")[0], "."):
				t.Errorf("root package imports %s: only the standard library is allowed", imp)
			case strings.HasPrefix(rel, "internal/") && internal && strings.HasPrefix(irel, "internal/"):
				if strings.HasPrefix(irel, rel+"/") || strings.HasPrefix(rel, irel+"/") {
					continue // a package and its own subpackages (e.g. sqlstoretest)
				}
				ok := false
				for _, a := range allowed[rel] {
					ok = ok || a == irel
				}
				if !ok {
					t.Errorf("%s imports %s: not an allowed arrow (STYLE.md)", rel, irel)
				}
			}
			for _, d := range drivers {
				if strings.HasPrefix(imp, d) && !strings.HasPrefix(rel, "internal/sqlstore") {
					t.Errorf("%s imports the SQL driver %s: only internal/sqlstore may", rel, imp)
				}
			}
		}
	}
}
