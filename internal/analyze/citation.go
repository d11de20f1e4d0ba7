// Package analyze turns what an AI assistant produced into Sightline's analysis rows:
// which brands an answer names (order, count, sentiment), what each cited URL is
// (normalized page, registrable domain, page and domain class, YouTube channel,
// subreddit) and who an ad's advertiser is.
//
// Everything here is a pure function of its inputs: no I/O, no clock, and no package
// state that changes after init, so ingest may call it from any number of goroutines.
package analyze

import (
	"net"
	"net/url"
	"strings"

	"golang.org/x/net/publicsuffix"
)

// Citation is what analysis learns from one cited URL.
type Citation struct {
	Page           string // normalized URL, see NormalizeURL
	Host           string // lowercase host without "www." (after mirror canonicalization)
	Domain         string // registrable domain (eTLD+1); for an IP or a bare public suffix, the host
	PageType       string // one of PageTypes
	DomainType     string // one of DomainTypes (the static class)
	YouTubeChannel string // "" unless a YouTube URL: the citation author, else the channel in the path
	Subreddit      string // "" unless a reddit URL with /r/<name>: the lowercase name without "r/"
}

// AnalyzeCitation normalizes rawURL and classifies it. title and author may be empty;
// title refines the page type and author names the YouTube channel of a video. The
// error wraps ErrInvalidURL for anything that is not an absolute http(s) URL with a host.
func AnalyzeCitation(rawURL, title, author string) (Citation, error) {
	n, err := normalizeURL(rawURL, 0)
	if err != nil {
		return Citation{}, err
	}
	domain := RegistrableDomain(n.host)
	return Citation{
		Page:           n.page,
		Host:           n.host,
		Domain:         domain,
		PageType:       pageType(n.host, domain, n.path, title),
		DomainType:     DomainTypeOfHost(n.host, domain),
		YouTubeChannel: youTubeChannel(domain, n.path, author),
		Subreddit:      subreddit(domain, n.path),
	}, nil
}

// RegistrableDomain returns the registrable domain (eTLD+1) of host, lowercase:
// "blog.example.co.uk" → "example.co.uk". An IP address, a single label or a bare
// public suffix has no registrable domain and is returned as is, so every citation
// still groups under some domain. A ":port" suffix is ignored.
func RegistrableDomain(host string) string {
	h := strings.ToLower(strings.TrimSpace(host))
	if hh, _, err := net.SplitHostPort(h); err == nil {
		h = hh
	}
	h = strings.TrimSuffix(strings.Trim(h, "[]"), ".")
	if h == "" || net.ParseIP(h) != nil {
		return h
	}
	d, err := publicsuffix.EffectiveTLDPlusOne(h)
	if err != nil {
		return h
	}
	return d
}

// siteLabel is the label of a registrable domain in front of its public suffix:
// "amazon.co.uk" → "amazon". Sites that run one property under many country
// domains (Amazon, Google, eBay) are recognized by it.
func siteLabel(domain string) string {
	ps, _ := publicsuffix.PublicSuffix(domain)
	label, ok := strings.CutSuffix(domain, "."+ps)
	if !ok || strings.Contains(label, ".") {
		return ""
	}
	return label
}

// youTubeChannel names the channel of a YouTube citation. The citation author is the
// channel as the assistant reported it (for a video that is the only place it
// appears); without one, channel URLs carry it in the path. Handles keep their "@"
// because that is how YouTube itself writes them.
func youTubeChannel(domain, path, author string) string {
	if domain != "youtube.com" {
		return ""
	}
	if a := strings.Join(strings.Fields(author), " "); a != "" {
		return a
	}
	segs := pathSegments(path)
	if len(segs) == 0 {
		return ""
	}
	if strings.HasPrefix(segs[0], "@") && len(segs[0]) > 1 {
		return unescapePath(segs[0])
	}
	switch segs[0] {
	case "c", "channel", "user":
		if len(segs) > 1 {
			return unescapePath(segs[1])
		}
	}
	return ""
}

// subreddit returns the lowercase subreddit of a reddit URL, "" for other URLs and
// for reddit pages outside a subreddit (user pages, the front page).
func subreddit(domain, path string) string {
	if domain != "reddit.com" {
		return ""
	}
	segs := pathSegments(path)
	if len(segs) < 2 || segs[0] != "r" {
		return ""
	}
	return strings.ToLower(unescapePath(segs[1]))
}

// pathSegments splits an escaped path into its non-empty segments.
func pathSegments(path string) []string {
	return strings.FieldsFunc(path, func(r rune) bool { return r == '/' })
}

// unescapePath decodes a path segment, falling back to the raw text for broken escapes.
func unescapePath(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	if u, err := url.PathUnescape(s); err == nil {
		return u
	}
	return s
}
