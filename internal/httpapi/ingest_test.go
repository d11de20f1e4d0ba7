package httpapi_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/openapi/openapitest"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// runsEnv is a real server with an admin token over a real database of the
// engine under test holding one brand with one prompt, and an API key of
// the brand's organization.
type runsEnv struct {
	url      string
	client   *http.Client // validates every exchange against the OpenAPI document
	raw      *sql.DB      // second connection, for counting rows
	brand    string
	prompt   string
	apiKey   string
	otherOrg string // a brand of another organization
}

const runsAdminToken = "ingest-admin-token-0123456789"

func newRunsEnv(t *testing.T) *runsEnv {
	t.Helper()
	ctx := context.Background()
	dsn := sqlstoretest.NewDSN(t)
	db, err := sqlstore.Open(ctx, dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Taskloom", Domains: []string{"taskloom.com"}})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := db.CreatePrompts(ctx, org.ID, b.ID, []sightline.PromptCreate{{Text: "best project management tool"}})
	if err != nil {
		t.Fatal(err)
	}
	_, key, err := db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: org.ID, UserEmail: "ann@example.com", Name: "k"})
	if err != nil {
		t.Fatal(err)
	}
	other, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Globex"})
	if err != nil {
		t.Fatal(err)
	}
	ob, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: other.ID, Name: "Brewly"})
	if err != nil {
		t.Fatal(err)
	}
	srv := &httpapi.Server{Store: db, AdminToken: runsAdminToken}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)

	driver, src := "pgx", dsn
	if path, ok := strings.CutPrefix(dsn, "sqlite:"); ok {
		driver, src = "sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=query_only(1)"
	}
	raw, err := sql.Open(driver, src)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	return &runsEnv{url: ts.URL, client: openapitest.MustLoad(t).Client(), raw: raw,
		brand: b.ID, prompt: ps[0].ID, apiKey: key, otherOrg: ob.ID}
}

