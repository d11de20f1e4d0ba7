package httpapi_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/openapi/openapitest"
)

// TestExports checks, on the demo data set, the CSV exports of every list
// endpoint and the Sightline-Metrics-Version header of every metric
// endpoint against the server and the OpenAPI document.
func TestExports(t *testing.T) {
	t.Parallel()
	e := newAPIEnv(t)
	v := openapitest.MustLoad(t)
	get := func(t *testing.T, path, accept string) response {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, e.url+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set(httpapi.APIKeyHeader, e.fx.APIKey)
		if accept != "" {
			req.Header.Set("Accept", accept)
		}
		return send(t, req) // validated against the document
	}
	getInvalid := func(t *testing.T, path, accept string) response {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, e.url+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set(httpapi.APIKeyHeader, e.fx.APIKey)
		req.Header.Set("Accept", accept)
		return send(t, openapitest.ExpectInvalid(req))
	}
	var public []httpapi.Route
	for _, r := range e.srv.Routes() {
		if r.Method == http.MethodGet && r.Access == "public" {
			public = append(public, r)
		}
	}

	t.Run("MetricsVersion", func(t *testing.T) {
		metric := httpapi.MetricRoutes()
		for _, r := range public {
			name := r.Method + " " + r.Path
			want := slices.Contains(metric, name)
			op := v.Operation(r.Method, r.Path)
			if op == nil {
				t.Errorf("%s: not in the document", name)
				continue
			}
			ok := op.Doc().Responses.Status(http.StatusOK)
			declared := ok != nil && ok.Value.Headers[sightline.MetricsVersionHeader] != nil
			if declared != want {
				t.Errorf("%s: the document declares %s: %v, want %v", name, sightline.MetricsVersionHeader, declared, want)
			}
			resp := get(t, fill(t, r.Path, e.ids), "")
			if resp.status != http.StatusOK {
				t.Errorf("%s = %d: %s", name, resp.status, resp.body)
				continue
			}
			got := resp.header.Get(sightline.MetricsVersionHeader)
			if want && got != sightline.MetricsVersion {
				t.Errorf("%s: %s = %q, want %q", name, sightline.MetricsVersionHeader, got, sightline.MetricsVersion)
			}
			if !want && got != "" {
				t.Errorf("%s: %s = %q on a response without metrics", name, sightline.MetricsVersionHeader, got)
			}
		}
		// an error of a metric endpoint carries it too: the numbers it
		// would have served are of that version
		resp := getInvalid(t, "/api/v2/brands/"+e.fx.BrandID+"/topics?filter[ran_at_start]=yesterday", "application/json")
		if resp.status != http.StatusBadRequest || resp.header.Get(sightline.MetricsVersionHeader) != sightline.MetricsVersion {
			t.Errorf("bad request: %d, %s = %q", resp.status, sightline.MetricsVersionHeader, resp.header.Get(sightline.MetricsVersionHeader))
		}
	})

	// The list endpoints the issue names must have rows on the demo data
	// set, so that the comparison compares something.
	mustHaveRows := map[string]bool{
		"/api/v2/brands/{brand_id}/citations/pages":                true,
		"/api/v2/brands/{brand_id}/citations/domains":              true,
		"/api/v2/brands/{brand_id}/topics":                         true,
		"/api/v2/brands/{brand_id}/competitors":                    true,
		"/api/v2/brands/{brand_id}/prompts":                        true,
		"/api/v2/brands/{brand_id}/ads":                            true,
		"/api/v2/brands/{brand_id}/advertisers":                    true,
		"/api/v2/brands/{brand_id}/content_studio/recommendations": true,
		"/api/v2/brands/{brand_id}/opportunities":                  true,
		"/api/v2/brands/{brand_id}/share_of_voice":                 true,
	}
	t.Run("CSV", func(t *testing.T) {
		lists := 0
		for _, r := range public {
			name := r.Method + " " + r.Path
			ok := v.Operation(r.Method, r.Path).Doc().Responses.Status(http.StatusOK)
			declared := ok != nil && ok.Value.Content.Get("text/csv") != nil
			path := fill(t, r.Path, e.ids)
			csvResp := get(t, path, "text/csv")
			if csvResp.status != http.StatusOK {
				t.Errorf("%s (text/csv) = %d: %s", name, csvResp.status, csvResp.body)
				continue
			}
			ct := csvResp.header.Get("Content-Type")
			if !declared {
				if !strings.HasPrefix(ct, "application/json") {
					t.Errorf("%s: Content-Type %q for text/csv, but the document declares no CSV", name, ct)
				}
				if mustHaveRows[r.Path] {
					t.Errorf("%s: a list the issue names has no CSV", name)
				}
				continue
			}
			lists++
			if ct != "text/csv; charset=utf-8" {
				t.Errorf("%s: Content-Type %q", name, ct)
			}
			records, err := csv.NewReader(bytes.NewReader(csvResp.body)).ReadAll()
			if err != nil {
				t.Errorf("%s: CSV does not parse: %v\n%s", name, err, csvResp.body)
				continue
			}
			var body struct{ Data []any }
			dec := json.NewDecoder(bytes.NewReader(get(t, path, "").body))
			dec.UseNumber()
			if err := dec.Decode(&body); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if len(records) == 0 {
				t.Errorf("%s: no header row", name)
				continue
			}
			header, rows := records[0], records[1:]
			if len(rows) != len(body.Data) {
				t.Errorf("%s: %d CSV rows, %d JSON rows", name, len(rows), len(body.Data))
				continue
			}
			if mustHaveRows[r.Path] && len(rows) == 0 {
				t.Errorf("%s: no rows on the demo data set", name)
			}
			for i, row := range body.Data {
				compareCSVRow(t, name+" row "+strconv.Itoa(i), header, rows[i], row)
			}
		}
		if lists < len(mustHaveRows) {
			t.Errorf("%d list endpoints with CSV, want at least %d", lists, len(mustHaveRows))
		}

		// the Accept rules: JSON when JSON ranks higher, CSV on a tie or
		// when CSV ranks higher; errors stay JSON
		topics := "/api/v2/brands/" + e.fx.BrandID + "/topics"
		for accept, wantCSV := range map[string]bool{
			"application/json":                     false,
			"*/*":                                  false,
			"text/csv":                             true,
			"text/csv, application/json":           true,
			"application/json;q=0.9, text/csv":     true,
			"text/csv;q=0.5, application/json":     false,
			"text/csv;q=0":                         false,
			"text/html, text/csv;q=0.8, */*;q=0.1": true,
		} {
			resp := get(t, topics, accept)
			isCSV := strings.HasPrefix(resp.header.Get("Content-Type"), "text/csv")
			if resp.status != http.StatusOK || isCSV != wantCSV {
				t.Errorf("Accept %q: %d %s, want CSV %v", accept, resp.status, resp.header.Get("Content-Type"), wantCSV)
			}
		}
		resp := getInvalid(t, topics+"?filter[nope]=1", "text/csv")
		wantError(t, resp, http.StatusBadRequest, "INVALID_PARAMETER")
	})
}

