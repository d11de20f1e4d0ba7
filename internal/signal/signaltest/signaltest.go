// Package signaltest generates prompt runs whose numbers are known in
// advance, for the tests of detection and of what it feeds (the signals
// API, webhooks): every day, provider and prompt gets the same number of
// runs, and functions say which of them name the brand, a competitor,
// cite pages or show ads. With exact shares the counts of every window are
// known to the unit; with a random source each run is drawn on its own.
package signaltest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/sightline/sightline"
)

// Cell is one day, provider and prompt: Day counts back from Spec.End (1
// is the last complete day), Prompt indexes Spec.Prompts.
type Cell struct {
	Day      int
	Provider string
	Prompt   int
}

// Spec describes the runs to generate.
type Spec struct {
	BrandID    string
	Brand      string // the brand's name, as mentions give it
	Competitor string // a tracked competitor's name ("" for none)
	Prompts    []string
	Providers  []string // provider codes
	Region     string   // default us
	End        time.Time
	Days       int // days before End, each with runs
	Runs       int // runs per cell
	// Named is the share (0–1) of a cell's runs that name the brand, and
	// CompetitorNamed of those that name the competitor; nil is none.
	Named           func(c Cell) float64
	CompetitorNamed func(c Cell) float64
	// Cites lists the URLs the run-th run of a cell cites.
	Cites func(c Cell, run int) []string
	// Ads lists the ads shown next to the run-th run of a cell.
	Ads func(c Cell, run int) []sightline.RunAd
	// Random, when set, draws each run with probability Named (and
	// CompetitorNamed); otherwise the first round(share × Runs) runs of a
	// cell name the brand, and the last ones the competitor.
	Random *rand.Rand
	// Seed makes run ids differ between data sets of the same brand.
	Seed string
}

// Records returns the runs, oldest first.
func Records(s Spec) []sightline.RunRecord {
	region := s.Region
	if region == "" {
		region = "us"
	}
	var out []sightline.RunRecord
	for day := s.Days; day >= 1; day-- {
		start := s.End.AddDate(0, 0, -day)
		for _, provider := range s.Providers {
			for pi, prompt := range s.Prompts {
				c := Cell{Day: day, Provider: provider, Prompt: pi}
				named := s.pick(s.Named, c, false)
				comp := s.pick(s.CompetitorNamed, c, true)
				for run := range s.Runs {
					r := sightline.RunRecord{
						ID: runID(s.Seed, s.BrandID, day, provider, pi, run), BrandID: s.BrandID, PromptID: prompt,
						Provider: provider, Region: region, RanAt: start.Add(10*time.Hour + time.Duration(run)*time.Minute),
						Answer: "An answer that names no brand by itself.",
					}
					if named[run] {
						r.Mentions = append(r.Mentions, sightline.RunMention{Name: s.Brand, Position: len(r.Mentions) + 1})
					}
					if comp[run] && s.Competitor != "" {
						r.Mentions = append(r.Mentions, sightline.RunMention{Name: s.Competitor, Position: len(r.Mentions) + 1})
					}
					if s.Cites != nil {
						for _, u := range s.Cites(c, run) {
							r.Citations = append(r.Citations, sightline.RunCitation{URL: u})
						}
					}
					if s.Ads != nil {
						r.Ads = s.Ads(c, run)
					}
					out = append(out, r)
				}
			}
		}
	}
	return out
}

// pick decides which runs of a cell a share selects: exactly
// round(share × Runs) of them (the first ones, or the last when fromEnd),
// or each with probability share under Random.
func (s Spec) pick(share func(Cell) float64, c Cell, fromEnd bool) []bool {
	out := make([]bool, s.Runs)
	if share == nil {
		return out
	}
	p := share(c)
	if s.Random != nil {
		for i := range out {
			out[i] = s.Random.Float64() < p
		}
		return out
	}
	k := int(math.Round(p * float64(s.Runs)))
	for i := range k {
		if fromEnd {
			out[s.Runs-1-i] = true
		} else {
			out[i] = true
		}
	}
	return out
}

// Exact is the count of a cell that an exact share gives.
func Exact(share float64, runs int) int { return int(math.Round(share * float64(runs))) }

// runID derives a stable UUID from a run's place in the data set, so that
// ingesting the same data set twice stores it once.
func runID(parts ...any) string {
	h := sha256.Sum256([]byte(fmt.Sprint(parts...)))
	b := h[:16]
	b[6] = (b[6] & 0x0f) | 0x50
	b[8] = (b[8] & 0x3f) | 0x80
	x := hex.EncodeToString(b)
	return x[0:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:32]
}

// JSONL encodes records one per line, as ingest reads them.
func JSONL(records []sightline.RunRecord) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, r := range records {
		_ = enc.Encode(r) // a RunRecord always encodes
	}
	return b.Bytes()
}

// Store is what World needs to create a brand.
type Store interface {
	sightline.OrganizationService
	sightline.BrandService
	sightline.TopicService
	sightline.PromptService
	sightline.CompetitorService
}

// World is an organization with one brand (domain acme.example, a tracked
// competitor Rival), two topics and four prompts under each.
type World struct {
	OrgID        string
	BrandID      string
	Brand        string
	Domain       string
	Competitor   string
	CompetitorID string
	TopicIDs     []string
	Prompts      []string // prompt ids: the first four under TopicIDs[0], the rest under TopicIDs[1]
}

// NewWorld creates a World; name tells worlds apart.
func NewWorld(ctx context.Context, st Store, name string) (*World, error) {
	org, err := st.CreateOrganization(ctx, sightline.OrganizationCreate{Name: name})
	if err != nil {
		return nil, fmt.Errorf("create organization: %w", err)
	}
	b, err := st.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Acme", Domains: []string{"acme.example"},
		Competitors: []sightline.CompetitorCreate{{Name: "Rival", Domain: "rival.example"}}})
	if err != nil {
		return nil, fmt.Errorf("create brand: %w", err)
	}
	w := &World{OrgID: org.ID, BrandID: b.ID, Brand: "Acme", Domain: "acme.example", Competitor: "Rival"}
	comps, _, err := st.FindCompetitors(ctx, org.ID, sightline.CompetitorFilter{Scope: sightline.Scope{BrandID: b.ID,
		Window: sightline.DefaultWindow(time.Now(), 30)}, PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
	if err != nil || len(comps) != 1 {
		return nil, fmt.Errorf("find competitor: %v (%d)", err, len(comps))
	}
	w.CompetitorID = comps[0].ID
	topics, err := st.CreateTopics(ctx, org.ID, b.ID, []sightline.TopicRef{{Name: "Pricing"}, {Name: "Integrations"}})
	if err != nil {
		return nil, fmt.Errorf("create topics: %w", err)
	}
	var ps []sightline.PromptCreate
	for i := range 8 {
		t := topics[i/4]
		ps = append(ps, sightline.PromptCreate{TopicID: t.ID, Text: t.Name + " question " + strconv.Itoa(i+1)})
	}
	created, err := st.CreatePrompts(ctx, org.ID, b.ID, ps)
	if err != nil {
		return nil, fmt.Errorf("create prompts: %w", err)
	}
	for _, t := range topics {
		w.TopicIDs = append(w.TopicIDs, t.ID)
	}
	for _, p := range created {
		w.Prompts = append(w.Prompts, p.ID)
	}
	return w, nil
}
