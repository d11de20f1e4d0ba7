package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/secret"
	"github.com/sightline/sightline/internal/webhook"
)

// idem sends method path to replica i of e with the API key, an
// Idempotency-Key (none when "") and a JSON body (none when "").
func (e *engEnv) idem(t *testing.T, i int, method, path, key, idemKey, body string) response {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.urls[i]+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set(httpapi.APIKeyHeader, key)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	return send(t, req)
}

// quotaUsed reads today's used regenerate and compute quota of the brand.
func (e *engEnv) quotaUsed(t *testing.T) (regenerate, compute int) {
	t.Helper()
	var recs struct {
		Meta struct {
			Quota sightline.DailyQuota `json:"regenerate_quota"`
		} `json:"meta"`
	}
	r := e.idem(t, 0, "GET", e.path("/content_studio/recommendations"), e.key, "", "")
	if err := json.Unmarshal(r.body, &recs); err != nil || r.status != 200 {
		t.Fatalf("recommendations: %d %s", r.status, r.body)
	}
	var st struct{ Data sightline.ComputeStatus }
	r = e.idem(t, 0, "GET", e.path("/opportunities/compute"), e.key, "", "")
	if err := json.Unmarshal(r.body, &st); err != nil || r.status != 200 {
		t.Fatalf("compute status: %d %s", r.status, r.body)
	}
	return recs.Meta.Quota.Used, st.Data.Quota.Used
}

