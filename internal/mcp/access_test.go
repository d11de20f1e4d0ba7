package mcp_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/mcp"
)

// testTwoOrganizations runs two clients with the keys of two organizations
// at once against one tool server: each sees only its own brands, and
// neither can read the other's brand.
func (e *env) testTwoOrganizations(t *testing.T) {
	mine, other := e.connect(t, e.fx.APIKey), e.connect(t, e.fx.OtherOrg.APIKey)
	brandsOf := func(cs *sdk.ClientSession) []string {
		res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "list_brands", Arguments: map[string]any{}})
		if err != nil || res.IsError {
			return []string{"error"}
		}
		var ids []string
		for _, b := range roundTrip(res.StructuredContent).(map[string]any)["data"].([]any) {
			ids = append(ids, b.(map[string]any)["id"].(string))
		}
		sort.Strings(ids)
		return ids
	}
	wantMine, wantOther := brandsOf(mine), brandsOf(other)
	if !slices.Contains(wantMine, e.fx.BrandID) || slices.Contains(wantMine, e.fx.OtherOrg.BrandID) {
		t.Fatalf("main org sees brands %v", wantMine)
	}
	if !slices.Contains(wantOther, e.fx.OtherOrg.BrandID) || slices.Contains(wantOther, e.fx.BrandID) {
		t.Fatalf("other org sees brands %v", wantOther)
	}

	// Each organization's first topics, as the API shows them to its key.
	topicsOf := func(body any) string {
		var ids []string
		for _, tp := range body.(map[string]any)["data"].([]any) {
			ids = append(ids, tp.(map[string]any)["id"].(string))
		}
		return strings.Join(ids, ",")
	}
	topicsMine := topicsOf(e.apiGet(t, "/api/v2/brands/"+e.fx.BrandID+"/topics?page_size=2", e.fx.APIKey))
	topicsOther := topicsOf(e.apiGet(t, "/api/v2/brands/"+e.fx.OtherOrg.BrandID+"/topics?page_size=2", e.fx.OtherOrg.APIKey))
	if topicsMine == topicsOther {
		t.Fatalf("both organizations have topics %s", topicsMine)
	}

	var wg sync.WaitGroup
	errs := make(chan string, 200)
	for i := range 8 {
		for _, c := range []struct {
			cs           *sdk.ClientSession
			own, foreign string
			wantBrands   []string
			wantTopics   string
		}{
			{mine, e.fx.BrandID, e.fx.OtherOrg.BrandID, wantMine, topicsMine},
			{other, e.fx.OtherOrg.BrandID, e.fx.BrandID, wantOther, topicsOther},
		} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if got := brandsOf(c.cs); !slices.Equal(got, c.wantBrands) {
					errs <- "list_brands crossed organizations: " + strings.Join(got, ",")
				}
				if i%2 == 0 {
					res, err := c.cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "list_topics", Arguments: map[string]any{"brand_id": c.foreign, "page_size": 2}})
					if err != nil || !res.IsError || !strings.HasPrefix(text(res), sightline.ENOTFOUND) {
						errs <- "list_topics of the other organization's brand did not fail with NOT_FOUND"
					}
				} else {
					res, err := c.cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "list_topics", Arguments: map[string]any{"brand_id": c.own, "page_size": 2}})
					if err != nil || res.IsError {
						errs <- "list_topics of the own brand failed"
					} else if got := topicsOf(roundTrip(res.StructuredContent)); got != c.wantTopics {
						errs <- "list_topics answered topics " + got + ", want " + c.wantTopics
					}
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for msg := range errs {
		t.Error(msg)
	}
}

