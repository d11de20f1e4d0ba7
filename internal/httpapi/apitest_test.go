package httpapi_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/demo"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/ingest"
	"github.com/sightline/sightline/internal/openapi/openapitest"
	"github.com/sightline/sightline/internal/secret"
	"github.com/sightline/sightline/internal/signal"
	"github.com/sightline/sightline/internal/signal/signaltest"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
	"github.com/sightline/sightline/internal/webhook"
	"github.com/sightline/sightline/internal/worker"
)

// apiClient validates every request and response of the tests against the
// OpenAPI document (openapitest); a mismatch is the request's error, which
// send turns into a test failure.
var apiClient = sync.OnceValue(func() *http.Client {
	v, err := openapitest.Load()
	if err != nil {
		// Every test that sends a request fails with this; TestOpenAPI_Document
		// reports the details.
		return &http.Client{Transport: failingTransport{err}}
	}
	return v.Client()
})

type failingTransport struct{ err error }

func (f failingTransport) RoundTrip(*http.Request) (*http.Response, error) { return nil, f.err }

// demoNow is the clock of the demo data set and of its server.
var demoNow = time.Date(2026, 3, 15, 9, 30, 0, 0, time.UTC)

// demoDays keeps the data set small: enough for every metric to have data,
// few enough runs to load in about a second.
const demoDays = 2

// adminToken authorizes the internal surface of the demo server.
const adminToken = "test-admin-token-0123456789"

// apiEnv is a real server over a real database of the engine under test,
// loaded with the demo data set through the ingest pipeline.
type apiEnv struct {
	url string
	fx  *demo.Fixture
	srv *httpapi.Server
	db  *sqlstore.DB
	// recv receives the webhooks of both organizations' endpoints; keys
	// seals their secrets.
	recv *webhookReceiver
	keys webhook.Keys

	// ids fills path templates for the main organization, other for the
	// second one (whose brand may lack some kinds: its demo data yields
	// no briefs); both are keyed by "<segment>/{<param>}" (e.g.
	// "topics/{topic_id}"), so that equal parameter names under different
	// resources ({id} of briefs and of opportunities) stay apart.
	ids, other map[string]string
	// foundBrandID is a found-brand mapping id of the main brand
	// (filter[brand_ids]).
	foundBrandID string

	mu   sync.Mutex
	seen map[string]map[int]bool // "METHOD template" → statuses answered
}

// apiDemo is the demo data set as loaded once per test binary into the
// "api-demo" template (loadAPIDemo), which each apiEnv copies: loading it
// through ingest is most of a test's time under -race.
var apiDemo struct {
	fx  *demo.Fixture
	end time.Time // the clock when the loading ended
}

// loadAPIDemo loads the demo data set with a clock that starts at demoNow
// and runs.
func loadAPIDemo(db *sqlstore.DB) error {
	start := time.Now()
	db.Now = func() time.Time { return demoNow.Add(time.Since(start)).Truncate(time.Microsecond) }
	fx, err := demo.Load(context.Background(), db, demo.Config{Seed: 1, Days: demoDays, Now: demoNow}, nil)
	if err != nil {
		return fmt.Errorf("load demo: %w", err)
	}
	apiDemo.fx, apiDemo.end = fx, db.Now()
	return nil
}

