// Command genplaces writes the place names the analyzer embeds
// (internal/analyze/places.txt): the English names of countries, territories
// and world regions of the Unicode CLDR, as golang.org/x/text/language/display
// carries them (BSD licence, a module of the Go project), and the states and
// territories of the United States, Canada and Australia, the markets whose
// answers name them most ("rates in Texas", "drivers in Ontario"), which CLDR
// does not list. One name a line, sorted.
//
//	go run ./internal/analyze/internal/genplaces -out internal/analyze/places.txt
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
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
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "genplaces: -out is required")
		os.Exit(2)
	}
	names := slices.Clone(states)
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
	slices.Sort(names)
	names = slices.Compact(names)
	if err := os.WriteFile(*out, []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "genplaces:", err)
		os.Exit(1)
	}
}
