package ingest

import (
	"strconv"
	"strings"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyze"
)

// NormalizePage returns the normalized page of a URL as citations store it
// (docs/metrics.md), so that a URL filter matches however the URL is spelled.
func NormalizePage(raw string) (string, bool) {
	page, _, err := analyze.NormalizeURL(strings.TrimSpace(raw))
	return page, err == nil
}

// NormalizeDomain returns the registrable domain of a domain name or URL,
// as citations and competitors store it ("https://www.Shop.Example.co.uk/x"
// → "example.co.uk").
func NormalizeDomain(raw string) (string, bool) {
	s := strings.ToLower(strings.TrimSpace(raw))
	if s == "" {
		return "", false
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	_, host, err := analyze.NormalizeURL(s)
	if err != nil || host == "" {
		return "", false
	}
	d := analyze.RegistrableDomain(host)
	return d, d != "" && strings.Contains(d, ".")
}

// NormalizeDomains reduces each domain (or URL) to its registrable
// domain, as the API does before validating a brand or competitor; a bad
// one is an invalid field error naming field[i].
func NormalizeDomains(field string, in []string) ([]string, error) {
	var v sightline.ValidationErrors
	out := make([]string, 0, len(in))
	for i, d := range in {
		n, ok := NormalizeDomain(d)
		if !ok {
			v.Add(field+"["+strconv.Itoa(i)+"]", "invalid", "%q is not a domain name such as example.com.", d)
			continue
		}
		out = append(out, n)
	}
	return out, v.Err()
}
