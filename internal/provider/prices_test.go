package provider

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDefaultPrices(t *testing.T) {
	p := DefaultPrices()
	if p.Currency != "USD" || p.AsOf != "2026-11-27" {
		t.Errorf("currency %q, as of %q", p.Currency, p.AsOf)
	}
	for _, code := range Codes() {
		pp, ok := p.Providers[code]
		if !ok {
			t.Errorf("%s has no prices", code)
			continue
		}
		// The price list and the adapters agree on the default model.
		if pp.DefaultModel != DefaultModel(code) {
			t.Errorf("%s: price list default %q, adapter default %q", code, pp.DefaultModel, DefaultModel(code))
		}
		pr := pp.Models[pp.DefaultModel]
		if len(Vendors(code)) > 0 {
			// A search surface bills vendor requests, not tokens.
			for _, v := range Vendors(code) {
				if pp.Models[v].Per1KSearches <= 0 {
					t.Errorf("%s: vendor %s has no request price", code, v)
				}
			}
			pr.InputPerMTok, pr.OutputPerMTok = 1, 1
		}
		if pr.InputPerMTok <= 0 || pr.OutputPerMTok <= 0 || pr.Per1KSearches <= 0 || pp.Source == "" || pp.Typical.Searches < 1 {
			t.Errorf("%s: %+v, source %q, typical %+v", code, pr, pp.Source, pp.Typical)
		}
	}
	if err := p.validate(); err != nil {
		t.Error(err)
	}
}

func TestCost(t *testing.T) {
	p := DefaultPrices()
	u := Usage{InputTokens: 8000, OutputTokens: 700, Searches: 1}
	// gpt-6.1-terra: $1/M in, $5/M out, $10 per 1,000 searches.
	if got := p.Cost(ChatGPT, "gpt-6.1-terra", u); got != 8000+3500+10000 {
		t.Errorf("cost = %d micros", got)
	}
	// A dated snapshot is priced as its model; the longest name wins.
	if got := p.Cost(ChatGPT, "gpt-6.1-terra-2026-10-01", u); got != 21500 {
		t.Errorf("snapshot cost = %d", got)
	}
	if got := p.Cost(ChatGPT, "gpt-6.1-sol-2026-10-15", u); got != 16000+7000+10000 {
		t.Errorf("sol snapshot cost = %d", got)
	}
	// An unknown model is priced as the provider's default.
	if got := p.Cost(ChatGPT, "gpt-99", u); got != 21500 {
		t.Errorf("unknown model cost = %d", got)
	}
	// Gemini's "models/" prefix is not part of the name.
	if got := p.Cost(Gemini, "models/gemini-3.5-flash", Usage{InputTokens: 1000, OutputTokens: 1000, Searches: 2}); got != 1500+9000+28000 {
		t.Errorf("gemini cost = %d", got)
	}
	// Rounded to the nearest micro-dollar.
	if got := p.Cost(Gemini, "gemini-3.8-flash", Usage{InputTokens: 1}); got != 1 {
		t.Errorf("0.75 micros rounds to %d", got)
	}
	if got := p.Cost("meta_ai", "x", u); got != 0 {
		t.Errorf("unknown provider cost = %d", got)
	}
	if _, ok := p.Lookup("meta_ai", "x"); ok {
		t.Error("Lookup found an unknown provider")
	}
	// A deferred SerpApi overview is two searches at $15 per 1,000.
	if got := p.Cost(GoogleAIOverviews, VendorSerpApi, Usage{Searches: 2}); got != 30000 {
		t.Errorf("deferred overview cost = %d", got)
	}
	if got := p.Cost(GoogleAIMode, VendorDataForSEO, Usage{Searches: 1}); got != 2000 {
		t.Errorf("dataforseo AI Mode cost = %d", got)
	}
	for code, want := range map[string]int64{ChatGPT: 21500, Claude: 65000, Gemini: 34750, Perplexity: 5470,
		Grok: 2400 + 400 + 10000, GoogleAIOverviews: 15000, GoogleAIMode: 15000, Copilot: 15000} {
		if got := p.Estimate(code, DefaultModel(code)); got != want {
			t.Errorf("estimate %s = %d micros, want %d", code, got, want)
		}
	}
}

func TestLoadPrices(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	p, err := LoadPrices("")
	if err != nil || p.Estimate(ChatGPT, "") != DefaultPrices().Estimate(ChatGPT, "") {
		t.Fatalf("defaults: %v", err)
	}
	p, err = LoadPrices(write("override.json", `{
		"as_of": "2027-01-02",
		"providers": {
			"gemini": {"models": {"gemini-3.8-flash": {"input_per_mtok": 1.5, "output_per_mtok": 7.5, "per_1k_searches": 14}}},
			"chatgpt": {"default_model": "gpt-6-luna", "typical": {"input_tokens": 1000, "output_tokens": 100, "searches": 1},
			            "models": {"gpt-7": {"input_per_mtok": 3, "output_per_mtok": 9, "per_1k_searches": 10}}}
		}}`))
	if err != nil {
		t.Fatal(err)
	}
	if p.AsOf != "2027-01-02" || !strings.Contains(p.Note, "Standard-tier") {
		t.Errorf("as of %q, note %q", p.AsOf, p.Note)
	}
	if got := p.Cost(Gemini, "gemini-3.8-flash", Usage{InputTokens: 1000, OutputTokens: 1000}); got != 1500+7500 {
		t.Errorf("overridden price: %d", got)
	}
	if got := p.Cost(Gemini, "gemini-3.5-flash", Usage{InputTokens: 1000}); got != 1500 {
		t.Errorf("kept price: %d", got)
	}
	if got := p.Cost(ChatGPT, "gpt-7", Usage{InputTokens: 1000}); got != 3000 {
		t.Errorf("added model: %d", got)
	}
	// The new default model prices unknown models; the new typical usage
	// drives the estimate.
	if got := p.Estimate(ChatGPT, "unknown"); got != 100+50+10000 {
		t.Errorf("estimate with new default and typical: %d", got)
	}

	for name, tc := range map[string]struct{ body, want string }{
		"negative":        {`{"providers": {"claude": {"models": {"claude-haiku-4-5": {"input_per_mtok": -1}}}}}`, "providers.claude.models.claude-haiku-4-5.input_per_mtok"},
		"unknown field":   {`{"providers": {"claude": {"modles": {}}}}`, "modles"},
		"missing default": {`{"providers": {"claude": {"default_model": "claude-9"}}}`, `providers.claude.default_model: "claude-9"`},
		"currency":        {`{"currency": "EUR"}`, "EUR"},
		"not JSON":        {`prices`, "invalid character"},
	} {
		if _, err := LoadPrices(write(name+".json", tc.body)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to name %q", name, err, tc.want)
		}
	}
	if _, err := LoadPrices(filepath.Join(dir, "missing.json")); err == nil {
		t.Error("a missing file loaded")
	}
}
