package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// providerCloud stands in for the four providers' APIs on loopback: it
// answers with the documentation-shaped replies of internal/provider's
// testdata, and only to the organization's key for each provider.
type providerCloud struct {
	srv     *httptest.Server
	keys    map[string]string // provider code -> the key it accepts
	prompts []string          // texts a request may ask
	delay   time.Duration

	mu      sync.Mutex
	replies map[string][]byte // provider code -> its reply
	calls   map[string]int
	bad     []string // what was wrong with requests
}

// reply makes a provider answer with another recorded reply from now on.
func (pc *providerCloud) reply(code string, body []byte) {
	pc.mu.Lock()
	pc.replies[code] = body
	pc.mu.Unlock()
}

// recorded reads a reply of internal/provider/testdata.
func recorded(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "internal", "provider", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newProviderCloud(t *testing.T, keys map[string]string, prompts []string) *providerCloud {
	t.Helper()
	// Gemini cites redirect links that only Google resolves; this cloud's
	// reply cites the pages themselves (the documented shape, other URIs)
	// so that nothing leaves loopback.
	gemini := regexp.MustCompile(`"uri": "https://vertexaisearch[^"]*",\s*"title": "([^"]*)"`).ReplaceAllFunc(recorded(t, "gemini/answer.json"), func(m []byte) []byte {
		title := regexp.MustCompile(`"title": "([^"]*)"`).FindSubmatch(m)[1]
		uri := "https://" + string(title) + "/"
		if !strings.Contains(string(title), ".") {
			uri = "https://en.wikipedia.org/wiki/Project_management_software"
		}
		return []byte(fmt.Sprintf(`"uri": %q, "title": %q`, uri, title))
	})
	// Perplexity also read a page of the brand's that it does not cite
	// (search_results beyond citations): the retrieved-only page of the
	// end-to-end test.
	// Appended: the answer's [n] markers number the search results.
	perplexity := bytes.Replace(recorded(t, "perplexity/answer.json"), []byte("    }\n  ],\n  \"choices\""), []byte(`    },
    {
      "title": "Sprint planning with Taskloom",
      "url": "https://www.taskloom.com/guides/sprint-planning",
      "date": "2026-06-01",
      "last_updated": null,
      "snippet": "Plan a two-week sprint in Taskloom...",
      "source": "web"
    }
  ],
  "choices"`), 1)
	if !bytes.Contains(perplexity, []byte("sprint-planning")) {
		t.Fatal("the Perplexity reply's search_results were not found")
	}
	replies := map[string][]byte{
		"chatgpt": recorded(t, "openai/answer.json"), "claude": recorded(t, "anthropic/answer.json"),
		"gemini": gemini, "perplexity": perplexity,
	}
	pc := &providerCloud{keys: keys, prompts: prompts, calls: map[string]int{}, replies: replies}
	pc.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var code, key string
		switch {
		case r.URL.Path == "/v1/responses":
			code, key = "chatgpt", strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		case r.URL.Path == "/v1/messages":
			code, key = "claude", r.Header.Get("X-Api-Key")
		case strings.HasPrefix(r.URL.Path, "/v1beta/models/") && strings.HasSuffix(r.URL.Path, ":generateContent"):
			code, key = "gemini", r.Header.Get("X-Goog-Api-Key")
		case r.URL.Path == "/chat/completions":
			code, key = "perplexity", strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		default:
			http.NotFound(w, r)
			return
		}
		body, _ := io.ReadAll(r.Body)
		pc.mu.Lock()
		pc.calls[code]++
		if key != pc.keys[code] {
			pc.bad = append(pc.bad, fmt.Sprintf("%s called with key %q", code, key))
		}
		asked := false
		for _, p := range pc.prompts {
			asked = asked || bytes.Contains(body, []byte(p))
		}
		if !asked {
			pc.bad = append(pc.bad, fmt.Sprintf("%s asked none of the prompts: %s", code, body))
		}
		reply := pc.replies[code]
		pc.mu.Unlock()
		if key != pc.keys[code] {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		time.Sleep(pc.delay)
		w.Header().Set("Content-Type", "application/json")
		w.Write(reply)
	}))
	t.Cleanup(pc.srv.Close)
	t.Setenv("SIGHTLINE_OPENAI_BASE_URL", pc.srv.URL+"/v1")
	t.Setenv("SIGHTLINE_ANTHROPIC_BASE_URL", pc.srv.URL)
	t.Setenv("SIGHTLINE_GEMINI_BASE_URL", pc.srv.URL)
	t.Setenv("SIGHTLINE_PERPLEXITY_BASE_URL", pc.srv.URL)
	return pc
}

