// Package demo generates Sightline's deterministic demo data set: two
// organizations, their brands, competitors, topics and prompts, and the raw
// prompt runs (AI answers with citations and ads) that go through the real
// ingest pipeline. The same Config always yields the same data.
//
// The main brand (Taskloom, a project-management SaaS) carries the patterns
// the analytics and recommendation engines must find: rising visibility, a
// rising and a declining competitor, owned pages cited where the brand is
// weak, competitor pages winning comparison prompts, third-party outlets and
// social threads citing competitors, and prompts the brand already leads.
package demo

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// Scales of the data set.
const (
	ScaleSmall = "small"
	ScaleLarge = "large"
	// ScaleXLarge is ten times the large scale for measuring (about 2.7 M
	// runs over 90 days): the large scale's two organizations plus
	// xlargeTenants more, each with a copy of the main brand (own ids,
	// names numbered, its own answers).
	ScaleXLarge = "xlarge"
)

// xlargeTenants is how many copies of the main organization ScaleXLarge adds.
const xlargeTenants = 9

// DefaultDays is the default length of the history in days.
const DefaultDays = 60

// Config selects the data set.
type Config struct {
	Seed  uint64    // same seed -> same data (ids, names, texts, URLs, which brands appear)
	Days  int       // days of history, default 60 (0 means default); runs on each of the Days UTC days ending with Now's day
	Scale string    // "small" (default, "" or anything else means small), "large" or "xlarge"
	Now   time.Time // reference "now" (zero: the current time); dates are relative to it so default 30-day windows are full
}

// Dataset is a generated demo data set: the organizations with their
// brands, and the prompt runs that Runs emits on demand.
type Dataset struct {
	Providers []string // provider codes: chatgpt, perplexity, gemini, google_ai_overviews, google_ai_mode (+ claude in large)
	Regions   []string // region codes: us, gb, de
	Orgs      []Org    // two organizations (xlarge: more); Orgs[0] is the main one

	seed      uint64
	days      int
	now       time.Time
	firstDay  time.Time // UTC midnight of the first day
	providers []*providerDef
	gens      []*brandGen
}

// Org is an organization with its users and brands.
type Org struct {
	ID, Name string
	Users    []User
	Brands   []Brand
}

// User is a member of an organization.
type User struct{ ID, Email, Name string }

// Brand is a tracked brand with its competitors and topics.
type Brand struct {
	ID, Name, Domain string
	Domains          []string // every owned registrable domain, Domain first
	Aliases          []string
	Competitors      []Competitor
	Topics           []Topic
}

// Competitor is a brand tracked next to a Brand.
type Competitor struct {
	ID, Name, Domain string
	Aliases          []string
}

// Topic groups prompts.
type Topic struct {
	ID, Name string
	Prompts  []Prompt
}

// Prompt is a tracked prompt; Intent is one of "T", "C", "I", "N".
type Prompt struct{ ID, Text, Intent string }

// providerDef is an AI provider and how its answers look.
type providerDef struct {
	code, model      string
	brandOff         float64 // change of the main brand's chance to be named
	pos, neg         float64 // change of the main brand's favourable / unfavourable wording
	inline           float64 // share of inline citations
	minCite, maxCite int
	utm              int     // percent of citation URLs with ?utm_source=chatgpt.com
	ads              float64 // chance of ads on commercial and transactional prompts
	formats          [numFormats]float64
	closings         []int // indices into industry.closings; nil: closingsShort
	markers          bool  // [n] citation markers in the text
	// source is the SERP data vendor of a search surface ("" for a
	// direct API), recorded as the run's source and model, as collection
	// does (docs/collect.md#search-surfaces).
	source string
	// noAnswer is the share of runs for which the surface shows no AI
	// answer: an empty answer with answer_shown false.
	noAnswer float64
	// usOnly surfaces are asked in the United States only.
	usOnly bool
}

// providerDefs in hashing order; the small scale uses the first four.
var providerDefs = []*providerDef{
	{code: "chatgpt", model: "gpt-4o", brandOff: 0.03, pos: 0.05, inline: 0.45, minCite: 3, maxCite: 11, utm: 25,
		formats: [numFormats]float64{0.5, 0, 0.25, 0, 0.15}, closings: []int{0, 1, 2, 3}},
	{code: "perplexity", model: "sonar-pro", brandOff: 0.06, pos: 0.1, neg: -0.04, inline: 0.15, minCite: 5, maxCite: 12, ads: 0.3,
		formats: [numFormats]float64{0.2, 0.45, 0.2, 0, 0.15}, closings: []int{4}, markers: true},
	{code: "gemini", model: "gemini-2.0-flash", brandOff: -0.07, pos: -0.12, neg: 0.1, inline: 0.2, minCite: 3, maxCite: 9,
		formats: [numFormats]float64{0.15, 0, 0, 0.7, 0.15}, closings: []int{1, 3}},
	{code: "google_ai_overviews", model: "serpapi", brandOff: -0.02, neg: 0.03, inline: 0.1, minCite: 4, maxCite: 10, ads: 0.6,
		formats: [numFormats]float64{0, 0, 0.3, 0.6, 0.1}, source: "serpapi", noAnswer: 0.3},
	{code: "claude", model: "claude-sonnet-4", pos: 0.02, inline: 0.3, minCite: 3, maxCite: 9,
		formats: [numFormats]float64{0.3, 0, 0.5, 0, 0.2}, closings: []int{5, 3}},
	{code: "google_ai_mode", model: "serpapi", brandOff: 0.01, pos: 0.02, inline: 0.6, minCite: 5, maxCite: 12,
		formats: [numFormats]float64{0.2, 0, 0.4, 0.3, 0.1}, closings: []int{1, 3}, source: "serpapi", usOnly: true},
}

