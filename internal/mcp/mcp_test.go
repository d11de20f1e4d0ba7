package mcp_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/demo"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/ingest"
	"github.com/sightline/sightline/internal/mcp"
	"github.com/sightline/sightline/internal/openapi"
	"github.com/sightline/sightline/internal/secret"
	"github.com/sightline/sightline/internal/signal"
	"github.com/sightline/sightline/internal/signal/signaltest"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
	"github.com/sightline/sightline/internal/webhook"
	"github.com/sightline/sightline/internal/worker"
)

// env is a real Sightline API over the demo data set, with the MCP tool
// server in front of it. Both are real: the API is httpapi over a migrated
// store of the engine under test, and the tool server talks to it over
// HTTP through internal/client.
type env struct {
	db       *sqlstore.DB
	fx       *demo.Fixture
	apiURL   string
	mcpURL   string
	upstream atomic.Int64 // requests that reached the API
	routes   []httpapi.Route
	// receiver takes the webhooks; deliver runs detection and delivers
	// what is due.
	receiver *httptest.Server
	received atomic.Int64
	keys     webhook.Keys
}

// newEnv loads a small demo once; subtests share it.
func newEnv(t *testing.T) *env {
	t.Helper()
	ctx := context.Background()
	db := sqlstoretest.MustOpenDB(t)
	fx, err := demo.Load(ctx, db, demo.Config{Seed: 1, Days: 3, Now: time.Now().UTC()}, nil)
	if err != nil {
		t.Fatalf("load demo: %v", err)
	}
	e := &env{db: db, fx: fx}
	master := make([]byte, secret.KeySize)
	rand.Read(master)
	box, err := secret.New(master)
	if err != nil {
		t.Fatal(err)
	}
	e.keys = webhook.Keys{Box: box}
	e.receiver = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.received.Add(1)
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(e.receiver.Close)
	// A regenerate quota of 2: the demo spent one, the tests spend the
	// other, and the next call meets a real 429 QUOTA_EXCEEDED.
	api := &httpapi.Server{Store: db, Engine: httpapi.EngineConfig{RegenerateQuota: 2},
		Webhooks: httpapi.WebhookConfig{Secrets: e.keys, AllowInsecure: true}}
	e.routes = api.Routes()
	h := api.Handler()
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.upstream.Add(1)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(upstream.Close)
	e.apiURL = upstream.URL

	srv, err := mcp.New(upstream.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	e.mcpURL = ts.URL + mcp.Path
	e.seedSignalsAndWebhooks(t)
	return e
}

// seedSignalsAndWebhooks plants a visibility drop on a provider the demo
// does not use (its last complete day at 20 % against 60 %), runs
// detection, and gives the main organization a webhook with a delivered
// ping, so that every read tool has rows to read.
func (e *env) seedSignalsAndWebhooks(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	var prompts []string
	for _, p := range e.fx.Prompts[:8] {
		prompts = append(prompts, p.ID)
	}
	spec := signaltest.Spec{BrandID: e.fx.BrandID, Brand: e.fx.BrandName, Prompts: prompts, Providers: []string{"grok"},
		End: sightline.EndOfDay(time.Now()).AddDate(0, 0, -1), Days: 29, Runs: 5,
		Named: func(c signaltest.Cell) float64 {
			if c.Day == 1 {
				return 0.2
			}
			return 0.6
		}}
	if _, err := ingest.New(e.db).Ingest(ctx, bytes.NewReader(signaltest.JSONL(signaltest.Records(spec))), ingest.Options{}); err != nil {
		t.Fatal(err)
	}
	var plain string
	hook, err := e.db.CreateWebhook(ctx, sightline.WebhookCreate{OrgID: e.fx.OrgID, URL: e.receiver.URL + "/seed", Enabled: true,
		EventTypes: []string{sightline.SignalVisibilityDropped}, Seal: func(id string) (*sightline.SealedSecret, error) {
			p, s, err := e.keys.New(e.fx.OrgID, id)
			plain = p
			return s, err
		}})
	if err != nil || plain == "" {
		t.Fatal(err)
	}
	if _, err := e.db.PingWebhook(ctx, e.fx.OrgID, hook.ID); err != nil {
		t.Fatal(err)
	}
	e.deliver(t)
}

// deliver runs the queued jobs (detection included), then the due
// webhook deliveries.
func (e *env) deliver(t *testing.T) {
	t.Helper()
	det := &signal.Detector{Store: e.db}
	w := worker.New(e.db, worker.Config{Handlers: map[string]worker.Handler{sightline.JobKindSignals: det.RunJob}})
	if err := w.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
	d := &webhook.Dispatcher{Store: e.db, Keys: e.keys, AllowInsecure: true}
	if err := d.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// keyTransport adds the caller's key to every request, as an MCP client
// configured with headers does.
type keyTransport struct {
	key string
}

func (k keyTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if k.key != "" {
		r.Header.Set(mcp.APIKeyHeader, k.key)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// connect opens an MCP session with the SDK's own client.
func (e *env) connect(t *testing.T, key string) *sdk.ClientSession {
	t.Helper()
	cs, err := dial(e.mcpURL, key)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func dial(endpoint, key string) (*sdk.ClientSession, error) {
	c := sdk.NewClient(&sdk.Implementation{Name: "sightline-test", Version: "1"}, nil)
	return c.Connect(context.Background(), &sdk.StreamableClientTransport{
		Endpoint:             endpoint,
		HTTPClient:           &http.Client{Transport: keyTransport{key: key}},
		DisableStandaloneSSE: true,
		MaxRetries:           -1,
	}, nil)
}

// call calls a tool and fails the test on a protocol error.
func call(t *testing.T, cs *sdk.ClientSession, name string, args map[string]any) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// structured returns the structured content of a successful call.
func structured(t *testing.T, res *sdk.CallToolResult) any {
	t.Helper()
	if res.IsError {
		t.Fatalf("tool error: %s", text(res))
	}
	return jsonValue(t, res.StructuredContent)
}

// text returns the text content of a result.
func text(res *sdk.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// wantToolError asserts an IsError result whose text starts with code.
func wantToolError(t *testing.T, res *sdk.CallToolResult, code string) string {
	t.Helper()
	if !res.IsError {
		t.Fatalf("want tool error %s, got success: %s", code, text(res))
	}
	msg := text(res)
	if !strings.HasPrefix(msg, code+" ") && !strings.HasPrefix(msg, code+":") {
		t.Fatalf("tool error = %q, want code %s", msg, code)
	}
	return msg
}

// jsonValue normalizes v to what encoding/json makes of its JSON.
func jsonValue(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// roundTrip is jsonValue for goroutines, which must not call t.Fatal.
func roundTrip(v any) any {
	b, _ := json.Marshal(v)
	var out any
	json.Unmarshal(b, &out)
	return out
}

// api sends one request straight to the API and returns status and body.
func (e *env) api(t *testing.T, method, pathQuery, key string, body any) (int, any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = strings.NewReader(string(b))
	}
	req, err := http.NewRequest(method, e.apiURL+pathQuery, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set(httpapi.APIKeyHeader, key)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatalf("%s %s: decode: %v", method, pathQuery, err)
	}
	return resp.StatusCode, out
}

// apiGet returns the 200 body of a GET on the API.
func (e *env) apiGet(t *testing.T, pathQuery, key string) map[string]any {
	t.Helper()
	status, body := e.api(t, http.MethodGet, pathQuery, key, nil)
	if status != http.StatusOK {
		t.Fatalf("GET %s: status %d: %v", pathQuery, status, body)
	}
	return body.(map[string]any)
}

func TestMCP(t *testing.T) {
	e := newEnv(t)
	t.Run("ListTools", e.testListTools)
	t.Run("ToolsCoverAPI", e.testToolsCoverAPI)
	t.Run("ReadTools", e.testReadTools)
	t.Run("WriteTools", e.testWriteTools)
	t.Run("EngineWriteTools", e.testEngineWriteTools)
	t.Run("WebhookTools", e.testWebhookTools)
	t.Run("TwoOrganizations", e.testTwoOrganizations)
	t.Run("RevokedKey", e.testRevokedKey)
	t.Run("NoKey", e.testNoKey)
	t.Run("UpstreamErrors", e.testUpstreamErrors)
	t.Run("Stdio", e.testStdio)
}

// listTools returns every tool by name.
func listTools(t *testing.T, cs *sdk.ClientSession) map[string]*sdk.Tool {
	t.Helper()
	tools := map[string]*sdk.Tool{}
	for tool, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatalf("list tools: %v", err)
		}
		tools[tool.Name] = tool
	}
	return tools
}

func (e *env) testListTools(t *testing.T) {
	cs := e.connect(t, e.fx.APIKey)
	tools := listTools(t, cs)
	if len(tools) < 20 {
		t.Fatalf("got %d tools, want every public endpoint", len(tools))
	}
	writes := map[string]bool{
		"create_topics": false, "delete_topic": true, "update_competitor_domain": true,
		"update_recommendation_state": true, "regenerate_recommendations": true, "compute_opportunities": true,
		"create_brand": false, "update_brand": true, "create_competitor": false, "delete_competitor": true,
		"create_prompts": false, "update_prompt": true, "delete_prompt": true, "update_collection_settings": true,
		"create_webhook": false, "update_webhook": true, "delete_webhook": true, "rotate_webhook_secret": true,
		"test_webhook": false, "retry_webhook_delivery": false, "send_agent_logs": false,
	}
	for name, tool := range tools {
		if tool.Description == "" || tool.Title == "" {
			t.Errorf("%s: missing title or description", name)
		}
		if tool.Annotations == nil {
			t.Fatalf("%s: no annotations", name)
		}
		destructive, write := writes[name]
		if tool.Annotations.ReadOnlyHint == write {
			t.Errorf("%s: readOnlyHint = %v", name, tool.Annotations.ReadOnlyHint)
		}
		if write && (tool.Annotations.DestructiveHint == nil || *tool.Annotations.DestructiveHint != destructive) {
			t.Errorf("%s: destructiveHint = %v, want %v", name, tool.Annotations.DestructiveHint, destructive)
		}
		if tool.OutputSchema == nil {
			t.Errorf("%s: no output schema (structured output)", name)
		}
		// Every argument is described: unit, default, allowed values.
		in := jsonValue(t, tool.InputSchema).(map[string]any)
		props, _ := in["properties"].(map[string]any)
		for arg, p := range props {
			if d, _ := p.(map[string]any)["description"].(string); len(d) < 10 {
				t.Errorf("%s.%s: no description", name, arg)
			}
		}
		// Brand tools name the brand; webhook tools work on the key's
		// organization.
		op, _ := tool.Meta[mcp.MetaOperation].(string)
		orgLevel := name == "list_brands" || name == "create_brand" || strings.Contains(op, " /api/v2/webhooks")
		if _, ok := props["brand_id"]; !orgLevel && !ok {
			t.Errorf("%s: no brand_id argument", name)
		} else if orgLevel && ok {
			t.Errorf("%s: a brand_id argument on an organization-level tool", name)
		}
	}
	// Enumerated arguments list their allowed values.
	ms := jsonValue(t, tools["get_mention_share"].InputSchema).(map[string]any)
	gran := ms["properties"].(map[string]any)["granularity"].(map[string]any)
	if diff := cmp.Diff([]any{"day", "week", "month"}, gran["enum"]); diff != "" {
		t.Errorf("granularity enum (-want +got):\n%s", diff)
	}
}

// testToolsCoverAPI checks that every public operation has exactly one
// tool: against the route table always, and against the OpenAPI document
// once it lists paths.
func (e *env) testToolsCoverAPI(t *testing.T) {
	cs := e.connect(t, e.fx.APIKey)
	toolOps := map[string]string{}
	tools := listTools(t, cs)
	for name, tool := range tools {
		op, _ := tool.Meta[mcp.MetaOperation].(string)
		if op == "" {
			t.Errorf("%s: no %s in _meta", name, mcp.MetaOperation)
			continue
		}
		if other, dup := toolOps[op]; dup {
			t.Errorf("%s and %s both call %s", name, other, op)
		}
		toolOps[op] = name
	}

	public := map[string]bool{}
	access := map[string]string{}
	for _, r := range e.routes {
		op := r.Method + " " + r.Path
		access[op] = r.Access
		if r.Access == "public" {
			public[op] = true
			if _, ok := toolOps[op]; !ok {
				t.Errorf("public route %s has no tool", op)
			}
		}
	}
	for op, name := range toolOps {
		if !public[op] {
			t.Errorf("tool %s calls %s, which is not a public route", name, op)
		}
	}

	var doc struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Parameters map[string]openapiParam `json:"parameters"`
		} `json:"components"`
	}
	if err := json.Unmarshal(openapi.Document, &doc); err != nil {
		t.Fatalf("parse OpenAPI document: %v", err)
	}
	if len(doc.Paths) == 0 {
		t.Log("the OpenAPI document lists no paths yet; compared with the route table only")
		return
	}
	docOps := map[string]bool{}
	for path, item := range doc.Paths {
		for method, raw := range item {
			m := strings.ToUpper(method)
			if !slices.Contains([]string{"GET", "POST", "PUT", "PATCH", "DELETE"}, m) {
				continue // parameters, summary, …
			}
			op := m + " " + path
			docOps[op] = true
			if access[op] == "open" || access[op] == "internal" || strings.HasPrefix(path, "/internal/") {
				continue
			}
			name, ok := toolOps[op]
			if !ok {
				t.Errorf("OpenAPI operation %s has no tool", op)
				continue
			}
			// Every documented query parameter is an argument of the tool:
			// filter[x] is argument x, page/page_size/sort keep their names.
			var o struct {
				Parameters []openapiParam `json:"parameters"`
			}
			if err := json.Unmarshal(raw, &o); err != nil {
				t.Fatalf("%s: %v", op, err)
			}
			props := jsonValue(t, tools[name].InputSchema).(map[string]any)["properties"].(map[string]any)
			for _, p := range o.Parameters {
				if p.Ref != "" {
					p = doc.Components.Parameters[strings.TrimPrefix(p.Ref, "#/components/parameters/")]
				}
				if p.In != "query" {
					continue
				}
				arg := strings.TrimSuffix(strings.TrimPrefix(p.Name, "filter["), "]")
				if _, ok := props[arg]; !ok {
					t.Errorf("tool %s has no argument %s for the query parameter %s of %s", name, arg, p.Name, op)
				}
			}
		}
	}
	for op, name := range toolOps {
		if !docOps[op] {
			t.Errorf("tool %s calls %s, which the OpenAPI document does not describe", name, op)
		}
	}
}

// openapiParam is a parameter of the OpenAPI document, or a reference to one.
type openapiParam struct {
	Ref  string `json:"$ref"`
	Name string `json:"name"`
	In   string `json:"in"`
}
