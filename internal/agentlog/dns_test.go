package agentlog

import (
	"context"
	"net/netip"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sightline/sightline/internal/agentlog/agentlogtest"
)

func writeRanges(t *testing.T, dir, name, body string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func agentNamed(t *testing.T, name string) *Agent {
	t.Helper()
	for i := range Agents {
		if Agents[i].Name == name {
			return &Agents[i]
		}
	}
	t.Fatalf("no agent %s", name)
	return nil
}

func TestDNSVerifier(t *testing.T) {
	ip := netip.MustParseAddr
	f := agentlogtest.StartDNS(t,
		map[netip.Addr]string{
			ip("66.249.66.1"):          "crawl-66-249-66-1.googlebot.com.",
			ip("66.249.66.2"):          "crawl-66-249-66-2.googlebot.com.",
			ip("203.0.113.5"):          "host-5.example.net.",
			ip("203.0.113.6"):          "crawl.googlebot.com.evil.example.",
			ip("203.0.113.7"):          "evilgooglebot.com.",
			ip("2001:4860:4801:10::1"): "crawl-2001-4860-4801-10--1.googlebot.com.",
			ip("157.55.39.1"):          "msnbot-157-55-39-1.search.msn.com.",
			ip("17.58.101.1"):          "17-58-101-1.applebot.apple.com.",
			ip("52.1.2.3"):             "52-1-2-3.crawl.amazonbot.amazon.",
		},
		map[string][]netip.Addr{
			"crawl-66-249-66-1.googlebot.com":          {ip("66.249.66.1")},
			"crawl-66-249-66-2.googlebot.com":          {ip("66.249.66.99")}, // does not lead back
			"crawl.googlebot.com.evil.example":         {ip("203.0.113.6")},
			"evilgooglebot.com":                        {ip("203.0.113.7")},
			"crawl-2001-4860-4801-10--1.googlebot.com": {ip("2001:4860:4801:10::1")},
			"msnbot-157-55-39-1.search.msn.com":        {ip("157.55.39.1")},
			"17-58-101-1.applebot.apple.com":           {ip("17.58.101.1")},
			"52-1-2-3.crawl.amazonbot.amazon":          {ip("52.1.2.3")},
			"host-5.example.net":                       {ip("203.0.113.5")},
		},
		ip("198.51.100.9"), // SERVFAIL
	)
	v := &DNSVerifier{Resolver: f.Resolver(), Timeout: 2 * time.Second}
	ctx := context.Background()
	for _, tc := range []struct {
		agent, addr string
		want        Verification
	}{
		{"Googlebot", "66.249.66.1", Verified},
		{"GoogleOther", "::ffff:66.249.66.1", Verified}, // a v4-mapped address is its v4 address
		{"Googlebot", "2001:4860:4801:10::1", Verified},
		{"bingbot", "157.55.39.1", Verified},
		{"Applebot", "17.58.101.1", Verified},
		{"Amazonbot", "52.1.2.3", Verified},
		{"Googlebot", "66.249.66.2", Spoofed},   // the name resolves elsewhere
		{"Googlebot", "203.0.113.5", Spoofed},   // a name outside Google's domains
		{"Googlebot", "203.0.113.6", Spoofed},   // Google's domain inside another
		{"Googlebot", "203.0.113.7", Spoofed},   // a domain that only ends like Google's
		{"Googlebot", "198.51.100.7", Spoofed},  // no reverse name at all
		{"bingbot", "66.249.66.1", Spoofed},     // Google's crawler claiming to be Bing's
		{"bingbot", "198.51.100.9", Unverified}, // the server failed: nothing proven
	} {
		got, ok := v.Verify(ctx, agentNamed(t, tc.agent), ip(tc.addr))
		if !ok || got != tc.want {
			t.Errorf("%s from %s: %s, %v; want %s", tc.agent, tc.addr, got, ok, tc.want)
		}
	}
	// operators that document no reverse-DNS check are left to the ranges
	for _, name := range []string{"GPTBot", "ClaudeBot", "PerplexityBot", "Bytespider"} {
		if got, ok := v.Verify(ctx, agentNamed(t, name), ip("66.249.66.1")); ok {
			t.Errorf("%s: DNS verdict %s, want none", name, got)
		}
	}
	// one lookup per address and operator
	before := f.Queries()
	if got, _ := v.Verify(ctx, agentNamed(t, "Googlebot"), ip("66.249.66.1")); got != Verified {
		t.Errorf("cached verdict %s", got)
	}
	if n := f.Queries() - before; n != 0 {
		t.Errorf("a second visit from the same address asked %d more queries", n)
	}
}

// TestIngest_VerifyDNS: reverse DNS settles the agents the (here empty)
// ranges cannot, and an inconclusive lookup keeps the ranges' verdict.
func TestIngest_VerifyDNS(t *testing.T) {
	ip := netip.MustParseAddr
	f := agentlogtest.StartDNS(t,
		map[netip.Addr]string{ip("66.249.66.1"): "crawl-66-249-66-1.googlebot.com."},
		map[string][]netip.Addr{"crawl-66-249-66-1.googlebot.com": {ip("66.249.66.1")}},
		ip("157.55.39.9"))
	dir := t.TempDir()
	writeRanges(t, dir, "bingbot.json", `{"prefixes":[{"ipv4Prefix":"40.77.167.0/24"}]}`)
	ranges, err := LoadRanges(dir)
	if err != nil {
		t.Fatal(err)
	}
	c := newClassifier(ranges, "b", []string{"example.com"})
	c.ctx, c.dns = context.Background(), &DNSVerifier{Resolver: f.Resolver()}
	for _, tc := range []struct {
		agent, addr string
		want        Verification
	}{
		{"Googlebot", "66.249.66.1", Verified}, // no Google ranges loaded: DNS decides
		{"Googlebot", "203.0.113.1", Spoofed},  // no reverse name
		{"bingbot", "40.77.167.5", Verified},   // the ranges verify it, no lookup needed
		{"bingbot", "157.55.39.9", Spoofed},    // outside the ranges, DNS failed: the ranges' verdict stays
		{"GPTBot", "66.249.66.1", Unverified},  // no ranges, no documented DNS check
	} {
		if got := c.verify(agentNamed(t, tc.agent), ip(tc.addr)); got != tc.want {
			t.Errorf("%s from %s: %s, want %s", tc.agent, tc.addr, got, tc.want)
		}
	}
}
