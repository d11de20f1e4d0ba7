package httpapi_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/openapi/openapitest"
)

// TestOpenAPI_Demo calls every route on the demo data set, with defaults,
// with every documented parameter, with interesting filters and in every
// error case, through the validating client; then checks that no route
// escaped a successful call.
func TestOpenAPI_Demo(t *testing.T) {
	t.Parallel()
	e := newAPIEnv(t)
	v := openapitest.MustLoad(t)
	routes := e.srv.Routes()

	t.Run("Defaults", func(t *testing.T) {
		for _, r := range routes {
			if r.Method != http.MethodGet {
				continue // writes: see Writes
			}
			t.Run(r.Method+" "+r.Path, func(t *testing.T) {
				t.Parallel()
				c := e.credentials(r.Access, call{method: r.Method, path: fill(t, r.Path, e.ids)})
				wantStatus(t, e.do(t, c), successOf(t, v, r))
			})
		}
	})
	t.Run("AllParameters", func(t *testing.T) {
		for _, r := range routes {
			op := v.Operation(r.Method, r.Path)
			if r.Method != http.MethodGet || op == nil || len(op.QueryParameters()) == 0 {
				continue
			}
			t.Run(r.Method+" "+r.Path, func(t *testing.T) {
				t.Parallel()
				q := url.Values{}
				for name, p := range op.QueryParameters() {
					q[name] = e.sample(t, op, p)
				}
				c := e.credentials(r.Access, call{method: r.Method, path: fill(t, r.Path, e.ids) + "?" + q.Encode()})
				wantStatus(t, e.do(t, c), successOf(t, v, r))
			})
		}
	})
	t.Run("Filters", func(t *testing.T) { e.testFilters(t) })
	t.Run("RetrievedOnly", func(t *testing.T) { e.testRetrievedOnly(t) })
	t.Run("Errors", func(t *testing.T) { e.testErrors(t, v, routes) })
	t.Run("UndocumentedFilters", func(t *testing.T) { e.testUndocumentedFilters(t, v, routes) })
	t.Run("Bodies", func(t *testing.T) { e.testBodies(t, v, routes) })
	t.Run("BadInput", func(t *testing.T) { e.testBadInput(t, v, routes) })
	t.Run("CrossOrganization", func(t *testing.T) { e.testCrossOrganization(t, v, routes) })
	t.Run("Writes", func(t *testing.T) { e.testWrites(t) })

	for _, r := range routes {
		ok := false
		for status := range e.seen[r.Method+" "+r.Path] {
			ok = ok || status/100 == 2
		}
		if !ok {
			t.Errorf("route %s %s was never called successfully", r.Method, r.Path)
		}
	}
}

// successOf returns the first documented 2xx status of a route.
func successOf(t *testing.T, v *openapitest.Validator, r httpapi.Route) int {
	t.Helper()
	op := v.Operation(r.Method, r.Path)
	if op == nil {
		t.Fatalf("%s %s is not documented", r.Method, r.Path)
	}
	for _, code := range op.Statuses() {
		if code[0] == '2' {
			return atoi(code)
		}
	}
	t.Fatalf("%s %s documents no success", r.Method, r.Path)
	return 0
}

func wantStatus(t *testing.T, r response, status int) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status = %d, want %d; body %s", r.status, status, r.body)
	}
}