func (pc *providerCloud) count() (map[string]int, []string) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	out := map[string]int{}
	for k, v := range pc.calls {
		out[k] = v
	}
	return out, append([]string(nil), pc.bad...)
}

// apiJSON sends one API request with key and decodes a 2xx answer into out.
func apiJSON(t *testing.T, addr, key, method, path string, body any, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, "http://"+addr+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-API-KEY", key)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		t.Fatalf("%s %s = %d: %s", method, path, resp.StatusCode, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: decode %s: %v", method, path, b, err)
		}
	}
	return resp.StatusCode
}

// collectWorld is a fresh install set up the way a customer does: an
// organization and brand by CLI, a topic and prompts through the API,
// collection settings patched, a key for each provider set by CLI.
type collectWorld struct {
	dsn, orgID, brandID, topicID, apiKey string
	prompts                              []string
	keys                                 map[string]string
	cloud                                *providerCloud
}

func newCollectWorld(t *testing.T) (*collectWorld, *Main) {
	t.Helper()
	master := make([]byte, 32)
	rand.Read(master)
	t.Setenv("SIGHTLINE_SECRET_KEY", base64.StdEncoding.EncodeToString(master))
	t.Setenv("SIGHTLINE_PROVIDER_RATE", "6000") // the local cloud needs no pacing
	t.Setenv("SIGHTLINE_LOG_LEVEL", "debug")    // every log line is checked for keys
	w := &collectWorld{dsn: sqlstoretest.NewDSN(t), keys: map[string]string{}}
	w.orgID = createOrg(t, w.dsn, "Taskloom Ltd")
	out := mustCLI(t, "brands", "create", "--db", w.dsn, "--org", w.orgID, "--name", "Taskloom", "--domains", "taskloom.com",
		"--competitor", "Stackwise=stackwise.com", "--competitor", "Planwell=planwell.io")
	w.brandID = brandCreatedRE.FindStringSubmatch(out)[1]
	_, w.apiKey = createKey(t, w.dsn, w.orgID, "collect test")
	for _, code := range directProviders {
		w.keys[code] = "sk-" + code + "-" + strings.Repeat("x", 20) + "-end" + code[:2]
		var outb, errb lockedBuffer
		err := run(context.Background(), []string{"providers", "set-key", "--db", w.dsn, "--org", w.orgID, code}, strings.NewReader(w.keys[code]+"\n"), &outb, &errb)
		if err != nil {
			t.Fatalf("providers set-key %s: %v %s", code, err, errb.String())
		}
		if !strings.Contains(outb.String(), "…"+w.keys[code][len(w.keys[code])-4:]) || strings.Contains(outb.String(), w.keys[code]) {
			t.Errorf("set-key printed %q: want the last four characters only", outb.String())
		}
	}
	w.prompts = []string{"What are the best project management tools for agencies?", "Which project tool suits a UK design studio?"}
	w.cloud = newProviderCloud(t, w.keys, w.prompts)

	m, _ := startMain(t, w.dsn)
	addr := m.Addr()
	b := "/api/v2/brands/" + w.brandID
	var topics struct{ Data []sightline.TopicRef }
	apiJSON(t, addr, w.apiKey, "POST", b+"/topics", map[string]any{"topics": []map[string]string{{"name": "Tools"}}}, &topics)
	w.topicID = topics.Data[0].ID
	apiJSON(t, addr, w.apiKey, "POST", b+"/prompts", map[string]any{"prompts": []map[string]any{
		{"text": w.prompts[0], "topic_id": w.topicID},
		{"text": w.prompts[1], "topic_id": w.topicID, "regions": []string{"gb"}},
	}}, nil)
	apiJSON(t, addr, w.apiKey, "PATCH", b+"/collection", map[string]any{
		"providers": directProviders, "regions": []string{"us", "gb"}, "samples": 2, "enabled": true}, nil)
	return w, m
}

