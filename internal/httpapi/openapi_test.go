package httpapi_test

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/openapi"
	"github.com/sightline/sightline/internal/openapi/openapitest"
)

// The document loads, validates, says what docs/api.md and docs/api.md require,
// and is served as embedded, without a key.
func TestOpenAPI_Document(t *testing.T) {
	t.Parallel()
	v := openapitest.MustLoad(t)
	doc := v.Doc
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi = %q, want 3.1.0", doc.OpenAPI)
	}
	if doc.Info == nil || doc.Info.Version != "v1" {
		t.Errorf("info.version is not v1: %+v", doc.Info)
	}
	key := doc.Components.SecuritySchemes["ApiKeyAuth"]
	if key == nil || key.Value.Type != "apiKey" || key.Value.In != "header" || key.Value.Name != httpapi.APIKeyHeader {
		t.Errorf("securitySchemes.ApiKeyAuth is not an API key in header %s", httpapi.APIKeyHeader)
	}
	if admin := doc.Components.SecuritySchemes["AdminToken"]; admin == nil || admin.Value.Scheme != "bearer" {
		t.Error("securitySchemes.AdminToken is not a bearer scheme")
	}
	if diff := cmp.Diff(openapi3.SecurityRequirements{{"ApiKeyAuth": []string{}}}, doc.Security); diff != "" {
		t.Errorf("top-level security (-want +got):\n%s", diff)
	}

	ts := httptest.NewServer((&httpapi.Server{}).Handler()) // the document needs no store
	t.Cleanup(ts.Close)
	req, err := http.NewRequest(http.MethodGet, ts.URL+"/api/v2/openapi.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	r := send(t, req) // no key
	if r.status != http.StatusOK {
		t.Fatalf("GET /api/v2/openapi.json = %d: %s", r.status, r.body)
	}
	if ct := r.header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
	if !bytes.Equal(r.body, openapi.Public) {
		t.Errorf("served document (%d bytes) differs from the public document (%d bytes)", len(r.body), len(openapi.Public))
	}
}

// The public document leaves the internal surface out; the whole document
// is served to the admin token only.
func TestOpenAPI_InternalDocument(t *testing.T) {
	t.Parallel()
	pub, err := openapitest.LoadDocument(openapi.Public)
	if err != nil {
		t.Fatalf("the public document does not load: %v", err)
	}
	if len(pub.Paths.Map()) == 0 {
		t.Fatal("the public document has no paths")
	}
	for path, item := range pub.Paths.Map() {
		if strings.HasPrefix(path, "/internal/") {
			t.Errorf("the public document lists %s", path)
		}
		for method, op := range item.Operations() {
			if op.Extensions["x-internal"] != nil {
				t.Errorf("the public document lists x-internal %s %s", method, path)
			}
		}
	}
	for _, name := range []string{"RunRecord", "IngestResult", "Organization", "Usage"} {
		if pub.Components.Schemas[name] != nil {
			t.Errorf("the public document keeps schema %s, which only internal operations use", name)
		}
	}
	if strings.Contains(string(openapi.Public), "/internal/v1/brands") {
		t.Error("the public document names an internal path")
	}
	whole := openapitest.MustLoad(t).Doc
	internal := 0
	for _, item := range whole.Paths.Map() {
		for _, op := range item.Operations() {
			if op.Extensions["x-internal"] == true {
				internal++
			}
		}
	}
	if internal < 5 {
		t.Errorf("the whole document has %d x-internal operations", internal)
	}

	e := newEnv(t, func(s *httpapi.Server) { s.AdminToken = "admin-token-for-the-test" })
	org := e.org(t, "Acme")
	_, key := e.key(t, org.ID, nil)
	req := e.request(t, http.MethodGet, "/internal/v1/openapi.json", "")
	req.Header.Set("Authorization", "Bearer admin-token-for-the-test")
	if r := send(t, req); r.status != http.StatusOK || !bytes.Equal(r.body, openapi.Document) {
		t.Errorf("admin token: %d, %d bytes; want 200 and the whole document", r.status, len(r.body))
	}
	if r := e.doInvalid(t, http.MethodGet, "/internal/v1/openapi.json", key); r.status != http.StatusForbidden {
		t.Errorf("API key: %d, want 403", r.status)
	}
	if r := e.doInvalid(t, http.MethodGet, "/internal/v1/openapi.json", ""); r.status != http.StatusUnauthorized {
		t.Errorf("no credentials: %d, want 401", r.status)
	}
}

