package httpapi_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/openapi/openapitest"
)

// The vocabularies are defined once, in the root package (internal/analyze
// uses those slices); the OpenAPI document spells them out and must say
// the same, in the same order.
func TestVocabularies_OpenAPI(t *testing.T) {
	t.Parallel()
	doc := openapitest.MustLoad(t).Doc
	for name, want := range map[string][]string{
		"PageType":            sightline.PageTypes,
		"DomainType":          sightline.DomainTypes,
		"Intent":              sightline.Intents,
		"RecommendationState": sightline.RecommendationStates,
	} {
		ref := doc.Components.Schemas[name]
		if ref == nil {
			t.Errorf("no schema %s", name)
			continue
		}
		var got []string
		for _, v := range ref.Value.Enum {
			if s, ok := v.(string); ok {
				got = append(got, s)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s enum differs from the root package's (-root +document):\n%s", name, diff)
		}
	}
}
