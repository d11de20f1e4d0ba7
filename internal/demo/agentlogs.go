package demo

// The demo brand's access logs (docs/demo.md#agent-visits-and-ai-referrals):
// AI agents' requests and visits referred by AI assistants, over the data
// set's days, written as plain JSON lines and read by the same agentlog
// ingest as `crawls ingest` and POST …/agent_logs.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing/fstest"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/agentlog"
)

// DemoRanges are the ranges the demo verifies its agents against: made of
// documentation addresses (RFC 5737, RFC 3849), not any operator's real
// ranges, which the built-in snapshot does not hold either
// (docs/agents.md#verification). GPTBot, OAI-SearchBot and ChatGPT-User
// from 192.0.2.0/24 and PerplexityBot from 2001:db8:10::/48 are verified;
// the demo's spoofers send those user agents from 203.0.113.0/24.
var DemoRanges = fstest.MapFS{
	"gptbot.json":        {Data: []byte(`{"prefixes":[{"ipv4Prefix":"192.0.2.0/25"}]}`)},
	"searchbot.json":     {Data: []byte(`{"prefixes":[{"ipv4Prefix":"192.0.2.128/26"}]}`)},
	"chatgpt-user.json":  {Data: []byte(`{"prefixes":[{"ipv4Prefix":"192.0.2.192/26"}]}`)},
	"perplexitybot.json": {Data: []byte(`{"prefixes":[{"ipv6Prefix":"2001:db8:10::/48"}]}`)},
}

// demoAgent is one agent of the demo logs: its user agent, the address it
// comes from, its visits a day, and the share of the brand's pages it
// reads (every n-th page from offset).
type demoAgent struct {
	ua      string
	addr    string // %d: base + a host number 1–60
	base    int
	perDay  int
	every   int
	offset  int
	blocked bool // answered 403 on the last blockedDays days (OpenAI's agents)
}

// blockedDays are the last days on which the demo's site answers OpenAI's
// agents 403, as a firewall rule would: the crawler.blocked signal's case.
const blockedDays = 5

var demoAgents = []demoAgent{
	{ua: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", addr: "192.0.2.%d", perDay: 20, every: 2, blocked: true},
	{ua: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot", addr: "192.0.2.%d", base: 127, perDay: 10, every: 3, offset: 1, blocked: true},
	{ua: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", addr: "192.0.2.%d", base: 191, perDay: 6, every: 4, blocked: true},
	{ua: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)", addr: "2001:db8:10::%x", perDay: 8, every: 3},
	{ua: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", addr: "198.51.100.%d", perDay: 12, every: 2, offset: 1},
	{ua: "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)", addr: "198.51.100.%d", perDay: 5, every: 1},
	{ua: "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)", addr: "203.0.113.%d", perDay: 3, every: 1},                  // spoofed
	{ua: "Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)", addr: "203.0.113.%d", perDay: 2, every: 1}, // spoofed
}

// demoExtraPages are pages of the demo brand's site that no answer cites:
// agents fetch them (crawled, never cited); the old pricing page is gone.
var demoExtraPages = []string{"/careers", "/changelog", "/blog/release-notes-2026", "/old-pricing"}

// demoReferrers are the AI assistants of the demo's referrals: a referrer,
// or a utm_source on the landing page, and the visits a day.
var demoReferrers = []struct {
	referer, utm string
	perDay       int
}{
	{referer: "https://chatgpt.com/", perDay: 6},
	{utm: "chatgpt.com", perDay: 4},
	{referer: "https://www.perplexity.ai/", perDay: 3},
	{referer: "https://claude.ai/", perDay: 2},
	{referer: "https://gemini.google.com/", perDay: 1},
	{utm: "copilot.microsoft.com", perDay: 1},
}

// AgentLogs writes the main brand's access-log lines, in the plain JSON
// format, for every day of the data set: every line is deterministic.
func (d *Dataset) AgentLogs(w io.Writer) error {
	g := d.gens[0]
	// the pages of the brand's site as host and path; answers cite them
	var pages [][2]string
	for _, pd := range g.ind.brand.pages {
		u, err := url.Parse(pd.url)
		if err != nil {
			return fmt.Errorf("demo page %s: %w", pd.url, err)
		}
		pages = append(pages, [2]string{u.Host, u.EscapedPath()})
	}
	// every fourth cited page no agent reads: cited, never crawled
	var crawled [][2]string
	for i, p := range pages {
		if i%4 != 3 {
			crawled = append(crawled, p)
		}
	}
	for _, p := range demoExtraPages {
		crawled = append(crawled, [2]string{g.ind.brand.domain, p})
	}
	rnd := rand.New(rand.NewPCG(d.seed, 0xa6e7))
	enc := json.NewEncoder(w)
	for day := range d.days {
		date := d.firstDay.AddDate(0, 0, day)
		lastDays := day >= d.days-blockedDays
		for ai, a := range demoAgents {
			for i := range a.perDay {
				p := crawled[(a.offset+(day+i)*a.every+ai)%len(crawled)]
				status := 200
				switch {
				case a.blocked && lastDays:
					status = 403
				case p[1] == "/old-pricing":
					status = 404
				case rnd.IntN(40) == 0:
					status = 503
				case rnd.IntN(25) == 0:
					status = 301
				}
				rec := sightline.AgentLogRecord{
					Timestamp: date.Add(time.Duration(rnd.Int64N(int64(24 * time.Hour)))).Format(time.RFC3339Nano),
					Method:    "GET", Host: p[0], Path: p[1], StatusCode: status,
					IP: fmt.Sprintf(a.addr, a.base+1+rnd.IntN(60)), UserAgent: a.ua,
				}
				if err := enc.Encode(rec); err != nil {
					return err
				}
			}
		}
		for _, ref := range demoReferrers {
			for range ref.perDay {
				p := pages[rnd.IntN(len(pages))]
				path := p[1]
				if ref.utm != "" {
					path += "?utm_source=" + ref.utm
				}
				rec := sightline.AgentLogRecord{
					Timestamp: date.Add(time.Duration(rnd.Int64N(int64(24 * time.Hour)))).Format(time.RFC3339Nano),
					Method:    "GET", Host: p[0], Path: path, StatusCode: 200,
					IP: fmt.Sprintf("198.18.%d.%d", rnd.IntN(256), 1+rnd.IntN(250)), Referer: ref.referer,
					UserAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
				}
				if err := enc.Encode(rec); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// ingestAgentLogs reads the main brand's demo logs through agentlog,
// verified against DemoRanges.
func ingestAgentLogs(ctx context.Context, st Store, ds *Dataset) (agentlog.Result, error) {
	ranges, err := agentlog.RangesFS(DemoRanges)
	if err != nil {
		return agentlog.Result{}, err
	}
	org := ds.Orgs[0]
	brand := org.Brands[0]
	var buf strings.Builder
	bw := bufio.NewWriter(&buf)
	if err := ds.AgentLogs(bw); err != nil {
		return agentlog.Result{}, err
	}
	if err := bw.Flush(); err != nil {
		return agentlog.Result{}, err
	}
	in := &agentlog.Ingester{Store: st, Ranges: ranges}
	return in.Ingest(ctx, strings.NewReader(buf.String()), agentlog.Options{
		OrgID: org.ID, BrandID: brand.ID, Domains: brand.Domains, Format: agentlog.FormatJSON,
	})
}
