package sightline_test

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// rootImports are the packages outside the standard library the root
// package may import (STYLE.md#dependency-rules).
var rootImports = []string{"golang.org/x/text/unicode/norm"}

// The dependency rules of STYLE.md#dependency-rules, whose table is the one
// list of allowed arrows: the root package imports only the standard
// library and rootImports; a package under internal/ imports another one only along an
// arrow of the table, and every arrow of the table is an import that
// exists; every package under internal/ has its row, and is described in
// the layout; only sqlstore imports a SQL driver.
func TestDependencyRules(t *testing.T) {
	const mod = "github.com/sightline/sightline"
	style, err := os.ReadFile("STYLE.md")
	if err != nil {
		t.Fatal(err)
	}
	allowed, err := styleArrows(string(style))
	if err != nil {
		t.Fatalf("STYLE.md: %v", err)
	}
	drivers := []string{"github.com/jackc/pgx", "modernc.org/sqlite", "database/sql/driver"}

	out, err := exec.Command("go", "list", "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	used := map[string]map[string]bool{} // package → internal packages it imports
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
		from, internal := internalPackage(rel)
		if internal && used[from] == nil {
			used[from] = map[string]bool{}
		}
		for _, imp := range p.Imports {
			irel, ours := strings.CutPrefix(imp, mod+"/")
			switch to, isInternal := internalPackage(irel); {
			case rel == "" && strings.Contains(strings.Split(imp, "/")[0], ".") && !slices.Contains(rootImports, imp):
				t.Errorf("root package imports %s: only the standard library is allowed", imp)
			case internal && ours && isInternal && to != from:
				used[from][to] = true
				if !slices.Contains(allowed[from], to) {
					t.Errorf("internal/%s imports internal/%s: not an arrow of STYLE.md#dependency-rules", from, to)
				}
			}
			for _, d := range drivers {
				if strings.HasPrefix(imp, d) && !strings.HasPrefix(rel, "internal/sqlstore") {
					t.Errorf("%s imports the SQL driver %s: only internal/sqlstore may", rel, imp)
				}
			}
		}
	}
	for pkg, arrows := range allowed {
		if used[pkg] == nil {
			t.Errorf("STYLE.md#dependency-rules has a row for internal/%s, which is not a package", pkg)
			continue
		}
		for _, to := range arrows {
			if !used[pkg][to] {
				t.Errorf("STYLE.md#dependency-rules has the arrow %s → %s, but internal/%s does not import internal/%s", pkg, to, pkg, to)
			}
		}
	}
	layout, _, _ := strings.Cut(string(style), "\n## Dependency rules\n")
	for pkg := range used {
		if _, ok := allowed[pkg]; !ok {
			t.Errorf("internal/%s has no row in STYLE.md#dependency-rules", pkg)
		}
		if !strings.Contains(layout, "`internal/"+pkg+"`") {
			t.Errorf("internal/%s is not described in STYLE.md#layout", pkg)
		}
	}
}

// internalPackage returns the package under internal/ that rel (a path
// from the module's root) belongs to: its first element after internal/,
// so that a package's subpackages count as the package.
func internalPackage(rel string) (string, bool) {
	rest, ok := strings.CutPrefix(rel, "internal/")
	if !ok {
		return "", false
	}
	name, _, _ := strings.Cut(rest, "/")
	return name, true
}

var backticked = regexp.MustCompile("`([^`]+)`")

// styleArrows reads the table of the "Dependency rules" section of
// STYLE.md: one row per package under internal/, its name in the first
// cell and the packages it imports in the second (backticked, or — for
// none).
func styleArrows(style string) (map[string][]string, error) {
	_, section, ok := strings.Cut(style, "\n## Dependency rules\n")
	if !ok {
		return nil, fmt.Errorf("no section \"Dependency rules\"")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	arrows := map[string][]string{}
	rows := 0
	for _, l := range strings.Split(section, "\n") {
		cells := strings.Split(strings.Trim(strings.TrimSpace(l), "|"), "|")
		if !strings.HasPrefix(strings.TrimSpace(l), "|") || len(cells) != 2 {
			continue
		}
		if rows++; rows <= 2 {
			continue // the header and its rule
		}
		pkg := backticked.FindStringSubmatch(cells[0])
		if pkg == nil {
			return nil, fmt.Errorf("row %q: no package", l)
		}
		if _, dup := arrows[pkg[1]]; dup {
			return nil, fmt.Errorf("internal/%s has two rows", pkg[1])
		}
		to := []string{}
		for _, m := range backticked.FindAllStringSubmatch(cells[1], -1) {
			to = append(to, m[1])
		}
		if len(to) == 0 && strings.TrimSpace(cells[1]) != "—" {
			return nil, fmt.Errorf("row %q: write the imports backticked, or — for none", l)
		}
		sort.Strings(to)
		arrows[pkg[1]] = to
	}
	if len(arrows) == 0 {
		return nil, fmt.Errorf("no table of arrows under \"Dependency rules\"")
	}
	return arrows, nil
}
