package analyze

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAnalyzeAd(t *testing.T) {
	tests := []struct {
		name, domain string
		want         Advertiser
	}{
		{"  Monday.com  ", "monday.com", Advertiser{"Monday.com", "monday.com", "https://monday.com/favicon.ico"}},
		{"", "monday.com", Advertiser{"Monday.com", "monday.com", "https://monday.com/favicon.ico"}},
		{"", "getharvest.com", Advertiser{"Getharvest", "getharvest.com", "https://getharvest.com/favicon.ico"}},
		{"Acme Ltd", "https://www.Example.co.uk/x?utm_source=ad", Advertiser{"Acme Ltd", "example.co.uk", "https://example.co.uk/favicon.ico"}},
		{"", "WWW.HubSpot.com/", Advertiser{"Hubspot", "hubspot.com", "https://hubspot.com/favicon.ico"}},
		{"", "go.pipedrive.com/en/trial", Advertiser{"Pipedrive", "pipedrive.com", "https://pipedrive.com/favicon.ico"}},
		{"", "x.com", Advertiser{"X.com", "x.com", "https://x.com/favicon.ico"}},
		{"Docs", "acme.readthedocs.io", Advertiser{"Docs", "acme.readthedocs.io", "https://acme.readthedocs.io/favicon.ico"}},
	}
	for _, tt := range tests {
		got, err := AnalyzeAd(tt.name, tt.domain)
		if err != nil {
			t.Errorf("AnalyzeAd(%q, %q): %v", tt.name, tt.domain, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("AnalyzeAd(%q, %q) (-want +got):\n%s", tt.name, tt.domain, diff)
		}
	}
}

func TestAnalyzeAdErrors(t *testing.T) {
	for _, domain := range []string{"", "   ", "localhost", "co.uk", "com", "192.168.1.1", "not a domain", "shop.invalidtld"} {
		if got, err := AnalyzeAd("Acme", domain); !errors.Is(err, ErrNoDomain) {
			t.Errorf("AnalyzeAd(%q) = %+v, %v; want ErrNoDomain", domain, got, err)
		}
	}
}