// sample returns a valid value for a documented query parameter. A new
// parameter without a sample fails the test: teach it here.
func (e *apiEnv) sample(t *testing.T, op *openapitest.Operation, p *openapi3.Parameter) []string {
	t.Helper()
	fx := e.fx
	switch p.Name {
	case "page":
		return []string{"1"}
	case "page_size":
		return []string{"5"}
	case "sort":
		keys := sortKeys(p)
		if len(keys) == 0 {
			t.Fatalf("%s: sort documents no x-sort-keys", op.OperationID)
		}
		return []string{"-" + keys[len(keys)-1] + "," + keys[0]}
	case "filter[ran_at_start]":
		return []string{fx.Window.Start.Format("2006-01-02")}
	case "filter[ran_at_end]":
		return []string{demoNow.Format("2006-01-02T15:04:05Z")}
	case "filter[target_brand]":
		return []string{fx.BrandName}
	case "filter[brand_ids]":
		return []string{e.foundBrandID}
	case "filter[provider_ids]":
		return []string{fx.ProviderIDs[0] + "," + fx.ProviderIDs[1]}
	case "filter[region_ids]":
		return fx.RegionIDs[:2]
	case "filter[topic_ids]":
		return []string{fx.TopicIDs[0]}
	case "filter[prompt_ids]":
		return []string{fx.Prompts[0].ID, fx.Prompts[1].ID}
	case "filter[prompt_id]":
		return []string{fx.Prompts[0].ID}
	case "filter[prompt_regions]":
		return []string{fx.Prompts[0].ID + "," + fx.RegionIDs[0]}
	case "filter[query]":
		return []string{"a"}
	case "filter[domains]":
		return []string{fx.BrandDomain}
	case "filter[url]":
		return []string{"https://" + fx.BrandDomain}
	case "filter[youtube_channel]":
		return []string{"Taskloom"}
	case "filter[subreddit]":
		return []string{"projectmanagement"}
	case "filter[mentions]":
		return []string{fx.BrandID, fx.Competitors[0].ID}
	case "filter[cites_domain]":
		return []string{fx.BrandDomain}
	case "filter[cites_url]":
		return []string{"https://" + fx.BrandDomain}
	case "filter[retrieved_only]":
		// true refuses page_types, brand_ids, …, sampled beside it:
		// testRetrievedOnly calls it
		return []string{"false"}
	case "filter[recommendation_ids]":
		return []string{e.ids["recommendations/{id}"]}
	case "filter[operators]":
		return []string{"openai,anthropic"}
	case "filter[agents]":
		return []string{"GPTBot", "ClaudeBot"}
	case "filter[sources]":
		return []string{"chatgpt,perplexity"}
	}
	if s := p.Schema.Value; s != nil {
		if s.Type.Is(openapi3.TypeBoolean) {
			return []string{"true"}
		}
		items := s
		if s.Type.Is(openapi3.TypeArray) && s.Items != nil {
			items = s.Items.Value
		}
		if len(items.Enum) > 0 {
			return []string{fmt.Sprint(items.Enum[len(items.Enum)-1])}
		}
	}
	t.Fatalf("%s: no sample value for parameter %s; add one to (*apiEnv).sample", op.OperationID, p.Name)
	return nil
}

// malformed returns a value the parameter's schema refuses, or "" when
// any text is valid.
func malformed(p *openapi3.Parameter) string {
	s := p.Schema.Value
	if s.Type.Is(openapi3.TypeArray) && s.Items != nil {
		if s.Items.Value.Pattern != "" {
			return "not-a-pair"
		}
		s = s.Items.Value
	}
	switch {
	case s.Type.Is(openapi3.TypeInteger):
		return "1.5"
	case s.Type.Is(openapi3.TypeBoolean):
		return "maybe"
	case len(s.Enum) > 0:
		return "bogus"
	case s.Format == "uuid":
		return "not-a-uuid"
	case len(s.AnyOf) > 0:
		return "yesterday"
	}
	return ""
}

