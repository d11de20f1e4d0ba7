package analyze

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/publicsuffix"
)

// ErrNoDomain is wrapped by AnalyzeAd when the ad carries no usable advertiser domain.
var ErrNoDomain = errors.New("no usable advertiser domain")

// Advertiser identifies who placed an ad in an AI answer.
type Advertiser struct {
	Name       string // the given name trimmed; when empty, derived from the domain
	Domain     string // registrable domain, lowercase
	FaviconURL string // "https://" + Domain + "/favicon.ico"
}

// AnalyzeAd identifies an advertiser from the name and domain an ad shows. domain may
// be a bare domain ("Monday.com") or a URL ("https://www.Example.co.uk/x"); either way
// the advertiser is its registrable domain ("example.co.uk"). Without a name, the
// name is the domain's site label capitalized ("getharvest.com" → "Getharvest"),
// or the whole domain capitalized for brands whose official name is their domain
// ("monday.com" → "Monday.com") and for one- and two-letter labels ("x.com" →
// "X.com"). The error wraps ErrNoDomain for empty input, IP addresses, bare public
// suffixes and unknown TLDs: none of them identifies an advertiser.
func AnalyzeAd(name, domain string) (Advertiser, error) {
	d, err := adDomain(domain)
	if err != nil {
		return Advertiser{}, err
	}
	n := strings.Join(strings.Fields(name), " ")
	if n == "" {
		n = nameFromDomain(d)
	}
	return Advertiser{Name: n, Domain: d, FaviconURL: "https://" + d + "/favicon.ico"}, nil
}

func adDomain(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", fmt.Errorf("ad domain: %w: empty", ErrNoDomain)
	}
	if !strings.Contains(s, "://") {
		s = "https://" + strings.TrimPrefix(s, "//")
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("ad domain %q: %w: %w", raw, ErrNoDomain, err)
	}
	h := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if h == "" || net.ParseIP(h) != nil {
		return "", fmt.Errorf("ad domain %q: %w", raw, ErrNoDomain)
	}
	// publicsuffix treats an unknown TLD as a suffix of its own ("example.invalid");
	// only ICANN suffixes and the private ones listed (github.io, …) name real sites.
	if ps, icann := publicsuffix.PublicSuffix(h); !icann && !strings.Contains(ps, ".") {
		return "", fmt.Errorf("ad domain %q: %w: unknown TLD", raw, ErrNoDomain)
	}
	d, err := publicsuffix.EffectiveTLDPlusOne(h)
	if err != nil {
		return "", fmt.Errorf("ad domain %q: %w: %w", raw, ErrNoDomain, err)
	}
	return d, nil
}

// domainNamedBrands are brands whose official name is their domain.
var domainNamedBrands = set(`monday.com booking.com hotels.com cars.com realtor.com
	match.com shop.com ask.com about.com answers.com salesforce.org last.fm`)

func nameFromDomain(d string) string {
	label := siteLabel(d)
	if label == "" || domainNamedBrands[d] || utf8.RuneCountInString(label) <= 2 {
		return capitalize(d)
	}
	return capitalize(label)
}

func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}