// newAPIEnv serves a copy of the demo data set (apiDemo).
func newAPIEnv(t *testing.T) *apiEnv {
	t.Helper()
	db := sqlstoretest.MustOpenTemplate(t, "api-demo", loadAPIDemo)
	fx := apiDemo.fx
	// The clock runs on from where the loading left it: timestamps of
	// successive writes (jobs, state changes) must differ and follow the
	// stored ones, as they do in production.
	start := time.Now()
	db.Now = func() time.Time { return apiDemo.end.Add(time.Since(start)).Truncate(time.Microsecond) }
	master := make([]byte, secret.KeySize)
	rand.Read(master)
	box, err := secret.New(master)
	if err != nil {
		t.Fatal(err)
	}
	keys := webhook.Keys{Box: box}
	// Many parallel subtests read analytics at once on a busy test
	// machine: slots for all of them (TestLimits_HeavyRequests tests the
	// limit itself). Every route's answer to wrong keys is checked, from
	// one address: the throttle of failed keys is off
	// (TestAuthThrottle_PerPeerAddress tests it).
	srv := &httpapi.Server{Store: db, Now: db.Now, AdminToken: adminToken, Limits: httpapi.Limits{Heavy: 64}, AuthFailureLimit: -1,
		Engine:   httpapi.EngineConfig{RegenerateQuota: regenerateQuota, ComputeQuota: computeQuota},
		Webhooks: httpapi.WebhookConfig{Secrets: keys, AllowInsecure: true}}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	e := &apiEnv{url: ts.URL, fx: fx, srv: srv, db: db, seen: map[string]map[int]bool{}, recv: newWebhookReceiver(t), keys: keys}
	e.seedEngines(t, fx.APIKey, fx.BrandID)
	e.plantSignal(t)
	e.ids = e.resourceIDs(t, fx.APIKey, fx.BrandID, true)
	e.ids["brands/{brand_id}"] = fx.BrandID
	e.ids["organizations/{org_id}"] = fx.OrgID
	e.seedWebhook(t, fx.APIKey, e.ids, "main")
	e.other = e.resourceIDs(t, fx.OtherOrg.APIKey, fx.OtherOrg.BrandID, false)
	e.other["brands/{brand_id}"] = fx.OtherOrg.BrandID
	e.seedWebhook(t, fx.OtherOrg.APIKey, e.other, "other")
	var sov struct {
		Data []struct {
			ID   string `json:"id"`
			Kind string `json:"kind"`
		} `json:"data"`
	}
	e.getJSON(t, fx.APIKey, "/api/v2/brands/"+fx.BrandID+"/share_of_voice", &sov)
	for _, row := range sov.Data {
		if row.Kind == "own" {
			e.foundBrandID = row.ID
		}
	}
	if e.foundBrandID == "" {
		t.Fatal("the demo brand is not among its share-of-voice rows")
	}
	return e
}

// Daily quotas of the demo server, small enough for the writes test to
// spend them.
const (
	regenerateQuota = 2
	computeQuota    = 2
)

// seedEngines gives a brand recommendations, opportunities and a brief
// unless the demo data set already has them: regenerate (public), compute
// (public) and brief generation (internal), with the jobs run to their end.
func (e *apiEnv) seedEngines(t *testing.T, key, brandID string) {
	t.Helper()
	b := "/api/v2/brands/" + brandID
	var recs struct {
		Data []struct {
			ID   string `json:"id"`
			Type string `json:"type"`
		} `json:"data"`
	}
	e.getJSON(t, key, b+"/content_studio/recommendations", &recs)
	if len(recs.Data) == 0 {
		r := e.do(t, call{method: "POST", path: b + "/content_studio/recommendations/regenerate", key: key})
		wantStatus(t, r, http.StatusOK)
		e.getJSON(t, key, b+"/content_studio/recommendations", &recs)
	}
	var opps, briefs struct {
		Data []json.RawMessage `json:"data"`
	}
	e.getJSON(t, key, b+"/opportunities", &opps)
	if len(opps.Data) == 0 {
		wantStatus(t, e.do(t, call{method: "POST", path: b + "/opportunities/compute", key: key}), http.StatusAccepted)
	}
	e.getJSON(t, key, b+"/content_studio/briefs", &briefs)
	if len(briefs.Data) == 0 {
		for _, rec := range recs.Data {
			if rec.Type != "no_action" {
				wantStatus(t, e.do(t, call{method: "POST", path: b + "/content_studio/briefs", admin: true,
					body: []byte(`{"recommendation_id":"` + rec.ID + `"}`)}), http.StatusAccepted)
				break
			}
		}
	}
	e.drain(t)
}