func (e *apiEnv) testFilters(t *testing.T) {
	fx := e.fx
	b := "/api/v2/brands/" + fx.BrandID
	type meta struct {
		Meta sightline.PageMeta `json:"meta"`
		Data []json.RawMessage  `json:"data"`
	}
	tests := []struct {
		name, path string
		check      func(t *testing.T, body []byte)
	}{
		{"TopicsCSVAndBrackets", b + "/topics?filter[provider_ids]=" + fx.ProviderIDs[0] + "," + fx.ProviderIDs[1] +
			"&filter[region_ids][]=" + fx.RegionIDs[0] + "&filter[region_ids][]=" + fx.RegionIDs[1], nil},
		{"TopicDateOnlyWindow", b + "/topics/" + fx.TopicIDs[1] + "?filter[ran_at_start]=2026-03-13&filter[ran_at_end]=2026-03-14", nil},
		{"TopicCompetitorTarget", b + "/topics/" + fx.TopicIDs[2] + "?filter[target_brand]=" + url.QueryEscape(fx.Competitors[0].Name), nil},
		{"TopicsFoundBrands", b + "/topics?filter[brand_ids]=" + e.foundBrandID + "&filter[is_deleted]=false", nil},
		{"MentionShareWeek", b + "/citations/mention_share?filter[granularity]=week&filter[domains]=" + fx.BrandDomain, nil},
		{"MentionShareURL", b + "/citations/mention_share?filter[granularity]=month&filter[url]=" + url.QueryEscape("https://www."+fx.BrandDomain+"/"), nil},
		{"OverviewTopic", b + "/citations/overview?filter[topic_ids]=" + fx.TopicIDs[0] + "&filter[ran_at_start]=2026-03-01", nil},
		{"PagesFiltered", b + "/citations/pages?filter[page_types][]=article&filter[page_types][]=discussion&filter[domain_types]=earned,review&sort=-page&page_size=3", nil},
		{"PagesQuery", b + "/citations/pages?filter[query]=REDDIT&filter[prompt_regions]=" + fx.Prompts[0].ID + "," + fx.RegionIDs[0] + "," + fx.Prompts[1].ID + "," + fx.RegionIDs[1], nil},
		{"PagesClamped", b + "/citations/pages?page_size=500", func(t *testing.T, body []byte) {
			var m meta
			decode(t, body, &m)
			if m.Meta.PageSize != 100 {
				t.Errorf("page_size = %d, want 100 (clamped)", m.Meta.PageSize)
			}
		}},
		{"SearchQueriesQuery", b + "/search_queries?filter[query]=A&sort=query&page_size=5", func(t *testing.T, body []byte) {
			var m struct {
				Data []sightline.SearchQueryRow `json:"data"`
			}
			decode(t, body, &m)
			if len(m.Data) == 0 {
				t.Fatal("no search query contains a")
			}
			for i, r := range m.Data {
				if !strings.Contains(r.Query, "a") || r.VisibilitySampleSize != r.RunCount || r.RunCount == 0 ||
					(i > 0 && m.Data[i-1].Query >= r.Query) {
					t.Errorf("row %d %+v: not a folded match of a, sorted by query, with run_count samples", i, r)
				}
			}
		}},
		{"PagesPastTheEnd", b + "/citations/pages?page=100000", func(t *testing.T, body []byte) {
			var m meta
			decode(t, body, &m)
			if len(m.Data) != 0 || m.Meta.Page != 100000 || m.Meta.TotalItems == 0 {
				t.Errorf("past the end: %d rows, meta %+v", len(m.Data), m.Meta)
			}
		}},
		{"DomainsOwned", b + "/citations/domains?filter[domain_types]=owned,competitor_owned&sort=-brand_citation_count,domain", nil},
		{"DomainsOverviewMonth", b + "/citations/domains/overview?filter[granularity]=month&filter[provider_ids]=" + fx.ProviderIDs[2], nil},
		{"SummaryRegion", b + "/citations/summary?filter[region_ids]=" + fx.RegionIDs[2], nil},
		{"SOVWeekSorted", b + "/share_of_voice?filter[granularity]=week&sort=name&page_size=3&page=2", nil},
		{"CompetitorsByVisibility", b + "/competitors?sort=-visibility", nil},
		{"PromptsOfTopic", b + "/prompts?filter[topic_ids]=" + fx.TopicIDs[3] + "&filter[query]=the&filter[is_deleted]=true", nil},
		{"AdsByAdvertiser", b + "/ads?filter[query]=" + url.QueryEscape("gantt") + "&sort=advertiser_name", nil},
		{"Advertisers90Days", b + "/advertisers?filter[ran_at_start]=2025-12-15&sort=-ad_count", nil},
		{"EmptyWindow", b + "/citations/overview?filter[ran_at_start]=2020-01-01&filter[ran_at_end]=2020-01-31", nil},
		{"AgentOverviewSpoofed", b + "/agents/overview?filter[verification]=spoofed", func(t *testing.T, body []byte) {
			var m struct{ Data sightline.AgentOverview }
			decode(t, body, &m)
			// the demo's spoofers: GPTBot 3 and PerplexityBot 2 a day (docs/demo.md)
			if m.Data.Visits != 5*demoDays || m.Data.VerifiedVisits != 0 || len(m.Data.ByOperator) != 2 {
				t.Errorf("spoofed visits: %+v", m.Data)
			}
		}},
		{"AgentPagesCrawledNotCited", b + "/agents/pages?filter[crawled_not_cited]=true&page_size=100", func(t *testing.T, body []byte) {
			var m struct{ Data []sightline.AgentPageRow }
			decode(t, body, &m)
			pages := map[string]bool{}
			for _, r := range m.Data {
				pages[r.Page] = true
				if r.Visits == 0 || r.CitationCount != 0 {
					t.Errorf("row %+v: not crawled and uncited", r)
				}
			}
			if !pages["https://"+fx.BrandDomain+"/careers"] || !pages["https://"+fx.BrandDomain+"/old-pricing"] {
				t.Errorf("crawled, not cited: %v lacks /careers or /old-pricing", pages)
			}
		}},
		{"AgentPagesCitedNotCrawled", b + "/agents/pages?filter[cited_not_crawled]=true&sort=-citation_count", func(t *testing.T, body []byte) {
			var m struct{ Data []sightline.AgentPageRow }
			decode(t, body, &m)
			if len(m.Data) == 0 {
				t.Fatal("no page is cited and not crawled")
			}
			for i, r := range m.Data {
				if r.CitationCount == 0 || r.VerifiedVisits != 0 || (i > 0 && m.Data[i-1].CitationCount < r.CitationCount) {
					t.Errorf("row %d %+v: not cited without verified visits, by citations", i, r)
				}
			}
		}},
		{"AIReferralsBySource", b + "/agents/referrals?filter[sources]=chatgpt,claude&page_size=100", func(t *testing.T, body []byte) {
			var m struct {
				Data []sightline.AIReferralRow
				Meta struct {
					sightline.PageMeta
					sightline.AIReferralMeta
				}
			}
			decode(t, body, &m)
			rows, bySource, series := 0, 0, 0
			for _, r := range m.Data {
				rows += r.Visits
			}
			for _, s := range m.Meta.BySource {
				bySource += s.Visits
			}
			for _, p := range m.Meta.Series {
				series += p.Visits
			}
			// chatgpt 10 a day (referrer and utm_source), claude 2 (docs/demo.md)
			if rows != 12*demoDays || bySource != rows || series != rows || len(m.Meta.BySource) != 2 {
				t.Errorf("referrals: rows %d, by_source %d, series %d, meta %+v", rows, bySource, series, m.Meta)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := e.do(t, call{method: "GET", path: tt.path, key: fx.APIKey})
			wantStatus(t, r, http.StatusOK)
			if tt.check != nil {
				tt.check(t, r.body)
			}
		})
	}
}

// testErrors runs the error cases every route shares, derived from the
// route table and the document so that a new route gets them too.
func (e *apiEnv) testErrors(t *testing.T, v *openapitest.Validator, routes []httpapi.Route) {
	fx := e.fx
	unknownKey := sightline.APIKeyPrefix + strings.Repeat("A", 43)
	methods := map[string][]string{} // path → documented methods
	for _, r := range routes {
		methods[r.Path] = append(methods[r.Path], r.Method)
	}
	for _, r := range routes {
		op := v.Operation(r.Method, r.Path)
		path := fill(t, r.Path, e.ids)
		body, ctype := e.validBody(r)
		base := call{method: r.Method, path: path, body: body, ctype: ctype}
		t.Run(r.Method+" "+r.Path, func(t *testing.T) {
			t.Parallel()
			type tc struct {
				name   string
				c      call
				status int
				code   string
				fields []string
			}
			var cases []tc
			switch r.Access {
			case "public":
				noKey, badKey, revoked, expired := base, base, base, base
				noKey.invalid = true
				badKey.key, revoked.key, expired.key = unknownKey, fx.RevokedAPIKey, fx.ExpiredAPIKey
				cases = append(cases,
					tc{"NoKey", noKey, 401, sightline.EUNAUTHORIZED, nil},
					tc{"UnknownKey", badKey, 401, sightline.EUNAUTHORIZED, nil},
					tc{"RevokedKey", revoked, 401, sightline.EUNAUTHORIZED, nil},
					tc{"ExpiredKey", expired, 401, sightline.EUNAUTHORIZED, nil})
			case "internal":
				none, withKey, otherKey := base, base, base
				none.invalid, withKey.invalid, otherKey.invalid = true, true, true
				withKey.key, otherKey.key = fx.APIKey, fx.OtherOrg.APIKey
				wrongToken := base
				wrongToken.bearer = adminToken + "x"
				cases = append(cases,
					tc{"WrongToken", wrongToken, 401, sightline.EUNAUTHORIZED, nil},
					tc{"NoToken", none, 401, sightline.EUNAUTHORIZED, nil},
					tc{"APIKey", withKey, 403, sightline.EFORBIDDEN, nil},
					tc{"OtherOrgAPIKey", otherKey, 403, sightline.EFORBIDDEN, nil})
			}
			auth := e.credentials(r.Access, base)

			// wrong method: one the path does not document
			for _, m := range []string{"PUT", "DELETE", "POST", "PATCH", "GET"} {
				if !slices.Contains(methods[r.Path], m) {
					c := auth
					c.method, c.body, c.invalid = m, nil, true
					cases = append(cases, tc{"Method" + m, c, 405, sightline.EMETHOD, nil})
					break
				}
			}
			// unknown resources
			for _, key := range pathParams(r.Path) {
				c := auth
				c.path = fill(t, r.Path, with(e.ids, key, "00000000-0000-4000-8000-000000000000"))
				cases = append(cases, tc{"Unknown " + key, c, 404, sightline.ENOTFOUND, nil})
				c.path, c.invalid = fill(t, r.Path, with(e.ids, key, "not-a-uuid")), true
				cases = append(cases, tc{"NonUUID " + key, c, 404, sightline.ENOTFOUND, nil})
			}
			// parameters
			params := op.QueryParameters()
			if op.Doc().Responses.Status(400) != nil && len(params) > 0 {
				for _, q := range []string{"filter[bogus]", "limit"} {
					c := auth
					c.path, c.invalid = path+"?"+q+"=1", true
					cases = append(cases, tc{"Unknown " + q, c, 400, sightline.EINVALIDPARAM, []string{q}})
				}
			}
			names := make([]string, 0, len(params))
			for name := range params {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				bad := malformed(params[name])
				if bad == "" {
					continue
				}
				c := auth
				c.path, c.invalid = path+"?"+url.QueryEscape(name)+"="+url.QueryEscape(bad), true
				cases = append(cases, tc{"Malformed " + name, c, 400, sightline.EINVALIDPARAM, []string{name}})
			}
			if _, ok := params["filter[ran_at_start]"]; ok {
				c := auth
				c.path = path + "?filter[ran_at_start]=2026-03-10&filter[ran_at_end]=2026-03-01"
				cases = append(cases, tc{"StartAfterEnd", c, 400, sightline.EINVALIDPARAM, []string{"filter[ran_at_start]"}})
			}
			for _, tt := range cases {
				t.Run(tt.name, func(t *testing.T) {
					t.Parallel()
					fields := wantError(t, e.do(t, tt.c), tt.status, tt.code)
					if tt.fields != nil {
						if diff := cmp.Diff(tt.fields, fields); diff != "" {
							t.Errorf("details[].field (-want +got):\n%s", diff)
						}
					}
				})
			}
		})
	}
}

// testUndocumentedFilters holds the handlers to the document the other way
// round: every filter[...] key documented anywhere, sent to an operation
// that does not document it, must be refused as unknown (400 naming it),
// so a handler cannot read a filter its operation leaves out.
func (e *apiEnv) testUndocumentedFilters(t *testing.T, v *openapitest.Validator, routes []httpapi.Route) {
	type known struct {
		op *openapitest.Operation
		p  *openapi3.Parameter
	}
	filters := map[string]known{}
	for _, op := range v.Operations() {
		for name, p := range op.QueryParameters() {
			if strings.HasPrefix(name, "filter[") {
				filters[name] = known{op, p}
			}
		}
	}
	names := make([]string, 0, len(filters))
	for name := range filters {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, r := range routes {
		op := v.Operation(r.Method, r.Path)
		bad := op.Doc().Responses.Status(400)
		if bad == nil || !strings.Contains(bad.Ref, "InvalidParameter") {
			continue // the handler reads no query parameters
		}
		documented := op.QueryParameters()
		path := fill(t, r.Path, e.ids)
		body, ctype := e.validBody(r)
		t.Run(r.Method+" "+r.Path, func(t *testing.T) {
			t.Parallel()
			for _, name := range names {
				if documented[name] != nil {
					continue
				}
				k := filters[name]
				q := url.Values{name: e.sample(t, k.op, k.p)}
				c := e.credentials(r.Access, call{method: r.Method, path: path + "?" + q.Encode(), body: body, ctype: ctype, invalid: true})
				res := e.do(t, c)
				if res.status != http.StatusBadRequest {
					t.Errorf("%s is not documented for %s but the handler answers %d: document it or stop reading it",
						name, op.OperationID, res.status)
					continue
				}
				if diff := cmp.Diff([]string{name}, wantError(t, res, http.StatusBadRequest, sightline.EINVALIDPARAM)); diff != "" {
					t.Errorf("details[].field (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// testCrossOrganization holds every brand-scoped public route to tenancy:
// a key of one organization on the other's brand, and on its own brand
// with the other's resource ids, answers 404 NOT_FOUND with the same
// message as a random UUID — writes included, and they change nothing.
// Brands are checked both ways; resources with the second organization's
// key on the main one's resources, which exist for every kind.
func (e *apiEnv) testCrossOrganization(t *testing.T, v *openapitest.Validator, routes []httpapi.Route) {
	random := "3b1f6a52-9c0e-4b7a-8d21-5f4e3c2b1a09"
	fx := e.fx
	type side struct {
		name  string
		key   string
		ids   map[string]string // the caller's own ids
		other map[string]string // the other organization's ids
	}
	overlay := func(base, top map[string]string) map[string]string {
		out := maps.Clone(base)
		maps.Copy(out, top)
		return out
	}
	main := side{"MainKey", fx.APIKey, e.ids, overlay(e.ids, e.other)}
	second := side{"OtherKey", fx.OtherOrg.APIKey, overlay(e.ids, e.other), e.ids}
	for _, r := range routes {
		if r.Access != "public" || !strings.Contains(r.Path, "{brand_id}") {
			continue
		}
		body, ctype := e.validBody(r)
		type check struct {
			name        string
			key         string
			cross, rand string // paths
		}
		var checks []check
		for _, s := range []side{main, second} {
			checks = append(checks, check{s.name + " brands/{brand_id}", s.key,
				fill(t, r.Path, s.other), fill(t, r.Path, with(s.other, "brands/{brand_id}", random))})
		}
		for _, key := range pathParams(r.Path)[1:] {
			checks = append(checks, check{second.name + " " + key, second.key,
				fill(t, r.Path, with(second.ids, key, e.ids[key])), fill(t, r.Path, with(second.ids, key, random))})
		}
		for _, c := range checks {
			t.Run(r.Method+" "+r.Path+" "+c.name, func(t *testing.T) {
				t.Parallel()
				cross := call{method: r.Method, path: c.cross, key: c.key, body: body, ctype: ctype}
				unknown := cross
				unknown.path = c.rand
				got, want := e.do(t, cross), e.do(t, unknown)
				wantError(t, got, http.StatusNotFound, sightline.ENOTFOUND)
				wantError(t, want, http.StatusNotFound, sightline.ENOTFOUND)
				if m1, m2 := errorMessage(got.body), errorMessage(want.body); m1 != m2 {
					t.Errorf("the other organization's resource answers %q, an unknown one %q", m1, m2)
				}
			})
		}
	}
	// Resources of the organization itself (webhooks and their
	// deliveries): each key on the other organization's ids, and on its own
	// endpoint with the other's delivery, both ways.
	for _, r := range routes {
		if r.Access != "public" || strings.Contains(r.Path, "{brand_id}") || !strings.Contains(r.Path, "{") {
			continue
		}
		body, ctype := e.validBody(r)
		params := pathParams(r.Path)
		for _, s := range []side{main, second} {
			checks := []struct{ name, cross, rand string }{{s.name + " " + params[0],
				fill(t, r.Path, s.other), fill(t, r.Path, with(s.other, params[0], random))}}
			for _, key := range params[1:] {
				checks = append(checks, struct{ name, cross, rand string }{s.name + " " + key,
					fill(t, r.Path, with(s.ids, key, s.other[key])), fill(t, r.Path, with(s.ids, key, random))})
			}
			for _, c := range checks {
				t.Run(r.Method+" "+r.Path+" "+c.name, func(t *testing.T) {
					t.Parallel()
					cross := call{method: r.Method, path: c.cross, key: s.key, body: body, ctype: ctype}
					unknown := cross
					unknown.path = c.rand
					got, want := e.do(t, cross), e.do(t, unknown)
					wantError(t, got, http.StatusNotFound, sightline.ENOTFOUND)
					wantError(t, want, http.StatusNotFound, sightline.ENOTFOUND)
					if m1, m2 := errorMessage(got.body), errorMessage(want.body); m1 != m2 {
						t.Errorf("the other organization's resource answers %q, an unknown one %q", m1, m2)
					}
				})
			}
		}
	}
}

func errorMessage(body []byte) string {
	var e struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil {
		return "(not JSON)"
	}
	return e.Error.Message
}

// testRetrievedOnly checks the retrieved sources of the citation lists on
// the demo data (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only):
// the retrieved-only rows are never cited in a text of the window, sorted by
// retrieved_count, classified; the cited rows carry retrieved_count; the
// filters a never-cited page cannot have are refused by name.
func (e *apiEnv) testRetrievedOnly(t *testing.T) {
	fx := e.fx
	b := "/api/v2/brands/" + fx.BrandID
	type list struct {
		Data []sightline.CitationRow `json:"data"`
		Meta sightline.PageMeta      `json:"meta"`
	}
	get := func(t *testing.T, path string) list {
		t.Helper()
		r := e.do(t, call{method: "GET", path: path, key: fx.APIKey})
		wantStatus(t, r, http.StatusOK)
		var l list
		decode(t, r.body, &l)
		return l
	}
	cited := get(t, b+"/citations/pages?page_size=100")
	retrieved := 0
	for _, r := range cited.Data {
		if r.RetrievedCount == nil {
			t.Fatalf("cited page %s: retrieved_count null", r.Page)
		}
		retrieved += *r.RetrievedCount
	}
	if retrieved == 0 {
		t.Error("no cited page of the demo was retrieved")
	}
	for _, level := range []string{"pages", "domains"} {
		only := get(t, b+"/citations/"+level+"?filter[retrieved_only]=true&page_size=100")
		// the demo's runs read the brand's guides, which no text cites
		if (level == "pages" && len(only.Data) == 0) || only.Meta.TotalItems < len(only.Data) {
			t.Fatalf("%s: %d retrieved-only rows, meta %+v", level, len(only.Data), only.Meta)
		}
		for i, r := range only.Data {
			if r.RetrievedCount == nil || *r.RetrievedCount <= 0 || r.TotalCitationCount != 0 || len(r.CitationTypes) != 0 ||
				!slices.Contains(sightline.PageTypes, r.PageType) || !slices.Contains(sightline.DomainTypes, r.DomainType) ||
				r.DomainType == sightline.DomainEarned || r.DomainType == sightline.DomainCompetitorEarned {
				t.Errorf("%s row %d: %+v", level, i, r)
			}
			if i > 0 && *only.Data[i-1].RetrievedCount < *r.RetrievedCount {
				t.Errorf("%s row %d: retrieved_count %d after %d", level, i, *r.RetrievedCount, *only.Data[i-1].RetrievedCount)
			}
			// no text of the window cites it: the cited list has it as a
			// listed source at most
			q := url.QueryEscape(r.Page)
			if level == "domains" {
				q = url.QueryEscape(r.Domain)
			}
			key := "filter[query]=" + q
			if level == "pages" {
				key += "&filter[domains]=" + url.QueryEscape(r.Domain)
			}
			for _, c := range get(t, b+"/citations/"+level+"?page_size=100&"+key).Data {
				if ((level == "pages" && c.Page == r.Page) || (level == "domains" && c.Domain == r.Domain)) &&
					slices.Contains(c.CitationTypes, sightline.CitationInline) {
					t.Errorf("%s row %d %s/%s is cited inline in the window", level, i, r.Domain, r.Page)
				}
			}
			if i == 4 {
				break // five rows are enough for the cross-check
			}
		}
	}
	owned := get(t, b+"/citations/pages?filter[retrieved_only]=true&filter[domain_types]=owned&page_size=100")
	if len(owned.Data) == 0 {
		t.Error("no owned retrieved-only page: the demo's guides are the brand's")
	}
	for _, r := range owned.Data {
		if r.DomainType != sightline.DomainOwned || r.Domain != fx.BrandDomain {
			t.Errorf("owned retrieved-only row %+v", r)
		}
	}
	for _, bad := range []struct{ query, field string }{
		{"filter[page_types]=article", "filter[page_types]"},
		{"filter[brand_ids]=" + e.foundBrandID, "filter[brand_ids]"},
		{"filter[subreddit]=crm", "filter[subreddit]"},
		{"filter[youtube_channel]=x", "filter[youtube_channel]"},
		{"filter[domain_types]=earned", "filter[domain_types]"},
	} {
		r := e.do(t, call{method: "GET", path: b + "/citations/pages?filter[retrieved_only]=true&" + bad.query, key: fx.APIKey})
		if fields := wantError(t, r, http.StatusBadRequest, sightline.EINVALIDPARAM); !slices.Equal(fields, []string{bad.field}) {
			t.Errorf("%s: fields %v, want %s", bad.query, fields, bad.field)
		}
	}
}
