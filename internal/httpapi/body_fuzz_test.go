package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// fuzzClient gives up on a hung request, so that a hang fails the input.
var fuzzClient = &http.Client{Timeout: 10 * time.Second}

// FuzzBodies sends any bytes as the JSON body of every public write that
// takes one, to a real server on a real database: the answer is a success
// or a 4xx with the error envelope, never a 5xx.
func FuzzBodies(f *testing.F) {
	for _, s := range []string{
		`{"topics":[{"name":"CRM"}]}`, `{"name":"Globex","domain":"globex.com"}`, `{"prompts":[{"text":"best crm"}]}`,
		`{"collect":true,"providers":["chatgpt"],"regions":["us"],"cadence_hours":24,"samples":1}`,
		`{"name":"x","domains":["a.com"],"aliases":["b"]}`, `{"text":"x","intent":"Z"}`, `[]`, `null`, `{"topics":null}`,
		`{"topics":[{"name":""}]}`, `{"name":1e999}`, `{"a":{"a":{"a":[[[[[]]]]]}}}`, "\xff\xfe", `{"name":"\u0000"}`, `{} {}`,
	} {
		f.Add([]byte(s))
	}
	fw := newFuzzWorld(f)
	ts, key, brand, comps, prompts := fw.ts, fw.key, fw.brand, fw.comp, fw.prompts
	b := "/api/v2/brands/" + brand.ID
	writes := []struct{ method, path string }{
		{http.MethodPost, "/api/v2/brands"},
		{http.MethodPatch, b},
		{http.MethodPost, b + "/topics"},
		{http.MethodPost, b + "/competitors"},
		{http.MethodPatch, b + "/competitors/" + comps.ID},
		{http.MethodPost, b + "/prompts"},
		{http.MethodPatch, b + "/prompts/" + prompts[0].ID},
		{http.MethodPatch, b + "/collection"},
		{http.MethodPatch, b + "/content_studio/recommendations/00000000-0000-4000-8000-000000000000"},
		{http.MethodPost, "/api/v2/webhooks"},
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, w := range writes {
			req, err := http.NewRequest(w.method, ts.URL+w.path, bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("X-API-KEY", key)
			req.Header.Set("Content-Type", "application/json")
			resp, err := fuzzClient.Do(req)
			if err != nil {
				t.Fatalf("%s %s: %v", w.method, w.path, err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode >= 500 {
				t.Fatalf("%s %s with %q: %d %s", w.method, w.path, body, resp.StatusCode, data)
			}
			if resp.StatusCode >= 400 {
				var env struct {
					Error struct{ Code, Message string }
				}
				if json.Unmarshal(data, &env) != nil || env.Error.Code == "" || env.Error.Message == "" {
					t.Fatalf("%s %s with %q: %d without the error envelope: %s", w.method, w.path, body, resp.StatusCode, data)
				}
			}
		}
	})
}

// fuzzWorld is a real server on a real database with one organization,
// brand, competitor, prompt and API key; the admin token opens the
// internal surface.
type fuzzWorld struct {
	ts      *httptest.Server
	key     string
	brand   *sightline.Brand
	comp    *sightline.Competitor
	prompts []*sightline.Prompt
}

const fuzzAdminToken = "fuzz-admin-token"

func newFuzzWorld(f testing.TB) *fuzzWorld {
	db := sqlstoretest.MustOpenDB(f)
	ts := httptest.NewServer((&httpapi.Server{Store: db, AdminToken: fuzzAdminToken}).Handler())
	f.Cleanup(ts.Close)
	ctx := context.Background()
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme"})
	if err != nil {
		f.Fatal(err)
	}
	brand, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Acme"})
	if err != nil {
		f.Fatal(err)
	}
	_, key, err := db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: org.ID, UserEmail: "a@acme.com", Name: "fuzz"})
	if err != nil {
		f.Fatal(err)
	}
	comps, err := db.CreateCompetitor(ctx, org.ID, brand.ID, sightline.CompetitorCreate{Name: "Globex", Domain: "globex.com"},
		sightline.Scope{BrandID: brand.ID, Window: sightline.DefaultWindow(t0, 30)})
	if err != nil {
		f.Fatal(err)
	}
	prompts, err := db.CreatePrompts(ctx, org.ID, brand.ID, []sightline.PromptCreate{{Text: "best crm"}})
	if err != nil {
		f.Fatal(err)
	}
	return &fuzzWorld{ts: ts, key: key, brand: brand, comp: comps, prompts: prompts}
}

// FuzzIngestRecord sends any bytes as JSONL to the internal ingest
// endpoint: the answer is a result whose counts add up, each bad line
// reported with a code and a message, or a 4xx envelope; never a 5xx.
func FuzzIngestRecord(f *testing.F) {
	fw := newFuzzWorld(f)
	good := `{"id":"00000000-0000-4000-8000-000000000001","brand_id":"` + fw.brand.ID + `","prompt_id":"` + fw.prompts[0].ID +
		`","provider":"chatgpt","region":"us","ran_at":"2026-03-14T08:00:00Z","answer":"Acme and Globex.",` +
		`"citations":[{"url":"https://www.youtube.com/watch/abc?utm_source=x","title":"t"}],"ads":[{"advertiser":"Initech","domain":"initech.com","text":"ad"}]}`
	for _, s := range []string{
		good, good + "\n" + good, `{"brand_id":"x"}`, `{`, "\n\n", `{"prompt_id":"` + fw.prompts[0].ID + `","provider":"Chat GPT","region":"us","ran_at":"yesterday","answer":""}`,
		`{"prompt_id":"` + fw.prompts[0].ID + `","provider":"chatgpt","region":"us","ran_at":"2026-03-14T08:00:00Z","answer":"x","mentions":[{"name":"","position":-1,"sentiment":900}]}`,
		`[` + good + `]`,
	} {
		f.Add([]byte(s))
	}
	url := fw.ts.URL + "/internal/v1/brands/" + fw.brand.ID + "/runs"
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+fuzzAdminToken)
		req.Header.Set("Content-Type", "application/x-ndjson")
		resp, err := fuzzClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		switch {
		case resp.StatusCode >= 500:
			t.Fatalf("%q: %d %s", body, resp.StatusCode, data)
		case resp.StatusCode >= 400:
			var env struct {
				Error struct{ Code, Message string }
			}
			if json.Unmarshal(data, &env) != nil || env.Error.Code == "" || env.Error.Message == "" {
				t.Fatalf("%q: %d without the error envelope: %s", body, resp.StatusCode, data)
			}
		default:
			var res struct {
				Data struct {
					Records, Inserted, Duplicates, Skipped int
					Errors                                 []struct {
						Line          int
						Code, Message string
					}
				}
			}
			if err := json.Unmarshal(data, &res); err != nil {
				t.Fatalf("%q: %d %s: %v", body, resp.StatusCode, data, err)
			}
			r := res.Data
			if r.Inserted+r.Duplicates+r.Skipped != r.Records || (r.Skipped > 0) != (len(r.Errors) > 0) {
				t.Fatalf("%q: counts do not add up: %s", body, data)
			}
			for _, e := range r.Errors {
				if e.Line < 1 || e.Code == "" || e.Message == "" {
					t.Fatalf("%q: line error %+v", body, e)
				}
			}
		}
	})
}