// TestCollect_EndToEnd: collect --once asks every provider each due sample
// once and the answers show up in the analytics with exactly the counts the
// recorded replies give; a second run in the same slot asks nothing.
func TestCollect_EndToEnd(t *testing.T) {
	w, m := newCollectWorld(t)
	addr := m.Addr()

	// --dry-run asks nothing and says what it would.
	out := mustCLI(t, "collect", "--once", "--dry-run", "--db", w.dsn)
	if !strings.Contains(out, "Dry run: 24 call(s) would be made") {
		t.Errorf("dry run printed:\n%s", out)
	}
	if calls, _ := w.cloud.count(); len(calls) != 0 {
		t.Fatalf("the dry run called the providers: %v", calls)
	}

	// Prompt 1 in us and gb, prompt 2 only in gb, 2 samples: 6 per provider.
	started := time.Now().UTC() // the answers are stamped from here on
	out, errOut, err := cli(t, "collect", "--once", "--db", w.dsn)
	if err != nil {
		t.Fatalf("collect: %v\n%s", err, errOut)
	}
	w.noKeyIn(t, "collect's output", out+errOut)
	if !strings.Contains(out, "24 done, 0 failed, 0 skipped") || !strings.Contains(out, "[24/24]") {
		t.Errorf("collect printed:\n%s", out)
	}
	calls, bad := w.cloud.count()
	for _, code := range directProviders {
		if calls[code] != 6 {
			t.Errorf("%s was called %d times, want 6", code, calls[code])
		}
	}
	for _, b := range bad {
		t.Error(b)
	}

	// The analytics from the day collection started (today, unless it
	// crossed midnight): every answer names the three brands; the recorded
	// replies cite 4 (ChatGPT), 4 (Claude), 4 (Gemini) and 5 (Perplexity,
	// whose added search result is a source) distinct pages, one of them
	// on taskloom.com (Perplexity: two).
	q := "?filter[ran_at_start]=" + started.Format(time.DateOnly)
	b := "/api/v2/brands/" + w.brandID
	var topic struct{ Data sightline.Topic }
	apiJSON(t, addr, w.apiKey, "GET", b+"/topics/"+w.topicID+q, nil, &topic)
	if tp := topic.Data; tp.Visibility != 100 || tp.PromptCount != 2 || tp.CitationShare != 100.0*30/102 {
		t.Errorf("topic = visibility %v, prompt_count %d, citation_share %v; want 100, 2, %v", tp.Visibility, tp.PromptCount, tp.CitationShare, 100.0*30/102)
	}
	var sov struct{ Data []sightline.SOVRow }
	apiJSON(t, addr, w.apiKey, "GET", b+"/share_of_voice"+q, nil, &sov)
	tracked := map[string]sightline.SOVMetrics{}
	others := 0
	for _, r := range sov.Data {
		if r.Kind == sightline.FoundBrandOther {
			others += r.AggregateMetrics.Mentions
			continue
		}
		tracked[r.Name] = r.AggregateMetrics.SOVMetrics
	}
	for _, name := range []string{"Taskloom", "Stackwise", "Planwell"} {
		if got := tracked[name]; got.Mentions != 24 || got.Visibility != 100 {
			t.Errorf("%s: %d mentions, visibility %v; want 24 and 100", name, got.Mentions, got.Visibility)
		}
	}
	if want := 100 * 24 / float64(72+others); tracked["Taskloom"].ShareOfVoice != want {
		t.Errorf("Taskloom's share of voice = %v, want %v", tracked["Taskloom"].ShareOfVoice, want)
	}
	var pages struct {
		Data []sightline.CitationRow
		Meta sightline.PageMeta
	}
	apiJSON(t, addr, w.apiKey, "GET", b+"/citations/pages"+q+"&page_size=100", nil, &pages)
	counts := map[string]int{}
	total := 0
	for _, p := range pages.Data {
		counts[p.Page] = p.TotalCitationCount
		total += p.TotalCitationCount
	}
	want := map[string]int{
		"https://pcmag.com/picks/the-best-project-management-software":       18, // ChatGPT, Claude, Perplexity
		"https://taskloom.com/blog/taskloom-vs-stackwise":                    18,
		"https://g2.com/categories/project-management":                       18,
		"https://capterra.co.uk/directory/30008/project-management/software": 12, // ChatGPT, Claude
		"https://planwell.io/pricing":                                        6,  // Perplexity
		"https://pcmag.com":                                                  6,  // Gemini's chunks, by domain
		"https://g2.com":                                                     6,
		"https://taskloom.com":                                               6,
		"https://en.wikipedia.org/wiki/Project_management_software":          6,
		"https://taskloom.com/guides/sprint-planning":                        6, // Perplexity
	}
	if total != 102 || len(counts) != len(want) {
		t.Errorf("pages: %d citations on %d pages, want 102 on %d: %v", total, len(counts), len(want), counts)
	}
	w.checkFanOut(t, addr, q)
	for page, n := range want {
		if counts[page] != n {
			t.Errorf("%s cited %d times, want %d", page, counts[page], n)
		}
	}

	// Again in the same slot: nothing is asked twice.
	out = mustCLI(t, "collect", "--once", "--db", w.dsn)
	if !strings.Contains(out, "0 done, 0 failed") || !strings.Contains(out, "every sample of this slot is collected already") {
		t.Errorf("second collect printed:\n%s", out)
	}
	again, _ := w.cloud.count()
	for _, code := range directProviders {
		if again[code] != 6 {
			t.Errorf("%s was called %d times in all, want still 6", code, again[code])
		}
	}

	// A wrong key: every call fails (401), the command says so and exits
	// non-zero, and the failures count in no metric.
	var outb, errb lockedBuffer
	if err := run(context.Background(), []string{"providers", "set-key", "--db", w.dsn, "--org", w.orgID, "perplexity"},
		strings.NewReader("pplx-revoked-key-0000\n"), &outb, &errb); err != nil {
		t.Fatal(err)
	}
	out, _, err = cli(t, "collect", "--once", "--db", w.dsn, "--providers", "perplexity", "--samples", "3")
	if err == nil || !strings.Contains(err.Error(), "every one of the 3 calls failed") || !strings.Contains(out, "FAILED auth_error") {
		t.Errorf("collect with a wrong key: %v\n%s", err, out)
	}
	var after struct{ Data sightline.Topic }
	apiJSON(t, addr, w.apiKey, "GET", b+"/topics/"+w.topicID+q, nil, &after)
	if after.Data.CitationShare != topic.Data.CitationShare || after.Data.Visibility != 100 {
		t.Errorf("failed attempts changed the topic's metrics: %+v", after.Data)
	}

	// An answer that did not finish (Claude stopped at max_tokens) is a
	// failed attempt with reason truncated, billed, and in no metric.
	w.cloud.reply("claude", recorded(t, "anthropic/max_tokens.json"))
	out, _, err = cli(t, "collect", "--once", "--db", w.dsn, "--providers", "claude", "--samples", "3")
	if err == nil || !strings.Contains(out, "FAILED truncated") {
		t.Errorf("collect of truncated answers: %v\n%s", err, out)
	}
	var truncated struct{ Data sightline.Topic }
	apiJSON(t, addr, w.apiKey, "GET", b+"/topics/"+w.topicID+q, nil, &truncated)
	if truncated.Data.CitationShare != topic.Data.CitationShare || truncated.Data.Visibility != 100 {
		t.Errorf("truncated answers changed the topic's metrics: %+v", truncated.Data)
	}
	var failed struct{ Data []sightline.Run }
	apiJSON(t, addr, w.apiKey, "GET", b+"/runs"+q+"&filter[status]=failed&page_size=100", nil, &failed)
	nTrunc := 0
	for _, r := range failed.Data {
		if r.Error != nil && r.Error.Code == "truncated" {
			nTrunc++
			if r.Answer != "" || len(r.Citations) != 0 || r.SearchQueries != nil {
				t.Errorf("a truncated attempt shows an answer: %+v", r)
			}
		}
	}
	if nTrunc != 3 {
		t.Errorf("%d truncated attempts listed, want 3", nTrunc)
	}

	// The internal report lists the attempts; no secret is stored in the
	// clear, and none reached the logs.
	req, _ := http.NewRequest("GET", "http://"+addr+"/internal/v1/brands/"+w.brandID+"/collection/attempts", nil)
	req.Header.Set("X-API-KEY", w.apiKey)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("attempts with an API key: %v %v, want 403", resp.StatusCode, err)
	}
	w.noPlaintextKeys(t)
}

