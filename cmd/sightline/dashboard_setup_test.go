package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// testSetupPath walks, in the shared browser, the path of a new
// organization with no CLI after its first admin (docs/dashboard.md#set-up):
// create a brand with a competitor, prompts in two topics, a provider
// key, collection with its dry-run plan, "collect now" against a local
// ChatGPT that answers in the Responses API's documented shape; then read
// the answers, a run with its mentions highlighted, a page's citation count
// on the citations page leading to exactly its runs, the overview filtered
// by the provider equal to the API's filter[provider_ids], and an empty
// brand showing "—" in every card.
func testSetupPath(ctx context.Context, t *testing.T, shots string) {
	const chatgptKey = "sk-browser-test-000000000000-K3Y9"
	var mu sync.Mutex
	calls := 0
	reply := recorded(t, "openai/answer.json")
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/responses" || r.Header.Get("Authorization") != "Bearer "+chatgptKey {
			http.Error(w, `{"error":{"message":"bad key or path"}}`, http.StatusUnauthorized)
			return
		}
		_, _ = io.Copy(io.Discard, r.Body)
		mu.Lock()
		calls++
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Write(reply)
	}))
	t.Cleanup(fake.Close)

	dsn := sqlstoretest.NewDSN(t)
	orgID := createOrg(t, dsn, "Taskloom Ltd")
	const email, password = "ada@taskloom.com", "correct horse battery staple"
	if _, errOut, err := runWith(t, password+"\n", "users", "create", "--db", dsn, "--org", orgID, "--email", email, "--name", "Ada"); err != nil {
		t.Fatalf("users create: %v %s", err, errOut)
	}
	master := make([]byte, 32)
	rand.Read(master)
	base := fake.URL + "/v1"
	cfg := DefaultConfig()
	cfg.DB, cfg.Addr, cfg.AdminToken = dsn, "127.0.0.1:0", ""
	cfg.SecretKey = base64.StdEncoding.EncodeToString(master)
	cfg.ProviderRate = 6000
	cfg.Providers = map[string]*string{"SIGHTLINE_OPENAI_BASE_URL": &base}
	m := NewMain(cfg, io.Discard, io.Discard)
	m.WorkerPoll, m.CollectInterval = 50*time.Millisecond, time.Hour // only "collect now" queues
	m.ShutdownTimeout = 10 * time.Second
	if err := m.Open(context.Background()); err != nil {
		m.Close()
		t.Fatalf("serve: %v", err)
	}
	served := make(chan error, 1)
	go func() { served <- m.Server.Serve() }()
	t.Cleanup(func() {
		m.Close()
		<-served
	})
	site := "http://" + m.Addr()

	if resp := signIn(ctx, t, site, email, password); resp.Status != http.StatusOK {
		t.Fatalf("sign-in led to a %d page", resp.Status)
	}
	navigate(ctx, t, site+"/brands")
	if !exists(ctx, t, `[data-testid="empty-state"]`) {
		t.Error("a new organization's brands page has no empty state")
	}
	create := func(name, domain string) string {
		t.Helper()
		navigate(ctx, t, site+"/brands")
		do(ctx, t, "fill in the brand", chromedp.SetValue(chromedp.CSS(`#brand-name`), name), chromedp.SetValue(chromedp.CSS(`#brand-domains`), domain))
		if resp := clickAndWait(ctx, t, `form#create-brand button[type=submit]`); resp.Status != http.StatusOK {
			t.Fatalf("create %s: %d", name, resp.Status)
		}
		u := location(ctx, t)
		if !strings.HasSuffix(u, "/setup") {
			t.Fatalf("after creating %s the browser is at %s", name, u)
		}
		return strings.TrimSuffix(strings.TrimPrefix(u, site+"/brands/"), "/setup")
	}
	brandID := create("Taskloom", "taskloom.com")
	brand := site + "/brands/" + brandID

	// a competitor
	do(ctx, t, "fill in the competitor", chromedp.SetValue(chromedp.CSS(`#c-name`), "Stackwise"), chromedp.SetValue(chromedp.CSS(`#c-domain`), "stackwise.com"))
	clickAndWait(ctx, t, `form#add-competitor button[type=submit]`)
	if got := text(ctx, t, `[data-testid="competitor-row"] th`); got != "Stackwise" {
		t.Fatalf("competitor row %q", got)
	}
	// two topics, then prompts in each
	navigate(ctx, t, brand+"/topics")
	do(ctx, t, "topics", chromedp.SetValue(chromedp.CSS(`#topic-names`), "Tools\nPricing"))
	clickAndWait(ctx, t, `form#create-topics button[type=submit]`)
	navigate(ctx, t, brand+"/setup")
	for topic, texts := range map[string]string{"Tools": "Best project management tools for agencies?\nWhich project tool suits a UK studio?", "Pricing": "Is Taskloom worth the price?"} {
		id := get(ctx, t, "topic id", chromedp.Evaluate[string](fmt.Sprintf(
			`[...document.querySelectorAll('#p-topic option')].find(o => o.textContent === %q).value`, topic)))
		do(ctx, t, "prompts", chromedp.SetValue(chromedp.CSS(`#p-texts`), texts), chromedp.SetValue(chromedp.CSS(`#p-topic`), id))
		clickAndWait(ctx, t, `form#add-prompts button[type=submit]`)
	}
	if n := get(ctx, t, "prompt rows", chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="prompt-row"]').length`)); n != 3 {
		t.Fatalf("%d prompt rows, want 3", n)
	}
	// the provider key
	navigate(ctx, t, site+"/providers")
	do(ctx, t, "key", chromedp.SetValue(chromedp.CSS(`[data-testid="key-input-chatgpt"]`), chatgptKey))
	clickAndWait(ctx, t, `[data-testid="key-save-chatgpt"]`)
	if got := text(ctx, t, `[data-testid="key-hint-chatgpt"]`); got != "…K3Y9" {
		t.Errorf("key hint %q, want …K3Y9", got)
	}
	screenshot(ctx, t, shots, "providers")
	// collection: configure, see the plan, then turn it on
	navigate(ctx, t, brand+"/setup")
	do(ctx, t, "collection",
		chromedp.Click(chromedp.CSS(`[data-testid="provider-chatgpt"]`)),
		chromedp.SetValue(chromedp.CSS(`#col-regions`), "us"),
		chromedp.SetValue(chromedp.CSS(`#col-samples`), "1"))
	clickAndWait(ctx, t, `form#collection-form button[type=submit]`)
	row := text(ctx, t, `[data-testid="plan-row"]`)
	if !regexp.MustCompile(`^chatgpt\s+3\s+\$0\.\d{4}`).MatchString(row) {
		t.Errorf("plan row %q, want chatgpt asking 3 samples with a cost", row)
	}
	if text(ctx, t, `[data-testid="collection-state"]`) != "off" {
		t.Error("collection is on before it was turned on")
	}
	do(ctx, t, "turn on", chromedp.Click(chromedp.CSS(`[data-testid="collection-enabled"]`)))
	clickAndWait(ctx, t, `form#collection-form button[type=submit]`)
	if text(ctx, t, `[data-testid="collection-state"]`) != "on" {
		t.Fatal("collection did not turn on")
	}
	screenshot(ctx, t, shots, "setup")
	clickAndWait(ctx, t, `[data-testid="collect-now"]`)
	if msg := text(ctx, t, `[data-testid="flash"]`); !strings.Contains(msg, "1 collection jobs queued") {
		t.Fatalf("collect now: %q", msg)
	}
	// the answers come in
	deadline := time.Now().Add(60 * time.Second)
	for {
		navigate(ctx, t, brand+"/runs")
		if exists(ctx, t, `[data-testid="runs-total"]`) && text(ctx, t, `[data-testid="runs-total"]`) == "3" {
			break
		}
		if time.Now().After(deadline) {
			mu.Lock()
			t.Fatalf("after 60 s the answers page shows %q answers (the fake was called %d times)", text(ctx, t, `[data-testid="runs-total"]`), calls)
		}
		time.Sleep(300 * time.Millisecond)
	}
	screenshot(ctx, t, shots, "answers")
	clickAndWait(ctx, t, `[data-testid="run-link"]`)
	if !exists(ctx, t, `mark.mention-own`) || !exists(ctx, t, `mark.mention-competitor`) {
		t.Error("the run does not highlight Taskloom and Stackwise")
	}
	if got := strings.ToLower(text(ctx, t, `mark.mention-own`)); got != "taskloom" {
		t.Errorf("the brand's highlighted mention reads %q", got)
	}
	screenshot(ctx, t, shots, "answer")
	// a page's citation count leads to exactly its runs
	navigate(ctx, t, brand+"/citations")
	count := text(ctx, t, `[data-testid="page-citations"]`)
	clickAndWait(ctx, t, `[data-testid="page-citations"]`)
	if got := text(ctx, t, `[data-testid="runs-total"]`); got != count || count == "0" {
		t.Errorf("the page's citation count is %s, its answers %s", count, got)
	}
	if n := get(ctx, t, "rows", chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="run-row"]').length`)); strconv.Itoa(n) != count {
		t.Errorf("%d rows listed for a count of %s", n, count)
	}
	// the overview for the one provider is the API's filter[provider_ids]
	providers, err := m.DB.FindBrandProviders(context.Background(), orgID, brandID)
	if err != nil || len(providers) != 1 {
		t.Fatalf("providers %v, %v", providers, err)
	}
	_, key, err := m.DB.CreateAPIKey(context.Background(), sightline.APIKeyCreate{OrgID: orgID, UserEmail: email, Name: "test"})
	if err != nil {
		t.Fatal(err)
	}
	d := &dashboardServer{m: m, base: site, key: key}
	want := d.ownMetricsQuery(t, brandID, "filter[provider_ids]="+providers[0].ID)
	navigate(ctx, t, brand+"?provider="+providers[0].ID)
	got := [3]string{text(ctx, t, `[data-testid="metric-visibility"]`), text(ctx, t, `[data-testid="metric-share-of-voice"]`), text(ctx, t, `[data-testid="metric-sentiment"]`)}
	if got != want || got[0] == "—" {
		t.Errorf("overview for %s shows %v, the API %v", providers[0].Code, got, want)
	}
	// an empty brand shows "—" in every card
	empty := create("Planwell", "planwell.io")
	navigate(ctx, t, site+"/brands/"+empty)
	cards := get(ctx, t, "cards", chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid^="metric-"]')].map(e => e.textContent.trim())`))
	if len(cards) != 4 {
		t.Errorf("%d cards on an empty brand", len(cards))
	}
	for _, c := range cards {
		if c != "—" {
			t.Errorf("an empty brand's card shows %q, want —", c)
		}
	}
}
