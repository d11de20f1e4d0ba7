package httpapi

import (
	"errors"
	"net/http"
	"net/url"
	"testing"

	"github.com/sightline/sightline"
)

// FuzzParams reads any query string with every getter the list endpoints
// use: it never panics, every list stays within its cap, the window is
// ordered, the page within bounds, and a problem is INVALID_PARAMETER with
// details that each carry a code and a message.
func FuzzParams(f *testing.F) {
	for _, s := range []string{
		"", "page=2&page_size=500", "filter[topic_ids]=a,b&filter[topic_ids][]=c", "limit=1&offset=2",
		"filter[ran_at_start]=2026-03-10&filter[ran_at_end]=2026-03-01", "sort=-name,created_at,bogus",
		"filter[prompt_regions]=00000000-0000-4000-8000-000000000001,00000000-0000-4000-8000-000000000002",
		"%zz", "filter[page_types]=review,bogus&filter[granularity]=week", "filter[is_deleted]=maybe",
		"filter[ran_at_end]=2026-03-01T00:00:00.123456789Z&page=-1", "filter[brand_ids]=" + url.QueryEscape("0,0,0,0"),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		r := &http.Request{Method: http.MethodGet, URL: &url.URL{Path: "/api/v2/x", RawQuery: raw}}
		p := newParams(r, testNow)
		for _, name := range []string{"filter[brand_ids]", "filter[provider_ids]", "filter[region_ids]", "filter[topic_ids]", "filter[prompt_ids]"} {
			if n := len(p.uuids(name)); n > sightline.MaxFilterValues {
				t.Fatalf("%s: %d values", name, n)
			}
		}
		for name, allowed := range map[string][]string{
			"filter[page_types]": sightline.PageTypes, "filter[domain_types]": sightline.DomainTypes,
			"filter[states]": sightline.RecommendationStates, "filter[impacts]": sightline.Impacts,
		} {
			if n := len(p.enums(name, allowed)); n > len(allowed) {
				t.Fatalf("%s: %d values of %d allowed", name, n, len(allowed))
			}
		}
		if n := len(p.promptRegions("filter[prompt_regions]")); n > sightline.MaxFilterValues {
			t.Fatalf("filter[prompt_regions]: %d pairs", n)
		}
		w := p.window(30)
		pr := p.page(sightline.DefaultPageSize)
		p.sort(sightline.TopicSortKeys)
		p.granularity()
		p.boolean("filter[is_deleted]", false)
		p.uuid("filter[prompt_id]")
		p.text("filter[query]")
		err := p.err()
		if err == nil {
			if !w.Start.Before(w.End) {
				t.Fatalf("window %v – %v accepted", w.Start, w.End)
			}
			if pr.Page < 1 || pr.PageSize < 1 || pr.PageSize > sightline.MaxPageSize {
				t.Fatalf("page %+v accepted", pr)
			}
			return
		}
		var e *sightline.Error
		if !errors.As(err, &e) || e.Code != sightline.EINVALIDPARAM || e.Message == "" || len(e.Details) == 0 {
			t.Fatalf("error %v", err)
		}
		for _, d := range e.Details {
			if d.Code == "" || d.Message == "" {
				t.Fatalf("detail %+v", d)
			}
		}
	})
}