// TestIdempotency_API: Stripe's semantics of Idempotency-Key over two
// replicas of one database: a retry replays the first response without
// executing (a quota is spent once per key), another body or path with the
// key is 422 IDEMPOTENCY_KEY_REUSED, concurrent requests with one key
// execute once, keys belong to an organization.
func TestIdempotency_API(t *testing.T) {
	t.Parallel()
	e := newEngEnv(t, 2, 5, 5)
	regen := e.path("/content_studio/recommendations/regenerate")

	first := e.idem(t, 0, "POST", regen, e.key, "regen-1", "")
	if first.status != http.StatusOK || first.header.Get("Idempotent-Replayed") != "" {
		t.Fatalf("first regenerate: %d %q %s", first.status, first.header.Get("Idempotent-Replayed"), first.body)
	}
	for i := range 2 {
		again := e.idem(t, i, "POST", regen, e.key, "regen-1", "")
		if again.status != first.status || !bytes.Equal(again.body, first.body) || again.header.Get("Idempotent-Replayed") != "true" {
			t.Errorf("retry on replica %d: %d %q %s, want the first response replayed", i, again.status, again.header.Get("Idempotent-Replayed"), again.body)
		}
	}
	if regenerated, _ := e.quotaUsed(t); regenerated != 1 {
		t.Errorf("regenerate quota used %d after one request and two retries, want 1", regenerated)
	}
	// The same key on another operation, or with another body.
	wantError(t, e.idem(t, 1, "POST", e.path("/opportunities/compute"), e.key, "regen-1", ""), http.StatusUnprocessableEntity, sightline.EIDEMPOTENCY)
	topics := e.path("/topics")
	r := e.idem(t, 0, "POST", topics, e.key, "topics-1", `{"topics":[{"name":"Roadmaps"}]}`)
	if r.status != http.StatusCreated && r.status != http.StatusOK {
		t.Fatalf("create topic: %d %s", r.status, r.body)
	}
	if again := e.idem(t, 1, "POST", topics, e.key, "topics-1", `{"topics":[{"name":"Roadmaps"}]}`); again.status != r.status ||
		!bytes.Equal(again.body, r.body) || again.header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("topic retry: %d %s, want the replay of %d %s", again.status, again.body, r.status, r.body)
	}
	wantError(t, e.idem(t, 0, "POST", topics, e.key, "topics-1", `{"topics":[{"name":"Kanban"}]}`), http.StatusUnprocessableEntity, sightline.EIDEMPOTENCY)
	// DELETE: the retry gets the first 200, not the 404 a second delete
	// would; without the key it is a second delete.
	var made struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(r.body, &made); err != nil || len(made.Data) != 1 {
		t.Fatalf("created topics: %s", r.body)
	}
	del := e.path("/topics/" + made.Data[0].ID)
	d1 := e.idem(t, 0, "DELETE", del, e.key, "delete-1", "")
	d2 := e.idem(t, 1, "DELETE", del, e.key, "delete-1", "")
	if d1.status != http.StatusOK || d2.status != http.StatusOK || d2.header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("delete and retry: %d, %d %q", d1.status, d2.status, d2.header.Get("Idempotent-Replayed"))
	}
	wantError(t, e.idem(t, 0, "DELETE", del, e.key, "", ""), http.StatusNotFound, sightline.ENOTFOUND)
	// Another organization's key of the same name is its own (and its
	// request answers 404: the brand is not its).
	wantError(t, e.idem(t, 0, "POST", regen, e.other, "regen-1", ""), http.StatusNotFound, sightline.ENOTFOUND)
	// A key that is not printable ASCII or too long.
	for _, bad := range []string{strings.Repeat("k", 256), "bad\u00e9key"} {
		req, _ := http.NewRequest("POST", e.urls[0]+regen, nil)
		req.Header.Set(httpapi.APIKeyHeader, e.key)
		req.Header.Set("Idempotency-Key", bad)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), `"field":"Idempotency-Key"`) {
			t.Errorf("key %.12q…: %d %s, want 400 naming Idempotency-Key", bad, resp.StatusCode, body)
		}
	}

	// Concurrent requests with one key on two replicas: one executes and
	// spends the quota; the others get 409 CONFLICT or the replay.
	var mu sync.Mutex
	executed, replayed, conflicts := 0, 0, 0
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			r := e.idem(t, i%2, "POST", regen, e.key, "regen-2", "")
			mu.Lock()
			defer mu.Unlock()
			switch {
			case r.status == http.StatusOK && r.header.Get("Idempotent-Replayed") == "true":
				replayed++
			case r.status == http.StatusOK:
				executed++
			case r.status == http.StatusConflict && strings.Contains(string(r.body), `"CONFLICT"`):
				conflicts++
			default:
				t.Errorf("concurrent regenerate: %d %s", r.status, r.body)
			}
		}()
	}
	close(start)
	wg.Wait()
	if executed != 1 || replayed+conflicts != 11 {
		t.Errorf("concurrent: %d executed, %d replayed, %d conflicts; want 1 executed", executed, replayed, conflicts)
	}
	// Compute: the retry replays 202 and spends nothing more.
	compute := e.path("/opportunities/compute")
	c1 := e.idem(t, 1, "POST", compute, e.key, "compute-1", "")
	c2 := e.idem(t, 0, "POST", compute, e.key, "compute-1", "")
	if c1.status != http.StatusAccepted || c2.status != http.StatusAccepted || c2.header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("compute and retry: %d, %d %q", c1.status, c2.status, c2.header.Get("Idempotent-Replayed"))
	}
	if regenerated, computed := e.quotaUsed(t); regenerated != 2 || computed != 1 {
		t.Errorf("quota used: regenerate %d, compute %d; want 2 and 1", regenerated, computed)
	}
}

