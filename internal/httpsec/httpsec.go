// Package httpsec holds the HTTP rules the API (internal/httpapi)
// and the dashboard (internal/web) share: when a request came over HTTPS,
// the client's address, and the headers every response of both carries (docs/api.md,
// docs/dashboard.md). Each surface adds its own on top (the dashboard's
// Content-Security-Policy, the API's Referrer-Policy). Recorder is the
// response recorder of both access logs.
package httpsec

import (
	"net"
	"net/http"
	"strings"
)

// HSTS is the Strict-Transport-Security value: one year, sent only on
// responses to requests that came over HTTPS.
const HSTS = "max-age=31536000"

// SetBase sets X-Content-Type-Options: nosniff and, when secure, HSTS.
func SetBase(h http.Header, secure bool) {
	h.Set("X-Content-Type-Options", "nosniff")
	if secure {
		h.Set("Strict-Transport-Security", HSTS)
	}
}

// Secure reports whether the client reached the server over HTTPS: TLS
// here, or, when trustProxy, a TLS-terminating proxy that says so in
// X-Forwarded-Proto or Forwarded (the value the nearest proxy wrote).
func Secure(r *http.Request, trustProxy bool) bool {
	if r.TLS != nil {
		return true
	}
	if !trustProxy {
		return false
	}
	if strings.EqualFold(strings.TrimSpace(LastListValue(r.Header.Values("X-Forwarded-Proto"))), "https") {
		return true
	}
	for _, part := range strings.Split(LastListValue(r.Header.Values("Forwarded")), ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		if strings.EqualFold(k, "proto") && strings.EqualFold(strings.Trim(v, `"`), "https") {
			return true
		}
	}
	return false
}

// LastListValue returns the last element of a comma-separated header that
// may be repeated (the one the nearest proxy appended).
func LastListValue(values []string) string {
	if len(values) == 0 {
		return ""
	}
	parts := strings.Split(values[len(values)-1], ",")
	return parts[len(parts)-1]
}

// ClientAddr returns the address of the client that sent r: the TCP peer,
// or, when trustProxy, the address the nearest proxy appended to
// X-Forwarded-For (earlier ones are whatever the client claimed), else its
// X-Real-IP. A header that does not hold an IP address is ignored. Only
// trust the headers when a proxy that sets them is in front of every
// request: otherwise a client could claim any address.
func ClientAddr(r *http.Request, trustProxy bool) string {
	if trustProxy {
		for _, v := range []string{LastListValue(r.Header.Values("X-Forwarded-For")), r.Header.Get("X-Real-IP")} {
			if ip := net.ParseIP(strings.TrimSpace(v)); ip != nil {
				return ip.String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
