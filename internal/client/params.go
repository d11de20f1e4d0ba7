package client

import (
	"net/url"
	"reflect"
	"strconv"
)

// Query parameters follow the list conventions of docs/api.md: every field
// carries its exact query name in a `query` tag; zero values are not sent,
// so the API's defaults apply; list values are sent as repeated
// `filter[x][]` keys (never CSV, so a value holding a comma stays whole).

// Pagination selects one page of a list: page ≥ 1 (default 1), page_size
// ≥ 1 (default 25, 50 for brands; above 100 clamped to 100).
type Pagination struct {
	Page     int `query:"page"`
	PageSize int `query:"page_size"`
}

// Window is the ran_at window of a metric: YYYY-MM-DD or RFC 3339. Defaults:
// the last 30 days (90 for ads) up to the end of today, UTC; a date-only end
// means the end of that day.
type Window struct {
	RanAtStart string `query:"filter[ran_at_start]"`
	RanAtEnd   string `query:"filter[ran_at_end]"`
}

// MetricFilter holds the filters every metric endpoint shares.
type MetricFilter struct {
	Window
	// TargetBrand is the brand name whose mentions count as the target
	// (default: the brand's own name).
	TargetBrand string `query:"filter[target_brand]"`
	// BrandIDs are found-brand mapping ids that scope the numerators.
	BrandIDs    []string `query:"filter[brand_ids]"`
	ProviderIDs []string `query:"filter[provider_ids]"`
	RegionIDs   []string `query:"filter[region_ids]"`
}

// OverviewFilter narrows a metric scope to topics and prompts.
type OverviewFilter struct {
	MetricFilter
	TopicIDs  []string `query:"filter[topic_ids]"`
	PromptIDs []string `query:"filter[prompt_ids]"`
}

// PromptRegion is one prompt in one region (filter[prompt_regions]).
type PromptRegion struct {
	PromptID string
	RegionID string
}

// encodeQuery turns a params struct (or pointer to one) into query values.
func encodeQuery(params any) url.Values {
	q := url.Values{}
	v := reflect.ValueOf(params)
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return q
		}
		v = v.Elem()
	}
	if v.Kind() == reflect.Struct {
		addQuery(q, v)
	}
	return q
}

func addQuery(q url.Values, v reflect.Value) {
	t := v.Type()
	for i := range t.NumField() {
		f, fv := t.Field(i), v.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			addQuery(q, fv)
			continue
		}
		name := f.Tag.Get("query")
		if name == "" || !f.IsExported() {
			continue
		}
		switch x := fv.Interface().(type) {
		case string:
			if x != "" {
				q.Set(name, x)
			}
		case int:
			if x != 0 {
				q.Set(name, strconv.Itoa(x))
			}
		case bool:
			if x {
				q.Set(name, "true")
			}
		case *bool:
			if x != nil {
				q.Set(name, strconv.FormatBool(*x))
			}
		case []string:
			for _, s := range x {
				q.Add(name+"[]", s)
			}
		case []PromptRegion:
			for _, pr := range x {
				q.Add(name+"[]", pr.PromptID+","+pr.RegionID)
			}
		default:
			panic("client: unsupported query field type " + f.Type.String())
		}
	}
}
