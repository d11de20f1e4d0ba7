// Command genstandards writes the names of open-source projects and
// standards the analyzer embeds (internal/analyze/standards.txt): the
// icons of simple-icons (CC0-1.0; its version and licence are in
// internal/analyze/brands.LICENSE) whose logo the package carries under an
// open licence of its own (the "license" field), their titles and their
// other names ("aka"). genbrands leaves these out of the brand list; the
// analyzer reads them as no brand ("Git", "Android", "Markdown").
//
// Names not written in ASCII and names of one character are left out. One
// name a line, sorted, duplicates once.
//
//	npm pack simple-icons@16.37.0
//	tar xzf simple-icons-16.37.0.tgz && mv package simple-icons
//	go run ./internal/analyze/internal/genstandards -icons simple-icons/data/simple-icons.json \
//		-out internal/analyze/standards.txt
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
)

// icon is the part of an entry of simple-icons.json that names the project.
type icon struct {
	Title   string          `json:"title"`
	License json.RawMessage `json:"license"`
	Aliases struct {
		Aka []string `json:"aka"`
	} `json:"aliases"`
}

func main() {
	iconsPath := flag.String("icons", "", "data/simple-icons.json of the simple-icons package")
	out := flag.String("out", "", "output file")
	flag.Parse()
	if *iconsPath == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "genstandards: -icons and -out are required")
		os.Exit(2)
	}
	b, err := os.ReadFile(*iconsPath)
	var icons []icon
	if err == nil {
		err = json.Unmarshal(b, &icons)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genstandards:", *iconsPath+":", err)
		os.Exit(1)
	}
	var names []string
	add := func(name string) {
		name = strings.Join(strings.Fields(name), " ")
		if len(name) < 2 {
			return
		}
		for i := 0; i < len(name); i++ {
			if name[i] >= 0x80 {
				return
			}
		}
		names = append(names, name)
	}
	for _, ic := range icons {
		if ic.License == nil {
			continue
		}
		add(ic.Title)
		for _, a := range ic.Aliases.Aka {
			add(a)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	if err := os.WriteFile(*out, []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "genstandards:", err)
		os.Exit(1)
	}
}