// testRevokedKey: a key that worked fails on its very next call once
// revoked, on the same MCP session.
func (e *env) testRevokedKey(t *testing.T) {
	ctx := context.Background()
	k, secret, err := e.db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: e.fx.OrgID, UserEmail: "mcp-test@example.com", Name: "mcp test"})
	if err != nil {
		t.Fatalf("create key: %v", err)
	}
	cs := e.connect(t, secret)
	structured(t, call(t, cs, "list_brands", map[string]any{}))
	if err := e.db.RevokeAPIKey(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	msg := wantToolError(t, call(t, cs, "list_brands", map[string]any{}), sightline.EUNAUTHORIZED)
	if !strings.Contains(msg, "HTTP 401") || !strings.Contains(msg, "revoked") {
		t.Errorf("revoked key error = %q", msg)
	}
	// The fixture's revoked and expired keys fail the same way.
	for _, key := range []string{e.fx.RevokedAPIKey, e.fx.ExpiredAPIKey, "not-a-key"} {
		wantToolError(t, call(t, e.connect(t, key), "list_topics", map[string]any{"brand_id": e.fx.BrandID}), sightline.EUNAUTHORIZED)
	}
}

// testNoKey: without a key the tool server answers 401 with the API's
// error envelope, and nothing reaches the API.
func (e *env) testNoKey(t *testing.T) {
	before := e.upstream.Load()
	// The SDK client cannot even initialize.
	if cs, err := dial(e.mcpURL, ""); err == nil {
		cs.Close()
		t.Fatal("connect without a key succeeded")
	}
	// A raw tools/call without a key.
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_brands","arguments":{}}}`
	for _, key := range []string{"", "   "} {
		req, _ := http.NewRequest(http.MethodPost, e.mcpURL, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if key != "" {
			req.Header.Set(mcp.APIKeyHeader, key)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var env struct {
			Error struct{ Code, Message string }
		}
		json.NewDecoder(resp.Body).Decode(&env)
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized || env.Error.Code != sightline.EUNAUTHORIZED || env.Error.Message == "" {
			t.Errorf("key %q: status %d, envelope %+v; want 401 UNAUTHORIZED", key, resp.StatusCode, env)
		}
		if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type = %q", ct)
		}
	}
	if n := e.upstream.Load() - before; n != 0 {
		t.Errorf("%d requests reached the API without a key", n)
	}
}

// testUpstreamErrors: API errors come back as tool errors with the
// envelope's code and message; statuses the demo cannot provoke (403, 429,
// a proxy's 502, an unreachable API) come from a fake upstream.
func (e *env) testUpstreamErrors(t *testing.T) {
	cs := e.connect(t, e.fx.APIKey)
	b := e.fx.BrandID
	for _, c := range []struct {
		name, tool string
		args       map[string]any
		code, text string
	}{
		{"NotFoundBrand", "list_topics", map[string]any{"brand_id": e.fx.OtherOrg.BrandID}, sightline.ENOTFOUND, "list_brands"},
		{"NotFoundTopic", "get_topic", map[string]any{"brand_id": b, "topic_id": "00000000-0000-4000-8000-000000000000"}, sightline.ENOTFOUND, "HTTP 404"},
		{"BadDate", "get_citation_summary", map[string]any{"brand_id": b, "ran_at_start": "last week"}, sightline.EINVALIDPARAM, "filter[ran_at_start]"},
		{"StartAfterEnd", "list_topics", map[string]any{"brand_id": b, "ran_at_start": "2026-02-01", "ran_at_end": "2026-01-01"}, sightline.EINVALIDPARAM, "HTTP 400"},
		{"BadUUID", "list_cited_pages", map[string]any{"brand_id": b, "topic_ids": []string{"pricing"}}, sightline.EINVALIDPARAM, "filter[topic_ids]"},
		{"BadDomain", "update_competitor_domain", map[string]any{"brand_id": b, "competitor_id": e.fx.CompetitorIDs[0], "domain": "not a domain"}, sightline.EVALIDATION, "domain"},
	} {
		t.Run(c.name, func(t *testing.T) {
			msg := wantToolError(t, call(t, cs, c.tool, c.args), c.code)
			if !strings.Contains(msg, c.text) {
				t.Errorf("error %q lacks %q", msg, c.text)
			}
		})
	}
	t.Run("SchemaRejectsBadArguments", func(t *testing.T) {
		before := e.upstream.Load()
		for _, args := range []map[string]any{
			{"brand_id": b, "granularity": "hour"},
			{"brand_id": b, "providers": []string{"perplexity"}}, // misspelled filter
			{},
		} {
			if res := call(t, cs, "get_mention_share", args); !res.IsError {
				t.Errorf("args %v accepted", args)
			}
		}
		if n := e.upstream.Load() - before; n != 0 {
			t.Errorf("%d invalid calls reached the API", n)
		}
	})

	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(httpapi.APIKeyHeader) != "fake-key" {
			t.Errorf("fake upstream got key %q", r.Header.Get(httpapi.APIKeyHeader))
		}
		switch r.URL.Query().Get("filter[query]") {
		case "403":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusForbidden)
			io.WriteString(w, `{"error":{"code":"FORBIDDEN","message":"API keys cannot be used on this endpoint."}}`)
		case "429":
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Retry-After", "7")
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, `{"error":{"code":"RATE_LIMITED","message":"Too many requests; retry in 7 s."}}`)
		case "quota":
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, `{"error":{"code":"QUOTA_EXCEEDED","message":"The daily quota is used up."}}`)
		case "500":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			io.WriteString(w, `{"error":{"code":"INTERNAL","message":"An internal error has occurred.","request_id":"abc123"}}`)
		case "redirect":
			http.Redirect(w, r, "http://attacker.invalid/steal", http.StatusFound)
		default:
			w.WriteHeader(http.StatusBadGateway)
			io.WriteString(w, "<html>bad gateway</html>")
		}
	}))
	defer fake.Close()
	srv, err := mcp.New(fake.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	fcs, err := dial(ts.URL+mcp.Path, "fake-key")
	if err != nil {
		t.Fatal(err)
	}
	defer fcs.Close()
	for _, c := range []struct{ query, code, text string }{
		{"403", sightline.EFORBIDDEN, "HTTP 403"},
		{"429", sightline.ERATELIMIT, "retry after 7 seconds"},
		{"quota", sightline.EQUOTA, "retry after 3600 seconds"},
		{"500", sightline.EINTERNAL, "request_id: abc123"},
		{"redirect", sightline.EINTERNAL, "HTTP 302"},
		{"502", sightline.EUNAVAILABLE, "HTTP 502"},
	} {
		msg := wantToolError(t, call(t, fcs, "list_brands", map[string]any{"query": c.query}), c.code)
		if !strings.Contains(msg, c.text) {
			t.Errorf("%s: error %q lacks %q", c.query, msg, c.text)
		}
	}
	fake.Close()
	wantToolError(t, call(t, fcs, "list_brands", map[string]any{}), sightline.EUNAVAILABLE)
}

// testStdio serves the tools over an in-memory stdio pair with a fixed key
// (what `sightline mcp --stdio` does with SIGHTLINE_API_KEY).
func (e *env) testStdio(t *testing.T) {
	srv, err := mcp.New(e.apiURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, ct := sdk.NewInMemoryTransports()
	done := make(chan error, 1)
	go func() { done <- srv.RunStdio(ctx, e.fx.OtherOrg.APIKey, st) }()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "stdio-test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := structured(t, call(t, cs, "list_brands", map[string]any{}))
	want := e.apiGet(t, "/api/v2/brands", e.fx.OtherOrg.APIKey)
	if diff := cmp.Diff(any(want), got); diff != "" {
		t.Errorf("stdio list_brands (-api +tool):\n%s", diff)
	}
	cs.Close()
	cancel()
	<-done
	if err := srv.RunStdio(ctx, "", st); err == nil {
		t.Error("stdio without a key started")
	}
}
