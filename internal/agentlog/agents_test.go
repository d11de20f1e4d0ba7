package agentlog

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// agentUAs are user agents as the operators document them, one per agent.
var agentUAs = map[string]string{
	"GPTBot":                "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot",
	"OAI-SearchBot":         "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot",
	"ChatGPT-User":          "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
	"ClaudeBot":             "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
	"Claude-SearchBot":      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +https://www.anthropic.com)",
	"Claude-User":           "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)",
	"PerplexityBot":         "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
	"Perplexity-User":       "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)",
	"Googlebot":             "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
	"GoogleOther":           "Mozilla/5.0 (compatible; GoogleOther)",
	"Google-CloudVertexBot": "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-CloudVertexBot; +https://cloud.google.com/enterprise-search) Chrome/120.0.0.0 Safari/537.36",
	"bingbot":               "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
	"Applebot":              "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
	"Meta-ExternalAgent":    "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
	"Meta-ExternalFetcher":  "meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
	"Bytespider":            "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
	"CCBot":                 "CCBot/2.0 (https://commoncrawl.org/faq/)",
	"Amazonbot":             "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36",
	"DuckAssistBot":         "DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)",
	"MistralAI-User":        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)",
}

func TestFindAgentEveryAgent(t *testing.T) {
	want := map[string]struct {
		op string
		p  Purpose
	}{
		"GPTBot": {"openai", PurposeTraining}, "OAI-SearchBot": {"openai", PurposeSearch}, "ChatGPT-User": {"openai", PurposeUser},
		"ClaudeBot": {"anthropic", PurposeTraining}, "Claude-SearchBot": {"anthropic", PurposeSearch}, "Claude-User": {"anthropic", PurposeUser},
		"PerplexityBot": {"perplexity", PurposeSearch}, "Perplexity-User": {"perplexity", PurposeUser},
		"Googlebot": {"google", PurposeSearch}, "GoogleOther": {"google", PurposeTraining}, "Google-CloudVertexBot": {"google", PurposeSearch},
		"bingbot": {"microsoft", PurposeSearch}, "Applebot": {"apple", PurposeSearch},
		"Meta-ExternalAgent": {"meta", PurposeTraining}, "Meta-ExternalFetcher": {"meta", PurposeUser},
		"Bytespider": {"bytedance", PurposeTraining}, "CCBot": {"commoncrawl", PurposeTraining}, "Amazonbot": {"amazon", PurposeTraining},
		"DuckAssistBot": {"duckduckgo", PurposeSearch}, "MistralAI-User": {"mistral", PurposeUser},
	}
	if len(want) != len(Agents) || len(agentUAs) != len(Agents) {
		t.Fatalf("table has %d agents, test knows %d and %d user agents", len(Agents), len(want), len(agentUAs))
	}
	for _, a := range Agents {
		for _, tok := range a.tokens() {
			if !mayBeAgent(tok) {
				t.Errorf("%s: token %q holds none of agentHints", a.Name, tok)
			}
		}
	}
	for name, ua := range agentUAs {
		a := FindAgent(ua)
		if a == nil || a.Name != name || a.Operator != want[name].op || a.Purpose != want[name].p {
			t.Errorf("FindAgent(%s) = %+v, want %s of %s for %s", name, a, name, want[name].op, want[name].p)
		}
	}
	for _, ua := range []string{"", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36", "curl/8.4.0", "gptbot lowercase"} {
		if a := FindAgent(ua); a != nil {
			t.Errorf("FindAgent(%q) = %s", ua, a.Name)
		}
	}
}

func TestReferral(t *testing.T) {
	for _, c := range []struct {
		path, ref, source, page string
	}{
		{"/pricing", "https://chatgpt.com/", "chatgpt", "/pricing"},
		{"/pricing?utm_source=chatgpt.com&plan=pro&utm_medium=x", "", "chatgpt", "/pricing?plan=pro"},
		{"/a", "https://www.perplexity.ai/search?q=x", "perplexity", "/a"},
		{"/a?gclid=1", "https://claude.ai/chat/1", "claude", "/a"},
		{"/a", "https://gemini.google.com/app", "gemini", "/a"},
		{"/a", "https://copilot.microsoft.com/", "copilot", "/a"},
		{"/a", "https://chat.openai.com:443/c/1", "chatgpt", "/a"},
		{"/a?utm_source=perplexity", "https://t.co/x", "perplexity", "/a"},
		{"/a", "https://www.google.com/", "", ""},
		{"/a?utm_source=newsletter", "", "", ""},
		{"/a", "", "", ""},
		{"/a", "https://notchatgpt.com/", "", ""},
	} {
		s, p, ok := Referral(c.path, c.ref)
		if s != c.source || p != c.page || ok != (c.source != "") {
			t.Errorf("Referral(%q, %q) = %q %q %v, want %q %q", c.path, c.ref, s, p, ok, c.source, c.page)
		}
	}
}