// TestHTTP_CachingAndHeaders: security headers, Cache-Control on
// authenticated responses, ETag and 304, gzip above a few KB, HSTS behind
// a TLS proxy that is trusted.
func TestHTTP_CachingAndHeaders(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(s *httpapi.Server) { s.TrustProxyHeaders = true })
	org := e.org(t, "Acme")
	e.brand(t, org.ID, "Acme")
	_, key := e.key(t, org.ID, nil)

	r := e.do(t, "GET", "/api/v2/brands", key)
	wantList(t, r)
	for h, want := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
		"Cache-Control": "private, no-cache", "Strict-Transport-Security": ""} {
		if got := r.header.Get(h); got != want {
			t.Errorf("%s = %q, want %q", h, got, want)
		}
	}
	etag := r.header.Get("ETag")
	if !strings.HasPrefix(etag, `W/"`) {
		t.Fatalf("ETag = %q", etag)
	}
	req := e.request(t, "GET", "/api/v2/brands", key)
	req.Header.Set("If-None-Match", etag)
	nm := send(t, req)
	if nm.status != http.StatusNotModified || len(nm.body) != 0 || nm.header.Get("ETag") != etag {
		t.Errorf("conditional GET: %d, %d bytes, ETag %q; want 304, empty, the same ETag", nm.status, len(nm.body), nm.header.Get("ETag"))
	}
	// A change makes a new ETag: the same validator gets the new list.
	e.brand(t, org.ID, "Acme Two")
	req = e.request(t, "GET", "/api/v2/brands", key)
	req.Header.Set("If-None-Match", etag)
	if changed := send(t, req); changed.status != http.StatusOK || changed.header.Get("ETag") == etag {
		t.Errorf("after a change: %d, ETag %q", changed.status, changed.header.Get("ETag"))
	}
	// Unauthenticated responses are not marked private.
	if r := e.do(t, "GET", "/api/v2/openapi.json", ""); strings.Contains(r.header.Get("Cache-Control"), "private") {
		t.Errorf("openapi.json Cache-Control = %q", r.header.Get("Cache-Control"))
	}
	// HSTS when a trusted proxy says the client used https.
	req = e.request(t, "GET", "/api/v2/brands", key)
	req.Header.Set("X-Forwarded-Proto", "https")
	if hsts := send(t, req).header.Get("Strict-Transport-Security"); hsts != "max-age=31536000" {
		t.Errorf("behind a TLS proxy: Strict-Transport-Security %q", hsts)
	}
	req = e.request(t, "GET", "/api/v2/brands", key)
	req.Header.Set("Forwarded", `for=192.0.2.1;proto=https`)
	if hsts := send(t, req).header.Get("Strict-Transport-Security"); hsts != "max-age=31536000" {
		t.Errorf("Forwarded: proto=https: Strict-Transport-Security %q", hsts)
	}

	// gzip: the client asks, the body is large (the OpenAPI document).
	raw := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	get := func(path, enc string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", e.url+path, nil)
		req.Header.Set(httpapi.APIKeyHeader, key)
		if enc != "" {
			req.Header.Set("Accept-Encoding", enc)
		}
		resp, err := raw.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	plainResp, plain := get("/api/v2/openapi.json", "")
	zResp, zipped := get("/api/v2/openapi.json", "br, gzip;q=0.8")
	if plainResp.Header.Get("Content-Encoding") != "" || zResp.Header.Get("Content-Encoding") != "gzip" ||
		!strings.Contains(zResp.Header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("Content-Encoding %q and %q, Vary %q", plainResp.Header.Get("Content-Encoding"), zResp.Header.Get("Content-Encoding"), zResp.Header.Get("Vary"))
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	if !bytes.Equal(unzipped, plain) || len(zipped) >= len(plain)/3 {
		t.Errorf("gzip: %d bytes for %d, unzipped equal %v", len(zipped), len(plain), bytes.Equal(unzipped, plain))
	}
	// compressors are reused between responses: each response, also
	// several at once, is one whole gzip stream of its own body
	var wg sync.WaitGroup
	bodies := make([][]byte, 8)
	for i := range bodies {
		wg.Go(func() { _, bodies[i] = get("/api/v2/openapi.json", "gzip") })
	}
	wg.Wait()
	for i, z := range bodies {
		zr, err := gzip.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatalf("response %d: %v", i, err)
		}
		if b, err := io.ReadAll(zr); err != nil || !bytes.Equal(b, plain) {
			t.Errorf("response %d: %d bytes unzipped (%v), want the %d of the plain body", i, len(b), err, len(plain))
		}
	}
	if resp, _ := get("/api/v2/openapi.json", "gzip;q=0"); resp.Header.Get("Content-Encoding") != "" {
		t.Error("gzip;q=0 got gzip")
	}
	if resp, _ := get("/healthz", "gzip"); resp.Header.Get("Content-Encoding") != "" {
		t.Error("a small body was compressed")
	}
}

