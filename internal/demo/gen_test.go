package demo

import (
	"errors"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

var (
	testNow  = time.Date(2026, 3, 10, 15, 4, 5, 0, time.UTC)
	uuidV4RE = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
)

// collect returns every record of the data set.
func collect(tb testing.TB, d *Dataset) []sightline.RunRecord {
	tb.Helper()
	recs := make([]sightline.RunRecord, 0, d.RunCount())
	if err := d.Runs(func(r sightline.RunRecord) error {
		recs = append(recs, r)
		return nil
	}); err != nil {
		tb.Fatal(err)
	}
	return recs
}

func TestNew_Structure(t *testing.T) {
	d := New(Config{Seed: 7, Now: testNow})
	if want := []string{"chatgpt", "perplexity", "gemini", "google_ai_overviews", "google_ai_mode"}; !slices.Equal(d.Providers, want) {
		t.Errorf("providers = %v, want %v", d.Providers, want)
	}
	if want := []string{"us", "gb", "de"}; !slices.Equal(d.Regions, want) {
		t.Errorf("regions = %v, want %v", d.Regions, want)
	}
	if len(d.Orgs) != 2 {
		t.Fatalf("orgs = %d, want 2", len(d.Orgs))
	}
	main := d.Orgs[0].Brands[0]
	if len(main.Competitors) < 4 {
		t.Errorf("competitors = %d, want >= 4", len(main.Competitors))
	}
	for _, c := range main.Competitors {
		if !sightline.IsDomainName(c.Domain) || len(c.Aliases) < 1 {
			t.Errorf("competitor %+v: want a domain and aliases", c)
		}
	}
	if len(main.Domains) < 2 || main.Domains[0] != main.Domain {
		t.Errorf("domains = %v, want Domain first and more than one", main.Domains)
	}
	if len(main.Topics) < 5 {
		t.Errorf("topics = %d, want >= 5", len(main.Topics))
	}
	intents := map[string]int{}
	n := 0
	for _, tp := range main.Topics {
		for _, p := range tp.Prompts {
			intents[p.Intent]++
			n++
		}
	}
	if n != 40 {
		t.Errorf("prompts = %d, want 40", n)
	}
	for _, in := range []string{"T", "C", "I", "N"} {
		if intents[in] == 0 {
			t.Errorf("no prompt with intent %s", in)
		}
	}
	other := d.Orgs[1]
	if len(other.Brands) != 1 || len(other.Brands[0].Topics) != 2 {
		t.Fatalf("second org: %d brands, want 1 with 2 topics", len(other.Brands))
	}
	for _, tp := range other.Brands[0].Topics {
		if len(tp.Prompts) != 4 {
			t.Errorf("second org topic %q: %d prompts, want 4", tp.Name, len(tp.Prompts))
		}
	}

	seen := map[string]bool{}
	check := func(what, id string) {
		if !uuidV4RE.MatchString(id) {
			t.Errorf("%s id %q is not a v4 UUID", what, id)
		}
		if seen[id] {
			t.Errorf("%s id %q is not unique", what, id)
		}
		seen[id] = true
	}
	for _, o := range d.Orgs {
		check("org", o.ID)
		for _, u := range o.Users {
			check("user", u.ID)
		}
		for _, b := range o.Brands {
			check("brand", b.ID)
			for _, c := range b.Competitors {
				check("competitor", c.ID)
			}
			for _, tp := range b.Topics {
				check("topic", tp.ID)
				for _, p := range tp.Prompts {
					check("prompt", p.ID)
				}
			}
		}
	}
}

func TestNew_Large(t *testing.T) {
	d := New(Config{Seed: 7, Days: 1, Scale: ScaleLarge, Now: testNow})
	if len(d.Providers) != 5 {
		t.Errorf("providers = %v, want 5", d.Providers)
	}
	main := d.Orgs[0].Brands[0]
	texts := map[string]bool{}
	for _, tp := range main.Topics {
		if len(tp.Prompts) != largePrompts {
			t.Errorf("topic %q: %d prompts, want %d", tp.Name, len(tp.Prompts), largePrompts)
		}
		for _, p := range tp.Prompts {
			if texts[p.Text] {
				t.Errorf("duplicate prompt %q", p.Text)
			}
			texts[p.Text] = true
		}
	}
	if len(texts) != 200 {
		t.Errorf("prompts = %d, want 200", len(texts))
	}
}

// TestNew_XLarge: the large scale's organizations unchanged, then nine
// copies of the main brand with their own ids, names and emails, and ten
// times the large scale's runs, give or take the second brand.
func TestNew_XLarge(t *testing.T) {
	large := New(Config{Seed: 7, Days: 90, Scale: ScaleLarge, Now: testNow})
	d := New(Config{Seed: 7, Days: 90, Scale: ScaleXLarge, Now: testNow})
	if len(d.Orgs) != 2+xlargeTenants {
		t.Fatalf("orgs = %d, want %d", len(d.Orgs), 2+xlargeTenants)
	}
	for i := range large.Orgs {
		if d.Orgs[i].ID != large.Orgs[i].ID || d.Orgs[i].Brands[0].ID != large.Orgs[i].Brands[0].ID {
			t.Errorf("org %d differs from the large scale's", i)
		}
	}
	ids, emails, names := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, o := range d.Orgs {
		b := o.Brands[0]
		for _, id := range []string{o.ID, b.ID, b.Topics[0].ID, b.Topics[0].Prompts[0].ID} {
			if ids[id] {
				t.Errorf("id %s used twice", id)
			}
			ids[id] = true
		}
		for _, u := range o.Users {
			if emails[u.Email] {
				t.Errorf("email %s used twice", u.Email)
			}
			emails[u.Email] = true
		}
		if names[o.Name] {
			t.Errorf("organization name %q used twice", o.Name)
		}
		names[o.Name] = true
	}
	if got, want := d.RunCount(), large.RunCount()+xlargeTenants*270_000; got != want || got != 2_710_800 {
		t.Errorf("runs = %d, want %d (2,710,800)", got, want)
	}
}

func TestRuns_Sizes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		cfg  Config
		want int
	}{
		// Four providers in three regions, Google AI Mode in the US only.
		{"small default days", Config{Seed: 1, Now: testNow}, 40*(4*3+1)*60 + 8*(4*3+1)*60},
		{"small 3 days", Config{Seed: 1, Days: 3, Now: testNow}, 40*(4*3+1)*3 + 8*(4*3+1)*3},
		{"large 1 day", Config{Seed: 1, Days: 1, Scale: ScaleLarge, Now: testNow}, 200*5*3 + 8*5*3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := New(tt.cfg)
			if got := d.RunCount(); got != tt.want {
				t.Errorf("RunCount = %d, want %d", got, tt.want)
			}
			n := 0
			if err := d.Runs(func(sightline.RunRecord) error { n++; return nil }); err != nil {
				t.Fatal(err)
			}
			if n != tt.want {
				t.Errorf("Runs emitted %d, want %d", n, tt.want)
			}
		})
	}
}

