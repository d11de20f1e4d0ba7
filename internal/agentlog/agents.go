package agentlog

import (
	"net/netip"
	"net/url"
	"strings"
)

// Purpose is why an agent fetches pages (docs/agents.md#agents).
type Purpose string

// The purposes.
const (
	PurposeTraining Purpose = "training" // collects pages to train models
	PurposeSearch   Purpose = "search"   // indexes pages for an AI search or answer engine
	PurposeUser     Purpose = "user"     // fetches a page because a person asked an assistant
)

// Agent is one AI agent, known by a token of its user agent.
type Agent struct {
	Name     string  // as the operator documents it
	Operator string  // short code of the operator
	Purpose  Purpose //
	// Match are the tokens of its user agent, matched case-sensitively
	// (nil: the name).
	Match []string
	// Ranges is the file of the operator's published address ranges the
	// agent is verified against ("" when the operator publishes none).
	Ranges string
	// DNS are the domains the operator documents its agents' reverse DNS
	// names in (nil: it documents none), for DNSVerifier.
	DNS []string
}

// The domains of the operators that document a reverse-DNS check
// (docs/agents.md#reverse-dns).
var (
	googleDNS    = []string{"googlebot.com", "google.com", "googleusercontent.com"}
	microsoftDNS = []string{"search.msn.com"}
	appleDNS     = []string{"applebot.apple.com"}
	amazonDNS    = []string{"crawl.amazonbot.amazon"}
)

// tokens are the strings a user agent of the agent contains.
func (a *Agent) tokens() []string {
	if a.Match != nil {
		return a.Match
	}
	return []string{a.Name}
}

// Agents is the table of AI agents (docs/agents.md#agents). The order
// matters: the first whose name the user agent contains wins, so a name
// another contains comes after it (Googlebot after Google-CloudVertexBot,
// whose user agent may carry both).
var Agents = []Agent{
	{Name: "GPTBot", Operator: "openai", Purpose: PurposeTraining, Ranges: "gptbot.json"},
	{Name: "OAI-SearchBot", Operator: "openai", Purpose: PurposeSearch, Ranges: "searchbot.json"},
	{Name: "ChatGPT-User", Operator: "openai", Purpose: PurposeUser, Ranges: "chatgpt-user.json"},
	{Name: "ClaudeBot", Operator: "anthropic", Purpose: PurposeTraining, Ranges: ""},
	{Name: "Claude-SearchBot", Operator: "anthropic", Purpose: PurposeSearch, Ranges: ""},
	{Name: "Claude-User", Operator: "anthropic", Purpose: PurposeUser, Ranges: ""},
	{Name: "PerplexityBot", Operator: "perplexity", Purpose: PurposeSearch, Ranges: "perplexitybot.json"},
	{Name: "Perplexity-User", Operator: "perplexity", Purpose: PurposeUser, Ranges: "perplexity-user.json"},
	{Name: "Google-CloudVertexBot", Operator: "google", Purpose: PurposeSearch, Ranges: "googlebot.json", DNS: googleDNS},
	{Name: "GoogleOther", Operator: "google", Purpose: PurposeTraining, Ranges: "googlebot.json", DNS: googleDNS},
	{Name: "Googlebot", Operator: "google", Purpose: PurposeSearch, Ranges: "googlebot.json", DNS: googleDNS},
	{Name: "bingbot", Operator: "microsoft", Purpose: PurposeSearch, Ranges: "bingbot.json", DNS: microsoftDNS},
	{Name: "Applebot", Operator: "apple", Purpose: PurposeSearch, Ranges: "applebot.json", DNS: appleDNS},
	{Name: "Meta-ExternalAgent", Operator: "meta", Purpose: PurposeTraining, Match: []string{"meta-externalagent", "Meta-ExternalAgent"}},
	{Name: "Meta-ExternalFetcher", Operator: "meta", Purpose: PurposeUser, Match: []string{"meta-externalfetcher", "Meta-ExternalFetcher"}},
	{Name: "Bytespider", Operator: "bytedance", Purpose: PurposeTraining, Ranges: ""},
	{Name: "CCBot", Operator: "commoncrawl", Purpose: PurposeTraining, Ranges: ""},
	{Name: "Amazonbot", Operator: "amazon", Purpose: PurposeTraining, Ranges: "", DNS: amazonDNS},
	{Name: "DuckAssistBot", Operator: "duckduckgo", Purpose: PurposeSearch, Ranges: ""},
	{Name: "MistralAI-User", Operator: "mistral", Purpose: PurposeUser, Ranges: ""},
}