// TestHTTP_CORS: a preflight from an allowed origin gets the CORS headers,
// one from another origin does not; actual requests expose the rate-limit
// and validator headers to the allowed origin only.
func TestHTTP_CORS(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(s *httpapi.Server) { s.CORSOrigins = []string{"https://app.example.com"} })
	org := e.org(t, "Acme")
	_, key := e.key(t, org.ID, nil)
	preflight := func(origin string) *http.Response {
		req, _ := http.NewRequest("OPTIONS", e.url+"/api/v2/brands", nil)
		req.Header.Set("Origin", origin)
		req.Header.Set("Access-Control-Request-Method", "POST")
		req.Header.Set("Access-Control-Request-Headers", "x-api-key, content-type, idempotency-key")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	ok := preflight("https://app.example.com")
	if ok.StatusCode != http.StatusNoContent || ok.Header.Get("Access-Control-Allow-Origin") != "https://app.example.com" ||
		!strings.Contains(ok.Header.Get("Access-Control-Allow-Methods"), "POST") ||
		!strings.Contains(ok.Header.Get("Access-Control-Allow-Headers"), "X-API-KEY") ||
		!strings.Contains(ok.Header.Get("Access-Control-Allow-Headers"), "Idempotency-Key") {
		t.Errorf("allowed preflight: %d %v", ok.StatusCode, ok.Header)
	}
	bad := preflight("https://evil.example.com")
	for h := range bad.Header {
		if strings.HasPrefix(h, "Access-Control-") {
			t.Errorf("preflight from another origin got %s: %q", h, bad.Header.Get(h))
		}
	}
	if bad.StatusCode < 400 {
		t.Errorf("preflight from another origin: %d", bad.StatusCode)
	}
	for origin, want := range map[string]string{"https://app.example.com": "https://app.example.com", "https://evil.example.com": ""} {
		req := e.request(t, "GET", "/api/v2/brands", key)
		req.Header.Set("Origin", origin)
		r := send(t, req)
		if got := r.header.Get("Access-Control-Allow-Origin"); got != want {
			t.Errorf("GET from %s: Access-Control-Allow-Origin %q, want %q", origin, got, want)
		}
		if exposed := r.header.Get("Access-Control-Expose-Headers"); (want != "") != strings.Contains(exposed, "RateLimit-Remaining") {
			t.Errorf("GET from %s: Access-Control-Expose-Headers %q", origin, exposed)
		}
	}
	// No origins configured: nothing is allowed.
	none := newEnv(t, nil)
	req, _ := http.NewRequest("OPTIONS", none.url+"/api/v2/brands", nil)
	req.Header.Set("Origin", "https://app.example.com")
	req.Header.Set("Access-Control-Request-Method", "GET")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("default: Access-Control-Allow-Origin %q", got)
	}
}

