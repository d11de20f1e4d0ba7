// Package openapitest holds the API to its published description in tests:
// a Validator loads the embedded OpenAPI document once, and its Transport
// checks every request a test sends and every response it gets against the
// document with kin-openapi's openapi3filter.
//
// A mismatch is returned as the round trip's error, so the test that made
// the call fails where it made it (http.Client.Do returns the error).
// Requests that deliberately break the document (no key, a malformed
// parameter, a wrong content type, an undocumented method) are marked with
// ExpectInvalid: their request must then fail validation — which proves the
// document states the rule the server enforces — and the response is still
// validated in full.
//
//	client := openapitest.MustLoad(t).Client() // or .Transport(base)
//	resp, err := client.Do(req)                // err: a mismatch, with the body
//	resp, err = client.Do(openapitest.ExpectInvalid(reqWithoutKey))
//
// What is checked: the request matches one documented operation (method and
// path template; a more literal template wins, as in http.ServeMux), every
// query key is a documented parameter (`filter[x][]` counts as `filter[x]`,
// and list parameters may be comma-separated), a parameter that is not a
// list appears once, the credential of the operation's security scheme is
// present, and parameters and body satisfy their schemas; the response
// status is documented for the operation, its Content-Type and body match,
// and documented headers (Retry-After on 429) are present. JSON Schema
// 2020-12 applies (OpenAPI 3.1), with the uuid, date and date-time formats
// enforced.
package openapitest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/sightline/sightline/internal/openapi"
)

// Operation is one documented operation.
type Operation struct {
	Method      string // GET, POST, …
	Path        string // template, e.g. /api/v2/brands/{brand_id}/topics
	OperationID string
	// Access is "public" (API key), "internal" (admin token, x-internal)
	// or "open" (no credentials), as the route table names it.
	Access string

	op       *openapi3.Operation
	item     *openapi3.PathItem
	segments []string
}

// Doc returns the kin-openapi operation.
func (o *Operation) Doc() *openapi3.Operation { return o.op }

// QueryParameters returns the documented query parameters by name.
func (o *Operation) QueryParameters() map[string]*openapi3.Parameter {
	out := map[string]*openapi3.Parameter{}
	for _, refs := range []openapi3.Parameters{o.item.Parameters, o.op.Parameters} {
		for _, p := range refs {
			if p.Value != nil && p.Value.In == openapi3.ParameterInQuery {
				out[p.Value.Name] = p.Value
			}
		}
	}
	return out
}

// Statuses returns the documented response statuses, sorted.
func (o *Operation) Statuses() []string {
	var out []string
	for code := range o.op.Responses.Map() {
		out = append(out, code)
	}
	sort.Strings(out)
	return out
}

// match reports whether path fits the template and returns its parameters.
func (o *Operation) match(path string) (map[string]string, bool) {
	segs := strings.Split(path, "/")
	if len(segs) != len(o.segments) {
		return nil, false
	}
	params := map[string]string{}
	for i, t := range o.segments {
		if strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}") {
			if segs[i] == "" {
				return nil, false
			}
			v, err := url.PathUnescape(segs[i])
			if err != nil {
				return nil, false
			}
			params[t[1:len(t)-1]] = v
		} else if segs[i] != t {
			return nil, false
		}
	}
	return params, true
}

// literals counts the literal segments of the template: a more literal
// template wins, as in http.ServeMux (…/opportunities/compute beats
// …/opportunities/{id}).
func (o *Operation) literals() int {
	n := 0
	for _, t := range o.segments {
		if !strings.HasPrefix(t, "{") {
			n++
		}
	}
	return n
}

// Validator validates requests and responses against the document.
type Validator struct {
	Doc *openapi3.T
	ops []*Operation
}

// JSONL bodies (the ingest endpoint) are validated as text: one record a
// line is the server's business.
func init() {
	for _, ct := range []string{"application/x-ndjson", "application/jsonl", "application/jsonlines"} {
		openapi3filter.RegisterBodyDecoder(ct, openapi3filter.FileBodyDecoder)
	}
}

var (
	loadOnce sync.Once
	loaded   *Validator
	loadErr  error
)

