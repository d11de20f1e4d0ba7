package provider

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
)

// defaultPrices is the price list shipped with the binary; its as_of and
// source fields say when and where each price was read.
//
//go:embed prices.json
var defaultPrices []byte

// Price is what one model costs, in US dollars.
type Price struct {
	InputPerMTok  float64 `json:"input_per_mtok"`
	OutputPerMTok float64 `json:"output_per_mtok"`
	// Per1KSearches is the price of 1,000 billed searches (see
	// Usage.Searches for what each provider bills).
	Per1KSearches float64 `json:"per_1k_searches"`
}

// ProviderPrices are one provider's models.
type ProviderPrices struct {
	// DefaultModel names the entry used for a model the list lacks.
	DefaultModel string `json:"default_model"`
	// Source names the page the prices were read from.
	Source string `json:"source,omitempty"`
	// Typical is the usage of an ordinary answer, for Estimate.
	Typical Usage            `json:"typical"`
	Models  map[string]Price `json:"models"`
}

// Prices is a price list: the embedded defaults (DefaultPrices), possibly
// overlaid with an operator's file (LoadPrices).
type Prices struct {
	Currency  string                    `json:"currency"`
	AsOf      string                    `json:"as_of"`
	Note      string                    `json:"note,omitempty"`
	Providers map[string]ProviderPrices `json:"providers"`
}

// DefaultPrices returns a fresh copy of the embedded price list.
func DefaultPrices() *Prices {
	p, err := parsePrices(defaultPrices)
	if err != nil {
		panic("provider: the embedded prices.json is invalid: " + err.Error())
	}
	return p
}

// LoadPrices returns the embedded price list overlaid with the JSON file
// at path, which has the same shape and may name only what it changes: a
// model entry replaces the default one or adds a model; default_model,
// source, typical, as_of and note replace the defaults when set. path ""
// returns the defaults.
func LoadPrices(path string) (*Prices, error) {
	p := DefaultPrices()
	if path == "" {
		return p, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading the price list: %w", err)
	}
	o, err := parsePrices(data)
	if err != nil {
		return nil, fmt.Errorf("price list %s: %w", path, err)
	}
	p.merge(o)
	if err := p.validate(); err != nil {
		return nil, fmt.Errorf("price list %s: %w", path, err)
	}
	return p, nil
}

func parsePrices(data []byte) (*Prices, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p Prices
	if err := dec.Decode(&p); err != nil {
		return nil, err
	}
	if p.Currency != "" && p.Currency != "USD" {
		return nil, fmt.Errorf("currency %q: prices are in USD", p.Currency)
	}
	for code, pp := range p.Providers {
		for model, pr := range pp.Models {
			for name, v := range map[string]float64{"input_per_mtok": pr.InputPerMTok, "output_per_mtok": pr.OutputPerMTok, "per_1k_searches": pr.Per1KSearches} {
				if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, fmt.Errorf("providers.%s.models.%s.%s: %v is not a price", code, model, name, v)
				}
			}
		}
		if t := pp.Typical; t.InputTokens < 0 || t.OutputTokens < 0 || t.Searches < 0 {
			return nil, fmt.Errorf("providers.%s.typical: counts must not be negative", code)
		}
	}
	return &p, nil
}

func (p *Prices) merge(o *Prices) {
	if o.AsOf != "" {
		p.AsOf = o.AsOf
	}
	if o.Note != "" {
		p.Note = o.Note
	}
	if p.Providers == nil {
		p.Providers = map[string]ProviderPrices{}
	}
	for code, op := range o.Providers {
		pp := p.Providers[code]
		if op.DefaultModel != "" {
			pp.DefaultModel = op.DefaultModel
		}
		if op.Source != "" {
			pp.Source = op.Source
		}
		if op.Typical != (Usage{}) {
			pp.Typical = op.Typical
		}
		if pp.Models == nil {
			pp.Models = map[string]Price{}
		}
		for m, pr := range op.Models {
			pp.Models[m] = pr
		}
		p.Providers[code] = pp
	}
}

func (p *Prices) validate() error {
	codes := make([]string, 0, len(p.Providers))
	for code := range p.Providers {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	for _, code := range codes {
		pp := p.Providers[code]
		if _, ok := pp.Models[pp.DefaultModel]; !ok {
			return fmt.Errorf("providers.%s.default_model: %q has no entry in models", code, pp.DefaultModel)
		}
	}
	return nil
}

// Lookup returns the price of a provider's model: the model's own entry,
// else the entry whose name the model starts with followed by "-" (a dated
// snapshot such as "gpt-6.1-terra-2026-10-01"), else the provider's
// default entry. ok is false only for an unknown provider.
func (p *Prices) Lookup(provider, model string) (price Price, ok bool) {
	pp, ok := p.Providers[provider]
	if !ok {
		return Price{}, false
	}
	model = strings.TrimPrefix(model, "models/")
	if pr, ok := pp.Models[model]; ok {
		return pr, true
	}
	best := ""
	for name := range pp.Models {
		if strings.HasPrefix(model, name+"-") && len(name) > len(best) {
			best = name
		}
	}
	if best != "" {
		return pp.Models[best], true
	}
	return pp.Models[pp.DefaultModel], true
}

// Cost is what a call cost in millionths of a US dollar, rounded to the
// nearest: tokens at the per-million prices plus searches at the
// per-thousand price. An unknown provider costs 0.
func (p *Prices) Cost(provider, model string, u Usage) (micros int64) {
	if u.CostReported {
		return u.CostMicros // the provider's own figure is what it bills
	}
	pr, _ := p.Lookup(provider, model)
	// $ per 1M tokens × tokens is exactly micro-dollars.
	v := float64(u.InputTokens)*pr.InputPerMTok + float64(u.OutputTokens)*pr.OutputPerMTok + float64(u.Searches)*pr.Per1KSearches*1000
	return int64(math.Round(v))
}

// Estimate is what a typical call of a provider's model costs, in
// millionths of a US dollar, for dry runs: the provider's Typical usage
// at the model's prices (see prices.json and docs/collect.md).
func (p *Prices) Estimate(provider, model string) (micros int64) {
	return p.Cost(provider, model, p.Providers[provider].Typical)
}
