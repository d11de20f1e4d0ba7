package agentlog

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"
)

// DNSVerifier confirms an agent's address the way its operator documents
// it (docs/agents.md#reverse-dns): the address's reverse DNS name lies in
// one of the operator's domains (Agent.DNS), and that name resolves back
// to the address. It is off unless asked for (--verify-dns): every
// distinct address costs up to two lookups.
type DNSVerifier struct {
	// Resolver does the lookups (nil: the system's resolver).
	Resolver *net.Resolver
	// Timeout bounds each lookup (0: DefaultDNSTimeout).
	Timeout time.Duration

	mu    sync.Mutex
	cache map[dnsKey]Verification
}

// DefaultDNSTimeout bounds one lookup of a DNSVerifier.
const DefaultDNSTimeout = 3 * time.Second

// maxDNSCache bounds the verdicts a DNSVerifier keeps; past it, every
// verdict is looked up again (the addresses of one log's agents are
// usually a few thousand).
const maxDNSCache = 100_000

type dnsKey struct {
	addr     netip.Addr
	operator string
}

// Verify returns the verdict of reverse DNS on agent a seen from addr, and
// false when a's operator documents no such check. A name outside the
// operator's domains, no name, or a name that does not resolve back to
// addr is Spoofed; a lookup that fails for another reason (a timeout, a
// server failure) is Unverified.
func (v *DNSVerifier) Verify(ctx context.Context, a *Agent, addr netip.Addr) (Verification, bool) {
	if v == nil || len(a.DNS) == 0 || !addr.IsValid() {
		return Unverified, false
	}
	addr = addr.Unmap()
	k := dnsKey{addr, a.Operator}
	v.mu.Lock()
	verdict, ok := v.cache[k]
	v.mu.Unlock()
	if ok {
		return verdict, true
	}
	verdict = v.lookup(ctx, a.DNS, addr)
	v.mu.Lock()
	if v.cache == nil {
		v.cache = map[dnsKey]Verification{}
	}
	if len(v.cache) < maxDNSCache {
		v.cache[k] = verdict
	}
	v.mu.Unlock()
	return verdict, true
}

func (v *DNSVerifier) lookup(ctx context.Context, domains []string, addr netip.Addr) Verification {
	r := v.Resolver
	if r == nil {
		r = net.DefaultResolver
	}
	timeout := v.Timeout
	if timeout <= 0 {
		timeout = DefaultDNSTimeout
	}
	lctx, cancel := context.WithTimeout(ctx, timeout)
	names, err := r.LookupAddr(lctx, addr.String())
	cancel()
	if err != nil {
		return failed(err)
	}
	var lookupErr error
	for _, name := range names {
		name = strings.ToLower(strings.TrimSuffix(name, "."))
		if !slices.ContainsFunc(domains, func(d string) bool { return strings.HasSuffix(name, "."+d) }) {
			continue
		}
		lctx, cancel := context.WithTimeout(ctx, timeout)
		addrs, err := r.LookupNetIP(lctx, "ip", name)
		cancel()
		if err != nil {
			lookupErr = err
			continue
		}
		if slices.ContainsFunc(addrs, func(b netip.Addr) bool { return b.Unmap() == addr }) {
			return Verified
		}
	}
	if lookupErr != nil {
		return failed(lookupErr)
	}
	return Spoofed
}

// failed is the verdict of a failed lookup: a name that does not exist
// disproves the claim, anything else leaves it open.
func failed(err error) Verification {
	var de *net.DNSError
	if errors.As(err, &de) && de.IsNotFound {
		return Spoofed
	}
	return Unverified
}
