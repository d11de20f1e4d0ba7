package mcp

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/sightline/sightline"
)

// Schemas are inferred from the Go types (descriptions from `jsonschema`
// struct tags) and then completed with what tags cannot say: the allowed
// values of enumerated arguments, taken from the root package's
// vocabularies so that the tools never drift from the API, and minimums.

// vocabularies maps an argument name to its allowed values (for a list
// argument: the allowed values of its items); a tool may override them.
var vocabularies = map[string][]string{
	"granularity":  sightline.Granularities,
	"page_types":   sightline.PageTypes,
	"domain_types": sightline.DomainTypes,
	"types":        recommendationTypes,
	"intents":      sightline.Intents,
	"impacts":      recommendationImpacts,
	"state":        recommendationStates,
	"states":       recommendationStates,
	"verification": sightline.Verifications,
	"purposes":     sightline.AgentPurposes,
}

// minimums maps an argument name to its smallest value.
var minimums = map[string]float64{"page": 1, "page_size": 1}

// typeSchemas override inference: free-form JSON is any value; brand_rate's
// statistics are embedded by pointer in every summary stat but present on
// total_citations only, so they are optional properties.
var typeSchemas = map[reflect.Type]*jsonschema.Schema{
	reflect.TypeFor[json.RawMessage](): {},
	reflect.TypeFor[*sightline.BrandRateStats](): {Type: "object", Properties: map[string]*jsonschema.Schema{
		"brand_rate_sample_size": {Type: "integer", Minimum: new(0.0)},
		"brand_rate_ci_low":      {Types: []string{"null", "number"}},
		"brand_rate_ci_high":     {Types: []string{"null", "number"}},
	}},
}

// inputSchema returns the argument schema of In: an object whose unknown
// properties are refused, so that a misspelled filter fails loudly.
func inputSchema[In any](enums map[string][]string) *jsonschema.Schema {
	s, err := jsonschema.For[In](&jsonschema.ForOptions{TypeSchemas: typeSchemas})
	if err != nil {
		panic(fmt.Sprintf("mcp: input schema of %T: %v", *new(In), err))
	}
	for name, p := range s.Properties {
		target := p
		if p.Items != nil {
			target = p.Items
		}
		vals, ok := enums[name]
		if !ok {
			vals, ok = vocabularies[name]
		}
		if ok {
			target.Enum = make([]any, len(vals))
			for i, v := range vals {
				target.Enum[i] = v
			}
		}
		if m, ok := minimums[name]; ok {
			p.Minimum = &m
		}
	}
	return s
}

// outputSchema returns the schema of a tool's structured output.
func outputSchema[Out any]() *jsonschema.Schema {
	s, err := jsonschema.For[Out](&jsonschema.ForOptions{TypeSchemas: typeSchemas})
	if err != nil {
		panic(fmt.Sprintf("mcp: output schema of %T: %v", *new(Out), err))
	}
	// Tools answer pointers but never null: structured content is an object.
	if len(s.Types) == 2 && s.Types[0] == "null" {
		s.Type, s.Types = s.Types[1], nil
	}
	return s
}