// providerIndex is a provider's place in providerDefs, which seeds its
// runs: a provider added to a scale does not change the others' runs.
func providerIndex(p *providerDef) int { return slices.Index(providerDefs, p) }

// short reports whether the provider writes short, overview-style answers.
func (p *providerDef) short() bool { return p.closings == nil }

// regionDef is a region and how prices read there.
type regionDef struct {
	code, priceNote, currency string
	rate, brandOff            float64
}

const numRegions = 3

var regionDefs = [numRegions]regionDef{
	{"us", " (prices in USD)", "$", 1, 0.02},
	{"gb", " (prices in GBP, excluding VAT)", "£", 0.8, 0},
	{"de", " (prices in EUR, excluding VAT)", "€", 0.92, -0.03},
}

// New builds the data set for cfg. Everything except the runs is built
// here; Runs generates the runs lazily.
func New(cfg Config) *Dataset {
	days := cfg.Days
	if days <= 0 {
		days = DefaultDays
	}
	now := cfg.Now
	if now.IsZero() {
		now = time.Now()
	}
	now = now.UTC()
	large := cfg.Scale == ScaleLarge || cfg.Scale == ScaleXLarge
	d := &Dataset{
		seed:      cfg.Seed,
		days:      days,
		now:       now,
		firstDay:  time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1-days),
		providers: []*providerDef{providerDefs[0], providerDefs[1], providerDefs[2], providerDefs[3], providerDefs[5]},
	}
	if large {
		// The benchmark scales keep their five providers, so that their
		// run counts (docs/performance.md) stay comparable.
		d.providers = providerDefs[:5]
	}
	for _, p := range d.providers {
		d.Providers = append(d.Providers, p.code)
	}
	for _, r := range regionDefs {
		d.Regions = append(d.Regions, r.code)
	}
	// Two independent streams: ids must not shift when page pools change.
	ids := &idSource{r: rand.New(rand.NewPCG(cfg.Seed, 0x1d5eed))}
	rnd := rand.New(rand.NewPCG(cfg.Seed, 0x9a6e5eed))
	for i, ind := range []*industry{pmIndustry, coffeeIndustry} {
		g := newBrandGen(ind, i, large && i == 0, ids, rnd)
		d.gens = append(d.gens, g)
		d.Orgs = append(d.Orgs, g.org)
	}
	if cfg.Scale == ScaleXLarge {
		for n := 2; n < 2+xlargeTenants; n++ {
			g := newBrandGen(pmIndustry, n, true, ids, rnd)
			g.org.Name = fmt.Sprintf("%s %d", g.org.Name, n)
			for i := range g.org.Users {
				// emails are unique across organizations
				u := &g.org.Users[i]
				local, domain, _ := strings.Cut(u.Email, "@")
				u.Email = fmt.Sprintf("%s+%d@%s", local, n, domain)
			}
			d.gens = append(d.gens, g)
			d.Orgs = append(d.Orgs, g.org)
		}
	}
	return d
}

// RunCount returns how many records Runs will emit.
func (d *Dataset) RunCount() int {
	n := 0
	for _, g := range d.gens {
		n += len(g.prompts)
	}
	regions := 0
	for _, p := range d.providers {
		if p.usOnly {
			regions++
		} else {
			regions += numRegions
		}
	}
	return n * regions * d.days
}

// idSource hands out UUIDs from a seeded generator.
type idSource struct{ r *rand.Rand }

func (s *idSource) uuid() string { return formatUUID(s.r.Uint64(), s.r.Uint64()) }

// formatUUID lays out 128 bits as a version-4, RFC 4122 variant UUID.
func formatUUID(hi, lo uint64) string {
	const hexdigits = "0123456789abcdef"
	var b [16]byte
	for i := 0; i < 8; i++ {
		b[i] = byte(hi >> (56 - 8*i))
		b[8+i] = byte(lo >> (56 - 8*i))
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	var out [36]byte
	j := 0
	for i, c := range b {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			out[j] = '-'
			j++
		}
		out[j] = hexdigits[c>>4]
		out[j+1] = hexdigits[c&0x0f]
		j += 2
	}
	return string(out[:])
}

// mix is the splitmix64 finalizer: a cheap, well-distributed 64-bit hash.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
