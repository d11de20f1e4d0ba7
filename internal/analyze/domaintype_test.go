package analyze

import (
	"slices"
	"testing"
)

func TestDomainType(t *testing.T) {
	tests := []struct {
		domain, want string
	}{
		{"nytimes.com", "editorial"},
		{"techcrunch.com", "editorial"},
		{"Forbes.com", "editorial"},
		{"theverge.com", "editorial"},
		{"g2.com", "review"},
		{"capterra.com", "review"},
		{"capterra.co.uk", "review"},
		{"trustpilot.com", "review"},
		{"reddit.com", "social"},
		{"youtu.be", "social"},
		{"x.com", "social"},
		{"twitter.com", "social"},
		{"medium.com", "social"},
		{"amazon.com", "commerce"},
		{"amazon.de", "commerce"},
		{"ebay.co.uk", "commerce"},
		{"etsy.com", "commerce"},
		{"acme.myshopify.com", "commerce"},
		{"fastapi.readthedocs.io", "documentation"},
		{"acme.gitbook.io", "documentation"},
		{"wikipedia.org", "reference"},
		{"britannica.com", "reference"},
		{"investopedia.com", "finance"},
		{"nerdwallet.com", "finance"},
		{"salesforce.com", "saas"},
		{"notion.so", "saas"},
		{"zapier.com", "saas"},
		{"justia.com", "legal"},
		{"mayoclinic.org", "health"},
		{"nih.gov", "health"},
		{"who.int", "health"},
		{"arxiv.org", "research"},
		{"gartner.com", "research"},
		{"academia.edu", "research"},
		{"apkpure.com", "app_store"},
		{"crunchbase.com", "directory"},
		{"yelp.com", "directory"},
		{"microsoft.com", "corporate"},
		{"google.com", "search_engine"},
		{"google.co.uk", "search_engine"},
		{"duckduckgo.com", "search_engine"},
		// TLD rules
		{"irs.gov", "institutional"},
		{"ons.gov.uk", "institutional"},
		{"army.mil", "institutional"},
		{"nato.int", "institutional"},
		{"interpol.int", "institutional"},
		{"stanford.edu", "institutional"},
		{"ox.ac.uk", "institutional"},
		{"unimelb.edu.au", "institutional"},
		{"service-public.gouv.fr", "institutional"},
		{"digital.go.jp", "institutional"},
		{"startup.ac", "other"},
		// hosts given in place of domains
		{"apps.apple.com", "app_store"},
		{"play.google.com", "app_store"},
		{"scholar.google.com", "research"},
		// fallbacks
		{"example.com", "other"},
		{"co.uk", "other"},
		{"", "other"},
	}
	for _, tt := range tests {
		if got := DomainType(tt.domain); got != tt.want {
			t.Errorf("DomainType(%q) = %q, want %q", tt.domain, got, tt.want)
		}
	}
}

func TestDomainTypeOfHost(t *testing.T) {
	tests := []struct {
		host, domain, want string
	}{
		{"apps.apple.com", "apple.com", "app_store"},
		{"apple.com", "apple.com", "corporate"},
		{"play.google.com", "google.com", "app_store"},
		{"chromewebstore.google.com", "", "app_store"},
		{"docs.stripe.com", "stripe.com", "documentation"},
		{"developer.mozilla.org", "mozilla.org", "documentation"},
		{"www.mozilla.org", "mozilla.org", "corporate"},
		{"help.irs.gov", "irs.gov", "institutional"},
		{"docs.google.com", "google.com", "saas"},
		{"pubmed.ncbi.nlm.nih.gov", "nih.gov", "research"},
		{"law.cornell.edu", "cornell.edu", "legal"},
		{"finance.yahoo.com", "yahoo.com", "finance"},
		{"news.ycombinator.com", "ycombinator.com", "social"},
		{"blog.hubspot.com", "hubspot.com", "saas"},
	}
	for _, tt := range tests {
		if got := DomainTypeOfHost(tt.host, tt.domain); got != tt.want {
			t.Errorf("DomainTypeOfHost(%q, %q) = %q, want %q", tt.host, tt.domain, got, tt.want)
		}
	}
}

// TestDomainTable keeps the curated table consistent: known classes only, every
// domain registrable and lowercase, none listed twice, hosts not in the domain table.
func TestDomainTable(t *testing.T) {
	seen := make(map[string]string)
	n := 0
	for class, domains := range domainsByType {
		if !slices.Contains(DomainTypes, class) {
			t.Errorf("unknown class %q", class)
		}
		for _, d := range domains {
			n++
			if RegistrableDomain(d) != d {
				t.Errorf("%s: %q is not a registrable domain (%q)", class, d, RegistrableDomain(d))
			}
			if prev, dup := seen[d]; dup {
				t.Errorf("%q listed as %s and %s", d, prev, class)
			}
			seen[d] = class
		}
	}
	if n < 150 {
		t.Errorf("table has %d domains, want at least 150", n)
	}
	for _, m := range []map[string]string{hostTypes, labelTypes, suffixTypes} {
		for k, class := range m {
			if !slices.Contains(DomainTypes, class) {
				t.Errorf("%q maps to unknown class %q", k, class)
			}
		}
	}
	for host := range hostTypes {
		if RegistrableDomain(host) == host {
			t.Errorf("host entry %q is a registrable domain; move it to domainsByType", host)
		}
	}
}
