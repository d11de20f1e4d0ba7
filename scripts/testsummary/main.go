// Command testsummary reads `go test -json` on its standard input and
// prints what a person reading the test log needs: each package's result
// line as `go test` prints it (time, coverage), the whole output of every
// failing test, build failures, and at the end a summary of the pass: the
// packages by time with their coverage, and the slowest tests.
// scripts/test.sh pipes each pass through it (README "Run the tests").
//
//	go test -json -cover ./... | go run ./scripts/testsummary -pass sqlite -json out.json
//
// It exits 1 when a test, a package or a build failed, so that the
// script stops as `go test` would.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
	"time"
)

// event is one line of `go test -json` (go doc test2json).
type event struct {
	Time        time.Time
	Action      string
	Package     string
	Test        string
	Elapsed     float64
	Output      string
	ImportPath  string
	FailedBuild string
}

type pkgResult struct {
	name     string
	action   string // pass, fail, skip
	elapsed  float64
	coverage string // "81.3%" or ""
}

type testResult struct {
	pkg, name string
	elapsed   float64
}

var coverageRE = regexp.MustCompile(`coverage: ([0-9.]+%|\[no statements\])`)

func main() {
	pass := flag.String("pass", "", "name of the pass, printed in the summary (sqlite, postgres)")
	slowest := flag.Int("slowest", 10, "how many of the slowest tests the summary lists")
	raw := flag.String("json", "", "also write the `go test -json` input to this file")
	flag.Parse()
	in := io.Reader(os.Stdin)
	if *raw != "" {
		f, err := os.Create(*raw)
		if err != nil {
			fmt.Fprintln(os.Stderr, "testsummary:", err)
			os.Exit(2)
		}
		defer f.Close()
		in = io.TeeReader(os.Stdin, f)
	}
	failed := summarize(in, os.Stdout, *pass, *slowest)
	if failed {
		os.Exit(1)
	}
}

// summarize streams the log and prints the summary; it reports whether
// anything failed.
func summarize(in io.Reader, out io.Writer, pass string, slowest int) bool {
	var (
		failed  bool
		pkgs    = map[string]*pkgResult{}
		tests   []testResult
		outputs = map[string][]string{} // package + "\x00" + test: its lines, until it ends
		builds  = map[string][]string{} // ImportPath: build output
		cover   = map[string]string{}
	)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if err := json.Unmarshal(line, &e); err != nil || e.Action == "" {
			// not an event: go test's own words (a vet or setup failure)
			fmt.Fprintln(out, string(line))
			continue
		}
		key := e.Package + "\x00" + e.Test
		switch e.Action {
		case "build-output":
			builds[e.ImportPath] = append(builds[e.ImportPath], e.Output)
		case "build-fail":
			failed = true
			fmt.Fprintf(out, "BUILD FAILED %s\n%s", e.ImportPath, strings.Join(builds[e.ImportPath], ""))
		case "output":
			if e.Test == "" {
				if m := coverageRE.FindStringSubmatch(e.Output); m != nil {
					cover[e.Package] = m[1]
				}
				// the package's own lines: its result line and what a
				// failing package printed outside any test
				if strings.HasPrefix(e.Output, "ok ") || strings.HasPrefix(e.Output, "FAIL") ||
					strings.HasPrefix(e.Output, "?") || strings.HasPrefix(e.Output, "panic:") ||
					strings.Contains(e.Output, "WARNING") {
					fmt.Fprint(out, e.Output)
				} else {
					outputs[key] = append(outputs[key], e.Output)
				}
				continue
			}
			outputs[key] = append(outputs[key], e.Output)
		case "pass", "fail", "skip":
			if e.Test == "" {
				p := &pkgResult{name: e.Package, action: e.Action, elapsed: e.Elapsed, coverage: cover[e.Package]}
				pkgs[e.Package] = p
				if e.Action == "fail" {
					failed = true
					fmt.Fprint(out, strings.Join(outputs[key], ""))
				}
				delete(outputs, key)
				continue
			}
			if e.Action == "fail" {
				failed = true
				fmt.Fprint(out, strings.Join(outputs[key], ""))
			} else if e.Action == "skip" && !strings.Contains(e.Test, "/") {
				// a skip says why: loudly, as the tests mean it
				for _, l := range outputs[key] {
					if strings.Contains(l, "UNAVAILABLE") || strings.Contains(l, "NOT run") {
						fmt.Fprint(out, l)
						break
					}
				}
			}
			if !strings.Contains(e.Test, "/") {
				tests = append(tests, testResult{e.Package, e.Test, e.Elapsed})
			}
			delete(outputs, key)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(out, "testsummary: reading the log:", err)
		failed = true
	}
	printSummary(out, pass, pkgs, tests, slowest)
	return failed
}

func printSummary(out io.Writer, pass string, pkgs map[string]*pkgResult, tests []testResult, slowest int) {
	list := make([]*pkgResult, 0, len(pkgs))
	var total float64
	for _, p := range pkgs {
		list = append(list, p)
		total += p.elapsed
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].elapsed != list[j].elapsed {
			return list[i].elapsed > list[j].elapsed
		}
		return list[i].name < list[j].name
	})
	title := "summary"
	if pass != "" {
		title += " of the " + pass + " pass"
	}
	fmt.Fprintf(out, "\n--- %s: packages by time (sum %.1fs; packages run in parallel, so the pass takes less)\n", title, total)
	fmt.Fprintf(out, "%8s  %-9s  %-6s  %s\n", "time", "coverage", "result", "package")
	for _, p := range list {
		c := p.coverage
		if c == "" {
			c = "-"
		}
		fmt.Fprintf(out, "%7.1fs  %-9s  %-6s  %s\n", p.elapsed, c, p.action, p.name)
	}
	sort.Slice(tests, func(i, j int) bool { return tests[i].elapsed > tests[j].elapsed })
	if len(tests) > slowest {
		tests = tests[:slowest]
	}
	fmt.Fprintf(out, "\n--- %s: the %d slowest tests (their own time; parallel tests overlap)\n", title, len(tests))
	for _, t := range tests {
		fmt.Fprintf(out, "%7.1fs  %s %s\n", t.elapsed, t.pkg, t.name)
	}
}