// Every operation documents the error responses its surface and shape
// imply, each with the one Error envelope, and names itself.
func TestOpenAPI_Responses(t *testing.T) {
	t.Parallel()
	v := openapitest.MustLoad(t)
	ids := map[string]string{}
	for _, op := range v.Operations() {
		name := op.Method + " " + op.Path
		d := op.Doc()
		if d.OperationID == "" || d.Summary == "" || d.Description == "" || len(d.Tags) == 0 {
			t.Errorf("%s: operationId, summary, description and tags are required", name)
		}
		if prev, ok := ids[d.OperationID]; ok {
			t.Errorf("%s: operationId %s is also %s", name, d.OperationID, prev)
		}
		ids[d.OperationID] = name
		want := []string{"500"}
		switch op.Access {
		case "public":
			want = append(want, "401", "429")
		case "internal":
			want = append(want, "401", "403")
		}
		if strings.Contains(op.Path, "{") {
			want = append(want, "404")
		}
		if d.RequestBody != nil {
			want = append(want, "400", "413", "415", "422")
		}
		for _, p := range op.QueryParameters() {
			if p.Schema != nil && p.Schema.Value != nil && !p.Schema.Value.Type.Is(openapi3.TypeString) {
				want = append(want, "400") // a typed parameter can be malformed
			} else if strings.HasPrefix(p.Name, "filter[") {
				want = append(want, "400") // an unknown filter[...] key is refused
			}
		}
		for _, code := range want {
			if d.Responses.Status(atoi(code)) == nil {
				t.Errorf("%s: response %s is not documented", name, code)
			}
		}
		success := 0
		for _, code := range op.Statuses() {
			r := d.Responses.Value(code)
			switch {
			case code[0] == '2':
				success++
			case r.Ref == "":
				t.Errorf("%s: response %s is inline; reference components/responses", name, code)
			}
		}
		if success == 0 {
			t.Errorf("%s: no success response", name)
		}
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s) // a status code of the document, validated on load
	return n
}

// decode unmarshals a response body the validator already accepted.
func decode(t *testing.T, body []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
}

// sortKeys returns the x-sort-keys extension of a sort parameter.
func sortKeys(p *openapi3.Parameter) []string {
	var keys []string
	if raw, err := json.Marshal(p.Extensions["x-sort-keys"]); err == nil {
		_ = json.Unmarshal(raw, &keys) // nil when missing: the test then fails on it
	}
	return keys
}

// Every route has exactly one documented operation, and every documented
// operation is a route, with the same surface.
func TestOpenAPI_RouteCoverage(t *testing.T) {
	t.Parallel()
	v := openapitest.MustLoad(t)
	routes := (&httpapi.Server{}).Routes()
	seen := map[string]bool{}
	for _, r := range routes {
		name := r.Method + " " + r.Path
		if seen[name] {
			t.Errorf("route %s is registered twice", name)
		}
		seen[name] = true
		op := v.Operation(r.Method, r.Path)
		if op == nil {
			t.Errorf("route %s (%s) has no operation in internal/openapi/openapi.json", name, r.Access)
			continue
		}
		if op.Access != r.Access {
			t.Errorf("route %s is %s but documented as %s (security / x-internal)", name, r.Access, op.Access)
		}
	}
	for _, op := range v.Operations() {
		if !seen[op.Method+" "+op.Path] {
			t.Errorf("operation %s %s (%s) is not a route of (*Server).Routes()", op.Method, op.Path, op.OperationID)
		}
	}
}

