package analyze

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/publicsuffix"
)

// ErrInvalidURL is wrapped by NormalizeURL and AnalyzeCitation when the input is not an
// absolute http(s) URL with a host. Ingest skips such citations and reports them, so it
// must be able to tell them apart from other failures.
var ErrInvalidURL = errors.New("not an absolute http(s) URL")

// maxUnwrap bounds how many wrappers (AMP caches, Google redirects) are peeled off one
// URL. Real citations nest at most twice; the bound keeps a crafted input from
// recursing without end.
const maxUnwrap = 4

// normalized is a URL after normalization, kept in parts so AnalyzeCitation can
// classify it without parsing the page string again.
type normalized struct {
	page string // the full normalized URL
	host string // host without port
	path string // escaped path, "" for the homepage
}

// NormalizeURL returns the page string Sightline stores for a cited URL and its host.
//
// The page is "https://" + lowercase host without "www." + path + sorted query:
// http is upgraded, default ports are dropped, the fragment, user info and tracking
// parameters (utm_*, gclid, fbclid, …) are removed, and the trailing slash goes (the
// homepage is "https://example.com"). Percent-encoding is normalized (escaped
// unreserved characters decoded, hex upper-cased), "." and ".." segments are
// resolved, empty segments collapsed and a final index.html, index.htm or index.php
// dropped, since servers answer all of these with one page.
//
// Mirrors are canonicalized so one page has one string: youtu.be, m.youtube.com and
// /embed/, /live/, /watch/ID links become youtube.com/watch?v=ID (only v is kept); old., new.,
// np., m. and i.reddit.com and redd.it become reddit.com; twitter.com and
// mobile.twitter.com become x.com (the same posts under the current name);
// country linkedin.com subdomains and m.wikipedia.org hosts lose their prefix;
// Amazon product links reduce to /dp/ASIN. AMP variants (a trailing /amp segment,
// amp=1 and outputType=amp, an amp. host) and wrappers (*.cdn.ampproject.org,
// google.com/amp/s/…, google.com/url?q=…) resolve to the original page.
//
// The error wraps ErrInvalidURL.
func NormalizeURL(raw string) (page, host string, err error) {
	n, err := normalizeURL(raw, 0)
	return n.page, n.host, err
}

