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

// ClassifyRetrieved sets the page type of the retrieved-only citation
// rows (filter[retrieved_only]=true) from their URL and title, as ingest
// classifies a citation, and the static domain type of those whose domain
// neither the brand nor a competitor owns (the store gives those "").
// run_sources keeps what was retrieved, not its classes: the classifier
// changes with releases, and a page no text cites is classified only here.
func ClassifyRetrieved(rows []*sightline.CitationRow) {
	for _, r := range rows {
		c, err := analyze.AnalyzeCitation(r.SourceURL, r.SourceTitle, "")
		if err != nil {
			// stored sources were normalized by the same analyzer
			c.PageType, c.DomainType = "other", "other"
		}
		r.PageType = c.PageType
		if r.DomainType == "" {
			r.DomainType = c.DomainType
		}
	}
}