// record is a valid record of the brand; ok=false gives it a bad URL.
func (e *runsEnv) record(t *testing.T, i int, ok bool) string {
	t.Helper()
	r := sightline.RunRecord{
		ID: fmt.Sprintf("00000000-0000-4000-8000-%012d", i), PromptID: e.prompt, Provider: "perplexity", Region: "gb",
		RanAt: time.Date(2026, 11, 2, 8, i, 0, 0, time.UTC), Answer: "**Taskloom** is a good pick.",
		Citations: []sightline.RunCitation{{URL: "https://taskloom.com/"}},
	}
	if !ok {
		r.Citations = append(r.Citations, sightline.RunCitation{URL: "mailto:sales@taskloom.com"})
	}
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func (e *runsEnv) runs(t *testing.T) int {
	t.Helper()
	var n int
	if err := e.raw.QueryRow("SELECT COUNT(*) FROM runs").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// post sends body to the brand's runs endpoint. auth is the Authorization
// header value, or "key" for the API key in X-API-KEY, or "" for nothing;
// invalid marks a request that breaks the OpenAPI document on purpose.
func (e *runsEnv) post(t *testing.T, brand, query, contentType, auth, body string, invalid bool) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.url+"/internal/v1/brands/"+brand+"/runs"+query, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	switch auth {
	case "":
	case "key":
		req.Header.Set(httpapi.APIKeyHeader, e.apiKey)
	default:
		req.Header.Set("Authorization", auth)
	}
	if invalid {
		req = openapitest.ExpectInvalid(req)
	}
	resp, err := e.client.Do(req)
	if err != nil {
		t.Fatalf("POST runs: %v", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, data
}

type ingestErrorBody struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Details []struct {
			Field   *string `json:"field"`
			Code    string  `json:"code"`
			Message string  `json:"message"`
		} `json:"details"`
	} `json:"error"`
}

func wantIngestError(t *testing.T, status int, body []byte, wantStatus int, wantCode string) ingestErrorBody {
	t.Helper()
	var e ingestErrorBody
	if err := json.Unmarshal(body, &e); err != nil {
		t.Fatalf("status %d, body is not the error envelope: %s", status, body)
	}
	if status != wantStatus || e.Error.Code != wantCode {
		t.Errorf("status %d %s, want %d %s; body %s", status, e.Error.Code, wantStatus, wantCode, body)
	}
	return e
}

func TestRunIngest(t *testing.T) {
	t.Parallel()
	e := newRunsEnv(t)
	admin := "Bearer " + runsAdminToken
	jsonl := strings.Join([]string{e.record(t, 1, true), "", e.record(t, 2, false), e.record(t, 3, true)}, "\n")

	t.Run("OK", func(t *testing.T) {
		status, body := e.post(t, e.brand, "", "application/x-ndjson", admin, jsonl, false)
		if status != http.StatusOK {
			t.Fatalf("status %d: %s", status, body)
		}
		var got struct {
			Data map[string]any `json:"data"`
		}
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatal(err)
		}
		want := map[string]any{"records": 3.0, "inserted": 2.0, "duplicates": 0.0, "skipped": 1.0, "errors": []any{
			map[string]any{"line": 3.0, "field": "citations[1].url", "code": "invalid", "message": "must be an absolute http(s) URL"},
		}}
		if diff := cmp.Diff(want, got.Data); diff != "" {
			t.Errorf("result (-want +got):\n%s", diff)
		}
		// again: duplicates, nothing new; a JSON array works the same
		array := "[" + e.record(t, 1, true) + ",\n" + e.record(t, 3, true) + "]"
		status, body = e.post(t, e.brand, "", "application/json; charset=utf-8", admin, array, false)
		if status != http.StatusOK || !strings.Contains(string(body), `"inserted":0,"duplicates":2,"skipped":0,"errors":[]`) {
			t.Errorf("re-ingest as a JSON array: %d %s", status, body)
		}
		if n := e.runs(t); n != 2 {
			t.Errorf("%d runs stored, want 2", n)
		}
	})

	t.Run("Strict", func(t *testing.T) {
		before := e.runs(t)
		status, body := e.post(t, e.brand, "?strict=true", "application/x-ndjson", admin,
			e.record(t, 10, true)+"\n"+e.record(t, 11, false)+"\n"+e.record(t, 12, false), false)
		er := wantIngestError(t, status, body, http.StatusUnprocessableEntity, sightline.EVALIDATION)
		var fields []string
		for _, d := range er.Error.Details {
			if d.Field != nil {
				fields = append(fields, *d.Field)
			}
			if !strings.HasPrefix(d.Message, "line ") {
				t.Errorf("detail %q does not name the line", d.Message)
			}
		}
		if diff := cmp.Diff([]string{"citations[1].url", "citations[1].url"}, fields); diff != "" {
			t.Errorf("detail fields (-want +got):\n%s", diff)
		}
		if !strings.Contains(er.Error.Message, "line 2") {
			t.Errorf("message %q does not name the first bad line", er.Error.Message)
		}
		if n := e.runs(t); n != before {
			t.Errorf("strict request stored %d runs", n-before)
		}
		// without a bad record strict stores everything
		status, body = e.post(t, e.brand, "?strict=true", "application/jsonl", admin, e.record(t, 13, true), false)
		if status != http.StatusOK || !strings.Contains(string(body), `"inserted":1`) {
			t.Errorf("strict good request: %d %s", status, body)
		}
	})

	t.Run("Brand", func(t *testing.T) {
		// records name the path's brand or none; another brand is an error
		rec := strings.Replace(e.record(t, 20, true), `"prompt_id"`, `"brand_id":"`+e.otherOrg+`","prompt_id"`, 1)
		status, body := e.post(t, e.brand, "", "application/x-ndjson", admin, rec, false)
		if status != http.StatusOK || !strings.Contains(string(body), `"field":"brand_id","code":"mismatch"`) {
			t.Errorf("record of another brand: %d %s", status, body)
		}
		status, body = e.post(t, "7c9e6679-7425-40de-944b-e07fc1f90ae7", "", "application/x-ndjson", admin, e.record(t, 21, true), false)
		wantIngestError(t, status, body, http.StatusNotFound, sightline.ENOTFOUND)
		// the admin may ingest into any organization's brand
		status, body = e.post(t, e.otherOrg, "", "application/x-ndjson", admin, "\n", false)
		if status != http.StatusOK || !strings.Contains(string(body), `"records":0`) {
			t.Errorf("empty ingest into another organization's brand: %d %s", status, body)
		}
	})

	t.Run("Refused", func(t *testing.T) {
		before := e.runs(t)
		for _, tt := range []struct {
			name, query, contentType, auth string
			invalid                        bool
			status                         int
			code                           string
		}{
			{"APIKey", "", "application/x-ndjson", "key", true, http.StatusForbidden, sightline.EFORBIDDEN},
			{"NoCredentials", "", "application/x-ndjson", "", true, http.StatusUnauthorized, sightline.EUNAUTHORIZED},
			{"WrongToken", "", "application/x-ndjson", "Bearer not-the-token", false, http.StatusUnauthorized, sightline.EUNAUTHORIZED},
			{"APIKeyAsBearer", "", "application/x-ndjson", "Bearer " + e.apiKey, false, http.StatusUnauthorized, sightline.EUNAUTHORIZED},
			{"ContentType", "", "text/csv", admin, true, http.StatusUnsupportedMediaType, sightline.EMEDIATYPE},
			{"NoContentType", "", "", admin, true, http.StatusUnsupportedMediaType, sightline.EMEDIATYPE},
			{"StrictNotBool", "?strict=maybe", "application/x-ndjson", admin, true, http.StatusBadRequest, sightline.EINVALIDPARAM},
		} {
			t.Run(tt.name, func(t *testing.T) {
				status, body := e.post(t, e.brand, tt.query, tt.contentType, tt.auth, e.record(t, 30, true), tt.invalid)
				wantIngestError(t, status, body, tt.status, tt.code)
			})
		}
		if n := e.runs(t); n != before {
			t.Errorf("refused requests stored %d runs", n-before)
		}
	})

	t.Run("TooLarge", func(t *testing.T) {
		// A valid record, then blank lines past the limit: 413, nothing
		// stored. The plain client streams the body (the validating one
		// would buffer it), so the envelope is checked here.
		before := e.runs(t)
		first := e.record(t, 40, true) + "\n"
		body := io.MultiReader(strings.NewReader(first), &blankLines{n: httpapi.MaxIngestBodyBytes + 16 - int64(len(first))})
		req, err := http.NewRequest(http.MethodPost, e.url+"/internal/v1/brands/"+e.brand+"/runs", body)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-ndjson")
		req.Header.Set("Authorization", admin)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("POST: %v", err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		wantIngestError(t, resp.StatusCode, data, http.StatusRequestEntityTooLarge, sightline.ETOOLARGE)
		if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type %q", ct)
		}
		if n := e.runs(t); n != before {
			t.Errorf("a request over the limit stored %d runs", n-before)
		}
	})
}

// blankLines reads as n bytes of lines of spaces.
type blankLines struct{ n int64 }

func (b *blankLines) Read(p []byte) (int, error) {
	if b.n <= 0 {
		return 0, io.EOF
	}
	n := int(min(int64(len(p)), b.n))
	for i := range n {
		p[i] = ' '
		if i%4096 == 4095 {
			p[i] = '\n'
		}
	}
	b.n -= int64(n)
	return n, nil
}
