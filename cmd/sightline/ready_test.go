package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline/internal/demo"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// `serve --demo` listens at once and answers 503 UNAVAILABLE with
// Retry-After (and /readyz 503) while it loads the demo data set, then
// serves normally; its first answer comes within 20 s of start.
func TestServeDemo_AnswersWhileLoading(t *testing.T) {
	t.Parallel()
	dsn := sqlstoretest.NewDSN(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb lockedBuffer
	hold := make(chan struct{}) // the demo load waits for it: the test sees the loading phase for sure
	cmd := &ServeCommand{env: DefaultConfig(), stdout: &out, stderr: &errb, demoHold: hold}
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		done <- cmd.Run(ctx, []string{"--db", dsn, "--addr", "127.0.0.1:0", "--demo", "--demo-days", "2", "--collect-interval", "0"})
	}()
	addr := listeningAddr(t, &out, &errb, done, start.Add(20*time.Second))
	client := &http.Client{Timeout: 5 * time.Second}
	get := func(path string) (*http.Response, map[string]any) {
		t.Helper()
		resp, err := client.Get("http://" + addr + path)
		if err != nil {
			t.Fatalf("GET %s while the demo loads: %v (after %s)", path, err, time.Since(start))
		}
		defer resp.Body.Close()
		var body map[string]any
		json.NewDecoder(resp.Body).Decode(&body)
		return resp, body
	}
	resp, _ := get("/readyz")
	if first := time.Since(start); first > 20*time.Second {
		t.Errorf("the first answer came %s after start, want within 20 s", first)
	}
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Errorf("GET /readyz while loading = %d, Retry-After %q; want 503 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	for _, path := range []string{"/api/v2/brands", "/internal/v1/admin/organizations", "/"} {
		resp, body := get(path)
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "5" {
			t.Errorf("GET %s while loading = %d, Retry-After %q; want 503 with Retry-After: 5", path, resp.StatusCode, resp.Header.Get("Retry-After"))
		}
		if strings.HasPrefix(path, "/api/") {
			if e, _ := body["error"].(map[string]any); e == nil || e["code"] != "UNAVAILABLE" {
				t.Errorf("GET %s while loading answered %v, want the error UNAVAILABLE", path, body)
			}
		}
	}
	if resp, _ := get("/healthz"); resp.StatusCode != http.StatusOK {
		t.Errorf("GET /healthz while loading = %d, want 200: the process is alive", resp.StatusCode)
	}

	close(hold)
	for {
		resp, _ := get("/readyz")
		if resp.StatusCode == http.StatusOK {
			break
		}
		select {
		case err := <-done:
			t.Fatalf("serve --demo returned %v while loading; stderr:\n%s", err, errb.String())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Since(start) > 5*time.Minute {
			t.Fatalf("serve --demo is not ready after 5 minutes; stdout:\n%s", out.String())
		}
	}
	key := demoKeyRE.FindStringSubmatch(out.String())
	if key == nil {
		t.Fatalf("serve --demo is ready but printed no key:\n%s", out.String())
	}
	wantBrandsContain(t, addr, key[1], demoBrandRE.FindStringSubmatch(out.String())[1])
	cancel()
	if err := <-done; err != nil {
		t.Errorf("serve --demo = %v after its context ended", err)
	}
}

// `serve --demo` stopped (SIGINT) before the demo is loaded stops
// gracefully: no error, the port released.
func TestServeDemo_StopWhileLoading(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb lockedBuffer
	cmd := &ServeCommand{env: DefaultConfig(), stdout: &out, stderr: &errb, demoHold: make(chan struct{})}
	done := make(chan error, 1)
	go func() {
		done <- cmd.Run(ctx, []string{"--db", sqlstoretest.NewDSN(t), "--addr", "127.0.0.1:0", "--demo", "--collect-interval", "0"})
	}()
	listeningAddr(t, &out, &errb, done, time.Now().Add(time.Minute))
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve --demo stopped while loading = %v, want nil", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve --demo did not stop while loading")
	}
}

// A demo whose load was stopped after its organization was made but
// before its runs were all in (its API keys come after them) is not
// served as a loaded demo: serve --demo stops and says what to do.
func TestServeDemo_RefusesHalfLoadedDemo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dsn := sqlstoretest.NewDSN(t)
	db := openStore(t, dsn)
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if err := demo.CreateEntities(ctx, db, demo.New(demo.Config{Seed: 1, Days: 2, Now: time.Now().UTC()})); err != nil {
		t.Fatal(err)
	}
	var out, errb lockedBuffer
	cmd := &ServeCommand{env: DefaultConfig(), stdout: &out, stderr: &errb}
	done := make(chan error, 1)
	go func() {
		done <- cmd.Run(ctx, []string{"--db", dsn, "--addr", "127.0.0.1:0", "--demo", "--collect-interval", "0"})
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "did not finish loading") || !strings.Contains(err.Error(), sqlstore.RedactDSN(dsn)) {
			t.Errorf("serve --demo on a half-loaded demo = %v, want an error naming the database and the stopped load", err)
		}
	case <-time.After(time.Minute):
		t.Fatalf("serve --demo served a half-loaded demo; stdout:\n%s", out.String())
	}
}
