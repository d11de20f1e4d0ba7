package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// headerTransport sets X-API-KEY on every request of the MCP client.
type headerTransport struct{ key string }

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-API-KEY", h.key)
	return http.DefaultTransport.RoundTrip(r)
}

// brandIDsOf calls list_brands and returns the brand ids.
func brandIDsOf(t *testing.T, cs *sdk.ClientSession) []string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "list_brands", Arguments: map[string]any{}})
	if err != nil {
		t.Fatalf("list_brands: %v", err)
	}
	if res.IsError {
		t.Fatalf("list_brands: tool error %v", res.Content)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var page brandPage
	if err := json.Unmarshal(b, &page); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, d := range page.Data {
		ids = append(ids, d.ID)
	}
	return ids
}

// TestEndToEnd_MCP runs `sightline mcp` in front of `sightline serve`, over
// Streamable HTTP and over stdio, and stops it gracefully.
func TestEndToEnd_MCP(t *testing.T) {
	dsn := sqlstoretest.NewDSN(t)
	mustCLI(t, "migrate", "--db", dsn)
	org := createOrg(t, dsn, "Acme")
	brand := createBrand(t, dsn, org, "Acme Analytics")
	_, secret := createKey(t, dsn, org, "assistant")
	m, _ := startMain(t, dsn)
	upstream := "http://" + m.Addr()

	t.Run("HTTP", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		stdout, logs := &lockedBuffer{}, &lockedBuffer{}
		addrc := make(chan string, 1)
		cmd := &MCPCommand{env: DefaultConfig(), stdin: strings.NewReader(""), stdout: stdout, stderr: logs, ready: func(a string) { addrc <- a }}
		done := make(chan error, 1)
		go func() { done <- cmd.Run(ctx, []string{"--addr", "127.0.0.1:0", "--upstream", upstream}) }()
		var addr string
		select {
		case addr = <-addrc:
		case err := <-done:
			t.Fatalf("mcp exited: %v\n%s", err, logs)
		case <-time.After(10 * time.Second):
			t.Fatal("mcp did not start")
		}
		endpoint := "http://" + addr + "/mcp"

		cs, err := sdk.NewClient(&sdk.Implementation{Name: "e2e", Version: "1"}, nil).Connect(ctx, &sdk.StreamableClientTransport{
			Endpoint: endpoint, HTTPClient: &http.Client{Transport: headerTransport{key: secret}}, DisableStandaloneSSE: true, MaxRetries: -1,
		}, nil)
		if err != nil {
			t.Fatalf("connect: %v", err)
		}
		if ids := brandIDsOf(t, cs); len(ids) != 1 || ids[0] != brand {
			t.Errorf("list_brands = %v, want [%s]", ids, brand)
		}
		cs.Close()

		resp, err := http.Post(endpoint, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(string(body), `"UNAUTHORIZED"`) {
			t.Errorf("no key: %d %s, want 401 UNAUTHORIZED", resp.StatusCode, body)
		}

		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("mcp: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("mcp did not stop")
		}
		if !strings.Contains(stdout.String(), endpoint) {
			t.Errorf("stdout does not name the endpoint:\n%s", stdout)
		}
		if strings.Contains(logs.String()+stdout.String(), secret) || !strings.Contains(logs.String(), "tool=list_brands") {
			t.Errorf("logs hold the key or miss the tool call:\n%s", logs)
		}
	})

	t.Run("Stdio", func(t *testing.T) {
		t.Setenv("SIGHTLINE_API_KEY", secret)
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		logs := &lockedBuffer{}
		done := make(chan error, 1)
		go func() {
			done <- run(context.Background(), []string{"mcp", "--stdio", "--upstream", upstream}, inR, outW, logs)
			outW.Close()
		}()
		cs, err := sdk.NewClient(&sdk.Implementation{Name: "e2e", Version: "1"}, nil).Connect(context.Background(), &sdk.IOTransport{Reader: outR, Writer: inW}, nil)
		if err != nil {
			t.Fatalf("connect: %v", err)
		}
		if ids := brandIDsOf(t, cs); len(ids) != 1 || ids[0] != brand {
			t.Errorf("list_brands = %v, want [%s]", ids, brand)
		}
		cs.Close() // closes stdin: the server ends
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("mcp --stdio: %v\n%s", err, logs)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("mcp --stdio did not stop at the end of stdin")
		}
		if strings.Contains(logs.String(), secret) {
			t.Errorf("logs hold the key:\n%s", logs)
		}
	})

	t.Run("Errors", func(t *testing.T) {
		t.Setenv("SIGHTLINE_UPSTREAM", "")
		t.Setenv("SIGHTLINE_API_KEY", "")
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"mcp"}, "--upstream URL is required"},
			{[]string{"mcp", "--upstream", "ftp://example.com"}, "absolute http(s) URL"},
			{[]string{"mcp", "--stdio", "--upstream", upstream}, "SIGHTLINE_API_KEY"},
			{[]string{"mcp", "--upstream", upstream, "extra"}, "unexpected argument"},
		} {
			if _, _, err := cli(t, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("sightline %s: error %v, want %q", strings.Join(c.args, " "), err, c.want)
			}
		}
	})
}