// The sort keys each list documents are the ones its handler whitelists.
func TestOpenAPI_SortKeys(t *testing.T) {
	t.Parallel()
	v := openapitest.MustLoad(t)
	whitelists := map[string]struct {
		keys []string
		def  []sightline.SortKey
	}{
		"listBrands":          {sightline.BrandSortKeys, sightline.DefaultBrandSort},
		"listTopics":          {sightline.TopicSortKeys, sightline.DefaultTopicSort},
		"listCitationPages":   {sightline.PageSortKeys, sightline.DefaultPageSort},
		"listCitationDomains": {sightline.DomainSortKeys, sightline.DefaultDomainSort},
		"listSearchQueries":   {sightline.SearchQuerySortKeys, sightline.DefaultSearchQuerySort},
		"listShareOfVoice":    {sightline.SOVSortKeys, sightline.DefaultSOVSort},
		"listCompetitors":     {sightline.CompetitorSortKeys, sightline.DefaultCompetitorSort},
		"listPrompts":         {sightline.PromptSortKeys, sightline.DefaultPromptSort},
		"listAds":             {sightline.AdSortKeys, sightline.DefaultAdSort},
		"listAdvertisers":     {sightline.AdvertiserSortKeys, sightline.DefaultAdvertiserSort},
		"listRecommendations": {sightline.RecommendationSortKeys, sightline.DefaultRecommendationSort},
		"listOpportunities":   {sightline.OpportunitySortKeys, sightline.DefaultOpportunitySort},
		"listBriefs":          {sightline.BriefSortKeys, sightline.DefaultBriefSort},
		"listSignals":         {sightline.SignalSortKeys, sightline.DefaultSignalSort},
		"listAgentPages":      {sightline.AgentPageSortKeys, sightline.DefaultAgentPageSort},
		"listAIReferrals":     {sightline.AIReferralSortKeys, sightline.DefaultAIReferralSort},
	}
	for _, op := range v.Operations() {
		p := op.QueryParameters()["sort"]
		if p == nil {
			continue
		}
		w, ok := whitelists[op.OperationID]
		if !ok {
			t.Errorf("%s documents sort; add its whitelist to this test", op.OperationID)
			continue
		}
		keys := sortKeys(p)
		if diff := cmp.Diff(w.keys, keys); diff != "" {
			t.Errorf("%s: x-sort-keys (-code +document):\n%s", op.OperationID, diff)
		}
		var def []string
		for _, k := range w.def {
			if k.Desc {
				def = append(def, "-"+k.Key)
			} else {
				def = append(def, k.Key)
			}
		}
		if got := p.Extensions["x-default-sort"]; got != strings.Join(def, ",") {
			t.Errorf("%s: x-default-sort = %v, code default %s", op.OperationID, got, strings.Join(def, ","))
		}
		for _, k := range keys {
			if !strings.Contains(p.Description, "`"+k+"`") {
				t.Errorf("%s: sort description does not name key %s", op.OperationID, k)
			}
		}
	}
}

// Every query parameter name the handlers read is documented on some
// operation. With testUndocumentedFilters (an operation refuses every
// documented filter it does not document itself), a handler cannot read a
// filter its operation leaves out. The names are found in the source: the
// string literals of the params getters and every "filter[...]" literal.
func TestOpenAPI_ParameterNames(t *testing.T) {
	t.Parallel()
	v := openapitest.MustLoad(t)
	documented := map[string]bool{}
	for _, op := range v.Operations() {
		for name := range op.QueryParameters() {
			documented[name] = true
		}
	}
	getters := map[string]bool{"scalar": true, "list": true, "integer": true, "uuid": true, "uuids": true, "enum": true,
		"enums": true, "boolean": true, "text": true, "promptRegions": true, "domains": true, "pageURL": true}
	filter := regexp.MustCompile(`^filter\[[a-z_]+\]$`)
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	read := map[string]string{} // name → where
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && getters[sel.Sel.Name] && len(n.Args) > 0 {
					if lit, ok := n.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						name, _ := strconv.Unquote(lit.Value)
						read[name] = fset.Position(lit.Pos()).String()
					}
				}
			case *ast.BasicLit:
				if name, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING && filter.MatchString(name) {
					read[name] = fset.Position(n.Pos()).String()
				}
			}
			return true
		})
	}
	if len(read) < 10 {
		t.Fatalf("found only %d parameter names in the handlers; is the scan broken?", len(read))
	}
	for name, f := range read {
		if !documented[name] {
			t.Errorf("%s: query parameter %s is read but no operation documents it", f, name)
		}
	}
}
