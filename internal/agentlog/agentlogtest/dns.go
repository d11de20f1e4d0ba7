// Package agentlogtest serves the tests of agent-log intake: a DNS server
// on a loopback port for reverse-DNS verification.
package agentlogtest

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/net/dns/dnsmessage"
)

// DNS is a DNS server on a loopback UDP port answering PTR, A and AAAA
// queries from its tables; a name in neither is NXDOMAIN, a name in fail
// SERVFAIL.
type DNS struct {
	addr    string
	ptr     map[string]string       // reverse name (…in-addr.arpa.) → host name
	hosts   map[string][]netip.Addr // host name → addresses
	fail    map[string]bool         // names answered with SERVFAIL
	queries atomic.Int64
}

// StartDNS serves ptr (address → host name) and hosts (host name →
// addresses) until the test ends; the fail addresses' reverse names are
// answered with SERVFAIL.
func StartDNS(t *testing.T, ptr map[netip.Addr]string, hosts map[string][]netip.Addr, fail ...netip.Addr) *DNS {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	f := &DNS{addr: pc.LocalAddr().String(), ptr: map[string]string{}, hosts: map[string][]netip.Addr{}, fail: map[string]bool{}}
	for a, name := range ptr {
		f.ptr[reverseName(a)] = name
	}
	for name, addrs := range hosts {
		f.hosts[strings.ToLower(name)] = addrs
	}
	for _, a := range fail {
		f.fail[reverseName(a)] = true
	}
	go func() {
		buf := make([]byte, 1500)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			if out, ok := f.answer(buf[:n]); ok {
				pc.WriteTo(out, from)
			}
		}
	}()
	return f
}

// reverseName is the PTR name of an address, as resolvers ask it.
func reverseName(a netip.Addr) string {
	a = a.Unmap()
	if a.Is4() {
		b := a.As4()
		return fmt.Sprintf("%d.%d.%d.%d.in-addr.arpa.", b[3], b[2], b[1], b[0])
	}
	b := a.As16()
	var sb strings.Builder
	for i := len(b) - 1; i >= 0; i-- {
		fmt.Fprintf(&sb, "%x.%x.", b[i]&0xf, b[i]>>4)
	}
	return sb.String() + "ip6.arpa."
}

func (f *DNS) answer(req []byte) ([]byte, bool) {
	var p dnsmessage.Parser
	h, err := p.Start(req)
	if err != nil {
		return nil, false
	}
	q, err := p.Question()
	if err != nil {
		return nil, false
	}
	f.queries.Add(1)
	name := strings.ToLower(q.Name.String())
	rh := dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true, RecursionDesired: h.RecursionDesired, RecursionAvailable: true}
	ptr, isPTR := f.ptr[name]
	addrs, isHost := f.hosts[strings.TrimSuffix(name, ".")]
	switch {
	case f.fail[name]:
		rh.RCode = dnsmessage.RCodeServerFailure
	case !isPTR && !isHost:
		rh.RCode = dnsmessage.RCodeNameError
	}
	b := dnsmessage.NewBuilder(nil, rh)
	b.EnableCompression()
	if err := b.StartQuestions(); err != nil {
		return nil, false
	}
	if err := b.Question(q); err != nil {
		return nil, false
	}
	if err := b.StartAnswers(); err != nil {
		return nil, false
	}
	rr := dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET, TTL: 60}
	switch {
	case rh.RCode != dnsmessage.RCodeSuccess:
	case q.Type == dnsmessage.TypePTR && isPTR:
		b.PTRResource(rr, dnsmessage.PTRResource{PTR: dnsmessage.MustNewName(ptr)})
	case q.Type == dnsmessage.TypeA && isHost:
		for _, a := range addrs {
			if a.Is4() {
				b.AResource(rr, dnsmessage.AResource{A: a.As4()})
			}
		}
	case q.Type == dnsmessage.TypeAAAA && isHost:
		for _, a := range addrs {
			if a.Is6() && !a.Is4In6() {
				b.AAAAResource(rr, dnsmessage.AAAAResource{AAAA: a.As16()})
			}
		}
	}
	out, err := b.Finish()
	return out, err == nil
}

// Addr is the server's host:port.
func (f *DNS) Addr() string { return f.addr }

// Queries counts the questions asked so far.
func (f *DNS) Queries() int64 { return f.queries.Load() }

// Resolver asks f only.
func (f *DNS) Resolver() *net.Resolver {
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "udp", f.addr)
	}}
}