// checkFanOut reads one collected run of each provider back: the fan-out
// queries each recorded reply carries (null for Perplexity, which does not
// expose them) and its retrieved sources, cited or not.
func (w *collectWorld) checkFanOut(t *testing.T, addr, q string) {
	t.Helper()
	b := "/api/v2/brands/" + w.brandID
	var runs struct{ Data []sightline.Run }
	apiJSON(t, addr, w.apiKey, "GET", b+"/runs"+q+"&page_size=100", nil, &runs)
	byProvider := map[string]sightline.Run{}
	for _, r := range runs.Data {
		byProvider[r.Provider.Code] = r
	}
	wantQueries := map[string][]string{
		"chatgpt":    {"best project management tools UK 2026", "project management software reviews UK", "Stackwise Planwell review"},
		"claude":     {"best project management tools 2026", "Stackwise Planwell comparison"},
		"gemini":     {"best project management tools 2026", "Taskloom vs Stackwise"},
		"perplexity": nil,
	}
	// The pages each reply lists and whether its text cites them.
	wantCited := map[string]map[string]bool{
		"chatgpt": {"https://pcmag.com/picks/the-best-project-management-software": true, "https://g2.com/categories/project-management": false,
			"https://taskloom.com/blog/taskloom-vs-stackwise": true, "https://capterra.co.uk/directory/30008/project-management/software": false},
		"claude": {"https://pcmag.com/picks/the-best-project-management-software": true, "https://taskloom.com/blog/taskloom-vs-stackwise": true,
			"https://g2.com/categories/project-management": false, "https://capterra.co.uk/directory/30008/project-management/software": false},
		"gemini": {"https://pcmag.com": true, "https://g2.com": true, "https://taskloom.com": true,
			"https://en.wikipedia.org/wiki/Project_management_software": false},
		"perplexity": {"https://pcmag.com/picks/the-best-project-management-software": true, "https://g2.com/categories/project-management": false,
			"https://taskloom.com/blog/taskloom-vs-stackwise": true, "https://planwell.io/pricing": true,
			"https://taskloom.com/guides/sprint-planning": false},
	}
	for code, want := range wantQueries {
		listed, ok := byProvider[code]
		if !ok {
			t.Errorf("no %s run listed", code)
			continue
		}
		var r sightline.Run
		apiJSON(t, addr, w.apiKey, "GET", b+"/runs/"+listed.ID, nil, &struct{ Data *sightline.Run }{&r})
		if (r.SearchQueries == nil) != (want == nil) || strings.Join(r.SearchQueries, "|") != strings.Join(want, "|") {
			t.Errorf("%s: search_queries %#v, want %#v", code, r.SearchQueries, want)
		}
		got := map[string]bool{}
		for _, s := range r.Sources {
			got[s.Page] = s.Cited
		}
		if fmt.Sprint(got) != fmt.Sprint(wantCited[code]) {
			t.Errorf("%s: sources (page: cited) %v, want %v", code, got, wantCited[code])
		}
	}
	w.checkSearchQueries(t, addr, q, byProvider)
	w.checkRetrieved(t, addr, q)
}

