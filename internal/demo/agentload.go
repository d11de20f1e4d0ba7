package demo

// A busy site's access logs for measuring the agents endpoints
// (docs/performance.md#agents-at-a-busy-sites-size): many more visits
// than the demo's own logs, generated as visits rather than log lines and
// stored through the ingest path's batch insert (StoreAgentLog), rollups
// and all.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/agentlog"
)

// BusyPages is how many pages of the brand's site the busy logs visit,
// besides the pages its answers cite.
const BusyPages = 3000

// busyAgentWeights weigh the agents of agentlog.Agents, in its order: a
// few search and training crawlers make most of the visits.
var busyAgentWeights = []int{14, 6, 5, 9, 3, 2, 5, 2, 1, 3, 18, 10, 4, 3, 1, 4, 3, 4, 1, 2}

// busySources are the referral sources of the busy logs and their weights.
var busySources = []struct {
	code   string
	weight int
}{{"chatgpt", 10}, {"perplexity", 4}, {"claude", 2}, {"gemini", 2}, {"copilot", 1}}

// busyBatch is the visits stored per StoreAgentLog call.
const busyBatch = 5000

// LoadBusyAgentLogs stores perDay agent visits and perDay/10 AI referrals
// a day, over every day of the data set, for the main brand: every agent
// of agentlog.Agents, pages of a Zipf popularity over the pages its answers
// cite and BusyPages more, verified and spoofed visits of the agents whose
// operators publish ranges and unverified ones of the others, and every
// status class. The same seed and perDay give the same visits with the
// same keys, so loading twice adds nothing. Days are stored newest first,
// each in its own batches, and progress gets a line a day.
func (d *Dataset) LoadBusyAgentLogs(ctx context.Context, st sightline.AgentLogService, perDay int, progress func(string)) (sightline.AgentLogStored, error) {
	var total sightline.AgentLogStored
	org := d.Orgs[0]
	brand := org.Brands[0]
	g := d.gens[0]
	type page struct{ host, path, url string }
	var pages []page
	for _, pd := range g.ind.brand.pages {
		u, err := url.Parse(pd.url)
		if err != nil {
			return total, fmt.Errorf("demo page %s: %w", pd.url, err)
		}
		pages = append(pages, page{host: u.Host, path: u.EscapedPath()})
	}
	sections := []string{"docs", "blog", "guides", "products", "help"}
	for i := range BusyPages {
		pages = append(pages, page{host: g.ind.brand.domain, path: fmt.Sprintf("/%s/page-%04d", sections[i%len(sections)], i)})
	}
	for i := range pages {
		pages[i].url = agentlog.PageURL(pages[i].host, pages[i].path)
	}
	var agentPick, sourcePick []int
	for i, w := range busyAgentWeights[:min(len(busyAgentWeights), len(agentlog.Agents))] {
		for range w {
			agentPick = append(agentPick, i)
		}
	}
	for i, s := range busySources {
		for range s.weight {
			sourcePick = append(sourcePick, i)
		}
	}
	visits := make([]sightline.AgentVisit, 0, busyBatch)
	var refs []sightline.AIReferral
	flush := func() error {
		s, err := st.StoreAgentLog(ctx, org.ID, brand.ID, visits, refs)
		total.Visits += s.Visits
		total.Referrals += s.Referrals
		visits, refs = visits[:0], refs[:0]
		return err
	}
	// newest day first, each from its own generator: a load cut short
	// holds whole days, the default window's first
	for day := d.days - 1; day >= 0; day-- {
		date := d.firstDay.AddDate(0, 0, day)
		rnd := rand.New(rand.NewPCG(d.seed, 0xb05e+uint64(day)))
		zipf := rand.NewZipf(rnd, 1.1, 2, uint64(len(pages)-1))
		for i := range perDay {
			a := &agentlog.Agents[agentPick[rnd.IntN(len(agentPick))]]
			p := pages[zipf.Uint64()]
			verification, network := "unverified", fmt.Sprintf("198.51.%d.0/24", rnd.IntN(100))
			if a.Ranges != "" {
				verification, network = "verified", "192.0.2.0/24"
				if rnd.IntN(25) == 0 {
					verification, network = "spoofed", "203.0.113.0/24"
				}
			}
			status := 200
			switch r := rnd.IntN(100); {
			case r < 2:
				status = 503
			case r < 7:
				status = 404
			case r < 12:
				status = 301
			}
			visits = append(visits, sightline.AgentVisit{
				Key:  fmt.Sprintf("busy-v-%d-%d-%d", perDay, day, i),
				At:   date.Add(time.Duration(rnd.Int64N(int64(24 * time.Hour)))).Truncate(time.Microsecond),
				Host: p.host, Page: p.path, URL: p.url, Method: "GET", Status: status,
				Agent: a.Name, Operator: a.Operator, Purpose: string(a.Purpose),
				Verification: verification, Network: network,
			})
			if i%10 == 0 {
				rp := pages[zipf.Uint64()]
				refs = append(refs, sightline.AIReferral{
					Key:  fmt.Sprintf("busy-r-%d-%d-%d", perDay, day, i),
					At:   date.Add(time.Duration(rnd.Int64N(int64(24 * time.Hour)))).Truncate(time.Microsecond),
					Host: rp.host, Page: rp.path, URL: rp.url, Source: busySources[sourcePick[rnd.IntN(len(sourcePick))]].code,
				})
			}
			if len(visits) == busyBatch {
				if err := flush(); err != nil {
					return total, err
				}
			}
		}
		if len(visits)+len(refs) > 0 {
			if err := flush(); err != nil {
				return total, err
			}
		}
		if progress != nil {
			progress(fmt.Sprintf("  %s (%d of %d days): %d visits and %d referrals stored", date.Format(time.DateOnly), d.days-day, d.days, total.Visits, total.Referrals))
		}
	}
	return total, nil
}