func TestRuns_Determinism(t *testing.T) {
	t.Parallel()
	cfg := Config{Seed: 42, Days: 3, Now: testNow}
	a, b := collect(t, New(cfg)), collect(t, New(cfg))
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same seed produced different records")
	}
	cfg.Seed = 43
	c := collect(t, New(cfg))
	sameID, sameAnswer := 0, 0
	for i := range a {
		if a[i].ID == c[i].ID {
			sameID++
		}
		if a[i].Answer == c[i].Answer {
			sameAnswer++
		}
	}
	if sameID != 0 || sameAnswer > len(a)/20 {
		t.Errorf("different seeds: %d equal ids, %d of %d equal answers", sameID, sameAnswer, len(a))
	}

	// A run does not depend on what was generated before it.
	d := New(cfg)
	recs := collect(t, d)
	g := d.gens[0]
	pi, vi, ri, day := 5, 2, 1, 2
	got := d.run(newRunState(), g, pi, vi, ri, day)
	i := slices.IndexFunc(recs, func(r sightline.RunRecord) bool { return r.ID == got.ID })
	if i < 0 || !reflect.DeepEqual(got, recs[i]) {
		t.Errorf("run generated alone differs from the same run in sequence")
	}
}

func TestRuns_Stop(t *testing.T) {
	errStop := errors.New("stop")
	n := 0
	err := New(Config{Seed: 1, Days: 2, Now: testNow}).Runs(func(sightline.RunRecord) error {
		n++
		if n == 10 {
			return errStop
		}
		return nil
	})
	if !errors.Is(err, errStop) || n != 10 {
		t.Errorf("Runs = %v after %d records, want errStop after 10", err, n)
	}
}