// drain runs every queued job to its end, as a worker would, change
// detection included, then every due webhook delivery.
func (e *apiEnv) drain(t *testing.T) {
	t.Helper()
	det := &signal.Detector{Store: e.db, Now: e.db.Now}
	w := worker.New(e.db, worker.Config{Now: e.db.Now, Handlers: map[string]worker.Handler{sightline.JobKindSignals: det.RunJob}})
	if err := w.Drain(context.Background()); err != nil {
		t.Fatalf("run jobs: %v", err)
	}
	d := &webhook.Dispatcher{Store: e.db, Keys: e.keys, AllowInsecure: true, Now: e.db.Now}
	if err := d.Drain(context.Background()); err != nil {
		t.Fatalf("deliver webhooks: %v", err)
	}
}

// plantSignal ingests 29 days of runs of the main brand's first prompts on
// a provider the demo does not use, named in 60 % of them and in 20 % on
// the last complete day, and runs detection: a visibility.dropped signal.
func (e *apiEnv) plantSignal(t *testing.T) {
	t.Helper()
	var prompts []string
	for _, p := range e.fx.Prompts[:8] {
		prompts = append(prompts, p.ID)
	}
	spec := signaltest.Spec{BrandID: e.fx.BrandID, Brand: e.fx.BrandName, Prompts: prompts, Providers: []string{"grok"},
		End: sightline.EndOfDay(demoNow).AddDate(0, 0, -1), Days: 29, Runs: 5,
		Named: func(c signaltest.Cell) float64 {
			if c.Day == 1 {
				return 0.2
			}
			return 0.6
		}}
	res, err := ingest.New(e.db).Ingest(context.Background(), bytes.NewReader(signaltest.JSONL(signaltest.Records(spec))), ingest.Options{})
	if err != nil || res.Skipped > 0 {
		t.Fatalf("plant a drop: %v %+v", err, res.Errors)
	}
	e.drain(t)
}

// seedWebhook creates an endpoint of the key's organization through the
// API, sends it a ping and delivers it, and records their ids.
func (e *apiEnv) seedWebhook(t *testing.T, key string, ids map[string]string, name string) {
	t.Helper()
	r := e.do(t, call{method: "POST", path: "/api/v2/webhooks", key: key,
		body: []byte(`{"url":"` + e.recv.URL + "/" + name + `","event_types":["visibility.dropped","share_of_voice.overtaken"]}`)})
	wantStatus(t, r, http.StatusCreated)
	var hook struct{ Data sightline.Webhook }
	decode(t, r.body, &hook)
	r = e.do(t, call{method: "POST", path: "/api/v2/webhooks/" + hook.Data.ID + "/test", key: key})
	wantStatus(t, r, http.StatusAccepted)
	var d struct{ Data sightline.WebhookDelivery }
	decode(t, r.body, &d)
	e.drain(t)
	ids["webhooks/{id}"], ids["deliveries/{delivery_id}"] = hook.Data.ID, d.Data.ID
}

// webhookReceiver is a local endpoint that answers 204 and keeps what it
// received, by path.
type webhookReceiver struct {
	*httptest.Server
	mu  sync.Mutex
	got map[string][]receivedWebhook
}

type receivedWebhook struct {
	header http.Header
	body   []byte
}

func newWebhookReceiver(t *testing.T) *webhookReceiver {
	r := &webhookReceiver{got: map[string][]receivedWebhook{}}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got[req.URL.Path] = append(r.got[req.URL.Path], receivedWebhook{req.Header.Clone(), body})
		r.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *webhookReceiver) received(path string) []receivedWebhook {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]receivedWebhook(nil), r.got[path]...)
}

// resourceIDs reads, with key, the first id of each resource kind of a
// brand that path templates name; all says every kind must have one.
func (e *apiEnv) resourceIDs(t *testing.T, key, brandID string, all bool) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for _, r := range []struct{ list, field, param string }{
		{"topics", "id", "topics/{topic_id}"},
		{"competitors", "id", "competitors/{competitor_id}"},
		{"prompts", "id", "prompts/{prompt_id}"},
		{"advertisers", "advertiser_id", "advertisers/{advertiser_id}"},
		{"runs", "id", "runs/{run_id}"},
		{"content_studio/recommendations", "id", "recommendations/{id}"},
		{"opportunities", "id", "opportunities/{id}"},
		{"content_studio/briefs", "id", "briefs/{id}"},
		{"signals", "id", "signals/{id}"},
	} {
		var l struct {
			Data []map[string]any `json:"data"`
		}
		e.getJSON(t, key, "/api/v2/brands/"+brandID+"/"+r.list, &l)
		if len(l.Data) == 0 {
			if all {
				t.Fatalf("brand %s has no %s", brandID, r.list)
			}
			continue
		}
		ids[r.param], _ = l.Data[0][r.field].(string)
	}
	return ids
}