// FindAgent returns the agent a user agent names, or nil. Tokens match
// case-sensitively, as the operators document them: Meta's user agents
// carry its names in lower case.
func FindAgent(ua string) *Agent {
	if !mayBeAgent(ua) {
		return nil
	}
	for i := range Agents {
		for _, tok := range Agents[i].tokens() {
			if strings.Contains(ua, tok) {
				return &Agents[i]
			}
		}
	}
	return nil
}

// agentHints are strings of which every agent token holds one (the test
// of every agent checks it): a user agent with none, as a browser's, is
// no agent after six searches instead of one per token
// (docs/performance.md#agent-log-intake).
var agentHints = []string{"Bot", "bot", "-User", "Other", "xternal", "spider"}

func mayBeAgent(ua string) bool {
	for _, h := range agentHints {
		if strings.Contains(ua, h) {
			return true
		}
	}
	return false
}

// Referrer is an AI assistant whose answers link to pages.
type Referrer struct {
	Host   string // the referrer's host (a subdomain of it matches too)
	Source string // short code
}

// Referrers lists the AI assistants a visit may come from
// (docs/agents.md#referrals).
var Referrers = []Referrer{
	{"chatgpt.com", "chatgpt"},
	{"chat.openai.com", "chatgpt"},
	{"perplexity.ai", "perplexity"},
	{"claude.ai", "claude"},
	{"gemini.google.com", "gemini"},
	{"bard.google.com", "gemini"},
	{"copilot.microsoft.com", "copilot"},
	{"copilot.cloud.microsoft", "copilot"},
	{"chat.deepseek.com", "deepseek"},
	{"grok.com", "grok"},
	{"chat.mistral.ai", "mistral"},
	{"meta.ai", "meta"},
	{"you.com", "you"},
	{"phind.com", "phind"},
	{"kagi.com", "kagi"},
}

var referrerHosts = func() map[string]string {
	m := map[string]string{}
	for _, r := range Referrers {
		m[r.Host] = r.Source
		m["www."+r.Host] = r.Source
	}
	return m
}()

// referrerSource returns the source code of a referring host or a
// utm_source value ("chatgpt.com", "perplexity", "claude.ai"), or "".
func referrerSource(v string) string {
	v = strings.ToLower(strings.TrimSpace(v))
	if s, ok := referrerHosts[v]; ok {
		return s
	}
	for _, r := range Referrers {
		if v == r.Source || strings.HasSuffix(v, "."+r.Host) {
			return r.Source
		}
	}
	return ""
}

// trackingParams are the query parameters a landing page is shown without:
// every utm_* and the click ids.
var trackingParams = map[string]bool{"gclid": true, "fbclid": true, "msclkid": true, "ref": true, "ref_src": true}

// Referral returns the AI assistant that sent a visit (its referrer's
// host, else the utm_source of the path) and the landing page without
// tracking parameters; ok is false for any other visit.
func Referral(path, referer string) (source, page string, ok bool) {
	if referer != "" {
		source = referrerSource(refererHost(referer))
	}
	q := strings.IndexByte(path, '?')
	if source == "" && q >= 0 && strings.Contains(path[q:], "utm_source=") {
		for _, kv := range strings.Split(path[q+1:], "&") {
			if v, ok := strings.CutPrefix(kv, "utm_source="); ok {
				if uv, err := url.QueryUnescape(v); err == nil {
					source = referrerSource(uv)
				}
				break
			}
		}
	}
	if source == "" {
		return "", "", false
	}
	return source, StripTracking(path), true
}

// refererHost returns the host of an absolute URL without parsing it
// whole: most lines of a log have a referrer, and url.Parse would be a
// large share of a line's budget (docs/performance.md#agent-log-intake).
func refererHost(ref string) string {
	_, rest, ok := strings.Cut(ref, "://")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	if i := strings.LastIndexByte(rest, ':'); i >= 0 && !strings.Contains(rest, "]") {
		rest = rest[:i]
	}
	return rest
}

// Network returns the address's network as stored instead of the address
// (docs/agents.md#privacy): /24 for IPv4, /48 for IPv6.
func Network(a netip.Addr) string {
	a = a.Unmap()
	bits := 48
	if a.Is4() {
		bits = 24
	}
	p, err := a.WithZone("").Prefix(bits)
	if err != nil {
		return ""
	}
	return p.String()
}
