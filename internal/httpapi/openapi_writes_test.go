package httpapi_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/openapi/openapitest"
)

// bodyCase is a request body of a route: valid ones succeed; others fail
// with status and code, naming fields; invalid says the document refuses
// the body too (then the validator must).
type bodyCase struct {
	name    string
	body    []byte
	ctype   string
	status  int
	code    string
	fields  []string
	invalid bool
}

// validBody returns a body the route accepts, if it takes one.
func (e *apiEnv) validBody(r httpapi.Route) ([]byte, string) {
	cases := e.bodyCases()[r.Method+" "+r.Path]
	if len(cases) == 0 {
		return nil, ""
	}
	return cases[0].body, cases[0].ctype
}

// bodyCases lists, per route with a body, a valid body first, then the
// bodies each failure class needs.
func (e *apiEnv) bodyCases() map[string][]bodyCase {
	fx := e.fx
	big := strings.Repeat("x", httpapi.DefaultMaxBodyBytes+1)
	run := func(id string) string {
		return fmt.Sprintf(`{"id":%q,"brand_id":%q,"prompt_id":%q,"provider":"chatgpt","region":"us","ran_at":"2026-03-15T08:00:00Z","answer":"%s is great.","citations":[{"url":"https://%s/pricing"}]}`,
			id, fx.BrandID, fx.Prompts[0].ID, fx.BrandName, fx.BrandDomain)
	}
	return map[string][]bodyCase{
		"POST /api/v2/brands/{brand_id}/agent_logs": {
			{name: "Valid", body: []byte(`[{"timestamp":"2026-03-15T08:00:00Z","host":"www.` + fx.BrandDomain + `","path":"/pricing","status_code":200,"ip":"192.0.2.1","user_agent":"GPTBot/1.2"}]`), status: 200},
			{name: "NotJSON", body: []byte(`[{"timestamp":`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
			{name: "TooManyRecords", body: []byte(`[` + strings.Repeat(`{},`, httpapi.MaxAgentLogRecords) + `{}]`), status: 413, code: sightline.ETOOLARGE, invalid: true},
			{name: "TooLarge", body: []byte(`[{"timestamp":"` + big + `"}]`), status: 413, code: sightline.ETOOLARGE, invalid: true},
		},
		"POST /api/v2/brands/{brand_id}/topics": {
			{name: "Valid", body: []byte(`{"topics":[{"name":"Project portfolio management"}]}`), status: 201},
			{name: "NotJSON", body: []byte(`{"topics":[`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
			{name: "UnknownField", body: []byte(`{"topics":[],"extra":1}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"extra"}, invalid: true},
			{name: "WrongType", body: []byte(`{"topics":"a"}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"topics"}, invalid: true},
			{name: "MissingTopics", body: []byte(`{}`), status: 422, code: sightline.EVALIDATION, fields: []string{"topics"}, invalid: true},
			{name: "EmptyTopics", body: []byte(`{"topics":[]}`), status: 422, code: sightline.EVALIDATION, fields: []string{"topics"}, invalid: true},
			{name: "BlankAndMissingNames", body: []byte(`{"topics":[{"name":"ok"},{"name":"  "},{}]}`), status: 422, code: sightline.EVALIDATION,
				fields: []string{"topics[1].name", "topics[2].name"}, invalid: true},
			{name: "TooLong", body: []byte(`{"topics":[{"name":"` + strings.Repeat("é", 201) + `"}]}`), status: 422, code: sightline.EVALIDATION,
				fields: []string{"topics[0].name"}, invalid: true},
			{name: "TooMany", body: []byte(`{"topics":[` + strings.Repeat(`{"name":"t"},`, sightline.MaxTopicsPerRequest) + `{"name":"t"}]}`), status: 422, code: sightline.EVALIDATION,
				fields: []string{"topics"}, invalid: true},
			{name: "TooLarge", body: []byte(`{"topics":[{"name":"` + big + `"}]}`), status: 413, code: sightline.ETOOLARGE, invalid: true},
		},
		"PATCH /api/v2/brands/{brand_id}/competitors/{competitor_id}": {
			{name: "Valid", body: []byte(`{"domain":"` + fx.Competitors[0].Domain + `"}`), status: 200},
			{name: "NotJSON", body: []byte(`domain=x`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
			{name: "UnknownField", body: []byte(`{"domain":"a.com","name":"x"}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"name"}, invalid: true},
			{name: "MissingDomain", body: []byte(`{}`), status: 422, code: sightline.EVALIDATION, fields: []string{"domain"}, invalid: true},
			{name: "NotADomain", body: []byte(`{"domain":"not a domain"}`), status: 422, code: sightline.EVALIDATION, fields: []string{"domain"}},
			{name: "TooLarge", body: []byte(`{"domain":"` + big + `"}`), status: 413, code: sightline.ETOOLARGE},
		},
		"PATCH /api/v2/brands/{brand_id}/content_studio/recommendations/{id}": {
			{name: "Valid", body: []byte(`{"state":"done"}`), status: 200},
			{name: "NotJSON", body: []byte(`{"state":`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
			{name: "UnknownField", body: []byte(`{"state":"done","archived":true}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"archived"}, invalid: true},
			{name: "MissingState", body: []byte(`{}`), status: 422, code: sightline.EVALIDATION, fields: []string{"state"}, invalid: true},
			{name: "UnknownState", body: []byte(`{"state":"archived"}`), status: 422, code: sightline.EVALIDATION, fields: []string{"state"}, invalid: true},
			{name: "NotAURL", body: []byte(`{"state":"done","action_url":"ftp://example.com"}`), status: 422, code: sightline.EVALIDATION, fields: []string{"action_url"}, invalid: true},
			{name: "URLWithoutDone", body: []byte(`{"state":"saved","action_url":"https://example.com"}`), status: 422, code: sightline.EVALIDATION, fields: []string{"action_url"}, invalid: true},
			{name: "TooLarge", body: []byte(`{"state":"done","action_url":"https://example.com/` + big + `"}`), status: 413, code: sightline.ETOOLARGE, invalid: true},
		},
		"POST /api/v2/brands/{brand_id}/content_studio/briefs": {
			{name: "Valid", body: []byte(`{"recommendation_id":"` + e.ids["recommendations/{id}"] + `","mode":"create"}`), status: 202},
			{name: "NotJSON", body: []byte(`{`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
			{name: "UnknownField", body: []byte(`{"recommendation_id":"` + e.ids["recommendations/{id}"] + `","state":"ready"}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"state"}, invalid: true},
			{name: "MissingRecommendation", body: []byte(`{"title":"x"}`), status: 422, code: sightline.EVALIDATION, fields: []string{"recommendation_id"}, invalid: true},
			{name: "BadFields", body: []byte(`{"recommendation_id":"x","title":"  ","mode":"rewrite"}`), status: 422, code: sightline.EVALIDATION,
				fields: []string{"recommendation_id", "title", "mode"}, invalid: true},
			{name: "UnknownRecommendation", body: []byte(`{"recommendation_id":"00000000-0000-4000-8000-000000000000"}`), status: 422, code: sightline.EVALIDATION, fields: []string{"recommendation_id"}},
			{name: "TooLarge", body: []byte(`{"recommendation_id":"` + e.ids["recommendations/{id}"] + `","additional_instructions":"` + big + `"}`), status: 413, code: sightline.ETOOLARGE, invalid: true},
		},
		"POST /api/v2/brands": {
			{name: "Valid", body: []byte(`{"name":"Second brand","domains":["https://www.Second.example/about"],"aliases":["Second"]}`), status: 201},
			{name: "NotJSON", body: []byte(`{"name":`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
			{name: "UnknownField", body: []byte(`{"name":"x","org_id":"` + fx.OrgID + `"}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"org_id"}, invalid: true},
			{name: "MissingName", body: []byte(`{"domains":["a.com"]}`), status: 422, code: sightline.EVALIDATION, fields: []string{"name"}, invalid: true},
			{name: "BadDomain", body: []byte(`{"name":"x","domains":["a.com","not a domain"]}`), status: 422, code: sightline.EVALIDATION, fields: []string{"domains[1]"}},
			{name: "TooManyDomains", body: []byte(`{"name":"x","domains":["a0.com"` + strings.Repeat(`,"a.com"`, sightline.MaxBrandDomains) + `]}`), status: 422, code: sightline.EVALIDATION,
				fields: []string{"domains"}, invalid: true},
			{name: "TooLarge", body: []byte(`{"name":"` + big + `"}`), status: 413, code: sightline.ETOOLARGE, invalid: true},
		},
		"PATCH /api/v2/brands/{brand_id}": {
			{name: "Valid", body: []byte(`{"aliases":["` + fx.BrandName + ` HQ"]}`), status: 200},
			{name: "NotJSON", body: []byte(`[`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
			{name: "UnknownField", body: []byte(`{"domain":"a.com"}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"domain"}, invalid: true},
			{name: "Empty", body: []byte(`{}`), status: 422, code: sightline.EVALIDATION, fields: []string{""}, invalid: true},
			{name: "BlankName", body: []byte(`{"name":"  "}`), status: 422, code: sightline.EVALIDATION, fields: []string{"name"}},
			{name: "TooLarge", body: []byte(`{"name":"` + big + `"}`), status: 413, code: sightline.ETOOLARGE, invalid: true},
		},
		"POST /api/v2/brands/{brand_id}/competitors": {
			{name: "Valid", body: []byte(`{"name":"Newco","domain":"newco.example","aliases":["Newco Labs"]}`), status: 201},
			{name: "NotJSON", body: []byte(`{`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
			{name: "UnknownField", body: []byte(`{"name":"x","visibility":3}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"visibility"}, invalid: true},
			{name: "MissingName", body: []byte(`{"domain":"x.com"}`), status: 422, code: sightline.EVALIDATION, fields: []string{"name"}, invalid: true},
			{name: "BadDomain", body: []byte(`{"name":"x","domain":"not a domain"}`), status: 422, code: sightline.EVALIDATION, fields: []string{"domain"}},
			{name: "Tracked", body: []byte(`{"name":"` + strings.ToUpper(fx.Competitors[1].Name) + `"}`), status: 409, code: sightline.ECONFLICT, fields: []string{"name"}},
			{name: "TooLarge", body: []byte(`{"name":"` + big + `"}`), status: 413, code: sightline.ETOOLARGE, invalid: true},
		},
		"POST /api/v2/brands/{brand_id}/prompts": {
			{name: "Valid", body: []byte(`{"prompts":[{"text":"Which tool for OpenAPI coverage?","topic_id":"` + fx.TopicIDs[0] + `","regions":["US","gb"]},{"text":"No topic prompt"}]}`), status: 201},
			{name: "NotJSON", body: []byte(`{"prompts":`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
			{name: "UnknownField", body: []byte(`{"prompts":[{"text":"x","id":"` + fx.Prompts[0].ID + `"}]}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"id"}, invalid: true},
			{name: "MissingPrompts", body: []byte(`{}`), status: 422, code: sightline.EVALIDATION, fields: []string{"prompts"}, invalid: true},
			{name: "BadFields", body: []byte(`{"prompts":[{"text":"ok"},{"text":" ","regions":["usa"],"topic_id":"x"}]}`), status: 422, code: sightline.EVALIDATION,
				fields: []string{"prompts[1].topic_id", "prompts[1].text", "prompts[1].regions[0]"}, invalid: true},
			{name: "UnknownTopic", body: []byte(`{"prompts":[{"text":"x","topic_id":"00000000-0000-4000-8000-000000000000"}]}`), status: 422, code: sightline.EVALIDATION, fields: []string{"prompts[0].topic_id"}},
			{name: "Duplicate", body: []byte(`{"prompts":[{"text":"fresh one","topic_id":"` + fx.Prompts[0].TopicID + `"},{"text":"` + strings.ToUpper(fx.Prompts[0].Text) + `","topic_id":"` + fx.Prompts[0].TopicID + `"}]}`),
				status: 409, code: sightline.ECONFLICT, fields: []string{"prompts[1].text"}},
			{name: "TooMany", body: []byte(`{"prompts":[` + strings.Repeat(`{"text":"x"},`, 100) + `{"text":"x"}]}`), status: 422, code: sightline.EVALIDATION, fields: []string{"prompts"}, invalid: true},
			{name: "TooLarge", body: []byte(`{"prompts":[{"text":"` + big + `"}]}`), status: 413, code: sightline.ETOOLARGE, invalid: true},
		},
		"PATCH /api/v2/brands/{brand_id}/prompts/{prompt_id}": {
			{name: "Valid", body: []byte(`{"regions":["us","gb"]}`), status: 200},
			{name: "NotJSON", body: []byte(`x`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
			{name: "UnknownField", body: []byte(`{"topic_id":"` + fx.TopicIDs[1] + `"}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"topic_id"}, invalid: true},
			{name: "WrongType", body: []byte(`{"active":"yes"}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"active"}, invalid: true},
			{name: "Empty", body: []byte(`{}`), status: 422, code: sightline.EVALIDATION, fields: []string{""}, invalid: true},
			{name: "BadRegion", body: []byte(`{"regions":["u1"]}`), status: 422, code: sightline.EVALIDATION, fields: []string{"regions[0]"}, invalid: true},
			{name: "TooLarge", body: []byte(`{"text":"` + big + `"}`), status: 413, code: sightline.ETOOLARGE, invalid: true},
		},
		"PATCH /api/v2/brands/{brand_id}/collection": {
			{name: "Valid", body: []byte(`{"providers":["chatgpt","perplexity"],"regions":["us","GB"],"cadence_hours":24,"samples":2}`), status: 200},
			{name: "NotJSON", body: []byte(`{"samples":}`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
			{name: "UnknownField", body: []byte(`{"schedule":"daily"}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"schedule"}, invalid: true},
			{name: "WrongType", body: []byte(`{"samples":"3"}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"samples"}, invalid: true},
			{name: "BadValues", body: []byte(`{"providers":["bard"],"regions":[],"cadence_hours":0,"samples":11}`), status: 422, code: sightline.EVALIDATION,
				fields: []string{"providers[0]", "regions", "cadence_hours", "samples"}, invalid: true},
			{name: "EnabledWithoutProviders", body: []byte(`{"providers":[],"enabled":true}`), status: 422, code: sightline.EVALIDATION, fields: []string{"providers"}},
			{name: "TooLarge", body: []byte(`{"providers":["` + big + `"]}`), status: 413, code: sightline.ETOOLARGE},
		},
		"POST /api/v2/webhooks": {
			{name: "Valid", body: []byte(`{"url":"` + e.recv.URL + `/bodies","event_types":["visibility.dropped"],"description":"from the body cases"}`), status: 201},
			{name: "NotJSON", body: []byte(`{"url":`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
			{name: "UnknownField", body: []byte(`{"url":"https://hooks.example.com/a","event_types":["citation.lost"],"secret":"whsec_x"}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"secret"}, invalid: true},
			{name: "Missing", body: []byte(`{"description":"x"}`), status: 422, code: sightline.EVALIDATION, fields: []string{"url", "event_types"}, invalid: true},
			{name: "BadValues", body: []byte(`{"url":"ftp://hooks.example.com","event_types":["citation.lost","ping"]}`), status: 422, code: sightline.EVALIDATION,
				fields: []string{"url", "event_types[1]"}, invalid: true},
			{name: "NotHTTPS", body: []byte(`{"url":"http://hooks.example.com/a","event_types":["citation.lost"]}`), status: 422, code: sightline.EVALIDATION, fields: []string{"url"}},
			{name: "Duplicate", body: []byte(`{"url":"` + e.recv.URL + `/main","event_types":["citation.lost"]}`), status: 409, code: sightline.ECONFLICT, fields: []string{"url"}},
			{name: "TooLarge", body: []byte(`{"url":"https://hooks.example.com/a","event_types":["citation.lost"],"description":"` + big + `"}`), status: 413, code: sightline.ETOOLARGE, invalid: true},
		},
		"PATCH /api/v2/webhooks/{id}": {
			{name: "Valid", body: []byte(`{"description":"patched by the body cases"}`), status: 200},
			{name: "NotJSON", body: []byte(`{`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
			{name: "UnknownField", body: []byte(`{"secret":"whsec_x"}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"secret"}, invalid: true},
			{name: "WrongType", body: []byte(`{"enabled":"yes"}`), status: 400, code: sightline.EINVALIDBODY, fields: []string{"enabled"}, invalid: true},
			{name: "Empty", body: []byte(`{}`), status: 422, code: sightline.EVALIDATION, fields: []string{""}, invalid: true},
			{name: "NoTypes", body: []byte(`{"event_types":[]}`), status: 422, code: sightline.EVALIDATION, fields: []string{"event_types"}, invalid: true},
			{name: "Private", body: []byte(`{"url":"http://10.0.0.1/hook"}`), status: 422, code: sightline.EVALIDATION, fields: []string{"url"}},
			{name: "Duplicate", body: []byte(`{"url":"` + e.recv.URL + `/bodies"}`), status: 409, code: sightline.ECONFLICT, fields: []string{"url"}},
			{name: "TooLarge", body: []byte(`{"description":"` + big + `"}`), status: 413, code: sightline.ETOOLARGE, invalid: true},
		},
		"POST /internal/v1/brands/{brand_id}/runs": {
			{name: "Valid", body: []byte(run("6f1c1f64-2f0e-4d3a-9d55-6a1f5e0b7c01") + "\n"), ctype: "application/x-ndjson", status: 200},
			{name: "ValidArray", body: []byte("[" + run("6f1c1f64-2f0e-4d3a-9d55-6a1f5e0b7c02") + "]"), status: 200},
			{name: "NotJSONArray", body: []byte(`[{"id":`), status: 400, code: sightline.EINVALIDBODY, invalid: true},
		},
	}
}

func (e *apiEnv) testBodies(t *testing.T, v *openapitest.Validator, routes []httpapi.Route) {
	all := e.bodyCases()
	for _, r := range routes {
		op := v.Operation(r.Method, r.Path)
		cases, ok := all[r.Method+" "+r.Path]
		if op.Doc().RequestBody == nil {
			if ok {
				t.Errorf("%s %s documents no request body but has body cases", r.Method, r.Path)
			}
			continue
		}
		if !ok {
			t.Errorf("%s %s takes a body; add its cases to (*apiEnv).bodyCases", r.Method, r.Path)
			continue
		}
		path := fill(t, r.Path, e.ids)
		if r.Method == http.MethodPost && strings.HasSuffix(r.Path, "/topics") {
			cases = cases[1:] // the valid creation runs in Writes
		}
		cases = append(cases,
			bodyCase{name: "TextPlain", body: []byte("x"), ctype: "text/plain", status: 415, code: sightline.EMEDIATYPE, invalid: true},
			bodyCase{name: "FormEncoded", body: []byte("a=b"), ctype: "application/x-www-form-urlencoded", status: 415, code: sightline.EMEDIATYPE, invalid: true})
		t.Run(r.Method+" "+r.Path, func(t *testing.T) {
			for _, bc := range cases {
				t.Run(bc.name, func(t *testing.T) {
					c := e.credentials(r.Access, call{method: r.Method, path: path, body: bc.body, ctype: bc.ctype, invalid: bc.invalid})
					res := e.do(t, c)
					if bc.code == "" {
						wantStatus(t, res, bc.status)
						return
					}
					fields := wantError(t, res, bc.status, bc.code)
					if bc.fields != nil {
						if diff := cmp.Diff(bc.fields, fields); diff != "" {
							t.Errorf("details[].field (-want +got):\n%s", diff)
						}
					}
				})
			}
		})
	}
}

// testWrites runs the writes in order on the main organization's data, then
// checks that the cross-organization calls changed nothing of B's.
func (e *apiEnv) testWrites(t *testing.T) {
	fx := e.fx
	b := "/api/v2/brands/" + fx.BrandID
	type topicRefs struct {
		Data []sightline.TopicRef `json:"data"`
	}
	create := func(t *testing.T) topicRefs {
		r := e.do(t, call{method: "POST", path: b + "/topics", key: fx.APIKey,
			body: []byte(`{"topics":[{"name":"OpenAPI coverage"},{"name":" Second topic "}]}`)})
		wantStatus(t, r, http.StatusCreated)
		var refs topicRefs
		decode(t, r.body, &refs)
		if len(refs.Data) != 2 || refs.Data[1].Name != "Second topic" {
			t.Fatalf("created %+v", refs.Data)
		}
		return refs
	}
	first := create(t)
	if again := create(t); !cmp.Equal(first, again) {
		t.Errorf("creating the same names again: %+v, first %+v", again, first)
	}
	del := call{method: "DELETE", path: b + "/topics/" + first.Data[0].ID, key: fx.APIKey}
	r := e.do(t, del)
	wantStatus(t, r, http.StatusOK)
	if got := strings.TrimSpace(string(r.body)); got != `{"data":{},"meta":{}}` {
		t.Errorf("DELETE body = %s", got)
	}
	wantError(t, e.do(t, del), http.StatusNotFound, sightline.ENOTFOUND)
	if again := create(t); again.Data[0].ID != first.Data[0].ID {
		t.Errorf("re-creating a deleted topic made %s, want it reactivated (%s)", again.Data[0].ID, first.Data[0].ID)
	}

	comp := b + "/competitors/" + fx.Competitors[0].ID
	r = e.do(t, call{method: "PATCH", path: comp, key: fx.APIKey, body: []byte(`{"domain":"https://www.Example.co.uk/pricing"}`)})
	wantStatus(t, r, http.StatusOK)
	if !strings.Contains(string(r.body), `"domain":"example.co.uk"`) {
		t.Errorf("PATCH competitor: %s", r.body)
	}
	wantStatus(t, e.do(t, call{method: "PATCH", path: comp, key: fx.APIKey, body: []byte(`{"domain":"` + fx.Competitors[0].Domain + `"}`)}), http.StatusOK)

	// every cross-organization DELETE and PATCH left both organizations'
	// topics and competitors alone
	for _, org := range []struct{ key, brand, topic string }{
		{fx.APIKey, fx.BrandID, e.ids["topics/{topic_id}"]},
		{fx.OtherOrg.APIKey, fx.OtherOrg.BrandID, e.other["topics/{topic_id}"]},
	} {
		wantStatus(t, e.do(t, call{method: "GET", path: "/api/v2/brands/" + org.brand + "/topics/" + org.topic, key: org.key}), http.StatusOK)
	}
	var comps struct {
		Data []sightline.Competitor `json:"data"`
	}
	e.getJSON(t, fx.OtherOrg.APIKey, "/api/v2/brands/"+fx.OtherOrg.BrandID+"/competitors", &comps)
	for _, c := range comps.Data {
		if c.Domain == fx.Competitors[0].Domain || c.Domain == "example.co.uk" {
			t.Errorf("the other organization's competitor was changed: %+v", c)
		}
	}

	e.testSetupWrites(t)
	e.testEngineWrites(t)
	e.testWebhookWrites(t)

	ingest := "/internal/v1/brands/" + fx.BrandID + "/runs"
	bad := `{"brand_id":"` + fx.BrandID + `","prompt_id":"` + fx.Prompts[0].ID + `","provider":"chatgpt","region":"us","answer":"x"}`
	wantError(t, e.do(t, call{method: "POST", path: ingest + "?strict=true", admin: true, body: []byte(bad + "\n"), ctype: "application/x-ndjson"}),
		http.StatusUnprocessableEntity, sightline.EVALIDATION)
	r = e.do(t, call{method: "POST", path: ingest, admin: true, body: []byte(bad + "\n"), ctype: "application/x-ndjson"})
	wantStatus(t, r, http.StatusOK)
	if !strings.Contains(string(r.body), `"skipped":1`) {
		t.Errorf("non-strict ingest of a bad record: %s", r.body)
	}
}

// testSetupWrites sets up a brand the way a new customer does: a brand, a
// competitor, prompts and collection settings, then takes them back.
func (e *apiEnv) testSetupWrites(t *testing.T) {
	fx := e.fx
	var brand struct{ Data sightline.Brand }
	r := e.do(t, call{method: "POST", path: "/api/v2/brands", key: fx.APIKey, body: []byte(`{"name":"Fresh Start","domains":["fresh.example"]}`)})
	wantStatus(t, r, http.StatusCreated)
	decode(t, r.body, &brand)
	b := "/api/v2/brands/" + brand.Data.ID
	var got struct{ Data sightline.Brand }
	e.getJSON(t, fx.APIKey, b, &got)
	if got.Data.Name != "Fresh Start" || got.Data.Domain != "fresh.example" {
		t.Errorf("GET the new brand: %+v", got.Data)
	}
	// the other organization cannot see it
	wantError(t, e.do(t, call{method: "GET", path: b, key: fx.OtherOrg.APIKey}), http.StatusNotFound, sightline.ENOTFOUND)
	r = e.do(t, call{method: "PATCH", path: b, key: fx.APIKey, body: []byte(`{"name":"Fresh","domains":["fresh.example","https://fresh.io/x"]}`)})
	wantStatus(t, r, http.StatusOK)
	decode(t, r.body, &got)
	if got.Data.Name != "Fresh" || !slices.Equal(got.Data.Domains, []string{"fresh.example", "fresh.io"}) {
		t.Errorf("PATCH brand: %+v", got.Data)
	}

	var comp struct{ Data sightline.Competitor }
	r = e.do(t, call{method: "POST", path: b + "/competitors", key: fx.APIKey, body: []byte(`{"name":"Rival","domain":"rival.example"}`)})
	wantStatus(t, r, http.StatusCreated)
	decode(t, r.body, &comp)
	wantError(t, e.do(t, call{method: "POST", path: b + "/competitors", key: fx.APIKey, body: []byte(`{"name":"rival"}`)}), http.StatusConflict, sightline.ECONFLICT)
	del := call{method: "DELETE", path: b + "/competitors/" + comp.Data.ID, key: fx.APIKey}
	wantStatus(t, e.do(t, del), http.StatusOK)
	wantError(t, e.do(t, del), http.StatusNotFound, sightline.ENOTFOUND)

	var topics struct{ Data []sightline.TopicRef }
	r = e.do(t, call{method: "POST", path: b + "/topics", key: fx.APIKey, body: []byte(`{"topics":[{"name":"Basics"}]}`)})
	wantStatus(t, r, http.StatusCreated)
	decode(t, r.body, &topics)
	var prompts struct{ Data []sightline.Prompt }
	r = e.do(t, call{method: "POST", path: b + "/prompts", key: fx.APIKey,
		body: []byte(`{"prompts":[{"text":"best fresh tools","topic_id":"` + topics.Data[0].ID + `","regions":["GB"]},{"text":"fresh alternatives","topic_id":"` + topics.Data[0].ID + `"}]}`)})
	wantStatus(t, r, http.StatusCreated)
	decode(t, r.body, &prompts)
	if len(prompts.Data) != 2 || !slices.Equal(prompts.Data[0].Regions, []string{"gb"}) || prompts.Data[1].TopicName == nil || *prompts.Data[1].TopicName != "Basics" {
		t.Fatalf("created prompts: %+v", prompts.Data)
	}
	p := b + "/prompts/" + prompts.Data[0].ID
	wantStatus(t, e.do(t, call{method: "DELETE", path: p, key: fx.APIKey}), http.StatusOK)
	var list struct {
		Data []sightline.Prompt
		Meta sightline.PageMeta
	}
	e.getJSON(t, fx.APIKey, b+"/prompts", &list)
	if list.Meta.TotalItems != 1 || list.Data[0].ID != prompts.Data[1].ID {
		t.Errorf("active prompts after the delete: %+v", list.Data)
	}
	r = e.do(t, call{method: "PATCH", path: p, key: fx.APIKey, body: []byte(`{"active":true,"text":"best fresh tools 2026"}`)})
	wantStatus(t, r, http.StatusOK)
	// renaming the second into the first's text collides
	wantError(t, e.do(t, call{method: "PATCH", path: b + "/prompts/" + prompts.Data[1].ID, key: fx.APIKey, body: []byte(`{"text":"Best Fresh Tools 2026"}`)}),
		http.StatusConflict, sightline.ECONFLICT)

	var settings struct{ Data sightline.CollectionSettings }
	e.getJSON(t, fx.APIKey, b+"/collection", &settings)
	if settings.Data.Enabled || settings.Data.CadenceHours != 24 || settings.Data.Samples != 3 || !slices.Equal(settings.Data.Regions, []string{"us"}) {
		t.Errorf("default collection settings: %+v", settings.Data)
	}
	r = e.do(t, call{method: "PATCH", path: b + "/collection", key: fx.APIKey, body: []byte(`{"providers":["Gemini","claude"],"regions":["de"],"enabled":true}`)})
	wantStatus(t, r, http.StatusOK)
	e.getJSON(t, fx.APIKey, b+"/collection", &settings)
	if !settings.Data.Enabled || !slices.Equal(settings.Data.Providers, []string{"gemini", "claude"}) || !slices.Equal(settings.Data.Regions, []string{"de"}) {
		t.Errorf("collection settings after PATCH: %+v", settings.Data)
	}
	var attempts struct{ Data sightline.CollectionReport }
	r = e.do(t, call{method: "GET", path: "/internal/v1/brands/" + brand.Data.ID + "/collection/attempts", admin: true})
	wantStatus(t, r, http.StatusOK)
	decode(t, r.body, &attempts)
	if len(attempts.Data.Attempts) != 0 {
		t.Errorf("attempts of a brand never collected: %+v", attempts.Data)
	}
}

// testEngineWrites walks a recommendation through the state rules of
// docs/engines.md, spends the regenerate and compute quotas to their 429, and
// generates a brief.
func (e *apiEnv) testEngineWrites(t *testing.T) {
	fx := e.fx
	b := "/api/v2/brands/" + fx.BrandID
	type rec struct {
		ID                 string  `json:"id"`
		Type               string  `json:"type"`
		State              string  `json:"state"`
		Completed          bool    `json:"completed"`
		ActionURL          *string `json:"action_url"`
		StateChangedAt     *string `json:"state_changed_at"`
		DismissedAt        *string `json:"dismissed_at"`
		CompletedAt        *string `json:"completed_at"`
		SuggestedActionURL *string `json:"suggested_action_url"`
	}
	var list struct {
		Data []rec `json:"data"`
		Meta struct {
			Quota sightline.DailyQuota `json:"regenerate_quota"`
		} `json:"meta"`
	}
	e.getJSON(t, fx.APIKey, b+"/content_studio/recommendations?filter[state]=new", &list)
	if len(list.Data) == 0 {
		t.Fatal("no new recommendation to change")
	}
	path := b + "/content_studio/recommendations/" + list.Data[0].ID
	patch := func(t *testing.T, body string, status int) rec {
		t.Helper()
		r := e.do(t, call{method: "PATCH", path: path, key: fx.APIKey, body: []byte(body)})
		if status != http.StatusOK {
			wantError(t, r, status, sightline.ETRANSITION)
			return rec{}
		}
		wantStatus(t, r, status)
		var got struct{ Data rec }
		decode(t, r.body, &got)
		return got.Data
	}
	if got := patch(t, `{"state":"saved"}`, 200); got.State != "saved" || got.StateChangedAt == nil {
		t.Errorf("new→saved: %+v", got)
	}
	patch(t, `{"state":"dismissed"}`, 409)
	patch(t, `{"state":"new"}`, 200)
	if got := patch(t, `{"state":"dismissed"}`, 200); got.DismissedAt == nil {
		t.Errorf("new→dismissed: dismissed_at not stamped: %+v", got)
	}
	patch(t, `{"state":"saved"}`, 409)
	patch(t, `{"state":"new"}`, 200)
	done := patch(t, `{"state":"done","action_url":"https://blog.example.com/watched"}`, 200)
	if !done.Completed || done.ActionURL == nil || *done.ActionURL != "https://blog.example.com/watched" ||
		done.CompletedAt == nil || done.StateChangedAt == nil || *done.CompletedAt != *done.StateChangedAt {
		t.Errorf("→done: %+v", done)
	}
	var watch struct {
		Data []sightline.WatchListEntry `json:"data"`
	}
	e.getJSON(t, fx.APIKey, b+"/watch_list", &watch)
	if !slices.ContainsFunc(watch.Data, func(w sightline.WatchListEntry) bool { return w.URL == "https://blog.example.com/watched" }) {
		t.Errorf("the done recommendation's URL is not on the watch list: %+v", watch.Data)
	}
	patch(t, `{"state":"new"}`, 200)

	regen := call{method: "POST", path: b + "/content_studio/recommendations/regenerate", key: fx.APIKey}
	for i := 0; ; i++ {
		if i > regenerateQuota {
			t.Fatal("the regenerate quota is never spent")
		}
		r := e.do(t, regen)
		if r.status == http.StatusTooManyRequests {
			wantError(t, r, http.StatusTooManyRequests, sightline.EQUOTA)
			if r.header.Get("Retry-After") == "" {
				t.Error("QUOTA_EXCEEDED without Retry-After")
			}
			break
		}
		wantStatus(t, r, http.StatusOK)
	}
	e.getJSON(t, fx.APIKey, b+"/content_studio/recommendations", &list)
	if q := list.Meta.Quota; q.Limit != regenerateQuota || q.Used != regenerateQuota || q.Remaining != 0 {
		t.Errorf("regenerate_quota after spending it: %+v", q)
	}

	compute := call{method: "POST", path: b + "/opportunities/compute", key: fx.APIKey}
	wantStatus(t, e.do(t, call{method: "GET", path: compute.path, key: fx.APIKey}), http.StatusOK)
	for i := 0; ; i++ {
		r := e.do(t, compute)
		if r.status == http.StatusTooManyRequests {
			wantError(t, r, http.StatusTooManyRequests, sightline.EQUOTA)
			break
		}
		wantStatus(t, r, http.StatusAccepted)
		wantStatus(t, e.do(t, compute), http.StatusOK) // queued: nothing spent
		e.drain(t)
		if i > computeQuota {
			t.Fatal("the compute quota is never spent")
		}
	}

	r := e.do(t, call{method: "POST", path: b + "/content_studio/briefs", admin: true,
		body: []byte(`{"recommendation_id":"` + e.ids["recommendations/{id}"] + `","title":"A brief","additional_instructions":"Short."}`)})
	wantStatus(t, r, http.StatusAccepted)
	var brief struct {
		Data struct {
			ID    string `json:"id"`
			State string `json:"state"`
		} `json:"data"`
	}
	decode(t, r.body, &brief)
	e.drain(t)
	e.getJSON(t, fx.APIKey, b+"/content_studio/briefs/"+brief.Data.ID, &brief)
	if brief.Data.State != "ready" {
		t.Errorf("brief state after its job = %q, want ready", brief.Data.State)
	}
}