// Load parses and validates the embedded document once per process.
func Load() (*Validator, error) {
	loadOnce.Do(func() { loaded, loadErr = load(openapi.Document) })
	return loaded, loadErr
}

// MustLoad is Load for tests: it fails tb on error.
func MustLoad(tb testing.TB) *Validator {
	tb.Helper()
	v, err := Load()
	if err != nil {
		tb.Fatalf("load OpenAPI document: %v", err)
	}
	return v
}

// LoadDocument parses and validates a document (the public one, say).
func LoadDocument(data []byte) (*openapi3.T, error) {
	v, err := load(data)
	if err != nil {
		return nil, err
	}
	return v.Doc, nil
}

func load(data []byte) (*Validator, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(data)
	if err != nil {
		return nil, fmt.Errorf("parse: %w", err)
	}
	if err := doc.Validate(loader.Context,
		openapi3.EnableSchemaDefaultsValidation(),
		openapi3.EnableExamplesValidation(),
	); err != nil {
		return nil, fmt.Errorf("validate: %w", err)
	}
	v := &Validator{Doc: doc}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			o := &Operation{Method: method, Path: path, OperationID: op.OperationID, op: op, item: item,
				segments: strings.Split(path, "/")}
			switch {
			case op.Security != nil && len(*op.Security) == 0:
				o.Access = "open"
			case op.Extensions["x-internal"] == true:
				o.Access = "internal"
			default:
				o.Access = "public"
			}
			v.ops = append(v.ops, o)
		}
	}
	sort.Slice(v.ops, func(i, j int) bool {
		if v.ops[i].Path != v.ops[j].Path {
			return v.ops[i].Path < v.ops[j].Path
		}
		return v.ops[i].Method < v.ops[j].Method
	})
	return v, nil
}

// Operations lists every documented operation, by path then method.
func (v *Validator) Operations() []*Operation { return slices.Clone(v.ops) }

// Operation returns the documented operation of method and path template.
func (v *Validator) Operation(method, template string) *Operation {
	for _, o := range v.ops {
		if o.Method == method && o.Path == template {
			return o
		}
	}
	return nil
}

// Find matches a concrete request path to its operation. When the path
// fits templates but none with method, allowed lists their methods.
func (v *Validator) Find(method, path string) (op *Operation, params map[string]string, allowed []string) {
	best := -1
	for _, o := range v.ops {
		p, ok := o.match(path)
		if !ok {
			continue
		}
		if o.Method != method {
			allowed = append(allowed, o.Method)
			continue
		}
		if n := o.literals(); n > best {
			op, params, best = o, p, n
		}
	}
	if op != nil {
		allowed = nil
	}
	return op, params, allowed
}

type expectInvalidKey struct{}

// ExpectInvalid marks req as deliberately violating the document: its
// validation must fail (the document must state what the server refuses);
// the response is validated as usual. It also allows requests that match
// no documented operation; their response must then be the documented
// 404 (unknown path) or 405 (known path, other method) envelope.
func ExpectInvalid(req *http.Request) *http.Request {
	return req.WithContext(context.WithValue(req.Context(), expectInvalidKey{}, true))
}

func expectsInvalid(req *http.Request) bool {
	b, _ := req.Context().Value(expectInvalidKey{}).(bool)
	return b
}

// Client returns an HTTP client whose transport validates every exchange.
func (v *Validator) Client() *http.Client {
	return &http.Client{Transport: v.Transport(nil)}
}

// Transport wraps base (nil: http.DefaultTransport) with validation.
func (v *Validator) Transport(base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return &transport{v: v, base: base}
}

type transport struct {
	v    *Validator
	base http.RoundTripper
}