func (e *apiEnv) getJSON(t *testing.T, key, path string, v any) {
	t.Helper()
	r := e.do(t, call{method: "GET", path: path, key: key})
	if r.status != http.StatusOK {
		t.Fatalf("GET %s = %d: %s", path, r.status, r.body)
	}
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
}

// call is one request of a test.
type call struct {
	method string
	path   string // concrete path, with the query string if any
	key    string // X-API-KEY ("" for none)
	admin  bool   // send the admin token
	bearer string // send this bearer token instead
	body   []byte // nil: no body
	ctype  string // Content-Type of the body (default application/json)
	// invalid marks a request that breaks the document on purpose
	// (openapitest.ExpectInvalid): the validator must refuse it.
	invalid bool
}

// do sends c through the validating client and records the status.
func (e *apiEnv) do(t *testing.T, c call) response {
	t.Helper()
	var body io.Reader
	if c.body != nil {
		body = bytes.NewReader(c.body)
	}
	req, err := http.NewRequest(c.method, e.url+c.path, body)
	if err != nil {
		t.Fatal(err)
	}
	if c.body != nil {
		ct := c.ctype
		if ct == "" {
			ct = "application/json"
		}
		req.Header.Set("Content-Type", ct)
	}
	if c.key != "" {
		req.Header.Set(httpapi.APIKeyHeader, c.key)
	}
	if c.admin {
		req.Header.Set("Authorization", "Bearer "+adminToken)
	}
	if c.bearer != "" {
		req.Header.Set("Authorization", "Bearer "+c.bearer)
	}
	if c.invalid {
		req = openapitest.ExpectInvalid(req)
	}
	r := send(t, req)
	if op, _, _ := openapitest.MustLoad(t).Find(c.method, req.URL.Path); op != nil {
		e.mu.Lock()
		k := op.Method + " " + op.Path
		if e.seen[k] == nil {
			e.seen[k] = map[int]bool{}
		}
		e.seen[k][r.status] = true
		e.mu.Unlock()
	}
	return r
}

// fill replaces the {params} of a path template with ids, each looked up
// as "<previous segment>/{param}".
func fill(t *testing.T, template string, ids map[string]string) string {
	t.Helper()
	segs := strings.Split(template, "/")
	for i, s := range segs {
		if !strings.HasPrefix(s, "{") {
			continue
		}
		key := segs[i-1] + "/" + s
		id, ok := ids[key]
		if !ok || id == "" {
			t.Fatalf("%s: no id for %s; teach newAPIEnv where to find one", template, key)
		}
		segs[i] = id
	}
	return strings.Join(segs, "/")
}

// params lists the {params} of a template as "<segment>/{param}" keys.
func pathParams(template string) []string {
	var out []string
	segs := strings.Split(template, "/")
	for i, s := range segs {
		if strings.HasPrefix(s, "{") {
			out = append(out, segs[i-1]+"/"+s)
		}
	}
	return out
}

// with returns ids with key replaced by id.
func with(ids map[string]string, key, id string) map[string]string {
	out := make(map[string]string, len(ids)+1)
	for k, v := range ids {
		out[k] = v
	}
	out[key] = id
	return out
}

// credentials returns the call with the credential the route's surface
// takes: the main organization's API key, or the admin token.
func (e *apiEnv) credentials(access string, c call) call {
	switch access {
	case "public":
		c.key = e.fx.APIKey
	case "internal":
		c.admin = true
	}
	return c
}

func TestMain(m *testing.M) {
	code := m.Run()
	sqlstoretest.DropTemplates()
	os.Exit(code)
}
