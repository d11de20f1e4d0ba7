package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/openapi/openapitest"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// clock is a settable clock shared by the store and the server, safe to
// read from handler goroutines.
type clock struct{ us atomic.Int64 }

func newClock(t time.Time) *clock {
	c := &clock{}
	c.Set(t)
	return c
}

func (c *clock) Now() time.Time          { return time.UnixMicro(c.us.Load()).UTC() }
func (c *clock) Set(t time.Time)         { c.us.Store(t.UnixMicro()) }
func (c *clock) Advance(d time.Duration) { c.us.Add(d.Microseconds()) }

// t0 is where every test clock starts.
var t0 = time.Date(2026, 3, 15, 9, 30, 0, 0, time.UTC)

// env is a real server over a real, migrated store of the engine under test.
type env struct {
	db    *sqlstore.DB
	clock *clock
	url   string
}

func newEnv(t *testing.T, configure func(*httpapi.Server)) *env {
	t.Helper()
	db := sqlstoretest.MustOpenDB(t)
	clk := newClock(t0)
	db.Now = clk.Now
	srv := &httpapi.Server{Store: db, Now: clk.Now}
	if configure != nil {
		configure(srv)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &env{db: db, clock: clk, url: ts.URL}
}

func (e *env) org(t *testing.T, name string) *sightline.Organization {
	t.Helper()
	org, err := e.db.CreateOrganization(context.Background(), sightline.OrganizationCreate{Name: name})
	if err != nil {
		t.Fatalf("create organization: %v", err)
	}
	return org
}

func (e *env) brand(t *testing.T, orgID, name string) *sightline.Brand {
	t.Helper()
	b, err := e.db.CreateBrand(context.Background(), sightline.BrandCreate{OrgID: orgID, Name: name})
	if err != nil {
		t.Fatalf("create brand %q: %v", name, err)
	}
	return b
}

func (e *env) key(t *testing.T, orgID string, expiresAt *time.Time) (*sightline.APIKey, string) {
	t.Helper()
	k, secret, err := e.db.CreateAPIKey(context.Background(), sightline.APIKeyCreate{
		OrgID: orgID, UserEmail: "owner@example.com", Name: "test key", ExpiresAt: expiresAt,
	})
	if err != nil {
		t.Fatalf("create api key: %v", err)
	}
	return k, secret
}

func (e *env) revoke(t *testing.T, id string) {
	t.Helper()
	if err := e.db.RevokeAPIKey(context.Background(), id); err != nil {
		t.Fatalf("revoke api key: %v", err)
	}
}

// response is one exchange with the server.
type response struct {
	status int
	header http.Header
	body   []byte
}

// do sends method path with the API key (none when key is "").
func (e *env) do(t *testing.T, method, path, key string) response {
	t.Helper()
	return send(t, e.request(t, method, path, key))
}

// doInvalid is do for a request that breaks the OpenAPI document on
// purpose (openapitest.ExpectInvalid).
func (e *env) doInvalid(t *testing.T, method, path, key string) response {
	t.Helper()
	return send(t, openapitest.ExpectInvalid(e.request(t, method, path, key)))
}

func (e *env) request(t *testing.T, method, path, key string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, e.url+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set(httpapi.APIKeyHeader, key)
	}
	return req
}

// send sends req through the client that validates requests and responses
// against the OpenAPI document: a mismatch fails the test here.
func send(t *testing.T, req *http.Request) response {
	t.Helper()
	resp, err := apiClient().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("read body: %v", err)
	}
	return response{status: resp.StatusCode, header: resp.Header, body: body}
}

// errorDetail is one entry of error.details.
type errorDetail struct {
	Field   *string `json:"field"`
	Code    string  `json:"code"`
	Message string  `json:"message"`
}