func normalizeURL(raw string, depth int) (normalized, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return normalized{}, fmt.Errorf("normalize %q: %w: %w", raw, ErrInvalidURL, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Opaque != "" {
		return normalized{}, fmt.Errorf("normalize %q: %w", raw, ErrInvalidURL)
	}
	host := strings.TrimRight(strings.ToLower(u.Hostname()), ".")
	if !validHost(host) {
		return normalized{}, fmt.Errorf("normalize %q: %w: bad host", raw, ErrInvalidURL)
	}
	host = canonicalHost(host)
	path := cleanPath(u.EscapedPath())
	if depth < maxUnwrap {
		// A wrapper whose target is broken is kept as the page it is.
		if inner, ok := unwrapTarget(host, path, u); ok {
			if n, err := normalizeURL(inner, depth+1); err == nil {
				return n, nil
			}
		}
	}

	params := slices.DeleteFunc(parseQuery(u.RawQuery), isTrackingParam)
	host, path, params = siteRules(host, path, params)

	port := u.Port()
	if port == "80" || port == "443" {
		port = ""
	}
	var b strings.Builder
	b.Grow(len(host) + len(path) + len(u.RawQuery) + 16)
	b.WriteString("https://")
	if strings.Contains(host, ":") {
		b.WriteString("[" + host + "]") // IPv6 literal
	} else {
		b.WriteString(host)
	}
	if port != "" {
		b.WriteString(":" + port)
	}
	b.WriteString(path)
	if len(params) > 0 {
		b.WriteByte('?')
		b.WriteString(encodeQuery(params))
	}
	return normalized{page: b.String(), host: host, path: path}, nil
}

// validHost accepts DNS names (ASCII letters, digits, "-", "_", and non-ASCII for
// internationalized names, in non-empty dot-separated labels) and IP addresses.
func validHost(h string) bool {
	if net.ParseIP(h) != nil {
		return true
	}
	if h == "" || h[0] == '.' || strings.Contains(h, "..") {
		return false
	}
	for _, r := range h {
		ok := 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-' || r == '_' || r == '.' ||
			r >= utf8.RuneSelf && r != utf8.RuneError && unicode.IsPrint(r) && !unicode.IsSpace(r)
		if !ok {
			return false
		}
	}
	return true
}

// hostAliases maps mirror hosts to the host that serves the same pages canonically.
var hostAliases = map[string]string{
	"m.youtube.com":        "youtube.com",
	"youtube-nocookie.com": "youtube.com",
	"old.reddit.com":       "reddit.com",
	"new.reddit.com":       "reddit.com",
	"np.reddit.com":        "reddit.com",
	"m.reddit.com":         "reddit.com",
	"i.reddit.com":         "reddit.com",
	"twitter.com":          "x.com",
	"mobile.twitter.com":   "x.com",
	"m.twitter.com":        "x.com",
	"mobile.x.com":         "x.com",
	"m.facebook.com":       "facebook.com",
	"mobile.facebook.com":  "facebook.com",
	"mbasic.facebook.com":  "facebook.com",
	"touch.facebook.com":   "facebook.com",
	"web.facebook.com":     "facebook.com",
	"m.tiktok.com":         "tiktok.com",
	"m.imdb.com":           "imdb.com",
	"m.quora.com":          "quora.com",
}

// canonicalHost strips "www." and "amp." and maps known mirrors. The prefixes are
// only stripped when a registrable name remains, so "www.com" and the AMP project's
// own "amp.dev" survive. It repeats until nothing changes, so that a normalized
// page normalizes to itself: "www.www.example.com" and "amp.www.example.com" give
// "example.com" at once, not one prefix per pass. Every change shortens the host,
// so the loop ends.
func canonicalHost(h string) string {
	if net.ParseIP(h) != nil {
		return h
	}
	for {
		c := canonicalHostOnce(h)
		if c == h {
			return c
		}
		h = c
	}
}

// canonicalHostOnce is one pass of canonicalHost.
func canonicalHostOnce(h string) string {
	if r, ok := strings.CutPrefix(h, "www."); ok && hasRegistrable(r) {
		h = r
	}
	if r, ok := strings.CutPrefix(h, "amp."); ok && hasRegistrable(r) {
		h = r
	}
	if c, ok := hostAliases[h]; ok {
		return c
	}
	if r, ok := strings.CutSuffix(h, ".m.wikipedia.org"); ok {
		return r + ".wikipedia.org"
	}
	if r, ok := strings.CutSuffix(h, ".linkedin.com"); ok && len(r) == 2 {
		return "linkedin.com" // uk.linkedin.com, de.linkedin.com serve the same profiles
	}
	return h
}

// hasRegistrable reports whether name has a registrable domain, that is, whether it
// is more than a public suffix ("co.uk", "dev") or a single label.
func hasRegistrable(name string) bool {
	_, err := publicsuffix.EffectiveTLDPlusOne(name)
	return err == nil
}

// unwrapTarget finds the original URL inside an AMP cache or Google wrapper URL.
// ep is the cleaned escaped path, so a page and its normalized form unwrap alike.
func unwrapTarget(host, ep string, u *url.URL) (string, bool) {
	switch {
	case strings.HasSuffix(host, ".cdn.ampproject.org"):
		// /c/s/example.com/path: the first segment is the content kind (c, v, i, wp),
		// then "s/" when the origin is https.
		_, rest, ok := strings.Cut(strings.TrimPrefix(ep, "/"), "/")
		if !ok {
			return "", false
		}
		return originURL(rest, u.RawQuery)
	case siteLabel(RegistrableDomain(host)) == "google" && strings.HasPrefix(ep, "/amp/"):
		return originURL(strings.TrimPrefix(ep, "/amp/"), u.RawQuery)
	case siteLabel(RegistrableDomain(host)) == "google" && ep == "/url":
		q := u.Query()
		target := q.Get("q")
		if target == "" {
			target = q.Get("url")
		}
		if strings.HasPrefix(target, "https://") || strings.HasPrefix(target, "http://") {
			return target, true
		}
	}
	return "", false
}

// originURL rebuilds the origin URL from an AMP-style "[s/]host/path" remainder.
func originURL(rest, rawQuery string) (string, bool) {
	scheme := "http://"
	if r, ok := strings.CutPrefix(rest, "s/"); ok {
		scheme, rest = "https://", r
	}
	if h, _, _ := strings.Cut(rest, "/"); !hasRegistrable(strings.ToLower(h)) {
		return "", false // not a host: "/c/s" alone, or a path under /amp/ of Google's own
	}
	s := scheme + rest
	if rawQuery != "" {
		s += "?" + rawQuery
	}
	return s, true
}

// indexFiles are directory index documents that name the same page as their directory.
var indexFiles = map[string]bool{"index.html": true, "index.htm": true, "index.php": true}

// cleanPath normalizes an escaped path; see NormalizeURL for the rules. It returns ""
// for the root so the homepage has no trailing slash.
func cleanPath(ep string) string {
	ep = normalizeEscapes(ep)
	segs := strings.Split(ep, "/")
	out := make([]string, 0, len(segs))
	for i, s := range segs {
		switch s {
		case ".":
			continue
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			continue
		case "":
			// An empty segment after "https:" is part of a URL embedded in the path
			// (web.archive.org/web/2024/https://example.com): keep it.
			if len(out) > 0 && strings.HasSuffix(out[len(out)-1], ":") && i < len(segs)-1 {
				out = append(out, "")
			}
			continue
		}
		out = append(out, s)
	}
	// Trailing empty, index and /amp segments go, repeatedly, so the result is
	// stable under a second normalization.
	for n := len(out); n > 0; n = len(out) {
		last := strings.ToLower(out[n-1])
		if last != "" && last != "amp" && !indexFiles[last] {
			break
		}
		out = out[:n-1]
	}
	if len(out) == 0 {
		return ""
	}
	return "/" + strings.Join(out, "/")
}

// normalizeEscapes decodes percent-escaped unreserved characters (RFC 3986,
// section 6.2.2.2) and upper-cases the hex of the remaining escapes, so
// "%7e", "%7E" and "~" agree.
func normalizeEscapes(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			b.WriteByte(c)
			continue
		}
		v := unhex(s[i+1])<<4 | unhex(s[i+2])
		if isUnreserved(v) {
			b.WriteByte(v)
		} else {
			b.WriteByte('%')
			b.WriteByte(upperHex(s[i+1]))
			b.WriteByte(upperHex(s[i+2]))
		}
		i += 2
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

func upperHex(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}