func TestNetwork(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.77":             "203.0.113.0/24",
		"::ffff:203.0.113.77":      "203.0.113.0/24",
		"2001:db8:abcd:12:1:2:3:4": "2001:db8:abcd::/48",
		"2a06:98c0:3600::103":      "2a06:98c0:3600::/48",
		"fe80::1%eth0":             "fe80::/48",
	} {
		if got := Network(netip.MustParseAddr(in)); got != want {
			t.Errorf("Network(%s) = %s, want %s", in, got, want)
		}
	}
}

// rangesDir writes published-format files into a directory of the test.
func rangesDir(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestVerify(t *testing.T) {
	dir := rangesDir(t, map[string]string{
		"gptbot.json":    `{"creationTime":"2026-11-01T00:00:00","prefixes":[{"ipv4Prefix":"192.0.2.0/28"},{"ipv6Prefix":"2001:db8:1::/48"}]}`,
		"bingbot.json":   `{"prefixes":[]}`,
		"unrelated.json": `not even json`,
	})
	r, err := LoadRanges(dir)
	if err != nil {
		t.Fatal(err)
	}
	find := func(ua string) *Agent { return FindAgent(agentUAs[ua]) }
	for _, c := range []struct {
		agent, addr string
		want        Verification
	}{
		{"GPTBot", "192.0.2.5", Verified},
		{"GPTBot", "::ffff:192.0.2.15", Verified},
		{"GPTBot", "2001:db8:1:ff::9", Verified},
		{"GPTBot", "192.0.2.16", Spoofed},
		{"GPTBot", "2001:db8:2::1", Spoofed},
		{"Bytespider", "192.0.2.5", Unverified},
		{"OAI-SearchBot", "192.0.2.5", Unverified}, // searchbot.json not in the directory
		{"bingbot", "192.0.2.5", Unverified},       // published, but empty
	} {
		if got := r.Verify(find(c.agent), netip.MustParseAddr(c.addr)); got != c.want {
			t.Errorf("%s from %s: %s, want %s", c.agent, c.addr, got, c.want)
		}
	}
	if _, err := LoadRanges(rangesDir(t, map[string]string{"gptbot.json": `{"prefixes":[{"ipv4Prefix":"300.0.0.0/8"}]}`})); err == nil ||
		!strings.Contains(err.Error(), "gptbot.json") {
		t.Errorf("a bad prefix: %v", err)
	}
	if _, err := LoadRanges(rangesDir(t, map[string]string{"gptbot.json": `{"other":1}`})); err == nil {
		t.Error("a file without prefixes loaded")
	}
	if _, err := LoadRanges(filepath.Join(dir, "missing")); err == nil {
		t.Error("a missing directory loaded")
	}
}

// The built-in snapshot is empty (no range written from memory): every
// agent is unverified, and it names the documented source of every file
// the agent table uses.
func TestSnapshot(t *testing.T) {
	r, info, err := Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	if r.Date.IsZero() || len(r.Files()) != 0 || !strings.Contains(info.Note, "EMPTY") {
		t.Errorf("snapshot %v %v %q", r.Date, r.Files(), info.Note)
	}
	if got := r.Verify(FindAgent(agentUAs["GPTBot"]), netip.MustParseAddr("192.0.2.1")); got != Unverified {
		t.Errorf("GPTBot with the built-in snapshot: %s", got)
	}
	urls := map[string]string{}
	for _, s := range info.Sources {
		urls[s.File] = s.URL
	}
	for _, s := range RangeSources {
		if urls[s.File] != s.URL || !strings.HasPrefix(s.URL, "https://") {
			t.Errorf("%s: sources.json has %q, RangeSources %q", s.File, urls[s.File], s.URL)
		}
	}
	for _, a := range Agents {
		if a.Ranges != "" && urls[a.Ranges] == "" {
			t.Errorf("%s verifies against %s, which has no source", a.Name, a.Ranges)
		}
	}
}

func TestUpdateRanges(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/gptbot.json":
			w.Write([]byte(`{"prefixes":[{"ipv4Prefix":"192.0.2.0/28"}]}`))
		case "/bingbot.json":
			w.Write([]byte(`<html>not the shape</html>`))
		default:
			w.Write([]byte(`{"prefixes":[{"ipv6Prefix":"2001:db8::/32"}]}`))
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "bingbot.json"), []byte(`{"prefixes":[{"ipv4Prefix":"198.51.100.0/24"}]}`), 0o644)
	done, err := UpdateRanges(context.Background(), srv.Client(), srv.URL, dir)
	if err == nil || !strings.Contains(err.Error(), "bingbot.json") {
		t.Errorf("error %v, want bingbot.json's", err)
	}
	if len(done) != len(RangeSources)-1 {
		t.Errorf("fetched %v", done)
	}
	r, err := LoadRanges(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Verify(FindAgent(agentUAs["GPTBot"]), netip.MustParseAddr("192.0.2.3")); got != Verified {
		t.Errorf("GPTBot after update: %s", got)
	}
	// The bad answer left the file it would have replaced as it was.
	if got := r.Verify(FindAgent(agentUAs["bingbot"]), netip.MustParseAddr("198.51.100.3")); got != Verified {
		t.Errorf("bingbot kept: %s", got)
	}
}