// compareCSVRow checks one CSV record against its JSON row, flattened
// independently of the server's writer: objects become parent.child
// columns unless the header has the object's own column (a map: one JSON
// cell); a cell is the JSON value, strings unquoted, null empty, arrays
// and maps as JSON text.
func compareCSVRow(t *testing.T, what string, header, rec []string, row any) {
	t.Helper()
	cols := map[string]int{}
	for i, h := range header {
		if _, dup := cols[h]; dup {
			t.Errorf("%s: column %q twice", what, h)
		}
		cols[h] = i
	}
	seen := map[string]bool{}
	var walk func(prefix string, obj map[string]any)
	walk = func(prefix string, obj map[string]any) {
		for k, x := range obj {
			if m, ok := x.(map[string]any); ok && !hasCol(cols, prefix+k) {
				walk(prefix+k+".", m)
				continue
			}
			leafCell(t, what, cols, rec, prefix+k, x, seen)
		}
	}
	obj, ok := row.(map[string]any)
	if !ok {
		t.Errorf("%s: the JSON row is not an object: %v", what, row)
		return
	}
	walk("", obj)
	// columns the JSON row lacks (omitted fields, fields of a null
	// object) are empty
	for h, i := range cols {
		if !seen[h] && rec[i] != "" {
			t.Errorf("%s: column %s = %q, but the JSON row has no value there", what, h, rec[i])
		}
	}
}

func hasCol(cols map[string]int, name string) bool { _, ok := cols[name]; return ok }

func leafCell(t *testing.T, what string, cols map[string]int, rec []string, col string, v any, seen map[string]bool) {
	t.Helper()
	i, ok := cols[col]
	if !ok {
		if v == nil {
			// a null object: its columns (col.*) must exist and are
			// checked empty by the caller
			for h := range cols {
				if strings.HasPrefix(h, col+".") {
					return
				}
			}
		}
		t.Errorf("%s: JSON field %s has no column", what, col)
		return
	}
	seen[col] = true
	cell := rec[i]
	switch x := v.(type) {
	case nil:
		if cell != "" {
			t.Errorf("%s: %s = %q, want empty (null)", what, col, cell)
		}
	case string:
		if cell != x {
			t.Errorf("%s: %s = %q, want %q", what, col, cell, x)
		}
	case json.Number:
		if cell != x.String() {
			t.Errorf("%s: %s = %q, want %s", what, col, cell, x)
		}
	case bool:
		if cell != map[bool]string{true: "true", false: "false"}[x] {
			t.Errorf("%s: %s = %q, want %v", what, col, cell, x)
		}
	default: // arrays and maps: the cell is their JSON
		dec := json.NewDecoder(strings.NewReader(cell))
		dec.UseNumber()
		var got any
		if err := dec.Decode(&got); err != nil || !reflect.DeepEqual(got, v) {
			t.Errorf("%s: %s = %q, want the JSON of %v (%v)", what, col, cell, v, err)
		}
	}
}