func TestRuns_Records(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		now  time.Time
		days int
	}{{testNow, 60}, {time.Date(2026, 3, 10, 0, 20, 0, 0, time.UTC), 5}} {
		now := tt.now
		d := New(Config{Seed: 3, Days: tt.days, Now: now})
		first := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1-tt.days)
		prompts := map[string]string{} // prompt id -> brand id
		for _, o := range d.Orgs {
			for _, b := range o.Brands {
				for _, tp := range b.Topics {
					for _, p := range tp.Prompts {
						prompts[p.ID] = b.ID
					}
				}
			}
		}
		ids := map[string]bool{}
		days := map[string]map[string]bool{} // prompt/provider/region -> days
		lengths := [3]int{}                  // < 600, in range, > 2000
		providers := map[string]bool{}
		for _, p := range d.Providers {
			providers[p] = true
		}
		err := d.Runs(func(r sightline.RunRecord) error {
			if !uuidV4RE.MatchString(r.ID) || ids[r.ID] {
				t.Fatalf("run id %q invalid or duplicate", r.ID)
			}
			ids[r.ID] = true
			if prompts[r.PromptID] != r.BrandID {
				t.Fatalf("run %s: prompt %s is not a prompt of brand %s", r.ID, r.PromptID, r.BrandID)
			}
			if !providers[r.Provider] || !slices.Contains(d.Regions, r.Region) || r.Model == "" {
				t.Fatalf("run %s: provider %q region %q model %q", r.ID, r.Provider, r.Region, r.Model)
			}
			if r.RanAt.Before(first) || r.RanAt.After(now) || r.RanAt.Location() != time.UTC {
				t.Fatalf("run %s: ran_at %v outside [%v, %v]", r.ID, r.RanAt, first, now)
			}
			key := r.PromptID + r.Provider + r.Region
			if days[key] == nil {
				days[key] = map[string]bool{}
			}
			days[key][r.RanAt.Format(time.DateOnly)] = true
			if r.AnswerShown != nil && !*r.AnswerShown {
				return nil // no AI Overview shown: TestNew_SearchSurfaces
			}
			switch n := len(r.Answer); {
			case n < 600:
				lengths[0]++
			case n > 2000:
				lengths[2]++
			default:
				lengths[1]++
			}
			if strings.TrimSpace(r.Answer) == "" || len(r.Answer) < 300 || len(r.Answer) > 2500 {
				t.Fatalf("run %s: answer of %d bytes", r.ID, len(r.Answer))
			}
			if r.Mentions != nil {
				t.Fatalf("run %s: mentions must be nil", r.ID)
			}
			if len(r.Citations) < 3 || len(r.Citations) > 12 {
				t.Fatalf("run %s: %d citations", r.ID, len(r.Citations))
			}
			for _, c := range r.Citations {
				u, err := url.Parse(c.URL)
				if err != nil || u.Scheme != "https" || u.Host == "" || c.Title == "" {
					t.Fatalf("run %s: bad citation %+v (%v)", r.ID, c, err)
				}
				if c.Type != sightline.CitationSource && c.Type != sightline.CitationInline {
					t.Fatalf("run %s: citation type %q", r.ID, c.Type)
				}
				if d := registrable(c.URL); (d == "youtube.com" || d == "youtu.be") && c.Author == "" {
					t.Fatalf("run %s: youtube citation without author", r.ID)
				}
			}
			if len(r.Ads) > 3 {
				t.Fatalf("run %s: %d ads", r.ID, len(r.Ads))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for key, ds := range days {
			if len(ds) != tt.days {
				t.Fatalf("%s: runs on %d days, want %d", key, len(ds), tt.days)
			}
		}
		if in := float64(lengths[1]) / float64(lengths[0]+lengths[1]+lengths[2]); in < 0.97 {
			t.Errorf("answers of 600–2000 bytes: %.1f%% (short %d, long %d)", 100*in, lengths[0], lengths[2])
		}
	}
}

// registrable is a test approximation of the registrable domain: the last
// two labels of the lowercased host (enough for the demo's domains).
func registrable(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	labels := strings.Split(strings.ToLower(u.Hostname()), ".")
	if len(labels) < 2 {
		return ""
	}
	return strings.Join(labels[len(labels)-2:], ".")
}

// lowerNames returns the lowercased names and aliases of g's entities.
func lowerNames(g *brandGen) [][]string {
	out := make([][]string, len(g.ents))
	for e, ent := range g.ents {
		for _, n := range append([]string{ent.def.name}, ent.def.aliases...) {
			out[e] = append(out[e], strings.ToLower(n))
		}
	}
	return out
}

// order returns the entities (indices into names) an answer names, in the
// order of their first occurrence, the way the analyzer would find them.
func order(names [][]string, answer string) []int {
	low := strings.ToLower(answer)
	type hit struct{ at, e int }
	var hits []hit
	for e, ns := range names {
		at := -1
		for _, n := range ns {
			if i := strings.Index(low, n); i >= 0 && (at < 0 || i < at) {
				at = i
			}
		}
		if at >= 0 {
			hits = append(hits, hit{at, e})
		}
	}
	slices.SortFunc(hits, func(a, b hit) int { return a.at - b.at })
	out := make([]int, len(hits))
	for i, h := range hits {
		out[i] = h.e
	}
	return out
}

var (
	editorialDomains = []string{"forbes.com", "zapier.com", "techradar.com", "pcmag.com", "zdnet.com", "theverge.com", "techcrunch.com", "fastcompany.com"}
	reviewDomains    = []string{"g2.com", "capterra.com", "trustradius.com", "getapp.com"}
	socialDomains    = []string{"reddit.com", "youtube.com", "youtu.be", "linkedin.com", "x.com", "twitter.com"}
)

// patternStats counts, over the main brand's runs, what the engines look for.
type patternStats struct {
	runs, named                 [2]int // previous / last 30 days
	compNamed                   [2][]int
	roleRuns                    [numRoles]int
	refreshOwnedWeak            int // owned page cited, brand absent or 4th or later
	refreshOwned                int
	createOwned, createCompWins int // owned citations / runs citing a named competitor's domain
	createBrandNamed            int
	earnedThirdParty            int // editorial/review cited, competitor named, brand absent
	socialAbsent                int // social thread cited, brand absent
	leaderFirst                 int
	promptRuns, promptFirst     map[string]int
	sentLines, negLines         map[string]int // brand list lines by provider
	untracked                   map[string]bool
	advertisers                 map[string]bool
	adProviders                 map[string]bool
	citations, messy            int
}

func computePatterns(t *testing.T, d *Dataset) *patternStats {
	t.Helper()
	g := d.gens[0]
	brand := d.Orgs[0].Brands[0]
	role := map[string]role{}
	for _, p := range g.prompts {
		role[p.id] = p.role
	}
	lastStart := d.firstDay.AddDate(0, 0, d.days-30)
	s := &patternStats{
		promptRuns: map[string]int{}, promptFirst: map[string]int{},
		sentLines: map[string]int{}, negLines: map[string]int{},
		untracked: map[string]bool{}, advertisers: map[string]bool{}, adProviders: map[string]bool{},
	}
	s.compNamed[0] = make([]int, g.nComp+1)
	s.compNamed[1] = make([]int, g.nComp+1)
	names := lowerNames(g)
	canonical := map[string]string{} // every spelling -> canonical URL
	for _, pg := range g.pages {
		for _, u := range pg.urls {
			canonical[u] = pg.urls[vCanon]
		}
	}
	negWords := []string{"complain", "not the cheapest", "Reviews are mixed", "Users report that", "can work, although"}
	err := d.Runs(func(r sightline.RunRecord) error {
		if r.BrandID != brand.ID {
			return nil
		}
		rl := role[r.PromptID]
		ord := order(names, r.Answer)
		pos := slices.Index(ord, 0) + 1 // 0: absent
		w := 0
		if !r.RanAt.Before(lastStart) {
			w = 1
		}
		if r.RanAt.Before(lastStart.AddDate(0, 0, -30)) {
			w = -1
		}
		if w >= 0 {
			s.runs[w]++
			if pos > 0 {
				s.named[w]++
			}
			for c := 1; c <= g.nComp; c++ {
				if slices.Contains(ord, c) {
					s.compNamed[w][c]++
				}
			}
		}
		compNamed := slices.ContainsFunc(ord, func(e int) bool { return e >= 1 && e <= g.nComp })
		var owned, third, social, compWin bool
		for _, c := range r.Citations {
			dom := registrable(c.URL)
			switch {
			case slices.Contains(brand.Domains, dom):
				owned = true
			case slices.Contains(editorialDomains, dom) || slices.Contains(reviewDomains, dom):
				third = true
			case slices.Contains(socialDomains, dom):
				social = true
			}
			for _, e := range ord {
				if e >= 1 && e <= g.nComp && dom == g.ents[e].def.domain {
					compWin = true
				}
			}
			s.citations++
			if c.URL != canonical[c.URL] {
				s.messy++
			}
		}
		s.roleRuns[rl]++
		switch rl {
		case roleRefresh:
			if owned {
				s.refreshOwned++
				if pos == 0 || pos >= 4 {
					s.refreshOwnedWeak++
				}
			}
		case roleCreate:
			if owned {
				s.createOwned++
			}
			if compWin {
				s.createCompWins++
			}
			if pos > 0 {
				s.createBrandNamed++
			}
		case roleEarned:
			if third && compNamed && pos == 0 {
				s.earnedThirdParty++
			}
		case roleSocial:
			if social && pos == 0 {
				s.socialAbsent++
			}
		case roleLeader:
			s.promptRuns[r.PromptID]++
			if pos == 1 {
				s.leaderFirst++
				s.promptFirst[r.PromptID]++
			}
		}
		for line := range strings.Lines(r.Answer) {
			// List items lead with the brand in bold: "1. **X** –", "- **X**:", "* **X:**".
			_, rest, ok := strings.Cut(line, " **")
			if !ok || !strings.ContainsAny(line[:1], "-*0123456789") {
				continue
			}
			name, _, _ := strings.Cut(rest, "**")
			name = strings.TrimSuffix(name, ":")
			if name == brand.Name {
				s.sentLines[r.Provider]++
				if slices.ContainsFunc(negWords, func(n string) bool { return strings.Contains(line, n) }) {
					s.negLines[r.Provider]++
				}
			}
			if e := slices.IndexFunc(g.ents, func(e entity) bool { return e.def.name == name }); e > g.nComp {
				s.untracked[name] = true
			}
		}
		for _, a := range r.Ads {
			s.advertisers[a.Advertiser] = true
			s.adProviders[r.Provider] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func TestRuns_Patterns(t *testing.T) {
	t.Parallel()
	d := New(Config{Seed: 11, Days: 60, Now: testNow})
	s := computePatterns(t, d)
	g := d.gens[0]

	prev, last := pct(s.named[0], s.runs[0]), pct(s.named[1], s.runs[1])
	t.Logf("visibility: previous 30 days %.1f%%, last 30 days %.1f%%", prev, last)
	if last-prev < 8 {
		t.Errorf("brand visibility %.1f%% -> %.1f%%: want a clear rise", prev, last)
	}
	for c := 1; c <= g.nComp; c++ {
		t.Logf("%s: %.1f%% -> %.1f%%", g.ents[c].def.name, pct(s.compNamed[0][c], s.runs[0]), pct(s.compNamed[1][c], s.runs[1]))
	}
	if diff := pct(s.compNamed[1][2], s.runs[1]) - pct(s.compNamed[0][2], s.runs[0]); diff < 8 {
		t.Errorf("Orbitask visibility diff %.1f, want a clear rise", diff)
	}
	if diff := pct(s.compNamed[1][3], s.runs[1]) - pct(s.compNamed[0][3], s.runs[0]); diff > -8 {
		t.Errorf("Brightplan visibility diff %.1f, want a clear decline", diff)
	}

	t.Logf("owned_refresh: %d of %d refresh runs cite owned pages, %d with the brand weak", s.refreshOwned, s.roleRuns[roleRefresh], s.refreshOwnedWeak)
	if pct(s.refreshOwnedWeak, s.refreshOwned) < 60 || pct(s.refreshOwned, s.roleRuns[roleRefresh]) < 50 {
		t.Errorf("owned_refresh pattern too weak")
	}
	t.Logf("owned_create: %d runs, %d cite named competitors' pages, %d name the brand, %d cite owned pages", s.roleRuns[roleCreate], s.createCompWins, s.createBrandNamed, s.createOwned)
	if s.createOwned != 0 || pct(s.createCompWins, s.roleRuns[roleCreate]) < 80 || pct(s.createBrandNamed, s.roleRuns[roleCreate]) > 25 {
		t.Errorf("owned_create pattern too weak")
	}
	t.Logf("earned_3rd_party: %d of %d runs", s.earnedThirdParty, s.roleRuns[roleEarned])
	if pct(s.earnedThirdParty, s.roleRuns[roleEarned]) < 40 {
		t.Errorf("earned_3rd_party pattern too weak")
	}
	t.Logf("social_post: %d of %d runs", s.socialAbsent, s.roleRuns[roleSocial])
	if pct(s.socialAbsent, s.roleRuns[roleSocial]) < 50 {
		t.Errorf("social_post pattern too weak")
	}
	t.Logf("no_action: brand first in %d of %d runs", s.leaderFirst, s.roleRuns[roleLeader])
	if pct(s.leaderFirst, s.roleRuns[roleLeader]) < 70 {
		t.Errorf("no_action pattern too weak")
	}
	for id, n := range s.promptRuns {
		if pct(s.promptFirst[id], n) < 55 {
			t.Errorf("leader prompt %s: brand first in %d of %d runs", id, s.promptFirst[id], n)
		}
	}

	for _, p := range d.Providers {
		t.Logf("%s: unfavourable brand lines %.1f%%", p, pct(s.negLines[p], s.sentLines[p]))
	}
	if pct(s.negLines["gemini"], s.sentLines["gemini"]) <= pct(s.negLines["perplexity"], s.sentLines["perplexity"]) {
		t.Errorf("gemini should word the brand less favourably than perplexity")
	}
	if len(s.untracked) < 5 {
		t.Errorf("untracked brands in bold: %v, want >= 5", s.untracked)
	}
	if len(s.advertisers) < 5 || !s.advertisers["Stackwise"] {
		t.Errorf("advertisers: %v", s.advertisers)
	}
	for p := range s.adProviders {
		if p != "perplexity" && p != "google_ai_overviews" {
			t.Errorf("ads on %s", p)
		}
	}
	t.Logf("messy citation URLs: %.1f%%", pct(s.messy, s.citations))
	if m := pct(s.messy, s.citations); m < 5 || m > 40 {
		t.Errorf("messy URLs %.1f%%, want a minority", m)
	}
}

func TestPages_Pools(t *testing.T) {
	for _, tt := range []struct {
		scale    string
		min, max int
	}{{ScaleSmall, 200, 800}, {ScaleLarge, 1000, 3000}} {
		d := New(Config{Seed: 5, Days: 1, Scale: tt.scale, Now: testNow})
		n := len(d.gens[0].pages) + len(d.gens[1].pages)
		t.Logf("%s: %d pages", tt.scale, n)
		if n < tt.min || n > tt.max {
			t.Errorf("%s: %d distinct pages, want %d..%d", tt.scale, n, tt.min, tt.max)
		}
		for _, g := range d.gens {
			for _, p := range g.pages {
				for _, u := range p.urls {
					if pu, err := url.Parse(u); err != nil || pu.Host == "" {
						t.Errorf("bad url %q", u)
					}
				}
			}
		}
	}
}

// BenchmarkRuns measures generating and emitting one record (ns/op is per
// record).
func BenchmarkRuns(b *testing.B) {
	d := New(Config{Seed: 1, Days: 90, Scale: ScaleLarge, Now: testNow})
	errDone := errors.New("done")
	b.ReportAllocs()
	b.ResetTimer()
	for n := 0; n < b.N; {
		err := d.Runs(func(sightline.RunRecord) error {
			n++
			if n >= b.N {
				return errDone
			}
			return nil
		})
		if err != nil && !errors.Is(err, errDone) {
			b.Fatal(err)
		}
	}
}

// The search surfaces' runs are what collection stores: the vendor as
// source and model, Google AI Mode in the United States only, and for
// about 30% of AI Overview runs no overview shown (an empty answer with
// no citations).
func TestNew_SearchSurfaces(t *testing.T) {
	d := New(Config{Seed: 3, Days: 10, Now: testNow})
	recs := collect(t, d)
	if len(recs) != d.RunCount() {
		t.Fatalf("%d runs, RunCount %d", len(recs), d.RunCount())
	}
	shown, hidden, aiMode := 0, 0, 0
	for _, r := range recs {
		switch r.Provider {
		case "google_ai_overviews":
			if r.Source != "serpapi" || r.Model != "serpapi" {
				t.Fatalf("overview run source %q, model %q", r.Source, r.Model)
			}
			if r.AnswerShown != nil && !*r.AnswerShown {
				hidden++
				if r.Answer != "" || len(r.Citations) != 0 {
					t.Fatalf("a run without overview has an answer: %+v", r)
				}
			} else {
				shown++
				if r.Answer == "" {
					t.Fatal("an overview run with an empty answer")
				}
			}
		case "google_ai_mode":
			aiMode++
			if r.Region != "us" || r.Source != "serpapi" || r.Answer == "" || r.AnswerShown != nil {
				t.Fatalf("AI Mode run %s, source %q, shown %v", r.Region, r.Source, r.AnswerShown)
			}
		default:
			if r.Source != "" || r.AnswerShown != nil {
				t.Fatalf("%s run with source %q", r.Provider, r.Source)
			}
		}
	}
	if share := float64(hidden) / float64(shown+hidden); share < 0.25 || share > 0.35 || aiMode == 0 {
		t.Errorf("%d overviews shown, %d not (%.2f); %d AI Mode runs", shown, hidden, share, aiMode)
	}
}