// RoundTrip validates the request, sends it, and validates the response.
// Any mismatch is the returned error (the response is then discarded).
func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		var err error
		if body, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
		_ = req.Body.Close()
	}
	reset := func(r *http.Request) {
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
		r.ContentLength = int64(len(body))
	}
	out := req.Clone(req.Context())
	if body != nil {
		reset(out)
	}
	ctx := req.Context()
	invalid := expectsInvalid(req)
	op, params, allowed := t.v.Find(req.Method, req.URL.Path)
	var input *openapi3filter.RequestValidationInput
	var reqErr error
	if op != nil {
		check := req.Clone(ctx)
		if body != nil {
			reset(check)
		}
		input, reqErr = t.v.validateRequest(ctx, check, op, params)
	} else {
		reqErr = fmt.Errorf("no documented operation for %s %s", req.Method, req.URL.Path)
	}
	switch {
	case reqErr != nil && !invalid:
		return nil, fmt.Errorf("openapi: request %s %s does not match the document: %w", req.Method, req.URL, reqErr)
	case reqErr == nil && invalid:
		return nil, fmt.Errorf("openapi: request %s %s was marked ExpectInvalid but conforms to the document, "+
			"which therefore does not state the rule it breaks", req.Method, req.URL)
	}

	resp, err := t.base.RoundTrip(out)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(data))

	var respErr error
	if op != nil {
		respErr = t.v.validateResponse(ctx, input, resp, data)
	} else {
		respErr = t.v.validateUnrouted(resp, data, allowed)
	}
	if respErr != nil {
		return nil, fmt.Errorf("openapi: response %d to %s %s does not match the document: %w\nbody: %s",
			resp.StatusCode, req.Method, req.URL, respErr, truncate(data))
	}
	return resp, nil
}