// wantError asserts status, a JSON content type and exactly the error
// envelope of docs/api.md with the given code, and returns the detail fields
// ("" for null).
func wantError(t *testing.T, r response, status int, code string) []string {
	t.Helper()
	if r.status != status {
		t.Fatalf("status = %d, want %d; body %s", r.status, status, r.body)
	}
	if ct := r.header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q, want application/json", ct)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(r.body, &top); err != nil {
		t.Fatalf("body is not a JSON object: %v; body %s", err, r.body)
	}
	if diff := cmp.Diff([]string{"error"}, sortedKeys(top)); diff != "" {
		t.Fatalf("top-level keys (-want +got):\n%s", diff)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(top["error"], &obj); err != nil {
		t.Fatalf("error is not an object: %v", err)
	}
	for k := range obj {
		if k != "code" && k != "message" && k != "details" {
			t.Errorf("error has unexpected member %q; body %s", k, r.body)
		}
	}
	var e struct {
		Code    *string        `json:"code"`
		Message *string        `json:"message"`
		Details *[]errorDetail `json:"details"`
	}
	if err := json.Unmarshal(top["error"], &e); err != nil {
		t.Fatalf("decode error: %v", err)
	}
	if e.Code == nil || *e.Code != code {
		t.Errorf("error.code = %v, want %q; body %s", strOrNil(e.Code), code, r.body)
	}
	if e.Message == nil || *e.Message == "" {
		t.Errorf("error.message missing or empty; body %s", r.body)
	}
	var fields []string
	if raw, ok := obj["details"]; ok {
		var details []map[string]json.RawMessage
		if err := json.Unmarshal(raw, &details); err != nil {
			t.Fatalf("details is not an array of objects: %v", err)
		}
		for _, d := range details {
			if diff := cmp.Diff([]string{"code", "field", "message"}, sortedKeys(d)); diff != "" {
				t.Errorf("detail members (-want +got):\n%s", diff)
			}
		}
		for _, d := range *e.Details {
			if d.Field == nil {
				fields = append(fields, "")
			} else {
				fields = append(fields, *d.Field)
			}
		}
	}
	return fields
}

