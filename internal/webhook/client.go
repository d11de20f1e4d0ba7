package webhook

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/sightline/sightline"
)

// RefusedError is a connection the client would not open: the address a
// host resolved to is not public (SSRF protection).
type RefusedError struct {
	Addr netip.Addr
}

// Error implements the error interface.
func (e *RefusedError) Error() string {
	return fmt.Sprintf("refused to connect to %s: not a public address (private, loopback, link-local or reserved)", e.Addr)
}

// control runs on every connection the dialer is about to open, with the
// address DNS resolution produced, so a name that resolves (or re-resolves)
// to an internal address is refused too.
func control(allowInsecure bool) func(network, address string, c syscall.RawConn) error {
	return func(network, address string, _ syscall.RawConn) error {
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return fmt.Errorf("refused to connect to %q: %w", address, err)
		}
		addr, err := netip.ParseAddr(host)
		if err != nil {
			return fmt.Errorf("refused to connect to %q: not an IP address", address)
		}
		if !allowInsecure && !sightline.IsPublicAddr(addr) {
			return &RefusedError{Addr: addr.Unmap()}
		}
		return nil
	}
}

// NewClient returns the HTTP client of deliveries: no proxy (a proxy would
// connect on its own, past the address check), no redirects (a 3xx is a
// failed attempt), every connection checked after DNS resolution, and the
// whole attempt, answer included, bounded by sightline.WebhookTimeout.
// allowInsecure (--allow-insecure-webhooks, tests) lets it connect to any
// address.
func NewClient(allowInsecure bool) *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second, Control: control(allowInsecure)}
	return &http.Client{
		Timeout: sightline.WebhookTimeout,
		Transport: &http.Transport{
			Proxy:                 nil,
			DialContext:           dialer.DialContext,
			TLSHandshakeTimeout:   5 * time.Second,
			ResponseHeaderTimeout: sightline.WebhookTimeout,
			MaxIdleConns:          64,
			MaxIdleConnsPerHost:   4,
			IdleConnTimeout:       90 * time.Second,
			ForceAttemptHTTP2:     true,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// checkScheme refuses what the endpoint rules of the server forbid before
// any connection: http is for loopback hosts under allowInsecure only.
// Addresses are checked when connecting.
func checkScheme(raw string, allowInsecure bool) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return fmt.Errorf("the endpoint URL %q is not an absolute URL", raw)
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return nil
	case "http":
		host := strings.ToLower(u.Hostname())
		addr, err := netip.ParseAddr(host)
		loopback := host == "localhost" || strings.HasSuffix(host, ".localhost") || (err == nil && addr.Unmap().IsLoopback())
		if allowInsecure && loopback {
			return nil
		}
	}
	return fmt.Errorf("refused: the endpoint must use https (http only for loopback hosts under --allow-insecure-webhooks)")
}