// TestHTTP_MetricsAndPprof: /internal/metrics (admin token) counts the
// request just made by route pattern and status, parsed with expfmt; pprof
// refuses everyone but the admin.
func TestHTTP_MetricsAndPprof(t *testing.T) {
	t.Parallel()
	const admin = "metrics-admin-token"
	e := newEnv(t, func(s *httpapi.Server) { s.AdminToken, s.Metrics = admin, httpapi.NewMetrics() })
	org := e.org(t, "Acme")
	b := e.brand(t, org.ID, "Acme")
	_, key := e.key(t, org.ID, nil)
	wantList(t, e.do(t, "GET", "/api/v2/brands", key))
	if r := e.do(t, "GET", "/api/v2/brands/"+b.ID+"/topics", key); r.status != 200 {
		t.Fatalf("topics: %d", r.status)
	}
	call := func(path, header, value string) (int, []byte) {
		req, _ := http.NewRequest("GET", e.url+path, nil)
		if header != "" {
			req.Header.Set(header, value)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, body
	}
	for _, path := range []string{"/internal/metrics", "/internal/debug/pprof/", "/internal/debug/pprof/heap"} {
		if st, _ := call(path, "", ""); st != http.StatusUnauthorized {
			t.Errorf("%s without credentials: %d, want 401", path, st)
		}
		if st, _ := call(path, httpapi.APIKeyHeader, key); st != http.StatusForbidden {
			t.Errorf("%s with an API key: %d, want 403", path, st)
		}
	}
	if st, body := call("/internal/debug/pprof/", "Authorization", "Bearer "+admin); st != 200 || !strings.Contains(string(body), "goroutine") {
		t.Errorf("pprof index with the admin token: %d", st)
	}
	st, body := call("/internal/metrics", "Authorization", "Bearer "+admin)
	if st != 200 {
		t.Fatalf("metrics: %d %s", st, body)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("parse metrics: %v", err)
	}
	find := func(name, route string) float64 {
		f := families[name]
		if f == nil {
			t.Fatalf("no %s in\n%s", name, body)
		}
		for _, m := range f.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["route"] == route && labels["status"] == "200" && labels["method"] == "GET" {
				if h := m.GetHistogram(); h != nil {
					return float64(h.GetSampleCount())
				}
				return m.GetCounter().GetValue()
			}
		}
		return -1
	}
	if n := find("sightline_http_requests_total", "/api/v2/brands"); n != 1 {
		t.Errorf("requests of GET /api/v2/brands 200: %v, want 1", n)
	}
	if n := find("sightline_http_request_duration_seconds", "/api/v2/brands/{brand_id}/topics"); n != 1 {
		t.Errorf("latency samples of the topics route: %v, want 1", n)
	}
}

// TestIdempotency_SecretSealed: a webhook created with an Idempotency-Key
// is replayed with its signing secret, which is stored sealed under the
// master key and never in plain text; without a master key to seal with,
// nothing is stored and a retry executes again.
func TestIdempotency_SecretSealed(t *testing.T) {
	t.Parallel()
	master := make([]byte, secret.KeySize)
	rand.Read(master)
	box, err := secret.New(master)
	if err != nil {
		t.Fatal(err)
	}
	for _, sealer := range []bool{true, false} {
		e := newEnv(t, func(s *httpapi.Server) {
			s.Webhooks = httpapi.WebhookConfig{Secrets: webhook.Keys{Box: box}, AllowInsecure: true}
			if sealer {
				s.SecretBox = box
			}
		})
		org := e.org(t, "Acme")
		_, key := e.key(t, org.ID, nil)
		body := `{"url":"https://hooks.example.com/a","event_types":["citation.lost"]}`
		post := func() response {
			req := e.request(t, "POST", "/api/v2/webhooks", key)
			req.Body = io.NopCloser(strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Idempotency-Key", "hook-1")
			return send(t, req)
		}
		first := post()
		var created struct{ Data sightline.Webhook }
		if err := json.Unmarshal(first.body, &created); err != nil || first.status != http.StatusCreated || !strings.HasPrefix(created.Data.Secret, "whsec_") {
			t.Fatalf("create: %d %s", first.status, first.body)
		}
		again := post()
		if !sealer {
			// Not stored: the retry executes and finds the endpoint it created.
			if again.header.Get("Idempotent-Replayed") != "" {
				t.Errorf("a response with a secret was replayed without a master key: %d %s", again.status, again.body)
			}
			wantError(t, again, http.StatusConflict, sightline.ECONFLICT)
			continue
		}
		if again.status != http.StatusCreated || !bytes.Equal(again.body, first.body) || again.header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("retry: %d %s", again.status, again.body)
		}
		// What the store holds is sealed: the secret is not in it.
		sum := sha256.Sum256([]byte("POST /api/v2/webhooks?\n" + body))
		c, err := e.db.ClaimIdempotency(context.Background(), org.ID, "hook-1", hex.EncodeToString(sum[:]), time.Minute)
		if err != nil || c.Replay == nil {
			t.Fatalf("stored response: %+v %v", c, err)
		}
		if !c.Replay.Sealed || bytes.Contains(c.Replay.Body, []byte("whsec_")) || bytes.Contains(c.Replay.Body, []byte("hooks.example.com")) {
			t.Errorf("stored response: sealed %v, %q", c.Replay.Sealed, c.Replay.Body)
		}
	}
}
