package sightline

import (
	"context"
	"strings"
)

// Provider is an AI answer engine (ChatGPT, Perplexity, …), identified by
// a short code and created on first sight at ingest.
type Provider struct {
	ID   string `json:"id"`
	Code string `json:"code"`
	Name string `json:"name"`
}

// Region is a market where prompts run, identified by a country code.
type Region struct {
	ID   string `json:"id"`
	Code string `json:"code"`
	Name string `json:"name"`
}

var providerNames = map[string]string{
	"chatgpt":             "ChatGPT",
	"perplexity":          "Perplexity",
	"gemini":              "Gemini",
	"google_ai_overviews": "Google AI Overviews",
	"google_ai_mode":      "Google AI Mode",
	"claude":              "Claude",
	"copilot":             "Copilot",
	"meta_ai":             "Meta AI",
	"grok":                "Grok",
	"deepseek":            "DeepSeek",
}

var regionNames = map[string]string{
	"us": "United States", "gb": "United Kingdom", "de": "Germany", "fr": "France",
	"es": "Spain", "it": "Italy", "nl": "Netherlands", "ca": "Canada", "au": "Australia",
	"in": "India", "jp": "Japan", "br": "Brazil", "mx": "Mexico", "se": "Sweden",
	"ch": "Switzerland", "at": "Austria", "ie": "Ireland", "pl": "Poland", "sg": "Singapore",
}

// ProviderName returns the display name of a provider code.
func ProviderName(code string) string {
	if n, ok := providerNames[code]; ok {
		return n
	}
	words := strings.Split(code, "_")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// RegionName returns the display name of a region code.
func RegionName(code string) string {
	if n, ok := regionNames[code]; ok {
		return n
	}
	return strings.ToUpper(code)
}

// IsCode reports whether s is a provider or region code: 2–40 characters of
// lowercase letters, digits and underscores, starting with a letter.
func IsCode(s string) bool {
	if len(s) < 2 || len(s) > 40 || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// ProviderService reads providers and regions.
type ProviderService interface {
	// FindProviders lists every provider by name.
	FindProviders(ctx context.Context) ([]*Provider, error)
	// FindRegions lists every region by code.
	FindRegions(ctx context.Context) ([]*Region, error)
	// FindBrandProviders lists the providers of a brand's runs, by name.
	// NOT_FOUND for another organization's brand.
	FindBrandProviders(ctx context.Context, orgID, brandID string) ([]*Provider, error)
	// FindBrandRegions lists the regions of a brand's runs, by code.
	// NOT_FOUND for another organization's brand.
	FindBrandRegions(ctx context.Context, orgID, brandID string) ([]*Region, error)
}
