package analyze

import (
	"strings"

	"github.com/sightline/sightline"
	"golang.org/x/net/publicsuffix"
)

// DomainTypes lists every static class DomainType returns: the API's
// enumeration, defined once in the root package (docs/api.md). (The dynamic
// classes owned, earned, competitor_owned and competitor_earned depend on
// the brand asking and are computed at query time.)
var DomainTypes = sightline.StaticDomainTypes

// DomainType returns the static class of a registrable domain, in this order:
//
//  1. the curated table of well-known domains (nih.gov is health there, beating
//     rule 4, because the table is the more specific knowledge);
//  2. the site label for properties with country domains: amazon.* is commerce,
//     google.* a search engine, trustpilot.* a review platform;
//  3. private public suffixes that host one kind of site: *.readthedocs.io and
//     *.gitbook.io are documentation, *.myshopify.com commerce, *.blogspot.com social;
//  4. the TLD: .gov, .mil, .int and government second levels (gov.uk, gouv.fr, go.jp,
//     gc.ca, …) are institutional; so are .edu and academic second levels (ac.uk,
//     edu.au, …), because most cited university pages are the university speaking
//     (admissions, guides, policies) — research is kept for publishers, journals and
//     scholarly databases, which the table names;
//  5. otherwise "other".
//
// A host given in place of a domain is classified with DomainTypeOfHost.
func DomainType(domain string) string {
	d := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(domain)), ".")
	d = strings.TrimPrefix(d, "www.")
	if d == "" {
		return "other"
	}
	if reg := RegistrableDomain(d); reg != d {
		return DomainTypeOfHost(d, reg)
	}
	return domainType(d)
}

// DomainTypeOfHost classifies a citation by its host as well as its registrable
// domain, because some classes live on a subdomain: apps.apple.com and
// play.google.com are app stores, docs.stripe.com and developer.mozilla.org
// documentation, scholar.google.com research. Host entries of the table come first,
// then documentation subdomains (docs., developer(s)., help., support., kb. — except
// on government and academic domains, which stay institutional), then DomainType of
// the domain. domain may be "", in which case it is derived from host.
func DomainTypeOfHost(host, domain string) string {
	h := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(host)), ".")
	h = strings.TrimPrefix(h, "www.")
	if domain == "" {
		domain = RegistrableDomain(h)
	}
	domain = strings.ToLower(domain)
	if t := hostTypes[h]; t != "" {
		return t
	}
	if h != domain && strings.HasSuffix(h, "."+domain) {
		first, _, _ := strings.Cut(h, ".")
		if docsHostPrefixes[first] && tldType(domain) == "" {
			return "documentation"
		}
	}
	return domainType(domain)
}

// domainType holds rules 1 to 5 of DomainType for a clean registrable domain.
func domainType(d string) string {
	if t := domainTypes[d]; t != "" {
		return t
	}
	if t := labelTypes[siteLabel(d)]; t != "" {
		return t
	}
	ps, icann := publicsuffix.PublicSuffix(d)
	if !icann {
		if t := suffixTypes[ps]; t != "" {
			return t
		}
	}
	if t := tldType(d); t != "" {
		return t
	}
	return "other"
}

// docsHostPrefixes are first labels of documentation subdomains.
var docsHostPrefixes = map[string]bool{
	"docs": true, "doc": true, "documentation": true, "developer": true, "developers": true,
	"help": true, "helpcenter": true, "support": true, "kb": true, "knowledgebase": true,
}

// govLabels mark government second-level domains (gov.uk, gouv.fr, gob.mx, go.jp,
// gc.ca, govt.nz, gv.at); academicLabels academic ones (ac.uk, edu.au).
var (
	govLabels      = map[string]bool{"gov": true, "govt": true, "gouv": true, "gob": true, "go": true, "gc": true, "gv": true, "mil": true, "gub": true}
	academicLabels = map[string]bool{"edu": true, "ac": true}
)

// tldType applies rule 4 of DomainType to a registrable domain.
func tldType(d string) string {
	ps, icann := publicsuffix.PublicSuffix(d)
	if !icann {
		return ""
	}
	labels := strings.Split(ps, ".")
	tld := labels[len(labels)-1]
	switch tld {
	case "gov", "mil", "int", "edu":
		return "institutional"
	}
	// A second level only counts under a country code: "ac" alone is Ascension
	// Island's TLD, popular with startups.
	for _, l := range labels[:len(labels)-1] {
		if govLabels[l] || academicLabels[l] {
			return "institutional"
		}
	}
	// gc.ca, gouv.qc.ca and friends are not public suffixes: the label sits in the
	// registrable domain itself.
	if len(tld) == 2 {
		label := siteLabel(d)
		if label == "gc" || label == "gouv" {
			return "institutional"
		}
	}
	return ""
}
