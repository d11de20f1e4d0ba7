package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// surfaceCloud is a local SerpApi, DataForSEO and xAI in one server,
// answering with the vendors' documented replies from
// internal/provider/testdata, and checking each request's credential.
type surfaceCloud struct {
	t      *testing.T
	srv    *httptest.Server
	serp   string // SerpApi key
	dfs    string // DataForSEO login:password
	xai    string // xAI key
	noAIO  string // the prompt Google shows no AI Overview for
	mu     sync.Mutex
	calls  map[string]int // "serpapi google" → requests
	params []string       // location parameters seen, "engine gl hl" or "path location language"
	bad    []string
}

func vendorReply(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "internal", "provider", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newSurfaceCloud(t *testing.T, noAIO string) *surfaceCloud {
	c := &surfaceCloud{t: t, noAIO: noAIO, calls: map[string]int{},
		serp: "serp-" + strings.Repeat("s", 24) + "-endSP", dfs: "agency@example.com:dfs-" + strings.Repeat("p", 20) + "-endDF",
		xai: "xai-" + strings.Repeat("x", 24) + "-endXA"}
	c.srv = httptest.NewServer(http.HandlerFunc(c.serve))
	t.Cleanup(c.srv.Close)
	return c
}

func (c *surfaceCloud) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	c.mu.Lock()
	defer c.mu.Unlock()
	var file string
	switch {
	case r.Method == "GET" && r.URL.Path == "/search.json":
		q := r.URL.Query()
		if q.Get("api_key") != c.serp {
			w.WriteHeader(401)
			_, _ = w.Write(vendorReply(c.t, "serpapi/error_401.json"))
			return
		}
		engine := q.Get("engine")
		c.calls["serpapi "+engine]++
		c.params = append(c.params, fmt.Sprintf("%s %s %s", engine, q.Get("gl"), q.Get("hl")))
		switch engine {
		case "google":
			file = "serpapi/overview.json"
			if q.Get("q") == c.noAIO {
				file = "serpapi/no_overview.json"
			}
		case "google_ai_mode":
			file = "serpapi/ai_mode.json"
		case "bing_copilot":
			file = "serpapi/copilot.json"
		}
	case r.Method == "POST" && strings.HasPrefix(r.URL.Path, "/v3/serp/google/"):
		if r.Header.Get("Authorization") != "Basic "+base64.StdEncoding.EncodeToString([]byte(c.dfs)) {
			w.WriteHeader(401)
			_, _ = w.Write(vendorReply(c.t, "dataforseo/error_401.json"))
			return
		}
		var tasks []struct {
			Keyword      string `json:"keyword"`
			LocationCode int    `json:"location_code"`
			LanguageCode string `json:"language_code"`
		}
		if json.Unmarshal(body, &tasks) != nil || len(tasks) != 1 {
			c.bad = append(c.bad, "dataforseo body "+string(body))
			w.WriteHeader(400)
			return
		}
		c.calls["dataforseo "+r.URL.Path]++
		c.params = append(c.params, fmt.Sprintf("%s %d %s", r.URL.Path, tasks[0].LocationCode, tasks[0].LanguageCode))
		file = "dataforseo/ai_mode.json"
		if strings.Contains(r.URL.Path, "/organic/") {
			file = "dataforseo/overview.json"
			if tasks[0].Keyword == c.noAIO {
				file = "dataforseo/no_overview.json"
			}
		}
	case r.Method == "POST" && r.URL.Path == "/v1/responses":
		if r.Header.Get("Authorization") != "Bearer "+c.xai {
			w.WriteHeader(401)
			_, _ = w.Write(vendorReply(c.t, "xai/error_401.json"))
			return
		}
		c.calls["xai"]++
		file = "xai/answer.json"
	}
	if file == "" {
		c.bad = append(c.bad, r.Method+" "+r.URL.String())
		w.WriteHeader(404)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(vendorReply(c.t, file))
}

// surfaceOrg is an organization with a brand set up by CLI, its prompts
// created through the API.
type surfaceOrg struct {
	orgID, brandID, topicID, apiKey string
}

func setUpSurfaceOrg(t *testing.T, dsn, addr, name string, prompts []string, keys map[string]string, providers, regions string) surfaceOrg {
	t.Helper()
	o := surfaceOrg{orgID: createOrg(t, dsn, name+" Ltd")}
	out := mustCLI(t, "brands", "create", "--db", dsn, "--org", o.orgID, "--name", "Taskloom", "--domains", "taskloom.com",
		"--competitor", "Stackwise=stackwise.com", "--competitor", "Planwell=planwell.io")
	o.brandID = brandCreatedRE.FindStringSubmatch(out)[1]
	_, o.apiKey = createKey(t, dsn, o.orgID, "surfaces test")
	for code, key := range keys {
		var outb, errb lockedBuffer
		if err := run(context.Background(), []string{"providers", "set-key", "--db", dsn, "--org", o.orgID, code}, strings.NewReader(key+"\n"), &outb, &errb); err != nil {
			t.Fatalf("providers set-key %s: %v %s", code, err, errb.String())
		}
		if strings.Contains(outb.String(), key) {
			t.Errorf("set-key printed the %s key", code)
		}
	}
	b := "/api/v2/brands/" + o.brandID
	var topics struct{ Data []sightline.TopicRef }
	apiJSON(t, addr, o.apiKey, "POST", b+"/topics", map[string]any{"topics": []map[string]string{{"name": "Tools"}}}, &topics)
	o.topicID = topics.Data[0].ID
	var ps []map[string]any
	for _, p := range prompts {
		ps = append(ps, map[string]any{"text": p, "topic_id": o.topicID})
	}
	apiJSON(t, addr, o.apiKey, "POST", b+"/prompts", map[string]any{"prompts": ps}, nil)
	mustCLI(t, "brands", "set", o.brandID, "--db", dsn, "--collect-providers", providers, "--regions", regions, "--samples", "1", "--collect=true")
	return o
}

// TestCollect_SearchSurfaces: two organizations collect the search
// surfaces and Grok from local fakes of SerpApi (three surfaces, and Grok
// from xAI) and DataForSEO (two surfaces), one prompt of each without an
// AI Overview; topics/{id}, citations/pages, share_of_voice and the runs
// equal a hand count of the recorded replies.
func TestCollect_SearchSurfaces(t *testing.T) {
	master := make([]byte, 32)
	rand.Read(master)
	t.Setenv("SIGHTLINE_SECRET_KEY", base64.StdEncoding.EncodeToString(master))
	t.Setenv("SIGHTLINE_PROVIDER_RATE", "6000")
	prompts := []string{"What are the best project management tools for a 20-person agency?", "taskloom login"}
	cloud := newSurfaceCloud(t, prompts[1])
	t.Setenv("SIGHTLINE_SERPAPI_BASE_URL", cloud.srv.URL)
	t.Setenv("SIGHTLINE_DATAFORSEO_BASE_URL", cloud.srv.URL)
	t.Setenv("SIGHTLINE_XAI_BASE_URL", cloud.srv.URL+"/v1")
	dsn := sqlstoretest.NewDSN(t)
	m, _ := startMain(t, dsn)
	addr := m.Addr()

	a := setUpSurfaceOrg(t, dsn, addr, "Serp", prompts, map[string]string{"serpapi": cloud.serp, "grok": cloud.xai},
		"google_ai_overviews,google_ai_mode,copilot,grok", "us")
	// The second organization has keys of both vendors and chooses
	// DataForSEO for both Google surfaces.
	b := setUpSurfaceOrg(t, dsn, addr, "DFS", prompts, map[string]string{"serpapi": cloud.serp, "dataforseo": cloud.dfs},
		"google_ai_overviews,google_ai_mode", "de")
	for _, s := range []string{"google_ai_overviews", "google_ai_mode"} {
		out := mustCLI(t, "providers", "set-source", "--db", dsn, "--org", b.orgID, s, "dataforseo")
		if !strings.Contains(out, "through dataforseo") {
			t.Errorf("set-source printed %q", out)
		}
	}
	if _, _, err := cli(t, "providers", "set-source", "--db", dsn, "--org", b.orgID, "copilot", "dataforseo"); err == nil || !strings.Contains(err.Error(), "served by serpapi") {
		t.Errorf("copilot through dataforseo: %v", err)
	}
	if _, _, err := cli(t, "providers", "set-key", "--db", dsn, "--org", b.orgID, "google_ai_mode"); err == nil || !strings.Contains(err.Error(), "serpapi or dataforseo") {
		t.Errorf("a key for a surface: %v", err)
	}
	var outb, errb lockedBuffer
	if err := run(context.Background(), []string{"providers", "set-key", "--db", dsn, "--org", b.orgID, "dataforseo"}, strings.NewReader("only-a-login\n"), &outb, &errb); err == nil || !strings.Contains(err.Error(), "login:password") {
		t.Errorf("a dataforseo credential without password: %v", err)
	}
	// PATCH …/collection takes the new codes like the others, and names a
	// provider Sightline cannot ask.
	var coll struct{ Data sightline.CollectionSettings }
	if st := apiJSON(t, addr, b.apiKey, "PATCH", "/api/v2/brands/"+b.brandID+"/collection", map[string]any{"providers": []string{"google_ai_overviews", "google_ai_mode"}}, &coll); st != 200 ||
		strings.Join(coll.Data.Providers, ",") != "google_ai_overviews,google_ai_mode" || !coll.Data.Enabled {
		t.Errorf("PATCH collection: %d %+v", st, coll.Data)
	}
	req, _ := http.NewRequest("PATCH", "http://"+addr+"/api/v2/brands/"+b.brandID+"/collection", strings.NewReader(`{"providers": ["grok", "meta_ai"]}`))
	req.Header.Set("X-API-KEY", b.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 422 || !strings.Contains(string(body), "providers[1]") {
		t.Errorf("PATCH collection with meta_ai: %d %s, want 422 naming providers[1]", resp.StatusCode, body)
	}

	started := time.Now().UTC()
	out, errOut, err := cli(t, "collect", "--once", "--db", dsn)
	if err != nil {
		t.Fatalf("collect: %v\n%s\n%s", err, out, errOut)
	}
	if !strings.Contains(out, "12 done, 0 failed") {
		t.Errorf("collect printed:\n%s", out)
	}
	for _, key := range []string{cloud.serp, cloud.dfs, cloud.xai} {
		if strings.Contains(out+errOut, key[:len(key)-5]) {
			t.Error("collect's output holds a vendor credential")
		}
	}
	cloud.mu.Lock()
	wantCalls := map[string]int{"serpapi google": 2, "serpapi google_ai_mode": 2, "serpapi bing_copilot": 2, "xai": 2,
		"dataforseo /v3/serp/google/organic/live/advanced": 2, "dataforseo /v3/serp/google/ai_mode/live/advanced": 2}
	wantEqual(t, "calls", cloud.calls, wantCalls)
	for _, p := range cloud.params {
		if !map[string]bool{"google us en": true, "google_ai_mode us en": true, "bing_copilot  ": true,
			"/v3/serp/google/organic/live/advanced 2276 de": true, "/v3/serp/google/ai_mode/live/advanced 2276 de": true}[p] {
			t.Errorf("location parameters %q", p)
		}
	}
	for _, bad := range cloud.bad {
		t.Error(bad)
	}
	cloud.mu.Unlock()

	q := "?filter[ran_at_start]=" + started.Format(time.DateOnly)
	// Organization A, by hand from the replies: 8 runs (4 providers × 2
	// prompts); Taskloom is named in all but the run without an AI
	// Overview; citations: overview 4, no overview 0, AI Mode 3, Copilot
	// 3, Grok 3, each of the last three twice = 22, one per answer on
	// taskloom.com (7 answers).
	checkSurfaceAnalytics(t, addr, a, q, 8, 7, 22, 7, "copilot 2/2, google_ai_mode 2/2, google_ai_overviews 1/2",
		map[string]int{"Taskloom": 7, "Stackwise": 5, "Planwell": 5},
		map[string]int{
			"https://taskloom.com/agencies":                                                 5,
			"https://pcmag.com/picks/the-best-project-management-software":                  1,
			"https://g2.com/categories/project-management":                                  1,
			"https://planwell.io/pricing":                                                   3,
			"https://forbes.com/advisor/business/software/best-project-management-software": 2,
			"https://stackwise.com/features/automations":                                    2,
			"https://taskloom.com/blog/taskloom-vs-stackwise":                               2,
			"https://techradar.com/best/agency-software":                                    2,
			"https://stackwise.com/pricing":                                                 2,
			"https://reddit.com/r/agency/comments/1abcde/which_pm_tool":                     2,
		})
	// Organization B (DataForSEO, Germany): 4 runs; Taskloom only in the
	// overview; citations: overview 3, none, AI Mode 2 twice = 7.
	checkSurfaceAnalytics(t, addr, b, q, 4, 1, 7, 1, "google_ai_mode 2/2, google_ai_overviews 1/2",
		map[string]int{"Taskloom": 1, "Stackwise": 3, "Planwell": 2},
		map[string]int{
			"https://t3n.de/news/projektmanagement-tools-agenturen": 1,
			"https://taskloom.com/de/agenturen":                     1,
			"https://omr.com/de/reviews/category/projektmanagement": 1,
			"https://stackwise.com/features/automations":            2,
			"https://capterra.com/project-management-software":      2,
		})

	// The runs say which vendor answered and whether an answer was shown.
	for _, o := range []struct {
		org      surfaceOrg
		notShown int
		sources  map[string]string // provider → source ("" for null)
	}{
		{a, 1, map[string]string{"google_ai_overviews": "serpapi", "google_ai_mode": "serpapi", "copilot": "serpapi", "grok": ""}},
		{b, 1, map[string]string{"google_ai_overviews": "dataforseo", "google_ai_mode": "dataforseo"}},
	} {
		var runs struct{ Data []sightline.Run }
		apiJSON(t, addr, o.org.apiKey, "GET", "/api/v2/brands/"+o.org.brandID+"/runs"+q+"&page_size=100", nil, &runs)
		notShown := 0
		for _, r := range runs.Data {
			src := ""
			if r.Source != nil {
				src = *r.Source
			}
			if want, ok := o.sources[r.Provider.Code]; !ok || src != want {
				t.Errorf("%s run: source %q, want %q", r.Provider.Code, src, want)
			}
			if !r.AnswerShown {
				notShown++
				if r.Provider.Code != "google_ai_overviews" || r.Answer != "" || r.Prompt.Text != prompts[1] || len(r.Citations) != 0 {
					t.Errorf("a run without answer: %+v", r)
				}
			}
		}
		if notShown != o.notShown {
			t.Errorf("%d runs without an answer shown, want %d", notShown, o.notShown)
		}
	}
	// Grok's fan-out (the SERP vendors report none): its two runs ran the
	// reply's two searches; each answer names Taskloom and cites
	// taskloom.com once.
	var runsA struct{ Data []sightline.Run }
	apiJSON(t, addr, a.apiKey, "GET", "/api/v2/brands/"+a.brandID+"/runs"+q+"&page_size=100", nil, &runsA)
	grokID := ""
	for _, r := range runsA.Data {
		switch {
		case r.Provider.Code == "grok":
			grokID = r.Provider.ID
			if strings.Join(r.SearchQueries, "|") != "best project management tools 20-person agency|Taskloom vs Stackwise pricing" {
				t.Errorf("grok run: search_queries %#v", r.SearchQueries)
			}
		case r.SearchQueries != nil:
			t.Errorf("%s run: search_queries %#v, want null", r.Provider.Code, r.SearchQueries)
		}
	}
	var sq struct{ Data []sightline.SearchQueryRow }
	apiJSON(t, addr, a.apiKey, "GET", "/api/v2/brands/"+a.brandID+"/search_queries"+q, nil, &sq)
	var gotSQ []string
	for _, r := range sq.Data {
		gotSQ = append(gotSQ, fmt.Sprintf("%s %d %d %v %v %d", r.Query, r.RunCount, r.PromptCount, r.ProviderIDs, r.Visibility, r.OwnedCitationCount))
	}
	wantSQ := []string{
		fmt.Sprintf("best project management tools 20-person agency 2 2 [%s] 100 2", grokID),
		fmt.Sprintf("taskloom vs stackwise pricing 2 2 [%s] 100 2", grokID),
	}
	if strings.Join(gotSQ, "\n") != strings.Join(wantSQ, "\n") {
		t.Errorf("search_queries of A:\n%s\nwant\n%s", strings.Join(gotSQ, "\n"), strings.Join(wantSQ, "\n"))
	}
	// The ads shown beside the overview are the runs' ads.
	var ads struct{ Data []sightline.Ad }
	apiJSON(t, addr, a.apiKey, "GET", "/api/v2/brands/"+a.brandID+"/ads"+q, nil, &ads)
	if len(ads.Data) != 1 || ads.Data[0].AdvertiserDomain != "planwell.io" || ads.Data[0].AdvertiserName != "Planwell" {
		t.Errorf("ads of A: %+v", ads.Data)
	}
}

func wantEqual(t *testing.T, what string, got, want any) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if string(g) != string(w) {
		t.Errorf("%s = %s, want %s", what, g, w)
	}
}

// checkSurfaceAnalytics compares the topic, share of voice and pages of an
// organization with a hand count; answered is the answer rate of each
// search surface, "code answered/runs" by code (grok is no search
// surface: its answers are always shown), in the meta of the topic and of
// share_of_voice (docs/metrics.md#answer-rate).
func checkSurfaceAnalytics(t *testing.T, addr string, o surfaceOrg, q string, runs, named, citations, owned int, answered string,
	mentions, pages map[string]int) {
	t.Helper()
	b := "/api/v2/brands/" + o.brandID
	var topic struct {
		Data sightline.Topic
		Meta sightline.ResourceAnswerRateMeta
	}
	apiJSON(t, addr, o.apiKey, "GET", b+"/topics/"+o.topicID+q, nil, &topic)
	rates := func(what string, rs []sightline.AnswerRate) {
		t.Helper()
		var got []string
		for _, r := range rs {
			got = append(got, fmt.Sprintf("%s %d/%d", r.Provider, r.AnsweredRuns, r.Runs))
			if r.AnswerRate != 100*float64(r.AnsweredRuns)/float64(r.Runs) {
				t.Errorf("%s: %s answer_rate %v, want %d/%d", what, r.Provider, r.AnswerRate, r.AnsweredRuns, r.Runs)
			}
		}
		if strings.Join(got, ", ") != answered {
			t.Errorf("%s answer_rate: %s, want %s", what, strings.Join(got, ", "), answered)
		}
	}
	rates("topic", topic.Meta.AnswerRate)
	wantVis, wantShare := 100*float64(named)/float64(runs), 100*float64(owned)/float64(citations)
	if tp := topic.Data; tp.Visibility != wantVis || tp.CitationShare != wantShare || tp.PromptCount != 2 {
		t.Errorf("topic: visibility %v, citation_share %v, prompt_count %d; want %v, %v, 2", tp.Visibility, tp.CitationShare, tp.PromptCount, wantVis, wantShare)
	}
	var sov struct {
		Data []sightline.SOVRow
		Meta sightline.AnswerRateMeta
	}
	apiJSON(t, addr, o.apiKey, "GET", b+"/share_of_voice"+q, nil, &sov)
	rates("share_of_voice", sov.Meta.AnswerRate)
	all := 0
	got := map[string]sightline.SOVMetrics{}
	for _, r := range sov.Data {
		all += r.AggregateMetrics.Mentions
		if r.Kind != sightline.FoundBrandOther {
			got[r.Name] = r.AggregateMetrics.SOVMetrics
		}
	}
	for name, n := range mentions {
		if g := got[name]; g.Mentions != n || g.Visibility != 100*float64(n)/float64(runs) {
			t.Errorf("%s: %d mentions, visibility %v; want %d and %v", name, g.Mentions, g.Visibility, n, 100*float64(n)/float64(runs))
		}
	}
	if want := 100 * float64(mentions["Taskloom"]) / float64(all); got["Taskloom"].ShareOfVoice != want {
		t.Errorf("Taskloom's share of voice %v, want %v", got["Taskloom"].ShareOfVoice, want)
	}
	var pg struct{ Data []sightline.CitationRow }
	apiJSON(t, addr, o.apiKey, "GET", b+"/citations/pages"+q+"&page_size=100", nil, &pg)
	counts, total := map[string]int{}, 0
	for _, p := range pg.Data {
		counts[p.Page] = p.TotalCitationCount
		total += p.TotalCitationCount
	}
	if total != citations {
		t.Errorf("%d citations, want %d", total, citations)
	}
	wantEqual(t, "pages", counts, pages)
}