func strOrNil(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// brandList is the body of GET /api/v2/brands.
type brandList struct {
	Data []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"data"`
	Meta sightline.PageMeta `json:"meta"`
}

func (l brandList) ids() []string {
	out := []string{}
	for _, b := range l.Data {
		out = append(out, b.ID)
	}
	return out
}

func (l brandList) names() []string {
	out := []string{}
	for _, b := range l.Data {
		out = append(out, b.Name)
	}
	return out
}

// wantList asserts a 200 list response with data (never null) and meta.
func wantList(t *testing.T, r response) brandList {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("status = %d, want 200; body %s", r.status, r.body)
	}
	if ct := r.header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q, want application/json", ct)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(r.body, &top); err != nil {
		t.Fatalf("body is not a JSON object: %v", err)
	}
	if diff := cmp.Diff([]string{"data", "meta"}, sortedKeys(top)); diff != "" {
		t.Fatalf("top-level keys (-want +got):\n%s", diff)
	}
	if !strings.HasPrefix(string(top["data"]), "[") {
		t.Fatalf("data is not an array: %s", top["data"])
	}
	var meta map[string]json.RawMessage
	if err := json.Unmarshal(top["meta"], &meta); err != nil {
		t.Fatalf("meta is not an object: %v", err)
	}
	if diff := cmp.Diff([]string{"page", "page_size", "total_items", "total_pages"}, sortedKeys(meta)); diff != "" {
		t.Errorf("meta members (-want +got):\n%s", diff)
	}
	var l brandList
	if err := json.Unmarshal(r.body, &l); err != nil {
		t.Fatalf("decode list: %v", err)
	}
	return l
}

func ptr[T any](v T) *T { return &v }

func TestServer_Auth(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	org := e.org(t, "Acme")
	brand := e.brand(t, org.ID, "Acme")
	_, valid := e.key(t, org.ID, nil)
	revokedKey, revoked := e.key(t, org.ID, nil)
	e.revoke(t, revokedKey.ID)
	_, expired := e.key(t, org.ID, ptr(t0.Add(-time.Second)))
	_, future := e.key(t, org.ID, ptr(t0.Add(time.Hour)))
	unknown := sightline.APIKeyPrefix + strings.Repeat("A", 43)
	if !sightline.LooksLikeAPIKey(unknown) {
		t.Fatalf("%q should be well-formed", unknown)
	}

	// invalid: the request breaks the OpenAPI document (no key header,
	// undocumented parameters), which must say so
	tests := []struct {
		name    string
		header  map[string]string
		query   string
		status  int
		invalid bool
	}{
		{"NoKey", nil, "", 401, true},
		{"EmptyKey", map[string]string{"X-API-KEY": ""}, "", 401, true},
		{"Malformed", map[string]string{"X-API-KEY": "not-a-key"}, "", 401, false},
		{"TooShort", map[string]string{"X-API-KEY": valid[:len(valid)-1]}, "", 401, false},
		{"TooLong", map[string]string{"X-API-KEY": valid + "A"}, "", 401, false},
		{"WrongPrefix", map[string]string{"X-API-KEY": "SLK_" + valid[4:]}, "", 401, false},
		{"BearerInKeyHeader", map[string]string{"X-API-KEY": "Bearer " + valid}, "", 401, false},
		{"OneCharChanged", map[string]string{"X-API-KEY": flipLast(valid)}, "", 401, false},
		{"UnknownWellFormed", map[string]string{"X-API-KEY": unknown}, "", 401, false},
		{"Revoked", map[string]string{"X-API-KEY": revoked}, "", 401, false},
		{"Expired", map[string]string{"X-API-KEY": expired}, "", 401, false},
		{"KeyInAuthorization", map[string]string{"Authorization": "Bearer " + valid}, "", 401, true},
		{"KeyInQuery", nil, "?api_key=" + valid, 401, true},
		// authentication comes before parameter checks
		{"NoKeyBadParams", nil, "?limit=5&page=0", 401, true},
		{"Valid", map[string]string{"X-API-KEY": valid}, "", 200, false},
		{"ValidLowercaseHeader", map[string]string{"x-api-key": valid}, "", 200, false},
		{"NotYetExpired", map[string]string{"X-API-KEY": future}, "", 200, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req, err := http.NewRequest(http.MethodGet, e.url+"/api/v2/brands"+tt.query, nil)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tt.header {
				req.Header[k] = []string{v} // as given, not canonicalized
			}
			if tt.invalid {
				req = openapitest.ExpectInvalid(req)
			}
			r := send(t, req)
			if tt.status == 200 {
				if diff := cmp.Diff([]string{brand.ID}, wantList(t, r).ids()); diff != "" {
					t.Errorf("brand ids (-want +got):\n%s", diff)
				}
				return
			}
			if fields := wantError(t, r, tt.status, sightline.EUNAUTHORIZED); len(fields) != 0 {
				t.Errorf("401 names fields %q", fields)
			}
			if strings.Contains(string(r.body), valid) {
				t.Error("error body echoes the key")
			}
		})
	}
}

func flipLast(s string) string {
	last := s[len(s)-1]
	if last == 'A' {
		return s[:len(s)-1] + "B"
	}
	return s[:len(s)-1] + "A"
}

// Revocation is immediate, and a second key of the organization (rotation)
// keeps working.
func TestServer_RevokeIsImmediate(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	org := e.org(t, "Acme")
	brand := e.brand(t, org.ID, "Acme")
	old, oldSecret := e.key(t, org.ID, nil)
	_, newSecret := e.key(t, org.ID, nil)

	for _, secret := range []string{oldSecret, newSecret, oldSecret} {
		if got := wantList(t, e.do(t, "GET", "/api/v2/brands", secret)).ids(); !slices.Equal(got, []string{brand.ID}) {
			t.Fatalf("before revoke: ids = %q", got)
		}
	}
	e.revoke(t, old.ID)
	for i := range 3 {
		wantError(t, e.do(t, "GET", "/api/v2/brands", oldSecret), 401, sightline.EUNAUTHORIZED)
		if got := wantList(t, e.do(t, "GET", "/api/v2/brands", newSecret)).ids(); !slices.Equal(got, []string{brand.ID}) {
			t.Fatalf("request %d with the second key: ids = %q", i, got)
		}
	}
}

// An expiring key works until its expiry instant and not a microsecond
// longer (docs/api.md: no grace period).
func TestServer_ExpiryByClock(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	org := e.org(t, "Acme")
	e.brand(t, org.ID, "Acme")
	expiry := t0.Add(time.Hour)
	_, secret := e.key(t, org.ID, &expiry)
	_, other := e.key(t, org.ID, nil)

	wantList(t, e.do(t, "GET", "/api/v2/brands", secret))
	e.clock.Set(expiry.Add(-time.Microsecond))
	wantList(t, e.do(t, "GET", "/api/v2/brands", secret))
	e.clock.Set(expiry)
	wantError(t, e.do(t, "GET", "/api/v2/brands", secret), 401, sightline.EUNAUTHORIZED)
	e.clock.Advance(24 * time.Hour)
	wantError(t, e.do(t, "GET", "/api/v2/brands", secret), 401, sightline.EUNAUTHORIZED)
	wantList(t, e.do(t, "GET", "/api/v2/brands", other))
}

// A key reads its own organization's brands and never another's.
func TestServer_OrgIsolation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	orgA, orgB, orgC := e.org(t, "A"), e.org(t, "B"), e.org(t, "C")
	a1, a2 := e.brand(t, orgA.ID, "Alpha One"), e.brand(t, orgA.ID, "Alpha Two")
	b1 := e.brand(t, orgB.ID, "Bravo")
	_, keyA := e.key(t, orgA.ID, nil)
	_, keyA2 := e.key(t, orgA.ID, nil)
	_, keyB := e.key(t, orgB.ID, nil)
	_, keyC := e.key(t, orgC.ID, nil)

	tests := []struct {
		name, key, query string
		want             []string
	}{
		{"A", keyA, "", []string{a1.ID, a2.ID}},
		{"ASecondKey", keyA2, "", []string{a1.ID, a2.ID}},
		{"B", keyB, "", []string{b1.ID}},
		{"AQueryForB", keyA, "?filter[query]=bravo", []string{}},
		{"CEmpty", keyC, "", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			l := wantList(t, e.do(t, "GET", "/api/v2/brands"+tt.query, tt.key))
			if diff := cmp.Diff(tt.want, l.ids()); diff != "" {
				t.Errorf("ids (-want +got):\n%s", diff)
			}
			wantPages := 0
			if len(tt.want) > 0 {
				wantPages = 1
			}
			want := sightline.PageMeta{Page: 1, PageSize: 50, TotalItems: len(tt.want), TotalPages: wantPages}
			if diff := cmp.Diff(want, l.Meta); diff != "" {
				t.Errorf("meta (-want +got):\n%s", diff)
			}
		})
	}
}

func TestServer_NotFoundAndMethod(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	org := e.org(t, "Acme")
	_, key := e.key(t, org.ID, nil)

	notFound := []struct{ method, path, key string }{
		{"GET", "/", ""},
		{"GET", "/nope", ""},
		{"GET", "/api/v2/nope", key},
		{"GET", "/api/v2/nope", ""},
		{"GET", "/api/v2/brands/", key},
		{"GET", "/api/v1/brands", key},
		{"POST", "/api/v2/nope", key},
	}
	for _, tt := range notFound {
		t.Run("404 "+tt.method+" "+tt.path, func(t *testing.T) {
			t.Parallel()
			wantError(t, e.doInvalid(t, tt.method, tt.path, tt.key), http.StatusNotFound, sightline.ENOTFOUND)
		})
	}

	wrongMethod := []struct{ method, path, key, allow string }{
		{"PUT", "/api/v2/brands", key, "GET, POST"},
		{"DELETE", "/api/v2/brands", "", "GET, POST"},
		{"PUT", "/healthz", "", "GET"},
		{"POST", "/readyz", "", "GET"},
	}
	for _, tt := range wrongMethod {
		t.Run("405 "+tt.method+" "+tt.path, func(t *testing.T) {
			t.Parallel()
			r := e.doInvalid(t, tt.method, tt.path, tt.key)
			wantError(t, r, http.StatusMethodNotAllowed, sightline.EMETHOD)
			if got := strings.Join(r.header.Values("Allow"), ", "); got != tt.allow {
				t.Errorf("Allow = %q, want %q", got, tt.allow)
			}
		})
	}
}

func TestServer_Health(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	for _, tt := range []struct{ path, body string }{
		{"/healthz", `{"data":{"status":"ok"}}`},
		{"/readyz", `{"data":{"status":"ready"}}`},
	} {
		r := e.do(t, "GET", tt.path, "")
		if r.status != 200 || strings.TrimSpace(string(r.body)) != tt.body {
			t.Errorf("GET %s = %d %s, want 200 %s", tt.path, r.status, r.body, tt.body)
		}
		if ct := r.header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("GET %s: Content-Type = %q", tt.path, ct)
		}
	}
	if err := e.db.Close(); err != nil {
		t.Fatal(err)
	}
	wantError(t, e.do(t, "GET", "/readyz", ""), http.StatusServiceUnavailable, sightline.EUNAVAILABLE)
	// liveness does not depend on the database
	if r := e.do(t, "GET", "/healthz", ""); r.status != 200 {
		t.Errorf("GET /healthz after close = %d, want 200", r.status)
	}
}

func TestServer_BrandPaging(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	org := e.org(t, "Acme")
	// created one second apart in this order; names sort bytewise
	// (upper case first) on both engines
	created := []string{"Zeta", "alpha", "Beta", "delta", "Gamma", "epsilon", "Eta"}
	byName := []string{"Beta", "Eta", "Gamma", "Zeta", "alpha", "delta", "epsilon"}
	ids := map[string]string{}
	for _, n := range created {
		ids[n] = e.brand(t, org.ID, n).ID
		e.clock.Advance(time.Second)
	}
	_, key := e.key(t, org.ID, nil)
	get := func(t *testing.T, query string) brandList {
		t.Helper()
		return wantList(t, e.do(t, "GET", "/api/v2/brands"+query, key))
	}
	reversed := func(s []string) []string { s = slices.Clone(s); slices.Reverse(s); return s }

	t.Run("Pages", func(t *testing.T) {
		t.Parallel()
		var all []string
		seen := map[string]bool{}
		for _, p := range []struct{ page, size int }{{1, 3}, {2, 3}, {3, 1}} {
			l := get(t, "?page_size=3&page="+strconv.Itoa(p.page))
			if len(l.Data) != p.size {
				t.Errorf("page %d has %d items, want %d", p.page, len(l.Data), p.size)
			}
			want := sightline.PageMeta{Page: p.page, PageSize: 3, TotalItems: 7, TotalPages: 3}
			if diff := cmp.Diff(want, l.Meta); diff != "" {
				t.Errorf("page %d meta (-want +got):\n%s", p.page, diff)
			}
			for _, id := range l.ids() {
				if seen[id] {
					t.Errorf("brand %s appears twice", id)
				}
				seen[id] = true
			}
			all = append(all, l.names()...)
		}
		if diff := cmp.Diff(byName, all); diff != "" {
			t.Errorf("names across pages (-want +got):\n%s", diff)
		}
	})
	t.Run("PastTheEnd", func(t *testing.T) {
		t.Parallel()
		r := e.do(t, "GET", "/api/v2/brands?page_size=3&page=4", key)
		l := wantList(t, r)
		if !strings.Contains(string(r.body), `"data":[]`) {
			t.Errorf("data is not an empty array: %s", r.body)
		}
		want := sightline.PageMeta{Page: 4, PageSize: 3, TotalItems: 7, TotalPages: 3}
		if diff := cmp.Diff(want, l.Meta); diff != "" {
			t.Errorf("meta (-want +got):\n%s", diff)
		}
	})
	t.Run("FarPastTheEnd", func(t *testing.T) {
		t.Parallel()
		// (page-1)*page_size overflows int64: still an empty page, not
		// page 1 (SQLite) or a 500 (PostgreSQL)
		l := get(t, "?page_size=100&page=100000000000000000")
		if len(l.Data) != 0 {
			t.Errorf("got %d items, want none", len(l.Data))
		}
		want := sightline.PageMeta{Page: 100000000000000000, PageSize: 100, TotalItems: 7, TotalPages: 1}
		if diff := cmp.Diff(want, l.Meta); diff != "" {
			t.Errorf("meta (-want +got):\n%s", diff)
		}
	})
	t.Run("DefaultPageSize", func(t *testing.T) {
		t.Parallel()
		l := get(t, "")
		if diff := cmp.Diff(byName, l.names()); diff != "" {
			t.Errorf("names (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff(sightline.PageMeta{Page: 1, PageSize: 50, TotalItems: 7, TotalPages: 1}, l.Meta); diff != "" {
			t.Errorf("meta (-want +got):\n%s", diff)
		}
	})
	t.Run("PageSizeClamped", func(t *testing.T) {
		t.Parallel()
		l := get(t, "?page_size=500")
		if diff := cmp.Diff(sightline.PageMeta{Page: 1, PageSize: 100, TotalItems: 7, TotalPages: 1}, l.Meta); diff != "" {
			t.Errorf("meta (-want +got):\n%s", diff)
		}
	})
	sorts := []struct {
		query string
		want  []string
	}{
		{"?sort=name", byName},
		{"?sort=-name", reversed(byName)},
		{"?sort=created_at", created},
		{"?sort=-created_at", reversed(created)},
		{"?sort=bogus", byName},
		{"?sort=bogus,-name", reversed(byName)},
		{"?sort=-bogus,-created_at,name", reversed(created)},
		{"?sort=", byName},
	}
	for _, tt := range sorts {
		t.Run("Sort"+tt.query, func(t *testing.T) {
			t.Parallel()
			if diff := cmp.Diff(tt.want, get(t, tt.query).names()); diff != "" {
				t.Errorf("names (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("SortedPages", func(t *testing.T) {
		t.Parallel()
		var all []string
		for page := 1; page <= 3; page++ {
			all = append(all, get(t, "?sort=-name&page_size=3&page="+strconv.Itoa(page)).names()...)
		}
		if diff := cmp.Diff(reversed(byName), all); diff != "" {
			t.Errorf("names across pages (-want +got):\n%s", diff)
		}
	})
	t.Run("IDs", func(t *testing.T) {
		t.Parallel()
		l := get(t, "")
		for _, b := range l.Data {
			if ids[b.Name] != b.ID {
				t.Errorf("brand %q has id %s, want %s", b.Name, b.ID, ids[b.Name])
			}
		}
	})

	invalid := []struct {
		query  string
		fields []string
	}{
		{"?page=0", []string{"page"}},
		{"?page=-2", []string{"page"}},
		{"?page=abc", []string{"page"}},
		{"?page_size=0", []string{"page_size"}},
		{"?page_size=1.5", []string{"page_size"}},
		{"?limit=10", []string{"limit"}},
		{"?offset=10", []string{"offset"}},
		{"?skip=10", []string{"skip"}},
		{"?per_page=10", []string{"per_page"}},
		{"?filter[foo]=x", []string{"filter[foo]"}},
		{"?filter[query]=a&filter[query]=b", []string{"filter[query]"}},
		{"?page=0&limit=5", []string{"page", "limit"}},
		{"?%zz", []string{""}},
	}
	for _, tt := range invalid {
		t.Run("400"+tt.query, func(t *testing.T) {
			t.Parallel()
			fields := wantError(t, e.doInvalid(t, "GET", "/api/v2/brands"+tt.query, key), http.StatusBadRequest, sightline.EINVALIDPARAM)
			if diff := cmp.Diff(tt.fields, fields); diff != "" {
				t.Errorf("detail fields (-want +got):\n%s", diff)
			}
		})
	}
}

// Rows that tie on the sort key still page without overlap or gaps.
func TestServer_BrandPagingTies(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	org := e.org(t, "Acme")
	want := map[string]bool{}
	for range 5 {
		want[e.brand(t, org.ID, "Same").ID] = true // same name, same created_at
	}
	_, key := e.key(t, org.ID, nil)
	for _, sort := range []string{"", "&sort=-name", "&sort=created_at", "&sort=-created_at"} {
		got := map[string]bool{}
		for page := 1; page <= 3; page++ {
			for _, id := range wantList(t, e.do(t, "GET", "/api/v2/brands?page_size=2&page="+strconv.Itoa(page)+sort, key)).ids() {
				if got[id] {
					t.Errorf("sort %q: brand %s on two pages", sort, id)
				}
				got[id] = true
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("sort %q: ids across pages (-want +got):\n%s", sort, diff)
		}
	}
}

func TestServer_BrandQuery(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	org := e.org(t, "Acme")
	for _, n := range []string{"Acme Corp", "ACME Labs", "Globex", "100% Juice", "snake_case", `back\slash`} {
		e.brand(t, org.ID, n)
	}
	_, key := e.key(t, org.ID, nil)
	tests := []struct {
		query string
		want  []string
	}{
		{"acme", []string{"ACME Labs", "Acme Corp"}},
		{"ACME", []string{"ACME Labs", "Acme Corp"}},
		{"aCmE%20c", []string{"Acme Corp"}},
		{"LOBE", []string{"Globex"}},
		{"%25", []string{"100% Juice"}}, // LIKE metacharacters match literally
		{"_", []string{"snake_case"}},
		{`\`, []string{`back\slash`}},
		{"zzz", []string{}},
		{"", []string{"100% Juice", "ACME Labs", "Acme Corp", "Globex", `back\slash`, "snake_case"}},
		{"%20acme%20", []string{"ACME Labs", "Acme Corp"}}, // trimmed
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			t.Parallel()
			l := wantList(t, e.do(t, "GET", "/api/v2/brands?filter[query]="+tt.query+"&page_size=1", key))
			pages := len(tt.want)
			if diff := cmp.Diff(sightline.PageMeta{Page: 1, PageSize: 1, TotalItems: len(tt.want), TotalPages: pages}, l.Meta); diff != "" {
				t.Errorf("meta (-want +got):\n%s", diff)
			}
			l = wantList(t, e.do(t, "GET", "/api/v2/brands?filter[query]="+tt.query, key))
			if diff := cmp.Diff(tt.want, l.names()); diff != "" {
				t.Errorf("names (-want +got):\n%s", diff)
			}
		})
	}
}

func TestServer_RateLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(s *httpapi.Server) { s.RateLimits = sightline.RateLimits{PerKey: 2, PerOrg: 3} })
	org := e.org(t, "Acme")
	_, key1 := e.key(t, org.ID, nil)
	_, key2 := e.key(t, org.ID, nil)
	e.clock.Set(t0.Add(15 * time.Second))

	// the key's limit of 2 per minute: the headers count down, the third is refused
	for i, want := range []string{"1", "0"} {
		r := e.do(t, "GET", "/api/v2/brands", key1)
		wantList(t, r)
		if got := []string{r.header.Get("RateLimit-Limit"), r.header.Get("RateLimit-Remaining"), r.header.Get("RateLimit-Reset")}; !slices.Equal(got, []string{"2", want, "45"}) {
			t.Errorf("request %d: RateLimit-Limit, -Remaining, -Reset = %v, want [2 %s 45]", i+1, got, want)
		}
	}
	r := e.do(t, "GET", "/api/v2/brands", key1)
	wantError(t, r, http.StatusTooManyRequests, sightline.ERATELIMIT)
	if got := r.header.Get("Retry-After"); got != "45" {
		t.Errorf("Retry-After = %q, want 45 (the end of the minute)", got)
	}
	// the organization's limit of 3 is shared by its keys; the refused
	// request of key1 did not spend it
	r = e.do(t, "GET", "/api/v2/brands", key2)
	wantList(t, r)
	if got := r.header.Get("RateLimit-Limit") + "/" + r.header.Get("RateLimit-Remaining"); got != "3/0" {
		t.Errorf("key2: limit/remaining = %s, want the organization's 3/0", got)
	}
	wantError(t, e.do(t, "GET", "/api/v2/brands", key2), http.StatusTooManyRequests, sightline.ERATELIMIT)
	// anonymous requests are refused by authentication, not the limiter
	wantError(t, e.doInvalid(t, "GET", "/api/v2/brands", ""), 401, sightline.EUNAUTHORIZED)
	// the next minute starts afresh
	e.clock.Advance(45 * time.Second)
	wantList(t, e.do(t, "GET", "/api/v2/brands", key1))
	// the organization's own limits replace the defaults
	none := 0
	if _, err := e.db.SetOrgRateLimits(context.Background(), sightline.OrgRateLimits{OrgID: org.ID, PerKey: &none, PerOrg: &none}); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if r := e.do(t, "GET", "/api/v2/brands", key1); r.status != 200 || r.header.Get("RateLimit-Limit") != "" {
			t.Fatalf("without limits: %d, RateLimit-Limit %q", r.status, r.header.Get("RateLimit-Limit"))
		}
	}
	// health checks are never limited
	for range 5 {
		if r := e.do(t, "GET", "/healthz", ""); r.status != 200 {
			t.Fatalf("GET /healthz = %d", r.status)
		}
	}
}
