package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/signal/signaltest"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// The whole path in one serve process: runs posted to the internal ingest
// endpoint queue change detection, the worker detects a planted drop, and
// the dispatcher posts a signed visibility.dropped event to the endpoint
// created through the API.
func TestEndToEnd_SignalWebhooks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	master := make([]byte, 32)
	rand.Read(master)
	cfg := DefaultConfig()
	cfg.DB, cfg.Addr, cfg.AdminToken = sqlstoretest.NewDSN(t), "127.0.0.1:0", "admin-token-for-signals"
	cfg.SecretKey = base64.StdEncoding.EncodeToString(master)
	m := NewMain(cfg, io.Discard, &lockedBuffer{})
	m.WorkerPoll, m.AllowInsecureWebhooks, m.ShutdownTimeout = 20*time.Millisecond, true, 10*time.Second
	if err := m.Open(ctx); err != nil {
		m.Close()
		t.Fatalf("open: %v", err)
	}
	go m.Server.Serve()
	t.Cleanup(func() { m.Close() })
	if m.Dispatcher == nil {
		t.Fatal("no webhook dispatcher with a master key and a worker")
	}

	w, err := signaltest.NewWorld(ctx, m.DB, "End to end")
	if err != nil {
		t.Fatal(err)
	}
	_, key, err := m.DB.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: w.OrgID, UserEmail: "ops@example.com", Name: "ops"})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var got [][]byte
	var headers []http.Header
	recv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		got, headers = append(got, body), append(headers, r.Header.Clone())
		mu.Unlock()
		rw.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(recv.Close)

	base := "http://" + m.Addr()
	send := func(method, path, auth string, ctype string, body []byte) (int, []byte) {
		t.Helper()
		req, _ := http.NewRequest(method, base+path, bytes.NewReader(body))
		if strings.HasPrefix(auth, "slk_") {
			req.Header.Set("X-API-KEY", auth)
		} else {
			req.Header.Set("Authorization", "Bearer "+auth)
		}
		req.Header.Set("Content-Type", ctype)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b
	}
	status, body := send("POST", "/api/v2/webhooks", key, "application/json",
		[]byte(`{"url":"`+recv.URL+`/hook","event_types":["visibility.dropped"]}`))
	if status != http.StatusCreated {
		t.Fatalf("create webhook: %d %s", status, body)
	}
	var hook struct{ Data sightline.Webhook }
	json.Unmarshal(body, &hook)

	spec := signaltest.Spec{BrandID: w.BrandID, Brand: w.Brand, Prompts: w.Prompts,
		Providers: []string{"chatgpt", "claude", "copilot", "gemini", "perplexity"},
		End:       sightline.EndOfDay(time.Now()).AddDate(0, 0, -1), Days: 30, Runs: 5,
		Named: func(c signaltest.Cell) float64 {
			if c.Provider == "claude" && c.Day == 1 {
				return 0.2
			}
			return 0.6
		}}
	status, body = send("POST", "/internal/v1/brands/"+w.BrandID+"/runs", cfg.AdminToken, "application/x-ndjson",
		signaltest.JSONL(signaltest.Records(spec)))
	if status != http.StatusOK {
		t.Fatalf("ingest: %d %s", status, body)
	}

	// Generous: under -race on a busy machine ingest analysis, detection
	// and delivery take far longer than the fraction of a second they
	// take alone.
	deadline := time.Now().Add(3 * time.Minute)
	for {
		mu.Lock()
		n := len(got)
		mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			jobs, _ := m.DB.FindJobsOfKind(ctx, w.BrandID, sightline.JobKindSignals)
			for _, j := range jobs {
				t.Logf("detection job %s: %s, error %+v", j.ID, j.Status, j.Error)
			}
			t.Fatal("no webhook within 3 minutes of the ingest")
		}
		time.Sleep(20 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	var ev struct {
		Type string           `json:"type"`
		Data sightline.Signal `json:"data"`
	}
	if err := json.Unmarshal(got[0], &ev); err != nil || ev.Type != sightline.SignalVisibilityDropped || ev.Data.Dimension.Name != "Claude" {
		t.Fatalf("event %s (%v)", got[0], err)
	}
	keyBytes, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(hook.Data.Secret, "whsec_"))
	mac := hmac.New(sha256.New, keyBytes)
	mac.Write([]byte(headers[0].Get("webhook-id") + "." + headers[0].Get("webhook-timestamp") + "."))
	mac.Write(got[0])
	if headers[0].Get("webhook-signature") != "v1,"+base64.StdEncoding.EncodeToString(mac.Sum(nil)) {
		t.Errorf("signature %q does not verify", headers[0].Get("webhook-signature"))
	}
	status, body = send("GET", "/api/v2/brands/"+w.BrandID+"/signals/"+ev.Data.ID, key, "application/json", nil)
	if status != http.StatusOK || !strings.Contains(string(body), `"status":"open"`) {
		t.Errorf("GET the signal: %d %s", status, body)
	}
}

func TestServe_SignalThresholdFlag(t *testing.T) {
	t.Parallel()
	_, _, err := cli(t, "serve", "--db", "sqlite:"+t.TempDir()+"/x.db", "--addr", "127.0.0.1:0", "--signal-threshold", "150")
	if err == nil || !strings.Contains(err.Error(), "--signal-threshold") {
		t.Errorf("serve --signal-threshold 150: %v", err)
	}
}

func TestServe_SignalThresholdEnv(t *testing.T) {
	t.Setenv("SIGHTLINE_SIGNAL_THRESHOLD", "five")
	_, _, err := cli(t, "serve", "--db", "sqlite:"+t.TempDir()+"/x.db", "--addr", "127.0.0.1:0")
	if err == nil || !strings.Contains(err.Error(), "SIGHTLINE_SIGNAL_THRESHOLD") {
		t.Errorf("serve with SIGHTLINE_SIGNAL_THRESHOLD=five: %v", err)
	}
}
