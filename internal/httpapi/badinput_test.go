package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/openapi/openapitest"
)

// badQueryValues are what a careless or hostile client puts in a query
// value: empty, blank, control bytes, huge and odd numbers, other scripts,
// injection attempts, JSON, more list values than allowed.
var badQueryValues = func() []string {
	many := make([]string, 101)
	for i := range many {
		many[i] = "00000000-0000-4000-8000-" + strings.Repeat("0", 9) + strconv.Itoa(100+i)
	}
	return []string{
		"", " ", "\x00", "%00", "\u202e", strings.Repeat("9", 400), "-1", "0", "1e309", "99999999999999999999",
		"NaN", "😀", "' OR 1=1 --", "null", "[]", "{}", "a,b,,c", "2026-02-30", "9999-12-31T23:59:59Z",
		"0000-01-01", strings.Join(many, ","), strings.Repeat("x", 8000),
	}
}()

// badBodies are JSON bodies no write accepts: broken syntax, other JSON
// types, nesting bombs, invalid UTF-8, a body above the limit.
var badBodies = map[string][]byte{
	"Truncated":    []byte(`{"name": "x`),
	"Array":        []byte(`[]`),
	"Null":         []byte(`null`),
	"String":       []byte(`"x"`),
	"Number":       []byte(`1e999`),
	"TwoValues":    []byte(`{} {}`),
	"DeepNesting":  []byte(strings.Repeat("[", 100000) + strings.Repeat("]", 100000)),
	"InvalidUTF8":  []byte("{\"name\": \"\xff\xfe\"}"),
	"Empty":        {},
	"NULByte":      []byte("{\x00}"),
	"NULEscape":    []byte(`{"name": "a\u0000b", "text": "\u0000", "url": "https://x.com/\u0000"}`),
	"UnknownField": []byte(`{"no_such_field_anywhere": 1}`),
	"Oversized":    append(append([]byte(`{"name": "`), bytes.Repeat([]byte("a"), 2<<20)...), []byte(`"}`)...),
}

// badContentTypes are what a body may claim to be instead of JSON.
var badContentTypes = []string{"", "text/plain", "application/xml", "multipart/form-data; boundary=x", "application/json; charset=", "*/*"}

// testBadInput walks every route with malformed query values, malformed
// and oversized bodies and wrong content types: each answer is a status the
// operation documents, a 4xx (or a success for a harmless value) with the
// error envelope, never a 5xx.
func (e *apiEnv) testBadInput(t *testing.T, v *openapitest.Validator, routes []httpapi.Route) {
	for _, r := range routes {
		op := v.Operation(r.Method, r.Path)
		path := fill(t, r.Path, e.ids)
		documented := op.Statuses()
		t.Run(r.Method+" "+r.Path, func(t *testing.T) {
			t.Parallel()
			check := func(t *testing.T, what string, c call) {
				t.Helper()
				start := time.Now()
				status, body := e.raw(t, r.Access, c)
				if d := time.Since(start); d > time.Second {
					t.Logf("SLOW %s %s: %s", what, r.Path, d)
				}
				code := strconv.Itoa(status)
				switch {
				case status >= 500:
					t.Errorf("%s: %d %.300s", what, status, body)
				case !slices.Contains(documented, code):
					t.Errorf("%s: %d, which %s does not document (%v): %.300s", what, status, op.OperationID, documented, body)
				case status >= 400:
					var env struct {
						Error *struct {
							Code    string `json:"code"`
							Message string `json:"message"`
						} `json:"error"`
					}
					if err := json.Unmarshal(body, &env); err != nil || env.Error == nil || env.Error.Code == "" || env.Error.Message == "" {
						t.Errorf("%s: %d without the error envelope: %.300s", what, status, body)
					}
				}
			}
			// Query values: only reads, so that no write (or quota) is spent.
			if r.Method == http.MethodGet {
				names := []string{"page", "page_size", "sort", "filter[bogus]", "limit"}
				for name := range op.QueryParameters() {
					names = append(names, name)
				}
				sort.Strings(names)
				names = slices.Compact(names)
				// every parameter at once with one bad value: the handler
				// reads them all, and reports every problem together
				for i, val := range badQueryValues {
					q := make([]string, len(names))
					for j, name := range names {
						q[j] = url.QueryEscape(name) + "=" + url.QueryEscape(val)
					}
					check(t, "query value #"+strconv.Itoa(i), call{method: r.Method, path: path + "?" + strings.Join(q, "&")})
				}
				for _, name := range names {
					check(t, "query "+name+" twice", call{method: r.Method, path: path + "?" + url.QueryEscape(name) + "=1&" + url.QueryEscape(name) + "=2"})
				}
				check(t, "malformed query string", call{method: r.Method, path: path + "?%zz=%&&=&;"})
				return
			}
			if op.Doc().RequestBody == nil {
				return
			}
			names := make([]string, 0, len(badBodies))
			for name := range badBodies {
				names = append(names, name)
			}
			sort.Strings(names)
			ctype := "application/json"
			if strings.HasSuffix(r.Path, "/runs") {
				ctype = "application/x-ndjson"
			}
			for _, name := range names {
				check(t, "body "+name, call{method: r.Method, path: path, body: badBodies[name], ctype: ctype})
			}
			for _, ct := range badContentTypes {
				c := call{method: r.Method, path: path, body: []byte(`{"name": "x"}`), ctype: ct}
				if ct == "" {
					c.ctype = "none"
				}
				check(t, "content type "+strconv.Quote(ct), c)
			}
		})
	}
}

// raw sends c with the route's credentials through a plain client: the
// requests break the document on purpose, and the answer is checked by
// testBadInput itself.
func (e *apiEnv) raw(t *testing.T, access string, c call) (int, []byte) {
	t.Helper()
	c = e.credentials(access, c)
	var body io.Reader
	if c.body != nil {
		body = bytes.NewReader(c.body)
	}
	req, err := http.NewRequest(c.method, e.url+c.path, body)
	if err != nil {
		t.Fatal(err)
	}
	if c.body != nil && c.ctype != "none" {
		req.Header.Set("Content-Type", c.ctype)
	}
	if c.key != "" {
		req.Header.Set(httpapi.APIKeyHeader, c.key)
	}
	if c.admin {
		req.Header.Set("Authorization", "Bearer "+adminToken)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", c.method, c.path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode >= 400 && resp.Header.Get("Content-Type") != "application/json" {
		t.Errorf("%s %s: %d with Content-Type %q", c.method, c.path, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	return resp.StatusCode, data
}
