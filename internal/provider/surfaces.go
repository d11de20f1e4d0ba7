package provider

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/sightline/sightline"
)

// The SERP data vendors that ask the search surfaces, as an
// organization's credentials and a run's source name them
// (docs/collect.md#search-surfaces).
const (
	VendorSerpApi    = sightline.VendorSerpApi
	VendorDataForSEO = sightline.VendorDataForSEO
)

// surfaceVendors lists the vendors of each search surface in the order
// an organization without a chosen source tries them: the first with a
// credential asks. No official API returns these answers, so only
// vendors that fetch the live result page serve them. The root package
// holds the list, for validation.
var surfaceVendors = sightline.SurfaceVendors

// vendorBaseURL are the vendors' public APIs.
var vendorBaseURL = map[string]string{
	VendorSerpApi:    "https://serpapi.com",
	VendorDataForSEO: "https://api.dataforseo.com",
}

// vendorEnv is the infix of a vendor's SIGHTLINE_<env>_BASE_URL.
var vendorEnv = map[string]string{VendorSerpApi: "SERPAPI", VendorDataForSEO: "DATAFORSEO"}

// Vendors returns the SERP data vendors that serve a provider code, in
// the order they are tried; nil for a provider asked through its own API.
func Vendors(code string) []string { return slices.Clone(surfaceVendors[code]) }

// surfaceAsk asks one vendor for one surface's answer. base is the
// vendor's base URL without a trailing slash.
type surfaceAsk func(ctx context.Context, cfg Config, base string, req Request) (*Answer, error)

// surface asks a search surface through whichever vendor the request
// names.
type surface struct {
	code string
	cfg  Config
	ask  map[string]surfaceAsk
}

func newSurface(code string) func(cfg Config) Adapter {
	return func(cfg Config) Adapter {
		a := &surface{code: code, cfg: cfg, ask: map[string]surfaceAsk{}}
		switch code {
		case GoogleAIOverviews:
			a.ask[VendorSerpApi] = serpapiOverview
			a.ask[VendorDataForSEO] = dataforseoOverview
		case GoogleAIMode:
			a.ask[VendorSerpApi] = serpapiAIMode
			a.ask[VendorDataForSEO] = dataforseoAIMode
		case Copilot:
			a.ask[VendorSerpApi] = serpapiCopilot
		}
		return a
	}
}

func (a *surface) Code() string { return a.code }

// Model is the surface's first vendor: its "model" in runs and prices.
func (a *surface) Model() string { return surfaceVendors[a.code][0] }

func (a *surface) Ask(ctx context.Context, req Request) (*Answer, error) {
	vendor := req.Source
	if vendor == "" {
		vendor = a.Model()
	}
	ask := a.ask[vendor]
	if ask == nil {
		return nil, &Error{Provider: a.code, Code: ErrBadRequest,
			Message: fmt.Sprintf("%q does not serve %s (vendors: %s)", vendor, a.code, strings.Join(surfaceVendors[a.code], ", "))}
	}
	base := a.cfg.VendorBaseURL[vendor]
	if base == "" {
		base = vendorBaseURL[vendor]
	}
	ans, err := ask(ctx, a.cfg, strings.TrimRight(base, "/"), req)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Provider = a.code + " via " + vendor
			if e.Model == "" {
				e.Model = vendor
			}
		}
		return nil, err
	}
	ans.Source, ans.Model = vendor, vendor
	return ans, nil
}

// country is how the vendors name a run's region: Google's gl and hl,
// DataForSEO's location_code (2000 + the ISO 3166-1 numeric code) and
// language_code. The language is the country's main language, the one
// a local user's Google most likely shows.
type country struct {
	hl       string
	location int
	language string
}

var countries = map[string]country{
	"us": {"en", 2840, "en"}, "gb": {"en", 2826, "en"}, "de": {"de", 2276, "de"}, "fr": {"fr", 2250, "fr"},
	"es": {"es", 2724, "es"}, "it": {"it", 2380, "it"}, "nl": {"nl", 2528, "nl"}, "ca": {"en", 2124, "en"},
	"au": {"en", 2036, "en"}, "in": {"en", 2356, "en"}, "jp": {"ja", 2392, "ja"}, "br": {"pt-BR", 2076, "pt"},
	"mx": {"es", 2484, "es"}, "se": {"sv", 2752, "sv"}, "ch": {"de", 2756, "de"}, "at": {"de", 2040, "de"},
	"ie": {"en", 2372, "en"}, "pl": {"pl", 2616, "pl"}, "sg": {"en", 2702, "en"},
}

// adFrom makes an ad of a vendor's ad block: the advertiser as the
// vendor names it, else the link's host; the domain from the link.
func adFrom(advertiser, link, text string) (sightline.RunAd, bool) {
	u, err := url.Parse(strings.TrimSpace(link))
	if err != nil || u.Hostname() == "" {
		return sightline.RunAd{}, false
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	advertiser = strings.TrimSpace(advertiser)
	if advertiser == "" {
		advertiser = host
	}
	return sightline.RunAd{Advertiser: advertiser, Domain: host, Text: strings.Join(strings.Fields(text), " ")}, true
}

// markdown joins an answer's blocks, each already Markdown, with blank
// lines between them, as a reader sees paragraphs apart.
type markdown struct{ parts []string }

func (m *markdown) add(s string) {
	if s = strings.TrimSpace(s); s != "" {
		m.parts = append(m.parts, s)
	}
}

func (m *markdown) String() string { return strings.Join(m.parts, "\n\n") }
