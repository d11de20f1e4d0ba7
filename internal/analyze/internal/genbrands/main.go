// Command genbrands writes the brand names the analyzer embeds
// (internal/analyze/brands.txt), from two openly licensed lists that npm
// packages ship (their licences and versions are in
// internal/analyze/brands.LICENSE):
//
//   - simple-icons (CC0-1.0), one or more releases (-icons repeated; an
//     older release keeps the icons later ones removed at their owners'
//     request, "Slack", "LinkedIn"): the title of every icon and its other
//     names ("aka", and the titles of the icons it keeps for another look of
//     a brand), except the icons whose logo the package carries under an
//     open licence of its own (the "license" field, in any of the releases):
//     those are open-source projects and standards ("Git", "Android", "Markdown"), which no
//     company sells;
//   - name-suggestion-index (BSD-3-Clause): the display name, "brand" and
//     "name" tags of every item under brands/ (shops, restaurants, banks,
//     offices), without the country a display name adds in parentheses
//     ("A&W (Canada)" is A&W).
//
// With -standards it also writes the names of those licensed icons, their
// titles and "aka" names, to the list of open-source projects and standards
// the analyzer reads as no brand (internal/analyze/standards.txt).
//
// Names not written in ASCII, names of one character and the names of
// notBrands are left out. One name a line, sorted, duplicates once.
//
//	npm pack simple-icons@16.37.0 simple-icons@9.0.0 name-suggestion-index@8.0.20260918
//	tar xzf simple-icons-16.37.0.tgz && mv package simple-icons
//	tar xzf simple-icons-9.0.0.tgz && mv package simple-icons-9
//	tar xzf name-suggestion-index-8.0.20260918.tgz && mv package nsi
//	go run ./internal/analyze/internal/genbrands -icons simple-icons/data/simple-icons.json \
//		-icons simple-icons-9/_data/simple-icons.json \
//		-nsi nsi/dist/json/nsi.json -out internal/analyze/brands.txt \
//		-standards internal/analyze/standards.txt
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
)

// notBrands are names the lists carry that answers use for what no company
// sells: "Linux", a kernel, which simple-icons lists for the Linux
// Foundation's mark, and "Pomodoro", a way to time work, which
// name-suggestion-index lists for a restaurant chain.
var notBrands = []string{"Linux", "Pomodoro"}

// icon is the part of an entry of simple-icons.json that names the brand.
type icon struct {
	Title   string          `json:"title"`
	License json.RawMessage `json:"license"`
	Aliases struct {
		Aka []string `json:"aka"`
		Dup []struct {
			Title string `json:"title"`
		} `json:"dup"`
	} `json:"aliases"`
}

// nsiFile is the part of name-suggestion-index's dist/json/nsi.json that
// names the brands: categories ("brands/shop/coffee") and their items.
type nsiFile struct {
	NSI map[string]struct {
		Items []struct {
			DisplayName string            `json:"displayName"`
			Tags        map[string]string `json:"tags"`
		} `json:"items"`
	} `json:"nsi"`
}

func main() {
	var iconsPaths []string
	flag.Func("icons", "data/simple-icons.json of a simple-icons release (repeat for several releases)", func(p string) error {
		iconsPaths = append(iconsPaths, p)
		return nil
	})
	nsiPath := flag.String("nsi", "", "dist/json/nsi.json of the name-suggestion-index package")
	out := flag.String("out", "", "output file")
	standardsOut := flag.String("standards", "", "also write the licensed icons' names to this file")
	flag.Parse()
	if len(iconsPaths) == 0 || *nsiPath == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "genbrands: -icons, -nsi and -out are required")
		os.Exit(2)
	}
	var names, standards []string
	addTo := func(list *[]string, name string) {
		name = strings.Join(strings.Fields(name), " ")
		if len(name) < 2 || slices.Contains(notBrands, name) {
			return
		}
		for i := 0; i < len(name); i++ {
			if name[i] >= 0x80 {
				return
			}
		}
		*list = append(*list, name)
	}
	add := func(name string) { addTo(&names, name) }

	var icons []icon
	for _, p := range iconsPaths {
		icons = append(icons, readIcons(p)...)
	}
	// an icon licensed in one release is a standard in all: a later release
	// records the licence an earlier one left out ("Android")
	licensed := map[string]bool{}
	for _, ic := range icons {
		if ic.License != nil {
			licensed[ic.Title] = true
		}
	}
	for _, ic := range icons {
		if ic.License != nil || licensed[ic.Title] {
			addTo(&standards, ic.Title)
			for _, a := range ic.Aliases.Aka {
				addTo(&standards, a)
			}
			continue
		}
		add(ic.Title)
		for _, a := range ic.Aliases.Aka {
			add(a)
		}
		for _, d := range ic.Aliases.Dup {
			add(d.Title)
		}
	}

	var nsi nsiFile
	readJSON(*nsiPath, &nsi)
	for path, cat := range nsi.NSI {
		if !strings.HasPrefix(path, "brands/") {
			continue
		}
		for _, it := range cat.Items {
			name := it.DisplayName
			if i := strings.Index(name, " ("); i > 0 && strings.HasSuffix(name, ")") {
				name = name[:i]
			}
			for _, n := range []string{name, it.Tags["brand"], it.Tags["name"]} {
				if !strings.ContainsAny(n, "()") {
					add(n)
				}
			}
		}
	}

	writeList(*out, names)
	if *standardsOut != "" {
		writeList(*standardsOut, standards)
	}
}

// writeList writes names to path, one a line, sorted, duplicates once.
func writeList(path string, names []string) {
	slices.Sort(names)
	names = slices.Compact(names)
	if err := os.WriteFile(path, []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "genbrands:", err)
		os.Exit(1)
	}
}

func readJSON(path string, v any) {
	b, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(b, v)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genbrands:", path+":", err)
		os.Exit(1)
	}
}

// readIcons reads the icons of a simple-icons.json: a list of icons in
// current releases, an object with the list under "icons" before 10.0.0.
func readIcons(path string) []icon {
	var raw json.RawMessage
	readJSON(path, &raw)
	var icons []icon
	if err := json.Unmarshal(raw, &icons); err == nil {
		return icons
	}
	var old struct {
		Icons []icon `json:"icons"`
	}
	readJSON(path, &old)
	return old.Icons
}