// validateRequest checks one request against op: the security scheme's
// credential is present, every query parameter is documented, and
// openapi3filter accepts parameters and body.
func (v *Validator) validateRequest(ctx context.Context, req *http.Request, op *Operation,
	params map[string]string) (*openapi3filter.RequestValidationInput, error) {
	input := &openapi3filter.RequestValidationInput{
		Request:    req,
		PathParams: params,
		Route: &routers.Route{Spec: v.Doc, Path: op.Path, PathItem: op.item, Method: op.Method,
			Operation: op.op},
		Options: v.options(),
	}
	query, err := url.ParseQuery(req.URL.RawQuery)
	if err != nil {
		return input, fmt.Errorf("malformed query: %w", err)
	}
	documented := op.QueryParameters()
	normalized := url.Values{}
	var problems []string
	for key, values := range query {
		name := strings.TrimSuffix(key, "[]")
		p, ok := documented[name]
		if !ok {
			problems = append(problems, fmt.Sprintf("undocumented query parameter %s", key))
			continue
		}
		for _, val := range values {
			normalized[name] = append(normalized[name], splitList(p, val)...)
		}
	}
	for name, values := range normalized {
		if s := documented[name].Schema; len(values) > 1 && s != nil && s.Value != nil && !s.Value.Type.Is(openapi3.TypeArray) {
			problems = append(problems, fmt.Sprintf("query parameter %s is not a list but given %d times", name, len(values)))
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return input, errors.New(strings.Join(problems, "; "))
	}
	req.URL.RawQuery = normalized.Encode()
	if err := openapi3filter.ValidateRequest(ctx, input); err != nil {
		return input, err
	}
	return input, nil
}

// splitList applies the list convention of the API to one value: a list
// filter also takes comma-separated values (explode=false in OpenAPI
// terms, which a parameter cannot declare next to explode=true). Items
// whose own pattern holds commas (prompt/region pairs) are left whole.
func splitList(p *openapi3.Parameter, val string) []string {
	if p.Schema == nil || p.Schema.Value == nil || !p.Schema.Value.Type.Is(openapi3.TypeArray) {
		return []string{val}
	}
	if items := p.Schema.Value.Items; items != nil && items.Value != nil && strings.Contains(items.Value.Pattern, ",") {
		return []string{val}
	}
	return strings.Split(val, ",")
}

func (v *Validator) validateResponse(ctx context.Context, input *openapi3filter.RequestValidationInput,
	resp *http.Response, data []byte) error {
	if input == nil {
		return errors.New("no request input")
	}
	if err := openapi3filter.ValidateResponse(ctx, &openapi3filter.ResponseValidationInput{
		RequestValidationInput: input,
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Body:                   io.NopCloser(bytes.NewReader(data)),
		Options:                v.options(),
	}); err != nil {
		return err
	}
	return errorCode(input.Route.Operation.Responses.Status(resp.StatusCode), data)
}

// errorCode checks that an error answer's code is one its response lists
// in x-error-codes: the schema is the plain error envelope (so generated
// clients keep every field), and the codes live beside it.
func errorCode(ref *openapi3.ResponseRef, data []byte) error {
	if ref == nil || ref.Value == nil {
		return nil
	}
	raw, ok := ref.Value.Extensions["x-error-codes"]
	if !ok {
		return nil
	}
	var codes []string
	b, _ := json.Marshal(raw)
	if err := json.Unmarshal(b, &codes); err != nil {
		return fmt.Errorf("x-error-codes: %w", err)
	}
	var body struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal(data, &body); err != nil {
		return err
	}
	if !slices.Contains(codes, body.Error.Code) {
		return fmt.Errorf("error code %q is not among the response's x-error-codes %v", body.Error.Code, codes)
	}
	return nil
}

// validateUnrouted checks the answer to a request that fits no operation:
// the documented 405 envelope when the path exists with other methods,
// else the 404 envelope.
func (v *Validator) validateUnrouted(resp *http.Response, data []byte, allowed []string) error {
	want, name := http.StatusNotFound, "NotFound"
	if len(allowed) > 0 {
		want, name = http.StatusMethodNotAllowed, "MethodNotAllowed"
	}
	if resp.StatusCode != want {
		return fmt.Errorf("status %d, want %d for a request no operation documents", resp.StatusCode, want)
	}
	ref := v.Doc.Components.Responses[name]
	if ref == nil || ref.Value == nil {
		return fmt.Errorf("components/responses/%s is missing", name)
	}
	if want == http.StatusMethodNotAllowed {
		got := resp.Header.Values("Allow")
		slices.Sort(got)
		slices.Sort(allowed)
		allowed = slices.Compact(allowed) // a path may fit several templates
		if !slices.Equal(got, allowed) {
			return fmt.Errorf("Allow = %q, want the documented methods %q", got, allowed)
		}
	}
	mt := ref.Value.Content.Get(resp.Header.Get("Content-Type"))
	if mt == nil || mt.Schema == nil {
		return fmt.Errorf("Content-Type %q is not documented for %s", resp.Header.Get("Content-Type"), name)
	}
	var value any
	if err := json.Unmarshal(data, &value); err != nil {
		return fmt.Errorf("body is not JSON: %w", err)
	}
	return mt.Schema.Value.VisitJSON(value, v.schemaOptions()...)
}

func (v *Validator) options() *openapi3filter.Options {
	return &openapi3filter.Options{
		IncludeResponseStatus: true,
		MultiError:            true,
		SkipSettingDefaults:   true,
		AuthenticationFunc:    authenticate,
		SchemaValidationOptions: []openapi3.SchemaValidationOption{
			openapi3.WithStringFormatValidator("uuid", openapi3.NewRegexpFormatValidator(uuidPattern)),
		},
	}
}

func (v *Validator) schemaOptions() []openapi3.SchemaValidationOption {
	return append(v.options().SchemaValidationOptions, openapi3.EnableJSONSchema2020(), openapi3.MultiErrors())
}

const uuidPattern = `^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`

// authenticate checks that the credential a security scheme names is
// present; whether it is valid is the server's business (401).
func authenticate(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	r := in.RequestValidationInput.Request
	s := in.SecurityScheme
	switch {
	case s.Type == "apiKey" && s.In == "header":
		if header(r, s.Name) == "" {
			return fmt.Errorf("header %s is missing", s.Name)
		}
	case s.Type == "http" && strings.EqualFold(s.Scheme, "bearer"):
		if token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); !ok || token == "" {
			return errors.New("Authorization: Bearer … is missing")
		}
	default:
		return fmt.Errorf("unsupported security scheme %s", in.SecuritySchemeName)
	}
	return nil
}

// header reads a header whatever the case of its name in the map: a test
// may set a non-canonical name on purpose, and servers fold the case.
func header(r *http.Request, name string) string {
	for k, vs := range r.Header {
		if strings.EqualFold(k, name) && len(vs) > 0 {
			return vs[0]
		}
	}
	return ""
}

func truncate(b []byte) string {
	const limit = 2000
	if len(b) > limit {
		return string(b[:limit]) + "…"
	}
	return string(b)
}