// checkSearchQueries checks GET …/search_queries against the hand count
// of the 24 runs (6 a provider, two prompts): each provider's runs ran
// its reply's queries, Perplexity's none it reports; every answer names
// Taskloom and cites one page of taskloom.com
// (docs/metrics.md#search-queries-search_queries).
func (w *collectWorld) checkSearchQueries(t *testing.T, addr, q string, byProvider map[string]sightline.Run) {
	t.Helper()
	id := func(code string) string { return byProvider[code].Provider.ID }
	row := func(query string, runs int, codes ...string) string {
		ids := []string{}
		for _, c := range codes {
			ids = append(ids, id(c))
		}
		slices.Sort(ids)
		return fmt.Sprintf("%s runs=%d prompts=2 providers=%v visibility=100 n=%d owned=%d", query, runs, ids, runs, runs)
	}
	want := []string{
		row("best project management tools 2026", 12, "claude", "gemini"),
		row("best project management tools uk 2026", 6, "chatgpt"),
		row("project management software reviews uk", 6, "chatgpt"),
		row("stackwise planwell comparison", 6, "claude"),
		row("stackwise planwell review", 6, "chatgpt"),
		row("taskloom vs stackwise", 6, "gemini"),
	}
	var list struct {
		Data []sightline.SearchQueryRow
		Meta sightline.PageMeta
	}
	apiJSON(t, addr, w.apiKey, "GET", "/api/v2/brands/"+w.brandID+"/search_queries"+q+"&page_size=100", nil, &list)
	var got []string
	for _, r := range list.Data {
		got = append(got, fmt.Sprintf("%s runs=%d prompts=%d providers=%v visibility=%v n=%d owned=%d", r.Query, r.RunCount,
			r.PromptCount, r.ProviderIDs, r.Visibility, r.VisibilitySampleSize, r.OwnedCitationCount))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || list.Meta.TotalItems != len(want) {
		t.Errorf("search_queries (%d in all):\n%s\nwant:\n%s", list.Meta.TotalItems, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// checkRetrieved checks the retrieved sources of the citation lists
// against the hand count (docs/metrics.md#retrieved-sources-retrieved_count-retrieved_only):
// each reply lists as sources the pages its provider cites (Gemini's
// chunks by domain), so a cited page's retrieved_count is its runs. The
// pages no text cites (sources with cited false in checkFanOut): g2's
// category (ChatGPT, Claude, Perplexity), Capterra (ChatGPT, Claude),
// Wikipedia (Gemini) and taskloom.com's sprint-planning guide, which only
// Perplexity's runs read.
func (w *collectWorld) checkRetrieved(t *testing.T, addr, q string) {
	t.Helper()
	b := "/api/v2/brands/" + w.brandID
	type list struct {
		Data []sightline.CitationRow
		Meta sightline.PageMeta
	}
	var pages list
	apiJSON(t, addr, w.apiKey, "GET", b+"/citations/pages"+q+"&page_size=100", nil, &pages)
	wantRetrieved := map[string]int{
		"https://pcmag.com/picks/the-best-project-management-software":       18, // ChatGPT, Claude, Perplexity
		"https://taskloom.com/blog/taskloom-vs-stackwise":                    18,
		"https://g2.com/categories/project-management":                       18,
		"https://capterra.co.uk/directory/30008/project-management/software": 12, // ChatGPT, Claude
		"https://planwell.io/pricing":                                        6,  // Perplexity
		"https://pcmag.com":                                                  6,  // Gemini
		"https://g2.com":                                                     6,
		"https://taskloom.com":                                               6,
		"https://en.wikipedia.org/wiki/Project_management_software":          6,
		"https://taskloom.com/guides/sprint-planning":                        6,
	}
	for _, p := range pages.Data {
		if p.RetrievedCount == nil || *p.RetrievedCount != wantRetrieved[p.Page] {
			t.Errorf("%s: retrieved_count %v, want %d", p.Page, p.RetrievedCount, wantRetrieved[p.Page])
		}
	}
	type row struct {
		page, domain, domainType string
		runs                     int
	}
	guide := row{"https://taskloom.com/guides/sprint-planning", "taskloom.com", sightline.DomainOwned, 6}
	wantOnly := map[string][]row{
		"pages": {
			{"https://g2.com/categories/project-management", "g2.com", "review", 18},
			{"https://capterra.co.uk/directory/30008/project-management/software", "capterra.co.uk", "review", 12},
			guide,
			{"https://en.wikipedia.org/wiki/Project_management_software", "wikipedia.org", "reference", 6},
		},
		"pages?filter[domain_types]=owned": {guide},
		// g2.com, pcmag.com, taskloom.com and planwell.io have pages cited
		// in a text; a domain row's page is its most-retrieved one
		"domains": {
			{"https://capterra.co.uk/directory/30008/project-management/software", "capterra.co.uk", "review", 12},
			{"https://en.wikipedia.org/wiki/Project_management_software", "wikipedia.org", "reference", 6},
		},
	}
	for what, want := range wantOnly {
		path, sep := b+"/citations/"+what, "?"
		if strings.Contains(what, "?") {
			sep = "&"
		}
		var only list
		apiJSON(t, addr, w.apiKey, "GET", path+sep+strings.TrimPrefix(q, "?")+"&filter[retrieved_only]=true", nil, &only)
		var got []row
		for _, r := range only.Data {
			n := -1
			if r.RetrievedCount != nil {
				n = *r.RetrievedCount
			}
			got = append(got, row{r.Page, r.Domain, r.DomainType, n})
			if r.TotalCitationCount != 0 || r.PageType == "" {
				t.Errorf("retrieved_only %s row %+v", what, r)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) || only.Meta.TotalItems != len(want) {
			t.Errorf("retrieved_only %s (%d in all):\n%v\nwant\n%v", what, only.Meta.TotalItems, got, want)
		}
	}
}

// noKeyIn fails when text holds any provider key, or most of one.
func (w *collectWorld) noKeyIn(t *testing.T, what, text string) {
	t.Helper()
	for code, key := range w.keys {
		if strings.Contains(text, key[:len(key)-4]) {
			t.Errorf("%s hold the %s key", what, code)
		}
	}
}

// noPlaintextKeys reads every table for the provider keys.
func (w *collectWorld) noPlaintextKeys(t *testing.T) {
	t.Helper()
	raw := sqlstoretest.OpenRaw(t, w.dsn)
	tables, err := rawStrings(raw, tableListQuery(w.dsn))
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range tables {
		rows, err := raw.Query("SELECT * FROM " + table)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for _, v := range vals {
				s := fmt.Sprint(v)
				if b, ok := v.([]byte); ok {
					s = string(b)
				}
				for code, key := range w.keys {
					if strings.Contains(s, key) || strings.Contains(s, key[:len(key)-4]) {
						t.Errorf("table %s holds the %s key in the clear", table, code)
					}
				}
			}
		}
		rows.Close()
	}
}

func tableListQuery(dsn string) string {
	if strings.HasPrefix(dsn, "sqlite:") {
		return `SELECT name FROM sqlite_master WHERE type = 'table'`
	}
	return `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`
}

func rawStrings(db *sql.DB, q string) ([]string, error) {
	rows, err := db.Query(q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// startCollector starts a server with the master key that schedules and
// collects at test speed.
func startCollector(t *testing.T, w *collectWorld, logs *lockedBuffer) *Main {
	t.Helper()
	cfg := envConfig()
	cfg.DB, cfg.Addr, cfg.LogLevel = w.dsn, "127.0.0.1:0", "debug"
	m := NewMain(cfg, io.Discard, logs)
	m.CollectInterval, m.WorkerPoll, m.Workers = 30*time.Millisecond, 20*time.Millisecond, 4
	// A claim that no worker carries on (a claim whose result its worker
	// never saw) is taken again when its lease ends: 5 s here, so that
	// such a recovery fits in the tests' waits.
	m.JobLease = 5 * time.Second
	if err := m.Open(context.Background()); err != nil {
		m.Close()
		t.Fatalf("open: %v", err)
	}
	if m.Collector.Box == nil {
		t.Fatal("the server has no master key")
	}
	go m.Server.Serve()
	t.Cleanup(func() { m.Close() })
	return m
}

// TestCollect_KeylessServerLeavesJobs: a server without the master key
// cannot read provider keys, so its worker leaves collection jobs queued
// for a server that can, instead of failing their samples.
func TestCollect_KeylessServerLeavesJobs(t *testing.T) {
	w, keyless := newCollectWorld(t) // started without SIGHTLINE_SECRET_KEY
	if keyless.Collector.Box != nil || keyless.Worker == nil {
		t.Fatal("newCollectWorld's server should have a worker and no master key")
	}
	ctx := context.Background()
	work, err := keyless.DB.FindCollectionWork(ctx, w.brandID, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	// the job of the current slot, which the keyed server's scheduler
	// then finds queued and does not queue again
	kind := sightline.CollectJobKind("perplexity", work.Slot)
	job, err := keyless.DB.EnqueueJob(ctx, w.brandID, kind)
	if err != nil {
		t.Fatal(err)
	}
	keyless.Worker.Wake()
	time.Sleep(300 * time.Millisecond)
	jobs, err := keyless.DB.FindJobsOfKind(ctx, w.brandID, kind)
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 1 || jobs[0].Status != sightline.JobQueued || jobs[0].Attempts != 0 {
		var got []string
		for _, j := range jobs {
			got = append(got, fmt.Sprintf("%s %s attempts=%d", j.ID, j.Status, j.Attempts))
		}
		t.Fatalf("after the keyless worker woke: %v, want job %s still queued", got, job.ID)
	}
	var logs lockedBuffer
	startCollector(t, w, &logs)
	raw := sqlstoretest.OpenRaw(t, w.dsn)
	deadline := time.Now().Add(10 * time.Second)
	for {
		var status string
		if err := raw.QueryRow(`SELECT status FROM jobs WHERE id = '` + job.ID + `'`).Scan(&status); err != nil {
			t.Fatal(err)
		}
		if status == sightline.JobCompleted {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the keyed server did not complete the job: %s\n%s", status, tail(logs.String(), 40))
		}
		time.Sleep(20 * time.Millisecond)
	}
	if calls, _ := w.cloud.count(); calls["perplexity"] != 6 {
		t.Errorf("perplexity was called %d times, want its 6 samples", calls["perplexity"])
	}
	var failed int
	if err := raw.QueryRow(`SELECT COUNT(*) FROM collection_attempts WHERE status <> 'ok'`).Scan(&failed); err != nil || failed != 0 {
		t.Errorf("%d failed attempts (%v), want none", failed, err)
	}
}

// TestCollect_TwoServers: two serve processes on one database, both with
// the master key and the scheduler on, ask each due sample exactly once
// between them (next to newCollectWorld's keyless server, which leaves
// collection to them).
func TestCollect_TwoServers(t *testing.T) {
	w, _ := newCollectWorld(t)
	w.cloud.delay = 20 * time.Millisecond // calls overlap across replicas
	start := func(logs *lockedBuffer) *Main { return startCollector(t, w, logs) }
	var logsA, logsB lockedBuffer
	start(&logsA)
	start(&logsB)
	raw := sqlstoretest.OpenRaw(t, w.dsn)
	count := func(q string, args ...any) int {
		t.Helper()
		var n int
		if err := raw.QueryRow(q, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	deadline := time.Now().Add(30 * time.Second)
	for count(`SELECT COUNT(*) FROM collection_attempts WHERE status = 'ok'`) < 24 {
		if time.Now().After(deadline) {
			calls, bad := w.cloud.count()
			jobs, _ := rawStrings(raw, `SELECT kind || ' ' || status || ' attempts=' || CAST(attempts AS TEXT) || ' ' || COALESCE(error_message, '') FROM jobs ORDER BY kind`)
			t.Fatalf("after 30s: %d ok attempts, calls %v, bad %v\njobs: %q\nlogs A:\n%s\nlogs B:\n%s", count(`SELECT COUNT(*) FROM collection_attempts WHERE status = 'ok'`),
				calls, bad, jobs, tail(logsA.String(), 40), tail(logsB.String(), 40))
		}
		time.Sleep(20 * time.Millisecond)
	}
	// Let both schedulers tick a few more times: nothing more is asked.
	time.Sleep(300 * time.Millisecond)
	calls, bad := w.cloud.count()
	for _, code := range directProviders {
		if calls[code] != 6 {
			t.Errorf("%s was called %d times, want each of its 6 samples once", code, calls[code])
		}
	}
	w.noKeyIn(t, "the servers' logs", logsA.String()+logsB.String())
	for _, s := range bad {
		t.Error(s)
	}
	if n := count(`SELECT COUNT(*) FROM runs WHERE brand_id = '` + w.brandID + `'`); n != 24 {
		t.Errorf("%d runs stored, want 24", n)
	}
	if n := count(`SELECT COUNT(*) FROM collection_attempts`); n != 24 {
		t.Errorf("%d attempts recorded, want 24 (one per sample)", n)
	}
	if n := count(`SELECT COUNT(DISTINCT claimed_by) FROM jobs WHERE kind LIKE 'collect:%'`); n < 1 {
		t.Errorf("no collection job was claimed")
	}
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// directProviders are the providers the local provider cloud fakes, each
// asked through its own API with its own key; the search surfaces have
// their own world (surfaces_test.go).
var directProviders = []string{"chatgpt", "claude", "gemini", "perplexity"}
